//! `drumfire host` and `drumfire join` without a window: each machine's side played by
//! the computer (`--players ai` or `random`). The loop is the one the window drives:
//! messages in, the session's answers out, the machine's own orders when the game
//! waits on its side, an autosave after every order, and a lost connection waited
//! out (the host keeps listening; the joining machine calls again every second).

use crate::code::JoinCode;
use crate::link::{Guest, Host, JoinError, Link, LinkEvent, Net, join, join_within};
use crate::seat::{self, Seat};
use crate::session::{Happened, Session, Stop};
use crate::wire::{Msg, shown};
use drumfire_core::hash::StateHash;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::save;
use drumfire_core::scenario::{self, Scenario};
use drumfire_core::shared_dice::{hex, unhex};
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a machine waits for the other to come back after a lost connection.
const COME_BACK: Duration = Duration::from_secs(300);
/// How long each waits for the other's goodbye at the end.
const GOODBYE: Duration = Duration::from_secs(3);

/// `drumfire host`'s options.
#[derive(Clone, Debug)]
pub struct HostOptions {
    /// A scenario (a new game) or a save of a game between two machines (taken up again,
    /// its seat beside it).
    pub file: PathBuf,
    /// Where to listen.
    pub bind: SocketAddr,
    /// The side played here, 0-based (a new game).
    pub side: u8,
    /// Where the game is kept after every order (its seat beside it).
    pub save: PathBuf,
    /// Who plays this machine's side.
    pub player: PlayerKind,
}

/// `drumfire join`'s options.
#[derive(Clone, Debug)]
pub struct JoinOptions {
    /// The host, "host:port".
    pub address: String,
    /// The code the host gave.
    pub code: JoinCode,
    /// Where the game is kept after every order (its seat beside it).
    pub save: PathBuf,
    /// Take up the game kept in `save` again.
    pub resume: bool,
    /// Who plays this machine's side.
    pub player: PlayerKind,
}

/// Reads a scenario for a new game between two machines, or says why it cannot be one.
pub fn scenario_for_two(path: &Path) -> Result<Scenario, String> {
    let (name, text) =
        drumfire_core::rules::shipped::read(path, Some(&drumfire_core::paths::scenarios()))
            .map_err(|e| e.to_string())?;
    let scenario = scenario::parse(&name, &text, &drumfire_core::rules::ALL).map_err(lines)?;
    check_for_two(&scenario)?;
    Ok(scenario)
}

/// Located errors, one a line.
pub(crate) fn lines(errs: Vec<drumfire_core::error::LocatedError>) -> String {
    errs.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Can this scenario be played by two players each on a machine of their own (over
/// the network or by e-mail)? If not, why not.
pub fn check_for_two(scenario: &Scenario) -> Result<(), String> {
    if scenario.file.sides.len() != 2 {
        return Err(format!(
            "{}: a game between two machines has two sides; this scenario has {}",
            scenario.source,
            scenario.file.sides.len()
        ));
    }
    Ok(())
}

/// A game hosted here, listening, before its player's machine has joined.
pub struct Hosting {
    /// The network's runtime.
    pub net: Arc<Net>,
    /// Listening, with the code.
    pub host: Host,
    /// The game (set up already when taken up again from a save).
    pub session: Session,
    /// Where the game is kept.
    pub save: PathBuf,
}

/// Reads the scenario or save, makes or reads the seat, and listens.
pub fn prepare_host(opts: &HostOptions) -> Result<Hosting, String> {
    let net = Net::new().map_err(|e| format!("no network runtime: {e}"))?;
    let (name, text) =
        drumfire_core::rules::shipped::read(&opts.file, Some(&drumfire_core::paths::scenarios()))
            .map_err(|e| e.to_string())?;
    let (session, save) = if save::looks_like_save(&text) {
        let saved = save::parse(&name, &text, &drumfire_core::rules::ALL).map_err(lines)?;
        check_for_two(&saved.scenario)?;
        let seat = Seat::read(&opts.file)?;
        let mut session = Session::resume(&saved, seat.side, seat.chain, seat.sealed)
            .map_err(|e| format!("{name}: {e}"))?;
        session
            .keep_pending(seat.pending)
            .map_err(|e| format!("{name}: {e}"))?;
        (session, opts.file.clone())
    } else {
        let scenario = scenario_for_two(&opts.file)?;
        let seat = Seat {
            side: opts.side,
            chain: drumfire_core::shared_dice::Chain::new(seat::fresh_secret()?),
            host: None,
            sealed: Default::default(),
            pending: None,
        };
        keep_seat(&seat, &opts.save)?;
        (
            Session::host(scenario, opts.side, seat.chain),
            opts.save.clone(),
        )
    };
    let host = Host::listen(&net, opts.bind)?;
    mind_the_door(&host, &session, false);
    Ok(Hosting {
        net,
        host,
        session,
        save,
    })
}

/// Hosts a game and plays this machine's side with the computer; the final hash.
pub fn host(opts: &HostOptions, log: &mut dyn Write) -> Result<StateHash, String> {
    let Hosting {
        net: _net,
        host,
        mut session,
        save: save_path,
    } = prepare_host(opts)?;
    say(log, &format!("listening on {}", host.addr()));
    say(log, &format!("join code: {}", host.code()));
    say(
        log,
        &format!("playing {}", side_name(&session, session.me())),
    );
    let link = loop {
        if let Some(guest) = host.next_guest(Duration::from_secs(1))
            && let Some(link) = admit(&mut session, guest)
        {
            break link;
        }
    };
    say(log, &format!("{} joined", link.peer()));
    let mut bot = Bot::new(opts.player, bot_seed(&session));
    let result = drive(
        &mut session,
        link,
        &mut bot,
        &save_path,
        log,
        &mut |session, lost| {
            mind_the_door(&host, session, lost);
            let wait = if lost {
                Duration::from_secs(1)
            } else {
                Duration::ZERO
            };
            Ok(host
                .next_guest(wait)
                .and_then(|guest| admit(session, guest)))
        },
    );
    host.close();
    result
}

/// Tells the host's door who it may let in: once the other player's commitment and
/// order key are known, that player alone, proving who it is; before, a new machine
/// again when the one that joined is gone (`lost`).
pub fn mind_the_door(host: &Host, session: &Session, lost: bool) {
    match (session.their_commitment(), session.their_key()) {
        (Some(commitment), Some(key)) => host.expect_back(commitment, key),
        _ if lost => host.reopen(),
        _ => {}
    }
}

/// Lets a joining machine in, or refuses it: a new game takes anyone with the code;
/// a game under way takes back only its own other player (the door has checked its
/// proof already; this is the game's own check). A refusal costs the game's loop
/// nothing: the connection is closed in the background.
pub fn admit(session: &mut Session, guest: Guest) -> Option<Link> {
    let under_way = session.game().is_some();
    let theirs = session.their_commitment().map(|c| hex(&c));
    let refusal = match (&guest.resume, under_way) {
        (None, false) => None,
        (Some(c), true) if Some(c) == theirs.as_ref() => None,
        (None, true) => Some("a game is under way here: come back to it with your save (--resume)"),
        (Some(_), _) => Some("this is not the game you left"),
    };
    if let Some(reason) = refusal {
        guest.link.send(Msg::Refused {
            reason: reason.to_owned(),
        });
        guest.link.close_later(reason);
        return None;
    }
    guest.link.send(session.welcome());
    for msg in session.resync() {
        guest.link.send(msg);
    }
    Some(guest.link)
}

/// A game joined from here: the host has let this machine in and the session is
/// made (new, or taken up again from the save and seat).
pub struct Joined {
    /// The network's runtime.
    pub net: Arc<Net>,
    /// The link to the host.
    pub link: Link,
    /// The game.
    pub session: Session,
}

/// Calls the host, shows the code and reads its welcome (a new game: makes the seat).
pub fn prepare_join(opts: &JoinOptions) -> Result<Joined, String> {
    let net = Net::new().map_err(|e| format!("no network runtime: {e}"))?;
    let mut resumed = None;
    if opts.resume {
        let name = opts.save.display().to_string();
        let text = drumfire_core::error::read_file(&opts.save).map_err(|e| e.to_string())?;
        let saved = save::parse(&name, &text, &drumfire_core::rules::ALL).map_err(lines)?;
        let seat = Seat::read(&opts.save)?;
        let mut session = Session::resume(&saved, seat.side, seat.chain, seat.sealed)
            .map_err(|e| format!("{name}: {e}"))?;
        session
            .keep_pending(seat.pending)
            .map_err(|e| format!("{name}: {e}"))?;
        resumed = Some(session);
    }
    let returning = resumed.as_ref().map(Session::returning);
    let (link, welcome) = join(&net, &opts.address, opts.code, returning.as_ref())?;
    let session = match (welcome, resumed) {
        (Msg::Refused { reason }, _) => {
            return Err(format!("{} refused: {}", opts.address, shown(&reason)));
        }
        (
            Msg::Welcome {
                your_side,
                scenario_name,
                scenario: text,
                commitment,
                key,
                under_way,
            },
            None,
        ) => {
            if under_way {
                return Err(format!(
                    "{}: a game is under way there: come back to it with --resume",
                    opts.address
                ));
            }
            // The host names its scenario: a name, never a path on this machine.
            let scenario_name = Path::new(&scenario_name)
                .file_name()
                .map_or_else(|| "scenario".into(), |n| n.to_string_lossy().into_owned());
            let scenario = scenario::parse(&scenario_name, &text, &drumfire_core::rules::ALL)
                .map_err(|errs| {
                    format!(
                        "the host's scenario does not read here: {}",
                        errs.first().map_or_else(String::new, ToString::to_string)
                    )
                })?;
            check_for_two(&scenario)?;
            let host_commitment =
                unhex(&commitment).map_err(|e| format!("the host's commitment: {e}"))?;
            if your_side > 1 {
                return Err(format!("the host gave this machine side {your_side}"));
            }
            let host_key = unhex(&key).map_err(|e| format!("the host's order key: {e}"))?;
            drumfire_core::signed::check_public(&host_key)
                .map_err(|e| format!("the host's order key: {e}"))?;
            let seat = Seat {
                side: your_side,
                chain: drumfire_core::shared_dice::Chain::new(seat::fresh_secret()?),
                host: Some(opts.address.clone()),
                sealed: Default::default(),
                pending: None,
            };
            keep_seat(&seat, &opts.save)?;
            let (session, out) =
                Session::join(scenario, your_side, host_commitment, host_key, seat.chain);
            for msg in out {
                link.send(msg);
            }
            session
        }
        (Msg::Welcome { .. }, Some(mut session)) => {
            for msg in session.resync() {
                link.send(msg);
            }
            session
        }
        (other, _) => {
            return Err(shown(&format!("the host answered out of turn: {other:?}")));
        }
    };
    Ok(Joined { net, link, session })
}

/// Joins a game and plays this machine's side with the computer; the final hash.
pub fn join_game(opts: &JoinOptions, log: &mut dyn Write) -> Result<StateHash, String> {
    let Joined {
        net,
        link,
        mut session,
    } = prepare_join(opts)?;
    let returning = session.returning();
    say(log, &format!("joined {}", opts.address));
    say(
        log,
        &format!("playing {}", side_name(&session, session.me())),
    );
    let mut bot = Bot::new(opts.player, bot_seed(&session));
    let mut last_try = Instant::now();
    drive(
        &mut session,
        link,
        &mut bot,
        &opts.save,
        log,
        &mut |session, lost| {
            if !lost {
                return Ok(None);
            }
            let since = last_try.elapsed();
            if since < Duration::from_secs(1) {
                std::thread::sleep(Duration::from_secs(1) - since);
            }
            last_try = Instant::now();
            match join_within(
                &net,
                &opts.address,
                opts.code,
                Some(&returning),
                Duration::ZERO,
            ) {
                Ok((link, Msg::Welcome { .. })) => {
                    for msg in session.resync() {
                        link.send(msg);
                    }
                    Ok(Some(link))
                }
                Ok((_, Msg::Refused { reason })) => {
                    Err(format!("{} refused: {}", opts.address, shown(&reason)))
                }
                // Refused at the door (its proof, another game): calling again would not
                // change it.
                Err(JoinError::Refused(why)) => Err(why),
                // Busy, unreachable for now, or an answer out of turn: try again.
                _ => Ok(None),
            }
        },
    )
}

fn keep_seat(seat: &Seat, save: &Path) -> Result<(), String> {
    seat.write(save)
}

fn bot_seed(session: &Session) -> u64 {
    u64::from(session.me()) ^ 0x00d1_ce5e_ed00
}

fn side_name(session: &Session, side: u8) -> String {
    format!("{} (side {})", session.side_name(side), side + 1)
}

fn say(log: &mut dyn Write, line: &str) {
    // Names and texts in a line may come from the other machine's scenario.
    let _ = writeln!(log, "{}", drumfire_core::error::printable(line));
    let _ = log.flush();
}

/// A message from the other machine, answered on `link`; when it stops the game, the
/// other machine is told why.
pub fn answer(
    session: &mut Session,
    link: &Link,
    msg: Msg,
    save: &Path,
) -> Result<Vec<Happened>, Stop> {
    match session.receive(msg) {
        Ok((out, happened)) => {
            // The game is kept before this machine's reveal goes out: a machine stopped
            // in between comes back with the order its reveal answered, so the other
            // cannot put another in its place.
            if happened
                .iter()
                .any(|h| matches!(h, Happened::Played { .. } | Happened::SetUp))
                && let Err(why) = autosave(session, save)
            {
                let stop = Stop::Broken(format!("the game could not be kept: {why}"));
                link.send(Msg::Bye {
                    reason: stop.to_string(),
                });
                return Err(stop);
            }
            for msg in out {
                link.send(msg);
            }
            Ok(happened)
        }
        Err(stop) => {
            link.send(Msg::Bye {
                reason: stop.to_string(),
            });
            Err(stop)
        }
    }
}

/// Gives this machine's order: the messages to send, or the rules' refusal. A secret
/// order goes sealed, and the secret is written to the seat beside `save` before
/// anything is sent (`Err`: it could not be kept, and nothing is sent).
pub fn give(
    session: &mut Session,
    order: drumfire_core::orders::Order,
    save: &Path,
) -> Result<Result<Vec<Msg>, drumfire_core::orders::Refusal>, String> {
    let out = session.give(order);
    if out.is_ok() {
        // The order, its signature and any secret behind a seal are kept before the
        // order goes out.
        let mut seat = Seat::read(save)?;
        seat.sealed = session.sealed().clone();
        seat.pending = session.pending_kept();
        keep_seat(&seat, save)?;
    }
    Ok(out)
}

/// Writes the game to its save (atomically), once it is set up.
pub fn autosave(session: &mut Session, path: &Path) -> Result<(), String> {
    match session.save() {
        Some(file) => save::write(path, &file).map_err(|e| format!("{}: {e}", path.display())),
        None => Ok(()),
    }
}

/// A fresh link, or none yet: called every turn of the loop (`lost` false) and, while
/// the connection is lost, until it gives one (`lost` true).
type Relink<'a> = dyn FnMut(&mut Session, bool) -> Result<Option<Link>, String> + 'a;

/// Plays to the end: the final hash, or why it stopped.
fn drive(
    session: &mut Session,
    mut link: Link,
    bot: &mut Bot,
    save_path: &Path,
    log: &mut dyn Write,
    relink: &mut Relink<'_>,
) -> Result<StateHash, String> {
    let mut lost: Option<Instant> = None;
    loop {
        if session.finished() {
            return finish(session, link, save_path, log);
        }
        if let Some(fresh) = relink(session, lost.is_some())? {
            say(log, &format!("connected to {}", fresh.peer()));
            link = fresh;
            lost = None;
        }
        if let Some(since) = lost {
            if since.elapsed() > COME_BACK {
                autosave(session, save_path)?;
                return Err(format!(
                    "the other player did not come back in {} seconds; the game is kept in {}",
                    COME_BACK.as_secs(),
                    save_path.display()
                ));
            }
            continue;
        }
        if session.my_turn() {
            let side = session.me();
            let game = session.game().expect("set up");
            let order = match session.due_opening() {
                Some(opening) => opening,
                None => bot
                    .choose(game, side)
                    .ok_or_else(|| format!("side {} has no legal order", side + 1))?,
            };
            let out = give(session, order, save_path)?
                .map_err(|r| format!("the computer's order was refused: {r}"))?;
            for msg in out {
                link.send(msg);
            }
        }
        match link.recv_timeout(Duration::from_millis(200)) {
            None => {}
            Some(LinkEvent::Closed(why)) => {
                autosave(session, save_path)?;
                say(
                    log,
                    &format!(
                        "connection lost ({}); waiting for the other player",
                        shown(&why)
                    ),
                );
                lost = Some(Instant::now());
            }
            Some(LinkEvent::Msg(Msg::Bye { reason })) => {
                autosave(session, save_path)?;
                return Err(format!(
                    "the other player stopped: {}; this side's game is in {}",
                    shown(&reason),
                    save_path.display()
                ));
            }
            Some(LinkEvent::Msg(msg)) => match answer(session, &link, msg, save_path) {
                Ok(happened) => {
                    for h in happened {
                        match h {
                            Happened::Played { from } => {
                                for index in from..=session.orders() {
                                    say(log, &format!("order {index}"));
                                }
                                autosave(session, save_path)?;
                            }
                            Happened::SetUp => {
                                say(log, "set up with both players' dice");
                                autosave(session, save_path)?;
                            }
                            Happened::Agreed(_) => {}
                        }
                    }
                }
                Err(stop) => {
                    autosave(session, save_path)?;
                    let why = stop.to_string();
                    link.close(&why);
                    return Err(format!(
                        "stopped: {why}; this side's game is in {}",
                        save_path.display()
                    ));
                }
            },
        }
    }
}

/// The game is over and both machines agree: goodbyes, the last save, the hash.
fn finish(
    session: &mut Session,
    link: Link,
    save_path: &Path,
    log: &mut dyn Write,
) -> Result<StateHash, String> {
    autosave(session, save_path)?;
    link.send(Msg::Bye {
        reason: "the game is over".into(),
    });
    let until = Instant::now() + GOODBYE;
    while Instant::now() < until {
        if let Some(LinkEvent::Msg(Msg::Bye { .. }) | LinkEvent::Closed(_)) =
            link.recv_timeout(Duration::from_millis(100))
        {
            break;
        }
    }
    link.close("the game is over");
    let game = session.game_mut().expect("set up");
    let hash = game.state_hash();
    let winner = game
        .outcome()
        .map(|o| o.winner)
        .unwrap_or_default()
        .map_or_else(
            || "a draw".to_owned(),
            |w| format!("{} wins", side_name(session, w)),
        );
    let orders = session.orders();
    say(
        log,
        &format!(
            "game over: {winner}; {orders} orders; state hash {hash}, the same on both machines; kept in {}",
            save_path.display()
        ),
    );
    Ok(hash)
}
