//! The shared panels of play: the odds panel any rule set fills, the combat dialog,
//! the session's buttons, the log's controls, help, the game's end and the hot-seat
//! hand-off screen. Every button queues a request; nothing here edits the game.

use crate::play::CombatReport;
use crate::play::parts::HandoffWords;
use crate::play::session::{Handoff, HelpOpen, SessionRequest, TwoMachines};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::flow::{Outcome, StepsLost};
use drumfire_core::journal::GameEvent;
use drumfire_core::map::{HexCell, Objective};
use drumfire_core::scenario::{ScenarioInfo, SideList};
use std::collections::BTreeMap;

/// What the shared play panels read and write.
#[derive(SystemParam)]
pub struct PlayView<'w, 's> {
    pub(crate) report: ResMut<'w, CombatReport>,
    pub(crate) names: Res<'w, super::PieceNames>,
    pub(crate) session: ResMut<'w, SessionRequest>,
    pub(crate) help: ResMut<'w, HelpOpen>,
    pub(crate) two: ResMut<'w, TwoMachines>,
    pub(crate) handoff: ResMut<'w, Handoff>,
    pub(crate) log_turn: Local<'s, crate::screen::OfTheGame<Option<u16>>>,
    pub(crate) game: Option<Res<'w, crate::screen::GameSerial>>,
    pub(crate) outcome: Option<Res<'w, Outcome>>,
    pub(crate) objectives: Query<'w, 's, (&'static HexCell, &'static Objective)>,
    pub(crate) info: Res<'w, ScenarioInfo>,
    pub(crate) sides: Res<'w, SideList>,
    pub(crate) lost: Res<'w, StepsLost>,
    pub(crate) victory_seen: Local<'s, crate::screen::OfTheGame<bool>>,
}

impl PlayView<'_, '_> {
    /// Piece names by id, as the log names them.
    pub fn names(&self) -> BTreeMap<String, String> {
        self.names.0.clone()
    }

    fn serial(&self) -> crate::screen::GameSerial {
        self.game.as_deref().copied().unwrap_or_default()
    }

    /// The log's turn filter, of this game.
    fn log_turn(&mut self) -> &mut Option<u16> {
        let serial = self.serial();
        self.log_turn.of(serial)
    }

    /// The victory window was seen (closed) in this game.
    fn victory_seen(&mut self) -> &mut bool {
        let serial = self.serial();
        self.victory_seen.of(serial)
    }
}

/// The name a player reads for a piece id (the id itself if it has none).
pub(crate) fn name_of(names: &BTreeMap<String, String>, id: &str) -> String {
    names.get(id).cloned().unwrap_or_else(|| id.to_owned())
}

/// The side the game waits on, with its name and colour, for a rule set's part of the
/// phase bar.
pub fn awaited(world: &World) -> Option<(u8, String, egui::Color32)> {
    let side = drumfire_core::flow::awaiting(world)?;
    let sides = world.resource::<drumfire_core::scenario::SideList>();
    Some((
        side,
        sides.name(side).to_owned(),
        crate::ui::side_colour(world.resource::<crate::settings::SideColours>(), side),
    ))
}

/// The phase bar's end button for `side` ("{end} ({name})", `why` on hover): a press
/// asks the side to pass. None for a side the computer plays, nor in a replay.
pub fn end_button(
    ui: &mut egui::Ui,
    world: &mut World,
    side: u8,
    name: &str,
    end: &str,
    why: &str,
) {
    if crate::play::not_at_this_screen(world, side) || crate::play::viewer::watching(world) {
        return;
    }
    if steady_button(ui, "end", format!("{end} ({name})"), why) {
        world.resource_mut::<crate::play::offers::OrderRequest>().0 =
            Some(drumfire_core::orders::Order::Pass { side });
    }
}

/// How long a button whose words changed under the pointer stays shut.
const STEADY_SECONDS: f64 = 1.0;

/// A button whose words may change while the pointer rests on it (the phase bar's end
/// button, once an order ended an activation or a side's part): after its words change
/// it does nothing until the pointer has left it or a second has passed, so a click
/// meant for the old words never gives the new ones. True when pressed.
pub fn steady_button(ui: &mut egui::Ui, id: &str, words: String, why: &str) -> bool {
    let key = egui::Id::new(("steady_button", id));
    let now = ui.input(|i| i.time);
    let (last, changed_at, left) = ui
        .data(|d| d.get_temp::<(String, f64, bool)>(key))
        .unwrap_or_else(|| (words.clone(), f64::NEG_INFINITY, true));
    let (changed_at, left) = if last == words {
        (changed_at, left)
    } else {
        (now, false)
    };
    let shut = !left && now - changed_at < STEADY_SECONDS;
    if shut {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(STEADY_SECONDS));
    }
    let button = ui
        .add_enabled(!shut, egui::Button::new(words.as_str()))
        .on_hover_text(why)
        .on_disabled_hover_text("Its words just changed: move off it and back, or wait a moment");
    let left = left || !button.contains_pointer();
    ui.data_mut(|d| d.insert_temp(key, (words, changed_at, left)));
    if button.clicked() {
        // Hand the keyboard back to the board (arrows, Esc).
        button.surrender_focus();
        return true;
    }
    false
}

/// The foot of a sheet a side fills in secret (its orders, its chits): why it cannot
/// be given yet, and the button that gives it; true when pressed.
pub fn sheet_button(ui: &mut egui::Ui, valid: &Result<(), String>, words: &str) -> bool {
    if let Err(why) = valid {
        ui.colored_label(egui::Color32::from_rgb(230, 110, 90), why);
    }
    ui.add_enabled(valid.is_ok(), egui::Button::new(words))
        .clicked()
}

pub use crate::screen::odds_panel;

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
                            GameEvent::Fired { .. } => {
                                ui.separator();
                                nth += 1;
                                report_fire(ui, &names, e, nth, fires);
                            }
                            GameEvent::MoraleChecked { .. } => report_morale(ui, &names, e),
                            GameEvent::StepLost { .. } | GameEvent::StandLost { .. } => {
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

/// A fire of the report, the `nth` of `fires`: who fired at what, the line of the
/// table, the dice and the result.
fn report_fire(
    ui: &mut egui::Ui,
    names: &BTreeMap<String, String>,
    e: &GameEvent,
    nth: usize,
    fires: usize,
) {
    let GameEvent::Fired {
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
    } = e
    else {
        return;
    };
    let who: Vec<String> = firers.iter().map(|f| name_of(names, f)).collect();
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
        if dice.len() > 1 && !drumfire_core::journal::per_die(table) {
            ui.label(format!(
                "= {}",
                dice.iter().map(|d| u32::from(*d)).sum::<u32>()
            ));
        }
        ui.strong(format!("Result: {result}"));
    });
}

/// A morale check of the report: whose, the dice and what they came to against
/// its morale.
fn report_morale(ui: &mut egui::Ui, names: &BTreeMap<String, String>, e: &GameEvent) {
    let GameEvent::MoraleChecked {
        piece,
        dice,
        plus,
        morale,
        outcome,
    } = e
    else {
        return;
    };
    ui.horizontal(|ui| {
        ui.label(format!("{} checks morale:", name_of(names, piece)));
        for d in dice {
            die(ui, *d);
        }
        let total = dice.iter().map(|d| i32::from(*d)).sum::<i32>() + i32::from(*plus);
        let plus = if *plus > 0 {
            format!(" + {plus}")
        } else {
            String::new()
        };
        ui.label(format!("{plus} = {total} against {morale}: {outcome}"));
    });
}

/// Save, load, undo, the editor, table mode and help, at the right of the bottom
/// bar (the rule set's own tools come after them); between two machines, save, the
/// editor, the replay and help only.
pub fn session_buttons(
    ui: &mut egui::Ui,
    play: &mut PlayView,
    at_table: bool,
    watching: bool,
    two_machines: bool,
) {
    if ui.button("Help (F1)").clicked() {
        play.help.0 = !play.help.0;
    }
    if watching {
        // A replay is watched, not played: its own bar steps through it.
        if ui
            .button("Editor")
            .on_hover_text("Open this scenario in the scenario editor, in a window of its own")
            .clicked()
        {
            *play.session = SessionRequest::Edit;
        }
        return;
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
    // Between two machines the game is both players': no table mode, no undo (the
    // dice are shared) and no load (each machine keeps the game itself).
    if !two_machines && ui.button(switch).on_hover_text(why).clicked() {
        *play.session = SessionRequest::SwitchMode;
    }
    if ui
        .button("Editor")
        .on_hover_text("Open this scenario in the scenario editor, in a window of its own")
        .clicked()
    {
        *play.session = SessionRequest::Edit;
    }
    if !at_table
        && !two_machines
        && ui
            .button("Two machines")
            .on_hover_text("Host this scenario, join a hosted game, or start it by e-mail")
            .clicked()
    {
        play.two.open = !play.two.open;
    }
    if !at_table
        && ui
            .button("Replay")
            .on_hover_text(
                "Watch this game from its start, order by order, in a window of its own \
                 (this game waits here meanwhile)",
            )
            .clicked()
    {
        *play.session = SessionRequest::Replay;
    }
    if !two_machines
        && ui
            .button("Undo")
            .on_hover_text("Ctrl+Z: take back the last order, never past dice already rolled")
            .clicked()
    {
        *play.session = SessionRequest::Undo;
    }
    if !two_machines
        && ui
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
}

/// The Two machines window: host this scenario (a port, a side), join a hosted game
/// (an address, a code), or start it by e-mail (a side). `why_not` says why this
/// scenario cannot be played on two machines, when it cannot.
pub fn two_machines_window(ctx: &egui::Context, play: &mut PlayView, why_not: Option<&str>) {
    let sides: Vec<String> = play.sides.0.iter().map(|s| s.name.clone()).collect();
    if let Some(asked) = two_machines_dialog(ctx, "Two machines", &mut play.two, &sides, why_not) {
        *play.session = asked;
    }
}

/// The Two machines window titled `title` (closed with its cross: `two.open`), and the
/// request of the button clicked in it ([`two_machines_form`]).
pub fn two_machines_dialog(
    ctx: &egui::Context,
    title: &str,
    two: &mut TwoMachines,
    sides: &[String],
    why_not: Option<&str>,
) -> Option<SessionRequest> {
    let mut open = two.open;
    let mut asked = None;
    egui::Window::new(title)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(360.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| asked = two_machines_form(ui, two, sides, why_not));
    two.open = open;
    asked
}

/// The Two machines form: the side played here, host (with its port), join (address
/// and code), or start a game by e-mail; the request of the button clicked. Hosting
/// and e-mail are offered only when `why_not` is `None` (else it is said why not).
pub fn two_machines_form(
    ui: &mut egui::Ui,
    two: &mut TwoMachines,
    sides: &[String],
    why_not: Option<&str>,
) -> Option<SessionRequest> {
    let mut asked = None;
    ui.horizontal(|ui| {
        ui.label("You play");
        for (i, name) in sides.iter().enumerate() {
            ui.radio_value(&mut two.side, i as u8, name);
        }
    });
    ui.separator();
    ui.strong("Host this scenario");
    ui.horizontal(|ui| {
        ui.label("Port");
        ui.add(egui::TextEdit::singleline(&mut two.port).desired_width(60.0));
        let host = ui
            .add_enabled(why_not.is_none(), egui::Button::new("Host"))
            .on_hover_text("A window of its own shows the address and the code to give");
        if host.clicked() {
            asked = Some(SessionRequest::Host);
        }
    });
    ui.separator();
    ui.strong("Join a hosted game");
    ui.horizontal(|ui| {
        ui.label("Address");
        ui.add(
            egui::TextEdit::singleline(&mut two.address)
                .hint_text("192.168.1.20:7373")
                .desired_width(150.0),
        );
    });
    ui.horizontal(|ui| {
        ui.label("Code");
        ui.add(
            egui::TextEdit::singleline(&mut two.code)
                .hint_text("04HM-ASW9-NF6Y-ZVEB-N63P")
                .desired_width(200.0),
        );
        if ui.button("Join").clicked() {
            asked = Some(SessionRequest::Join);
        }
    });
    ui.separator();
    ui.strong("By e-mail");
    ui.horizontal(|ui| {
        let post = ui
            .add_enabled(why_not.is_none(), egui::Button::new("Start a turn file"))
            .on_hover_text("Write this scenario's first turn file, to send the other player");
        if post.clicked() {
            asked = Some(SessionRequest::Post);
        }
    });
    if let Some(why) = why_not {
        ui.colored_label(egui::Color32::from_rgb(230, 110, 90), why);
    }
    asked
}

/// The turn filter and the export button of the log.
pub fn log_controls(ui: &mut egui::Ui, play: &mut PlayView, turns: u16) {
    if ui.small_button("Export log").clicked() {
        *play.session = SessionRequest::ExportLog;
    }
    let current = match *play.log_turn() {
        Some(t) => format!("Turn {t}"),
        None => "All turns".into(),
    };
    egui::ComboBox::from_id_salt("log_turn")
        .selected_text(current)
        .show_ui(ui, |ui| {
            ui.selectable_value(play.log_turn(), None, "All turns");
            for t in 0..=turns {
                ui.selectable_value(
                    play.log_turn(),
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
pub fn log_turn(play: &mut PlayView) -> Option<u16> {
    *play.log_turn()
}

/// Keyboard shortcuts, table mode, and the rule set's rules in brief (a heading and
/// a paragraph).
pub fn help_window(
    ctx: &egui::Context,
    play: &mut PlayView,
    rules: Option<(&'static str, &'static str)>,
) -> bool {
    let mut open = play.help.0;
    let mut book = false;
    egui::Window::new("Help")
        .open(&mut open)
        .collapsible(false)
        .default_width(460.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.strong("Mouse");
            ui.label("Click a hex to select its top counter; click again for the next one down. The Orders under the hex list what the selected counter may do now, with the odds of each; greyed ones say why not. A move or a fire asks for a hex on the map: blue hexes can be reached (with their cost), red rings can be fired at or attacked. Right or middle drag pans, the wheel zooms, Home shows the whole map.");
            ui.separator();
            ui.strong("Keys");
            egui::Grid::new("keys").show(ui, |ui| {
                for (k, what) in [
                    ("Space", "End what the side to act is doing: pass, or end the activation or the phase"),
                    ("Esc", "Cancel picking a hex, then clear the selection; with nothing selected, the game menu"),
                    ("Ctrl+Z", "Undo your last order while you still have the move (never past dice already rolled)"),
                    ("Ctrl+S / Ctrl+O", "Save / load this scenario's game"),
                    ("Arrows", "Pan the map"),
                    ("Home", "Show the whole map"),
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
            if let Some((heading, text)) = rules {
                ui.separator();
                ui.strong(heading);
                ui.label(text);
                book = ui
                    .button("The rules in full…")
                    .on_hover_text("Every rule with where it lives and its test, our rulings and their exact odds; searchable")
                    .clicked();
            }
        });
    play.help.0 = open;
    book
}

/// The result and the scenario's victory conditions, when the game is over.
pub fn victory_window(ctx: &egui::Context, play: &mut PlayView) {
    let Some(outcome) = play.outcome.as_deref().cloned() else {
        *play.victory_seen() = false;
        return;
    };
    if *play.victory_seen() {
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
        *play.victory_seen() = true;
    }
}

/// Hot-seat: hides the table while the mouse passes to the other player, while the
/// sides prepare in secret and before a side's secret is shown. Returns the side
/// whose secret the player who took the screen asked to see.
pub fn handoff_screen(
    ctx: &egui::Context,
    play: &mut PlayView,
    words: Option<HandoffWords>,
) -> Option<u8> {
    let side = play.handoff.waiting_for?;
    let words = words?;
    let name = play.sides.name(side).to_owned();
    let (why, button) = if play.handoff.show_secret {
        (
            format!(
                "The {name} side's {}. The other player looks away now.",
                words.secret
            ),
            format!("I am {name}: {}", words.show),
        )
    } else {
        (
            format!("{} The other player looks away now.", words.hidden),
            format!("I am {name}: show the table"),
        )
    };
    // What the order just given did (a fire at a charger, its dice and losses): public,
    // and the player who gave it reads it here before handing over.
    let names = play.names();
    let happened: Vec<String> = if play.report.open {
        play.report
            .events
            .iter()
            .map(|e| e.describe(&play.sides, &names))
            .collect()
    } else {
        Vec::new()
    };
    let mut shown = None;
    egui::Area::new("handoff".into())
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(0.0, 0.0))
        .show(ctx, |ui| {
            let rect = ctx.viewport_rect();
            ui.painter()
                .rect_filled(rect, 0.0, egui::Color32::from_rgb(24, 26, 24));
            let tall = 160.0 + 40.0 * happened.len().min(8) as f32;
            let panel = egui::Rect::from_center_size(rect.center(), egui::vec2(520.0, tall));
            ui.scope_builder(egui::UiBuilder::new().max_rect(panel), |ui| {
                ui.vertical_centered(|ui| {
                    ui.heading(format!("Hand over to {name}"));
                    if !happened.is_empty() {
                        ui.strong("What the last order did:");
                        for line in &happened {
                            ui.label(line);
                        }
                        ui.add_space(8.0);
                    }
                    ui.label(why);
                    ui.add_space(12.0);
                    if ui.button(button).clicked() {
                        play.handoff.waiting_for = None;
                        if std::mem::take(&mut play.handoff.show_secret) {
                            shown = Some(side);
                        }
                    }
                });
            });
        });
    shown
}

#[cfg(test)]
mod tests;
