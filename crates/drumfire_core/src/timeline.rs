//! A save seen as a timeline, for the replay viewer: the turn and phase the game
//! stood at after each of its orders, where each turn's phases begin, and the
//! bookmarks a player keeps beside the save (`NAME.ron` → `NAME.bookmarks.ron`).

use crate::error::LocatedError;
use crate::game::Game;
use crate::save::{Divergence, Save};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the game stood after some of its orders: waiting in this turn and phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    /// The turn (0 before the first).
    pub turn: u16,
    /// The phase's name, as the rule set calls it.
    pub phase: &'static str,
    /// The side the game waited on, if any.
    pub awaiting: Option<u8>,
}

impl Moment {
    /// "Turn 3 · Fire", as the viewer's index and bookmarks name a moment.
    pub fn label(&self) -> String {
        if self.turn == 0 {
            self.phase.to_owned()
        } else {
            format!("Turn {} · {}", self.turn, self.phase)
        }
    }
}

/// Where a turn's phase begins in the timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chapter {
    /// The turn.
    pub turn: u16,
    /// The phase's name.
    pub phase: &'static str,
    /// The number of orders carried out when the game first stood in it.
    pub at: usize,
}

/// The moments of a save: `moment(k)` is where the game stood after its first `k`
/// orders, from `moment(0)` (the set-up done, before the first order) to the last.
#[derive(Clone, Debug)]
pub struct Timeline {
    moments: Vec<Moment>,
    /// Worked out once: the viewer's panels read them every frame.
    chapters: Vec<Chapter>,
}

impl Timeline {
    /// Replays the save headless, noting where the game stood after each order; a save
    /// that does not replay to its recorded hash is refused with where it diverged.
    pub fn of(save: &Save) -> Result<Self, Divergence> {
        let mut game = Game::with_mode(&save.scenario, save.file.seed, save.file.mode());
        if let Some(keys) = &save.dice_keys {
            game.world_mut().insert_resource(keys.clone());
        }
        let mut moments = vec![moment(&game)];
        for (index, order) in save.file.orders.iter().enumerate() {
            game.submit(order.clone())
                .map_err(|r| Divergence::Refused { index, reason: r.0 })?;
            moments.push(moment(&game));
        }
        let replayed = game.state_hash();
        if replayed != save.state_hash {
            return Err(Divergence::Hash {
                recorded: save.state_hash,
                replayed,
            });
        }
        let chapters = chapters_of(&moments);
        Ok(Self { moments, chapters })
    }

    /// The number of orders.
    pub fn orders(&self) -> usize {
        self.moments.len() - 1
    }

    /// Where the game stood after its first `k` orders (the last moment beyond them).
    pub fn moment(&self, k: usize) -> &Moment {
        &self.moments[k.min(self.moments.len() - 1)]
    }

    /// Where each turn's phases begin, in the order the game came to them. A phase the
    /// game passed through without waiting for an order has no chapter.
    pub fn chapters(&self) -> &[Chapter] {
        &self.chapters
    }

    /// The chapter position `k` is in.
    pub fn chapter_of(&self, k: usize) -> Option<&Chapter> {
        let i = self.chapters.partition_point(|c| c.at <= k);
        i.checked_sub(1).map(|i| &self.chapters[i])
    }
}

fn chapters_of(moments: &[Moment]) -> Vec<Chapter> {
    let mut out: Vec<Chapter> = Vec::new();
    for (at, m) in moments.iter().enumerate() {
        let same = out
            .last()
            .is_some_and(|c| c.turn == m.turn && c.phase == m.phase);
        if !same {
            out.push(Chapter {
                turn: m.turn,
                phase: m.phase,
                at,
            });
        }
    }
    out
}

fn moment(game: &Game) -> Moment {
    Moment {
        turn: game.world().resource::<crate::flow::Turn>().0,
        phase: game.phase_name(),
        awaiting: game.awaiting(),
    }
}

/// A moment of a save a player marked, with a note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Bookmark")]
pub struct Bookmark {
    /// The number of orders carried out at the moment marked.
    pub order: usize,
    /// The player's words.
    #[serde(default)]
    pub note: String,
}

/// A bookmarks file as written.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Bookmarks")]
struct BookmarkFile {
    bookmarks: Vec<Bookmark>,
}

/// Where the bookmarks of the save at `save` are kept.
pub fn bookmarks_path(save: &Path) -> PathBuf {
    save.with_extension("bookmarks.ron")
}

/// Reads the bookmarks of a save of `orders` orders, sorted by moment; none when the
/// file is not there. Errors name the file, line, column and field.
pub fn read_bookmarks(path: &Path, orders: usize) -> Result<Vec<Bookmark>, LocatedError> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let shown = path.display().to_string();
    let text = crate::error::read_file(path)?;
    let text = crate::error::without_bom(&text);
    let file: BookmarkFile = crate::error::read_ron(&shown, text)?;
    for (i, b) in file.bookmarks.iter().enumerate() {
        if b.order > orders {
            let field = format!("bookmarks[{i}].order");
            let pos = crate::ron_spans::locate_nearest(text, &crate::ron_spans::path(&field));
            return Err(LocatedError {
                file: shown,
                line: pos.line,
                col: pos.col,
                field,
                message: format!(
                    "{} is past the save's last order ({orders}): is this the bookmarks file of another save?",
                    b.order
                ),
            });
        }
    }
    let mut marks = file.bookmarks;
    marks.sort_by_key(|b| b.order);
    Ok(marks)
}

/// Writes the bookmarks, atomically: a crash leaves the old file or the new, whole.
pub fn write_bookmarks(path: &Path, marks: &[Bookmark]) -> std::io::Result<()> {
    let file = BookmarkFile {
        bookmarks: marks.to_vec(),
    };
    let body = ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::new().struct_names(true))
        .map_err(std::io::Error::other)?;
    let text = format!(
        "// Drumfire bookmarks: moments of the save beside this file, by the number of\n\
         // orders carried out, each with a note.\n{body}\n"
    );
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("ron.tmp");
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}
