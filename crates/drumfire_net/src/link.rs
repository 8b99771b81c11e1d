//! The connection: QUIC (quinn) with TLS 1.3 (rustls, ring), one stream each way in
//! one bidirectional QUIC stream, messages framed by [`crate::wire`]. The host makes
//! a fresh self-signed certificate each time it starts; the joining machine accepts
//! only the certificate whose fingerprint the join code carries, and shows the host
//! the code's token in its first message, which the host checks before anything else.
//!
//! The network runs on a small tokio runtime of its own; the game talks to it through
//! channels ([`Link::send`], [`Link::recv_timeout`]), so the window's frame and the
//! headless loop never wait on the network.

use crate::code::{JoinCode, fingerprint};
use crate::wire::{MAX_FRAME, Msg, PROTOCOL};
use std::net::{SocketAddr, ToSocketAddrs};
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
/// A joining machine that shows a wrong token waits this long for its answer, so that
/// guessing the token takes a second a try.
const WRONG_TOKEN_DELAY: Duration = Duration::from_secs(1);

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

fn transport() -> Arc<quinn::TransportConfig> {
    let mut t = quinn::TransportConfig::default();
    t.keep_alive_interval(Some(KEEP_ALIVE));
    t.max_idle_timeout(Some(
        quinn::IdleTimeout::try_from(IDLE_TIMEOUT).expect("a short timeout"),
    ));
    Arc::new(t)
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

    /// The other machine's address.
    pub fn peer(&self) -> SocketAddr {
        self.conn.remote_address()
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
                match read_frame(&mut recv).await {
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

async fn read_frame(recv: &mut quinn::RecvStream) -> Result<Msg, String> {
    let mut len = [0u8; 4];
    recv.read_exact(&mut len)
        .await
        .map_err(|e| format!("the connection was lost: {e}"))?;
    let len = u32::from_be_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(format!("a message of {len} bytes: too long"));
    }
    let mut buf = vec![0u8; len];
    recv.read_exact(&mut buf)
        .await
        .map_err(|e| format!("the connection was lost: {e}"))?;
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
    endpoint: quinn::Endpoint,
    net: Arc<Net>,
    wake: Arc<std::sync::Mutex<Option<Wake>>>,
}

impl Host {
    /// Listens on `bind` with a fresh certificate and token.
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
        config.transport_config(transport());
        let endpoint = {
            let _enter = net.rt.enter();
            quinn::Endpoint::server(config, bind)
                .map_err(|e| format!("could not listen on {bind}: {e}"))?
        };
        let addr = endpoint.local_addr().map_err(|e| e.to_string())?;
        let mut token = [0u8; 8];
        getrandom::fill(&mut token).map_err(|e| format!("no random token: {e}"))?;
        let code = JoinCode::new(fingerprint(&cert), u64::from_le_bytes(token));
        let (guests_tx, guests) = mpsc::channel();
        let accepting = endpoint.clone();
        let accept_net = net.clone();
        let wake: Arc<std::sync::Mutex<Option<Wake>>> = Arc::default();
        let waker = wake.clone();
        net.rt.spawn(async move {
            while let Some(incoming) = accepting.accept().await {
                let tx = guests_tx.clone();
                let net = accept_net.clone();
                let waker = waker.clone();
                tokio::spawn(async move {
                    if let Some(guest) = let_in(&net, incoming, code).await {
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
        Ok(Self {
            code,
            addr,
            guests,
            endpoint,
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
        self.endpoint.close(0u32.into(), b"the host has closed");
        let endpoint = self.endpoint;
        self.net.rt.block_on(async move {
            let _ = tokio::time::timeout(Duration::from_secs(2), endpoint.wait_idle()).await;
        });
    }
}

/// Reads a joining machine's hello and lets it in when its token is the code's.
async fn let_in(net: &Arc<Net>, incoming: quinn::Incoming, code: JoinCode) -> Option<Guest> {
    let conn = incoming.await.ok()?;
    let (mut send, mut recv) = conn.accept_bi().await.ok()?;
    let hello = tokio::time::timeout(Duration::from_secs(10), read_frame(&mut recv))
        .await
        .ok()?
        .ok()?;
    let refuse = |reason: &str| Msg::Refused {
        reason: reason.to_owned(),
    };
    let answer = match hello {
        Msg::Hello {
            protocol,
            token,
            resume,
        } => {
            let token_ok = u64::from_str_radix(&token, 16)
                .ok()
                .is_some_and(|t| code.token_matches(t));
            if protocol != PROTOCOL {
                Err(refuse(&format!(
                    "this host speaks protocol {PROTOCOL}, the joining machine {protocol}: use the same Drumfire"
                )))
            } else if !token_ok {
                tokio::time::sleep(WRONG_TOKEN_DELAY).await;
                Err(refuse("wrong join code"))
            } else {
                Ok(resume)
            }
        }
        _ => Err(refuse("a joining machine says hello first")),
    };
    match answer {
        Ok(resume) => Some(Guest {
            link: Link::start(net, conn, send, recv),
            resume,
        }),
        Err(refusal) => {
            let _ = send.write_all(&refusal.frame()).await;
            let _ = send.finish();
            let _ = tokio::time::timeout(Duration::from_secs(2), conn.closed()).await;
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
    config.transport_config(transport());
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
