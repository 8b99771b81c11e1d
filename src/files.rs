//! Reading a file the player names (on the command line, from the start screen, the
//! game menu): a scenario or a save, by its path or a shipped scenario's name.

use bevy_egui::egui;
use drumfire_core::save;
use drumfire_core::scenario::{self, Scenario};
use std::ffi::OsString;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// A file given on the command line, read and parsed as a scenario or a save.
pub enum Loaded {
    /// A scenario.
    Scenario(Box<Scenario>),
    /// A save.
    Save(Box<save::Save>),
}

/// Reads a scenario or a save; every error comes back as `FILE:LINE:COL: message` lines.
pub fn load(path: &Path) -> Result<Loaded, Vec<String>> {
    let (name, text) =
        drumfire_core::rules::shipped::read(path, Some(&drumfire_core::paths::scenarios()))
            .map_err(|e| vec![e.to_string()])?;
    let show = |errs: Vec<drumfire_core::error::LocatedError>| {
        errs.iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    if save::looks_like_save(&text) {
        save::parse(&name, &text, &drumfire_core::rules::ALL)
            .map(|s| Loaded::Save(Box::new(s)))
            .map_err(show)
    } else {
        scenario::parse(&name, &text, &drumfire_core::rules::ALL)
            .map(|s| Loaded::Scenario(Box::new(s)))
            .map_err(show)
    }
}

/// The arguments the program starts again with once the start screen closes.
pub type Next = Arc<Mutex<Option<Vec<OsString>>>>;

/// What opens a file picked in the dialog: a turn file with `post open`, a scenario or
/// a save with `play`; anything else is refused with the reason.
pub fn open_args(path: &Path) -> Result<Vec<OsString>, String> {
    let text = drumfire_core::error::read_file(path).map_err(|e| e.to_string())?;
    let command = if drumfire_net::post::looks_like_turn_file(&text) {
        vec!["post".into(), "open".into()]
    } else {
        vec!["play".into()]
    };
    if command.len() == 1 {
        crate::files::load(path).map_err(|e| e.first().cloned().unwrap_or_default())?;
    }
    Ok(command
        .into_iter()
        .chain(std::iter::once(path.as_os_str().to_owned()))
        .collect())
}

/// The file dialog of Open a file (egui-file-dialog), a window drawn by egui like the
/// rest, opening in the saves folder.
pub struct FileDialog(pub egui_file_dialog::FileDialog);

impl Default for FileDialog {
    fn default() -> Self {
        Self::new()
    }
}

impl FileDialog {
    /// The dialog for scenarios, saves and turn files (`*.ron`), with the saves folder
    /// and the player's scenarios folder among its places.
    pub fn new() -> Self {
        let saves = drumfire_core::paths::saves();
        let start_in = if saves.is_dir() {
            saves
        } else {
            std::env::current_dir().unwrap_or_default()
        };
        let (saves, scenarios) = (
            drumfire_core::paths::saves(),
            drumfire_core::paths::scenarios(),
        );
        Self(
            egui_file_dialog::FileDialog::new()
                .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                .add_quick_access("Drumfire", |places| {
                    places.add_path("Saves", saves);
                    places.add_path("Your scenarios", scenarios);
                })
                .initial_directory(start_in)
                .add_file_filter_extensions("Drumfire files (.ron)", vec!["ron"])
                .default_file_filter("Drumfire files (.ron)"),
        )
    }
}
