//! Who gave each order: in a game between two machines every order is signed by the
//! machine of the side that gives it, so that neither machine can pass off an order of
//! the other side as given — not in a game resumed from its own save, not in a turn
//! file, not in a save handed to `drumfire replay`.
//!
//! Each player's **order key** is an Ed25519 key pair (ring) made from its dice secret
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

use crate::digest::{Digest32, labelled};
use crate::orders::Order;
use ring::signature::{ED25519, Ed25519KeyPair, KeyPair, UnparsedPublicKey};

/// An Ed25519 signature: 64 bytes.
pub type Signature = [u8; 64];

/// A player's order key: signs the orders its side gives.
pub struct OrderKey(Ed25519KeyPair);

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
        Self(Ed25519KeyPair::from_seed_unchecked(&seed).expect("any 32 bytes are an Ed25519 seed"))
    }

    /// The public half, which the other player keeps.
    pub fn public(&self) -> Digest32 {
        self.0
            .public_key()
            .as_ref()
            .try_into()
            .expect("an Ed25519 public key is 32 bytes")
    }

    /// Signs `order` as order number `index` (from 1) of the game of `commitments`.
    pub fn sign(&self, commitments: &[Digest32; 2], index: usize, order: &Order) -> Signature {
        self.0
            .sign(&message(commitments, index, order))
            .as_ref()
            .try_into()
            .expect("an Ed25519 signature is 64 bytes")
    }
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
    UnparsedPublicKey::new(&ED25519, public)
        .verify(&message(commitments, index, order), signature)
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: [Digest32; 2] = [[1; 32], [2; 32]];

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
