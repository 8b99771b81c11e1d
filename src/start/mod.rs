//! The start screen, what `drumfire` opens on: every scenario grouped by rule set, each
//! with a picture of its map drawn from the map, its briefing, sides, length and size,
//! and who plays each side; beside it Continue (the newest save), the games saved
//! lately, Open a file, Two machines, the Editor and Quit. A first-time player is
//! pointed at the tutorial.
//!
//! Each rule set builds its own game world when a game starts, so a choice made here
//! starts the program again on it (`drumfire play NAME --players …`, the same process
//! on Unix), as the command line would.

pub mod catalog;

use crate::play::session::{SessionRequest, TwoMachines};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use catalog::{Entry, Recent};
use std::ffi::OsString;
use std::path::PathBuf;

use crate::files::{FileDialog, open_args};

/// Games listed under Recent.
const RECENT: usize = 8;

/// The start screen's state.
#[derive(Resource)]
pub struct Start {
    entries: Vec<Entry>,
    chosen: usize,
    /// Per side of the chosen scenario: played by the computer?
    computer: Vec<bool>,
    recent: Vec<Recent>,
    thumbs: Vec<Option<egui::TextureHandle>>,
    two: TwoMachines,
    /// The rule set of a new scenario in the editor, by id.
    new_rules: &'static str,
    /// What was last done or refused, under the buttons.
    message: String,
    /// No save anywhere yet: a first-time player.
    first_time: bool,
    /// The rules window.
    book: crate::ui::rules_book::RulesBook,
    /// What was chosen this frame, to open at the frame's end.
    launching: Option<Vec<OsString>>,
}

impl Start {
    /// The screen over the scenarios and saves of the data folder (and an old
    /// `saves/` beside the program's working folder).
    pub fn read() -> Self {
        let entries = catalog::entries(&drumfire_core::paths::scenarios());
        let recent = catalog::recent(
            &[
                drumfire_core::paths::saves(),
                PathBuf::from(drumfire_core::paths::LEGACY_SAVES),
            ],
            RECENT,
        );
        let thumbs = entries.iter().map(|_| None).collect();
        let mut start = Self {
            first_time: recent.is_empty(),
            entries,
            chosen: 0,
            computer: Vec::new(),
            recent,
            thumbs,
            two: TwoMachines::default(),
            new_rules: drumfire_core::rules::ALL.first().map_or("", |r| r.id),
            message: String::new(),
            book: Default::default(),
            launching: None,
        };
        start.choose(0);
        start
    }

    /// The screen with `message` under its buttons.
    pub fn telling(mut self, message: String) -> Self {
        self.message = message;
        self
    }

    /// Chooses the scenario at `i`: every side a person but the second's, which the
    /// computer plays (a game against the computer is what most players start).
    fn choose(&mut self, i: usize) {
        self.chosen = i;
        let sides = self.entries[i]
            .scenario
            .as_ref()
            .map_or(0, |s| s.file.sides.len());
        self.computer = (0..sides).map(|s| s == 1).collect();
        self.two.side = 0;
    }

    /// Opens what `args` name, as the command line would (`play FILE`, `edit`...):
    /// in this window, or by starting the program again (`crate::opening::launch`).
    fn launch(&mut self, args: Vec<OsString>) {
        self.launching = Some(args);
    }
}

/// The start screen's plugin (the window and egui are set up by the caller).
pub fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(crate::screen::Screen::Start),
        crate::input::spawn_board_camera.run_if(crate::input::no_board_camera),
    )
    .add_systems(EguiPrimaryContextPass, draw)
    .add_systems(Update, close_on_escape);
}

/// Esc closes the window on top of the start screen, one a press: the rules, the Two
/// machines form, the settings.
fn close_on_escape(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut start: ResMut<Start>,
    mut settings: ResMut<crate::settings::SettingsOpen>,
) {
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    if start.book.open {
        start.book.open = false;
    } else if start.two.open {
        start.two.open = false;
    } else if settings.0 {
        settings.0 = false;
    } else {
        return;
    }
    keys.clear_just_pressed(KeyCode::Escape);
}

fn draw(
    mut contexts: EguiContexts,
    mut start: ResMut<Start>,
    mut dialog: Option<NonSendMut<FileDialog>>,
    mut settings: ResMut<crate::settings::SettingsOpen>,
    mut exit: MessageWriter<AppExit>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let ctx = &ctx;
    make_thumbnails(ctx, &mut start);
    let start = &mut *start;
    let mut root = crate::screen::root_ui(ctx, "start_root");
    egui::Panel::top("start_title").show(&mut root, |ui| {
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            ui.heading(egui::RichText::new("Drumfire").size(28.0).strong());
            ui.label("tactical hex-and-counter battles, the rules kept by the game");
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.weak(format!(
                    "Your files: {}",
                    drumfire_core::paths::data().display()
                ));
            });
        });
        ui.add_space(4.0);
    });
    egui::Panel::left("start_list")
        .resizable(false)
        .exact_size(300.0)
        .show(&mut root, |ui| scenario_list(ui, start));
    egui::Panel::right("start_more")
        .resizable(false)
        .exact_size(300.0)
        .show(&mut root, |ui| {
            more(ui, start, &mut settings, dialog.as_deref_mut(), &mut exit)
        });
    egui::CentralPanel::default().show(&mut root, |ui| chosen(ui, start));
    if let Some(dialog) = dialog.as_deref_mut() {
        dialog.0.update(ctx);
        if let Some(path) = dialog.0.take_picked() {
            match open_args(&path) {
                Ok(args) => start.launch(args),
                Err(e) => start.message = e,
            }
        }
    }
    if start.two.open {
        two_machines(ctx, start);
    }
    crate::ui::rules_book::window(ctx, &mut start.book);
    if let Some(args) = start.launching.take() {
        commands.insert_resource(crate::screen::Launch(args));
    }
    Ok(())
}

/// Makes the textures of the map pictures the first time they are drawn.
fn make_thumbnails(ctx: &egui::Context, start: &mut Start) {
    for (i, entry) in start.entries.iter().enumerate() {
        if start.thumbs[i].is_some() {
            continue;
        }
        if let Ok(s) = &entry.scenario {
            let (w, h, px) = catalog::thumbnail(s);
            let image = egui::ColorImage::from_rgba_unmultiplied([w, h], &px);
            start.thumbs[i] = Some(ctx.load_texture(
                format!("map-{}", entry.name),
                image,
                egui::TextureOptions::NEAREST,
            ));
        }
    }
}

/// The scenarios, grouped by rule set.
fn scenario_list(ui: &mut egui::Ui, start: &mut Start) {
    ui.add_space(6.0);
    egui::ScrollArea::vertical().show(ui, |ui| {
        let mut group = "";
        let mut picked = None;
        for (i, entry) in start.entries.iter().enumerate() {
            if entry.group() != group {
                group = entry.group();
                ui.add_space(6.0);
                ui.strong(group);
            }
            let mut text = egui::RichText::new(entry.title());
            if entry.scenario.is_err() {
                text = text.weak();
            }
            let row = ui.selectable_label(start.chosen == i, text);
            let row = match &entry.scenario {
                Ok(s) => row.on_hover_text(format!(
                    "drumfire play {} · {}x{} · {} turns",
                    entry.name, s.file.map.width, s.file.map.height, s.file.turns
                )),
                Err(e) => row.on_hover_text(e),
            };
            if row.clicked() {
                picked = Some(i);
            }
        }
        if !ui.ctx().egui_wants_keyboard_input() {
            let last = start.entries.len() - 1;
            if ui.input(|i| i.key_pressed(egui::Key::ArrowDown)) {
                picked = Some((start.chosen + 1).min(last));
            } else if ui.input(|i| i.key_pressed(egui::Key::ArrowUp)) {
                picked = Some(start.chosen.saturating_sub(1));
            }
        }
        if let Some(i) = picked {
            start.choose(i);
        }
    });
}

/// The chosen scenario: its map, facts and briefing, who plays each side, and Play.
fn chosen(ui: &mut egui::Ui, start: &mut Start) {
    let entry = &start.entries[start.chosen];
    let scenario = match &entry.scenario {
        Ok(s) => s,
        Err(e) => {
            ui.heading(entry.title());
            ui.colored_label(egui::Color32::from_rgb(230, 110, 90), e);
            return;
        }
    };
    let f = &scenario.file;
    ui.add_space(6.0);
    ui.heading(egui::RichText::new(&f.title).size(22.0));
    let sides: Vec<&str> = f.sides.iter().map(|s| s.name.as_str()).collect();
    ui.label(format!(
        "{} · {} against {} · {} turns · a map of {} by {} hexes · {} counters",
        scenario.rules.name,
        sides.first().copied().unwrap_or_default(),
        sides.get(1..).map(|s| s.join(", ")).unwrap_or_default(),
        f.turns,
        f.map.width,
        f.map.height,
        f.counters.len()
    ));
    if start.first_time && entry.name == "tutorial" {
        ui.colored_label(
            egui::Color32::from_rgb(240, 200, 90),
            "New to Drumfire? Start here: a small Great War battle that shows how the game \
             keeps the rules, shows the odds before every fire and rolls the dice in the open.",
        );
    }
    ui.add_space(6.0);
    if let Some(tex) = &start.thumbs[start.chosen] {
        let size = tex.size_vec2();
        let scale = (ui.available_width() / size.x).min(260.0 / size.y).max(1.0);
        ui.image((tex.id(), size * scale));
    }
    ui.add_space(6.0);
    egui::ScrollArea::vertical()
        .max_height(150.0)
        .id_salt("briefing")
        .show(ui, |ui| ui.label(&f.briefing));
    ui.separator();
    let computer = &mut start.computer;
    egui::Grid::new("who_plays").num_columns(3).show(ui, |ui| {
        for (i, side) in f.sides.iter().enumerate() {
            ui.strong(&side.name);
            if let Some(c) = computer.get_mut(i) {
                ui.radio_value(c, false, "a person");
                ui.radio_value(c, true, "the computer");
            }
            ui.end_row();
        }
    });
    ui.add_space(6.0);
    let rules = scenario.rules.id;
    let (play, book) = ui
        .horizontal(|ui| {
            let play = ui
                .add(
                    egui::Button::new(egui::RichText::new("Play").size(20.0))
                        .min_size([140.0, 36.0].into()),
                )
                .on_hover_text("Enter");
            let book = ui
                .button(format!("The {} rules…", scenario.rules.name))
                .on_hover_text(
                    "Every rule with where it lives and its test, our rulings and their exact odds; searchable",
                );
            (play, book)
        })
        .inner;
    if book.clicked() {
        start.book.open_on(rules);
    }
    let typing = ui.ctx().egui_wants_keyboard_input();
    if play.clicked() || (!typing && ui.input(|i| i.key_pressed(egui::Key::Enter))) {
        let who: Vec<&str> = start
            .computer
            .iter()
            .map(|&c| if c { "ai" } else { "human" })
            .collect();
        let args = vec![
            "play".into(),
            entry.arg(),
            "--players".into(),
            who.join(",").into(),
        ];
        start.launch(args);
    }
}

/// Continue, recent games, open a file, two machines, the editor and quit.
fn more(
    ui: &mut egui::Ui,
    start: &mut Start,
    settings: &mut crate::settings::SettingsOpen,
    dialog: Option<&mut FileDialog>,
    exit: &mut MessageWriter<AppExit>,
) {
    ui.add_space(6.0);
    let wide = [ui.available_width(), 28.0];
    recent_games(ui, start, wide);
    ui.add_space(8.0);
    let open_file = ui
        .add_enabled(
            dialog.is_some(),
            egui::Button::new("Open a file…").min_size(wide.into()),
        )
        .on_hover_text("A scenario, a save or a turn file sent by e-mail");
    if open_file.clicked()
        && let Some(dialog) = dialog
    {
        dialog.0.pick_file();
    }
    if ui
        .add(egui::Button::new("Two machines…").min_size(wide.into()))
        .on_hover_text("Host the chosen scenario, join a hosted game, or play by e-mail")
        .clicked()
    {
        start.two.open = true;
    }
    ui.add_space(8.0);
    editor_buttons(ui, start);
    ui.add_space(12.0);
    if ui
        .add(egui::Button::new("Settings…").min_size(wide.into()))
        .clicked()
    {
        settings.0 = true;
    }
    if ui
        .add(egui::Button::new("Quit").min_size(wide.into()))
        .clicked()
    {
        exit.write(AppExit::Success);
    }
    if !start.message.is_empty() {
        ui.add_space(8.0);
        ui.label(&start.message);
    }
}

/// The Continue button (the last game, from its newest save: the one written on
/// leaving it, or the autosave of its turn) and the recent games, each opened with a
/// click.
fn recent_games(ui: &mut egui::Ui, start: &mut Start, wide: [f32; 2]) {
    let last = start.recent.first().cloned();
    let go_on = ui
        .add_enabled(
            last.is_some(),
            egui::Button::new("Continue").min_size(wide.into()),
        )
        .on_hover_text("The last game, from its newest save, with the same players")
        .on_disabled_hover_text("No game saved yet: a game is autosaved every turn");
    if let Some(last) = &last {
        ui.weak(&last.label);
        if go_on.clicked() {
            start.launch(vec!["play".into(), last.path.clone().into_os_string()]);
        }
    }
    ui.add_space(8.0);
    ui.strong("Recent games");
    if start.recent.is_empty() {
        ui.weak("None yet.");
    }
    let now = std::time::SystemTime::now();
    let mut open = None;
    for r in &start.recent {
        let row = ui
            .selectable_label(
                false,
                format!("{} · {}", r.label, catalog::ago(r.written, now)),
            )
            .on_hover_text(r.path.display().to_string());
        if row.clicked() {
            open = Some(r.path.clone());
        }
    }
    if let Some(path) = open {
        start.launch(vec!["play".into(), path.into_os_string()]);
    }
}

/// The editor's buttons: a new scenario of the rules chosen, or the chosen
/// scenario edited (a shipped one as a copy).
fn editor_buttons(ui: &mut egui::Ui, start: &mut Start) {
    ui.strong("Editor");
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("new_rules")
            .selected_text(drumfire_core::rules::find(start.new_rules).map_or("", |r| r.name))
            .show_ui(ui, |ui| {
                for r in drumfire_core::rules::ALL.iter() {
                    ui.selectable_value(&mut start.new_rules, r.id, r.name);
                }
            });
        if ui.button("New scenario").clicked() {
            let args = vec!["edit".into(), "--rules".into(), start.new_rules.into()];
            start.launch(args);
        }
    });
    let entry = &start.entries[start.chosen];
    let (label, hover) = if entry.file.is_some() {
        (
            "Edit the chosen scenario",
            "Your own scenario, edited in place",
        )
    } else {
        (
            "Edit a copy of the chosen scenario",
            "A shipped scenario is never changed: its copy goes to your scenarios folder",
        )
    };
    if ui.button(label).on_hover_text(hover).clicked() {
        let args = vec!["edit".into(), entry.arg()];
        start.launch(args);
    }
}

/// The Two machines window over the chosen scenario.
fn two_machines(ctx: &egui::Context, start: &mut Start) {
    let entry = &start.entries[start.chosen];
    let Ok(scenario) = &entry.scenario else {
        start.two.open = false;
        return;
    };
    let sides: Vec<String> = scenario.file.sides.iter().map(|s| s.name.clone()).collect();
    let why_not = drumfire_net::play::check_for_two(scenario).err();
    let arg = PathBuf::from(entry.arg());
    let asked = crate::ui::play_panels::two_machines_dialog(
        ctx,
        &format!("Two machines: {}", scenario.file.title),
        &mut start.two,
        &sides,
        why_not.as_deref(),
    );
    let args = match asked {
        Some(SessionRequest::Host) => crate::play::session::host_args(&arg, &start.two),
        Some(SessionRequest::Join) => crate::play::session::join_args(&start.two),
        Some(SessionRequest::Post) => {
            let to = drumfire_core::paths::saves().join(format!("{}.turn.ron", entry.name));
            start.message = crate::play::session::first_turn_file(&arg, start.two.side, &to);
            return;
        }
        _ => return,
    };
    match args {
        Ok(args) => start.launch(args.into_iter().map(OsString::from).collect()),
        Err(e) => start.message = e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// A file picked in Open a file opens by what it is: a turn file with `post open`, a
    /// scenario or a save with `play`; anything else is refused with its located error.
    #[test]
    fn a_picked_file_opens_by_what_it_is() {
        let dir = std::env::temp_dir().join(format!("drumfire-open-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let scenario = dir.join("lindenau.ron");
        let shipped = drumfire_core::rules::shipped::find("lindenau").unwrap();
        std::fs::write(&scenario, shipped.text).unwrap();
        let as_args = |words: &[&str], path: &Path| -> Vec<OsString> {
            words
                .iter()
                .map(OsString::from)
                .chain(std::iter::once(path.as_os_str().to_owned()))
                .collect()
        };
        assert_eq!(open_args(&scenario), Ok(as_args(&["play"], &scenario)));

        let turn = dir.join("lindenau.turn.ron");
        let file =
            drumfire_net::post::start(&scenario, 0, &dir.join("seats"), Some([7; 32])).unwrap();
        drumfire_net::post::write(&turn, &file).unwrap();
        assert_eq!(open_args(&turn), Ok(as_args(&["post", "open"], &turn)));

        let junk = dir.join("notes.ron");
        std::fs::write(&junk, "(nothing: 1)").unwrap();
        let err = open_args(&junk).unwrap_err();
        assert!(err.starts_with(&format!("{}:", junk.display())), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
