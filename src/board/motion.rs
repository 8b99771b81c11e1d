//! Orders shown as they happen, whoever gave them (a person, the computer, the other
//! machine, a turn file, the replay viewer): a counter glides from hex to hex, a fire
//! draws its line from the firers to the target, a close combat (a charge, an assault,
//! hand to hand) has its attackers close in on the target and fall back, and what it did
//! stands over the target: steps and stands lost, morale lost, markers placed.
//! What is shown is read from the journal, after the game has changed: the showing
//! changes nothing in the game, and a click or a key finishes it at once. The pace is
//! the settings' (none when it is 0, or when the computer plays fast); orders fed from
//! a save being loaded are not shown.

use super::geometry::BoardGeometry;
use super::text::board_text;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use drumfire_core::counters::OnHex;
use drumfire_core::journal::{GameEvent, Journal};
use hexx::Hex;
use std::collections::{BTreeMap, VecDeque};

/// A counter's drawing, by its piece's id, and where it rests on the board.
#[derive(Component, Debug)]
pub struct PieceView {
    /// The piece's id.
    pub id: String,
    /// Where the drawing rests when nothing is shown moving.
    pub home: Vec3,
}

/// One thing shown on the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Show {
    /// A piece goes from one hex to another.
    Glide {
        /// The piece's id.
        piece: String,
        /// Where it left.
        from: Hex,
        /// Where it went.
        to: Hex,
    },
    /// A fire from the firers' hexes at the target, and what it did; a close combat (a
    /// charge, an assault, hand to hand) has its attackers close in on the target and
    /// fall back instead of a line.
    Fire {
        /// Where the firers stand (none for fire from off the map).
        firers: Vec<Hex>,
        /// The firers on the map, by id.
        pieces: Vec<String>,
        /// A close combat.
        close: bool,
        /// The target hex.
        target: Hex,
        /// The result, in words, shown over the target.
        words: String,
    },
}

impl Show {
    /// How long it shows, in multiples of the settings' pace: a glide one per hex,
    /// a fire four (its result must be read).
    fn paces(&self) -> f32 {
        match self {
            Show::Glide { from, to, .. } => from.unsigned_distance_to(*to).max(1) as f32,
            Show::Fire { .. } => 4.0,
        }
    }
}

/// What is being shown, and what waits its turn.
#[derive(Resource, Default, Debug)]
pub struct Motion {
    /// The shows, the first under way.
    shows: VecDeque<Show>,
    /// Seconds the first has been showing.
    elapsed: f32,
    /// Journal entries already read.
    seen: usize,
    /// Seconds a pace lasts (0: nothing is shown).
    pace: f32,
    /// Drawings moved off their rest or drawn for the show, to put back.
    touched: bool,
    /// Where each piece stood when the journal was last read.
    stood: BTreeMap<String, Hex>,
    /// What the journal gains next is not shown (a jump in the replay viewer).
    quiet: bool,
    /// The computer plays fast: nothing is shown (kept by the computer player).
    pub fast: bool,
}

impl Motion {
    /// Is something being shown (the computer waits for it before its next order)?
    pub fn busy(&self) -> bool {
        !self.shows.is_empty()
    }

    /// Stops showing: everything is where the game has it.
    pub fn finish(&mut self) {
        self.shows.clear();
        self.elapsed = 0.0;
    }

    /// What the journal gains before it is next read is not shown, and what was being
    /// shown is finished (a jump to another moment).
    pub fn pass_over(&mut self) {
        self.finish();
        self.quiet = true;
    }

    /// Forgets everything read and shown (another game opened in place of the last):
    /// as in a fresh window, the computer's pace kept.
    pub fn forget(&mut self) {
        *self = Self {
            fast: self.fast,
            ..Self::default()
        };
    }

    /// Showing `show` at its pace (for tests).
    #[cfg(test)]
    pub fn showing(show: Show) -> Self {
        Self {
            shows: VecDeque::from([show]),
            pace: 1.0,
            ..Self::default()
        }
    }

    /// The shows waiting, the first under way (for tests and the script).
    pub fn shows(&self) -> impl Iterator<Item = &Show> {
        self.shows.iter()
    }
}

/// More journal entries than this at once are a save loaded or a game caught up, not
/// orders to watch.
const MANY: usize = 400;

/// The drawing of the fire under way (its line and result).
#[derive(Component)]
struct FireView;

/// The motion plugin.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Motion>().add_systems(
        PostUpdate,
        (read_journal, show)
            .chain()
            .after(super::counters::Redraw)
            .before(bevy::transform::TransformSystems::Propagate)
            .run_if(resource_exists::<Journal>.and_then(resource_exists::<BoardGeometry>)),
    );
}

/// Reads what the journal gained into shows; an undo or a new game (the journal
/// shorter than read) forgets them.
fn read_journal(world: &mut World) {
    let n = world.resource::<Journal>().entries().len();
    let pace = pace(world);
    let from = world.resource::<Motion>().seen;
    if n == from {
        return;
    }
    let now = positions(world);
    let loading = world
        .get_resource::<crate::redraw::ReplayQueue>()
        .is_some_and(|q| !q.0.is_empty());
    let quiet = std::mem::take(&mut world.resource_mut::<Motion>().quiet);
    let shows = if quiet || n < from || pace <= 0.0 || loading || n - from > MANY {
        Vec::new()
    } else {
        shows_of(world, from, &world.resource::<Motion>().stood, &now)
    };
    let mut motion = world.resource_mut::<Motion>();
    if n < from {
        motion.finish();
    }
    motion.pace = pace;
    motion.seen = n;
    motion.stood = now;
    motion.shows.extend(shows);
}

/// Where each piece on the map stands.
fn positions(world: &mut World) -> BTreeMap<String, Hex> {
    let mut pieces = world.query::<(&drumfire_core::counters::Counter, &OnHex)>();
    pieces
        .iter(world)
        .map(|(c, on)| (c.id.clone(), on.0))
        .collect()
}

/// Seconds a pace lasts now: the settings' (0 without settings, as in the editor), none
/// while the computer plays fast.
pub fn pace(world: &World) -> f32 {
    let fast = world.get_resource::<Motion>().is_some_and(|m| m.fast);
    match world.get_resource::<crate::settings::Settings>() {
        Some(s) if !fast => s.order_pace,
        _ => 0.0,
    }
}

/// The shows of the journal's entries from `from` on, the pieces standing where
/// `stood` has them before and `now` after: each piece's moves, each fire from where
/// its firers stood with the losses that followed it, and last each piece that went
/// elsewhere without a move of its own in the journal (a retreat, a rout).
fn shows_of(
    world: &World,
    from: usize,
    stood: &BTreeMap<String, Hex>,
    now: &BTreeMap<String, Hex>,
) -> Vec<Show> {
    let entries = &world.resource::<Journal>().entries()[from..];
    let names = drumfire_core::journal::piece_names(world);
    let name = |id: &str| {
        let full = names.get(id).map_or(id, String::as_str);
        super::counters::short_name(full, 16)
    };
    let hex_of = |label: &str| drumfire_core::scenario::hex_of(label);
    let mut at = stood.clone();
    let mut shows = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        match &entry.event {
            GameEvent::Moved {
                pieces,
                from,
                to,
                via,
            } => {
                // Hex by hex along the way it went.
                let way: Option<Vec<Hex>> = std::iter::once(from)
                    .chain(via)
                    .chain(std::iter::once(to))
                    .map(|l| hex_of(l))
                    .collect();
                let Some(way) = way else {
                    continue;
                };
                for p in pieces {
                    at.insert(p.clone(), way[way.len() - 1]);
                    shows.extend(way.windows(2).map(|w| Show::Glide {
                        piece: p.clone(),
                        from: w[0],
                        to: w[1],
                    }));
                }
            }
            GameEvent::Fired {
                kind,
                firers,
                target,
                result,
                ..
            } => {
                let fallback = super::counters::short_name(result, 28);
                let close = is_close_combat(kind);
                shows.extend(fight(
                    &entries[i + 1..],
                    &at,
                    firers,
                    target,
                    close,
                    fallback,
                    &name,
                ));
            }
            GameEvent::WentIn {
                kind,
                attackers,
                target,
                ..
            } => {
                let after = &entries[i + 1..];
                shows.extend(fight(
                    after,
                    &at,
                    attackers,
                    target,
                    true,
                    kind.clone(),
                    &name,
                ));
            }
            _ => {}
        }
    }
    for (piece, to) in now {
        if let Some(from) = at.get(piece).filter(|h| *h != to) {
            shows.push(Show::Glide {
                piece: piece.clone(),
                from: *from,
                to: *to,
            });
        }
    }
    shows
}

/// The show of a fight at `target` by `pieces` (those on the map, where `at` has them),
/// what it did read from the entries `after` it (`fallback` where they say nothing);
/// none for a target that is no hex.
fn fight(
    after: &[drumfire_core::journal::Entry],
    at: &BTreeMap<String, Hex>,
    pieces: &[String],
    target: &str,
    close: bool,
    fallback: String,
    name: &dyn Fn(&str) -> String,
) -> Option<Show> {
    let target = drumfire_core::scenario::hex_of(target)?;
    let mut words = results(after, target, name);
    if words.is_empty() {
        words.push(fallback);
    }
    let on_map: Vec<&String> = pieces.iter().filter(|p| at.contains_key(*p)).collect();
    Some(Show::Fire {
        firers: on_map.iter().filter_map(|p| at.get(*p).copied()).collect(),
        pieces: on_map.into_iter().cloned().collect(),
        close,
        target,
        words: words.join("\n"),
    })
}

/// Whether a fight, by the name the journal gives it, is fought at close quarters: the
/// attackers go in to the target's hex (a Great War assault, a Portable close combat, a
/// Napoleonic charge, hand to hand or combat inside a wood or a town). A fire is not,
/// even at a charger (ACW), and neither is the defence of an assaulted hex (its
/// defenders stand). ACW charges and WWII assaults and overruns are no fires: the
/// journal tells them as [`GameEvent::WentIn`], always close.
pub fn is_close_combat(kind: &str) -> bool {
    let kind = kind.to_lowercase();
    let close = [
        "assault",
        "charge",
        "hand to hand",
        "close combat",
        "inside",
        "melee",
    ]
    .iter()
    .any(|k| kind.contains(k));
    close && !kind.contains("fire") && !kind.contains("defence")
}

/// A morale outcome that changes nothing, as the rule sets word it.
fn unshaken(outcome: &str) -> bool {
    matches!(
        outcome.to_lowercase().as_str(),
        "unaffected" | "steady" | "in good order" | "good order" | "passed" | "holds"
    )
}

/// What a fire at `target` did, a line a piece and then a line a marker: the entries
/// after it up to the next fire or move — steps and stands lost, morale lost (a piece
/// Disrupted, Disordered, pinned, routed...), markers placed in its hex (a Great War
/// side's Drumfire markers are all journaled before its fires: only the target's own is
/// this fire's).
fn results(
    after: &[drumfire_core::journal::Entry],
    target: Hex,
    name: &dyn Fn(&str) -> String,
) -> Vec<String> {
    let events: Vec<&GameEvent> = after
        .iter()
        .map(|e| &e.event)
        .take_while(|e| {
            !matches!(
                e,
                GameEvent::Fired { .. }
                    | GameEvent::WentIn { .. }
                    | GameEvent::Moved { .. }
                    | GameEvent::PhaseBegan { .. }
            )
        })
        .collect();
    let mut lines = losses(&events, name);
    for event in &events {
        match event {
            GameEvent::MoraleChecked { piece, outcome, .. } if !unshaken(outcome) => {
                lines.push(format!("{} {outcome}", name(piece)));
            }
            GameEvent::HexMarkerPlaced { kind, hex, .. }
                if drumfire_core::scenario::hex_of(hex) == Some(target) =>
            {
                lines.push(format!("{kind} marker in {hex}"));
            }
            _ => {}
        }
    }
    lines
}

/// The losses among `events`, a line a piece.
fn losses(events: &[&GameEvent], name: &dyn Fn(&str) -> String) -> Vec<String> {
    // (piece, losses, eliminated, of stands rather than steps)
    let mut lost: Vec<(String, u32, bool, bool)> = Vec::new();
    for event in events.iter().copied() {
        let (piece, gone, stand) = match event {
            GameEvent::StepLost { piece, eliminated } => (piece, *eliminated, false),
            GameEvent::StandLost {
                piece, standing, ..
            } => (piece, *standing == 0, true),
            _ => continue,
        };
        match lost.iter_mut().find(|(p, ..)| p == piece) {
            Some(l) => {
                l.1 += 1;
                l.2 |= gone;
            }
            None => lost.push((piece.clone(), 1, gone, stand)),
        }
    }
    lost.into_iter()
        .map(|(piece, n, gone, stand)| {
            let what = if stand { "stand" } else { "step" };
            if gone {
                format!("{} eliminated", name(&piece))
            } else {
                format!(
                    "{} −{n} {what}{}",
                    name(&piece),
                    if n == 1 { "" } else { "s" }
                )
            }
        })
        .collect()
}

/// Shows the first show and moves on when it is over; each piece that still has a
/// move to show waits where that move begins. A click or a key finishes everything.
#[allow(clippy::too_many_arguments)]
fn show(
    mut commands: Commands,
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    geometry: Res<BoardGeometry>,
    mut motion: ResMut<Motion>,
    mut views: Query<(&PieceView, &mut Transform)>,
    fires: Query<Entity, With<FireView>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if motion.busy()
        && (keys.get_just_pressed().next().is_some() || buttons.get_just_pressed().next().is_some())
    {
        motion.finish();
    }
    let before = motion.shows.front().cloned();
    motion.elapsed += time.delta_secs();
    while let Some(first) = motion.shows.front() {
        let lasts = first.paces() * motion.pace;
        if motion.elapsed < lasts {
            break;
        }
        motion.elapsed -= lasts;
        motion.shows.pop_front();
    }
    if !motion.busy() {
        motion.elapsed = 0.0;
        if motion.touched {
            motion.touched = false;
            put_back(&mut commands, &mut views, &fires);
        }
        return;
    }
    motion.touched = true;
    redraw.write(RequestRedraw);
    let t = (motion.elapsed / (motion.shows[0].paces() * motion.pace)).clamp(0.0, 1.0);
    place_pieces(&motion.shows, t, &geometry, &mut views);
    if motion.shows.front() != before.as_ref() || fires.is_empty() {
        for e in &fires {
            commands.entity(e).despawn();
        }
        if let Some(Show::Fire {
            firers,
            target,
            words,
            close,
            ..
        }) = motion.shows.front()
        {
            // A close combat shows its attackers going in rather than a line.
            let lines: &[Hex] = if *close { &[] } else { firers };
            draw_fire(&mut commands, &geometry, lines, *target, words);
        }
    }
}

/// Every drawing at its rest, and the fire's drawing gone.
fn put_back(
    commands: &mut Commands,
    views: &mut Query<(&PieceView, &mut Transform)>,
    fires: &Query<Entity, With<FireView>>,
) {
    for (view, mut at) in views.iter_mut() {
        at.translation = view.home;
    }
    for e in fires {
        commands.entity(e).despawn();
    }
}

/// Above every counter while it moves.
const GLIDING: f32 = 60.0;

/// Where each piece is drawn while `shows` are shown, the first `t` of the way: the
/// first glide's piece between its hexes, every other piece with a glide to come at
/// the hex that glide leaves, the rest at rest.
fn place_pieces(
    shows: &VecDeque<Show>,
    t: f32,
    geometry: &BoardGeometry,
    views: &mut Query<(&PieceView, &mut Transform)>,
) {
    let mut waiting: BTreeMap<&str, Vec2> = BTreeMap::new();
    for (k, s) in shows.iter().enumerate() {
        if let Show::Glide { piece, from, to } = s {
            let (a, b) = (geometry.world_of(*from), geometry.world_of(*to));
            let at = if k == 0 { a.lerp(b, t) } else { a };
            waiting.entry(piece.as_str()).or_insert(at);
        }
    }
    // Attackers closing in: a little over a third of the way and back.
    let closing: Option<(&[String], Vec2)> = match shows.front() {
        Some(Show::Fire {
            pieces,
            close: true,
            target,
            ..
        }) => Some((pieces, geometry.world_of(*target))),
        _ => None,
    };
    let lunge = 0.4 * (t * std::f32::consts::PI).sin();
    for (view, mut at) in views.iter_mut() {
        let rest = waiting.get(view.id.as_str()).copied();
        at.translation = match closing {
            // From where it stands now: its rest, or where a move still to show begins.
            Some((pieces, target)) if pieces.contains(&view.id) => {
                let from = rest.unwrap_or(view.home.truncate());
                from.lerp(target, lunge).extend(super::z::COUNTER + GLIDING)
            }
            _ => rest.map_or(view.home, |p| p.extend(super::z::COUNTER + GLIDING)),
        };
    }
}

/// The fire's line from each firer to the target and its result over the target.
fn draw_fire(
    commands: &mut Commands,
    geometry: &BoardGeometry,
    firers: &[Hex],
    target: Hex,
    words: &str,
) {
    let colour = Color::srgba(0.95, 0.25, 0.1, 0.85);
    let b = geometry.world_of(target);
    for firer in firers {
        let a = geometry.world_of(*firer);
        let d = b - a;
        commands.spawn((
            FireView,
            Sprite::from_color(colour, Vec2::new(d.length(), 3.0)),
            Transform::from_translation(((a + b) / 2.0).extend(super::z::COUNTER + GLIDING))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
        ));
    }
    let lines = words.lines().count() as f32;
    let widest = words.lines().map(|l| l.chars().count()).max().unwrap_or(0) as f32;
    commands
        .spawn((
            FireView,
            Sprite::from_color(
                Color::srgba(0.05, 0.05, 0.05, 0.85),
                Vec2::new(widest * 6.4 + 12.0, 14.0 * lines + 8.0),
            ),
            Transform::from_translation(
                (b + Vec2::new(0.0, 34.0 + 7.0 * lines)).extend(super::z::COUNTER + GLIDING + 1.0),
            ),
        ))
        .with_children(|p| {
            p.spawn((
                board_text(words.to_owned(), 11.0, Color::srgb(1.0, 0.85, 0.4)),
                Transform::from_translation(Vec3::new(0.0, 0.0, 0.1)),
            ));
        });
}

#[cfg(test)]
mod tests;
