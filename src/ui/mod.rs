//! The egui overlay: the phase bar (with the orders the phase allows), the
//! stack viewer for the selected hex, the hover readout, and the journal with
//! every die roll. Orders go through the core's order door like any other.

use crate::input::{Hover, MapArea, SIDE_PANEL_WIDTH, Selection};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use drumfire_core::coords::hex_label;
use drumfire_core::counters::{
    Counter, Leader, LeaderKind, MarkerFlags, Morale, OnHex, Printed, Steps, marker_list,
};
use drumfire_core::data::FireValue;
use drumfire_core::flow::{ActionSegment, Outcome, Phase, Turn};
use drumfire_core::journal::Journal;
use drumfire_core::map::{Crossing, Elevation, HexIndex, Objective, River, Road, Terrain};
use drumfire_core::orders::{self, Order};
use drumfire_core::rules::great_war;

pub mod play_panels;
pub mod table_panels;
use drumfire_core::scenario::{Rules, ScenarioInfo, SideList};
use hexx::Hex;

/// An order the UI asks for, submitted at the next exclusive step.
#[derive(Resource, Default)]
pub struct UiOrder(pub Option<Order>);

/// A side asked to file a ready-made Artillery Plan: the scenario's own (`true`)
/// or the one that plots no fire, every battery on Open Sights (`false`).
#[derive(Resource, Default)]
pub struct UiPlanRequest(pub Option<(u8, bool)>);

/// The last refusal, shown on the phase bar until the next order.
#[derive(Resource, Default)]
pub struct UiStatus(pub String);

/// The UI plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<UiOrder>()
        .init_resource::<UiPlanRequest>()
        .init_resource::<UiStatus>()
        .add_systems(EguiPrimaryContextPass, draw_ui)
        .add_systems(Update, submit_ui_order);
}

/// Hands the UI's order to the order door; a refusal is shown, not lost.
fn submit_ui_order(world: &mut World) {
    if let Some((side, scenario_plan)) = world.resource_mut::<UiPlanRequest>().0.take() {
        let missions = if scenario_plan {
            world
                .resource::<great_war::scenario::GwSides>()
                .get(side)
                .artillery_plan
                .clone()
        } else {
            great_war::setup::open_sights_plan(world, side)
        };
        world.resource_mut::<UiOrder>().0 =
            Some(Order::from(great_war::GwOrder::Plan { side, missions }));
    }
    let Some(order) = world.resource_mut::<UiOrder>().0.take() else {
        return;
    };
    let status = match orders::submit(world, order) {
        Ok(()) => String::new(),
        Err(refusal) => refusal.0,
    };
    world.resource_mut::<UiStatus>().0 = status;
}

fn side_name(sides: &SideList, side: u8) -> String {
    sides.name(side).to_owned()
}

/// One value per side, each after its side's name: "German 5 vs British 3".
fn per_side(sides: &SideList, values: &[impl std::fmt::Display], separator: &str) -> String {
    let parts: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(s, v)| format!("{} {v}", side_name(sides, s as u8)))
        .collect();
    parts.join(separator)
}

fn side_colour(sides: &SideList, side: u8) -> egui::Color32 {
    sides
        .0
        .get(usize::from(side))
        .map_or(egui::Color32::GRAY, |s| {
            egui::Color32::from_rgb(s.colour[0], s.colour[1], s.colour[2])
        })
}

/// What the panels read of the game.
#[derive(SystemParam)]
struct GameView<'w, 's> {
    info: Res<'w, ScenarioInfo>,
    rules: Res<'w, Rules>,
    turn: Res<'w, Turn>,
    phase: Res<'w, State<Phase>>,
    phase_names: Res<'w, drumfire_core::flow::RuleSetPhases>,
    segment: Res<'w, ActionSegment>,
    sides: Res<'w, SideList>,
    outcome: Option<Res<'w, Outcome>>,
    gw: Option<Res<'w, great_war::GwState>>,
    gw_sides: Option<Res<'w, great_war::scenario::GwSides>>,
    index: Res<'w, HexIndex>,
    journal: Res<'w, Journal>,
    hexes: HexQuery<'w, 's>,
    counters: CounterQuery<'w, 's>,
}

/// All panels, laid out in one root `Ui` so that they share the window without overlapping.
fn draw_ui(
    mut contexts: EguiContexts,
    view: GameView,
    mut play: play_panels::PlayView,
    mut table: table_panels::TableView,
    mut portable: crate::rules::portable::panels::PtView,
    mut computer: ResMut<crate::play::computer::Computer>,
    mut selection: ResMut<Selection>,
    hover: Res<Hover>,
    mut ui_order: ResMut<UiOrder>,
    mut plan_request: ResMut<UiPlanRequest>,
    status: Res<UiStatus>,
    mut map_area: ResMut<MapArea>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "drumfire_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    phase_bar(
        &mut root,
        &view,
        &mut ui_order,
        &mut plan_request,
        &status,
        &mut table,
        &mut portable,
    );
    let names = play.names();
    let gw_tools = !table.on() && !portable.on();
    bottom_log(
        &mut root,
        &view,
        &hover,
        &names,
        &mut play,
        table.on(),
        gw_tools,
        &mut computer,
    );
    // Only a click changes the selection, so the board redraws only then.
    if let Some(picked) = side_panel(
        &mut root,
        &view,
        &selection,
        &mut play,
        &mut table,
        &mut portable,
    ) {
        selection.counter = Some(picked);
    }
    play_panels::prompt_window(ctx, view.gw.as_deref(), &mut play);
    play_panels::combat_window(ctx, &mut play);
    play_panels::help_window(ctx, &mut play);
    play_panels::victory_window(ctx, &mut play);
    crate::rules::great_war::sheet::plan_sheet(ctx, &mut play);
    play_panels::handoff_screen(ctx, &mut play);
    let free = root.available_rect_before_wrap();
    map_area.0 = Some(Rect::new(free.min.x, free.min.y, free.max.x, free.max.y));
    if table.on() {
        table_panels::frame_the_map(&root, free);
    }
    Ok(())
}

fn phase_bar(
    root: &mut egui::Ui,
    view: &GameView,
    ui_order: &mut UiOrder,
    plan_request: &mut UiPlanRequest,
    status: &UiStatus,
    table: &mut table_panels::TableView,
    portable: &mut crate::rules::portable::panels::PtView,
) {
    let (info, rules, turn, phase, segment, sides, outcome) = (
        &view.info,
        &view.rules,
        &view.turn,
        &view.phase,
        &view.segment,
        &view.sides,
        &view.outcome,
    );
    egui::Panel::top("phase_bar").show(root, |ui| {
        ui.horizontal(|ui| {
            ui.heading(&info.title)
                .on_hover_text(format!("{} rules", rules.0.name));
            ui.separator();
            ui.strong(format!("Turn {} of {}", turn.0.max(1), info.turns));
            ui.separator();
            if portable.on() {
                crate::rules::portable::panels::phase_info(ui, portable);
            } else if *phase.get() != Phase::Table {
                ui.strong(match phase.get() {
                    Phase::Setup | Phase::GameOver => phase.get().name(&view.phase_names).to_owned(),
                    p => format!("{} Phase", p.name(&view.phase_names)),
                });
            }
            match *phase.get() {
                _ if portable.on() => {}
                Phase::Table => table_panels::banner(ui, table),
                Phase::Setup => {
                    if let Some(side) = view.gw.as_ref().and_then(|g| g.plans_due.first().copied())
                    {
                        ui.separator();
                        ui.colored_label(
                            side_colour(sides, side),
                            format!("■ {} must file its Artillery Plan", side_name(sides, side)),
                        );
                        let has_plan = view
                            .gw_sides
                            .as_ref()
                            .is_some_and(|g| !g.get(side).artillery_plan.is_empty());
                        if has_plan {
                            let planned = ui.button("File the scenario's plan").on_hover_text(
                                "The missions and Planned Fire the scenario gives this side",
                            );
                            if planned.clicked() {
                                planned.surrender_focus();
                                plan_request.0 = Some((side, true));
                            }
                        }
                        let quiet = ui.button("Open Sights for every battery").on_hover_text(
                            "Plot no fire: on-board artillery fires at what it can see in action \
                                 segments; off-board factors stay silent",
                        );
                        if quiet.clicked() {
                            quiet.surrender_focus();
                            plan_request.0 = Some((side, false));
                        }
                    }
                }
                great_war::ACTION => {
                    // This turn's initiative, as rolled: each side's die plus its initiative.
                    if let Some(line) = initiative_line(&view.journal, sides, view.gw_sides.as_deref()) {
                        ui.separator();
                        ui.label(line)
                            .on_hover_text("Each side's die plus its initiative; the higher acts first (ties are re-rolled)");
                    }
                    ui.separator();
                    let side = segment.side;
                    ui.colored_label(
                        side_colour(sides, side),
                        format!("■ {}'s action segment", side_name(sides, side)),
                    );
                    if let Some(p) = view.gw.as_ref().and_then(|g| g.prompt.as_ref()) {
                        use great_war::state::Prompt;
                        let (who, what) = match p {
                            Prompt::OpportunityFire { side, hex, .. } => {
                                (*side, format!("opportunity fire at {}?", hex_label(*hex)))
                            }
                            Prompt::StepLoss { side, hex, .. } => {
                                (*side, format!("which unit in {} takes the loss?", hex_label(*hex)))
                            }
                        };
                        ui.colored_label(
                            side_colour(sides, who),
                            format!("Waiting for {}: {what}", side_name(sides, who)),
                        );
                    }
                    let active = view.gw.as_ref().is_some_and(|g| g.group.is_some());
                    let pass = if active {
                        ui.button(format!("End activation ({})", side_name(sides, side)))
                            .on_hover_text("End this action segment; pieces that have not acted stay as they are")
                    } else {
                        ui.button(format!("Pass ({})", side_name(sides, side)))
                            .on_hover_text("End this action segment without activating anything")
                    };
                    if pass.clicked() {
                        // Hand the keyboard back to the board (arrows, Esc).
                        pass.surrender_focus();
                        ui_order.0 = Some(Order::Pass { side });
                    }
                }
                Phase::GameOver => {
                    if let Some(o) = outcome {
                        ui.separator();
                        let winner = o.winner.map_or_else(
                            || "Draw".to_owned(),
                            |w| format!("{} wins", side_name(sides, w)),
                        );
                        ui.strong(format!("{winner} ({})", per_side(sides, &o.points, " – ")));
                    }
                }
                _ => {}
            }
        });
        if !status.0.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(235, 190, 90), &status.0);
        }
    });
}

/// "Initiative: German 4+1=5, British 3+0=3" from the deciding roll of this turn.
fn initiative_line(
    journal: &Journal,
    sides: &SideList,
    figures: Option<&great_war::scenario::GwSides>,
) -> Option<String> {
    use drumfire_core::journal::GameEvent;
    let entries = journal.entries();
    let won = entries
        .iter()
        .rposition(|e| matches!(e.event, GameEvent::InitiativeWon { .. }))?;
    let dice: Vec<u8> = entries[..won]
        .iter()
        .rev()
        .filter_map(|e| match &e.event {
            GameEvent::DiceRolled { purpose, faces } if purpose.starts_with("initiative") => {
                faces.first().copied()
            }
            _ => None,
        })
        .take(sides.0.len())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let parts: Vec<String> = sides
        .0
        .iter()
        .zip(dice)
        .enumerate()
        .map(|(i, (s, d))| {
            let initiative = figures.map_or(0, |f| f.get(i as u8).initiative);
            format!(
                "{} {d}{:+}={}",
                s.name,
                initiative,
                i16::from(d) + i16::from(initiative)
            )
        })
        .collect();
    Some(format!("Initiative: {}", parts.join(", ")))
}

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

type HexQuery<'w, 's> = Query<
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
type CounterQuery<'w, 's> = Query<
    'w,
    's,
    (
        MarkerFlags,
        &'static Counter,
        &'static Steps,
        &'static Morale,
        Option<&'static Printed>,
        Option<&'static Leader>,
    ),
    With<OnHex>,
>;

fn hex_line(
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

/// The stack viewer; returns the counter clicked in the list, if any.
fn side_panel(
    root: &mut egui::Ui,
    view: &GameView,
    selection: &Selection,
    play: &mut play_panels::PlayView,
    table: &mut table_panels::TableView,
    portable: &mut crate::rules::portable::panels::PtView,
) -> Option<Entity> {
    let mut picked = None;
    let (index, hexes, counters, rules, sides, info) = (
        &view.index,
        &view.hexes,
        &view.counters,
        &view.rules,
        &view.sides,
        &view.info,
    );
    egui::Panel::right("stack_viewer").exact_size(SIDE_PANEL_WIDTH).resizable(false).show(root, |ui| {
        if table.on() {
            table_panels::dice_tray(ui, table);
        }
        egui::ScrollArea::vertical().show(ui, |ui| {
            play_panels::picking(ui, play);
            let Some(hex) = selection.hex else {
                ui.heading("Briefing");
                ui.label(&info.briefing);
                ui.separator();
                ui.label("Click a hex to see its stack. Click again to pick the next counter down; Esc clears the selection. Drag with the right or middle button, or use the arrow keys, to pan; the wheel zooms to the cursor.");
                if table.on() {
                    ui.colored_label(egui::Color32::from_rgb(240, 150, 40), "At the table the rules are off: drag any counter to any hex with the left button, flip it (F), mark it, take it off the map (Del) and roll dice from the tray.");
                    table_panels::off_map(ui, table);
                } else if !portable.on() {
                    crate::rules::great_war::sheet::leader_draw(ui, play);
                }
                return;
            };
            ui.heading(format!("Hex {}", hex_label(hex)));
            if let Some(line) = hex_line(hex, index, hexes, rules, sides) {
                ui.label(line);
            }
            if table.on() {
                table_panels::hand_panel(ui, table, selection);
            } else if portable.on() {
                crate::rules::portable::panels::orders(ui, portable);
            } else {
                play_panels::actions(ui, play);
            }
            ui.separator();
            let stack = index.occupants(hex);
            if stack.is_empty() {
                ui.label("No counters here.");
            }
            // Top of the stack first, as a player lifts them off.
            for &entity in stack.iter().rev() {
                let Ok((e, c, steps, morale, printed, leader)) = counters.get(entity) else { continue };
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
                            ui.colored_label(side_colour(sides, c.side), "■");
                            ui.strong(&c.name);
                            ui.label(format!("({})", side_name(sides, c.side)));
                        });
                        if let Some(l) = leader {
                            let kind = match l.kind {
                                LeaderKind::Infantry => "Infantry leader",
                                LeaderKind::Cavalry => "Cavalry leader",
                            };
                            ui.label(format!("{kind}, rank {}", l.rank));
                            ui.label(format!("Combat {:+} · Morale modifier {:+} · Morale {}", l.combat, l.morale_mod, morale.0));
                        } else {
                            let type_name = rules.0.data().units.get(&c.unit_type).map_or(c.unit_type.as_str(), |u| u.name.as_str());
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
                                    let range = face.direct.or(face.bombard).map_or_else(|| "—".to_owned(), |f| format!("{} hexes", f.range));
                                    let gun = if face.bombard.is_some() { " (artillery)" } else { "" };
                                    ui.label(format!(
                                        "Close Combat Power {power} · Range {range}{gun} · Move {} hex{}",
                                        face.movement,
                                        if face.movement == 1 { "" } else { "es" }
                                    ));
                                } else {
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
                        let marks = marker_list(e);
                        if !marks.is_empty() {
                            let names: Vec<&str> = marks.iter().map(|m| m.label()).collect();
                            ui.colored_label(egui::Color32::from_rgb(230, 190, 60), format!("Markers: {}", names.join(", ")));
                        }
                    })
                    .response;
                if response.interact(egui::Sense::click()).clicked() {
                    picked = Some(entity);
                }
            }
            if table.on() {
                table_panels::off_map(ui, table);
            }
        });
    });
    picked
}

/// Which sides the computer plays, and whether it plays fast.
fn computer_toggles(
    ui: &mut egui::Ui,
    sides: &SideList,
    computer: &mut crate::play::computer::Computer,
) {
    computer.sides.resize(sides.0.len(), false);
    ui.checkbox(&mut computer.fast, "Fast")
        .on_hover_text("The computer gives its orders without pausing between them");
    for (i, s) in sides.0.iter().enumerate().rev() {
        ui.checkbox(&mut computer.sides[i], &s.name)
            .on_hover_text(format!("The computer plays {}", s.name));
    }
    ui.label("Computer:");
}

fn bottom_log(
    root: &mut egui::Ui,
    view: &GameView,
    hover: &Hover,
    names: &std::collections::BTreeMap<String, String>,
    play: &mut play_panels::PlayView,
    at_table: bool,
    gw_tools: bool,
    computer: &mut crate::play::computer::Computer,
) {
    let (journal, sides, index, hexes, counters, rules) = (
        &view.journal,
        &view.sides,
        &view.index,
        &view.hexes,
        &view.counters,
        &view.rules,
    );
    egui::Panel::bottom("log")
        .exact_size(125.0)
        .resizable(false)
        .show(root, |ui| {
            let readout = match hover.0 {
                Some(hex) => {
                    let mut line = hex_line(hex, index, hexes, rules, sides).unwrap_or_default();
                    let names: Vec<String> = index
                        .occupants(hex)
                        .iter()
                        .rev()
                        .filter_map(|e| counters.get(*e).ok())
                        .map(|(_, c, ..)| c.name.clone())
                        .collect();
                    if !names.is_empty() {
                        line.push_str(&format!(" · {}", names.join(", ")));
                    }
                    line
                }
                None => "Point at a hex to read it.".to_owned(),
            };
            ui.horizontal(|ui| {
                ui.strong(readout);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    play_panels::session_buttons(ui, play, at_table, gw_tools);
                    if !at_table {
                        ui.separator();
                        computer_toggles(ui, sides, computer);
                    }
                    ui.separator();
                    play_panels::log_controls(ui, play, view.turn.0);
                });
            });
            ui.separator();
            let only = play_panels::log_turn(play);
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for entry in journal
                        .entries()
                        .iter()
                        .filter(|e| only.is_none_or(|t| e.turn == t))
                    {
                        ui.label(format!(
                            "T{} · {}",
                            entry.turn,
                            entry.event.describe(sides, names)
                        ));
                    }
                });
        });
}
