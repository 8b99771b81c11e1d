//! Mutated files: every shipped scenario, and a save of each, with bytes, lines and
//! values deleted, duplicated and changed. Each load is either a located error (the
//! file named, a line and column inside the text) or a valid load that sets up a game
//! and plays on without a panic.
//!
//! 64 cases per file here; `DRUMFIRE_MUTATION_CASES=N` runs more.

use drumfire_core::error::LocatedError;
use drumfire_core::game::Game;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::{save, scenario};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Every shipped scenario: (path, text).
fn shipped() -> Vec<(String, String)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let files: Vec<(String, String)> = drumfire_core::testing::shipped_scenarios()
        .into_iter()
        .map(|(set, name)| {
            let path = format!("{root}/{set}/{name}");
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect();
    assert!(files.len() >= 5, "{files:?}");
    files
}

/// A save of `scenario` after 40 orders between random players.
fn save_text(path: &str, text: &str) -> String {
    let s = scenario::parse(path, text, &drumfire_core::rules::ALL).unwrap();
    let mut game = Game::new(&s, 3);
    let mut bots = [
        Bot::new(PlayerKind::Random, 6),
        Bot::new(PlayerKind::Random, 7),
    ];
    while game.orders().len() < 40 && !game.is_over() {
        let side = game.awaiting().unwrap();
        let order = bots[usize::from(side)].choose(&game, side).unwrap();
        game.submit(order).unwrap();
    }
    save::to_text(&save::save_of(&mut game, &s, 3)).unwrap()
}

/// One change to a file.
#[derive(Clone, Debug)]
enum Mutation {
    /// Delete `len` bytes at `at` (a fraction of the length, in millionths).
    DeleteBytes { at: u32, len: u8 },
    /// Copy `len` bytes at `at` to just after them.
    DuplicateBytes { at: u32, len: u8 },
    /// Set the byte at `at`.
    SetByte { at: u32, value: u8 },
    /// Insert a piece of RON syntax at `at`.
    Insert { at: u32, piece: &'static str },
    /// Delete a whole line.
    DeleteLine { at: u32 },
    /// Write a line twice.
    DuplicateLine { at: u32 },
    /// Swap two lines.
    SwapLines { a: u32, b: u32 },
    /// Replace the `nth` number in the file.
    Number { nth: u32, value: &'static str },
    /// Replace the `nth` string in the file.
    String { nth: u32, value: &'static str },
    /// Replace the `nth` field name.
    Field { nth: u32, value: &'static str },
}

const PIECES: &[&str] = &[
    "(", ")", "[", "]", ",", ":", "\"", "Some(", "None", "//", "/*", "\n", "r#\"", "\\", "é",
];
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "7",
    "255",
    "256",
    "65535",
    "65536",
    "4294967296",
    "18446744073709551616",
    "-9223372036854775809",
    "1e308",
    "0.5",
    "NaN",
    "\"3\"",
];
const STRINGS: &[&str] = &[
    "",
    "0000",
    "9999",
    "0101",
    "010101",
    "german",
    "british",
    "great_war",
    "portable",
    "rifle_company",
    "field_battery",
    "b_mor",
    "g_1",
    "#zzzzzz",
    "ünïcödé",
];
const FIELDS: &[&str] = &[
    "hex", "side", "id", "unit", "turns", "map", "width", "height", "steps", "points", "kind",
    "orders", "seed", "nonsense",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = 0u32..1_000_000;
    prop_oneof![
        (at.clone(), 1u8..64).prop_map(|(at, len)| Mutation::DeleteBytes { at, len }),
        (at.clone(), 1u8..64).prop_map(|(at, len)| Mutation::DuplicateBytes { at, len }),
        (at.clone(), any::<u8>()).prop_map(|(at, value)| Mutation::SetByte { at, value }),
        (at.clone(), prop::sample::select(PIECES))
            .prop_map(|(at, piece)| Mutation::Insert { at, piece }),
        at.clone().prop_map(|at| Mutation::DeleteLine { at }),
        at.clone().prop_map(|at| Mutation::DuplicateLine { at }),
        (at.clone(), at.clone()).prop_map(|(a, b)| Mutation::SwapLines { a, b }),
        (at.clone(), prop::sample::select(NUMBERS))
            .prop_map(|(nth, value)| Mutation::Number { nth, value }),
        (at.clone(), prop::sample::select(STRINGS))
            .prop_map(|(nth, value)| Mutation::String { nth, value }),
        (at, prop::sample::select(FIELDS)).prop_map(|(nth, value)| Mutation::Field { nth, value }),
    ]
}

fn pick(at: u32, len: usize) -> usize {
    (at as usize * len) / 1_000_000
}

/// Byte ranges of the tokens of one kind: numbers, strings or field names.
fn tokens(text: &[u8], kind: &Mutation) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c == b'"' {
            let start = i;
            i += 1;
            while i < text.len() && text[i] != b'"' {
                i += 1 + usize::from(text[i] == b'\\');
            }
            if matches!(kind, Mutation::String { .. }) && i < text.len() {
                out.push((start + 1, i));
            }
            i += 1;
        } else if c.is_ascii_digit()
            || (c == b'-' && text.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            let start = i;
            i += 1;
            while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'.') {
                i += 1;
            }
            if matches!(kind, Mutation::Number { .. }) {
                out.push((start, i));
            }
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'_') {
                i += 1;
            }
            let is_field = text[i..].iter().find(|b| !b.is_ascii_whitespace()) == Some(&b':');
            if matches!(kind, Mutation::Field { .. }) && is_field {
                out.push((start, i));
            }
        } else {
            i += 1;
        }
    }
    out
}

fn line_starts(text: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        text.iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .map(|(i, _)| i + 1),
    );
    starts
}

fn line(text: &[u8], starts: &[usize], n: usize) -> (usize, usize) {
    let start = starts[n];
    let end = starts.get(n + 1).copied().unwrap_or(text.len());
    (start, end)
}

fn apply(text: &mut Vec<u8>, m: &Mutation) {
    if text.is_empty() {
        return;
    }
    let len = text.len();
    match m {
        Mutation::DeleteBytes { at, len: n } => {
            let at = pick(*at, len);
            let end = (at + usize::from(*n)).min(len);
            text.drain(at..end);
        }
        Mutation::DuplicateBytes { at, len: n } => {
            let at = pick(*at, len);
            let end = (at + usize::from(*n)).min(len);
            let copy = text[at..end].to_vec();
            text.splice(end..end, copy);
        }
        Mutation::SetByte { at, value } => text[pick(*at, len)] = *value,
        Mutation::Insert { at, piece } => {
            let at = pick(*at, len);
            text.splice(at..at, piece.bytes());
        }
        Mutation::DeleteLine { at } => {
            let starts = line_starts(text);
            let (s, e) = line(text, &starts, pick(*at, starts.len()));
            text.drain(s..e);
        }
        Mutation::DuplicateLine { at } => {
            let starts = line_starts(text);
            let (s, e) = line(text, &starts, pick(*at, starts.len()));
            let copy = text[s..e].to_vec();
            text.splice(e..e, copy);
        }
        Mutation::SwapLines { a, b } => {
            let starts = line_starts(text);
            let (a, b) = (pick(*a, starts.len()), pick(*b, starts.len()));
            let (first, second) = (a.min(b), a.max(b));
            if first != second {
                let (s1, e1) = line(text, &starts, first);
                let (s2, e2) = line(text, &starts, second);
                let mut out = text[..s1].to_vec();
                out.extend_from_slice(&text[s2..e2]);
                out.extend_from_slice(&text[e1..s2]);
                out.extend_from_slice(&text[s1..e1]);
                out.extend_from_slice(&text[e2..]);
                *text = out;
            }
        }
        Mutation::Number { nth, value }
        | Mutation::String { nth, value }
        | Mutation::Field { nth, value } => {
            let found = tokens(text, m);
            if !found.is_empty() {
                let (s, e) = found[pick(*nth, found.len())];
                text.splice(s..e, value.bytes());
            }
        }
    }
}

/// A located error names the file and points inside the text.
fn check_located(errors: &[LocatedError], name: &str, text: &str) -> Result<(), String> {
    if errors.is_empty() {
        return Err("an error list with no error".into());
    }
    let lines = text.lines().count().max(1) + 1;
    for e in errors {
        if e.file != name {
            return Err(format!("the error names `{}`, not `{name}`: {e}", e.file));
        }
        if e.line < 1 || e.line > lines || e.col < 1 || e.message.is_empty() {
            return Err(format!("not located inside the text ({lines} lines): {e}"));
        }
    }
    Ok(())
}

/// Loads a mutated scenario: a located error, or a game that sets up and plays 20 orders.
fn load_scenario(text: &str) -> Result<(), String> {
    const NAME: &str = "mutated.ron";
    match scenario::parse(NAME, text, &drumfire_core::rules::ALL) {
        Err(errors) => check_located(&errors, NAME, text),
        Ok(s) => {
            let mut game = Game::new(&s, 5);
            let mut bots = [
                Bot::new(PlayerKind::Random, 1),
                Bot::new(PlayerKind::Random, 2),
            ];
            for _ in 0..20 {
                if game.is_over() {
                    break;
                }
                let Some(side) = game.awaiting() else {
                    return Err("a valid scenario's game waits on nobody".into());
                };
                let Some(bot) = bots.get_mut(usize::from(side)) else {
                    return Err(format!("side {side} of a two-side game"));
                };
                let Some(order) = bot.choose(&game, side) else {
                    return Err(format!("side {side} has no legal order"));
                };
                game.submit(order)
                    .map_err(|r| format!("a legal order refused: {r}"))?;
            }
            Ok(())
        }
    }
}

/// Loads a mutated save: a located error, or a save that replays (to its hash or to a
/// reported divergence).
fn load_save(text: &str) -> Result<(), String> {
    const NAME: &str = "mutated.save.ron";
    match save::parse(NAME, text, &drumfire_core::rules::ALL) {
        Err(errors) => check_located(&errors, NAME, text),
        Ok(s) => {
            let _ = save::replay(&s).1;
            Ok(())
        }
    }
}

fn cases() -> u32 {
    std::env::var("DRUMFIRE_MUTATION_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64)
}

fn run(name: &str, original: &str, load: fn(&str) -> Result<(), String>) {
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(
        config,
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let strategy = prop::collection::vec(mutation(), 1..4);
    let result = runner.run(&strategy, |mutations| {
        let mut bytes = original.as_bytes().to_vec();
        for m in &mutations {
            apply(&mut bytes, m);
        }
        // Files are read as UTF-8; bytes that are not are refused before parsing.
        let Ok(text) = String::from_utf8(bytes) else {
            return Ok(());
        };
        if std::env::var_os("DRUMFIRE_MUTATION_TRACE").is_some() {
            eprintln!("{name}: {mutations:?}");
        }
        let outcome =
            std::panic::catch_unwind(|| load(&text)).unwrap_or_else(|_| Err("panicked".into()));
        prop_assert!(
            outcome.is_ok(),
            "{name}: {mutations:?}: {}",
            outcome.unwrap_err()
        );
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn mutated_scenarios_load_or_give_located_errors() {
    for (path, text) in shipped() {
        load_scenario(&text).unwrap_or_else(|e| panic!("{path} unmutated: {e}"));
        run(&path, &text, load_scenario);
    }
}

#[test]
fn mutated_saves_load_or_give_located_errors() {
    for (path, text) in shipped() {
        let save = save_text(&path, &text);
        load_save(&save).unwrap_or_else(|e| panic!("{path} save unmutated: {e}"));
        run(&format!("{path} (save)"), &save, load_save);
    }
}

#[test]
fn the_mutations_change_what_they_name() {
    let mut text = b"A(hex: \"0304\", steps: 2,\nname: \"x\")\n".to_vec();
    apply(
        &mut text,
        &Mutation::Number {
            nth: 999_999,
            value: "-1",
        },
    );
    assert_eq!(text, b"A(hex: \"0304\", steps: -1,\nname: \"x\")\n");
    apply(
        &mut text,
        &Mutation::String {
            nth: 0,
            value: "9999",
        },
    );
    assert_eq!(text, b"A(hex: \"9999\", steps: -1,\nname: \"x\")\n");
    apply(
        &mut text,
        &Mutation::Field {
            nth: 500_000,
            value: "nonsense",
        },
    );
    assert_eq!(text, b"A(hex: \"9999\", nonsense: -1,\nname: \"x\")\n");
    apply(&mut text, &Mutation::SwapLines { a: 0, b: 999_999 });
    assert_eq!(text, b"name: \"x\")\nA(hex: \"9999\", nonsense: -1,\n");
    apply(&mut text, &Mutation::DeleteLine { at: 0 });
    assert_eq!(text, b"A(hex: \"9999\", nonsense: -1,\n");
}
