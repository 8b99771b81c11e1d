//! The waiting room's limits, with machines at 127.0.0.2 and up (Linux gives the
//! loopback all of 127.0.0.0/8).

use super::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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
    let (a, host_a) = joined(&guest_net, &host, None);
    let host_a = host_a.link;
    // The door takes a second machine (these tests play two games on one host).
    host.reopen();
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
    let (b, host_b) = joined(&guest_net, &host, None);
    let host_b = host_b.link;
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

/// A stranger's guess of `token` from `endpoint`: its close code and reason, and
/// how many bytes it could push while it waited.
async fn guess(
    endpoint: quinn::Endpoint,
    addr: SocketAddr,
    token: u64,
) -> Result<(u64, String, usize), Box<dyn std::error::Error + Send + Sync>> {
    let conn = endpoint.connect(addr, SERVER_NAME)?.await?;
    let (mut send, mut recv) = conn.open_bi().await?;
    send.write_all(&hello(token).frame()).await?;
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
    let _ = read_frame(&mut recv, MAX_FRAME).await;
    writer.abort();
    let (code, why) = match conn.close_reason() {
        Some(quinn::ConnectionError::ApplicationClosed(c)) => (
            c.error_code.into_inner(),
            String::from_utf8_lossy(&c.reason).into_owned(),
        ),
        other => (0, format!("{other:?}")),
    };
    Ok((code, why, pushed.load(Ordering::Relaxed)))
}

/// Guesses from `addresses` (last bytes), `each` at once from each: their answers.
fn guesses(
    rt: &tokio::runtime::Runtime,
    addresses: std::ops::RangeInclusive<u8>,
    each: usize,
    addr: SocketAddr,
    code: JoinCode,
) -> Vec<(u64, String, usize)> {
    let tasks: Vec<_> = {
        let _enter = rt.enter();
        addresses
            .flat_map(|n| {
                let endpoint = stranger(n, code);
                (0..each).map(move |i| {
                    (
                        endpoint.clone(),
                        code.token ^ ((u64::from(n) << 8) | (i as u64 + 1)),
                    )
                })
            })
            .map(|(endpoint, token)| rt.spawn(guess(endpoint, addr, token)))
            .collect()
    };
    rt.block_on(async {
        let mut answers = Vec::new();
        for t in tasks {
            answers.push(
                tokio::time::timeout(Duration::from_secs(10), t)
                    .await
                    .expect("answered at once")
                    .unwrap()
                    .expect("a guess"),
            );
        }
        answers
    })
}

#[test]
fn a_guess_is_answered_at_once_and_tokens_are_checked_once_a_second_an_address_and_32_in_all() {
    let (_net, host) = listen();
    let addr = host.addr();
    let code = host.code();
    let rt = strangers_runtime();
    let count = |answers: &[(u64, String, usize)], what: &str| {
        answers.iter().filter(|(_, why, _)| why == what).count()
    };
    let wrong = "wrong join code";
    let busy = "the host is busy: try again in a moment";
    // Four guesses at once from one address (as many as it has places): one
    // checked, the rest told to wait, every one answered at once and none let in.
    let start = Instant::now();
    let answers = guesses(&rt, 2..=2, WAITING_PER_ADDRESS, addr, code);
    let took = start.elapsed();
    eprintln!("4 guesses from one address answered in {took:?}: {answers:?}");
    // One check a second from the address: one, unless a loaded machine spread the
    // guesses over more than a second.
    let seconds = 1 + took.as_secs() as usize;
    let checked = count(&answers, wrong);
    assert!((1..=seconds).contains(&checked), "{answers:?}");
    assert_eq!(checked + count(&answers, busy), WAITING_PER_ADDRESS);
    assert!(took < Duration::from_secs(5), "{took:?}");
    for (close, _, pushed) in &answers {
        assert!([u64::from(REFUSED), u64::from(LATER)].contains(close));
        assert!(*pushed <= 2 * STRANGER_WINDOW as usize, "{pushed} bytes");
    }
    // A second on, one guess each from 48 addresses at once: no more than 32 checked.
    std::thread::sleep(CHECK_PACE);
    let start = Instant::now();
    let answers = guesses(&rt, 10..=57, 1, addr, code);
    let seconds = 1 + start.elapsed().as_secs() as usize;
    let checked = count(&answers, wrong);
    eprintln!(
        "48 addresses at once: {checked} checked, {} told to wait",
        count(&answers, busy)
    );
    assert!(checked <= CHECKS_IN_ALL as usize * seconds, "{checked}");
    assert!(checked >= 1);
    assert_eq!(checked + count(&answers, busy), 48);
    assert!(host.next_guest(Duration::from_millis(100)).is_none());
    assert!(emptied(&host));
    host.close();
}

/// The flood of finding 3: strangers at 24 addresses guess without pause, each
/// connection of theirs trying again the moment it is answered, and others at 8
/// more addresses hold places in the waiting room without a word. The player with
/// the code gets in within seconds, and the strangers' tokens are checked no
/// faster than 32 a second in all.
#[test]
fn a_player_with_the_code_gets_in_within_seconds_whatever_strangers_do() {
    let (net, host) = listen();
    let addr = host.addr();
    let code = host.code();
    let rt = strangers_runtime();
    let stop = Arc::new(AtomicBool::new(false));
    let checked = Arc::new(AtomicUsize::new(0));
    let tried = Arc::new(AtomicUsize::new(0));
    let guessers: Vec<_> = {
        let _enter = rt.enter();
        (2..=25u8)
            .flat_map(|n| {
                let endpoint = stranger(n, code);
                (0..3).map(move |_| endpoint.clone())
            })
            .enumerate()
            .map(|(i, endpoint)| {
                let (stop, checked, tried) = (stop.clone(), checked.clone(), tried.clone());
                rt.spawn(async move {
                    let mut token = code.token ^ ((i as u64 + 1) << 20);
                    while !stop.load(Ordering::Relaxed) {
                        token += 1;
                        tried.fetch_add(1, Ordering::Relaxed);
                        if let Ok((_, why, _)) = guess(endpoint.clone(), addr, token).await
                            && why == "wrong join code"
                        {
                            checked.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                })
            })
            .collect()
    };
    let flood = start_flood(&rt, &[(Kind::Idle, 30, 40)], addr, code, &stop);
    let flood: Vec<_> = flood
        .into_iter()
        .chain(start_flood(
            &rt,
            &(31..=37).map(|n| (Kind::Idle, n, 4)).collect::<Vec<_>>(),
            addr,
            code,
            &stop,
        ))
        .collect();
    std::thread::sleep(Duration::from_secs(2));
    let (checked_before, started) = (checked.load(Ordering::Relaxed), Instant::now());
    let asked = Instant::now();
    let (guest, here) = joined(&net, &host, None);
    let admitted_in = asked.elapsed();
    std::thread::sleep(Duration::from_secs(3).saturating_sub(started.elapsed()));
    let rate =
        (checked.load(Ordering::Relaxed) - checked_before) as f64 / started.elapsed().as_secs_f64();
    let waiting = host.door.count();
    stop.store(true, Ordering::Relaxed);
    rt.block_on(async {
        for g in guessers {
            let _ = tokio::time::timeout(Duration::from_secs(10), g).await;
        }
    });
    let (seen, refusals) = end_flood(&rt, flood);
    eprintln!(
        "the player let in after {admitted_in:?} while strangers at 24 addresses made {} \
         guesses ({rate:.1} checked a second) and {} idle connections held places \
         ({refusals} refused at the door, {waiting} waiting as the player got in)",
        tried.load(Ordering::Relaxed),
        seen.len(),
    );
    assert!(admitted_in < Duration::from_secs(5), "{admitted_in:?}");
    assert!(rate <= f64::from(CHECKS_IN_ALL) * 1.2, "{rate}");
    exchange(&guest, &here.link, 3, Duration::from_secs(3));
    guest.close("done");
    here.link.close("done");
    host.close();
}

#[test]
fn the_waiting_room_holds_four_from_an_address_and_64_in_all_and_a_newcomer_takes_a_place_from_the_most_held()
 {
    let (net, host) = listen();
    let addr = host.addr();
    let code = host.code();
    let runtime = strangers_runtime();
    let rt = &runtime;
    // Connections that finish their handshake and wait.
    let wave = |from: &[u8], each: usize| {
        let _enter = rt.enter();
        from.iter()
            .flat_map(|&n| {
                let endpoint = stranger(n, code);
                (0..each).map(move |_| {
                    let endpoint = endpoint.clone();
                    (
                        n,
                        rt.spawn(async move { misbehave(&endpoint, addr, Kind::Idle).await }),
                    )
                })
            })
            .collect::<Vec<_>>()
    };
    let first_wave = wave(&[2], 12);
    std::thread::sleep(Duration::from_millis(1000));
    assert_eq!(host.door.count(), WAITING_PER_ADDRESS);
    // Fifteen more addresses, four each: the room is full.
    let second_wave = wave(&(3..=17).collect::<Vec<_>>(), 4);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(host.door.count(), WAITING_IN_ALL);
    // A newcomer takes a place all the same, and so does the player with the code.
    let newcomer = wave(&[18], 1);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(host.door.count(), WAITING_IN_ALL);
    let (guest, here) = joined(&net, &host, None);
    exchange(&guest, &here.link, 2, Duration::from_secs(3));

    let seen: Vec<(u8, Option<Seen>)> = rt.block_on(async {
        let mut seen = Vec::new();
        for (n, t) in first_wave.into_iter().chain(second_wave).chain(newcomer) {
            let closed = tokio::time::timeout(ADMISSION_DEADLINE * 3, t).await;
            seen.push((n, closed.expect("closed by the host").unwrap()));
        }
        seen
    });
    let waited = |n: u8| seen.iter().filter(|(m, s)| *m == n && s.is_some()).count();
    let by_address: Vec<_> = (2..=18).map(waited).collect();
    eprintln!("waited, from 127.0.0.2 to 127.0.0.18: {by_address:?}");
    assert_eq!(by_address[0], WAITING_PER_ADDRESS);
    assert!(by_address.iter().all(|&w| w <= WAITING_PER_ADDRESS));
    assert_eq!(by_address[16], 1, "the newcomer got in");
    // Two places taken back (from the newcomer and the player): closed before the
    // deadline, with no reason; every other at the deadline.
    let taken_back = seen
        .iter()
        .filter_map(|(_, s)| s.as_ref())
        .filter(|s| s.why != "no join code shown in time")
        .count();
    assert_eq!(taken_back, 2, "{seen:?}");
    assert!(emptied(&host));
    guest.close("done");
    here.link.close("done");
    host.close();
}
