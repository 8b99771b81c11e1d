//! The joining machine's side: the host's certificate pinned by the code, one call to
//! the host with its hello (and, coming back, its proof), and calling again while the
//! host is busy.

use super::*;

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
pub(super) fn client_config(code: JoinCode) -> Result<quinn::ClientConfig, String> {
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

/// The host's next message on `recv`, waiting at most 15 seconds.
async fn answer(recv: &mut quinn::RecvStream, addr: SocketAddr) -> Result<Msg, String> {
    tokio::time::timeout(Duration::from_secs(15), read_frame(recv, MAX_FRAME))
        .await
        .unwrap_or_else(|_| Err(format!("{addr} did not answer in 15 seconds")))
}

/// A player coming back to a game it left: its commitment, which names the game, and
/// its order key, to prove it is that player.
pub struct Returning {
    /// The player's commitment.
    pub commitment: Digest32,
    /// The player's order key.
    pub key: OrderKey,
}

/// What one call to the host came to.
enum Called {
    /// Let in: the link, and its first message (the host's welcome or refusal).
    In(Link, Msg),
    /// Not looked at now: try again in a moment (the reason).
    Later(String),
}

/// Why a call to the host came to nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JoinError {
    /// The host refused this machine, and why (calling again will not change it).
    Refused(String),
    /// The host could not be reached, or was busy for as long as this machine waited.
    Failed(String),
}

impl std::fmt::Display for JoinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Refused(why) | Self::Failed(why) => f.write_str(why),
        }
    }
}

impl From<JoinError> for String {
    fn from(e: JoinError) -> Self {
        e.to_string()
    }
}

/// Joins the host at `address` ("host:port") with a code, as `returning` when coming
/// back to a game: the link and its first message, the host's welcome or refusal.
/// While the host is busy or its waiting room full, tries again each second for up to
/// [`PATIENCE`].
pub fn join(
    net: &Arc<Net>,
    address: &str,
    code: JoinCode,
    returning: Option<&Returning>,
) -> Result<(Link, Msg), JoinError> {
    join_within(net, address, code, returning, PATIENCE)
}

/// [`join`], trying again for up to `patience`.
pub fn join_within(
    net: &Arc<Net>,
    address: &str,
    code: JoinCode,
    returning: Option<&Returning>,
    patience: Duration,
) -> Result<(Link, Msg), JoinError> {
    let addr = address
        .to_socket_addrs()
        .map_err(|e| JoinError::Failed(format!("`{address}`: {e}")))?
        .next()
        .ok_or_else(|| JoinError::Failed(format!("`{address}` names no address")))?;
    let config = client_config(code).map_err(JoinError::Failed)?;
    let start = std::time::Instant::now();
    loop {
        let tried = std::time::Instant::now();
        match call(net, addr, config.clone(), code, returning)? {
            Called::In(link, first) => return Ok((link, first)),
            Called::Later(why) => {
                if start.elapsed() + CHECK_PACE > patience {
                    return Err(JoinError::Failed(format!(
                        "{addr}: {}, and was still so after {} seconds",
                        crate::wire::shown(&why),
                        patience.as_secs()
                    )));
                }
                std::thread::sleep(CHECK_PACE.saturating_sub(tried.elapsed()));
            }
        }
    }
}

/// One call to the host at `addr`.
fn call(
    net: &Arc<Net>,
    addr: SocketAddr,
    config: quinn::ClientConfig,
    code: JoinCode,
    returning: Option<&Returning>,
) -> Result<Called, JoinError> {
    let local: SocketAddr = if addr.is_ipv4() {
        "0.0.0.0:0".parse().expect("an address")
    } else {
        "[::]:0".parse().expect("an address")
    };
    let net2 = net.clone();
    let failed = JoinError::Failed;
    net.rt.block_on(async move {
        let mut endpoint =
            quinn::Endpoint::client(local).map_err(|e| failed(format!("no socket: {e}")))?;
        endpoint.set_default_client_config(config);
        let connected = tokio::time::timeout(
            Duration::from_secs(10),
            endpoint
                .connect(addr, SERVER_NAME)
                .map_err(|e| failed(format!("could not reach {addr}: {e}")))?,
        )
        .await
        .map_err(|_| failed(format!("{addr} did not answer in 10 seconds")))?;
        let conn = match connected {
            Ok(conn) => conn,
            // Turned away at the door: its waiting room is full.
            Err(quinn::ConnectionError::ConnectionClosed(c))
                if c.error_code == quinn::TransportErrorCode::CONNECTION_REFUSED =>
            {
                return Ok(Called::Later("the host's waiting room is full".into()));
            }
            // Dropped in its handshake (its place taken back): call again.
            Err(quinn::ConnectionError::ApplicationClosed(c)) if c.error_code != REFUSED.into() => {
                return Ok(Called::Later("the host's waiting room is full".into()));
            }
            Err(e) => return Err(failed(format!("could not join {addr}: {e}"))),
        };
        // A refusal comes in the connection's closing; anything else the host closed it
        // with (busy, a place taken back, too slow) is a call to come again.
        let lost = |conn: &quinn::Connection, e: String| match conn.close_reason() {
            Some(quinn::ConnectionError::ApplicationClosed(c)) => {
                let why = String::from_utf8_lossy(&c.reason).into_owned();
                if c.error_code == REFUSED.into() {
                    Err(JoinError::Refused(format!(
                        "{addr} refused: {}",
                        crate::wire::shown(&why)
                    )))
                } else {
                    Ok(Called::Later(why))
                }
            }
            _ => Err(failed(e)),
        };
        let (mut send, mut recv) = match conn.open_bi().await {
            Ok(streams) => streams,
            Err(e) => return lost(&conn, format!("the connection was lost: {e}")),
        };
        let hello = Msg::Hello {
            protocol: PROTOCOL,
            token: format!("{:010x}", code.token),
            resume: returning.map(|r| hex(&r.commitment)),
        };
        if let Err(e) = send.write_all(&hello.frame()).await {
            return lost(&conn, format!("the connection was lost: {e}"));
        }
        let mut first = match answer(&mut recv, addr).await {
            Ok(msg) => msg,
            Err(e) => return lost(&conn, e),
        };
        if let (Msg::Challenge { nonce }, Some(r)) = (&first, returning) {
            let nonce = unhex(nonce).map_err(|e| failed(format!("the host's challenge: {e}")))?;
            let proof = Msg::Proof {
                signature: hex(&r.key.prove(&nonce, &r.commitment, code.fingerprint)),
            };
            if let Err(e) = send.write_all(&proof.frame()).await {
                return lost(&conn, format!("the connection was lost: {e}"));
            }
            first = match answer(&mut recv, addr).await {
                Ok(msg) => msg,
                Err(e) => return lost(&conn, e),
            };
        }
        Ok(Called::In(Link::start(&net2, conn, send, recv), first))
    })
}
