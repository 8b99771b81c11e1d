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

/// The fields of a turn file, in the order they are written.
const TURN_FIELDS: &[&str] = &[
    "format",
    "to",
    "scenario_name",
    "scenario",
    "commitments",
    "keys",
    "game",
    "pending",
];

/// Reads a turn file whose orders are of one of the rule sets it holds.
#[derive(Clone, Copy)]
pub struct TurnFileSeed(pub &'static RuleSets);

impl<'de> DeserializeSeed<'de> for TurnFileSeed {
    type Value = TurnFile;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<TurnFile, D::Error> {
        d.deserialize_struct("TurnFile", TURN_FIELDS, self)
    }
}

impl<'de> Visitor<'de> for TurnFileSeed {
    type Value = TurnFile;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a turn file: TurnFile(format: ..., to: ..., scenario: ..., ...)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TurnFile, A::Error> {
        let (mut format, mut to, mut scenario_name, mut scenario) = (None, None, None, None);
        let (mut commitments, mut keys, mut game, mut pending) = (None, None, None, None);
        while let Some(Identifier(key)) = map.next_key()? {
            match key.as_str() {
                "format" => once(&mut format, "format", map.next_value()?)?,
                "to" => once(&mut to, "to", map.next_value()?)?,
                "scenario_name" => once(&mut scenario_name, "scenario_name", map.next_value()?)?,
                "scenario" => once(&mut scenario, "scenario", map.next_value()?)?,
                "commitments" => once(&mut commitments, "commitments", map.next_value()?)?,
                "keys" => once(&mut keys, "keys", map.next_value()?)?,
                "game" => once(
                    &mut game,
                    "game",
                    map.next_value_seed(OptionSeed(SaveSeed(self.0)))?,
                )?,
                "pending" => once(
                    &mut pending,
                    "pending",
                    map.next_value_seed(OptionSeed(PendingSeed(self.0)))?,
                )?,
                other => return Err(de::Error::unknown_field(other, TURN_FIELDS)),
            }
        }
        Ok(TurnFile {
            format: required(format, "format")?,
            to: required(to, "to")?,
            scenario_name: required(scenario_name, "scenario_name")?,
            scenario: required(scenario, "scenario")?,
            commitments: required(commitments, "commitments")?,
            keys: required(keys, "keys")?,
            game: game.unwrap_or_default(),
            pending: pending.unwrap_or_default(),
        })
    }
}

/// The fields of a pending reveal.
const PENDING_FIELDS: &[&str] = &["side", "reveal", "order", "signature"];

/// Reads a pending reveal whose order is of one of the rule sets it holds.
#[derive(Clone, Copy)]
struct PendingSeed(&'static RuleSets);

impl<'de> DeserializeSeed<'de> for PendingSeed {
    type Value = Pending;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Pending, D::Error> {
        d.deserialize_struct("Pending", PENDING_FIELDS, self)
    }
}

impl<'de> Visitor<'de> for PendingSeed {
    type Value = Pending;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a pending reveal: (side: ..., reveal: ..., order: ..., signature: ...)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pending, A::Error> {
        let (mut side, mut reveal, mut order, mut signature) = (None, None, None, None);
        while let Some(Identifier(key)) = map.next_key()? {
            match key.as_str() {
                "side" => once(&mut side, "side", map.next_value()?)?,
                "reveal" => once(&mut reveal, "reveal", map.next_value()?)?,
                "order" => once(
                    &mut order,
                    "order",
                    map.next_value_seed(OptionSeed(OrderSeed(self.0)))?,
                )?,
                "signature" => once(&mut signature, "signature", map.next_value()?)?,
                other => return Err(de::Error::unknown_field(other, PENDING_FIELDS)),
            }
        }
        Ok(Pending {
            side: required(side, "side")?,
            reveal: required(reveal, "reveal")?,
            order: order.unwrap_or_default(),
            signature: signature.unwrap_or_default(),
        })
    }
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

/// Reads a turn file's text; `shown` names it in errors (file, line, column, field).
pub fn read_text(shown: &str, text: &str) -> Result<TurnFile, String> {
    let text = drumfire_core::error::without_bom(text);
    let file =
        drumfire_core::error::read_ron_seed(shown, text, TurnFileSeed(&drumfire_core::rules::ALL))
            .map_err(|mut e| {
                let at = drumfire_core::error::TextPos {
                    line: e.line,
                    col: e.col,
                };
                e.field = drumfire_core::ron_spans::path_at(text, at);
                e.to_string()
            })?;
    let at = |field: &str, message: String| {
        let pos =
            drumfire_core::ron_spans::locate_nearest(text, &drumfire_core::ron_spans::path(field));
        format!("{shown}:{}:{}: {field}: {message}", pos.line, pos.col)
    };
    if file.format != TURN_FORMAT {
        return Err(at(
            "format",
            format!(
                "turn file format {} (this game reads {TURN_FORMAT})",
                file.format
            ),
        ));
    }
    if file.commitments.len() != 2 {
        return Err(at(
            "commitments",
            format!(
                "two commitments, one a side; found {}",
                file.commitments.len()
            ),
        ));
    }
    for (i, c) in file.commitments.iter().enumerate() {
        if !c.is_empty() {
            unhex(c).map_err(|m| at(&format!("commitments[{i}]"), m))?;
        }
    }
    if file.keys.len() != 2 {
        return Err(at(
            "keys",
            format!("two order keys, one a side; found {}", file.keys.len()),
        ));
    }
    for (i, k) in file.keys.iter().enumerate() {
        if k.is_empty() != file.commitments[i].is_empty() {
            return Err(at(
                &format!("keys[{i}]"),
                "a side's order key comes with its commitment".into(),
            ));
        }
        if !k.is_empty() {
            let key = unhex(k).map_err(|m| at(&format!("keys[{i}]"), m))?;
            drumfire_core::signed::check_public(&key).map_err(|m| at(&format!("keys[{i}]"), m))?;
        }
    }
    if file.to > 1 {
        return Err(at("to", format!("side {} is not 0 or 1", file.to)));
    }
    if let Some(p) = &file.pending {
        if p.side > 1 {
            return Err(at("pending.side", format!("side {} is not 0 or 1", p.side)));
        }
        unhex(&p.reveal).map_err(|m| at("pending.reveal", m))?;
    }
    Ok(file)
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

/// Brings the game up to date on this player's machine: the set-up completed or the
/// game replayed and checked, then the other player's pending order carried out with
/// this player's reveal.
fn take_up(shown: &str, o: &mut Opened) -> Result<(), String> {
    let fault = |field: &str, message: String| format!("{shown}: {field}: {message}");
    let Some(game_file) = o.file.game.clone() else {
        // The set-up: this player joins, or answers the joining player's first reveal.
        if o.file.commitments[usize::from(o.me)].is_empty() {
            return join_by_post(o);
        }
        return answer_first_reveal(shown, o);
    };
    let checked = checked_game_of_file(shown, o, &game_file)?;
    let (mut game, replayed) = save::replay(&checked);
    replayed.map_err(|d| fault("game", format!("{d}: the file was tampered with")))?;
    o.ended_before = game.is_over() && o.file.pending.is_none();
    if let Some(p) = o.file.pending.take() {
        carry_out_pending(shown, o, &mut game, p)?;
    }
    crate::session::keep_secret(game.world_mut(), o.me, &o.seat.chain, &o.seat.sealed);
    o.game = Some(game);
    Ok(())
}

/// The set-up, as the joining player: this player's commitment and order key put in
/// the file, with its first reveal pending for the other player.
fn join_by_post(o: &mut Opened) -> Result<(), String> {
    let me = o.me;
    let mine = hex(&o.seat.chain.commitment());
    let my_key = OrderKey::of(&o.seat.chain.secret()).public();
    o.file.commitments[usize::from(me)] = mine;
    o.file.keys[usize::from(me)] = hex(&my_key);
    o.file.pending = Some(Pending {
        side: me,
        reveal: hex(&reveal(&o.seat.chain, 0)?),
        order: None,
        signature: None,
    });
    Ok(())
}

/// The set-up, answering the joining player: its first reveal checked against its
/// commitment, this player's order key checked, and the game begun with both first
/// reveals.
fn answer_first_reveal(shown: &str, o: &mut Opened) -> Result<(), String> {
    let me = o.me;
    let other = 1 - me;
    let fault = |field: &str, message: String| format!("{shown}: {field}: {message}");
    let my_key = OrderKey::of(&o.seat.chain.secret()).public();
    let Some(p) = o
        .file
        .pending
        .clone()
        .filter(|p| p.side == other && p.order.is_none())
    else {
        return Err(fault(
            "pending",
            "the other player's first reveal is missing".into(),
        ));
    };
    let theirs = unhex(&p.reveal).map_err(|m| fault("pending.reveal", m))?;
    let commitments = [
        unhex(&o.file.commitments[0]).map_err(|m| fault("commitments[0]", m))?,
        unhex(&o.file.commitments[1]).map_err(|m| fault("commitments[1]", m))?,
    ];
    if step(&theirs) != commitments[usize::from(other)] {
        return Err(fault(
            "pending.reveal",
            "the other player's first reveal does not follow from its commitment: the \
             file was tampered with"
                .into(),
        ));
    }
    let mut pair = [[0u8; 32]; 2];
    pair[usize::from(other)] = theirs;
    pair[usize::from(me)] = reveal(&o.seat.chain, 0)?;
    let keys = [
        unhex(&o.file.keys[0]).map_err(|m| fault("keys[0]", m))?,
        unhex(&o.file.keys[1]).map_err(|m| fault("keys[1]", m))?,
    ];
    if keys[usize::from(me)] != my_key {
        return Err(fault(
            &format!("keys[{me}]"),
            "not your order key: the file was tampered with".into(),
        ));
    }
    drumfire_core::signed::check_pair(&keys).map_err(|m| fault("keys", m))?;
    let mut record = SharedDice::by_post(commitments).signed_by(keys);
    record.push(pair).map_err(|f| fault(&f.field, f.message))?;
    let game = drumfire_core::game::Game::with_shared_dice(&o.scenario, Mode::Rules, record)
        .map_err(|f| fault(&f.field, f.message))?;
    o.file.pending = None;
    o.game = Some(game);
    Ok(())
}

/// The file's game checked as a save, and as the game of this file: on the file's
/// scenario, by the rules, with dice keyed by order, the commitments and order keys
/// of the file's players, and this player's own order key.
fn checked_game_of_file(
    shown: &str,
    o: &Opened,
    game_file: &SaveFile,
) -> Result<save::Save, String> {
    let me = o.me;
    let fault = |field: &str, message: String| format!("{shown}: {field}: {message}");
    // The game is played on the file's scenario (the one both players checked), by
    // the rules: a game carrying a scenario of its own, or in table mode, is another.
    if game_file.scenario != o.file.scenario {
        return Err(fault(
            "game.scenario",
            "not the file's scenario: the file was tampered with".into(),
        ));
    }
    if game_file.table {
        return Err(fault(
            "game.table",
            "a game by e-mail follows the rules: the file was tampered with".into(),
        ));
    }
    let checked = checked_save(shown, game_file)?;
    let Some(record) = checked
        .dice_keys
        .as_ref()
        .map(|k| &k.record)
        .filter(|r| r.keyed.is_some())
    else {
        return Err(fault(
            "game.shared_dice",
            "a game by e-mail keeps both players' dice reveals, keyed by order".into(),
        ));
    };
    // The game in the file is the game of the file: the commitments and order keys
    // both players showed (the kept copy's, checked already), not others.
    if record.commitments != o.file.commitments {
        return Err(fault(
            "game.shared_dice.commitments",
            "not the commitments of the file's players: the file was tampered with".into(),
        ));
    }
    if record.keys != o.file.keys {
        return Err(fault(
            "game.shared_dice.keys",
            "not the order keys of the file's players: the file was tampered with".into(),
        ));
    }
    if o.file.keys[usize::from(me)] != hex(&OrderKey::of(&o.seat.chain.secret()).public()) {
        return Err(fault(
            &format!("keys[{me}]"),
            "not your order key: the file was tampered with".into(),
        ));
    }
    Ok(checked)
}

/// Carries out the other player's pending order: checked as theirs and signed by
/// them, keyed with their reveal and this player's next, and submitted to the rules.
fn carry_out_pending(shown: &str, o: &Opened, game: &mut Game, p: Pending) -> Result<(), String> {
    let me = o.me;
    let other = 1 - me;
    let fault = |field: &str, message: String| format!("{shown}: {field}: {message}");
    let order = p.order.clone().ok_or_else(|| {
        fault(
            "pending.order",
            "the order the reveal keys is missing".into(),
        )
    })?;
    if p.side != other || order.side() != Some(other) {
        return Err(fault(
            "pending.order",
            "not an order of the other player's side".into(),
        ));
    }
    let theirs = unhex(&p.reveal).map_err(|m| fault("pending.reveal", m))?;
    let mut keys = game.world().resource::<shared_dice::DiceKeys>().clone();
    let n = game.orders().len() + 1;
    let signature = p.signature.as_deref().unwrap_or_default();
    keys.record
        .check_signature(n, &order, signature, "pending.signature")
        .map_err(|f| {
            fault(
                &f.field,
                format!("{}: the file was tampered with", f.message),
            )
        })?;
    let signature =
        shared_dice::unhex_bytes::<64>(signature).map_err(|m| fault("pending.signature", m))?;
    let j = keys.record.reveals.len();
    let mut pair = [[0u8; 32]; 2];
    pair[usize::from(other)] = theirs;
    pair[usize::from(me)] = reveal(&o.seat.chain, j)?;
    keys.push(pair).map_err(|f| {
        fault(
            "pending.reveal",
            format!("{}: the file was tampered with", f.message),
        )
    })?;
    if let Some(list) = keys.record.keyed.as_mut() {
        list.push(n);
    }
    keys.sign_next(&signature);
    game.world_mut().insert_resource(keys);
    game.submit(order).map_err(|r| {
        fault(
            "pending.order",
            format!("the rules refuse it: {r}: the file was tampered with"),
        )
    })?;
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

/// What a player's order did in a game by e-mail.
#[derive(Debug, PartialEq, Eq)]
pub enum Given {
    /// Carried out: it rolled no dice.
    Done,
    /// It rolls dice: it goes in the file with this player's reveal, its result
    /// unknown until the other player answers. The game stands as before it.
    Pending,
}

impl Opened {
    /// The side the game waits on, when it is this player's and nothing is pending.
    pub fn my_move(&self) -> bool {
        self.file.pending.is_none()
            && self
                .game
                .as_ref()
                .is_some_and(|g| !g.is_over() && g.awaiting() == Some(self.me))
    }

    /// Gives one of this player's orders: carried out if it rolls no dice, else kept
    /// pending for the other player's reveal. `Err` when the rules refuse it. A secret
    /// order goes sealed (its text kept in the seat, written before the file); when the
    /// rules then call for this player's seal to be opened, the opening follows.
    pub fn give(&mut self, order: Order) -> Result<Given, String> {
        let given = self.give_one(order)?;
        if given == Given::Done {
            self.open_due()?;
        }
        Ok(if self.file.pending.is_some() {
            Given::Pending
        } else {
            Given::Done
        })
    }

    /// Opens this player's seal while the game waits on it to be opened.
    fn open_due(&mut self) -> Result<(), String> {
        while self.my_move() {
            let game = self.game.as_ref().expect("my move has a game");
            let Some(opening) =
                crate::session::opening(game, self.me, &self.seat.chain, &self.seat.sealed)
            else {
                return Ok(());
            };
            if self.give_one(opening)? == Given::Pending {
                return Ok(());
            }
        }
        Ok(())
    }

    fn give_one(&mut self, order: Order) -> Result<Given, String> {
        let Some(game) = self.game.as_mut() else {
            return Err("the game is not set up yet".into());
        };
        if self.file.pending.is_some() {
            return Err("an order already waits for the other player's reveal".into());
        }
        let number = game.orders().len() + 1;
        let order = crate::session::seal_secret(
            game,
            order,
            &self.seat.chain,
            number,
            &mut self.seat.sealed,
        )
        .map_err(|r| r.0)?;
        let before = save::save_of(game, &self.scenario, seed_of(game));
        let commitments = game
            .world()
            .resource::<shared_dice::DiceKeys>()
            .record
            .commitments()
            .map_err(|f| f.to_string())?;
        let signature = OrderKey::of(&self.seat.chain.secret()).sign(&commitments, number, &order);
        let kept = game.submit(order.clone());
        if kept.is_ok() {
            game.world_mut()
                .resource_mut::<shared_dice::DiceKeys>()
                .sign_next(&signature);
            crate::session::keep_secret(
                game.world_mut(),
                self.me,
                &self.seat.chain,
                &self.seat.sealed,
            );
        }
        match kept {
            Ok(()) => Ok(Given::Done),
            Err(_)
                if game
                    .world()
                    .resource::<drumfire_core::dice::Dice>()
                    .unkeyed_rolls()
                    > 0 =>
            {
                // The try rolled dice nobody may know yet: back to before it.
                let checked = checked_save("the game", &before)?;
                let (again, replayed) = save::replay(&checked);
                replayed.map_err(|d| d.to_string())?;
                *game = again;
                crate::session::keep_secret(
                    game.world_mut(),
                    self.me,
                    &self.seat.chain,
                    &self.seat.sealed,
                );
                let j = game
                    .world()
                    .resource::<shared_dice::DiceKeys>()
                    .record
                    .reveals
                    .len();
                self.file.pending = Some(Pending {
                    side: self.me,
                    reveal: hex(&reveal(&self.seat.chain, j)?),
                    order: Some(order),
                    signature: Some(hex(&signature)),
                });
                Ok(Given::Pending)
            }
            Err(r) => {
                if matches!(order, Order::Sealed { .. }) {
                    self.seat.sealed.remove(&number);
                }
                Err(r.0)
            }
        }
    }

    /// The file to send: the game as it stands, what is pending, to the other
    /// player; the seat and a copy are kept.
    pub fn finish(&mut self) -> Result<TurnFile, String> {
        if let Some(game) = self.game.as_mut() {
            let seed = seed_of(game);
            self.file.game = Some(save::save_of(game, &self.scenario, seed));
        }
        self.file.to = 1 - self.me;
        keep(&self.dir, &self.seat, &self.file)?;
        Ok(self.file.clone())
    }
}

fn seed_of(game: &Game) -> u64 {
    game.world().resource::<drumfire_core::dice::Dice>().seed()
}

/// Plays this player's side with the computer until the file must go back.
pub fn play_with(opened: &mut Opened, kind: PlayerKind) -> Result<(), String> {
    let salt = opened.game.as_ref().map_or(0, |g| g.orders().len() as u64);
    let mut bot = Bot::new(kind, salt ^ u64::from(opened.me));
    while opened.my_move() {
        let game = opened.game.as_ref().expect("my move has a game");
        let order = bot
            .choose(game, opened.me)
            .ok_or("the computer has no order to give")?;
        if opened.give(order)? == Given::Pending {
            break;
        }
    }
    Ok(())
}

/// The log of what happened since this player last saw the game, a line each.
pub fn news(opened: &Opened) -> Vec<String> {
    let Some(game) = opened.game.as_ref() else {
        return Vec::new();
    };
    let world = game.world();
    let sides = world.resource::<drumfire_core::scenario::SideList>();
    let names = drumfire_core::journal::piece_names(world);
    game.journal()
        .entries()
        .iter()
        .filter(|e| opened.seen.is_none_or(|seen| e.order > seen))
        .map(|e| format!("T{} · {}", e.turn, e.event.describe(sides, &names)))
        .collect()
}

/// The side's name.
pub fn side_name(opened: &Opened, side: u8) -> String {
    opened
        .scenario
        .file
        .sides
        .get(usize::from(side))
        .map_or_else(|| format!("side {}", side + 1), |s| s.name.clone())
}

/// Says what happened since the player last saw the game, and whose move it is.
pub fn tell_news(opened: &Opened, out: &mut dyn Write) {
    let _ = writeln!(out, "You play {}.", side_name(opened, opened.me));
    for line in news(opened) {
        let _ = writeln!(out, "{line}");
    }
}

/// What the file sent holds, for the player: the order waiting for the other
/// player's dice, the end of the game, where the file is.
pub fn where_it_stands(opened: &Opened) -> String {
    let other = side_name(opened, 1 - opened.me);
    let Some(game) = opened.game.as_ref() else {
        return format!("The set-up waits for the {other} player's answer.");
    };
    if let Some(outcome) = game.outcome() {
        let winner = outcome.winner.map_or_else(
            || "a draw".to_owned(),
            |w| format!("{} wins", side_name(opened, w)),
        );
        return format!("The game is over: {winner}.");
    }
    match &opened.file.pending {
        Some(Pending {
            order: Some(Order::Open { .. }),
            ..
        }) => format!(
            "Your sealed orders are opened (order {}), and the turn goes on to dice: that is \
             carried out when the {other} player opens the file and adds their reveal.",
            game.orders().len() + 1
        ),
        Some(p) if p.order.is_some() => format!(
            "Your order {} rolls dice: it is carried out when the {other} player opens the \
             file and adds their reveal.",
            game.orders().len() + 1
        ),
        _ if opened.my_move() => "Your move.".into(),
        _ => format!("The {other} player's move."),
    }
}

/// Says where the game stands and where the file to send is.
pub fn tell_sent(opened: &Opened, path: &Path, out: &mut dyn Write) {
    let _ = writeln!(out, "{}", where_it_stands(opened));
    let _ = writeln!(
        out,
        "Wrote {}: send it to the {} player.",
        path.display(),
        side_name(opened, 1 - opened.me)
    );
}

#[cfg(test)]
mod tests;
