//! The host's door over the loopback: the right code let in, wrong ones refused at
//! once and checked at a pace kept by address and in all, a player coming back let in
//! only with its proof, and machines without the code held to the waiting room's
//! places, deadline and windows while a game goes on, never keeping out the player
//! who holds the code.
//!
//! Machines at other addresses are played from 127.0.0.2, 127.0.0.3, …, which Linux
//! gives to the loopback as well; the tests that need them run on Linux.
// Figures for the developer, printed as they are (clippy.toml).
#![allow(clippy::disallowed_macros)]

use super::*;
use std::time::Instant;

/// A host listening on the loopback.
fn listen() -> (Arc<Net>, Host) {
    let net = Net::new().expect("a runtime");
    let host = Host::listen(&net, "127.0.0.1:0".parse().expect("an address")).expect("listening");
    (net, host)
}

/// A runtime for the machines that do not hold the code, apart from the host's.
fn strangers_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A QUIC endpoint at `127.0.0.{n}` that takes the host's certificate (knowing it is
/// no secret) but not its token. Made inside a runtime.
fn stranger(n: u8, code: JoinCode) -> quinn::Endpoint {
    let mut endpoint =
        quinn::Endpoint::client(SocketAddr::from(([127, 0, 0, n], 0))).expect("a socket");
    endpoint.set_default_client_config(client_config(code).expect("a configuration"));
    endpoint
}

/// A hello with `token`.
fn hello(token: u64) -> Msg {
    Msg::Hello {
        protocol: PROTOCOL,
        token: format!("{token:010x}"),
        resume: None,
    }
}

/// A machine with the code let in (as `returning`, when given): the joining machine's
/// link and the host's end, the host's first message ("welcome") read by the joining
/// machine.
fn joined(net: &Arc<Net>, host: &Host, returning: Option<Returning>) -> (Link, Guest) {
    let (addr, code) = (host.addr().to_string(), host.code());
    let net = net.clone();
    let calling = std::thread::spawn(move || join(&net, &addr, code, returning.as_ref()));
    let here = host.next_guest(Duration::from_secs(35)).expect("let in");
    assert!(here.link.send(welcome()));
    let (guest, first) = calling.join().unwrap().expect("joined");
    assert_eq!(first, welcome());
    (guest, here)
}

/// What these tests' host says first to a machine it let in.
fn welcome() -> Msg {
    Msg::Hash {
        index: 0,
        hash: "welcome".into(),
    }
}

/// The first message on a link, waiting at most `wait`.
fn first(link: &Link, wait: Duration) -> Msg {
    match link.recv_timeout(wait) {
        Some(LinkEvent::Msg(m)) => m,
        other => panic!("no message in {wait:?}: {other:?}"),
    }
}

/// Has every connection given back its place in the waiting room (within a few
/// seconds)?
fn emptied(host: &Host) -> bool {
    let start = Instant::now();
    while host.door.count() > 0 {
        if start.elapsed() > Duration::from_secs(5) {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

/// A message `n` bytes long.
fn big(n: usize) -> Msg {
    Msg::Sync {
        record: "x".repeat(n),
    }
}

/// `rounds` messages each way between a joining machine and the host, each answered
/// within `within`.
fn exchange(guest: &Link, host: &Link, rounds: usize, within: Duration) {
    for index in 0..rounds {
        let msg = Msg::Hash {
            index,
            hash: format!("{index:016x}"),
        };
        let sent = Instant::now();
        assert!(guest.send(msg.clone()));
        assert_eq!(first(host, within), msg);
        assert!(host.send(msg.clone()));
        assert_eq!(first(guest, within), msg);
        assert!(
            sent.elapsed() < within,
            "round {index} took {:?}",
            sent.elapsed()
        );
    }
}

#[test]
fn an_address_counts_as_itself_as_ipv4_mapped_or_by_its_ipv6_network() {
    let v4: IpAddr = "192.0.2.7".parse().unwrap();
    assert_eq!(counted_as(v4), v4);
    assert_eq!(counted_as("::ffff:192.0.2.7".parse().unwrap()), v4);
    // An IPv6 address counts by its /56: a household's, or a machine's block of /64s.
    let a = counted_as("2001:db8:1:2:aaaa::1".parse().unwrap());
    assert_eq!(a, counted_as("2001:db8:1:2:bbbb::9".parse().unwrap()));
    assert_eq!(a, counted_as("2001:db8:1:ff::1".parse().unwrap()));
    assert_eq!(a, "2001:db8:1::".parse::<IpAddr>().unwrap());
    assert_ne!(a, counted_as("2001:db8:1:100::1".parse().unwrap()));
}

/// Why a connection was closed, as the host said it.
fn why(e: &quinn::ConnectionError) -> String {
    match e {
        quinn::ConnectionError::ApplicationClosed(c) => String::from_utf8_lossy(&c.reason).into(),
        e => e.to_string(),
    }
}

/// A raw hello from a stranger's endpoint: how the host closed the connection, and
/// the close code.
async fn raw_hello(endpoint: &quinn::Endpoint, host: SocketAddr, opening: Msg) -> (u64, String) {
    let conn = endpoint.connect(host, SERVER_NAME).unwrap().await.unwrap();
    let (mut send, mut recv) = conn.open_bi().await.unwrap();
    send.write_all(&opening.frame()).await.unwrap();
    let read = tokio::time::timeout(Duration::from_secs(10), read_frame(&mut recv, MAX_FRAME));
    assert!(read.await.expect("answered").is_err(), "no message comes");
    match conn.close_reason() {
        Some(e @ quinn::ConnectionError::ApplicationClosed(_)) => {
            let quinn::ConnectionError::ApplicationClosed(c) = &e else {
                unreachable!()
            };
            (c.error_code.into_inner(), why(&e))
        }
        other => (0, format!("{other:?}")),
    }
}

#[test]
fn the_right_code_is_let_in_and_a_wrong_one_another_protocol_or_no_hello_refused_at_once() {
    let (net, host) = listen();
    let addr = host.addr().to_string();
    let code = host.code();

    // The right code: let in, and a long game's save passes both ways.
    let (guest, here) = joined(&net, &host, None);
    assert_eq!(here.resume, None);
    assert_eq!(here.link.peer().ip(), IpAddr::from([127, 0, 0, 1]));
    exchange(&guest, &here.link, 3, Duration::from_secs(5));
    for (from, to) in [(&guest, &here.link), (&here.link, &guest)] {
        let save = big(1_500_000);
        assert!(from.send(save.clone()));
        assert_eq!(first(to, Duration::from_secs(10)), save);
    }

    // A wrong token: refused at once (from this address, the next check a second on).
    std::thread::sleep(CHECK_PACE);
    let wrong = JoinCode::new(code.fingerprint, code.token ^ 1);
    let asked = Instant::now();
    let e = join(&net, &addr, wrong, None)
        .err()
        .expect("refused")
        .to_string();
    assert_eq!(e, format!("{addr} refused: wrong join code"));
    assert!(
        asked.elapsed() < Duration::from_millis(900),
        "{:?}",
        asked.elapsed()
    );

    // Another protocol, and no hello: refused, and nobody let in.
    let rt = strangers_runtime();
    let answers = rt.block_on(async {
        let endpoint = stranger(1, code);
        let mut answers = Vec::new();
        for opening in [
            Msg::Hello {
                protocol: PROTOCOL + 1,
                token: format!("{:010x}", code.token),
                resume: None,
            },
            Msg::Bye {
                reason: "hello?".into(),
            },
        ] {
            answers.push(raw_hello(&endpoint, host.addr(), opening).await);
        }
        answers
    });
    assert_eq!(answers[0].0, u64::from(REFUSED));
    assert!(answers[0].1.contains("protocol"), "{answers:?}");
    assert!(answers[1].1.contains("says hello first"), "{answers:?}");
    assert!(host.next_guest(Duration::from_millis(200)).is_none());
    assert!(emptied(&host));
    guest.close("done");
    here.link.close("done");
    host.close();
}

/// The attack: a game is under way, and a machine holding the code and the player's
/// commitment (both easy to come by) tries to push the player off. Without the
/// player's order key it cannot answer the host's challenge: it is refused by the door
/// and learns nothing of the game; so is a machine that joins as new and one that
/// names another game. The player itself, signing the challenge, is let in.
#[test]
fn a_game_under_way_takes_back_only_the_player_who_proves_it_joined() {
    let (net, host) = listen();
    let addr = host.addr().to_string();
    let code = host.code();
    // The player's order key comes from its secret ([5; 32]); the intruder has its own.
    let (player, intruder) = (5, 9);
    let commitment = [6; 32];
    let returning = |secret: u8| Returning {
        commitment,
        key: OrderKey::of(&[secret; 32]),
    };
    // A new game: a machine coming back to something is turned away.
    let e = join(&net, &addr, code, Some(&returning(player)))
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.ends_with("refused: no game you left is under way here"),
        "{e}"
    );
    host.expect_back(commitment, OrderKey::of(&[player; 32]).public());
    std::thread::sleep(CHECK_PACE);
    let e = join(&net, &addr, code, Some(&returning(intruder)))
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.ends_with(
            "refused: the proof does not hold: this is not the machine that joined the game"
        ),
        "{e}"
    );
    std::thread::sleep(CHECK_PACE);
    let e = join(&net, &addr, code, None).err().unwrap().to_string();
    assert!(e.contains("refused: a game is under way here"), "{e}");
    std::thread::sleep(CHECK_PACE);
    let other_game = Returning {
        commitment: [7; 32],
        key: OrderKey::of(&[5; 32]),
    };
    let e = join(&net, &addr, code, Some(&other_game))
        .err()
        .unwrap()
        .to_string();
    assert!(e.ends_with("refused: this is not the game you left"), "{e}");
    // A made-up proof, sent raw: refused.
    let rt = strangers_runtime();
    let (close, reason) = rt.block_on(async {
        let endpoint = stranger(2, code);
        let conn = endpoint
            .connect(host.addr(), SERVER_NAME)
            .unwrap()
            .await
            .unwrap();
        let (mut send, mut recv) = conn.open_bi().await.unwrap();
        let hello = Msg::Hello {
            protocol: PROTOCOL,
            token: format!("{:010x}", code.token),
            resume: Some(hex(&commitment)),
        };
        send.write_all(&hello.frame()).await.unwrap();
        let Ok(Msg::Challenge { .. }) = read_frame(&mut recv, MAX_FRAME).await else {
            panic!("a challenge")
        };
        let forged = Msg::Proof {
            signature: "00".repeat(64),
        };
        send.write_all(&forged.frame()).await.unwrap();
        assert!(read_frame(&mut recv, MAX_FRAME).await.is_err());
        match conn.close_reason() {
            Some(quinn::ConnectionError::ApplicationClosed(c)) => (
                c.error_code.into_inner(),
                String::from_utf8_lossy(&c.reason).into_owned(),
            ),
            other => (0, format!("{other:?}")),
        }
    });
    assert_eq!(close, u64::from(REFUSED));
    assert!(reason.contains("the proof does not hold"), "{reason}");
    // Nobody of them reached the game.
    assert!(host.next_guest(Duration::from_millis(200)).is_none());
    std::thread::sleep(CHECK_PACE);
    let (guest, here) = joined(&net, &host, Some(returning(player)));
    assert_eq!(here.resume, Some(hex(&commitment)));
    exchange(&guest, &here.link, 2, Duration::from_secs(3));
    guest.close("done");
    here.link.close("done");
    host.close();
}

/// A refused link is closed in the background: the game's loop goes on at once.
#[test]
fn a_link_closed_later_costs_the_caller_nothing() {
    let (net, host) = listen();
    let (guest, here) = joined(&net, &host, None);
    let asked = Instant::now();
    here.link.close_later("refused");
    assert!(
        asked.elapsed() < Duration::from_millis(100),
        "{:?}",
        asked.elapsed()
    );
    assert!(matches!(
        guest.recv_timeout(Duration::from_secs(5)),
        Some(LinkEvent::Closed(_))
    ));
    host.close();
}

#[cfg(target_os = "linux")]
mod from_other_addresses;

/// Listens on every address of this machine for a moment: run by hand
/// (`cargo test -p drumfire_net --lib -- --ignored`).
#[test]
#[ignore = "listens on all of this machine's addresses, not the loopback alone"]
fn on_all_addresses_the_host_takes_ipv6_and_ipv4() {
    let net = Net::new().unwrap();
    let host = Host::listen(&net, "[::]:0".parse().unwrap()).expect("listening");
    let port = host.addr().port();
    eprintln!(
        "listening on {} with {} socket(s)",
        host.addr(),
        host.endpoints.len()
    );
    for at in [format!("127.0.0.1:{port}"), format!("[::1]:{port}")] {
        let code = host.code();
        let calling = {
            let net = net.clone();
            std::thread::spawn(move || join(&net, &at, code, None))
        };
        let here = host.next_guest(Duration::from_secs(5)).expect("let in");
        assert!(here.link.send(welcome()));
        let (guest, _) = calling.join().unwrap().expect("joined");
        host.reopen();
        eprintln!("let in from {}", here.link.peer());
        exchange(&guest, &here.link, 1, Duration::from_secs(3));
        guest.close("done");
        here.link.close("done");
    }
    host.close();
}
