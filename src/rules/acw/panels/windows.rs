//! The ACW rules' windows: the chits sheet, placing a drawn domino, fire at a
//! charger, and the charges with their dominoes face down or turned over.

use super::*;

/// The rules' windows: the chits sheet, the domino to place, fire at a charger, and
/// the charges of the turn.
pub(super) fn windows(ctx: &egui::Context, world: &mut World) {
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
