//! The connection: QUIC (quinn) with TLS 1.3 (rustls, ring), one stream each way in
//! one bidirectional QUIC stream, messages framed by [`crate::wire`]. The host makes
//! a fresh self-signed certificate each time it starts; the joining machine accepts
//! only the certificate whose fingerprint the join code carries, and shows the host
//! the code's token in its first message, which the host checks before anything else.
//!
//! Anyone can reach the host's port, so a machine that does not hold the code must
//! cost the host almost nothing and must not keep out the player who holds it. Until
//! its token is right, a connection waits in a waiting room: at most 64 connections at
//! once and 4 from one address (an IPv6 address by its /64 network), and an address
//! must first prove it is real (a QUIC retry) before it takes a place. When the room
//! is full, a newcomer from an address holding fewer places than the address holding
//! most takes the oldest place of that one; so a player is kept out only by strangers
//! at 64 addresses at once. A waiting connection has 5 seconds for its handshake, its
//! stream and its hello, or it is closed; its hello may be 4 KiB long; it may open one
//! stream and have 16 KiB in flight to the host.
//!
//! A hello is answered at once, and its place given back: the right token let in (or,
//! for a player coming back, asked to prove who it is), any other refused in the
//! closing of its connection, which costs the host nothing more. Tokens are checked at
//! most once a second from one address and 32 times a second from all together
//! ([`CHECK_PACE`], [`CHECKS_IN_ALL`]); a hello beyond that is told to try again
//! without its token being looked at, and the joining machine tries again a second
//! later, for up to half a minute ([`join`]).
//!
//! A game under way takes back only the player who joined it: a machine coming back
//! names its commitment and signs the host's fresh challenge with its order key
//! ([`drumfire_core::signed::OrderKey::prove`]) before it is told anything of the game
//! ([`Host::expect_back`]). Until then, and for every connection refused, the game's
//! own loop is not involved.
//!
//! Listening on `[::]` takes both IPv6 and IPv4 (one socket for both where the system
//! allows it, else a second socket for IPv4), or IPv4 alone where the machine has no
//! IPv6.
//!
//! The network runs on a small tokio runtime of its own; the game talks to it through
//! channels ([`Link::send`], [`Link::recv_timeout`]), so the window's frame and the
//! headless loop never wait on the network.

use crate::code::{JoinCode, fingerprint};
use crate::wire::{MAX_FRAME, Msg, PROTOCOL};
use drumfire_core::shared_dice::{Digest32, hex, unhex, unhex_bytes};
use drumfire_core::signed::OrderKey;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, ToSocketAddrs};
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

mod door;
mod joining;

use door::{Door, Expect, let_in};
pub use joining::{JoinError, Returning, join, join_within};

#[cfg(test)]
use door::counted_as;
#[cfg(test)]
use joining::client_config;

/// The application protocol named in the TLS handshake.
const ALPN: &[u8] = b"drumfire/1";
/// The name the host's certificate is made out to.
const SERVER_NAME: &str = "drumfire";
/// A silent connection is pinged this often.
const KEEP_ALIVE: Duration = Duration::from_secs(1);
/// A connection silent this long (the other machine gone) is closed.
const IDLE_TIMEOUT: Duration = Duration::from_secs(6);
/// How long a joining machine has, from taking its place in the waiting room, to
/// finish the handshake, open its stream and send its hello; then the host closes the
/// connection.
const ADMISSION_DEADLINE: Duration = Duration::from_secs(5);
/// Connections waiting for admission at once, from everywhere together.
const WAITING_IN_ALL: usize = 64;
/// Connections waiting for admission at once from one address ([`counted_as`]).
const WAITING_PER_ADDRESS: usize = 4;
/// The longest hello the host reads (a hello is about a hundred bytes).
const MAX_HELLO: usize = 4 << 10;
/// Bytes a connection not yet let in may have in flight to the host, all its streams
/// together (its one stream's own window is [`GAME_WINDOW`], but the connection's
/// window caps it until the token is right).
const STRANGER_WINDOW: u32 = 16 << 10;
/// Bytes of its own writes the host keeps for a connection not yet let in (a
/// challenge is a few dozen).
const STRANGER_SEND_WINDOW: u64 = 16 << 10;
/// The window of the game's stream, and of its connection once let in: a long game's
/// save (about 1 MB) goes in about one round trip.
const GAME_WINDOW: u32 = 2 << 20;
/// Bytes of its own writes the host keeps for the game's connection.
const GAME_SEND_WINDOW: u64 = 8 << 20;
/// A token is checked at most once this often from one address ([`counted_as`]).
const CHECK_PACE: Duration = Duration::from_secs(1);
/// Tokens checked in a second from all addresses together, at most.
///
/// With the join code's 40-bit token (2^40 ≈ 1.1 × 10^12 tokens) that is at most
/// 2,764,800 guesses a day, whoever guesses from however many addresses: trying every
/// token takes 2^40 / 32 seconds ≈ 1,090 years, finding it takes half that on average,
/// and a whole day of guessing finds it with a chance of 2,764,800 / 2^40 ≈ 1 in
/// 398,000. The token is fresh each time a host starts listening. A player is slowed
/// by guessers only when more than 32 addresses guess at once, and then tries again.
const CHECKS_IN_ALL: u32 = 32;
/// How long a joining machine goes on trying when the host is busy or its waiting
/// room full.
pub const PATIENCE: Duration = Duration::from_secs(30);
/// The application close codes a host closes a connection it does not let in with:
/// refused (the reason says why), or asked to try again in a moment.
const REFUSED: u32 = 1;
const LATER: u32 = 2;
/// Connection attempts held before the host has looked at them (each is looked at at
/// once: refused, sent a retry, or given a place).
const MAX_INCOMING: usize = 256;
/// Bytes held for one such attempt.
const INCOMING_BUFFER: u64 = 64 << 10;
/// Bytes held for all of them together.
const INCOMING_BUFFER_TOTAL: u64 = 1 << 20;

/// What comes in on a link.
#[derive(Debug)]
pub enum LinkEvent {
    /// A message.
    Msg(Msg),
    /// The connection is gone, and why.
    Closed(String),
}

/// The network's runtime: one for the process.
pub struct Net {
    rt: tokio::runtime::Runtime,
}

impl Net {
    /// Starts the network's runtime (one thread).
    pub fn new() -> std::io::Result<Arc<Self>> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("drumfire-net")
            .enable_all()
            .build()?;
        Ok(Arc::new(Self { rt }))
    }
}

/// The transport both ends share: one stream, no datagrams, a connection kept alive
/// while the other machine is there.
fn transport_base() -> quinn::TransportConfig {
    let mut t = quinn::TransportConfig::default();
    t.keep_alive_interval(Some(KEEP_ALIVE));
    t.max_idle_timeout(Some(
        quinn::IdleTimeout::try_from(IDLE_TIMEOUT).expect("a short timeout"),
    ));
    t.stream_receive_window(GAME_WINDOW.into());
    t.max_concurrent_uni_streams(0u32.into());
    t.datagram_receive_buffer_size(None);
    t
}

/// The host's transport: a connection starts small ([`STRANGER_WINDOW`], one stream the
/// joining machine opens) and is opened up to [`GAME_WINDOW`] once its token is right
/// ([`admitted`]).
fn host_transport() -> Arc<quinn::TransportConfig> {
    let mut t = transport_base();
    t.receive_window(STRANGER_WINDOW.into());
    t.send_window(STRANGER_SEND_WINDOW);
    t.max_concurrent_bidi_streams(1u32.into());
    Arc::new(t)
}

/// The joining machine's transport: it talks only to the host the code names, which
/// opens no stream of its own.
fn join_transport() -> Arc<quinn::TransportConfig> {
    let mut t = transport_base();
    t.receive_window(GAME_WINDOW.into());
    t.send_window(GAME_SEND_WINDOW);
    t.max_concurrent_bidi_streams(0u32.into());
    Arc::new(t)
}

/// Opens a connection whose token was right to the game's windows.
fn admitted(conn: &quinn::Connection) {
    conn.set_receive_window(GAME_WINDOW.into());
    conn.set_send_window(GAME_SEND_WINDOW);
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Called from the network's thread when something comes in (a window wakes up).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// One connection to the other machine.
pub struct Link {
    out: tokio::sync::mpsc::UnboundedSender<Msg>,
    events: mpsc::Receiver<LinkEvent>,
    conn: quinn::Connection,
    net: Arc<Net>,
    wake: Arc<std::sync::Mutex<Option<Wake>>>,
}

impl Link {
    /// Sends a message (in order; `false` when the connection is gone).
    pub fn send(&self, msg: Msg) -> bool {
        self.out.send(msg).is_ok()
    }

    /// The next thing to come in, waiting at most `wait`.
    pub fn recv_timeout(&self, wait: Duration) -> Option<LinkEvent> {
        match self.events.recv_timeout(wait) {
            Ok(e) => Some(e),
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                Some(LinkEvent::Closed("the connection is closed".into()))
            }
        }
    }

    /// Calls `wake` whenever something comes in from now on (and once now, for what
    /// may have come already).
    pub fn set_waker(&self, wake: Wake) {
        wake();
        *self
            .wake
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(wake);
    }

    /// Everything that has come in, without waiting.
    pub fn drain(&self) -> Vec<LinkEvent> {
        let mut out = Vec::new();
        loop {
            match self.events.try_recv() {
                Ok(e) => out.push(e),
                Err(mpsc::TryRecvError::Empty) => return out,
                Err(mpsc::TryRecvError::Disconnected) => {
                    out.push(LinkEvent::Closed("the connection is closed".into()));
                    return out;
                }
            }
        }
    }

    /// The other machine's address (an IPv4 address as such, also when it came in on
    /// a socket that takes both IPv6 and IPv4).
    pub fn peer(&self) -> SocketAddr {
        let addr = self.conn.remote_address();
        SocketAddr::new(addr.ip().to_canonical(), addr.port())
    }

    /// Closes the connection once what was sent has gone out (at most two seconds).
    pub fn close(self, why: &str) {
        let (net, closing) = self.closing(why);
        net.rt.block_on(closing);
    }

    /// [`Link::close`] without waiting for it here: the game's loop goes on at once.
    pub fn close_later(self, why: &str) {
        let (net, closing) = self.closing(why);
        net.rt.spawn(closing);
    }

    /// The closing of the link, to run on the network's runtime: the writer finishes
    /// its stream when its channel closes; it is given a moment to be acknowledged
    /// before the connection goes.
    fn closing(self, why: &str) -> (Arc<Net>, impl std::future::Future<Output = ()> + use<>) {
        let Self { out, conn, net, .. } = self;
        drop(out);
        let why = why.as_bytes().to_vec();
        let closing = async move {
            let _ = tokio::time::timeout(Duration::from_secs(2), conn.closed()).await;
            conn.close(0u32.into(), &why);
        };
        (net, closing)
    }

    /// A link over a connection's stream: a reader and a writer task.
    fn start(
        net: &Arc<Net>,
        conn: quinn::Connection,
        mut send: quinn::SendStream,
        mut recv: quinn::RecvStream,
    ) -> Self {
        let (out, mut outgoing) = tokio::sync::mpsc::unbounded_channel::<Msg>();
        let (events_tx, events) = mpsc::channel();
        let wake: Arc<std::sync::Mutex<Option<Wake>>> = Arc::default();
        let waker = wake.clone();
        let woken = move || {
            if let Some(w) = waker
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .as_ref()
            {
                w();
            }
        };
        net.rt.spawn(async move {
            while let Some(msg) = outgoing.recv().await {
                if send.write_all(&msg.frame()).await.is_err() {
                    return;
                }
            }
            let _ = send.finish();
            let _ = send.stopped().await;
        });
        net.rt.spawn(async move {
            loop {
                match read_frame(&mut recv, MAX_FRAME).await {
                    Ok(msg) => {
                        if events_tx.send(LinkEvent::Msg(msg)).is_err() {
                            return;
                        }
                        woken();
                    }
                    Err(why) => {
                        let _ = events_tx.send(LinkEvent::Closed(why));
                        woken();
                        return;
                    }
                }
            }
        });
        Self {
            out,
            events,
            conn,
            net: net.clone(),
            wake,
        }
    }
}

/// Reads one message of at most `max` bytes. Its bytes are kept as they come, so a
/// length that promises much and brings little costs only what it brings.
async fn read_frame(recv: &mut quinn::RecvStream, max: usize) -> Result<Msg, String> {
    let mut len = [0u8; 4];
    recv.read_exact(&mut len)
        .await
        .map_err(|e| format!("the connection was lost: {e}"))?;
    let len = u32::from_be_bytes(len) as usize;
    if len > max {
        return Err(format!("a message of {len} bytes: too long"));
    }
    let mut buf = Vec::with_capacity(len.min(64 << 10));
    while buf.len() < len {
        match recv.read_chunk(len - buf.len(), true).await {
            Ok(Some(chunk)) => buf.extend_from_slice(&chunk.bytes),
            Ok(None) => return Err("the connection was lost: the stream ended in a message".into()),
            Err(e) => return Err(format!("the connection was lost: {e}")),
        }
    }
    Msg::parse(&buf)
}

/// A joining machine let in: its link and the commitment it came back with, if any.
pub struct Guest {
    /// The link to it.
    pub link: Link,
    /// Its commitment, hex, when it resumes a game.
    pub resume: Option<String>,
}

/// The host's end: listening, with the code to join it.
pub struct Host {
    code: JoinCode,
    addr: SocketAddr,
    guests: mpsc::Receiver<Guest>,
    endpoints: Vec<quinn::Endpoint>,
    door: Arc<Door>,
    net: Arc<Net>,
    wake: Arc<std::sync::Mutex<Option<Wake>>>,
}

impl Host {
    /// Listens on `bind` with a fresh certificate and token. On `[::]` it takes both
    /// IPv6 and IPv4, or IPv4 alone where the machine has no IPv6.
    pub fn listen(net: &Arc<Net>, bind: SocketAddr) -> Result<Self, String> {
        let certified = rcgen::generate_simple_self_signed(vec![SERVER_NAME.to_owned()])
            .map_err(|e| format!("could not make a certificate: {e}"))?;
        let cert = certified.cert.der().clone();
        let key =
            rustls::pki_types::PrivateKeyDer::Pkcs8(certified.signing_key.serialize_der().into());
        let mut tls = rustls::ServerConfig::builder_with_provider(provider())
            .with_protocol_versions(&[&rustls::version::TLS13])
            .map_err(|e| e.to_string())?
            .with_no_client_auth()
            .with_single_cert(vec![cert.clone()], key)
            .map_err(|e| format!("the certificate was refused: {e}"))?;
        tls.alpn_protocols = vec![ALPN.to_vec()];
        let quic =
            quinn::crypto::rustls::QuicServerConfig::try_from(tls).map_err(|e| e.to_string())?;
        let mut config = quinn::ServerConfig::with_crypto(Arc::new(quic));
        config
            .transport_config(host_transport())
            .max_incoming(MAX_INCOMING)
            .incoming_buffer_size(INCOMING_BUFFER)
            .incoming_buffer_size_total(INCOMING_BUFFER_TOTAL);
        let endpoints = bind_endpoints(net, config, bind)?;
        let addr = endpoints[0].local_addr().map_err(|e| e.to_string())?;
        let mut token = [0u8; 8];
        getrandom::fill(&mut token).map_err(|e| format!("no random token: {e}"))?;
        let code = JoinCode::new(fingerprint(&cert), u64::from_le_bytes(token));
        let (guests_tx, guests) = mpsc::channel();
        let door = Arc::new(Door::default());
        let wake: Arc<std::sync::Mutex<Option<Wake>>> = Arc::default();
        for endpoint in &endpoints {
            let accepting = endpoint.clone();
            let accept_net = net.clone();
            let door = door.clone();
            let guests_tx = guests_tx.clone();
            let waker = wake.clone();
            net.rt.spawn(async move {
                while let Some(incoming) = accepting.accept().await {
                    // An address that has not shown it is real (a spoofed one could fill
                    // the waiting room) is sent a retry first: that costs the host nothing.
                    if !incoming.remote_address_validated() && incoming.may_retry() {
                        if let Err(e) = incoming.retry() {
                            e.into_incoming().refuse();
                        }
                        continue;
                    }
                    let Some(place) = door.enter(incoming.remote_address().ip()) else {
                        incoming.refuse();
                        continue;
                    };
                    let tx = guests_tx.clone();
                    let net = accept_net.clone();
                    let waker = waker.clone();
                    let door = door.clone();
                    tokio::spawn(async move {
                        if let Some(guest) = let_in(&net, incoming, code, &door, place).await {
                            let _ = tx.send(guest);
                            if let Some(w) = waker
                                .lock()
                                .unwrap_or_else(std::sync::PoisonError::into_inner)
                                .as_ref()
                            {
                                w();
                            }
                        }
                    });
                }
            });
        }
        Ok(Self {
            code,
            addr,
            guests,
            endpoints,
            door,
            net: net.clone(),
            wake,
        })
    }

    /// The code to give the other player.
    pub fn code(&self) -> JoinCode {
        self.code
    }

    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Calls `wake` whenever a joining machine is let in.
    pub fn set_waker(&self, wake: Wake) {
        *self
            .wake
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(wake);
    }

    /// From now on only the player of `commitment` is let in, once it has proved with
    /// the order key `key` that it is that player ([`drumfire_core::signed::verify_proof`]):
    /// the game is under way.
    pub fn expect_back(&self, commitment: Digest32, key: Digest32) {
        self.door.set_expect(Expect::Back { commitment, key });
    }

    /// A new game whose joining machine left before the game was set up takes the
    /// next machine with the code again (a game under way is not reopened).
    pub fn reopen(&self) {
        let mut room = self.door.room();
        if room.expect == Expect::Taken {
            room.expect = Expect::Anyone;
        }
    }

    /// The next joining machine let in (right protocol and token, and for a game under
    /// way its proof), waiting at most `wait`.
    pub fn next_guest(&self, wait: Duration) -> Option<Guest> {
        self.guests.recv_timeout(wait).ok()
    }

    /// Stops listening.
    pub fn close(self) {
        for endpoint in &self.endpoints {
            endpoint.close(0u32.into(), b"the host has closed");
        }
        let endpoints = self.endpoints;
        self.net.rt.block_on(async move {
            let _ = tokio::time::timeout(Duration::from_secs(2), async {
                for endpoint in &endpoints {
                    endpoint.wait_idle().await;
                }
            })
            .await;
        });
    }
}

/// The host's sockets for `bind`. On `[::]`: one socket made to take IPv4 as well (quinn's
/// client endpoint turns IPV6_V6ONLY off), and where the system kept it to IPv6 (the
/// IPv4 port is still free), a second socket on `0.0.0.0` and the same port; where the
/// machine has no IPv6, `0.0.0.0` alone. Any other address: that address alone.
fn bind_endpoints(
    net: &Arc<Net>,
    config: quinn::ServerConfig,
    bind: SocketAddr,
) -> Result<Vec<quinn::Endpoint>, String> {
    let _enter = net.rt.enter();
    let server = |config: quinn::ServerConfig, at: SocketAddr| {
        quinn::Endpoint::server(config, at).map_err(|e| format!("could not listen on {at}: {e}"))
    };
    if bind.ip() != IpAddr::V6(Ipv6Addr::UNSPECIFIED) {
        return Ok(vec![server(config, bind)?]);
    }
    let both = match quinn::Endpoint::client(bind) {
        Ok(both) => both,
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
            return Err(format!("could not listen on {bind}: {e}"));
        }
        // No IPv6 here: IPv4 alone.
        Err(_) => {
            return Ok(vec![server(
                config,
                (Ipv4Addr::UNSPECIFIED, bind.port()).into(),
            )?]);
        }
    };
    both.set_server_config(Some(config.clone()));
    let port = both.local_addr().map_err(|e| e.to_string())?.port();
    let mut endpoints = vec![both];
    if let Ok(v4) = std::net::UdpSocket::bind((Ipv4Addr::UNSPECIFIED, port)) {
        endpoints.push(
            quinn::Endpoint::new(
                quinn::EndpointConfig::default(),
                Some(config),
                v4,
                Arc::new(quinn::TokioRuntime),
            )
            .map_err(|e| format!("could not listen on 0.0.0.0:{port}: {e}"))?,
        );
    }
    Ok(endpoints)
}

#[cfg(test)]
mod tests;
