//! The host's door over the loopback: the right code let in, wrong ones refused at a
//! pace shared by all, and machines without the code held to the waiting room's
//! places, deadline and windows while a game goes on.
//!
//! Machines at other addresses are played from 127.0.0.2, 127.0.0.3, …, which Linux
//! gives to the loopback as well; the tests that need them run on Linux.

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
    let a = counted_as("2001:db8:1:2:aaaa::1".parse().unwrap());
    assert_eq!(a, counted_as("2001:db8:1:2:bbbb::9".parse().unwrap()));
    assert_eq!(a, "2001:db8:1:2::".parse::<IpAddr>().unwrap());
    assert_ne!(a, counted_as("2001:db8:1:3::1".parse().unwrap()));
}

#[test]
fn the_right_code_is_let_in_and_a_wrong_one_another_protocol_or_no_hello_refused() {
    let (net, host) = listen();
    let addr = host.addr().to_string();
    let code = host.code();

    // The right code: let in, and a long game's save passes both ways.
    let guest = join(&net, &addr, code, Some("ab".repeat(32))).expect("joined");
    let here = host.next_guest(Duration::from_secs(5)).expect("let in");
    assert_eq!(here.resume, Some("ab".repeat(32)));
    assert_eq!(here.link.peer().ip(), IpAddr::from([127, 0, 0, 1]));
    exchange(&guest, &here.link, 3, Duration::from_secs(5));
    for (from, to) in [(&guest, &here.link), (&here.link, &guest)] {
        let save = big(1_500_000);
        assert!(from.send(save.clone()));
        assert_eq!(first(to, Duration::from_secs(10)), save);
    }

    // A wrong token: refused, a second after it was shown.
    let wrong = JoinCode::new(code.fingerprint, code.token ^ 1);
    let asked = Instant::now();
    let turned = join(&net, &addr, wrong, None).expect("connected");
    let answer = first(&turned, Duration::from_secs(10));
    assert_eq!(
        answer,
        Msg::Refused {
            reason: "wrong join code".into()
        }
    );
    assert!(asked.elapsed() >= WRONG_TOKEN_PACE - Duration::from_millis(50));
    turned.close("done");

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
            let conn = endpoint
                .connect(host.addr(), SERVER_NAME)
                .unwrap()
                .await
                .unwrap();
            let (mut send, mut recv) = conn.open_bi().await.unwrap();
            send.write_all(&opening.frame()).await.unwrap();
            let answer =
                tokio::time::timeout(Duration::from_secs(10), read_frame(&mut recv, MAX_FRAME));
            answers.push(answer.await.unwrap_or_else(|_| Err("no answer".into())));
            conn.close(0u32.into(), b"done");
        }
        answers
    });
    match &answers[..] {
        [
            Ok(Msg::Refused { reason: a }),
            Ok(Msg::Refused { reason: b }),
        ] => {
            assert!(a.contains("protocol"), "{a}");
            assert!(b.contains("says hello first"), "{b}");
        }
        other => panic!("{other:?}"),
    }
    assert!(host.next_guest(Duration::from_millis(200)).is_none());
    assert!(emptied(&host));
    guest.close("done");
    here.link.close("done");
    host.close();
}

/// The waiting room's limits, with machines at 127.0.0.2 and up (Linux gives the
/// loopback all of 127.0.0.0/8).
#[cfg(target_os = "linux")]
mod from_other_addresses {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    /// Why a connection was closed, as the host said it.
    fn why(e: &quinn::ConnectionError) -> String {
        match e {
            quinn::ConnectionError::ApplicationClosed(c) => {
                String::from_utf8_lossy(&c.reason).into()
            }
            e => e.to_string(),
        }
    }

    /// Was a connection refused before its handshake?
    fn refused(e: &quinn::ConnectionError) -> bool {
        matches!(e, quinn::ConnectionError::ConnectionClosed(c)
            if c.error_code == quinn::TransportErrorCode::CONNECTION_REFUSED)
    }

    /// This process's memory in use now, KiB.
    fn rss_kib() -> usize {
        std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("VmRSS:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            })
            .unwrap_or(0)
    }

    /// How a machine without the code misbehaves.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Kind {
        /// Finishes the handshake and opens no stream.
        Idle,
        /// Opens its stream, sends half a length and nothing more, and asks for a second
        /// stream.
        Mute,
        /// Promises a 16 MiB hello and sends as much as it is let.
        Huge,
    }

    /// One connection of a machine without the code, as that machine saw it.
    #[derive(Debug)]
    struct Seen {
        kind: Kind,
        /// From its first packet to its closing.
        lasted: Duration,
        /// Why the host closed it.
        why: String,
        /// Bytes the host let it send.
        sent: usize,
        /// Did it get a second stream?
        second_stream: bool,
    }

    /// One connection's misbehaviour; `None` when it was refused before its handshake.
    async fn misbehave(endpoint: &quinn::Endpoint, host: SocketAddr, kind: Kind) -> Option<Seen> {
        let start = Instant::now();
        let conn = match endpoint.connect(host, SERVER_NAME).unwrap().await {
            Ok(conn) => conn,
            Err(e) => {
                // Refused at the door, or (on a machine too busy to finish it) its
                // handshake cut off by the host's deadline.
                if !refused(&e) {
                    eprintln!("{kind:?} not let in: {e}");
                }
                return None;
            }
        };
        let mut sent = 0;
        let mut second_stream = false;
        let mut streams = Vec::new();
        match kind {
            Kind::Idle => {}
            Kind::Mute => {
                if let Ok((mut send, recv)) = conn.open_bi().await {
                    let _ = send.write_all(&[0, 0]).await;
                    streams.push((send, recv));
                    if let Ok((mut send, recv)) = conn.open_bi().await {
                        second_stream = send.write_all(b"x").await.is_ok();
                        streams.push((send, recv));
                    }
                }
            }
            Kind::Huge => {
                if let Ok((mut send, recv)) = conn.open_bi().await {
                    let zeros = vec![0u8; 64 << 10];
                    if send.write_all(&(16u32 << 20).to_be_bytes()).await.is_ok() {
                        sent += 4;
                        while let Ok(n) = send.write(&zeros).await {
                            sent += n;
                        }
                    }
                    streams.push((send, recv));
                }
            }
        }
        let closed = conn.closed().await;
        Some(Seen {
            kind,
            lasted: start.elapsed(),
            why: why(&closed),
            sent,
            second_stream,
        })
    }

    /// A machine without the code that tries again and again until `stop`: what it saw
    /// of each connection let as far as its handshake, and how many were refused.
    async fn keep_misbehaving(
        endpoint: quinn::Endpoint,
        host: SocketAddr,
        kind: Kind,
        stop: Arc<AtomicBool>,
    ) -> (Vec<Seen>, usize) {
        let mut seen = Vec::new();
        let mut refused = 0;
        while !stop.load(Ordering::Relaxed) {
            match misbehave(&endpoint, host, kind).await {
                Some(s) => seen.push(s),
                None => refused += 1,
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        (seen, refused)
    }

    /// Starts the flood: for each (kind, last byte of its address, how many), that many
    /// strangers misbehaving that way until `stop`, each trying again as soon as it is
    /// refused or closed.
    fn start_flood(
        rt: &tokio::runtime::Runtime,
        kinds: &[(Kind, u8, usize)],
        addr: SocketAddr,
        wrong: JoinCode,
        stop: &Arc<AtomicBool>,
    ) -> Vec<tokio::task::JoinHandle<(Vec<Seen>, usize)>> {
        let _enter = rt.enter();
        kinds
            .iter()
            .flat_map(|&(kind, from, n)| {
                let endpoint = stranger(from, wrong);
                std::iter::repeat_n((kind, endpoint), n)
            })
            .map(|(kind, endpoint)| rt.spawn(keep_misbehaving(endpoint, addr, kind, stop.clone())))
            .collect()
    }

    /// Waits for every stranger of the flood to stop: what each connection let as far as
    /// the hello saw, and how many were refused before their handshake.
    fn end_flood(
        rt: &tokio::runtime::Runtime,
        flood: Vec<tokio::task::JoinHandle<(Vec<Seen>, usize)>>,
    ) -> (Vec<Seen>, usize) {
        let results: Vec<_> = rt.block_on(async {
            let mut results = Vec::new();
            for f in flood {
                results.push(
                    tokio::time::timeout(ADMISSION_DEADLINE * 3, f)
                        .await
                        .expect("every connection of the flood closed")
                        .unwrap(),
                );
            }
            results
        });
        let refusals = results.iter().map(|(_, r)| r).sum();
        (results.into_iter().flat_map(|(s, _)| s).collect(), refusals)
    }

    /// A stranger's connection closed as the host closes its kind: an idle or mute one at
    /// the admission deadline, not before and not long after; a huge one at once.
    fn closed_as_it_should(s: &Seen) {
        match s.kind {
            Kind::Idle | Kind::Mute => {
                assert_eq!(s.why, "no join code shown in time", "{s:?}");
                assert!(s.lasted >= ADMISSION_DEADLINE * 9 / 10, "{s:?}");
                assert!(
                    s.lasted < ADMISSION_DEADLINE + Duration::from_secs(3),
                    "{s:?}"
                );
                assert!(!s.second_stream, "{s:?}");
            }
            Kind::Huge => {
                assert!(s.why.contains("too long"), "{s:?}");
                assert!(s.lasted < ADMISSION_DEADLINE, "{s:?}");
                assert!(s.sent <= 2 * STRANGER_WINDOW as usize, "{s:?}");
            }
        }
    }

    #[test]
    fn a_flood_without_the_code_costs_the_host_little_while_a_game_goes_on() {
        let (_net, host) = listen();
        let addr = host.addr();
        let code = host.code();
        let wrong = JoinCode::new(code.fingerprint, code.token ^ 1);

        // A game under way before the flood.
        let guest_net = Net::new().unwrap();
        let a = join(&guest_net, &addr.to_string(), code, None).expect("joined");
        let host_a = host
            .next_guest(Duration::from_secs(5))
            .expect("let in")
            .link;
        exchange(&a, &host_a, 2, Duration::from_secs(5));
        let before = rss_kib();

        // The flood: 70 connections at a time, each trying again as soon as it is
        // refused or closed: 50 idle ones from 127.0.0.2, 10 mute ones from 127.0.0.3
        // and 10 huge ones from 127.0.0.4.
        let rt = strangers_runtime();
        let stop = Arc::new(AtomicBool::new(false));
        let kinds = [
            (Kind::Idle, 2, 50),
            (Kind::Mute, 3, 10),
            (Kind::Huge, 4, 10),
        ];
        let flood = start_flood(&rt, &kinds, addr, wrong, &stop);
        let peak = Arc::new(AtomicUsize::new(before));
        let sampling = {
            let (peak, stop) = (peak.clone(), stop.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    peak.fetch_max(rss_kib(), Ordering::Relaxed);
                    std::thread::sleep(Duration::from_millis(50));
                }
            })
        };
        std::thread::sleep(Duration::from_millis(1500));

        // While it goes on: a second player is let in at once, and both games talk
        // promptly, a long game's save included.
        let asked = Instant::now();
        let b = join(&guest_net, &addr.to_string(), code, None).expect("joined in the flood");
        let host_b = host
            .next_guest(Duration::from_secs(10))
            .expect("let in in the flood")
            .link;
        let admitted_in = asked.elapsed();
        let talked = Instant::now();
        exchange(&a, &host_a, 10, Duration::from_secs(3));
        exchange(&b, &host_b, 10, Duration::from_secs(3));
        let save = big(1_000_000);
        assert!(b.send(save.clone()));
        assert_eq!(first(&host_b, Duration::from_secs(10)), save);
        assert!(host_b.send(save.clone()));
        assert_eq!(first(&b, Duration::from_secs(10)), save);
        let talk = talked.elapsed();
        // Let the flood go on past a whole admission deadline.
        std::thread::sleep(Duration::from_secs(6).saturating_sub(talked.elapsed()));
        stop.store(true, Ordering::Relaxed);
        let (seen, refusals) = end_flood(&rt, flood);
        sampling.join().unwrap();
        let count = |k: Kind| seen.iter().filter(|s| s.kind == k).count();
        eprintln!(
            "flood: {} connections let as far as the hello ({} idle, {} mute, {} huge), {} refused \
             before their handshake; the second player let in in {:?}, 2 × 10 rounds and a 1 MB \
             save each way in {:?}; memory {} KiB before, {} KiB at most (the whole test process)",
            seen.len(),
            count(Kind::Idle),
            count(Kind::Mute),
            count(Kind::Huge),
            refusals,
            admitted_in,
            talk,
            before,
            peak.load(Ordering::Relaxed),
        );

        assert!(admitted_in < Duration::from_secs(5), "{admitted_in:?}");
        assert!(refusals > 0, "the waiting room refused nobody");
        assert!(count(Kind::Idle) > 0 && count(Kind::Mute) > 0 && count(Kind::Huge) > 0);
        seen.iter().for_each(closed_as_it_should);
        // Every place in the waiting room given back; the games still talk.
        assert!(emptied(&host));
        exchange(&a, &host_a, 2, Duration::from_secs(3));
        exchange(&b, &host_b, 2, Duration::from_secs(3));
        for link in [a, b, host_a, host_b] {
            link.close("done");
        }
        host.close();
    }

    /// The answer to a wrong `token` from a stranger at `endpoint` that keeps sending
    /// while it waits: when it came (since `start`), what it was, and how many bytes the
    /// stranger could push meanwhile.
    async fn guess(
        endpoint: quinn::Endpoint,
        addr: SocketAddr,
        token: u64,
        start: Instant,
        hellos_sent: Arc<AtomicUsize>,
    ) -> Result<(Duration, Result<Msg, String>, usize), Box<dyn std::error::Error + Send + Sync>>
    {
        let conn = endpoint.connect(addr, SERVER_NAME)?.await?;
        let (mut send, mut recv) = conn.open_bi().await?;
        send.write_all(&hello(token).frame()).await?;
        hellos_sent.fetch_add(1, Ordering::Relaxed);
        // It keeps sending while it waits for its answer.
        let pushed = Arc::new(AtomicUsize::new(0));
        let writer = {
            let pushed = pushed.clone();
            tokio::spawn(async move {
                let zeros = vec![0u8; 64 << 10];
                while let Ok(n) = send.write(&zeros).await {
                    pushed.fetch_add(n, Ordering::Relaxed);
                }
            })
        };
        let answer = read_frame(&mut recv, MAX_FRAME).await;
        let at = start.elapsed();
        writer.abort();
        conn.close(0u32.into(), b"done");
        Ok((at, answer, pushed.load(Ordering::Relaxed)))
    }

    #[test]
    fn wrong_tokens_are_answered_one_a_second_however_many_guess_at_once() {
        let (_net, host) = listen();
        let addr = host.addr();
        let code = host.code();
        const GUESSES: usize = 8;
        let rt = strangers_runtime();
        let start = Instant::now();
        let hellos_sent = Arc::new(AtomicUsize::new(0));
        let guesses: Vec<_> = {
            let _enter = rt.enter();
            let endpoints = [stranger(2, code), stranger(3, code)];
            (0..GUESSES)
                .map(|i| {
                    let endpoint = endpoints[i % 2].clone();
                    let hellos_sent = hellos_sent.clone();
                    rt.spawn(guess(
                        endpoint,
                        addr,
                        code.token ^ (i as u64 + 1),
                        start,
                        hellos_sent,
                    ))
                })
                .collect()
        };

        // With every guess waiting in line, the player with the code is let in at once.
        while hellos_sent.load(Ordering::Relaxed) < GUESSES {
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "the guesses were not sent"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let guest_net = Net::new().unwrap();
        let guest = join(&guest_net, &addr.to_string(), code, None).expect("joined");
        let here = host.next_guest(Duration::from_secs(5)).expect("let in");
        let admitted_at = start.elapsed();

        let mut answers: Vec<_> = rt.block_on(async {
            let mut answers = Vec::new();
            for g in guesses {
                answers.push(
                    tokio::time::timeout(Duration::from_secs(30), g)
                        .await
                        .expect("answered")
                        .unwrap()
                        .expect("a guess"),
                );
            }
            answers
        });
        answers.sort_by_key(|(at, _, _)| *at);
        let times: Vec<_> = answers.iter().map(|(at, _, _)| *at).collect();
        eprintln!(
            "{GUESSES} wrong tokens at once answered at {times:?}; the right one let in at \
             {admitted_at:?}; bytes each guesser could send while it waited: {:?}",
            answers.iter().map(|(_, _, p)| *p).collect::<Vec<_>>()
        );
        for (_, answer, pushed) in &answers {
            assert_eq!(
                answer,
                &Ok(Msg::Refused {
                    reason: "wrong join code".into()
                })
            );
            assert!(*pushed <= 2 * STRANGER_WINDOW as usize, "{pushed} bytes");
        }
        // One answer a second, whoever asked: no more than three in the first two and a
        // half seconds, the last no sooner than six seconds in.
        let early = times
            .iter()
            .filter(|t| **t < Duration::from_millis(2500))
            .count();
        assert!(early <= 3, "{early} answered early: {times:?}");
        assert!(times[GUESSES - 1] >= Duration::from_secs(6), "{times:?}");
        assert!(admitted_at < Duration::from_secs(4), "{admitted_at:?}");
        assert!(admitted_at < times[GUESSES - 1]);
        exchange(&guest, &here.link, 2, Duration::from_secs(3));
        guest.close("done");
        here.link.close("done");
        host.close();
    }

    #[test]
    fn the_waiting_room_holds_four_from_an_address_and_sixteen_in_all() {
        let (net, host) = listen();
        let addr = host.addr();
        let code = host.code();
        let runtime = strangers_runtime();
        let rt = &runtime;
        let start = Instant::now();
        // Connections that finish their handshake and wait: how many from each address got
        // as far, and how many were refused.
        let wave = |from: &[u8], each: usize| {
            let tasks: Vec<_> = {
                let _enter = rt.enter();
                from.iter()
                    .flat_map(|&n| {
                        let endpoint = stranger(n, code);
                        (0..each).map(move |_| {
                            let endpoint = endpoint.clone();
                            (
                                n,
                                rt.spawn(
                                    async move { misbehave(&endpoint, addr, Kind::Idle).await },
                                ),
                            )
                        })
                    })
                    .collect()
            };
            tasks
        };
        let first_wave = wave(&[2], 12);
        // Give them time to finish their handshakes (the refused ones end at once).
        std::thread::sleep(Duration::from_millis(1500));
        assert_eq!(host.door.count(), WAITING_PER_ADDRESS);
        let second_wave = wave(&[3, 4, 5, 6, 7], 4);
        std::thread::sleep(Duration::from_millis(1500));
        assert_eq!(host.door.count(), WAITING_IN_ALL);
        // The room is full: even the right code is turned away at the door now.
        assert!(join(&net, &addr.to_string(), code, None).is_err());
        assert!(start.elapsed() < ADMISSION_DEADLINE, "too slow to tell");

        let seen: Vec<(u8, Option<Seen>)> = rt.block_on(async {
            let mut seen = Vec::new();
            for (n, t) in first_wave.into_iter().chain(second_wave) {
                let closed = tokio::time::timeout(ADMISSION_DEADLINE * 3, t).await;
                seen.push((n, closed.expect("closed by the host").unwrap()));
            }
            seen
        });
        let waited = |n: u8| seen.iter().filter(|(m, s)| *m == n && s.is_some()).count();
        let by_address: Vec<_> = (2..=7).map(waited).collect();
        eprintln!("waited, from 127.0.0.2 to 127.0.0.7: {by_address:?}");
        assert_eq!(by_address[0], WAITING_PER_ADDRESS);
        assert!(by_address.iter().all(|&w| w <= WAITING_PER_ADDRESS));
        assert_eq!(by_address.iter().sum::<usize>(), WAITING_IN_ALL);
        for (_, s) in &seen {
            if let Some(s) = s {
                assert_eq!(s.why, "no join code shown in time", "{s:?}");
            }
        }

        // Their places given back, the player with the code is let in.
        assert!(emptied(&host));
        let guest = join(&net, &addr.to_string(), code, None).expect("joined");
        let here = host.next_guest(Duration::from_secs(5)).expect("let in");
        exchange(&guest, &here.link, 2, Duration::from_secs(3));
        guest.close("done");
        here.link.close("done");
        host.close();
    }
}

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
        let guest = join(&net, &at, host.code(), None).expect("joined");
        let here = host.next_guest(Duration::from_secs(5)).expect("let in");
        eprintln!("{at}: let in from {}", here.link.peer());
        exchange(&guest, &here.link, 1, Duration::from_secs(3));
        guest.close("done");
        here.link.close("done");
    }
    host.close();
}
