//! A hostile peer against a real host: `play::host` listens on the loopback and plays
//! its side with the computer, and a joining machine that holds the code sends what a
//! modified program would — a second commitment to choose the seed, a game nobody
//! asked for, an order of the host's own side. The host stops each time with the
//! reason, without a panic, and its save holds nothing the peer sent.
// Figures and messages for the developer, printed as they are (clippy.toml).
#![allow(clippy::disallowed_macros)]

use drumfire_core::orders::Order;
use drumfire_core::players::PlayerKind;
use drumfire_core::shared_dice::{Chain, hex, unhex};
use drumfire_core::signed::OrderKey;
use drumfire_net::code::JoinCode;
use drumfire_net::link::{Link, LinkEvent, Net, Returning, join, join_within};
use drumfire_net::play::{HostOptions, host};
use drumfire_net::wire::Msg;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// The host's log, a line at a time, to the test.
struct Lines(mpsc::Sender<String>);

impl Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for line in String::from_utf8_lossy(buf).lines() {
            let _ = self.0.send(line.to_owned());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("drumfire-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A host of Ukhozi Drift on the loopback, side 1 played by the computer: its thread
/// (the host's result), its address and code, and where it keeps the game.
struct Hosted {
    done: std::thread::JoinHandle<Result<String, String>>,
    addr: String,
    code: JoinCode,
    save: PathBuf,
}

fn hosted(name: &str) -> Hosted {
    // The host's seat key goes to a data folder of the tests' own (the first chosen
    // holds for the whole run).
    drumfire_core::paths::choose(
        std::env::temp_dir().join(format!("drumfire-hostile-data-{}", std::process::id())),
    );
    let dir = scratch(name);
    let save = dir.join("game.ron");
    let opts = HostOptions {
        file: Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/portable/ukhozi_drift.ron"),
        bind: "127.0.0.1:0".parse().unwrap(),
        side: 0,
        save: save.clone(),
        player: PlayerKind::Ai,
    };
    let (tx, rx) = mpsc::channel();
    let done = std::thread::spawn(move || host(&opts, &mut Lines(tx)).map(|hash| hash.to_string()));
    let (mut addr, mut code) = (None, None);
    while addr.is_none() || code.is_none() {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the host starts");
        if let Some(a) = line.strip_prefix("listening on ") {
            addr = Some(a.to_owned());
        }
        if let Some(c) = line.strip_prefix("join code: ") {
            code = Some(c.parse().unwrap());
        }
    }
    Hosted {
        done,
        addr: addr.unwrap(),
        code: code.unwrap(),
        save,
    }
}

fn next(link: &Link) -> Msg {
    match link.recv_timeout(Duration::from_secs(30)) {
        Some(LinkEvent::Msg(m)) => m,
        other => panic!("the host said {other:?}"),
    }
}

/// Joins as a fresh player with `chain`: the link and the host's welcome.
fn joined(h: &Hosted, net: &std::sync::Arc<Net>) -> (Link, String, String) {
    let (link, welcome) = join(net, &h.addr, h.code, None).expect("let in with the code");
    let Msg::Welcome {
        commitment, key, ..
    } = welcome
    else {
        panic!("a welcome")
    };
    (link, commitment, key)
}

fn commit(chain: &Chain) -> Msg {
    Msg::Commit {
        commitment: hex(&chain.commitment()),
        key: hex(&OrderKey::of(&chain.secret()).public()),
        link: hex(&chain.reveal(0).unwrap()),
    }
}

/// The host's result once it stopped, and the peer's copy of its goodbye.
fn stopped(h: Hosted, link: &Link) -> (String, String) {
    let bye = loop {
        match link.recv_timeout(Duration::from_secs(30)) {
            Some(LinkEvent::Msg(Msg::Bye { reason })) => break reason,
            Some(LinkEvent::Msg(_)) => {}
            other => panic!("no goodbye: {other:?}"),
        }
    };
    let result = h.done.join().expect("the host does not panic");
    (result.expect_err("the host stops"), bye)
}

#[test]
fn a_second_commitment_to_choose_the_seed_stops_the_host() {
    let net = Net::new().unwrap();
    let h = hosted("second-commit");
    let (link, _, _) = joined(&h, &net);
    let chain = Chain::new([11; 32]);
    link.send(commit(&chain));
    // The set-up goes through; the peer then tries a commitment of another chain.
    let Msg::Reveal { index: 0, .. } = next(&link) else {
        panic!("the host's reveal 0")
    };
    link.send(commit(&Chain::new([12; 32])));
    let (err, bye) = stopped(h, &link);
    assert!(err.contains("a commitment out of place"), "{err}");
    assert!(bye.contains("a commitment out of place"), "{bye}");
}

#[test]
fn an_order_of_the_hosts_own_side_or_a_game_nobody_asked_for_stops_the_host() {
    let net = Net::new().unwrap();
    for attack in ["order", "sync"] {
        let h = hosted(&format!("attack-{attack}"));
        let (link, commitment, _) = joined(&h, &net);
        let chain = Chain::new([13; 32]);
        link.send(commit(&chain));
        let Msg::Reveal { index: 0, .. } = next(&link) else {
            panic!("the host's reveal 0")
        };
        // Wait for the host's first autosave: the game as the host keeps it.
        let mut kept = None;
        for _ in 0..300 {
            if let Ok(text) = std::fs::read_to_string(&h.save) {
                kept = Some(text);
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let kept = kept.expect("the host saves the set-up");
        let msg = match attack {
            // An order for the host's side, signed with the only key the peer has.
            "order" => {
                let order = Order::Pass { side: 0 };
                let game = [unhex(&commitment).unwrap(), chain.commitment()];
                Msg::Order {
                    index: 1,
                    order: drumfire_core::signed::order_text(&order),
                    link: hex(&chain.reveal(1).unwrap()),
                    signature: hex(&OrderKey::of(&chain.secret()).sign(&game, 1, &order)),
                }
            }
            // The host's own save sent back as the peer's game, unasked.
            _ => Msg::Sync {
                record: kept.clone(),
            },
        };
        link.send(msg);
        let save = h.save.clone();
        let (err, _) = stopped(h, &link);
        let why = match attack {
            "order" => "given for a side the other player does not play",
            _ => "none was asked for",
        };
        assert!(err.contains(why), "{attack}: {err}");
        // Nothing the peer sent is in the host's save: it is the game as set up, or
        // with the host's own first order if it had the move.
        let now = std::fs::read_to_string(&save).unwrap();
        let loaded = drumfire_core::save::parse("host", &now, &drumfire_core::rules::ALL).unwrap();
        assert!(
            loaded.file.orders.iter().all(|o| o.side() == Some(0)),
            "{attack}: {:?}",
            loaded.file.orders
        );
    }
}

/// The attack on a game under way: forty machines holding the code and the player's
/// commitment (both easy to come by) call the host within half a second, each signing
/// the host's challenge with a key of its own, to push the player off, read the
/// host's save and its order in flight, or end the game with a goodbye. None is let
/// in or told anything: each is refused at the door, and the host's game goes on as
/// if nothing happened. The player itself, coming back and signing the challenge with
/// its own order key, is let in within seconds and given its game.
#[test]
fn forty_machines_with_the_code_and_the_commitment_push_nobody_off_and_stall_nothing() {
    let net = Net::new().unwrap();
    let h = hosted("intruders");
    let (link, _, _) = joined(&h, &net);
    let chain = Chain::new([21; 32]);
    link.send(commit(&chain));
    let Msg::Reveal { index: 0, .. } = next(&link) else {
        panic!("the host's reveal 0")
    };
    let started = std::time::Instant::now();
    let intruders: Vec<_> = (0..40u8)
        .map(|i| {
            let (net, addr, code) = (net.clone(), h.addr.clone(), h.code);
            let commitment = chain.commitment();
            std::thread::spawn(move || {
                let pretending = Returning {
                    commitment,
                    key: OrderKey::of(&[100 + i; 32]),
                };
                // Each tries again while the host says it is busy, for three seconds.
                join_within(&net, &addr, code, Some(&pretending), Duration::from_secs(3))
                    .map(|(_, first)| first)
                    .map_err(|e| e.to_string())
            })
        })
        .collect();
    assert!(started.elapsed() < Duration::from_millis(500));
    let answers: Vec<_> = intruders.into_iter().map(|t| t.join().unwrap()).collect();
    let refused = answers
        .iter()
        .filter(|a| {
            a.as_ref()
                .is_err_and(|e| e.contains("refused: the proof does not hold"))
        })
        .count();
    let busy = answers
        .iter()
        .filter(|a| {
            a.as_ref().is_err_and(|e| {
                e.contains("the host is busy") || e.contains("the host's waiting room is full")
            })
        })
        .count();
    eprintln!(
        "40 intruders, all answered after {:?}: {refused} refused for their proof, {busy} kept waiting",
        started.elapsed()
    );
    assert!(refused >= 1, "{answers:?}");
    assert_eq!(refused + busy, 40, "{answers:?}");

    // The player comes back (its connection still open, as after a network fault).
    let asked = std::time::Instant::now();
    let me = Returning {
        commitment: chain.commitment(),
        key: OrderKey::of(&chain.secret()),
    };
    let (back, welcome) = join(&net, &h.addr, h.code, Some(&me)).expect("the player comes back");
    let admitted_in = asked.elapsed();
    eprintln!("the player let back in after {admitted_in:?}");
    assert!(admitted_in < Duration::from_secs(5), "{admitted_in:?}");
    let Msg::Welcome {
        under_way,
        scenario_name,
        ..
    } = welcome
    else {
        panic!("a welcome: {welcome:?}")
    };
    assert!(under_way);
    // The host names its scenario's file, not where it lies on the host.
    assert_eq!(scenario_name, "ukhozi_drift.ron");
    // The game goes on over the new link: a second commitment stops the host there.
    back.send(commit(&Chain::new([22; 32])));
    let (err, bye) = stopped(h, &back);
    assert!(err.contains("a commitment out of place"), "{err}");
    assert!(bye.contains("a commitment out of place"), "{bye}");
}
