//! SHA-256 under a label: the one way the dice chains, the seals, the order keys and
//! the locked deck hash what they hash, so that no two uses can give the same digest.

use sha2::{Digest, Sha256};

/// 32 bytes of SHA-256.
pub type Digest32 = [u8; 32];

/// SHA-256 of a label and some parts, each part's length first.
pub(crate) fn labelled(label: &str, parts: &[&[u8]]) -> Digest32 {
    let mut h = Sha256::new();
    h.update((label.len() as u64).to_le_bytes());
    h.update(label.as_bytes());
    for p in parts {
        h.update((p.len() as u64).to_le_bytes());
        h.update(p);
    }
    h.finalize().into()
}
