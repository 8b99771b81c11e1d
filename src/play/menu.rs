//! The game menu, on Esc when nothing is selected: resume, save, save as, load the
//! last save, open a file, leave to the start screen, quit. Leaving the game (for the
//! start screen, another file, or the desktop) with orders given since it was last
//! written asks first.

use super::session::{GameSource, SessionRequest};
use crate::screen::UiStatus;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use drumfire_core::orders::{Order, OrderLog};
use std::ffi::OsString;

/// Is the menu open, and what waits for an answer to "leave without saving?"
#[derive(Resource, Default)]
pub struct GameMenu {
    /// The menu is shown.
    pub open: bool,
    /// Leaving, asked and waiting for the answer.
    pub leaving: Option<Leave>,
}

/// Esc with nothing selected opens the game menu, or closes it (with something
/// selected, Esc clears the selection: `input`).
pub fn escape_opens_menu(
    keys: Res<ButtonInput<KeyCode>>,
    selection: Res<crate::input::Selection>,
    asking: Res<super::confirm::Asking>,
    mut help: ResMut<super::session::HelpOpen>,
    mut rules: ResMut<crate::screen::RulesWindow>,
    mut menu: ResMut<GameMenu>,
) {
    // Esc closes the rules window, then Help, before anything else.
    if keys.just_pressed(KeyCode::Escape) && !menu.open && (rules.open || help.0) {
        if rules.open {
            rules.close = true;
        } else {
            help.0 = false;
        }
        return;
    }
    // Esc answers a question first (Go back).
    if keys.just_pressed(KeyCode::Escape) && selection.hex.is_none() && asking.question().is_none()
    {
        menu.open = !menu.open;
        menu.leaving = None;
    }
}

/// Where the player goes when leaving the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Leave {
    /// To the start screen.
    Start,
    /// To another file (a save, a scenario, a turn file): the program's arguments.
    Open(Vec<OsString>),
    /// Out of the program.
    Quit,
}

/// The orders of the game as it was last written (saved or autosaved), or as it was
/// opened: the game has unsaved orders when its log is anything else.
#[derive(Resource, Default)]
pub struct Saved(pub Vec<Order>);

/// After the window closes, the program starts again with these arguments (leaving
/// for the start screen or another file), set by the menu.
#[derive(Resource, Clone, Default)]
pub struct Relaunch(pub crate::files::Next);

/// Orders given since the game was last written.
pub fn unsaved(world: &World) -> usize {
    let log = &world.resource::<OrderLog>().0;
    let saved = world.get_resource::<Saved>().map_or(&[][..], |s| &s.0[..]);
    if log.starts_with(saved) {
        log.len() - saved.len()
    } else {
        // Undone past the last save, and played on: count from where they part.
        let same = log.iter().zip(saved).take_while(|(a, b)| a == b).count();
        log.len() - same + 1
    }
}

/// Draws the menu and carries out what is chosen (an exclusive step: saving reads the
/// whole game).
pub fn menu(world: &mut World) {
    if !world.resource::<GameMenu>().open {
        return;
    }
    let Some(ctx) =
        crate::screen::with::<EguiContexts, _>(world, |mut c| c.ctx_mut().ok().cloned()).flatten()
    else {
        return;
    };
    let two_machines = world.contains_non_send::<super::network::NetPlay>()
        || world.contains_non_send::<super::post::PostPlay>();
    let watching = world.contains_resource::<drumfire_core::door::Watching>();
    let pending = unsaved(world);
    let mut chosen: Option<Choice> = None;
    let asking = world.resource::<GameMenu>().leaving.clone();
    let mut open = true;
    egui::Window::new(if asking.is_some() {
        "Leave the game?"
    } else {
        "Game"
    })
    .open(&mut open)
    .collapsible(false)
    .resizable(false)
    .default_width(260.0)
    .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
    .show(&ctx, |ui| {
        let wide = [ui.available_width(), 26.0];
        let button = |ui: &mut egui::Ui, text: &str, enabled: bool| {
            ui.add_enabled(enabled, egui::Button::new(text).min_size(wide.into()))
                .clicked()
        };
        if asking.is_some() {
            ui.label(format!(
                "{pending} order{} since this game was last saved.",
                if pending == 1 { "" } else { "s" }
            ));
            if button(ui, "Save, then leave", true) {
                chosen = Some(Choice::SaveAndLeave);
            }
            if button(ui, "Leave without saving", true) {
                chosen = Some(Choice::Leave);
            }
            if button(ui, "Stay", true) {
                chosen = Some(Choice::Stay);
            }
            return;
        }
        if button(ui, "Resume (Esc)", true) {
            chosen = Some(Choice::Resume);
        }
        ui.separator();
        let can_save = !watching;
        if button(ui, "Save (Ctrl+S)", can_save) {
            chosen = Some(Choice::Save);
        }
        if button(ui, "Save as…", can_save) {
            chosen = Some(Choice::SaveAs);
        }
        if button(ui, "Load the last save (Ctrl+O)", can_save && !two_machines) {
            chosen = Some(Choice::Load);
        }
        if button(ui, "Open a file…", true) {
            chosen = Some(Choice::Open);
        }
        if button(ui, "Settings…", true) {
            chosen = Some(Choice::Settings);
        }
        ui.separator();
        if button(ui, "Leave to the start screen", true) {
            chosen = Some(Choice::Ask(Leave::Start));
        }
        if button(ui, "Quit", true) {
            chosen = Some(Choice::Ask(Leave::Quit));
        }
        if pending > 0 && !two_machines && !watching {
            ui.weak(format!(
                "{pending} order{} not saved yet.",
                if pending == 1 { "" } else { "s" }
            ));
        }
    });
    if !open {
        chosen = Some(Choice::Resume);
    }
    file_dialog(world, &ctx);
    if let Some(choice) = chosen {
        carry_out(world, choice, two_machines || watching);
    }
}

/// What was clicked in the menu.
enum Choice {
    Resume,
    Save,
    SaveAs,
    Load,
    Open,
    Settings,
    Ask(Leave),
    SaveAndLeave,
    Leave,
    Stay,
}

fn carry_out(world: &mut World, choice: Choice, nothing_to_lose: bool) {
    let request = |world: &mut World, r: SessionRequest| {
        world.resource_mut::<GameMenu>().open = false;
        *world.resource_mut::<SessionRequest>() = r;
    };
    let dialog = |world: &mut World, purpose: Purpose| {
        if let Some(mut d) = world.get_non_send_mut::<Dialog>() {
            d.purpose = purpose;
            match purpose {
                Purpose::SaveAs => d.dialog.0.save_file(),
                Purpose::Open => d.dialog.0.pick_file(),
            }
        }
    };
    match choice {
        Choice::Resume => world.resource_mut::<GameMenu>().open = false,
        Choice::Save => request(world, SessionRequest::Save),
        Choice::Load => request(world, SessionRequest::Load),
        Choice::SaveAs => dialog(world, Purpose::SaveAs),
        Choice::Open => dialog(world, Purpose::Open),
        Choice::Settings => {
            world.resource_mut::<GameMenu>().open = false;
            if let Some(mut s) = world.get_resource_mut::<crate::settings::SettingsOpen>() {
                s.0 = true;
            }
        }
        Choice::Ask(leave) => {
            if nothing_to_lose || unsaved(world) == 0 {
                go(world, leave);
            } else {
                world.resource_mut::<GameMenu>().leaving = Some(leave);
            }
        }
        Choice::Stay => world.resource_mut::<GameMenu>().leaving = None,
        Choice::Leave => {
            if let Some(leave) = world.resource_mut::<GameMenu>().leaving.take() {
                go(world, leave);
            }
        }
        Choice::SaveAndLeave => {
            let Some(leave) = world.resource_mut::<GameMenu>().leaving.take() else {
                return;
            };
            let Some(source) = world.get_resource::<GameSource>().cloned() else {
                return;
            };
            let path = source.save_path("save");
            match super::session::write_save(world, &source, &path) {
                Ok(()) => go(world, leave),
                Err(e) => {
                    world.resource_mut::<UiStatus>().0 = format!(
                        "Could not save to {}: {e}; the game stays open.",
                        path.display()
                    );
                    world.resource_mut::<GameMenu>().open = false;
                }
            }
        }
    }
}

/// Leaves the game: for the start screen or another file, in this window (a game
/// between two machines or by e-mail, or a file that needs a program of its own,
/// starts the program again); for Quit, the window closes.
fn go(world: &mut World, leave: Leave) {
    let own_process = world
        .get_non_send::<crate::play::network::NetPlay>()
        .is_some()
        || world
            .get_non_send::<crate::play::post::PostPlay>()
            .is_some();
    let args = match leave {
        Leave::Start if !own_process => {
            world.insert_resource(crate::screen::ToStart(String::new()));
            return;
        }
        Leave::Open(args) if !own_process => {
            world.insert_resource(crate::screen::Launch(args));
            return;
        }
        Leave::Start => Some(Vec::new()),
        Leave::Open(args) => Some(args),
        Leave::Quit => None,
    };
    if let (Some(args), Some(relaunch)) = (args, world.get_resource::<Relaunch>())
        && let Ok(mut next) = relaunch.0.lock()
    {
        *next = Some(args);
    }
    world.write_message(AppExit::Success);
}

/// What the file dialog was opened for.
#[derive(Default, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Save the game under a name of the player's.
    #[default]
    SaveAs,
    /// Open another file.
    Open,
}

/// The menu's file dialog and what it is open for.
pub struct Dialog {
    /// The dialog.
    pub dialog: crate::files::FileDialog,
    /// What a picked file is for.
    pub purpose: Purpose,
}

fn file_dialog(world: &mut World, ctx: &egui::Context) {
    let picked = {
        let Some(mut dialog) = world.get_non_send_mut::<Dialog>() else {
            return;
        };
        dialog.dialog.0.update(ctx);
        let purpose = dialog.purpose;
        dialog.dialog.0.take_picked().map(|p| (purpose, p))
    };
    let Some((purpose, path)) = picked else {
        return;
    };
    match purpose {
        Purpose::SaveAs => {
            let Some(source) = world.get_resource::<GameSource>().cloned() else {
                return;
            };
            let path = if path.extension().is_none() {
                path.with_extension("ron")
            } else {
                path
            };
            let status = match super::session::write_save(world, &source, &path) {
                Ok(()) => format!("Saved to {}.", path.display()),
                Err(e) => format!("Could not save to {}: {e}", path.display()),
            };
            world.resource_mut::<UiStatus>().0 = status;
            world.resource_mut::<GameMenu>().open = false;
        }
        Purpose::Open => match crate::files::open_args(&path) {
            Ok(args) => {
                let two = world.contains_non_send::<super::network::NetPlay>()
                    || world.contains_non_send::<super::post::PostPlay>()
                    || world.contains_resource::<drumfire_core::door::Watching>();
                carry_out(world, Choice::Ask(Leave::Open(args)), two);
            }
            Err(e) => world.resource_mut::<UiStatus>().0 = e,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use drumfire_core::game::Game;

    /// Orders given since the last save are counted, also after an undo past it.
    #[test]
    fn unsaved_orders_are_those_since_the_game_was_last_written() {
        let scenario = drumfire_core::rules::shipped::find("lindenau")
            .unwrap()
            .parse()
            .unwrap();
        let mut game = Game::new(&scenario, 4);
        for _ in 0..3 {
            let side = game.awaiting().unwrap();
            let order = scenario.rules.computer(game.world(), side, 0).unwrap();
            game.submit(order).unwrap();
        }
        let world = game.world_mut();
        assert_eq!(unsaved(world), 3, "nothing written yet");
        let log = world.resource::<OrderLog>().0.clone();
        world.insert_resource(Saved(log[..2].to_vec()));
        assert_eq!(unsaved(world), 1);
        world.insert_resource(Saved(log.clone()));
        assert_eq!(unsaved(world), 0);
        let mut other = log.clone();
        other.push(log[0].clone());
        world.insert_resource(Saved(other));
        assert_eq!(unsaved(world), 1, "undone past the save: the game differs");
    }
}
