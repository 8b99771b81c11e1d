//! The replay viewer: `drumfire view SAVE` opens a save to be watched. The board,
//! the log and the combat dialog show the game as it stood after any number of its
//! orders: step one order either way, play it at a steady pace, jump to the start of
//! any turn's phase, or to a bookmark the player made with a note (kept beside the
//! save, in `NAME.bookmarks.ron`). The order door is shut to the player meanwhile
//! ([`drumfire_core::door::Watching`]); at the end of a save played by one machine,
//! Play on takes the game up where it stopped.
//!
//! A step forward carries the orders out through the door within one frame
//! ([`drumfire_core::game::settle_now`]); a step back puts the scenario back on the
//! table and carries the orders out again up to the moment asked for, as undo does.

use super::CombatReport;
use super::session::{GameSource, PassRequest};
use crate::screen::UiStatus;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::input::egui_wants_any_keyboard_input;
use drumfire_core::door::{self, Watching};
use drumfire_core::journal::{GameEvent, Journal};
use drumfire_core::orders::{self, Order};
use drumfire_core::timeline::{Bookmark, Chapter, Timeline, bookmarks_path, read_bookmarks};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The time between orders while the replay plays by itself.
pub const PACE: Duration = Duration::from_millis(700);

/// A save being watched.
#[derive(Resource)]
pub struct Viewer {
    /// The save.
    pub path: PathBuf,
    /// Its orders.
    pub orders: Vec<Order>,
    /// Where the game stood after each of them.
    pub timeline: Timeline,
    /// The orders carried out on the board.
    pub at: usize,
    /// The moment asked for (the board goes there at the next frame).
    pub target: usize,
    /// Is the replay playing by itself?
    pub playing: bool,
    /// When the last order was shown while playing.
    pub last_step: Instant,
    /// The player's bookmarks, by moment.
    pub bookmarks: Vec<Bookmark>,
    /// The note being written for the next bookmark.
    pub note: String,
    /// Were the save's dice shared by two players? Then nobody plays on from it here.
    pub shared_dice: bool,
}

impl Viewer {
    /// Opens a save to be watched from moment `start` (the number of orders carried
    /// out; the set-up when `None`). A save that does not replay to its hash is
    /// refused with where it diverges; a bad bookmarks file with its line and column.
    pub fn open(
        path: &Path,
        save: &drumfire_core::save::Save,
        start: Option<usize>,
    ) -> Result<Self, String> {
        let timeline = Timeline::of(save)
            .map_err(|d| format!("{}: the save does not replay: {d}", path.display()))?;
        let n = timeline.orders();
        let start = start.unwrap_or(0);
        if start > n {
            return Err(format!(
                "--at {start}: the save has {n} orders; the moments run from 0 to {n}"
            ));
        }
        let bookmarks = read_bookmarks(&bookmarks_path(path), n).map_err(|e| format!("{e}"))?;
        Ok(Self {
            path: path.to_path_buf(),
            orders: save.file.orders.clone(),
            timeline,
            at: 0,
            target: start,
            playing: false,
            last_step: Instant::now(),
            bookmarks,
            note: String::new(),
            shared_dice: save.dice_keys.is_some(),
        })
    }

    /// The last moment: the number of orders in the save.
    pub fn end(&self) -> usize {
        self.orders.len()
    }

    /// Asks for moment `k` (clamped to the save), and stops playing.
    pub fn go(&mut self, k: usize) {
        self.target = k.min(self.end());
        self.playing = false;
    }

    /// The chapter (turn and phase) the board is in.
    pub fn chapter(&self) -> Option<Chapter> {
        self.timeline.chapter_of(self.at).cloned()
    }

    /// Goes to the start of the chapter before the one shown (or of this one when the
    /// board is inside it).
    pub fn previous_phase(&mut self) {
        let chapters = self.timeline.chapters();
        let to = chapters
            .iter()
            .rev()
            .find(|c| c.at < self.at)
            .map_or(0, |c| c.at);
        self.go(to);
    }

    /// Goes to the start of the next chapter (the end when there is none).
    pub fn next_phase(&mut self) {
        let to = self
            .timeline
            .chapters()
            .iter()
            .find(|c| c.at > self.at)
            .map_or(self.end(), |c| c.at);
        self.go(to);
    }

    /// Marks the moment shown with the note written, and keeps the bookmarks beside
    /// the save; says what happened.
    pub fn bookmark(&mut self) -> String {
        let note = std::mem::take(&mut self.note).trim().to_owned();
        if let Some(b) = self.bookmarks.iter_mut().find(|b| b.order == self.at) {
            b.note = note;
        } else {
            self.bookmarks.push(Bookmark {
                order: self.at,
                note,
            });
            self.bookmarks.sort_by_key(|b| b.order);
        }
        self.keep_bookmarks(format!(
            "Bookmarked {} (order {}).",
            self.timeline.moment(self.at).label(),
            self.at
        ))
    }

    /// Takes bookmark `i` away; says what happened.
    pub fn unmark(&mut self, i: usize) -> String {
        if i >= self.bookmarks.len() {
            return String::new();
        }
        let gone = self.bookmarks.remove(i);
        self.keep_bookmarks(format!("Bookmark at order {} removed.", gone.order))
    }

    fn keep_bookmarks(&self, done: String) -> String {
        let path = bookmarks_path(&self.path);
        match drumfire_core::timeline::write_bookmarks(&path, &self.bookmarks) {
            Ok(()) => format!("{done} Kept in {}.", path.display()),
            Err(e) => format!("Could not write {}: {e}", path.display()),
        }
    }

    /// "Order 37 of 164 · Turn 3 · Combat", for the bar.
    pub fn position(&self) -> String {
        format!(
            "Order {} of {} · {}",
            self.at,
            self.end(),
            self.timeline.moment(self.at).label()
        )
    }
}

/// Is a replay being watched? Then the rules ask nobody anything: the windows where a
/// player answers or writes orders stay shut.
pub fn watching(world: &World) -> bool {
    world.contains_resource::<Watching>()
}

/// The viewer plugin: keys, and the board taken to the moment asked for.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (keys.run_if(not(egui_wants_any_keyboard_input)), step)
            .chain()
            .run_if(resource_exists::<Viewer>)
            .after(super::session::feed_replay)
            .before(super::RulesInput),
    );
}

/// `.` and `,` step one order, Page Down and Page Up a phase, Home and End to either
/// end, Space plays and pauses, B bookmarks the moment.
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut viewer: ResMut<Viewer>,
    mut pass: ResMut<PassRequest>,
    mut status: ResMut<UiStatus>,
) {
    let at = viewer.at;
    if keys.just_pressed(KeyCode::Period) {
        viewer.go(at + 1);
    } else if keys.just_pressed(KeyCode::Comma) {
        viewer.go(at.saturating_sub(1));
    } else if keys.just_pressed(KeyCode::PageDown) {
        viewer.next_phase();
    } else if keys.just_pressed(KeyCode::PageUp) {
        viewer.previous_phase();
    } else if keys.just_pressed(KeyCode::Home) {
        viewer.go(0);
    } else if keys.just_pressed(KeyCode::End) {
        let end = viewer.end();
        viewer.go(end);
    } else if keys.just_pressed(KeyCode::KeyB) {
        status.0 = viewer.bookmark();
    }
    if std::mem::take(&mut pass.0) {
        // Space: nobody passes in a replay; it plays or pauses.
        toggle_play(&mut viewer);
    }
}

/// Plays from the moment shown (from the start when at the end), or pauses.
pub fn toggle_play(viewer: &mut Viewer) {
    if viewer.playing {
        viewer.playing = false;
    } else {
        if viewer.at >= viewer.end() {
            viewer.target = 0;
        }
        viewer.playing = true;
        viewer.last_step = Instant::now();
    }
}

/// Takes the board to the moment asked for; while playing, one order each [`PACE`].
fn step(world: &mut World) {
    let Some(source) = world.get_resource::<GameSource>().cloned() else {
        return;
    };
    if !orders::is_settled(world) {
        return;
    }
    let showing = world
        .get_resource::<crate::board::motion::Motion>()
        .is_some_and(crate::board::motion::Motion::busy);
    let mut viewer = world.resource_mut::<Viewer>();
    // While playing, the next order waits until the last is seen on the board.
    if viewer.playing && viewer.target == viewer.at && !showing {
        if viewer.at >= viewer.end() {
            viewer.playing = false;
        } else if viewer.last_step.elapsed() >= PACE {
            viewer.target = viewer.at + 1;
            viewer.last_step = Instant::now();
        }
    }
    let (at, target) = (viewer.at, viewer.target);
    let playing = viewer.playing;
    if at == target {
        if playing {
            world.write_message(RequestRedraw);
        }
        return;
    }
    // One order forward is shown on the board; a jump is not.
    if target != at + 1
        && let Some(mut motion) = world.get_resource_mut::<crate::board::motion::Motion>()
    {
        motion.pass_over();
    }
    let from = if target < at {
        super::session::restart(world, &source, Vec::new());
        if let Err(e) = drumfire_core::game::settle_now(world) {
            world.resource_mut::<UiStatus>().0 = e;
            return;
        }
        0
    } else {
        at
    };
    let orders: Vec<Order> = world.resource::<Viewer>().orders[from..target].to_vec();
    for (i, order) in orders.into_iter().enumerate() {
        let done = door::submit_watched(world, order)
            .map_err(|r| r.0)
            .and_then(|()| drumfire_core::game::settle_now(world));
        if let Err(e) = done {
            // The timeline replayed this save headless; the window must too.
            world.resource_mut::<UiStatus>().0 =
                format!("The replay stopped at order {}: {e}", from + i + 1);
            let mut viewer = world.resource_mut::<Viewer>();
            viewer.at = from + i;
            viewer.target = from + i;
            viewer.playing = false;
            return;
        }
    }
    world.resource_mut::<Viewer>().at = target;
    show_combat(world, target);
    world.write_message(RequestRedraw);
}

/// The combat dialog shows the fights, losses and morale checks of order `k` (the
/// last carried out), and closes when it had none.
fn show_combat(world: &mut World, k: usize) {
    let events: Vec<GameEvent> = world
        .resource::<Journal>()
        .entries()
        .iter()
        .filter(|e| k > 0 && e.order == k)
        .map(|e| e.event.clone())
        .filter(super::offers::in_combat_dialog)
        .collect();
    let mut report = world.resource_mut::<CombatReport>();
    report.open = !events.is_empty();
    report.events = events;
}

/// Play on: the viewer, at the end of a save played on one machine, hands the game
/// to the player (the door opens, the autosave and the computer's toggles come back).
pub fn play_on(world: &mut World) -> String {
    let Some(viewer) = world.get_resource::<Viewer>() else {
        return String::new();
    };
    let by_post = world.contains_non_send::<super::post::PostPlay>();
    if viewer.shared_dice && !by_post {
        return "This game's dice were shared by two machines: it goes on between them \
                (`drumfire host` or `join --resume` with its save)."
            .into();
    }
    if viewer.at < viewer.end() {
        return "Play on from the end of the save: the orders after this moment were given.".into();
    }
    let path = viewer.path.display().to_string();
    world.remove_resource::<Viewer>();
    world.remove_resource::<Watching>();
    if by_post {
        super::post::take_the_board(world);
    }
    format!("Playing on from {path}.")
}
