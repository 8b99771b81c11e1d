//! What the start screen lists: every scenario (shipped, then the player's own), the
//! games saved lately, and a thumbnail of each map drawn from the map itself.

use drumfire_core::coords::MapCoord;
use drumfire_core::scenario::{Scenario, parse_colour};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// A scenario on the list.
pub struct Entry {
    /// Its short name, what `drumfire play` takes.
    pub name: String,
    /// The file of a player's own scenario; `None` for a shipped one.
    pub file: Option<PathBuf>,
    /// The scenario, or why it does not read (a player's own file).
    pub scenario: Result<Scenario, String>,
}

impl Entry {
    /// What names it on a command line: a shipped scenario's short name, else its file.
    pub fn arg(&self) -> OsString {
        self.file
            .as_ref()
            .map_or_else(|| self.name.clone().into(), |f| f.clone().into_os_string())
    }

    /// The heading it is listed under: its rule set, or the player's own.
    pub fn group(&self) -> &'static str {
        match (&self.file, &self.scenario) {
            (Some(_), _) => "Your own",
            (None, Ok(s)) => s.rules.name,
            (None, Err(_)) => "",
        }
    }

    /// Its title (its name when it does not read).
    pub fn title(&self) -> &str {
        self.scenario
            .as_ref()
            .map_or(self.name.as_str(), |s| s.file.title.as_str())
    }
}

/// Every scenario: the shipped ones in their order, then the player's own from
/// `own_folder`, sorted by name.
pub fn entries(own_folder: &Path) -> Vec<Entry> {
    let shipped = drumfire_core::rules::shipped::SHIPPED
        .iter()
        .map(|s| Entry {
            name: s.name.to_owned(),
            file: None,
            scenario: s.parse().map_err(|e| first_error(&e)),
        });
    let own = drumfire_core::rules::shipped::own_scenarios(own_folder)
        .into_iter()
        .map(|(name, path)| {
            let scenario = drumfire_core::error::read_file(&path)
                .map_err(|e| e.to_string())
                .and_then(|text| {
                    drumfire_core::scenario::parse(
                        &path.display().to_string(),
                        &text,
                        &drumfire_core::rules::ALL,
                    )
                    .map_err(|e| first_error(&e))
                });
            Entry {
                name,
                file: Some(path),
                scenario,
            }
        });
    shipped.chain(own).collect()
}

fn first_error(errors: &[drumfire_core::error::LocatedError]) -> String {
    errors.first().map(ToString::to_string).unwrap_or_default()
}

/// A game on the list of recent ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recent {
    /// The save.
    pub path: PathBuf,
    /// What it is called on the list: the scenario and the kind of save.
    pub label: String,
    /// When it was written.
    pub written: SystemTime,
    /// An autosave (written every turn) rather than a save the player made.
    pub autosave: bool,
}

/// The saves in `folders` a game can be taken up from (`*.save.ron`, `*.autosave.ron`
/// and their table kinds), newest first, at most `most`.
pub fn recent(folders: &[PathBuf], most: usize) -> Vec<Recent> {
    let mut found: Vec<Recent> = folders
        .iter()
        .filter_map(|dir| std::fs::read_dir(dir).ok())
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|e| {
            let path = e.path();
            let name = path.file_name()?.to_str()?.to_owned();
            let (stem, kind) = name.strip_suffix(".ron")?.rsplit_once('.')?;
            let (label, autosave) = match kind {
                "save" => (stem.to_owned(), false),
                "autosave" => (format!("{stem} (autosave)"), true),
                "table-save" => (format!("{stem} (at the table)"), false),
                "table-autosave" => (format!("{stem} (at the table, autosave)"), true),
                _ => return None,
            };
            let written = e.metadata().ok()?.modified().ok()?;
            Some(Recent {
                path,
                label,
                written,
                autosave,
            })
        })
        .collect();
    found.sort_by(|a, b| b.written.cmp(&a.written).then(a.path.cmp(&b.path)));
    found.truncate(most);
    found
}

/// "5 minutes ago", "3 days ago": how long ago `then` was, to the nearest unit.
pub fn ago(then: SystemTime, now: SystemTime) -> String {
    let s = now.duration_since(then).map_or(0, |d| d.as_secs());
    let (n, unit) = match s {
        0..60 => return "just now".into(),
        60..3_600 => (s / 60, "minute"),
        3_600..86_400 => (s / 3_600, "hour"),
        _ => (s / 86_400, "day"),
    };
    format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

/// Pixels a hex takes in a thumbnail (across and down).
const CELL: usize = 6;

/// A picture of the map at the start: each hex its terrain's colour (lighter with
/// height), the objectives ringed in white and each counter a dot of its side's colour.
/// Returns the width, height and RGBA pixels.
pub fn thumbnail(s: &Scenario) -> (usize, usize, Vec<u8>) {
    let map = &s.file.map;
    let (w, h) = (
        usize::from(map.width) * CELL,
        usize::from(map.height) * CELL + CELL / 2,
    );
    let mut px = vec![0u8; w * h * 4];
    let mut put = |x: usize, y: usize, c: [u8; 3]| {
        if x < w && y < h {
            px[(y * w + x) * 4..(y * w + x) * 4 + 4].copy_from_slice(&[c[0], c[1], c[2], 255]);
        }
    };
    let data = s.rules.data();
    let colour_of = |glyph: char| {
        data.terrain
            .values()
            .find(|t| t.glyph == glyph)
            .map_or([128, 128, 128], |t| t.colour)
    };
    // Odd columns (from 0) sit half a hex higher than even ones.
    let origin = |c: MapCoord| {
        let col = usize::from(c.col);
        let down = if col % 2 == 0 { CELL / 2 } else { 0 };
        (col * CELL, usize::from(c.row) * CELL + down)
    };
    for (row, line) in map.terrain.iter().enumerate() {
        let levels: Vec<u32> = map
            .elevation
            .get(row)
            .map(|l| l.chars().map(|d| d.to_digit(10).unwrap_or(0)).collect())
            .unwrap_or_default();
        for (col, glyph) in line.chars().enumerate() {
            let level = levels.get(col).copied().unwrap_or(0).min(4) as f32;
            let base = colour_of(glyph);
            let c = base.map(|v| (f32::from(v) + (255.0 - f32::from(v)) * 0.08 * level) as u8);
            let (Ok(col), Ok(row)) = (u16::try_from(col), u16::try_from(row)) else {
                continue;
            };
            let (x0, y0) = origin(MapCoord::new(col, row));
            for y in y0..y0 + CELL {
                for x in x0..x0 + CELL {
                    put(x, y, c);
                }
            }
        }
    }
    for o in &s.file.victory.objectives {
        if let Ok(at) = MapCoord::parse_label(&o.hex) {
            let (x0, y0) = origin(at);
            for i in 0..CELL {
                for (x, y) in [
                    (x0 + i, y0),
                    (x0 + i, y0 + CELL - 1),
                    (x0, y0 + i),
                    (x0 + CELL - 1, y0 + i),
                ] {
                    put(x, y, [250, 250, 250]);
                }
            }
        }
    }
    for counter in &s.file.counters {
        let side = s.file.sides.iter().find(|d| d.id == counter.side);
        let colour = side
            .and_then(|d| parse_colour(&d.colour))
            .unwrap_or([0, 0, 0]);
        if let Ok(at) = MapCoord::parse_label(&counter.hex) {
            let (x0, y0) = origin(at);
            for y in y0 + 1..y0 + CELL - 1 {
                for x in x0 + 1..x0 + CELL - 1 {
                    put(x, y, colour);
                }
            }
        }
    }
    (w, h, px)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// The list has every shipped scenario under its rule set, in the registry's
    /// order, and a player's own file under "Your own", one that does not read
    /// with its error.
    #[test]
    fn the_list_has_the_shipped_scenarios_then_the_players_own() {
        let dir = std::env::temp_dir().join(format!("drumfire-start-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("broken.ron"), "(rules: ").unwrap();
        let list = entries(&dir);
        assert_eq!(list.len(), drumfire_core::rules::shipped::SHIPPED.len() + 1);
        assert_eq!(list[0].name, "tutorial");
        assert_eq!(list[0].group(), "Great War");
        assert_eq!(list[0].arg(), OsString::from("tutorial"));
        let lindenau = list.iter().find(|e| e.name == "lindenau").unwrap();
        assert_eq!(lindenau.group(), "Napoleonic brigades");
        assert_eq!(lindenau.title(), "The Mill at Lindenau, 1813");
        let own = list.last().unwrap();
        assert_eq!((own.name.as_str(), own.group()), ("broken", "Your own"));
        assert_eq!(own.arg(), dir.join("broken.ron").into_os_string());
        assert!(
            own.scenario
                .as_ref()
                .is_err_and(|e| e.contains("broken.ron:"))
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Saves are listed newest first, autosaves marked, other files left out.
    #[test]
    fn recent_games_are_the_saves_newest_first() {
        let dir = std::env::temp_dir().join(format!("drumfire-recent-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for name in [
            "kaja.save.ron",
            "tutorial.autosave.ron",
            "notes.txt",
            "x.plan.ron",
        ] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let old = SystemTime::now() - Duration::from_secs(3_600);
        std::fs::File::options()
            .write(true)
            .open(dir.join("kaja.save.ron"))
            .unwrap()
            .set_modified(old)
            .unwrap();
        let list = recent(std::slice::from_ref(&dir), 8);
        let labels: Vec<&str> = list.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["tutorial (autosave)", "kaja"]);
        assert!(list[0].autosave && !list[1].autosave);
        assert_eq!(recent(std::slice::from_ref(&dir), 1).len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn how_long_ago_reads_in_the_nearest_unit() {
        let now = SystemTime::now();
        let before = |s| now - Duration::from_secs(s);
        assert_eq!(ago(before(5), now), "just now");
        assert_eq!(ago(before(60), now), "1 minute ago");
        assert_eq!(ago(before(7_200), now), "2 hours ago");
        assert_eq!(ago(before(3 * 86_400 + 5), now), "3 days ago");
    }

    /// The thumbnail is the map's size in cells, its hexes in their terrain's colour
    /// and the counters in their side's.
    #[test]
    fn a_thumbnail_draws_the_map_and_the_forces() {
        let s = drumfire_core::rules::shipped::find("lindenau")
            .unwrap()
            .parse()
            .unwrap();
        let (w, h, px) = thumbnail(&s);
        assert_eq!((w, h), (10 * CELL, 8 * CELL + CELL / 2));
        assert_eq!(px.len(), w * h * 4);
        let french = parse_colour(&s.file.sides[0].colour).unwrap();
        let dots = px.chunks(4).filter(|p| p[..3] == french[..]).count();
        assert!(dots >= (CELL - 2) * (CELL - 2), "{dots} French pixels");
    }
}
