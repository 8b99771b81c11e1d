//! The panels of play: the selected piece's actions, the hex being picked, the
//! odds panel, the questions the rules ask (opportunity fire, step losses) and the
//! combat dialog. Every button queues an intent; nothing here edits the game.

use crate::play::session::{Handoff, HelpOpen, LosRequest, NextUnitRequest, SessionRequest};
use crate::play::{CombatReport, IntentQueue, Mode, PendingTarget, Preview};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::counters::Counter;
use drumfire_core::flow::{Outcome, StepsLost};
use drumfire_core::journal::GameEvent;
use drumfire_core::map::{HexCell, Objective};
use drumfire_core::odds::{Chance, Odds};
use drumfire_core::rules::great_war::GwState;
use drumfire_core::rules::great_war::fire::shown_odds;
use drumfire_core::rules::great_war::preview::{Intent, Pick};
use drumfire_core::rules::great_war::state::Prompt;
use drumfire_core::rules::great_war::tables::FireResult;
use drumfire_core::rules::great_war::view::label;
use drumfire_core::scenario::{ScenarioInfo, SideList};
use std::collections::BTreeMap;

/// What the play panels read and write.
#[derive(SystemParam)]
pub struct PlayView<'w, 's> {
    pub(crate) preview: Res<'w, Preview>,
    pub(crate) mode: ResMut<'w, Mode>,
    pub(crate) pending: ResMut<'w, PendingTarget>,
    pub(crate) intents: ResMut<'w, IntentQueue>,
    pub(crate) report: ResMut<'w, CombatReport>,
    pub(crate) names: Query<'w, 's, &'static Counter>,
    pub(crate) session: ResMut<'w, SessionRequest>,
    pub(crate) help: ResMut<'w, HelpOpen>,
    pub(crate) handoff: ResMut<'w, Handoff>,
    pub(crate) log_turn: Local<'s, Option<u16>>,
    pub(crate) outcome: Option<Res<'w, Outcome>>,
    pub(crate) objectives: Query<'w, 's, (&'static HexCell, &'static Objective)>,
    pub(crate) info: Res<'w, ScenarioInfo>,
    pub(crate) sides: Res<'w, SideList>,
    pub(crate) lost: Res<'w, StepsLost>,
    pub(crate) victory_seen: Local<'s, bool>,
    pub(crate) next_unit: ResMut<'w, NextUnitRequest>,
    pub(crate) los: ResMut<'w, LosRequest>,
    pub(crate) draft: Res<'w, crate::rules::great_war::plan::PlanDraft>,
    pub(crate) edits: ResMut<'w, crate::rules::great_war::plan::PlanEdits>,
    pub(crate) printed:
        Query<'w, 's, (&'static Counter, &'static drumfire_core::counters::Printed)>,
    pub(crate) cell: ResMut<'w, crate::rules::great_war::plan::SheetCell>,
    pub(crate) hex_text: Local<'s, String>,
    pub(crate) journal: Res<'w, drumfire_core::journal::Journal>,
    pub(crate) turn: Res<'w, drumfire_core::flow::Turn>,
    pub(crate) phase: Res<'w, State<drumfire_core::flow::Phase>>,
    pub(crate) gw: Option<Res<'w, GwState>>,
    pub(crate) gw_sides: Option<Res<'w, drumfire_core::rules::great_war::scenario::GwSides>>,
}

impl PlayView<'_, '_> {
    /// Counter names by id.
    pub fn names(&self) -> BTreeMap<String, String> {
        self.names
            .iter()
            .map(|c| (c.id.clone(), c.name.clone()))
            .chain(
                self.gw_sides
                    .iter()
                    .flat_map(|g| g.0.iter())
                    .flat_map(|s| s.off_board_artillery.iter())
                    .map(|f| (f.id.clone(), f.name.clone())),
            )
            .collect()
    }
}

pub(crate) fn name_of(names: &BTreeMap<String, String>, id: &str) -> String {
    names.get(id).cloned().unwrap_or_else(|| id.to_owned())
}

fn percent(n: u32, of: u32) -> String {
    Chance::new(n, of).percent()
}

/// The actions open to the selected piece, as buttons (greyed with the reason when closed).
pub fn actions(ui: &mut egui::Ui, play: &mut PlayView) {
    if play.preview.offers.is_empty() {
        return;
    }
    ui.separator();
    ui.strong("Orders for the selected counter");
    for offer in play.preview.offers.clone() {
        let enabled = offer.refused.is_none();
        let button = ui.add_enabled(enabled, egui::Button::new(&offer.label));
        let button = match &offer.refused {
            Some(why) => button.on_disabled_hover_text(why),
            None => button,
        };
        if button.clicked() {
            button.surrender_focus();
            if let Some(i) = offer.intent {
                play.intents.0 = Some(i);
            } else if let Some(p) = offer.pick {
                play.mode.0 = Some(p);
                play.pending.0 = None;
            }
        }
        if let Some(why) = &offer.refused
            && offer.label != "Act"
        {
            ui.small(why);
        }
        if let Some(why) = offer.refused.as_ref().filter(|_| offer.label == "Act") {
            ui.label(why);
        }
    }
}

/// The banner while a hex is picked on the map, with the path, the reason, or the odds.
pub fn picking(ui: &mut egui::Ui, play: &mut PlayView) {
    let Some(pick) = play.mode.0.clone() else {
        return;
    };
    let names = play.names();
    let who = |ids: &[String]| {
        ids.iter()
            .map(|i| name_of(&names, i))
            .collect::<Vec<_>>()
            .join(", ")
    };
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(
            2.0,
            egui::Color32::from_rgb(90, 140, 240),
        ))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            match &pick {
                Pick::Move(p) => {
                    ui.strong(format!("Move {}", who(p)));
                    ui.label("Click a blue hex (the number is its cost in movement points).");
                    if let Some(last) = play.preview.path.last() {
                        let cost = drumfire_core::coords::MapCoord::from_hex(*last)
                            .and_then(|m| play.preview.reach.get(&m))
                            .map_or(0, |r| r.0);
                        let route: Vec<String> =
                            play.preview.path.iter().map(|h| label(*h)).collect();
                        ui.label(format!(
                            "To {}: {} MP, by {}",
                            label(*last),
                            cost,
                            route.join(" ")
                        ));
                    }
                }
                Pick::Fire(f) => {
                    ui.strong(format!("Fire: {}", who(f)));
                    ui.label("Click a red hex to aim; the odds show before you fire.");
                    if play.preview.fire_mates.len() > 1 {
                        ui.label("Fire group (units stacked together, or led by a leader with a combat modifier, combine):");
                        let mut group = f.clone();
                        for id in &play.preview.fire_mates {
                            let mut on = group.contains(id);
                            if ui.checkbox(&mut on, name_of(&names, id)).changed() {
                                if on {
                                    group.push(id.clone());
                                } else if group.len() > 1 {
                                    group.retain(|g| g != id);
                                }
                            }
                        }
                        if group != *f {
                            play.mode.0 = Some(Pick::Fire(group));
                        }
                    }
                }
                Pick::Assault(a) => {
                    ui.strong(format!("Assault with {}", who(a)));
                    ui.label("Click an enemy hex next to them.");
                }
            }
            if let Some(why) = &play.preview.refusal {
                ui.colored_label(egui::Color32::from_rgb(230, 110, 90), why);
            }
            if let Some((target, result)) = &play.preview.fire {
                match result {
                    Ok((plan, odds)) => odds_panel(
                        ui,
                        &shown_odds(plan, odds, &|id: &str| name_of(&names, id)),
                    ),
                    Err(why) => {
                        ui.colored_label(
                            egui::Color32::from_rgb(230, 110, 90),
                            format!("{}: {why}", label(*target)),
                        );
                    }
                }
            }
            ui.horizontal(|ui| {
                if let (Some(t), Pick::Fire(f)) = (play.pending.0, &pick)
                    && play
                        .preview
                        .fire
                        .as_ref()
                        .is_some_and(|(h, r)| *h == t && r.is_ok())
                    && ui.button(format!("Fire at {}", label(t))).clicked()
                {
                    play.intents.0 = Some(Intent::Fire(f.clone(), t));
                }
                if let (Some(t), Pick::Assault(a)) = (play.pending.0, &pick)
                    && play.preview.refusal.is_none()
                    && ui.button(format!("Assault {}", label(t))).clicked()
                {
                    play.intents.0 = Some(Intent::Assault(a.clone(), t));
                }
                if ui.button("Cancel (Esc)").clicked() {
                    play.mode.0 = None;
                    play.pending.0 = None;
                }
            });
        });
}

/// The odds of an action before it is taken, from any rule set: what is tried, the
/// figures it starts from, every modifier with its cause, each result with its exact
/// fraction, and the distributions that follow (step losses, each piece's morale).
pub fn odds_panel(ui: &mut egui::Ui, odds: &Odds) {
    ui.separator();
    ui.strong(&odds.title);
    for line in &odds.basis {
        ui.label(line);
    }
    for m in &odds.modifiers {
        ui.small(m.to_string());
    }
    egui::Grid::new(("odds", &odds.title))
        .striped(true)
        .show(ui, |ui| {
            for o in &odds.outcomes {
                ui.label(&o.label);
                ui.label(o.chance.to_string());
                ui.label(o.chance.percent());
                ui.end_row();
            }
        });
    for d in &odds.more {
        let parts: Vec<String> = d
            .outcomes
            .iter()
            .map(|o| format!("{} {}", o.label, o.chance.percent()))
            .collect();
        ui.small(format!("{}: {}", d.heading, parts.join(" · ")));
    }
}

/// The question the rules ask, as a window the answer closes.
pub fn prompt_window(ctx: &egui::Context, gw: Option<&GwState>, play: &mut PlayView) {
    let Some(prompt) = gw.and_then(|g| g.prompt.clone()) else {
        return;
    };
    let names = play.names();
    match prompt {
        Prompt::OpportunityFire { hex, eligible, .. } => {
            egui::Window::new("Opportunity fire")
                .collapsible(false)
                .resizable(false)
                .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
                .show(ctx, |ui| {
                    ui.label(format!(
                        "The enemy has moved into {}. Fire at it?",
                        label(hex)
                    ));
                    for id in &eligible {
                        ui.horizontal(|ui| {
                            if ui.button(format!("Fire {}", name_of(&names, id))).clicked() {
                                play.intents.0 = Some(Intent::OpportunityFire(vec![id.clone()]));
                            }
                            if let Some((_, Some((plan, odds)))) =
                                play.preview.prompt_odds.iter().find(|(f, _)| f == id)
                            {
                                let hits: u32 = odds
                                    .results
                                    .results
                                    .iter()
                                    .filter(|(r, _)| *r != FireResult::NoEffect)
                                    .map(|r| r.1)
                                    .sum();
                                ui.small(format!(
                                    "strength {}, column {}, some effect {}",
                                    plan.strength,
                                    plan.table.column_label(plan.column),
                                    percent(hits, odds.results.rolls)
                                ));
                            }
                        });
                    }
                    if ui.button("Hold fire").clicked() {
                        play.intents.0 = Some(Intent::HoldFire);
                    }
                });
        }
        Prompt::StepLoss {
            hex,
            count,
            candidates,
            ..
        } => {
            egui::Window::new("Step loss")
                .collapsible(false)
                .resizable(false)
                .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
                .show(ctx, |ui| {
                    ui.label(format!(
                        "{count} step loss{} in {}: choose the unit that takes the next one (it then checks morale at +2).",
                        if count > 1 { "es" } else { "" },
                        label(hex)
                    ));
                    for id in &candidates {
                        if ui.button(name_of(&names, id)).clicked() {
                            play.intents.0 = Some(Intent::TakeStepLoss(id.clone()));
                        }
                    }
                });
        }
    }
}

/// A die drawn as a framed number.
pub fn die(ui: &mut egui::Ui, face: u8) {
    egui::Frame::new()
        .fill(egui::Color32::from_gray(235))
        .stroke(egui::Stroke::new(1.0, egui::Color32::from_gray(60)))
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(6, 2))
        .show(ui, |ui| {
            ui.colored_label(
                egui::Color32::BLACK,
                egui::RichText::new(face.to_string()).strong().size(16.0),
            );
        });
}

/// The last order's fires, losses and morale checks, dice shown as dice.
pub fn combat_window(ctx: &egui::Context, play: &mut PlayView) {
    if !play.report.open {
        return;
    }
    let names = play.names();
    let mut open = true;
    egui::Window::new("Combat")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .open(&mut open)
        .show(ctx, |ui| {
            let fires = play
                .report
                .events
                .iter()
                .filter(|e| matches!(e, GameEvent::Fired { .. }))
                .count();
            let mut nth = 0;
            egui::ScrollArea::vertical()
                .max_height(460.0)
                .show(ui, |ui| {
                    for e in &play.report.events {
                        match e {
                            GameEvent::Fired {
                                kind,
                                table,
                                firers,
                                target,
                                strength,
                                shifts,
                                column,
                                dice,
                                result,
                                ..
                            } => {
                                ui.separator();
                                nth += 1;
                                let who: Vec<String> =
                                    firers.iter().map(|f| name_of(&names, f)).collect();
                                let count = if fires > 1 {
                                    format!("{nth} of {fires}: ")
                                } else {
                                    String::new()
                                };
                                ui.strong(format!("{count}{kind} at {target}: {}", who.join(", ")));
                                ui.label(drumfire_core::journal::fire_line(
                                    *strength, shifts, table, column,
                                ));
                                ui.horizontal(|ui| {
                                    for d in dice {
                                        die(ui, *d);
                                    }
                                    ui.label(format!(
                                        "= {}",
                                        dice.iter().map(|d| u32::from(*d)).sum::<u32>()
                                    ));
                                    ui.strong(format!("Result: {result}"));
                                });
                            }
                            GameEvent::MoraleChecked {
                                piece,
                                dice,
                                plus,
                                morale,
                                outcome,
                            } => {
                                ui.horizontal(|ui| {
                                    ui.label(format!("{} checks morale:", name_of(&names, piece)));
                                    for d in dice {
                                        die(ui, *d);
                                    }
                                    let total = dice.iter().map(|d| i32::from(*d)).sum::<i32>()
                                        + i32::from(*plus);
                                    let plus = if *plus > 0 {
                                        format!(" + {plus}")
                                    } else {
                                        String::new()
                                    };
                                    ui.label(format!(
                                        "{plus} = {total} against {morale}: {outcome}"
                                    ));
                                });
                            }
                            GameEvent::StepLost { .. } => {
                                ui.label(e.describe(&play.sides, &names));
                            }
                            _ => {}
                        }
                    }
                });
            ui.separator();
            if ui.button("Close").clicked() {
                play.report.open = false;
            }
        });
    if !open {
        play.report.open = false;
    }
}

/// Save, load, undo and help, at the right of the phase bar; at the table, the
/// rules' own tools (line of sight, next unit, Artillery Plans) are left out.
pub fn session_buttons(ui: &mut egui::Ui, play: &mut PlayView, at_table: bool, gw_tools: bool) {
    if ui.button("Help (F1)").clicked() {
        play.help.0 = !play.help.0;
    }
    let (switch, why) = if at_table {
        (
            "Play by the rules",
            "Start this scenario afresh by the rules (this table session is kept in its autosave)",
        )
    } else {
        (
            "Table mode",
            "Start this scenario afresh at the table, rules off: move anything by hand \
             (this game is kept in its autosave)",
        )
    };
    if ui.button(switch).on_hover_text(why).clicked() {
        *play.session = SessionRequest::SwitchMode;
    }
    if ui
        .button("Editor")
        .on_hover_text("Open this scenario in the scenario editor, in a window of its own")
        .clicked()
    {
        *play.session = SessionRequest::Edit;
    }
    if ui
        .button("Undo")
        .on_hover_text("Ctrl+Z: take back the last order, never past dice already rolled")
        .clicked()
    {
        *play.session = SessionRequest::Undo;
    }
    if ui
        .button("Load")
        .on_hover_text("Ctrl+O: load this scenario's save")
        .clicked()
    {
        *play.session = SessionRequest::Load;
    }
    if ui
        .button("Save")
        .on_hover_text("Ctrl+S: save (an autosave is also written every turn)")
        .clicked()
    {
        *play.session = SessionRequest::Save;
    }
    if at_table || !gw_tools {
        return;
    }
    ui.separator();
    if ui
        .button("Sight (L)")
        .on_hover_text("Line of sight from the selected counter to the hex under the mouse")
        .clicked()
    {
        play.los.0 = true;
    }
    if ui
        .button("Next (N)")
        .on_hover_text("Select the next piece of the side to act that can still act")
        .clicked()
    {
        play.next_unit.0 = true;
    }
    crate::rules::great_war::sheet::plans_menu(ui, play);
}

/// The turn filter and the export button of the log.
pub fn log_controls(ui: &mut egui::Ui, play: &mut PlayView, turns: u16) {
    if ui.small_button("Export log").clicked() {
        *play.session = SessionRequest::ExportLog;
    }
    let current = match *play.log_turn {
        Some(t) => format!("Turn {t}"),
        None => "All turns".into(),
    };
    egui::ComboBox::from_id_salt("log_turn")
        .selected_text(current)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut *play.log_turn, None, "All turns");
            for t in 0..=turns {
                ui.selectable_value(
                    &mut *play.log_turn,
                    Some(t),
                    if t == 0 {
                        "Set-up".to_owned()
                    } else {
                        format!("Turn {t}")
                    },
                );
            }
        });
}

/// The turn the log shows, if filtered.
pub fn log_turn(play: &PlayView) -> Option<u16> {
    *play.log_turn
}

/// Keyboard shortcuts and the rules in brief.
pub fn help_window(ctx: &egui::Context, play: &mut PlayView) {
    let mut open = play.help.0;
    egui::Window::new("Help")
        .open(&mut open)
        .collapsible(false)
        .default_width(460.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.strong("Mouse");
            ui.label("Click a hex to select its top counter; click again for the next one down. The Orders under the hex list what the selected counter may do now; greyed ones say why not. Move, Fire and Assault then ask for a hex on the map: blue hexes can be reached (with their cost), red ones fired at. Right or middle drag pans, the wheel zooms.");
            ui.separator();
            ui.strong("Keys");
            egui::Grid::new("keys").show(ui, |ui| {
                for (k, what) in [
                    ("Space", "Pass, or end the activation under way"),
                    ("N", "Select the next piece that can act"),
                    ("L", "Line of sight from the selected counter to the hex under the mouse"),
                    ("Esc", "Cancel picking a hex, then clear the selection"),
                    ("Ctrl+Z", "Undo the last order (never past dice already rolled)"),
                    ("Ctrl+S / Ctrl+O", "Save / load this scenario's game"),
                    ("Arrows", "Pan the map"),
                    ("F1", "This help"),
                ] {
                    ui.monospace(k);
                    ui.label(what);
                    ui.end_row();
                }
            });
            ui.separator();
            ui.strong("Table mode");
            ui.label("\"Table mode\" in the bottom bar starts the scenario afresh with the rules off (the game in hand is kept in its autosave): drag any counter to any hex with the left button, F flips the selected counter, Del puts it beside the map (\"Put back\" returns it), tick markers on and off, roll from the dice tray and move the turn marker. Every hand move is logged, saved and undone like an order; dice rolled stay rolled.");
            ui.separator();
            ui.strong("The Great War in brief");
            ui.label("Each turn: both sides roll for initiative; plotted artillery fires (the winner first; firing at the same hex two turns running lays Drumfire, which attacks anyone who enters); then the sides alternate action segments. In a segment, activate one unit, one leader (who brings his own type around him, and lower leaders theirs) or one stack; each activated piece moves or fires once. Units may not move closer to the enemy unless a leader of their type activated them. Enemy units that have not activated may fire at your pieces as they move. Fire results: M/M1/M2 call for morale checks (Disrupted at 1-2 over, Demoralized at 3+); X removes a step. Two passes in a row end the turn.");
        });
    play.help.0 = open;
}

/// The result and the scenario's victory conditions, when the game is over.
pub fn victory_window(ctx: &egui::Context, play: &mut PlayView) {
    let Some(outcome) = play.outcome.as_deref().cloned() else {
        *play.victory_seen = false;
        return;
    };
    if *play.victory_seen {
        return;
    }
    let sides = play.sides.clone();
    let name = |s: u8| sides.name(s).to_owned();
    let mut close = false;
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.heading(match outcome.winner {
                Some(w) => format!("{} wins", name(w)),
                None => "A draw".to_owned(),
            });
            let pts: Vec<String> = outcome
                .points
                .iter()
                .enumerate()
                .map(|(s, p)| format!("{} {p}", name(s as u8)))
                .collect();
            ui.label(format!("Victory points: {}", pts.join(", ")));
            ui.separator();
            ui.strong("Victory conditions");
            let mut objectives: Vec<_> = play
                .objectives
                .iter()
                .map(|(c, o)| (c.coord, o.clone()))
                .collect();
            objectives.sort_by_key(|(c, _)| *c);
            for (c, o) in objectives {
                ui.label(format!(
                    "Hex {}: {} points, held by {}",
                    c.label(),
                    o.points,
                    o.held_by.map_or_else(|| "nobody".to_owned(), name)
                ));
            }
            let lost: Vec<String> = play
                .lost
                .0
                .iter()
                .enumerate()
                .map(|(s, n)| format!("{} lost {n}", name(s as u8)))
                .collect();
            ui.label(format!(
                "{} point(s) per enemy step destroyed; steps: {}",
                play.info.step_loss_points,
                lost.join(", ")
            ));
            if ui.button("Close").clicked() {
                close = true;
            }
        });
    if close {
        *play.victory_seen = true;
    }
}

/// Hot-seat: hides the table while the mouse passes to the other player, in the
/// set-up (each side files a secret Artillery Plan) and before a filed plan is shown.
pub fn handoff_screen(ctx: &egui::Context, play: &mut PlayView) {
    let Some(side) = play.handoff.waiting_for else {
        return;
    };
    let name = play.sides.name(side).to_owned();
    let (why, button) = if play.handoff.show_plan {
        (
            format!(
                "{name}'s Artillery Plan is secret until its fire lands. The other player looks away now."
            ),
            format!("I am {name}: show my plan"),
        )
    } else {
        (
            "Each side plots its artillery in secret. The other player looks away now.".to_owned(),
            format!("I am {name}: show the table"),
        )
    };
    egui::Area::new("handoff".into())
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(0.0, 0.0))
        .show(ctx, |ui| {
            let rect = ctx.viewport_rect();
            ui.painter()
                .rect_filled(rect, 0.0, egui::Color32::from_rgb(24, 26, 24));
            let panel = egui::Rect::from_center_size(rect.center(), egui::vec2(420.0, 160.0));
            ui.scope_builder(egui::UiBuilder::new().max_rect(panel), |ui| {
                ui.vertical_centered(|ui| {
                    ui.heading(format!("Hand over to {name}"));
                    ui.label(why);
                    ui.add_space(12.0);
                    if ui.button(button).clicked() {
                        play.handoff.waiting_for = None;
                        if std::mem::take(&mut play.handoff.show_plan) {
                            play.edits
                                .0
                                .push(crate::rules::great_war::plan::PlanEdit::Show(side));
                        }
                    }
                });
            });
        });
}
