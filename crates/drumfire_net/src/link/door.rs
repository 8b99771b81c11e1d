//! The host's door: the waiting room (its places, by address and in all, and the pace
//! tokens are checked at), who a host takes with the right token, and the admission of
//! one connection, from its handshake to the guest let in or refused.

use super::*;

/// The address a connection counts against in the waiting room: an IPv4 address (also
/// when it comes mapped into IPv6, on a socket that takes both), or an IPv6 address's
/// /56 network: what a provider usually gives one household, so that one machine with a
/// routed block of /64s counts as few addresses, not thousands.
pub(super) fn counted_as(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !(u128::MAX >> 56))),
        v4 => v4,
    }
}

/// The waiting room: the connections not yet let in ([`WAITING_IN_ALL`],
/// [`WAITING_PER_ADDRESS`]), the pace tokens are checked at ([`CHECK_PACE`],
/// [`CHECKS_IN_ALL`]), and who may come in.
#[derive(Default)]
pub(super) struct Door {
    room: std::sync::Mutex<Room>,
}

/// The waiting room's state.
#[derive(Default)]
pub(super) struct Room {
    /// The number of the last place given.
    last: u64,
    /// The places taken, oldest first: each one's number, address, and the signal that
    /// takes it back.
    places: Vec<(u64, IpAddr, Arc<tokio::sync::Notify>)>,
    /// When a token was last checked, by address (only the last [`CHECK_PACE`]'s
    /// matter; older ones are dropped as the table grows).
    checked: HashMap<IpAddr, tokio::time::Instant>,
    /// Checks left in this second, and when the second began.
    budget: (u32, Option<tokio::time::Instant>),
    /// Who the host takes.
    pub(super) expect: Expect,
}

/// Who a host takes with the right token.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Expect {
    /// A new game: the first machine to come.
    #[default]
    Anyone,
    /// A new game that a machine has joined: nobody else.
    Taken,
    /// A game under way: only the player of this commitment, proving it with this
    /// order key.
    Back { commitment: Digest32, key: Digest32 },
}

impl Door {
    /// A place for a connection from `from`, if the room has one or can make one by
    /// taking back the oldest place of the address holding most places, when that
    /// address holds more than `from` does.
    pub(super) fn enter(self: &Arc<Self>, from: IpAddr) -> Option<Place> {
        let from = counted_as(from);
        let mut room = self.room();
        let held = |room: &Room, at: IpAddr| room.places.iter().filter(|p| p.1 == at).count();
        let here = held(&room, from);
        if here >= WAITING_PER_ADDRESS {
            return None;
        }
        if room.places.len() >= WAITING_IN_ALL {
            let (most, n) = room
                .places
                .iter()
                .map(|p| (p.1, held(&room, p.1)))
                .max_by_key(|(_, n)| *n)?;
            if n <= here {
                return None;
            }
            let oldest = room.places.iter().position(|p| p.1 == most)?;
            let (_, _, taken_back) = room.places.remove(oldest);
            taken_back.notify_one();
        }
        room.last += 1;
        let number = room.last;
        let taken_back = Arc::new(tokio::sync::Notify::new());
        room.places.push((number, from, taken_back.clone()));
        Some(Place {
            door: self.clone(),
            number,
            from,
            taken_back,
        })
    }

    pub(super) fn room(&self) -> std::sync::MutexGuard<'_, Room> {
        self.room
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How many connections wait for admission.
    #[cfg(test)]
    pub(super) fn count(&self) -> usize {
        self.room().places.len()
    }

    /// May a token from `from` be checked now? At most once each [`CHECK_PACE`] from
    /// an address and [`CHECKS_IN_ALL`] times a second in all; a yes counts.
    fn may_check(&self, from: IpAddr, coming_back: bool) -> bool {
        let now = tokio::time::Instant::now();
        let mut room = self.room();
        if room
            .checked
            .get(&from)
            .is_some_and(|t| now < *t + CHECK_PACE)
        {
            return false;
        }
        let (left, since) = &mut room.budget;
        if since.is_none_or(|s| now >= s + Duration::from_secs(1)) {
            *left = CHECKS_IN_ALL;
            *since = Some(now);
        }
        if !coming_back {
            if *left == 0 {
                return false;
            }
            *left -= 1;
        }
        if room.checked.len() >= 4 * CHECKS_IN_ALL as usize {
            room.checked.retain(|_, t| now < *t + CHECK_PACE);
        }
        room.checked.insert(from, now);
        true
    }

    /// Who the host takes now.
    fn expected(&self) -> Expect {
        self.room().expect
    }

    /// A new game's first machine takes its seat: `false` when another took it first.
    fn take(&self) -> bool {
        let mut room = self.room();
        if room.expect != Expect::Anyone {
            return false;
        }
        room.expect = Expect::Taken;
        true
    }

    pub(super) fn set_expect(&self, expect: Expect) {
        self.room().expect = expect;
    }
}

/// A place in the waiting room, given back when dropped.
pub(super) struct Place {
    door: Arc<Door>,
    number: u64,
    from: IpAddr,
    /// Signalled when a newcomer takes the place back.
    taken_back: Arc<tokio::sync::Notify>,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut room = self.door.room();
        if let Some(i) = room.places.iter().position(|p| p.0 == self.number) {
            room.places.remove(i);
        }
    }
}

/// Reads a joining machine's hello and lets it in or refuses it ([`admission`]); the
/// connection keeps its `place` in the waiting room until then, unless a newcomer
/// takes the place back first (the connection is then dropped, which closes it).
pub(super) async fn let_in(
    net: &Arc<Net>,
    incoming: quinn::Incoming,
    code: JoinCode,
    door: &Door,
    place: Place,
) -> Option<Guest> {
    let taken_back = place.taken_back.clone();
    let held: Held = Arc::default();
    let admitted = tokio::select! {
        admitted = admission(net, incoming, code, door, place.from, &held) => admitted,
        () = taken_back.notified() => {
            // Told to call again: the room is full, and it was the oldest of the address
            // holding most (a connection still in its handshake is dropped, which closes it).
            if let Some(conn) = held.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take() {
                conn.close(LATER.into(), b"the waiting room is full: try again in a moment");
            }
            None
        }
    };
    drop(place);
    admitted
}

/// The connection a place holds, once its handshake is done.
type Held = Arc<std::sync::Mutex<Option<quinn::Connection>>>;

/// A connection refused: closed at once, the reason in its closing (the host keeps
/// nothing of it).
fn refuse(conn: &quinn::Connection, why: &str) -> Option<Guest> {
    conn.close(REFUSED.into(), why.as_bytes());
    None
}

/// A player coming back proves it is the machine that joined the game: it signs a
/// fresh challenge, the commitment and the host's certificate with the order key the
/// game knows, by the admission's `deadline`. `Err`: why it did not, for the refusal.
async fn proof_of_return(
    send: &mut quinn::SendStream,
    recv: &mut quinn::RecvStream,
    deadline: tokio::time::Instant,
    key: &Digest32,
    commitment: &Digest32,
    code: &JoinCode,
) -> Result<(), String> {
    let mut nonce = [0u8; 32];
    getrandom::fill(&mut nonce).map_err(|e| format!("no challenge could be made: {e}"))?;
    let proof = tokio::time::timeout_at(deadline, async {
        send.write_all(&Msg::Challenge { nonce: hex(&nonce) }.frame())
            .await
            .map_err(|e| format!("the connection was lost: {e}"))?;
        read_frame(recv, MAX_HELLO).await
    })
    .await;
    let signature = match proof {
        Ok(Ok(Msg::Proof { signature })) => signature,
        Ok(Ok(_)) => return Err("a player coming back answers the challenge".into()),
        Ok(Err(why)) => return Err(why),
        Err(_) => return Err("no proof shown in time".into()),
    };
    let holds = unhex_bytes::<64>(&signature).is_ok_and(|sig| {
        drumfire_core::signed::verify_proof(key, &nonce, commitment, code.fingerprint, &sig)
    });
    if holds {
        Ok(())
    } else {
        Err("the proof does not hold: this is not the machine that joined the game".into())
    }
}

/// The admission of one connection from `from` ([`counted_as`]): its handshake, its
/// hello and, for a player coming back, its proof, all by the admission deadline; the
/// guest let in, or `None` with its connection closed.
async fn admission(
    net: &Arc<Net>,
    incoming: quinn::Incoming,
    code: JoinCode,
    door: &Door,
    from: IpAddr,
    held: &Held,
) -> Option<Guest> {
    let deadline = tokio::time::Instant::now() + ADMISSION_DEADLINE;
    // A handshake not done by the deadline is dropped, which closes its connection.
    let conn = tokio::time::timeout_at(deadline, incoming.accept().ok()?)
        .await
        .ok()?
        .ok()?;
    *held
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(conn.clone());
    let shown = tokio::time::timeout_at(deadline, async {
        let (send, mut recv) = conn
            .accept_bi()
            .await
            .map_err(|e| format!("the connection was lost: {e}"))?;
        let hello = read_frame(&mut recv, MAX_HELLO).await?;
        Ok::<_, String>((send, recv, hello))
    })
    .await;
    let (mut send, mut recv, hello) = match shown {
        Ok(Ok(shown)) => shown,
        Ok(Err(why)) => return refuse(&conn, &why),
        Err(_) => {
            // A joining machine that is merely slow calls again.
            conn.close(LATER.into(), b"no join code shown in time");
            return None;
        }
    };
    let Msg::Hello {
        protocol,
        token,
        resume,
    } = hello
    else {
        return refuse(&conn, "a joining machine says hello first");
    };
    if protocol != PROTOCOL {
        return refuse(
            &conn,
            &format!(
                "this host speaks protocol {PROTOCOL}, the joining machine {protocol}: use the same Drumfire"
            ),
        );
    }
    // The pace is kept before the token is looked at: a hello past it tells nothing. The
    // player of a game under way, naming its commitment (which no stranger has), is not
    // held to the pace of all addresses together, only to its own address's.
    let coming_back = matches!(door.expected(), Expect::Back { commitment, .. }
        if resume.as_deref() == Some(hex(&commitment).as_str()));
    if !door.may_check(from, coming_back) {
        conn.close(LATER.into(), b"the host is busy: try again in a moment");
        return None;
    }
    let right = u64::from_str_radix(&token, 16)
        .ok()
        .is_some_and(|t| code.token_matches(t));
    if !right {
        return refuse(&conn, "wrong join code");
    }
    match (door.expected(), &resume) {
        (Expect::Anyone, None) => {
            if !door.take() {
                return refuse(&conn, "another player has joined this game");
            }
        }
        (Expect::Taken, None) => return refuse(&conn, "another player has joined this game"),
        (Expect::Anyone | Expect::Taken, Some(_)) => {
            return refuse(&conn, "no game you left is under way here");
        }
        (Expect::Back { .. }, None) => {
            return refuse(
                &conn,
                "a game is under way here: come back to it with your save (--resume)",
            );
        }
        (Expect::Back { commitment, key }, Some(c)) => {
            if *c != hex(&commitment) {
                return refuse(&conn, "this is not the game you left");
            }
            let proved =
                proof_of_return(&mut send, &mut recv, deadline, &key, &commitment, &code).await;
            if let Err(why) = proved {
                return refuse(&conn, &why);
            }
        }
    }
    admitted(&conn);
    Some(Guest {
        link: Link::start(net, conn, send, recv),
        resume,
    })
}
