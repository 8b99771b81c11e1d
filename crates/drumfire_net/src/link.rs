//! The connection: QUIC (quinn) with TLS 1.3 (rustls, ring), one stream each way in
//! one bidirectional QUIC stream, messages framed by [`crate::wire`]. The host makes
//! a fresh self-signed certificate each time it starts; the joining machine accepts
//! only the certificate whose fingerprint the join code carries, and shows the host
//! the code's token in its first message, which the host checks before anything else.
//!
//! Anyone can reach the host's port, so a machine that does not hold the code must
//! cost the host almost nothing. Until its token is right, a connection waits in a
//! small waiting room: at most 16 connections at once and 4 from one address (an IPv6
//! address by its /64 network), the rest refused before their handshake, and an
//! address must first prove it is real (a QUIC retry) before it takes a place. A
//! waiting connection has 5 seconds for its handshake, its stream and its hello, or it
//! is closed; its hello may be 4 KiB long; it may open one stream and have 16 KiB in
//! flight to the host. Wrong tokens are answered one at a time, a second apart,
//! whoever guesses and however many at once, each guess keeping its place in the
//! waiting room until it is answered. The right token is let in at once, and its
//! connection's window opens to 2 MiB for the game.
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
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, ToSocketAddrs};
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

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
/// Connections waiting for admission at once, from everywhere together; more are
/// refused before their handshake.
const WAITING_IN_ALL: usize = 16;
/// Connections waiting for admission at once from one address ([`counted_as`]).
const WAITING_PER_ADDRESS: usize = 4;
/// The longest hello the host reads (a hello is about a hundred bytes).
const MAX_HELLO: usize = 4 << 10;
/// Bytes a connection not yet let in may have in flight to the host, all its streams
/// together (its one stream's own window is [`GAME_WINDOW`], but the connection's
/// window caps it until the token is right).
const STRANGER_WINDOW: u32 = 16 << 10;
/// Bytes of its own writes the host keeps for a connection not yet let in (a refusal
/// is a few dozen).
const STRANGER_SEND_WINDOW: u64 = 16 << 10;
/// The window of the game's stream, and of its connection once let in: a long game's
/// save (about 1 MB) goes in about one round trip.
const GAME_WINDOW: u32 = 2 << 20;
/// Bytes of its own writes the host keeps for the game's connection.
const GAME_SEND_WINDOW: u64 = 8 << 20;
/// Wrong tokens are answered one at a time and this far apart, from all connections
/// together, each at least this long after it was shown; a connection with a wrong
/// token keeps its place in the waiting room until its answer, so however many
/// machines guess at once, no more than [`WAITING_IN_ALL`] guesses run ahead of the
/// answers.
///
/// With the join code's 40-bit token (2^40 ≈ 1.1 × 10^12 tokens) that is 86,400 guesses
/// a day: trying every token takes 2^40 seconds ≈ 34,800 years, finding it takes half
/// that on average (≈ 17,400 years), and a whole day of guessing finds it with a
/// chance of 86,400 / 2^40 ≈ 1 in 12.7 million. The token is fresh each time a host
/// starts listening.
const WRONG_TOKEN_PACE: Duration = Duration::from_secs(1);
/// How long a refusal is given to reach the joining machine before the host closes
/// the connection.
const REFUSAL_LINGER: Duration = Duration::from_secs(2);
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
        let Self { out, conn, net, .. } = self;
        drop(out);
        let why = why.as_bytes().to_vec();
        net.rt.block_on(async move {
            // The writer finishes its stream when its channel closes; give it a moment
            // to be acknowledged before the connection goes.
            let _ = tokio::time::timeout(Duration::from_secs(2), conn.closed()).await;
            conn.close(0u32.into(), &why);
        });
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
    #[cfg(test)]
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
            #[cfg(test)]
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

    /// The next joining machine let in (right protocol and token), waiting at most `wait`.
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

/// The address a connection counts against in the waiting room: an IPv4 address (also
/// when it comes mapped into IPv6, on a socket that takes both), or an IPv6 address's
/// /64 network, the least one machine is usually given.
fn counted_as(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

/// The waiting room: the connections not yet let in, counted in all and by address
/// ([`WAITING_IN_ALL`], [`WAITING_PER_ADDRESS`]), and the line wrong tokens wait in for
/// their answers ([`WRONG_TOKEN_PACE`]).
#[derive(Default)]
struct Door {
    waiting: std::sync::Mutex<Waiting>,
    /// When the last wrong token was answered.
    last_wrong: tokio::sync::Mutex<Option<tokio::time::Instant>>,
}

/// Connections waiting for admission.
#[derive(Default)]
struct Waiting {
    all: usize,
    by_address: HashMap<IpAddr, usize>,
}

impl Door {
    /// A place for a connection from `from`, if the room has one.
    fn enter(self: &Arc<Self>, from: IpAddr) -> Option<Place> {
        let from = counted_as(from);
        let mut waiting = self.waiting();
        let here = waiting.by_address.get(&from).copied().unwrap_or(0);
        if waiting.all >= WAITING_IN_ALL || here >= WAITING_PER_ADDRESS {
            return None;
        }
        waiting.all += 1;
        waiting.by_address.insert(from, here + 1);
        Some(Place {
            door: self.clone(),
            from,
        })
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, Waiting> {
        self.waiting
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How many connections wait for admission.
    #[cfg(test)]
    fn count(&self) -> usize {
        self.waiting().all
    }

    /// Waits for the turn to answer a wrong token shown at `shown`: one answer at a time,
    /// [`WRONG_TOKEN_PACE`] after the last one and after the token was shown. The line
    /// is first come, first answered.
    async fn wrong_token_turn(&self, shown: tokio::time::Instant) {
        let mut last = self.last_wrong.lock().await;
        let turn = last.map_or(shown, |last| last.max(shown)) + WRONG_TOKEN_PACE;
        tokio::time::sleep_until(turn).await;
        *last = Some(tokio::time::Instant::now());
    }
}

/// A place in the waiting room, given up when dropped.
struct Place {
    door: Arc<Door>,
    from: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut waiting = self.door.waiting();
        waiting.all -= 1;
        if let Some(n) = waiting.by_address.get_mut(&self.from) {
            *n -= 1;
            if *n == 0 {
                waiting.by_address.remove(&self.from);
            }
        }
    }
}

/// Reads a joining machine's hello and lets it in when its token is the code's; the
/// connection keeps its `place` in the waiting room until it is let in or its answer
/// is sent.
async fn let_in(
    net: &Arc<Net>,
    incoming: quinn::Incoming,
    code: JoinCode,
    door: &Door,
    place: Place,
) -> Option<Guest> {
    let deadline = tokio::time::Instant::now() + ADMISSION_DEADLINE;
    // A handshake not done by the deadline is dropped, which closes its connection.
    let conn = tokio::time::timeout_at(deadline, incoming.accept().ok()?)
        .await
        .ok()?
        .ok()?;
    let shown = tokio::time::timeout_at(deadline, async {
        let (send, mut recv) = conn
            .accept_bi()
            .await
            .map_err(|e| format!("the connection was lost: {e}"))?;
        let hello = read_frame(&mut recv, MAX_HELLO).await?;
        Ok::<_, String>((send, recv, hello))
    })
    .await;
    let (mut send, recv, hello) = match shown {
        Ok(Ok(shown)) => shown,
        Ok(Err(why)) => {
            conn.close(0u32.into(), why.as_bytes());
            return None;
        }
        Err(_) => {
            conn.close(0u32.into(), b"no join code shown in time");
            return None;
        }
    };
    let shown_at = tokio::time::Instant::now();
    let refuse = |reason: &str| Msg::Refused {
        reason: reason.to_owned(),
    };
    let answer = match hello {
        Msg::Hello {
            protocol,
            token,
            resume,
        } => {
            if protocol != PROTOCOL {
                Err(refuse(&format!(
                    "this host speaks protocol {PROTOCOL}, the joining machine {protocol}: use the same Drumfire"
                )))
            } else if !u64::from_str_radix(&token, 16)
                .ok()
                .is_some_and(|t| code.token_matches(t))
            {
                door.wrong_token_turn(shown_at).await;
                Err(refuse("wrong join code"))
            } else {
                Ok(resume)
            }
        }
        _ => Err(refuse("a joining machine says hello first")),
    };
    match answer {
        Ok(resume) => {
            admitted(&conn);
            drop(place);
            Some(Guest {
                link: Link::start(net, conn, send, recv),
                resume,
            })
        }
        Err(refusal) => {
            // The joining machine closes once it has read the refusal; one that does
            // not read it is not waited for long.
            let _ = tokio::time::timeout(REFUSAL_LINGER, async {
                let _ = send.write_all(&refusal.frame()).await;
                let _ = send.finish();
                conn.closed().await
            })
            .await;
            conn.close(0u32.into(), b"refused");
            drop(place);
            None
        }
    }
}

/// Accepts only the certificate the join code names (and checks the handshake's
/// signatures with it).
#[derive(Debug)]
struct Pinned {
    fingerprint: u64,
    provider: Arc<rustls::crypto::CryptoProvider>,
}

impl rustls::client::danger::ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &rustls::pki_types::CertificateDer<'_>,
        _intermediates: &[rustls::pki_types::CertificateDer<'_>],
        _server_name: &rustls::pki_types::ServerName<'_>,
        _ocsp: &[u8],
        _now: rustls::pki_types::UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        if fingerprint(end_entity.as_ref()) == self.fingerprint {
            Ok(rustls::client::danger::ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::General(
                "the host's certificate is not the one the join code names".into(),
            ))
        }
    }

    fn verify_tls12_signature(
        &self,
        _message: &[u8],
        _cert: &rustls::pki_types::CertificateDer<'_>,
        _dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        Err(rustls::Error::General("TLS 1.2 is not spoken here".into()))
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

/// The joining machine's QUIC configuration: the host's certificate pinned by the code.
fn client_config(code: JoinCode) -> Result<quinn::ClientConfig, String> {
    let provider = provider();
    let mut tls = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(|e| e.to_string())?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(Pinned {
            fingerprint: code.fingerprint,
            provider,
        }))
        .with_no_client_auth();
    tls.alpn_protocols = vec![ALPN.to_vec()];
    let quic = quinn::crypto::rustls::QuicClientConfig::try_from(tls).map_err(|e| e.to_string())?;
    let mut config = quinn::ClientConfig::new(Arc::new(quic));
    config.transport_config(join_transport());
    Ok(config)
}

/// Joins the host at `address` ("host:port") with a code; `resume` is this player's
/// commitment when coming back to a game. The link's first message is the host's
/// welcome or refusal.
pub fn join(
    net: &Arc<Net>,
    address: &str,
    code: JoinCode,
    resume: Option<String>,
) -> Result<Link, String> {
    let addr = address
        .to_socket_addrs()
        .map_err(|e| format!("`{address}`: {e}"))?
        .next()
        .ok_or_else(|| format!("`{address}` names no address"))?;
    let config = client_config(code)?;
    let local: SocketAddr = if addr.is_ipv4() {
        "0.0.0.0:0".parse().expect("an address")
    } else {
        "[::]:0".parse().expect("an address")
    };
    let net2 = net.clone();
    net.rt.block_on(async move {
        let mut endpoint = quinn::Endpoint::client(local).map_err(|e| format!("no socket: {e}"))?;
        endpoint.set_default_client_config(config);
        let conn = tokio::time::timeout(
            Duration::from_secs(10),
            endpoint
                .connect(addr, SERVER_NAME)
                .map_err(|e| format!("could not reach {addr}: {e}"))?,
        )
        .await
        .map_err(|_| format!("{addr} did not answer in 10 seconds"))?
        .map_err(|e| format!("could not join {addr}: {e}"))?;
        let (mut send, recv) = conn
            .open_bi()
            .await
            .map_err(|e| format!("the connection was lost: {e}"))?;
        let hello = Msg::Hello {
            protocol: PROTOCOL,
            token: format!("{:010x}", code.token),
            resume,
        };
        send.write_all(&hello.frame())
            .await
            .map_err(|e| format!("the connection was lost: {e}"))?;
        Ok(Link::start(&net2, conn, send, recv))
    })
}

#[cfg(test)]
mod tests;
