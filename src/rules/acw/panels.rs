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
use crate::play::parts::{HandoffWords, PlayParts};
use crate::play::session::Handoff;
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

mod windows;

/// The ACW rules' parts of the play window.
impl PlayParts for drumfire_core::rules::acw::Acw {
    fn phase_bar(&self, ui: &mut egui::Ui, world: &mut World) {
        phase_bar(ui, world)
    }

    fn briefing(&self, ui: &mut egui::Ui, world: &mut World) {
        briefing(ui, world)
    }

    fn orders(&self, ui: &mut egui::Ui, world: &mut World) {
        orders(ui, world)
    }

    fn windows(&self, ctx: &egui::Context, world: &mut World) {
        windows::windows(ctx, world)
    }

    fn reset(&self, world: &mut World) {
        super::play::reset(world)
    }

    // Until every chit is turned over (the end of the Movement phase) the table shows
    // the side at the screen its own chits; later only the domino it looked at.
    fn hides_table(&self, world: &World) -> bool {
        let phase = *world.resource::<State<Phase>>().get();
        [acw::ORDERS, acw::INITIATIVE, acw::MOVEMENT].contains(&phase)
            || world.resource::<AcwState>().placing.is_some()
    }

    fn handoff(&self) -> Option<HandoffWords> {
        Some(HandoffWords {
            hidden: "Each side's order chits and the domino it looked at are its own secret.",
            secret: "chits are face down to the other side until turned over",
            show: "show my chits",
        })
    }

    fn help(&self) -> Option<(&'static str, &'static str)> {
        Some((
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
        ))
    }

    fn script_step(&self, world: &mut World, words: &[String]) -> Option<Result<bool, String>> {
        super::script::step(world, words)
    }

    fn view_text(&self, world: &mut World, out: &mut String) {
        super::script::view_text(world, out)
    }
}

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
