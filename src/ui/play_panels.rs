//! The panels of play: the selected piece's actions, the hex being picked, the
//! odds panel, the questions the rules ask (opportunity fire, step losses) and the
//! combat dialog. Every button queues an intent; nothing here edits the game.

use crate::play::{CombatReport, IntentQueue, Mode, PendingTarget, Preview};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::counters::Counter;
use drumfire_core::journal::GameEvent;
use drumfire_core::rules::great_war::GwState;
use drumfire_core::rules::great_war::fire::FireOdds;
use drumfire_core::rules::great_war::preview::{Intent, Pick};
use drumfire_core::rules::great_war::state::{FirePlan, Prompt};
use drumfire_core::rules::great_war::tables::FireResult;
use drumfire_core::rules::great_war::view::label;
use std::collections::BTreeMap;

/// What the play panels read and write.
#[derive(SystemParam)]
pub struct PlayView<'w, 's> {
    preview: Res<'w, Preview>,
    mode: ResMut<'w, Mode>,
    pending: ResMut<'w, PendingTarget>,
    intents: ResMut<'w, IntentQueue>,
    report: ResMut<'w, CombatReport>,
    names: Query<'w, 's, &'static Counter>,
}

impl PlayView<'_, '_> {
    /// Counter names by id.
    pub fn names(&self) -> BTreeMap<String, String> {
        self.names
            .iter()
            .map(|c| (c.id.clone(), c.name.clone()))
            .collect()
    }
}

fn name_of(names: &BTreeMap<String, String>, id: &str) -> String {
    names.get(id).cloned().unwrap_or_else(|| id.to_owned())
}

fn percent(n: u32, of: u32) -> String {
    format!("{:.1}%", f64::from(n) * 100.0 / f64::from(of.max(1)))
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
                    Ok((plan, odds)) => odds_panel(ui, plan, odds, &names),
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

/// The odds of a fire before it is made: strength, column, shifts, every result
/// and every morale outcome in the target hex, exact.
pub fn odds_panel(
    ui: &mut egui::Ui,
    plan: &FirePlan,
    odds: &FireOdds,
    names: &BTreeMap<String, String>,
) {
    ui.separator();
    ui.strong(format!(
        "{} at {}: {} table",
        plan.kind,
        label(plan.target),
        plan.table
    ));
    let parts: Vec<String> = plan
        .firers
        .iter()
        .zip(&plan.strengths)
        .map(|(f, s)| format!("{} {s}", name_of(names, f)))
        .collect();
    ui.label(format!(
        "Strength {} ({})",
        plan.strength,
        parts.join(" + ")
    ));
    ui.label(format!(
        "Column {}, shifted to {}",
        plan.table.column_label(plan.base_column),
        plan.table.column_label(plan.column)
    ));
    for (n, why) in &plan.shifts {
        ui.small(format!("{n:+} column: {why}"));
    }
    egui::Grid::new("odds").striped(true).show(ui, |ui| {
        for (r, n) in &odds.results.results {
            ui.label(r.label(plan.table));
            ui.label(format!("{n}/{}", odds.results.rolls));
            ui.label(percent(*n, odds.results.rolls));
            ui.end_row();
        }
    });
    let losses: Vec<String> = odds
        .step_losses
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{k}: {}", percent(*n, odds.results.rolls)))
        .collect();
    ui.small(format!("Step losses {}", losses.join(" · ")));
    for p in &odds.pieces {
        let of = odds.morale_rolls();
        ui.small(format!(
            "{} (morale {}): unaffected {} · Disrupted {} · Demoralized {}",
            name_of(names, &p.id),
            p.morale,
            percent(p.morale_ways[0], of),
            percent(p.morale_ways[1], of),
            percent(p.morale_ways[2], of)
        ));
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
fn die(ui: &mut egui::Ui, face: u8) {
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
                        let who: Vec<String> = firers.iter().map(|f| name_of(&names, f)).collect();
                        ui.strong(format!("{kind} at {target}: {}", who.join(", ")));
                        let sh: Vec<String> =
                            shifts.iter().map(|(n, w)| format!("{n:+} {w}")).collect();
                        ui.label(format!(
                            "Strength {strength}{}: {table} table, column {column}",
                            if sh.is_empty() {
                                String::new()
                            } else {
                                format!(" ({})", sh.join(", "))
                            }
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
                            let total =
                                dice.iter().map(|d| i32::from(*d)).sum::<i32>() + i32::from(*plus);
                            let plus = if *plus > 0 {
                                format!(" + {plus}")
                            } else {
                                String::new()
                            };
                            ui.label(format!("{plus} = {total} against {morale}: {outcome}"));
                        });
                    }
                    GameEvent::StepLost { piece, eliminated } => {
                        ui.label(if *eliminated {
                            format!(
                                "{} loses its last step and is removed.",
                                name_of(&names, piece)
                            )
                        } else {
                            format!(
                                "{} loses a step and flips to its reduced side.",
                                name_of(&names, piece)
                            )
                        });
                    }
                    _ => {}
                }
            }
            ui.separator();
            if ui.button("Close").clicked() {
                play.report.open = false;
            }
        });
    if !open {
        play.report.open = false;
    }
}
