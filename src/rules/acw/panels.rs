//! The panels of an ACW game: the phase bar's part (who acts, the initiative choice,
//! the button that ends the side's shooting); the selected unit's chit, stands and
//! orders (its chit turned over or its move with the hexside it ends facing, each
//! charge with its exact odds, each shot with the stand it nominates); the chits
//! sheet on which a side places its chits in secret; the domino looked at and placed;
//! fire at a charger; and the charges of the turn with their dominoes, face down until
//! turned over. Buttons only queue orders.

use super::play::{
    AcwOffers, ChitsDraft, EndFacing, FoughtCharges, OddsJobs, ShotOffer, allowed_chits,
    charges_now, viewer,
};
use crate::play::offers::{Offers, OrderRequest};
use crate::play::session::Handoff;
use crate::rules::{HandoffWords, PlayParts};
use crate::ui::side_colour;
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::counters::Counter;
use drumfire_core::flow::Phase;
use drumfire_core::orders::Order;
use drumfire_core::rules::acw::charge_odds::ChargeOdds;
use drumfire_core::rules::acw::chit::Chit;
use drumfire_core::rules::acw::combat::{Behind, PreviewSetup};
use drumfire_core::rules::acw::dominoes::Domino;
use drumfire_core::rules::acw::melee::Outcome;
use drumfire_core::rules::acw::{self, AcwOrder, AcwState, check_chits, view};
use drumfire_core::scenario::{FacingDef, SideList};

/// The ACW rules' parts of the play window.
pub static PARTS: PlayParts = PlayParts {
    phase_bar,
    briefing,
    orders,
    windows,
    reset: super::play::reset,
    // Until every chit is turned over (the end of the Movement phase) the table shows
    // the side at the screen its own chits; later only the domino it looked at.
    hides_table: |world| {
        let phase = *world.resource::<State<Phase>>().get();
        [acw::ORDERS, acw::INITIATIVE, acw::MOVEMENT].contains(&phase)
            || world.resource::<AcwState>().placing.is_some()
    },
    handoff: HandoffWords {
        hidden: "Each side's order chits and the domino it looked at are its own secret.",
        secret: "chits are face down to the other side until turned over",
        show: "show my chits",
    },
    help: (
        "The ACW one-page rules in brief",
        "Each turn: both sides place an order chit behind every unit in secret (Move 4 \
         hexes, Fast Advance 6, Charge 4 into contact, Fire, Opportunity Fire; a battery \
         fires only). Each CinC rolls a die; the higher chooses to move first or second. \
         In Movement the sides take turns, each turning over the chits of as many units \
         as its CinC's rating allows (Poor 1, Average 2, Brilliant 3) and moving those on \
         Move, Fast Advance or Charge chits. A charger draws its dominoes, looks at one \
         and places it; the enemy on Fire or Opportunity Fire chits may fire at it as it \
         comes in. In Shooting, units on Fire chits shoot at a stand they nominate: a die \
         a stand (4-6 at up to 4 hexes, 5-6 at 5 or 6), two a gun. In Combat the \
         defender draws its dominoes, the dominoes are turned over and each stand fights \
         the one facing it; a line broken in places retires or routs. In React, units \
         fall back and units on Opportunity Fire chits shoot. Select a unit to see its \
         chit and orders, each charge with its exact odds; click a shaded hex to move it \
         there.",
    ),
    ..PlayParts::NONE
};

/// The phase bar's part: who acts, the initiative choice, and the button that ends
/// the side's shooting.
fn phase_bar(ui: &mut egui::Ui, world: &mut World) {
    let phase = *world.resource::<State<Phase>>().get();
    let Some((side, name, colour)) = crate::ui::play_panels::awaited(world) else {
        return;
    };
    let state = world.resource::<AcwState>().clone();
    ui.separator();
    let by_computer = crate::play::not_at_this_screen(world, side);
    if let Some((_, step)) = acw::deal::due(world) {
        let what = match step {
            acw::deal::Step::Lock(_) => "locks and shuffles the dominoes",
            acw::deal::Step::Unlock(..) => "opens the defender's looked-at domino",
            acw::deal::Step::Key(_) => "shows its lock on the dominoes",
        };
        ui.colored_label(colour, format!("■ The {name} machine {what}"));
        return;
    }
    if state.placing.is_some() {
        ui.colored_label(colour, format!("■ {name} places the domino it looked at"));
        return;
    }
    if phase == acw::MOVEMENT && state.firing_at.is_some() {
        ui.colored_label(colour, format!("■ {name} may fire at the charger"));
        return;
    }
    match phase {
        acw::ORDERS => {
            ui.colored_label(colour, format!("■ {name} places its order chits"));
        }
        acw::INITIATIVE => {
            ui.colored_label(colour, format!("■ {name} has the initiative"));
            if !by_computer {
                for (first, words) in [(true, "Move first"), (false, "Move second")] {
                    if ui.button(words).clicked() {
                        world.resource_mut::<OrderRequest>().0 =
                            Some(AcwOrder::Choose { side, first }.into());
                    }
                }
            }
        }
        acw::MOVEMENT => {
            // What the commander allows, but no more than the chits still face down.
            let face_down = view::units(world)
                .iter()
                .filter(|u| u.side == side && view::has_chit(world, &u.id))
                .filter(|u| !state.revealed.contains(&u.id))
                .count();
            let left = state.acting.map_or(0, |a| usize::from(a.1)).min(face_down);
            ui.colored_label(
                colour,
                format!(
                    "■ {name} turns over {left} more chit{}",
                    if left == 1 { "" } else { "s" }
                ),
            );
        }
        acw::SHOOTING | acw::REACT => {
            ui.colored_label(colour, format!("■ {name} shoots"));
            crate::ui::play_panels::end_button(
                ui,
                world,
                side,
                &name,
                "End shooting",
                "Fire no more this phase; the other side shoots next",
            );
        }
        _ => {}
    }
}

/// Under the briefing: each CinC's rating and the chits as the viewer sees them.
fn briefing(ui: &mut egui::Ui, world: &mut World) {
    let state = world.resource::<AcwState>().clone();
    let sides = world.resource::<SideList>().clone();
    let colours = world.resource::<crate::settings::SideColours>().clone();
    if !state.ratings.is_empty() {
        ui.separator();
        ui.strong("Commanders in chief");
        for (side, rating) in &state.ratings {
            ui.colored_label(
                side_colour(&colours, *side),
                format!("{}: {}", sides.name(*side), rating.describe()),
            );
        }
    }
    let seen_by = viewer(world);
    let units = view::units(world);
    if state.chits.is_empty() {
        return;
    }
    ui.separator();
    ui.strong("Order chits this turn");
    egui::Grid::new("acw_chits_seen")
        .striped(true)
        .show(ui, |ui| {
            for u in &units {
                ui.colored_label(side_colour(&colours, u.side), &u.name);
                let shown = match view::chit_seen_by(world, &u.id, u.side, seen_by) {
                    Some(c) if state.revealed.contains(&u.id) => c.name().to_owned(),
                    Some(c) => format!("{} (face down)", c.name()),
                    None if view::has_chit(world, &u.id) => "face down".to_owned(),
                    None => "none".to_owned(),
                };
                ui.label(shown);
                ui.end_row();
            }
        });
}

/// The selected unit: its chit, stands and state, then its orders now.
fn orders(ui: &mut egui::Ui, world: &mut World) {
    let Some(id) = world
        .resource::<crate::input::Selection>()
        .counter
        .and_then(|e| world.get::<Counter>(e))
        .map(|c| c.id.clone())
    else {
        return;
    };
    let hex = world.resource::<crate::input::Selection>().hex;
    let Some(u) = view::unit(world, &id).filter(|u| Some(u.hex) == hex) else {
        return;
    };
    unit_readout(ui, world, &u);
    let offers = world.resource::<Offers>().offers.clone();
    let moves = world.resource::<Offers>().moves.len();
    let extra_charges = world.resource::<AcwOffers>().charges.clone();
    let shots = world.resource::<AcwOffers>().shots.clone();
    let acts: Vec<_> = offers
        .iter()
        .filter(|o| o.label.starts_with("Turn over"))
        .cloned()
        .collect();
    if acts.is_empty() && moves == 0 && shots.is_empty() && extra_charges.is_empty() {
        crate::play::offers::idle_panel(ui, world);
        return;
    }
    ui.separator();
    ui.strong("Orders for the selected unit");
    let mut asked = None;
    for o in &acts {
        if ui.button(&o.label).clicked() {
            asked = Some(o.order.clone());
        }
    }
    if moves > 0 {
        end_facing(ui, world, moves);
    }
    for c in &extra_charges {
        ui.separator();
        if ui.button(&c.label).clicked() {
            asked = Some(c.order.clone());
        }
        charge_odds_panel(ui, world, &c.setup, &u.name, &c.target);
    }
    for s in &shots {
        shot_stands(ui, s, &mut asked);
    }
    if let Some(order) = asked {
        world.resource_mut::<OrderRequest>().0 = Some(order);
    }
}

/// The selected unit's name, stands, facing and state, and its chit as the viewer
/// may see it.
fn unit_readout(ui: &mut egui::Ui, world: &World, u: &view::Unit) {
    let state = world.resource::<AcwState>().clone();
    ui.separator();
    ui.strong(&u.name);
    ui.label(format!(
        "{} · {} of {} stands · faces {:?}{}{}",
        if u.battery { "Battery" } else { "Regiment" },
        u.standing(),
        u.stands.total(),
        FacingDef::of(u.facing),
        if state.pinned.contains(&u.id) {
            " · pinned"
        } else {
            ""
        },
        if u.routed { " · routed" } else { "" },
    ));
    let chit = match view::chit_seen_by(world, &u.id, u.side, viewer(world)) {
        Some(c) if state.revealed.contains(&u.id) => format!("Chit: {} (turned over)", c.name()),
        Some(c) => format!("Chit: {} (face down to the enemy)", c.name()),
        None if view::has_chit(world, &u.id) => "Chit: face down".to_owned(),
        None => "No chit".to_owned(),
    };
    ui.label(chit);
}

/// How the unit's move is to end facing: the way it last steps, or a hexside
/// chosen, kept for the moves to the `moves` shaded hexes.
fn end_facing(ui: &mut egui::Ui, world: &mut World, moves: usize) {
    ui.label(format!(
        "Move: click one of the {moves} shaded hexes. It ends facing the way it last steps, or:"
    ));
    let mut facing = *world.resource::<EndFacing>();
    ui.horizontal_wrapped(|ui| {
        if ui
            .selectable_label(facing.0.is_none(), "as it steps")
            .clicked()
        {
            facing.0 = None;
        }
        for f in FacingDef::ALL {
            if ui
                .selectable_label(facing.0 == Some(f), short(f))
                .on_hover_text(format!("{f:?}"))
                .clicked()
            {
                facing.0 = Some(f);
            }
        }
    });
    if facing != *world.resource::<EndFacing>() {
        world.insert_resource(facing);
    }
}

/// A shot at a target: its odds, then a button for each stand it may nominate; the
/// order of the stand clicked goes into `asked`.
fn shot_stands(ui: &mut egui::Ui, s: &ShotOffer, asked: &mut Option<Order>) {
    ui.separator();
    ui.label(&s.label);
    if let Some(odds) = &s.odds {
        ui.label(odds.summary());
        egui::CollapsingHeader::new("Odds, with every modifier")
            .id_salt(("acw_shot", &s.label))
            .show(ui, |ui| crate::ui::play_panels::odds_panel(ui, odds));
    }
    aim_and_fire(ui, &s.label, &s.stands, asked);
}

/// The target's stands to aim at, left to right as it faces: a click picks one, and
/// only the Fire button that names it gives the shot (a stand's number is no order).
fn aim_and_fire(
    ui: &mut egui::Ui,
    salt: &str,
    stands: &[Option<Order>],
    asked: &mut Option<Order>,
) {
    let id = egui::Id::new(("acw_aim", salt));
    let picked = ui
        .data(|d| d.get_temp::<usize>(id))
        .filter(|i| stands.get(*i).is_some_and(Option::is_some));
    let mut now = picked;
    ui.horizontal_wrapped(|ui| {
        ui.label("Aim at stand:");
        for (i, order) in stands.iter().enumerate() {
            let b = ui
                .add_enabled(
                    order.is_some(),
                    egui::Button::selectable(now == Some(i), format!("{}", i + 1)),
                )
                .on_hover_text("Left to right as the target faces; Fire gives the shot");
            if b.clicked() {
                now = Some(i);
            }
        }
    });
    let words = now.map_or("Fire (aim at a stand first)".to_owned(), |i| {
        format!("Fire at stand {}", i + 1)
    });
    if ui
        .add_enabled(now.is_some(), egui::Button::new(words))
        .clicked()
    {
        *asked = now.and_then(|i| stands[i].clone());
        now = None;
    }
    ui.data_mut(|d| match now {
        Some(i) => {
            d.insert_temp(id, i);
        }
        None => d.remove::<usize>(id),
    });
}

/// A facing's short name.
fn short(f: FacingDef) -> &'static str {
    match f {
        FacingDef::North => "N",
        FacingDef::NorthEast => "NE",
        FacingDef::SouthEast => "SE",
        FacingDef::South => "S",
        FacingDef::SouthWest => "SW",
        FacingDef::NorthWest => "NW",
    }
}

/// The odds of a charge, as the viewer knows them: each side's modifiers with their
/// causes, the outflanked stand, and each unit's outcome with its chance (worked out
/// away from the frame).
fn charge_odds_panel(
    ui: &mut egui::Ui,
    world: &mut World,
    setup: &PreviewSetup,
    charger: &str,
    defender: &str,
) {
    let odds = world.resource_mut::<OddsJobs>().get(setup);
    let mods = |m: &[(i32, String)]| {
        if m.is_empty() {
            "no modifiers".to_owned()
        } else {
            m.iter()
                .map(|(v, why)| format!("{v:+} {why}"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    ui.label(format!(
        "{charger}: {} stands, {}",
        setup.sides[0].stands,
        mods(&setup.charger)
    ));
    ui.label(format!(
        "{defender}: {} stands, {}",
        setup.sides[1].stands,
        mods(&setup.defender)
    ));
    if let Some(o) = &setup.outflanked {
        ui.label(o);
    }
    match odds {
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.small(format!(
                    "Working out the exact odds over the {} dominoes not known…",
                    setup.set.len()
                ));
            });
        }
        Some(None) => {
            ui.small("No fight: a line has no stand standing.");
        }
        Some(Some(odds)) => outcome_lines(ui, &odds, charger, defender),
    }
}

/// Each unit's outcomes with their chances.
fn outcome_lines(ui: &mut egui::Ui, odds: &ChargeOdds, charger: &str, defender: &str) {
    let line = |o: &[(Outcome, f64)]| {
        o.iter()
            .map(|(k, p)| format!("{} {:.1}%", k.name(), p * 100.0))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    ui.label(format!("{charger}: {}", line(&odds.side(true))));
    ui.label(format!("{defender}: {}", line(&odds.side(false))));
}

/// The rules' windows: the chits sheet, the domino to place, fire at a charger, and
/// the charges of the turn.
fn windows(ctx: &egui::Context, world: &mut World) {
    if world.resource::<Handoff>().waiting_for.is_some() {
        return;
    }
    chits_sheet(ctx, world);
    place_window(ctx, world);
    fire_at_charger(ctx, world);
    charges_window(ctx, world);
}

/// Is this side played by a person at the screen now?
fn at_screen(world: &World, side: u8) -> bool {
    !crate::play::not_at_this_screen(world, side)
        && viewer(world) == Some(side)
        && !crate::play::viewer::watching(world)
}

/// The chits sheet, while a side played by a person places its chits.
fn chits_sheet(ctx: &egui::Context, world: &mut World) {
    let draft = world.resource::<ChitsDraft>().clone();
    let Some(side) = draft.side else {
        return;
    };
    if !at_screen(world, side) {
        return;
    }
    let name = world.resource::<SideList>().name(side).to_owned();
    let units: Vec<view::Unit> = view::units(world)
        .into_iter()
        .filter(|u| u.side == side)
        .collect();
    let complete = draft.complete();
    let valid = match &complete {
        Some(c) => check_chits(world, side, c),
        None => Err("Give every unit a chit.".to_owned()),
    };
    let mut changed = draft.clone();
    let mut place = false;
    let title = format!("Order chits: {name}");
    let hexes: Vec<hexx::Hex> = units.iter().map(|u| u.hex).collect();
    let at = crate::ui::aside::clear_of(ctx, world, &title, egui::Align2::LEFT_BOTTOM, &hexes);
    let window = egui::Window::new(title.as_str())
        .collapsible(false)
        .resizable(false);
    crate::ui::aside::placed(window, &title, at, egui::Align2::LEFT_BOTTOM, [10.0, -140.0])
        .show(ctx, |ui| {
            ui.label("Place a chit behind each unit, face down. Move 4 hexes, Fast Advance 6, Charge 4 into contact; Fire shoots in the Shooting phase, Opportunity Fire in the React phase (either at a charger). A battery only fires; a routed unit moves or fires.");
            egui::Grid::new("acw_chits").striped(true).show(ui, |ui| {
                for u in &units {
                    ui.label(&u.name);
                    let current = changed
                        .chits
                        .iter()
                        .find(|(id, _)| *id == u.id)
                        .and_then(|c| c.1);
                    for c in allowed_chits(u) {
                        if ui.selectable_label(current == Some(c), c.name()).clicked()
                            && let Some(slot) = changed.chits.iter_mut().find(|(id, _)| *id == u.id)
                        {
                            slot.1 = Some(c);
                        }
                    }
                    ui.end_row();
                }
            });
            place = crate::ui::play_panels::sheet_button(
                ui,
                &valid,
                &format!("Place the {name} chits"),
            );
        });
    if changed != draft {
        world.insert_resource(changed.clone());
    }
    if place && let Some(chits) = changed.complete() {
        world.resource_mut::<OrderRequest>().0 = Some(AcwOrder::Chits { side, chits }.into());
    }
}

/// The place along a line a domino takes: the stands it stands behind.
fn place_name(place: usize, stands: usize) -> String {
    let first = place * 2 + 1;
    if first < stands {
        format!("stands {first}–{}", first + 1)
    } else {
        format!("stand {first} (sideways)")
    }
}

/// The domino looked at, to be placed by a side played by a person.
fn place_window(ctx: &egui::Context, world: &mut World) {
    let state = world.resource::<AcwState>().clone();
    let Some((side, k, line)) = state.placing else {
        return;
    };
    if !at_screen(world, side) {
        return;
    }
    let Some(charge) = state.charges.get(k) else {
        return;
    };
    let b = &charge.lines[line];
    // Between two machines the domino is read on this machine once it is dealt.
    let Some(hand) = b
        .hand
        .and_then(|d| acw::deal::face_of(world, k, d))
        .filter(|_| acw::deal::due(world).is_none())
    else {
        return;
    };
    let who = if line == 0 {
        &charge.charger
    } else {
        &charge.target
    };
    let Some(u) = view::unit(world, who) else {
        return;
    };
    let stands = acw::combat::line(&u).len();
    let places = b.blind.len() + 1;
    let mut asked = None;
    let title = format!("{}: place your domino", u.name);
    let hexes = crate::ui::aside::hexes_of(world, [charge.charger.as_str(), &charge.target]);
    let at = crate::ui::aside::clear_of(ctx, world, &title, egui::Align2::LEFT_TOP, &hexes);
    let window = egui::Window::new(title.as_str())
        .collapsible(false)
        .resizable(false);
    crate::ui::aside::placed(window, &title, at, egui::Align2::LEFT_TOP, [10.0, 40.0])
        .show(ctx, |ui| {
            ui.label(format!(
                "{} dominoes are drawn for {}'s {stands} stands. You looked at this one; the other {} stay face down, to you as well, until the fight. Each half fights the stand it stands behind; a blank half fights with a die.",
                places,
                u.name,
                places - 1
            ));
            ui.horizontal(|ui| {
                ui.label("Looked at:");
                domino_tile(ui, Some(hand), [0, 0]);
            });
            ui.separator();
            egui::Grid::new("acw_place").show(ui, |ui| {
                for p in 0..places {
                    ui.label(place_name(p, stands));
                    for turned in [false, true] {
                        let d = if turned { hand.turned() } else { hand };
                        let shown = format!(
                            "Place {} here",
                            d.label()
                        );
                        if ui
                            .button(shown)
                            .on_hover_text(format!(
                                "{} toward stand {}",
                                d.0,
                                p * 2 + 1
                            ))
                            .clicked()
                        {
                            asked = Some(
                                AcwOrder::Place {
                                    side,
                                    place: p,
                                    turned,
                                }
                                .into(),
                            );
                        }
                    }
                    ui.end_row();
                }
            });
        });
    if let Some(order) = asked {
        world.resource_mut::<OrderRequest>().0 = Some(order);
    }
}

/// During a charge, the defender played by a person may fire at the charger.
fn fire_at_charger(ctx: &egui::Context, world: &mut World) {
    let state = world.resource::<AcwState>().clone();
    let phase = *world.resource::<State<Phase>>().get();
    let Some(k) = state.firing_at.filter(|_| phase == acw::MOVEMENT) else {
        return;
    };
    if crate::play::viewer::watching(world) {
        return;
    }
    let Some(charge) = state.charges.get(k) else {
        return;
    };
    let side = charge.defender_side;
    if !at_screen(world, side) {
        return;
    }
    let Some(c) = view::unit(world, &charge.charger) else {
        return;
    };
    let shots = charger_shots(world, k, &c);
    let mut asked = None;
    let title = format!("{} charges: fire at it?", c.name);
    let mut hexes = vec![c.hex];
    hexes.extend(shots.iter().map(|(u, _, _)| u.hex));
    let at = crate::ui::aside::clear_of(ctx, world, &title, egui::Align2::LEFT_TOP, &hexes);
    let window = egui::Window::new(title.as_str())
        .collapsible(false)
        .resizable(false);
    crate::ui::aside::placed(window, &title, at, egui::Align2::LEFT_TOP, [10.0, 40.0])
        .show(ctx, |ui| {
            ui.label("Units on Fire or Opportunity Fire chits may fire at the charger as it comes in. Each hit takes a spot off the domino half behind the stand it strikes, in the fight to come.");
            for (u, odds, line) in &shots {
                ui.separator();
                ui.strong(&u.name);
                if let Some(odds) = odds {
                    ui.label(odds.summary());
                }
                let most = line.iter().max().map_or(0, |m| m + 1);
                let stands: Vec<Option<Order>> = (0..most)
                    .map(|stand| {
                        line.contains(&stand).then(|| {
                            AcwOrder::Fire {
                                side,
                                unit: u.id.clone(),
                                target: view::label(c.hex),
                                stand,
                            }
                            .into()
                        })
                    })
                    .collect();
                aim_and_fire(ui, &u.id, &stands, &mut asked);
            }
            ui.separator();
            if ui.button("Hold fire").clicked() {
                asked = Some(Order::Pass { side });
            }
        });
    if let Some(order) = asked {
        world.resource_mut::<OrderRequest>().0 = Some(order);
    }
}

/// The defenders that may fire at charge `k`'s charger `c` now, with their odds and
/// the stands they may nominate.
fn charger_shots(
    world: &World,
    k: usize,
    c: &view::Unit,
) -> Vec<(view::Unit, Option<drumfire_core::odds::Odds>, Vec<usize>)> {
    acw::charge_shooters(world, k)
        .into_iter()
        .map(|u| {
            let odds =
                acw::shooting_phase::can_fire(world, &u, c, &[Chit::Fire, Chit::OpportunityFire])
                    .ok()
                    .map(|shot| acw::shooting_phase::charger_shot_odds(&u, c, shot, None));
            (u, odds, acw::combat::line(c))
        })
        .collect()
}

/// The charges of the turn: each line's dominoes as they lie (face down until the
/// fight, but for the one its own side looked at), the hits on them, and the odds of
/// the fights still to come as the viewer knows them; then the latest fights, their
/// dominoes turned over and each pair of stands' scores, until the window is closed.
fn charges_window(ctx: &egui::Context, world: &mut World) {
    let state = world.resource::<AcwState>().clone();
    let to_come: Vec<_> = charges_now(world, viewer(world))
        .into_iter()
        .filter(|(k, _)| !state.charges[*k].fought)
        .collect();
    let fought = world.resource::<FoughtCharges>();
    let fights = if fought.closed {
        Vec::new()
    } else {
        fought.fights.clone()
    };
    if to_come.is_empty() && fights.is_empty() {
        return;
    }
    let seen_by = viewer(world);
    let mut close = false;
    let ids: Vec<String> = to_come
        .iter()
        .filter_map(|(k, _)| state.charges.get(*k))
        .chain(fights.iter().map(|f| &f.charge))
        .flat_map(|c| [c.charger.clone(), c.target.clone()])
        .collect();
    let hexes = crate::ui::aside::hexes_of(world, ids.iter().map(String::as_str));
    let at = crate::ui::aside::clear_of(ctx, world, "Charges", egui::Align2::RIGHT_TOP, &hexes);
    let window = egui::Window::new("Charges")
        .collapsible(true)
        .resizable(false);
    crate::ui::aside::placed(
        window,
        "Charges",
        at,
        egui::Align2::RIGHT_TOP,
        [-320.0, 40.0],
    )
    .show(ctx, |ui| {
        // The list scrolls where it is longer than the window has room for.
        let room = (ctx.viewport_rect().height() - 200.0).max(200.0);
        egui::ScrollArea::vertical()
            .max_height(room)
            .show(ui, |ui| {
                for (k, setup) in to_come {
                    let c = &state.charges[k];
                    let name =
                        |id: &str| view::unit(world, id).map_or(id.to_owned(), |u| u.base.name);
                    let (cn, dn) = (name(&c.charger), name(&c.target));
                    ui.strong(format!("{cn} charges {dn}"));
                    let charger_side = view::unit(world, &c.charger).map(|u| u.side);
                    for (line, who, side) in
                        [(0, &cn, charger_side), (1, &dn, Some(c.defender_side))]
                    {
                        ui.horizontal(|ui| {
                            ui.label(format!("{who}:"));
                            let own = side.is_some() && side == seen_by;
                            let read = |d| acw::deal::face_of(world, k, d);
                            line_tiles(ui, &c.lines[line], false, own, &read);
                        });
                    }
                    if let Some(setup) = setup {
                        charge_odds_panel(ui, world, &setup, &cn, &dn);
                    }
                    ui.separator();
                }
                for f in &fights {
                    ui.strong(format!(
                        "{} charged {}: the dominoes turned over",
                        f.names[0], f.names[1]
                    ));
                    for line in 0..2 {
                        ui.horizontal(|ui| {
                            ui.label(format!("{}:", f.names[line]));
                            line_tiles(ui, &f.charge.lines[line], true, false, &Some);
                        });
                    }
                    if let Some(r) = &f.charge.result {
                        let names = [f.names[0].as_str(), f.names[1].as_str()];
                        for (i, pair) in r.scores.iter().enumerate() {
                            ui.label(format!(
                                "{}.",
                                drumfire_core::rules::acw::combat::pair_line(i, *pair, names)
                            ));
                        }
                        for (name, outcome) in f.names.iter().zip(&r.outcomes) {
                            ui.label(format!("{name}: {}.", outcome.name()));
                        }
                    }
                    ui.separator();
                }
            });
        if !fights.is_empty() && ui.button("Close").clicked() {
            close = true;
        }
    });
    if close {
        world.resource_mut::<FoughtCharges>().closed = true;
    }
}

/// One line's dominoes: placed ones as they lie (face up once `fought`, or the one
/// looked at when `own`, as this machine `read`s it), the rest still to be placed
/// face down.
fn line_tiles(
    ui: &mut egui::Ui,
    b: &Behind,
    fought: bool,
    own: bool,
    read: &dyn Fn(Domino) -> Option<Domino>,
) {
    if b.places.is_empty() && b.hand.is_none() && b.blind.is_empty() {
        ui.small("not drawn yet");
        return;
    }
    if !b.placed() {
        let n = b.blind.len() + usize::from(b.hand.is_some());
        for _ in 0..n {
            domino_tile(ui, None, [0, 0]);
        }
        ui.small("drawn, not placed");
        return;
    }
    for (p, d) in b.places.iter().enumerate() {
        let face = if fought {
            Some(*d)
        } else {
            (own && b.face_up == Some(p)).then(|| read(*d)).flatten()
        };
        let hits = [
            b.hits.get(p * 2).copied().unwrap_or(0),
            b.hits.get(p * 2 + 1).copied().unwrap_or(0),
        ];
        domino_tile(ui, face, hits);
    }
}

/// A domino drawn as it lies: face down (the back), or its two halves with their
/// spots; each hit on a half marked by a red bar under it.
pub fn domino_tile(ui: &mut egui::Ui, face: Option<Domino>, hits: [u8; 2]) {
    let h = 26.0;
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(h * 2.0 + 2.0, h + 14.0), egui::Sense::hover());
    let tile = egui::Rect::from_min_size(rect.min, egui::vec2(h * 2.0, h));
    let painter = ui.painter_at(rect);
    let ink = egui::Color32::from_rgb(20, 20, 20);
    match face {
        None => {
            painter.rect_filled(tile, 4.0, egui::Color32::from_rgb(44, 52, 78));
            painter.rect_stroke(
                tile,
                4.0,
                egui::Stroke::new(1.0, egui::Color32::from_rgb(150, 150, 170)),
                egui::StrokeKind::Inside,
            );
            painter.text(
                tile.center(),
                egui::Align2::CENTER_CENTER,
                "?",
                egui::FontId::proportional(14.0),
                egui::Color32::from_rgb(190, 190, 210),
            );
            response.on_hover_text("Face down");
        }
        Some(d) => {
            painter.rect_filled(tile, 4.0, egui::Color32::from_rgb(238, 232, 214));
            painter.rect_stroke(
                tile,
                4.0,
                egui::Stroke::new(1.0, ink),
                egui::StrokeKind::Inside,
            );
            painter.line_segment(
                [
                    egui::pos2(tile.center().x, tile.top() + 3.0),
                    egui::pos2(tile.center().x, tile.bottom() - 3.0),
                ],
                egui::Stroke::new(1.0, ink),
            );
            for (i, spots) in [d.0, d.1].into_iter().enumerate() {
                let centre = egui::pos2(tile.left() + h * (0.5 + i as f32), tile.center().y);
                for (x, y) in pips(spots) {
                    painter.circle_filled(
                        centre + egui::vec2(x * h * 0.28, y * h * 0.28),
                        2.4,
                        ink,
                    );
                }
            }
            response.on_hover_text(format!("{} (blank halves fight with a die)", d.label()));
        }
    }
    // A hit is a die on the half: shown as a red "−n" under it.
    for (i, n) in hits.into_iter().enumerate() {
        if n > 0 {
            painter.text(
                egui::pos2(tile.left() + h * (0.5 + i as f32), tile.bottom() + 1.0),
                egui::Align2::CENTER_TOP,
                format!("−{n}"),
                egui::FontId::proportional(11.0),
                egui::Color32::from_rgb(230, 70, 50),
            );
        }
    }
}

/// Where a half's spots lie, in the unit square about its centre.
fn pips(spots: u8) -> Vec<(f32, f32)> {
    let (c, tl, tr, bl, br, ml, mr) = (
        (0.0, 0.0),
        (-1.0, -1.0),
        (1.0, -1.0),
        (-1.0, 1.0),
        (1.0, 1.0),
        (-1.0, 0.0),
        (1.0, 0.0),
    );
    match spots {
        1 => vec![c],
        2 => vec![tl, br],
        3 => vec![tl, c, br],
        4 => vec![tl, tr, bl, br],
        5 => vec![tl, tr, c, bl, br],
        6 => vec![tl, tr, ml, mr, bl, br],
        _ => vec![],
    }
}
