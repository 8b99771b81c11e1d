//! Where the game keeps its files: saves, autosaves, seats, bookmarks and copies of
//! turn files under `saves/`, the player's own scenarios under `scenarios/`, both in
//! the platform's data folder (`~/.local/share/drumfire` on Linux), and the settings
//! in its config folder (`~/.config/drumfire`). `--data DIR` or the environment
//! variable `DRUMFIRE_DATA` puts all of them, settings included, under one folder
//! instead. Nothing is written to the folder the game was started from; a `saves/`
//! folder there from before is still read ([`existing`]).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The environment variable that moves every file of the game to one folder.
pub const DATA_ENV: &str = "DRUMFIRE_DATA";

static CHOSEN: OnceLock<PathBuf> = OnceLock::new();

/// The folder `--data DIR` names, for the whole run (the first choice holds).
pub fn choose(dir: PathBuf) {
    let _ = CHOSEN.set(dir);
}

/// The folder `--data` chose for this run, if it did (to pass on to another run).
pub fn chosen() -> Option<PathBuf> {
    CHOSEN.get().cloned()
}

/// The one folder `--data` or `DRUMFIRE_DATA` names, if either does.
fn overridden() -> Option<PathBuf> {
    CHOSEN.get().cloned().or_else(|| {
        std::env::var_os(DATA_ENV)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    })
}

fn platform() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "drumfire")
}

/// The folder of the game's data: `--data`, `DRUMFIRE_DATA`, else the platform's
/// (without a home folder, `drumfire` in the temporary folder).
pub fn data() -> PathBuf {
    overridden()
        .or_else(|| platform().map(|p| p.data_dir().to_path_buf()))
        .unwrap_or_else(|| std::env::temp_dir().join("drumfire"))
}

/// The folder of the settings: the data folder when one is named, else the
/// platform's config folder.
pub fn config() -> PathBuf {
    overridden()
        .or_else(|| platform().map(|p| p.config_dir().to_path_buf()))
        .unwrap_or_else(data)
}

/// Saves, autosaves, seats, bookmarks and copies of turn files.
pub fn saves() -> PathBuf {
    data().join("saves")
}

/// The player's own scenarios (and copies of shipped ones being edited).
pub fn scenarios() -> PathBuf {
    data().join("scenarios")
}

/// The `saves/` folder of the folder the game was started from, read (never written)
/// for files kept there before the game had a data folder.
pub const LEGACY_SAVES: &str = "saves";

/// `path` if it exists; else, for a path under [`saves`], the same file in a
/// [`LEGACY_SAVES`] folder of the working folder if that one exists; else `path`.
pub fn existing(path: &Path) -> PathBuf {
    if path.exists() {
        return path.to_path_buf();
    }
    path.strip_prefix(saves())
        .ok()
        .map(|rest| Path::new(LEGACY_SAVES).join(rest))
        .filter(|old| old.is_file())
        .unwrap_or_else(|| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    /// The platform's folders are named after the game, and not the working folder.
    #[test]
    fn the_platform_folders_are_the_games_own() {
        if super::overridden().is_some() {
            return;
        }
        let data = super::data();
        assert!(data.is_absolute(), "{}", data.display());
        assert!(data.to_string_lossy().contains("drumfire"));
        assert_eq!(super::saves(), data.join("saves"));
        assert_eq!(super::scenarios(), data.join("scenarios"));
    }
}
