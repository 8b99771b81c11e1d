//! Play by e-mail: a **turn file** goes back and forth between the two players, each
//! opening it with `drumfire post open FILE`, seeing what the other did, playing on,
//! and sending it back.
//!
//! The dice come from both players' hash chains ([`drumfire_core::shared_dice`]), as
//! between two machines on a network, but a round trip per order would make a game of
//! months: only an order that rolls dice waits for the other player's reveal. The
//! player's program tries each order with the dice locked; one that rolls no dice is
//! carried out at once; one that does is put in the file, *pending*, with the
//! player's own next reveal, and its result stays unknown until the other player
//! opens the file and adds theirs. So nobody knows an order's dice before it is fixed,
//! and the file's `shared_dice.keyed` names the orders that were keyed; the other
//! player's program replays every order and refuses the file if one of the others
//! rolled dice.
//!
//! Each player keeps, in `saves/post/`, a seat (side and secret) and a copy of the last
//! turn file it wrote, both named after its commitment. Opening a file checks it
//! against that copy: the game the player sent must be the start of the game it gets
//! back, its own pending order and reveal unchanged. Every link of both chains, the
//! seed, every order (against the rules and the recorded hash) and the pending reveal
//! are checked too; what does not hold is named with its field.

use crate::seat::{self, Seat};
use drumfire_core::error::Identifier;
use drumfire_core::game::{Game, Mode};
use drumfire_core::orders::Order;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::rule_set::{OrderSeed, RuleSets};
use drumfire_core::save::SaveSeed;
use drumfire_core::save::{self, SaveFile};
use drumfire_core::scenario::{self, Scenario};
use drumfire_core::seeded::{OptionSeed, once, required};
use drumfire_core::shared_dice::{self, Chain, Digest32, SharedDice, hex, step, unhex};
use drumfire_core::signed::OrderKey;
use serde::Serialize;
use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use std::io::Write;
use std::path::{Path, PathBuf};

mod playing;
mod reading;
mod taking_up;

pub use playing::{Given, play_with, side_name, tell_news, tell_sent, where_it_stands};
pub use reading::{TurnFileSeed, read_text};
use taking_up::take_up;

/// The format of turn files.
pub const TURN_FORMAT: u32 = 2;

/// A turn file.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename = "TurnFile")]
pub struct TurnFile {
    /// [`TURN_FORMAT`].
    pub format: u32,
    /// The side (from 0) whose player opens the file next.
    pub to: u8,
    /// The scenario's file name.
    pub scenario_name: String,
    /// The scenario's text.
    pub scenario: String,
    /// Each side's commitment, hex; empty for a side whose player has not joined yet.
    pub commitments: Vec<String>,
    /// Each side's public order key, hex ([`drumfire_core::signed`]); empty for a side
    /// whose player has not joined yet. Every order is signed by its side's.
    pub keys: Vec<String>,
    /// The game so far, once both players' first reveals have made its seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<SaveFile>,
    /// What the sender gave that waits for the other player's reveal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
}

/// The sender's next reveal, with the order it keys (none for the set-up's reveal).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pending {
    /// The sender's side.
    pub side: u8,
    /// Its reveal, hex.
    pub reveal: String,
    /// The order whose dice wait for the other player's reveal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<Order>,
    /// The sender's signature on that order, hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
}

/// Where a player's seats and copies are kept: `post/` in the saves folder
/// ([`drumfire_core::paths`]).
pub fn seat_dir() -> PathBuf {
    drumfire_core::paths::saves().join("post")
}

/// Where seats were kept before the game had a data folder: `saves/post` under the
/// folder it was played from. Never read: a seat found there for a game opened is
/// only named ([`old_seats_for`]).
pub fn legacy_seat_dir() -> PathBuf {
    Path::new(drumfire_core::paths::LEGACY_SAVES).join("post")
}

/// Seats for `file`'s game lying in `legacy` (the old `saves/post` of the folder the
/// program runs in). They are never taken up: anyone can leave files in a folder a
/// turn file is opened from, and a seat the other player made there would give it
/// this player's dice and sealed orders. Only a commitment that is one (64 hex
/// digits) names a file: a forged one such as `../x` names none.
pub fn old_seats_for(file: &TurnFile, legacy: &Path) -> Vec<PathBuf> {
    file.commitments
        .iter()
        .filter(|c| unhex(c).is_ok())
        .map(|c| seat::path_of(&copy_path(legacy, c)))
        .filter(|p| p.is_file())
        .collect()
}

/// The copy of the last turn file a player wrote, named after its commitment (the
/// seat is beside it, [`seat::path_of`]).
fn copy_path(dir: &Path, commitment: &str) -> PathBuf {
    dir.join(format!("{}.ron", &commitment[..commitment.len().min(16)]))
}

/// The text of a turn file.
pub fn to_text(file: &TurnFile) -> Result<String, String> {
    let body = ron::ser::to_string_pretty(file, ron::ser::PrettyConfig::new().struct_names(true))
        .map_err(|e| e.to_string())?;
    Ok(format!(
        "// Drumfire turn file: a game played by e-mail. Open it with `drumfire post open`.\n{body}\n"
    ))
}

/// Writes a turn file atomically.
pub fn write(path: &Path, file: &TurnFile) -> Result<(), String> {
    let text = to_text(file)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let tmp = path.with_extension("ron.tmp");
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    written.map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a turn file: errors name the file, line, column and field.
pub fn read(path: &Path) -> Result<TurnFile, String> {
    let shown = path.display().to_string();
    let text = drumfire_core::error::read_file(path).map_err(|e| e.to_string())?;
    read_text(&shown, &text)
}

/// What opening a turn file did.
pub struct Opened {
    /// The side played here, from 0.
    pub me: u8,
    /// The game as it stands now (`None` while the other player has yet to join or
    /// to answer the set-up).
    pub game: Option<Game>,
    /// The scenario.
    pub scenario: Scenario,
    /// The orders of the game the player had seen before (where the news begins);
    /// `None` when it had not seen the game set up.
    pub seen: Option<usize>,
    /// The file as it stands, to be given the player's orders and sent.
    pub file: TurnFile,
    /// The player's seat.
    pub seat: Seat,
    /// Where the seat and the copy are kept.
    pub dir: PathBuf,
    /// Was the game over when the file came? Then there is nothing to send back.
    pub ended_before: bool,
}

/// This player's secret: `given` (a test's), else fresh from the system.
fn secret_or_fresh(given: Option<Digest32>) -> Result<Digest32, String> {
    given.map_or_else(seat::fresh_secret, Ok)
}

/// Starts a game by e-mail: this player's seat (its secret `secret`, or a fresh
/// one), and the turn file inviting the other.
pub fn start(
    scenario_path: &Path,
    side: u8,
    dir: &Path,
    secret: Option<Digest32>,
) -> Result<TurnFile, String> {
    let scenario = crate::play::scenario_for_two(scenario_path)?;
    if side > 1 {
        return Err(format!("--side: {} is not 1 or 2", side + 1));
    }
    let seat = Seat {
        side,
        chain: Chain::new(secret_or_fresh(secret)?),
        host: None,
        sealed: Default::default(),
        pending: None,
    };
    let mine = hex(&seat.chain.commitment());
    let mut commitments = vec![String::new(), String::new()];
    commitments[usize::from(side)] = mine.clone();
    let mut keys = vec![String::new(), String::new()];
    keys[usize::from(side)] = hex(&OrderKey::of(&seat.chain.secret()).public());
    let file = TurnFile {
        format: TURN_FORMAT,
        to: 1 - side,
        scenario_name: scenario.source.clone(),
        scenario: scenario.text.clone(),
        commitments,
        keys,
        game: None,
        pending: None,
    };
    keep(dir, &seat, &file)?;
    Ok(file)
}

/// Keeps the seat and a copy of the file about to be sent.
fn keep(dir: &Path, seat: &Seat, file: &TurnFile) -> Result<(), String> {
    // The seat goes first: it makes the folder, its owner's alone, where it is missing.
    let copy = copy_path(dir, &hex(&seat.chain.commitment()));
    seat.write(&copy)?;
    write(&copy, file)
}

/// Opens a turn file sent to this player: finds (or, for the player joining, makes)
/// its seat, checks the file against the copy it sent last and against the rules and
/// both chains, adds its reveal for what the other player left pending, and carries
/// that out. `shown` names the file in errors; `secret` is the joining player's (a
/// fresh one when `None`).
pub fn open(
    shown: &str,
    file: TurnFile,
    dir: &Path,
    secret: Option<Digest32>,
) -> Result<Opened, String> {
    let (seat, last) = find_seat(shown, &file, dir, secret)?;
    let me = seat.side;
    let read_scenario = || {
        scenario::parse(
            &format!("{shown} (scenario {})", file.scenario_name),
            &file.scenario,
            &drumfire_core::rules::ALL,
        )
        .map_err(crate::play::lines)
    };
    if file.to != me {
        let scenario = read_scenario()?;
        let names = |s: u8| {
            scenario
                .file
                .sides
                .get(usize::from(s))
                .map_or_else(|| format!("side {}", s + 1), |d| d.name.clone())
        };
        return Err(format!(
            "{shown}: this file waits for the {} player, and you play {}: it is the one you \
             sent (send it to the other player)",
            names(file.to),
            names(me)
        ));
    }
    // Checked against the copy kept before anything of it is read through.
    if let Some(last) = &last {
        extends(shown, last, &file)?;
    }
    let scenario = read_scenario()?;
    crate::play::check_for_two(&scenario)?;
    let seen = last
        .as_ref()
        .and_then(|l| l.game.as_ref())
        .map(|g| g.orders.len());
    let mut opened = Opened {
        me,
        game: None,
        scenario,
        seen,
        file,
        seat,
        dir: dir.to_path_buf(),
        ended_before: false,
    };
    take_up(shown, &mut opened)?;
    opened.open_due()?;
    Ok(opened)
}

/// The seat of this player for the game of `file`, and the copy it last sent; a new
/// seat for the player joining.
fn find_seat(
    shown: &str,
    file: &TurnFile,
    dir: &Path,
    secret: Option<Digest32>,
) -> Result<(Seat, Option<TurnFile>), String> {
    for (side, c) in file.commitments.iter().enumerate() {
        if c.is_empty() {
            continue;
        }
        let copy = copy_path(dir, c);
        if !seat::path_of(&copy).exists() {
            continue;
        }
        let seat = Seat::read(&copy)?;
        if hex(&seat.chain.commitment()) != *c || usize::from(seat.side) != side {
            continue;
        }
        let last = if copy.exists() {
            Some(read(&copy)?)
        } else {
            None
        };
        return Ok((seat, last));
    }
    match file.commitments.iter().position(String::is_empty) {
        Some(side) if usize::from(file.to) == side && file.game.is_none() => Ok((
            Seat {
                side: side as u8,
                chain: Chain::new(secret_or_fresh(secret)?),
                host: None,
                sealed: Default::default(),
                pending: None,
            },
            None,
        )),
        _ => Err(format!(
            "{shown}: no seat of yours for this game in {}: it is a game between two other \
             players, or it was played from another folder",
            dir.display()
        )),
    }
}

/// The file got back must carry on from the one sent: same scenario and
/// commitments, the same game so far, and the sender's pending order and reveal
/// where it left them.
fn extends(shown: &str, sent: &TurnFile, got: &TurnFile) -> Result<(), String> {
    let changed = |field: &str| {
        format!("{shown}: {field}: not what you sent: the file was changed on the way")
    };
    if sent.scenario != got.scenario {
        return Err(changed("scenario"));
    }
    for (i, c) in sent.commitments.iter().enumerate() {
        if !c.is_empty() && got.commitments[i] != *c {
            return Err(changed(&format!("commitments[{i}]")));
        }
    }
    for (i, k) in sent.keys.iter().enumerate() {
        if !k.is_empty() && got.keys[i] != *k {
            return Err(changed(&format!("keys[{i}]")));
        }
    }
    // Every order since is the other player's, but this player's own that waited for
    // dice: nobody gives orders for the player who opens the file.
    let sender = sent.to;
    let from = sent.game.as_ref().map_or(0, |g| g.orders.len());
    let own_pending = sent.pending.as_ref().is_some_and(|p| p.order.is_some());
    if let Some(now) = &got.game {
        for (i, order) in now.orders.iter().enumerate().skip(from) {
            if own_pending && i == from {
                continue;
            }
            if order.side() != Some(sender) {
                return Err(format!(
                    "{shown}: game.orders[{i}]: an order of your side that you did not give: \
                     the file was changed on the way"
                ));
            }
        }
    }
    let (Some(before), Some(now)) = (&sent.game, &got.game) else {
        if sent.game.is_some() {
            return Err(changed("game"));
        }
        return Ok(());
    };
    if now.orders.len() < before.orders.len() {
        return Err(changed("game.orders"));
    }
    if let Some(i) = (0..before.orders.len()).find(|&i| before.orders[i] != now.orders[i]) {
        return Err(changed(&format!("game.orders[{i}]")));
    }
    let (Some(a), Some(b)) = (&before.shared_dice, &now.shared_dice) else {
        return Err(changed("game.shared_dice"));
    };
    if let Some(i) = (0..a.reveals.len()).find(|&i| b.reveals.get(i) != Some(&a.reveals[i])) {
        return Err(changed(&format!("game.shared_dice.reveals[{i}]")));
    }
    let (ka, kb) = (
        a.keyed.clone().unwrap_or_default(),
        b.keyed.clone().unwrap_or_default(),
    );
    if kb.len() < ka.len() || kb[..ka.len()] != ka[..] {
        return Err(changed("game.shared_dice.keyed"));
    }
    if let Some(p) = &sent.pending
        && let Some(order) = &p.order
    {
        let at = before.orders.len();
        if now.orders.get(at) != Some(order) {
            return Err(changed(&format!("game.orders[{at}]")));
        }
        let j = a.reveals.len();
        let side = usize::from(p.side);
        if b.reveals.get(j).and_then(|pair| pair.get(side)) != Some(&p.reveal) {
            return Err(changed(&format!("game.shared_dice.reveals[{j}][{side}]")));
        }
    }
    Ok(())
}

/// A game as a save holds it, checked as a save is (its dice link by link); not
/// replayed. `shown` names the turn file in errors.
pub fn checked_save(shown: &str, game: &SaveFile) -> Result<save::Save, String> {
    let text = save::to_text(game).map_err(|e| e.to_string())?;
    save::parse(
        &format!("{shown} (game)"),
        &text,
        &drumfire_core::rules::ALL,
    )
    .map_err(crate::play::lines)
}

/// Does this text look like a turn file (rather than a save or a scenario)?
pub fn looks_like_turn_file(text: &str) -> bool {
    drumfire_core::error::without_bom(text)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .is_some_and(|l| l.starts_with("TurnFile("))
}

fn reveal(chain: &Chain, index: usize) -> Result<Digest32, String> {
    chain
        .reveal(index)
        .ok_or_else(|| "the game is longer than a dice chain".to_string())
}

fn seed_of(game: &Game) -> u64 {
    game.world().resource::<drumfire_core::dice::Dice>().seed()
}

#[cfg(test)]
mod tests;
