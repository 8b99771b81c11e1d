//! Drumfire between two machines. A host and a joining machine each play one side;
//! orders travel over QUIC (quinn, TLS 1.3 by rustls), the joining machine checking
//! the host's certificate against the join code and the host checking the code's
//! token. The dice come from both players' hash chains
//! ([`drumfire_core::shared_dice`]); after every order both machines compare their
//! state hash; a dropped connection is taken up again from each machine's autosave.

pub mod code;
pub mod link;
pub mod play;
pub mod post;
pub mod seat;
pub mod session;
pub mod wire;
