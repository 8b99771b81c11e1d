//! The window playing one side of a game between two machines (`drumfire host FILE`,
//! `drumfire join HOST:PORT --code CODE`). The game is the network session's
//! (`drumfire_net::session`); the window's world mirrors it order by order, with the
//! same dice keys, so the board, log and combat dialog show each order as it comes.
//!
//! The player's orders go through the order door as always. The world holds the dice
//! keys of the orders carried out so far and an [`Outbox`]: an order the rules accept
//! finds no key for its dice yet and lands in the outbox instead of being carried
//! out; from there the session sends it, and it is carried out here when the other
//! machine's answer comes. The other player's orders come the same way. The window
//! wakes when something arrives from the network (no polling).

use bevy::prelude::*;
use drumfire_core::door;
use drumfire_core::orders::{self, OrderLog};
use drumfire_core::shared_dice::{DiceKeys, Outbox, SharedDice};
use drumfire_net::link::{Host, Link, LinkEvent, Net, Wake};
use drumfire_net::session::Session;
use drumfire_net::wire::Msg;
use std::path::PathBuf;
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// The phase bar's note while the player's order waits for the other machine.
const SENT: &str = "Sent to the other player; waiting for the answer.";

/// This machine's part in the game.
pub enum Role {
    /// It hosts: it keeps listening for its player's machine (to come back).
    Host(Host),
    /// It joined this address with this code.
    Join {
        /// "host:port".
        address: String,
        /// The code.
        code: drumfire_net::code::JoinCode,
    },
}

/// A network game in the window (a non-send resource: the session holds a game).
pub struct NetPlay {
    net: Arc<Net>,
    role: Role,
    session: Session,
    link: Option<Link>,
    save: PathBuf,
    /// A call to the host under way (the joining machine, after a lost connection).
    calling: Option<mpsc::Receiver<Result<(Link, Msg), drumfire_net::link::JoinError>>>,
    /// On the host: a joining machine has been let in (its loss reopens a new game's
    /// door).
    joined: bool,
    last_call: Option<Instant>,
    /// The window's world holds the session's set-up.
    set_up: bool,
    waker: Option<Wake>,
    stopped: Option<String>,
    said_goodbye: bool,
}

/// What the network panel shows (a plain resource, drawn by the UI).
#[derive(Resource, Default, Clone)]
pub struct NetView {
    /// The window's title: "Network game", "Game by e-mail".
    pub title: String,
    /// "Hosting", "Joined host:port".
    pub role: String,
    /// The address and code to give the other player, while the host waits.
    pub invite: Option<(String, String)>,
    /// The side played here.
    pub me: String,
    /// Is the game set up with both players' dice?
    pub set_up: bool,
    /// The connection and the game, in a line.
    pub status: String,
    /// Why the game stopped, if it did.
    pub stopped: Option<String>,
    /// Where the game is kept.
    pub save: String,
}

impl NetPlay {
    /// The side played here.
    pub fn me(&self) -> u8 {
        self.session.me()
    }

    /// A game hosted here.
    pub fn host(net: Arc<Net>, host: Host, session: Session, save: PathBuf) -> Self {
        Self::new(net, Role::Host(host), session, None, save)
    }

    /// A game joined from here, with its link to the host.
    pub fn joined(
        net: Arc<Net>,
        address: String,
        code: drumfire_net::code::JoinCode,
        session: Session,
        link: Link,
        save: PathBuf,
    ) -> Self {
        Self::new(net, Role::Join { address, code }, session, Some(link), save)
    }

    fn new(net: Arc<Net>, role: Role, session: Session, link: Option<Link>, save: PathBuf) -> Self {
        Self {
            net,
            role,
            session,
            link,
            save,
            calling: None,
            joined: false,
            last_call: None,
            set_up: false,
            waker: None,
            stopped: None,
            said_goodbye: false,
        }
    }
}

/// The network plugin: installed when the window plays a network game.
pub fn plugin(app: &mut App) {
    app.init_resource::<NetView>()
        .init_resource::<Outbox>()
        // After every Update system that may give an order (they land in the outbox).
        .add_systems(PostUpdate, step);
}

/// No order is carried out in the window before the session's set-up: the world holds
/// no dice keys yet, so every order goes to the outbox (and the session refuses it).
pub fn hold_until_set_up(world: &mut World) {
    world.insert_resource(DiceKeys {
        record: SharedDice::default(),
        keys: Vec::new(),
    });
}

fn step(world: &mut World) {
    let Some(mut np) = world.remove_non_send::<NetPlay>() else {
        return;
    };
    np.step(world);
    let view = np.view();
    world.insert_resource(view);
    world.insert_non_send(np);
}

impl NetPlay {
    fn step(&mut self, world: &mut World) {
        if self.waker.is_none() {
            let waker = crate::redraw::Waker::of(
                world.get_resource::<bevy::winit::EventLoopProxyWrapper>(),
            );
            let wake: Wake = Arc::new(move || waker.wake());
            if let Role::Host(host) = &self.role {
                host.set_waker(wake.clone());
            }
            if let Some(link) = &self.link {
                link.set_waker(wake.clone());
            }
            self.waker = Some(wake);
        }
        self.reconnect();
        self.receive(world);
        self.send_outbox(world);
        self.mirror(world);
        // The answer came and the order is carried out: the phase bar's note goes.
        if !self.session.is_waiting_for_answer() {
            let mut status = world.resource_mut::<crate::screen::UiStatus>();
            if status.0 == SENT {
                status.0.clear();
            }
        }
        if self.session.finished() && !self.said_goodbye {
            self.said_goodbye = true;
            self.autosave();
            if let Some(link) = &self.link {
                link.send(Msg::Bye {
                    reason: "the game is over".into(),
                });
            }
        }
    }

    /// The host lets its player (back) in; the joining machine calls again once a second.
    fn reconnect(&mut self) {
        if self.stopped.is_some() {
            return;
        }
        match &self.role {
            Role::Host(host) => {
                drumfire_net::play::mind_the_door(
                    host,
                    &self.session,
                    self.joined && self.link.is_none(),
                );
                if let Some(guest) = host.next_guest(Duration::ZERO)
                    && let Some(link) = drumfire_net::play::admit(&mut self.session, guest)
                {
                    if let Some(wake) = &self.waker {
                        link.set_waker(wake.clone());
                    }
                    self.link = Some(link);
                    self.joined = true;
                }
            }
            Role::Join { address, code } => {
                if self.link.is_some() {
                    return;
                }
                if let Some(rx) = &self.calling {
                    match rx.try_recv() {
                        Ok(Ok((link, first))) => {
                            self.calling = None;
                            // A welcome takes the link; a refusal stops; an answer out
                            // of turn: call again.
                            if !matches!(self.greeted(&link, first), Some(true)) {
                                return;
                            }
                            if let Some(wake) = &self.waker {
                                link.set_waker(wake.clone());
                            }
                            self.link = Some(link);
                        }
                        Ok(Err(drumfire_net::link::JoinError::Refused(why))) => {
                            self.calling = None;
                            self.stopped = Some(why);
                            return;
                        }
                        Ok(Err(_)) | Err(mpsc::TryRecvError::Disconnected) => self.calling = None,
                        Err(mpsc::TryRecvError::Empty) => {}
                    }
                    return;
                }
                if self
                    .last_call
                    .is_some_and(|t| t.elapsed() < Duration::from_secs(1))
                {
                    return;
                }
                self.last_call = Some(Instant::now());
                let (tx, rx) = mpsc::channel();
                let (net, address, code) = (self.net.clone(), address.clone(), *code);
                let returning = self.session.returning();
                let wake = self.waker.clone();
                std::thread::spawn(move || {
                    // One call: the window calls again a second later.
                    let _ = tx.send(drumfire_net::link::join_within(
                        &net,
                        &address,
                        code,
                        Some(&returning),
                        Duration::ZERO,
                    ));
                    if let Some(w) = wake {
                        w();
                    }
                });
                self.calling = Some(rx);
            }
        }
    }

    /// The host's first answer on a link: a welcome (this machine's game goes to it
    /// again: `Some(true)`), a refusal (the game stops here: `Some(false)`), or anything
    /// else (`None`).
    fn greeted(&mut self, link: &Link, first: Msg) -> Option<bool> {
        match first {
            Msg::Welcome { .. } => {
                for m in self.session.resync() {
                    link.send(m);
                }
                Some(true)
            }
            Msg::Refused { reason } => {
                self.stopped = Some(format!(
                    "The host refused: {}",
                    drumfire_net::wire::shown(&reason)
                ));
                Some(false)
            }
            _ => None,
        }
    }

    /// Everything that came in from the other machine.
    fn receive(&mut self, world: &mut World) {
        let Some(link) = &self.link else {
            return;
        };
        for event in link.drain() {
            let msg = match event {
                LinkEvent::Closed(_) => {
                    self.link = None;
                    self.autosave();
                    return;
                }
                LinkEvent::Msg(m) => m,
            };
            let link = self.link.as_ref().expect("kept above");
            match msg {
                msg @ (Msg::Welcome { .. } | Msg::Refused { .. }) => {
                    let link = self.link.take().expect("kept above");
                    if self.greeted(&link, msg) != Some(true) {
                        return;
                    }
                    self.link = Some(link);
                }
                Msg::Bye { reason } => {
                    if !self.session.finished() {
                        self.autosave();
                        self.stopped = Some(format!(
                            "The other player stopped: {}",
                            drumfire_net::wire::shown(&reason)
                        ));
                    }
                    self.link = None;
                    return;
                }
                // The game is kept before this machine's answer goes out.
                msg => match drumfire_net::play::answer(&mut self.session, link, msg, &self.save) {
                    Ok(_) => {}
                    Err(stop) => {
                        self.autosave();
                        self.stopped = Some(format!(
                            "Stopped: {stop}. This side's game is in {}.",
                            self.save.display()
                        ));
                        self.link = None;
                        world.resource_mut::<crate::screen::UiStatus>().0 =
                            self.stopped.clone().unwrap_or_default();
                        return;
                    }
                },
            }
        }
    }

    /// The player's order from the outbox, to the other machine; or, when the rules
    /// call for it, the opening of this player's sealed orders.
    fn send_outbox(&mut self, world: &mut World) {
        let Some(order) = world.resource_mut::<Outbox>().0.take().or_else(|| {
            (self.stopped.is_none() && self.link.is_some())
                .then(|| self.session.due_opening())
                .flatten()
        }) else {
            return;
        };
        // The phase bar shows what became of it.
        world.write_message(bevy::window::RequestRedraw);
        let status = if self.stopped.is_some() {
            "The game has stopped.".to_owned()
        } else {
            match drumfire_net::play::give(&mut self.session, order, &self.save) {
                Err(e) => format!("Could not keep the order in the seat: {e}"),
                Ok(Err(refusal)) => refusal.0,
                Ok(Ok(out)) => match &self.link {
                    Some(link) => {
                        for m in out {
                            link.send(m);
                        }
                        SENT.to_owned()
                    }
                    // Sent again when the connection comes back (with the sync).
                    None => "Kept until the connection comes back.".to_owned(),
                },
            }
        };
        world.resource_mut::<crate::screen::UiStatus>().0 = status;
    }

    /// The window's world catches up with the session: the set-up, then each order
    /// (one an update, so the board and the combat dialog follow them).
    fn mirror(&mut self, world: &mut World) {
        let Some(game) = self.session.game() else {
            // The window set the scenario up with a seed nobody shares: its rolls are
            // not the game's, so the log stays empty until both players' set-up.
            if !world
                .resource::<drumfire_core::journal::Journal>()
                .entries()
                .is_empty()
            {
                world.insert_resource(drumfire_core::journal::Journal::default());
            }
            return;
        };
        if !self.set_up {
            let record = game.world().resource::<DiceKeys>().record.clone();
            self.set_up = true;
            let source = super::session::GameSource {
                scenario: self.session.scenario().clone(),
                seed: game.world().resource::<drumfire_core::dice::Dice>().seed(),
                mode: drumfire_core::game::Mode::Rules,
                dice: Some(DiceKeys {
                    record,
                    keys: Vec::new(),
                }),
            };
            world.insert_resource(source.clone());
            super::session::restart(world, &source, Vec::new());
            world.write_message(bevy::window::RequestRedraw);
            return;
        }
        let here = world.resource::<OrderLog>().0.len();
        let there = game.orders();
        if here >= there.len() || !orders::is_settled(world) {
            return;
        }
        let order = there[here].clone();
        let keys = game.world().resource::<DiceKeys>().clone();
        // The player's own move, answered: the selection follows the piece, as it does
        // when a move is carried out at once.
        let moved_to = if order.side() == Some(self.session.me()) {
            super::offers::destination(world, &order)
        } else {
            None
        };
        world.insert_resource(keys);
        if let Err(r) = door::submit(world, order) {
            self.stopped = Some(format!(
                "The window could not follow order {}: {r}",
                here + 1
            ));
            return;
        }
        self.session.keep_in(world);
        if let Some(to) = moved_to {
            world.resource_mut::<crate::input::Selection>().hex = Some(to);
        }
        world.write_message(bevy::window::RequestRedraw);
    }

    fn autosave(&mut self) {
        // A failed autosave is said on the panel (the game goes on).
        if let Err(e) = drumfire_net::play::autosave(&mut self.session, &self.save) {
            self.stopped
                .get_or_insert_with(|| format!("Could not keep the game: {e}"));
        }
    }

    fn view(&self) -> NetView {
        let me = self.session.me();
        let side = |s: u8| self.session.side_name(s);
        let (role, invite) = match &self.role {
            Role::Host(host) => (
                "Hosting".to_owned(),
                self.session
                    .game()
                    .is_none()
                    .then(|| (host.addr().to_string(), host.code().to_string())),
            ),
            Role::Join { address, .. } => (format!("Joined {address}"), None),
        };
        let status = if self.session.finished() {
            format!(
                "Game over. Both machines agree on every order ({}).",
                self.session.orders()
            )
        } else if self.link.is_none() && self.session.game().is_some() {
            match &self.role {
                Role::Host(_) => "Connection lost: waiting for the other player to come back.",
                Role::Join { .. } => "Connection lost: calling the host again…",
            }
            .to_owned()
        } else if self.session.game().is_none() {
            if self.link.is_some() {
                "Setting up the dice with the other player…".to_owned()
            } else {
                format!("Waiting for the other player ({}) to join.", side(1 - me))
            }
        } else if self.session.is_waiting_for_answer() {
            "Your order is on its way; waiting for the answer.".to_owned()
        } else if self.session.my_turn() {
            "Your move.".to_owned()
        } else if self
            .session
            .game()
            .is_some_and(|g| drumfire_core::sealed::is_sealed(g.world(), me))
        {
            format!(
                "Your orders went sealed: {0} has only their seal until they are opened. {0} to move.",
                side(1 - me)
            )
        } else {
            format!("{} to move.", side(1 - me))
        };
        NetView {
            title: "Network game".into(),
            role,
            invite,
            me: side(me),
            set_up: self.set_up,
            status,
            stopped: self.stopped.clone(),
            save: self.save.display().to_string(),
        }
    }
}
