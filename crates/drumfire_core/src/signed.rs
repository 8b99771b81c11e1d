//! Who gave each order: in a game between two machines every order is signed by the
//! machine of the side that gives it, so that neither machine can pass off an order of
//! the other side as given — not in a game resumed from its own save, not in a turn
//! file, not in a save handed to `drumfire replay`.
//!
//! Each player's **order key** is an Ed25519 key pair (ed25519-dalek) made from its dice secret
//! ([`crate::shared_dice::Chain::secret`]) under a label of its own, so the seat that
//! keeps the secret keeps the key, and the key tells nothing of the chain. The public
//! halves are exchanged with the commitments and kept in the game's record
//! ([`crate::shared_dice::SharedDice::keys`]). An order's signature covers both
//! commitments (the game), its number and its text as a save writes it: it cannot be
//! moved to another game or another place in this one, nor changed.
//!
//! The order's side ([`crate::orders::Order::side`]) is who gave it: the order door
//! takes an order only from the side the game waits on, so a side's orders are exactly
//! what its machine may give. A save of such a game shows each order's signature beside
//! it, and loading it checks each against its side's key.
//!
//! Signatures are checked with `verify_strict`, and a public key is taken only when it
//! is no weak key (of small order, [`check_public`]), as the signing crate's docs
//! advise: a player who gave the identity as its key would have a "signature" that
//! verifies for every order, and could deny any order of its own.

use crate::digest::{Digest32, labelled};
use crate::orders::Order;
use ed25519_dalek::{Signer, SigningKey, VerifyingKey};

/// An Ed25519 signature: 64 bytes.
pub type Signature = [u8; 64];

/// A player's order key: signs the orders its side gives.
pub struct OrderKey(SigningKey);

impl std::fmt::Debug for OrderKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the private half.
        let public: String = self.public().iter().map(|b| format!("{b:02x}")).collect();
        write!(f, "OrderKey({public})")
    }
}

impl OrderKey {
    /// The order key of the player whose dice secret is `secret`.
    pub fn of(secret: &Digest32) -> Self {
        let seed = labelled("drumfire order key", &[secret]);
        Self(SigningKey::from_bytes(&seed))
    }

    /// The public half, which the other player keeps.
    pub fn public(&self) -> Digest32 {
        self.0.verifying_key().to_bytes()
    }

    /// Signs `order` as order number `index` (from 1) of the game of `commitments`.
    pub fn sign(&self, commitments: &[Digest32; 2], index: usize, order: &Order) -> Signature {
        self.0.sign(&message(commitments, index, order)).to_bytes()
    }
}

impl OrderKey {
    /// Proves, to a host that asks with `nonce`, that this machine is the player of
    /// `commitment` coming back to the game (the host's certificate named by `host`,
    /// its fingerprint in the join code): a signature no order can be mistaken for.
    pub fn prove(&self, nonce: &Digest32, commitment: &Digest32, host: u64) -> Signature {
        self.0
            .sign(&proof_message(nonce, commitment, host))
            .to_bytes()
    }
}

/// What a player coming back signs: the host's fresh challenge, its own commitment and
/// the host it came back to.
fn proof_message(nonce: &Digest32, commitment: &Digest32, host: u64) -> Digest32 {
    labelled(
        "drumfire coming back",
        &[nonce, commitment, &host.to_le_bytes()],
    )
}

/// Is `signature` the proof ([`OrderKey::prove`]) by the player whose order key is
/// `public` that it comes back as `commitment`, to `host`'s challenge `nonce`?
pub fn verify_proof(
    public: &Digest32,
    nonce: &Digest32,
    commitment: &Digest32,
    host: u64,
    signature: &Signature,
) -> bool {
    verify_bytes(public, &proof_message(nonce, commitment, host), signature)
}

/// What is signed: the game, the order's number and its text.
fn message(commitments: &[Digest32; 2], index: usize, order: &Order) -> Digest32 {
    labelled(
        "drumfire signed order",
        &[
            &commitments[0],
            &commitments[1],
            &(index as u64).to_le_bytes(),
            order_text(order).as_bytes(),
        ],
    )
}

/// An order's text as a save and a message write it.
pub fn order_text(order: &Order) -> String {
    ron::to_string(order).expect("orders serialise")
}

/// Is `signature` the signature of the player whose public order key is `public` on
/// `order` as order `index` of the game of `commitments`?
pub fn verify(
    public: &Digest32,
    commitments: &[Digest32; 2],
    index: usize,
    order: &Order,
    signature: &Signature,
) -> bool {
    verify_bytes(public, &message(commitments, index, order), signature)
}

/// `verify_strict` by a key that is no weak key.
fn verify_bytes(public: &Digest32, message: &[u8], signature: &Signature) -> bool {
    let Ok(key) = VerifyingKey::from_bytes(public) else {
        return false;
    };
    !key.is_weak()
        && key
            .verify_strict(message, &ed25519_dalek::Signature::from_bytes(signature))
            .is_ok()
}

/// Is `public` an order key a player may be held to: a point of the curve, and not one
/// of small order (whose "signatures" verify for many messages, the identity's for
/// all)?
pub fn check_public(public: &Digest32) -> Result<(), String> {
    match VerifyingKey::from_bytes(public) {
        Err(_) => Err("not a point of Ed25519's curve".into()),
        Ok(key) if key.is_weak() => Err(
            "a weak key (a point of small order, for which one signature holds for every \
             order): no machine makes one"
                .into(),
        ),
        Ok(_) => Ok(()),
    }
}

/// Checks both sides' order keys: each one a player can be held to ([`check_public`]),
/// and two of them: one key for both sides would let either pass off the other's
/// orders as its own.
pub fn check_pair(keys: &[Digest32; 2]) -> Result<(), String> {
    for (side, key) in keys.iter().enumerate() {
        check_public(key).map_err(|e| format!("side {}'s order key: {e}", side + 1))?;
    }
    if keys[0] == keys[1] {
        return Err("both sides have the same order key: each machine makes its own".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: [Digest32; 2] = [[1; 32], [2; 32]];

    /// The attack: a player gives the curve's identity as its order key. With `R` the
    /// identity too and `S` zero, the "signature" satisfies the plain equation for
    /// every order (`S·B = R + h·A` is `0 = 0`), so the player could deny any order of
    /// its own. The key and every signature under it are refused, as are the other
    /// points of small order, and two sides with one key.
    #[test]
    fn a_weak_order_key_and_one_key_for_both_sides_are_refused() {
        let mut identity = [0u8; 32];
        identity[0] = 1;
        let mut forged = [0u8; 64];
        forged[..32].copy_from_slice(&identity);
        let pass = Order::Pass { side: 0 };
        for index in [1, 2, 99] {
            assert!(!verify(&identity, &GAME, index, &pass, &forged));
        }
        let e = check_public(&identity).unwrap_err();
        assert!(e.contains("weak key"), "{e}");
        // The point of order 2 (y = -1) and the one of order 4 (y = 0): small order too.
        let mut minus_one = [0xffu8; 32];
        minus_one[0] = 0xec;
        minus_one[31] = 0x7f;
        assert!(check_public(&minus_one).unwrap_err().contains("weak key"));
        assert!(check_public(&[0; 32]).unwrap_err().contains("weak key"));
        let good = OrderKey::of(&[9; 32]).public();
        assert_eq!(check_public(&good), Ok(()));
        let other = OrderKey::of(&[8; 32]).public();
        assert_eq!(check_pair(&[good, other]), Ok(()));
        let e = check_pair(&[good, good]).unwrap_err();
        assert!(e.contains("both sides have the same order key"), "{e}");
        let e = check_pair(&[good, identity]).unwrap_err();
        assert!(e.starts_with("side 2's order key: a weak key"), "{e}");
    }

    #[test]
    fn a_signature_holds_for_its_order_number_and_game_only() {
        let key = OrderKey::of(&[9; 32]);
        let other = OrderKey::of(&[8; 32]);
        let pass = Order::Pass { side: 0 };
        let sig = key.sign(&GAME, 3, &pass);
        assert!(verify(&key.public(), &GAME, 3, &pass, &sig));
        // Another key, number, game or order: refused.
        assert!(!verify(&other.public(), &GAME, 3, &pass, &sig));
        assert!(!verify(&key.public(), &GAME, 4, &pass, &sig));
        assert!(!verify(&key.public(), &[[2; 32], [1; 32]], 3, &pass, &sig));
        assert!(!verify(
            &key.public(),
            &GAME,
            3,
            &Order::Pass { side: 1 },
            &sig
        ));
        let mut bent = sig;
        bent[10] ^= 1;
        assert!(!verify(&key.public(), &GAME, 3, &pass, &bent));
        // The same secret makes the same key (a seat taken up again signs alike).
        assert_eq!(OrderKey::of(&[9; 32]).public(), key.public());
        assert_eq!(OrderKey::of(&[9; 32]).sign(&GAME, 3, &pass), sig);
    }
}
