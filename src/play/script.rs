//! A scripted-input mode: the window plays a list of UI steps (select a hex, pick
//! a move, aim a fire, answer a question...) through the same resources the mouse
//! drives, takes screenshots on the way, and saves the game at the end, so that a
//! test can check the pictures and replay the save headless to the same hash.
//!
//! One step per line; `#` starts a comment:
//! `select HEX`, `select-counter ID`, `activate ID`, `move ID... `, `fire ID...`,
//! `hover HEX`, `click HEX`, `confirm`, `answer-all`, `pass`, `pass-until SIDE`,
//! `plan open-sights|scenario`, `turn N` (pass until turn N or the end),
//! `close-dialogs`, `look-up` (the phase bar's Rules button beside a refusal), `whole-map`
//! (the Home key), `shot NAME`,
//! `save PATH`; on the Artillery Plan sheet
//! `sheet-cell LINE TURN` (click a cell, both from 1), `sheet-mission LINE
//! planned|open|move`, `sheet-type HEX` (type a hex
//! into the chosen cell), `file-plan`, `show-plan SIDE` (the menu during play),
//! `close-plan`; `handoff` (the player at the screen confirms the hand-off screen);
//! `dump-view NAME` writes the words the screen shows of plans and the log;
//! `board-from-tiles` fails unless the static board is drawn from the board cache.
//! Each step waits until the last order has been shown on the board, but
//! `showing NAME`, which waits until an order is being shown and writes its picture and
//! what is shown (NAME.png, NAME.txt); where orders are not shown it is passed over.
//! At the table (hand moves, as the panels queue them): `hand move ID HEX`,
//! `hand flip ID`, `hand remove ID`, `hand mark ID MARKER on|off` (DISR, PINNED...),
//! `hand drumfire HEX on|off`, `hand stand ID N lost|back` (N from 1, the leftmost),
//! `hand roll N`, `hand next-turn`; `switch-mode`. In the replay viewer: `view go K`,
//! `view next`, `view back`, `view next-phase`, `view previous-phase`,
//! `view bookmark NOTE...`, `view unmark N`, `view play-on`.

use super::CombatReport;
use super::session::ReplayQueue;
use crate::input::{Hover, Selection};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use drumfire_core::counters::PieceIds;
use drumfire_core::map::HexIndex;
use drumfire_core::orders;
use drumfire_core::scenario::hex_of;
use std::collections::VecDeque;
use std::path::PathBuf;

/// The script being played.
#[derive(Resource)]
pub struct Script {
    steps: VecDeque<(usize, Vec<String>)>,
    shots: PathBuf,
    wait: u32,
    source: String,
    finished: Option<u32>,
}

/// Frames between steps, so the window draws each state.
const STEP_FRAMES: u32 = 6;
/// Frames before a screenshot, so previews and dialogs are drawn.
const SHOT_FRAMES: u32 = 20;

impl Script {
    /// Reads a script; errors name the line.
    pub fn read(path: &std::path::Path, shots: PathBuf) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}:1:1: cannot read: {e}", path.display()))?;
        let steps = text
            .lines()
            .enumerate()
            .filter_map(|(i, l)| {
                let l = l.split('#').next().unwrap_or("").trim();
                (!l.is_empty()).then(|| (i + 1, l.split_whitespace().map(str::to_owned).collect()))
            })
            .collect();
        Ok(Self {
            steps,
            shots,
            wait: 30,
            source: path.display().to_string(),
            finished: None,
        })
    }
}

/// Plays the script: one step whenever the game is settled and the last step drawn.
pub fn run_script(world: &mut World) {
    let mut script = world
        .remove_resource::<Script>()
        .expect("the script runs only when present");
    step(world, &mut script);
    world.insert_resource(script);
}

fn step(world: &mut World, script: &mut Script) {
    if let Some(frames) = script.finished.as_mut() {
        *frames += 1;
        if *frames > 40 {
            world.write_message(AppExit::Success);
        }
        return;
    }
    if script.wait > 0 {
        script.wait -= 1;
        return;
    }
    if !orders::is_settled(world)
        || !world.resource::<ReplayQueue>().0.is_empty()
        || !world.resource::<super::table::HandMoves>().0.is_empty()
        || *world.resource::<super::session::SessionRequest>()
            != super::session::SessionRequest::None
    {
        return;
    }
    // Each step waits until the last order has been shown on the board, but for
    // `showing`, which waits until something is.
    let showing = world
        .get_resource::<crate::board::motion::Motion>()
        .is_some_and(crate::board::motion::Motion::busy);
    let wants_showing = script
        .steps
        .front()
        .is_some_and(|(_, w)| w.first().is_some_and(|w| w == "showing"));
    if wants_showing && crate::board::motion::pace(world) <= 0.0 {
        // Nothing is shown on this board: there is nothing to wait for.
        script.steps.pop_front();
        return;
    }
    if showing != wants_showing {
        return;
    }
    let Some((line, words)) = script.steps.pop_front() else {
        script.finished = Some(0);
        return;
    };
    script.wait = STEP_FRAMES;
    if let Err(e) = execute(world, script, &words) {
        error!("{}:{line}: {}: {e}", script.source, words.join(" "));
        world.write_message(AppExit::error());
    }
}

/// The hex a step's word names.
pub(crate) fn hex(word: Option<&String>) -> Result<hexx::Hex, String> {
    let w = word.ok_or("a hex number is missing")?;
    hex_of(w).ok_or_else(|| format!("`{w}` is not a hex number"))
}

/// The game in hand saved to `path`.
fn save(world: &mut World, path: &str) -> Result<(), String> {
    let path = PathBuf::from(path);
    let source = world.resource::<super::session::GameSource>().clone();
    let file = drumfire_core::save::save_of_world(world, &source.scenario, source.seed);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    }
    drumfire_core::save::write(&path, &file).map_err(|e| e.to_string())
}

/// A screenshot of the window, written to `name` in the script's shots folder.
fn shot(world: &mut World, script: &mut Script, name: &str) -> Result<(), String> {
    std::fs::create_dir_all(&script.shots).map_err(|e| e.to_string())?;
    world
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(script.shots.join(name)));
    script.wait = SHOT_FRAMES;
    Ok(())
}

/// The rule set's own steps (its picks, questions and plans) and the Hint's: `None`
/// for a step of neither. A step not yet done comes back until it is.
fn own_step(
    world: &mut World,
    script: &mut Script,
    words: &[String],
) -> Option<Result<(), String>> {
    let steps = super::parts::of_the_game(world);
    let done = match steps.and_then(|p| p.script_step(world, words)) {
        Some(Err(e)) => return Some(Err(e)),
        Some(Ok(done)) => done,
        None => !super::hint::script_step(world, words)?,
    };
    if !done {
        script.steps.push_front((0, words.to_vec()));
    }
    Some(Ok(()))
}

fn execute(world: &mut World, script: &mut Script, words: &[String]) -> Result<(), String> {
    let args: Vec<String> = words[1..].to_vec();
    if let Some(result) = own_step(world, script, words) {
        return result;
    }
    match words[0].as_str() {
        "select" => {
            let h = hex(args.first())?;
            let stack = world.resource::<HexIndex>().occupants(h).to_vec();
            world.resource_mut::<Selection>().click(h, &stack);
        }
        "select-counter" => {
            let id = args.first().ok_or("a counter id is missing")?;
            let e = world
                .resource::<PieceIds>()
                .get(id)
                .ok_or_else(|| format!("no counter `{id}`"))?;
            let at = world.get::<drumfire_core::counters::OnHex>(e).map(|o| o.0);
            let mut sel = world.resource_mut::<Selection>();
            sel.hex = at;
            sel.counter = Some(e);
        }
        "hover" => world.resource_mut::<Hover>().0 = Some(hex(args.first())?),
        "close-dialogs" => world.resource_mut::<CombatReport>().open = false,
        "board-from-tiles" => {
            let cache = world.get_resource::<crate::board::cache::BoardCache>();
            if !cache.is_some_and(crate::board::cache::BoardCache::drawn_from_tiles) {
                return Err("the static board is not drawn from the board cache's tiles".into());
            }
        }
        "look-up" => world.resource_mut::<super::LookUpRequest>().0 = true,
        "whole-map" => world
            .run_system_cached(crate::input::show_the_whole_map)
            .map_err(|e| format!("the whole map could not be shown: {e}"))?,
        "showing" => {
            // What is shown on the board now, in a picture and in words.
            let name = args.first().ok_or("a name is missing")?;
            shot(world, script, &format!("{name}.png"))?;
            let shows = world
                .resource::<crate::board::motion::Motion>()
                .shows()
                .map(|s| format!("{s:?}\n"))
                .collect::<String>();
            std::fs::write(script.shots.join(format!("{name}.txt")), shows)
                .map_err(|e| e.to_string())?;
        }
        "shot" => shot(world, script, args.first().ok_or("a file name is missing")?)?,
        "save" => save(world, args.first().ok_or("a path is missing")?)?,
        "show-plan" => {
            let side: u8 = args
                .first()
                .and_then(|s| s.parse().ok())
                .ok_or("a side number is missing")?;
            let mut h = world.resource_mut::<super::session::Handoff>();
            h.waiting_for = Some(side);
            h.show_secret = true;
        }
        "handoff" => {
            let mut h = world.resource_mut::<super::session::Handoff>();
            let side = h.waiting_for.take().ok_or("no hand-off screen is up")?;
            if std::mem::take(&mut h.show_secret)
                && let Some(parts) = super::parts::playing(world)
            {
                parts.show_secret(world, side);
            }
        }
        "dump-view" => {
            let name = args.first().ok_or("a file name is missing")?;
            std::fs::create_dir_all(&script.shots).map_err(|e| e.to_string())?;
            let text = visible_text(world);
            std::fs::write(script.shots.join(name), text).map_err(|e| e.to_string())?;
        }
        "hand" => {
            let order = hand_move(&args)?;
            world
                .resource_mut::<super::table::HandMoves>()
                .0
                .push(order);
        }
        "switch-mode" => {
            *world.resource_mut::<super::session::SessionRequest>() =
                super::session::SessionRequest::SwitchMode;
        }
        "view" => viewer_step(world, &args)?,
        "click" => {
            let h = hex(args.first())?;
            // An empty hex the selected piece cannot reach: the click says why, as the
            // mouse's does (after a `hover` of it).
            if super::offers::refused_click(world, h) {
                return Ok(());
            }
            world.resource_mut::<Hover>().0 = Some(h);
            let stack = world.resource::<HexIndex>().occupants(h).to_vec();
            world.resource_mut::<Selection>().click(h, &stack);
        }
        other => return Err(format!("unknown step `{other}`")),
    }
    Ok(())
}

/// A `hand ...` step as the hand move it stands for.
fn hand_move(args: &[String]) -> Result<drumfire_core::table::TableOrder, String> {
    use drumfire_core::counters::{HexMarkerKind, MarkerKind};
    use drumfire_core::table::TableOrder;
    let arg = |i: usize, what: &str| {
        args.get(i)
            .cloned()
            .ok_or_else(|| format!("{what} is missing"))
    };
    let on = |i: usize| match args.get(i).map(String::as_str) {
        Some("on") => Ok(true),
        Some("off") => Ok(false),
        _ => Err("on or off is missing".to_owned()),
    };
    Ok(match arg(0, "the hand move")?.as_str() {
        "move" => TableOrder::Move {
            piece: arg(1, "a counter id")?,
            to: arg(2, "a hex")?,
        },
        "flip" => TableOrder::Flip {
            piece: arg(1, "a counter id")?,
        },
        "remove" => TableOrder::Remove {
            piece: arg(1, "a counter id")?,
        },
        "mark" => {
            let label = arg(2, "a marker")?;
            let marker = MarkerKind::ALL
                .into_iter()
                .find(|m| m.label().replace(' ', "_") == label)
                .ok_or_else(|| format!("`{label}` is not a marker"))?;
            TableOrder::Mark {
                piece: arg(1, "a counter id")?,
                marker,
                on: on(3)?,
            }
        }
        "drumfire" => TableOrder::MarkHex {
            hex: arg(1, "a hex")?,
            marker: HexMarkerKind::Drumfire,
            on: on(2)?,
        },
        "roll" => TableOrder::Roll {
            dice: arg(1, "a number of dice")?
                .parse()
                .map_err(|_| "the number of dice is a number".to_owned())?,
        },
        "stand" => TableOrder::Stand {
            piece: arg(1, "a counter id")?,
            stand: arg(2, "a stand number")?
                .parse::<u8>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .ok_or("the stand is a number from 1, the leftmost")?,
            lost: match arg(3, "lost or back")?.as_str() {
                "lost" => true,
                "back" => false,
                _ => return Err("a stand is lost or back".into()),
            },
        },
        "next-turn" => TableOrder::NextTurn,
        other => return Err(format!("unknown hand move `{other}`")),
    })
}

/// The words the screen shows of plans and play: the hand-off screen alone when it
/// is up; otherwise what the rule set shows of its own (the Great War's Artillery Plan
/// sheet and the plan's labels on the map), and the log.
/// The replay viewer's steps, as its controls take them: `view go K`, `view next`,
/// `view back`, `view next-phase`, `view previous-phase`, `view bookmark NOTE...`,
/// `view unmark N` (from 1), `view play-on`.
fn viewer_step(world: &mut World, args: &[String]) -> Result<(), String> {
    use super::viewer::Viewer;
    let word = args.first().map(String::as_str);
    if word == Some("play-on") {
        *world.resource_mut::<super::session::SessionRequest>() =
            super::session::SessionRequest::PlayOn;
        return Ok(());
    }
    let mut viewer = world
        .get_resource_mut::<Viewer>()
        .ok_or("no replay is being watched")?;
    let at = viewer.at;
    let status = match word {
        Some("go") => {
            let k = args
                .get(1)
                .and_then(|k| k.parse().ok())
                .ok_or("a number of orders is missing")?;
            viewer.go(k);
            None
        }
        Some("next") => {
            viewer.go(at + 1);
            None
        }
        Some("back") => {
            viewer.go(at.saturating_sub(1));
            None
        }
        Some("next-phase") => {
            viewer.next_phase();
            None
        }
        Some("previous-phase") => {
            viewer.previous_phase();
            None
        }
        Some("bookmark") => {
            viewer.note = args[1..].join(" ");
            Some(viewer.bookmark())
        }
        Some("unmark") => {
            let i: usize = args
                .get(1)
                .and_then(|k| k.parse().ok())
                .filter(|i| *i >= 1)
                .ok_or("a bookmark number (from 1) is missing")?;
            Some(viewer.unmark(i - 1))
        }
        other => return Err(format!("unknown viewer step `{}`", other.unwrap_or(""))),
    };
    if let Some(status) = status {
        world.resource_mut::<crate::screen::UiStatus>().0 = status;
    }
    Ok(())
}

fn visible_text(world: &mut World) -> String {
    use std::fmt::Write;
    let sides = world
        .resource::<drumfire_core::scenario::SideList>()
        .clone();
    let mut out = String::new();
    super::hint::view_text(world, &mut out);
    if let Some(side) = world.resource::<super::session::Handoff>().waiting_for {
        let _ = writeln!(out, "hand-off screen: {}", sides.name(side));
        return out;
    }
    if let Some(viewer) = world.get_resource::<super::viewer::Viewer>() {
        let _ = writeln!(out, "replay: {}", viewer.position());
        for b in &viewer.bookmarks {
            let label = viewer.timeline.moment(b.order).label();
            let _ = writeln!(out, "bookmark: {} · order {} · {}", label, b.order, b.note);
        }
        let report = world.resource::<CombatReport>();
        if report.open {
            let names = drumfire_core::journal::piece_names(world);
            for e in &report.events {
                let _ = writeln!(out, "combat: {}", e.describe(&sides, &names));
            }
        }
        let status = &world.resource::<crate::screen::UiStatus>().0;
        if !status.is_empty() {
            let _ = writeln!(out, "status: {status}");
        }
    }
    if let Some(motion) = world.get_resource::<crate::board::motion::Motion>() {
        for show in motion.shows() {
            let _ = writeln!(out, "showing: {show:?}");
        }
    }
    if let Some(parts) = super::parts::of_the_game(world) {
        parts.view_text(world, &mut out);
    }
    if let Some(counts) = crate::input::pieces_in_view(world) {
        let seen: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(side, (shown, all))| format!("{} {shown} of {all}", sides.name(side as u8)))
            .collect();
        let _ = writeln!(out, "pieces in view: {}", seen.join(", "));
    }
    let names = drumfire_core::journal::piece_names(world);
    for e in world
        .resource::<drumfire_core::journal::Journal>()
        .entries()
    {
        let _ = writeln!(out, "log: {}", e.event.describe(&sides, &names));
    }
    out
}
