//! Writes the starting corpus of the network fuzz targets (`fuzz/`, `scripts/fuzz.sh`):
//! the messages of a short game between two sessions in memory, the joining machine's
//! game at several points (as a `Sync` carries it) and the turn files of a game by
//! e-mail — all between the fixed secrets the targets use (`[1; 32]` and `[2; 32]`).
//!
//! `cargo run -p drumfire_net --example fuzz_corpus -- fuzz/corpus`
// Figures and messages for the developer, printed as they are (clippy.toml).
#![allow(clippy::disallowed_macros)]

use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::save;
use drumfire_core::shared_dice::{Chain, unhex};
use drumfire_net::post;
use drumfire_net::session::Session;
use drumfire_net::wire::Msg;
use std::path::{Path, PathBuf};

const SCENARIO: &str = "scenarios/portable/ukhozi_drift.ron";
/// Orders played between the two sessions.
const ORDERS: usize = 40;
/// Turn files exchanged by e-mail.
const FILES: usize = 12;

fn main() -> Result<(), String> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "fuzz/corpus".into()),
    );
    for target in ["message", "sync", "turn_file"] {
        std::fs::create_dir_all(out.join(target)).map_err(|e| e.to_string())?;
    }
    let (messages, games) = network_game()?;
    // The host's inputs start with an even byte, the joining machine's with an odd one.
    for (i, (to, msg)) in messages.iter().enumerate() {
        let mut bytes = vec![u8::from(*to == 0) ^ 1];
        bytes.extend_from_slice(&msg.frame()[4..]);
        write(&out.join("message").join(format!("{i:03}")), &bytes)?;
    }
    for (i, text) in games.iter().enumerate() {
        write(&out.join("sync").join(format!("{i:03}")), text.as_bytes())?;
    }
    for (i, text) in turn_files()?.iter().enumerate() {
        write(
            &out.join("turn_file").join(format!("{i:03}")),
            text.as_bytes(),
        )?;
    }
    println!(
        "wrote {} messages, {} games and {FILES} turn files under {}",
        messages.len(),
        games.len(),
        out.display()
    );
    Ok(())
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn scenario() -> Result<drumfire_core::scenario::Scenario, String> {
    let text = std::fs::read_to_string(SCENARIO).map_err(|e| format!("{SCENARIO}: {e}"))?;
    drumfire_core::scenario::parse(SCENARIO, &text, &drumfire_core::rules::ALL)
        .map_err(|e| format!("{e:?}"))
}

/// A short game between two sessions: every message with the side it went to, and the
/// joining machine's game every few orders.
fn network_game() -> Result<(Vec<(usize, Msg)>, Vec<String>), String> {
    let scenario = scenario()?;
    let mut s = [
        Session::host(scenario.clone(), 0, Chain::new([1; 32])),
        Session::host(scenario.clone(), 1, Chain::new([2; 32])),
    ];
    let Msg::Welcome {
        commitment, key, ..
    } = s[0].welcome()
    else {
        return Err("no welcome".into());
    };
    let (joiner, out) = Session::join(
        scenario,
        1,
        unhex(&commitment)?,
        unhex(&key)?,
        Chain::new([2; 32]),
    );
    s[1] = joiner;
    let mut log = Vec::new();
    let mut wire: Vec<(usize, Msg)> = out.into_iter().map(|m| (0, m)).collect();
    let mut bots = [Bot::new(PlayerKind::Ai, 1), Bot::new(PlayerKind::Ai, 2)];
    let mut games = Vec::new();
    for played in 0..=ORDERS {
        while !wire.is_empty() {
            let (to, msg) = wire.remove(0);
            log.push((to, msg.clone()));
            let (answers, _) = s[to].receive(msg).map_err(|e| e.to_string())?;
            wire.extend(answers.into_iter().map(|m| (1 - to, m)));
        }
        if played % 5 == 0
            && let Some(file) = s[1].save()
        {
            games.push(save::to_text(&file).map_err(|e| e.to_string())?);
        }
        let Some(side) = s[0].game().and_then(|g| g.awaiting()).map(usize::from) else {
            break;
        };
        let game = s[side].game().ok_or("no game")?;
        let order = match s[side].due_opening() {
            Some(o) => o,
            None => bots[side]
                .choose(game, side as u8)
                .ok_or("no order to give")?,
        };
        let out = s[side].give(order).map_err(|r| r.0)?;
        wire.extend(out.into_iter().map(|m| (1 - side, m)));
    }
    Ok((log, games))
}

/// The first turn files of a game by e-mail between the two fixed secrets.
fn turn_files() -> Result<Vec<String>, String> {
    let root = std::env::temp_dir().join(format!("drumfire-corpus-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let dirs = [root.join("a"), root.join("b")];
    let mut file = post::start(Path::new(SCENARIO), 0, &dirs[0], Some([1; 32]))?;
    let mut texts = vec![post::to_text(&file)?];
    for _ in 1..FILES {
        let to = usize::from(file.to);
        let secret = [to as u8 + 1; 32];
        let mut opened = post::open("turn.ron", file, &dirs[to], Some(secret))?;
        post::play_with(&mut opened, PlayerKind::Ai)?;
        file = opened.finish()?;
        texts.push(post::to_text(&file)?);
    }
    let _ = std::fs::remove_dir_all(&root);
    Ok(texts)
}
