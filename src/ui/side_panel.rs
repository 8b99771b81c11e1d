//! The side panel: the briefing, the hovered or selected hex and its stack, and the
//! rule set's parts above and below them.

use super::*;

fn fire(v: Option<FireValue>) -> String {
    v.map_or_else(|| "—".to_owned(), |f| format!("{}-{}", f.strength, f.range))
}

/// Describes a hex in one line: number, terrain, level, features.
fn describe_hex(
    world_hex: Hex,
    terrain: &str,
    elevation: u8,
    road: bool,
    river: Option<&River>,
    objective: Option<&Objective>,
    sides: &SideList,
) -> String {
    let mut s = format!(
        "Hex {} · {terrain} · level {elevation}",
        hex_label(world_hex)
    );
    if road {
        s.push_str(" · road");
    }
    if let Some(r) = river {
        s.push_str(match r.crossing {
            Crossing::Bridge => " · river (bridge)",
            Crossing::Ford => " · river (ford)",
            Crossing::None => " · river",
        });
    }
    if let Some(o) = objective {
        let held = o
            .held_by
            .map_or_else(|| "nobody".to_owned(), |h| side_name(sides, h));
        s.push_str(&format!(" · objective {} VP, held by {held}", o.points));
    }
    s
}

pub(super) type HexQuery<'w, 's> = Query<
    'w,
    's,
    (
        &'static Terrain,
        &'static Elevation,
        Option<&'static Road>,
        Option<&'static River>,
        Option<&'static Objective>,
    ),
>;
pub(super) type CounterQuery<'w, 's> = Query<
    'w,
    's,
    (
        MarkerFlags,
        &'static Counter,
        &'static Steps,
        &'static Morale,
        Option<&'static Printed>,
        Option<&'static Leader>,
        Option<&'static Stands>,
    ),
    With<OnHex>,
>;

pub(super) fn hex_line(
    hex: Hex,
    index: &HexIndex,
    hexes: &HexQuery,
    rules: &Rules,
    sides: &SideList,
) -> Option<String> {
    let (terrain, elevation, road, river, objective) = hexes.get(index.hex_entity(hex)?).ok()?;
    let name = rules
        .0
        .data()
        .terrain
        .get(&terrain.0)
        .map_or(terrain.0.as_str(), |t| t.name.as_str());
    Some(describe_hex(
        hex,
        name,
        elevation.0,
        road.is_some(),
        river,
        objective,
        sides,
    ))
}

/// The side panel: the dice tray at the table; the rule set's pick under way; the
/// briefing, or the selected hex with the selected counter's orders and its stack.
pub(super) fn side_panel(
    root: &mut egui::Ui,
    world: &mut World,
    parts: Option<&'static dyn PlayParts>,
) {
    egui::Panel::right("stack_viewer")
        .exact_size(SIDE_PANEL_WIDTH)
        .resizable(false)
        .show(root, |ui| {
            with::<table_panels::TableView, _>(world, |mut table| {
                if table.on() {
                    table_panels::dice_tray(ui, &mut table);
                }
            });
            egui::ScrollArea::vertical().show(ui, |ui| {
                crate::play::offers::idle_phase_line(ui, world);
                if let Some(parts) = parts {
                    parts.banner(ui, world);
                }
                let Some(hex) = world.resource::<Selection>().hex else {
                    with::<Panels, _>(world, |mut p| briefing(ui, &p.view.info, &mut p.table));
                    if let Some(parts) = parts {
                        parts.briefing(ui, world);
                    }
                    return;
                };
                with::<Panels, _>(world, |mut p| {
                    ui.heading(format!("Hex {}", hex_label(hex)));
                    let v = &p.view;
                    if let Some(line) = hex_line(hex, &v.index, &v.hexes, &v.rules, &v.sides) {
                        ui.label(line);
                    }
                    if p.table.on() {
                        table_panels::hand_panel(ui, &mut p.table, &p.selection);
                    }
                });
                if let Some(parts) = parts {
                    parts.orders(ui, world);
                }
                ui.separator();
                let picked = with::<Panels, _>(world, |mut p| {
                    let picked = stack(ui, hex, &p.view, &p.selection);
                    if p.table.on() {
                        table_panels::off_map(ui, &mut p.table);
                    }
                    picked
                });
                // Only a click changes the selection, so the board redraws only then.
                if let Some(picked) = picked.flatten() {
                    world.resource_mut::<Selection>().counter = Some(picked);
                }
            });
        });
}

/// The scenario's briefing, and how to use the map.
fn briefing(ui: &mut egui::Ui, info: &ScenarioInfo, table: &mut table_panels::TableView) {
    ui.heading("Briefing");
    ui.label(&info.briefing);
    ui.separator();
    ui.label("Click a hex to see its stack. Click again to pick the next counter down; Esc clears the selection. Drag with the right or middle button, or use the arrow keys, to pan; the wheel zooms to the cursor; Home shows the whole map.");
    if table.on() {
        ui.colored_label(egui::Color32::from_rgb(240, 150, 40), "At the table the rules are off: drag any counter to any hex with the left button, flip it (F), mark it, take it off the map (Del) and roll dice from the tray.");
        table_panels::off_map(ui, table);
    }
}

/// The counters of a hex, top first; returns the one clicked in the list, if any.
fn stack(ui: &mut egui::Ui, hex: Hex, view: &GameView, selection: &Selection) -> Option<Entity> {
    let mut picked = None;
    let (index, counters, rules, sides) = (&view.index, &view.counters, &view.rules, &view.sides);
    let stack = index.occupants(hex);
    if stack.is_empty() {
        ui.label("No counters here.");
    }
    // Top of the stack first, as a player lifts them off.
    for &entity in stack.iter().rev() {
        let Ok((e, c, steps, morale, printed, leader, stands)) = counters.get(entity) else {
            continue;
        };
        let selected = selection.counter == Some(entity);
        let frame = egui::Frame::group(ui.style()).stroke(if selected {
            egui::Stroke::new(2.0, egui::Color32::from_rgb(255, 215, 30))
        } else {
            egui::Stroke::new(1.0, egui::Color32::from_gray(90))
        });
        let response = frame
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.colored_label(side_colour(&view.colours, c.side), "■");
                    ui.strong(&c.name);
                    ui.label(format!("({})", side_name(sides, c.side)));
                });
                if let Some(l) = leader {
                    let kind = match l.kind {
                        LeaderKind::Infantry => "Infantry leader",
                        LeaderKind::Cavalry => "Cavalry leader",
                    };
                    ui.label(format!("{kind}, rank {}", l.rank));
                    ui.label(format!(
                        "Combat {:+} · Morale modifier {:+} · Morale {}",
                        l.combat, l.morale_mod, morale.0
                    ));
                } else {
                    let type_name = rules
                        .0
                        .data()
                        .units
                        .get(&c.unit_type)
                        .map_or(c.unit_type.as_str(), |u| u.name.as_str());
                    ui.label(type_name);
                    if let Some(p) = printed {
                        let face = p.face(*steps);
                        let side = if p.reduced.is_none() {
                            "one step".to_owned()
                        } else if steps.is_reduced() {
                            "reduced side".to_owned()
                        } else {
                            "full strength".to_owned()
                        };
                        if let Some(power) = face.close_combat {
                            let range = face
                                .direct
                                .or(face.bombard)
                                .map_or_else(|| "—".to_owned(), |f| format!("{} hexes", f.range));
                            let gun = if face.bombard.is_some() {
                                " (artillery)"
                            } else {
                                ""
                            };
                            ui.label(format!(
                                "Close Combat Power {power} · Range {range}{gun} · Move {} hex{}",
                                face.movement,
                                if face.movement == 1 { "" } else { "es" }
                            ));
                        } else if face.direct.is_some() || face.bombard.is_some() {
                            ui.label(format!("Steps {}/{} ({side})", steps.current, steps.max));
                            ui.label(format!(
                                "Direct {} · Bombard {} · Move {} · Morale {}",
                                fire(face.direct),
                                fire(face.bombard),
                                face.movement,
                                morale.0
                            ));
                        }
                    }
                }
                if let Some(stands) = stands {
                    ui.label(stands_line(stands));
                }
                let marks = marker_list(e);
                if !marks.is_empty() {
                    let names: Vec<&str> = marks.iter().map(|m| m.label()).collect();
                    ui.colored_label(
                        egui::Color32::from_rgb(230, 190, 60),
                        format!("Markers: {}", names.join(", ")),
                    );
                }
            })
            .response;
        if response.interact(egui::Sense::click()).clicked() {
            picked = Some(entity);
        }
    }
    picked
}
