//! A deck two programs deal from while neither knows its order: the building block
//! for drawing the ACW's dominoes between two machines (one set a charge, each side
//! looking at one domino of its own, the rest blind until the fight).
//!
//! Each card is a number, and a player **locks** a card by raising it to a secret
//! power modulo a public prime; locks commute, so a card locked by both players can
//! be unlocked by them in either order (the commutative cipher of "mental poker",
//! Shamir, Rivest and Adleman). The dealing goes:
//!
//! 1. The first player locks every card and shuffles the deck with a secret order;
//!    the second locks every card again and shuffles again. Neither knows where any
//!    card lies.
//! 2. A card dealt to one player is unlocked by the **other** player (who learns
//!    nothing: the card is still under the first player's lock); its owner unlocks
//!    it on its own machine and alone sees its face.
//! 3. Cards dealt blind stay under both locks until both players show their locks,
//!    and everything dealt is read. Each player's locked deck is then checked
//!    against the deck it was given ([`check_locked`]): a player who locked or
//!    shuffled falsely is caught.
//!
//! The prime is the 2048-bit MODP prime of RFC 3526 (group 14), a safe prime
//! `p = 2q + 1`; the cards are squares modulo `p` ([`face`]), so every card lies in
//! the subgroup of order `q` and a lock hides whether a card is a square (which
//! would otherwise tell one card class from another). A lock's power is drawn from
//! the player's secret and is invertible modulo `q`.
//!
//! A card's face is a number nobody knows any relation of: SHA-256 of the card's
//! place, stretched to 2,304 bits, reduced modulo `p` and squared. Locks keep every
//! product (`lock(x)·lock(y) = lock(x·y)`), so faces with known products — small
//! numbers, as `(i + 2)²` once was — would be read from a locked deck by
//! multiplying its cards together ([`tests`] plays that very attack). Hashed faces
//! have no product, quotient or power among them that anyone can find.

use crate::shared_dice::labelled;
use num_bigint::BigUint;
use std::sync::OnceLock;

/// RFC 3526, group 14: the 2048-bit MODP prime, in hex.
const PRIME_HEX: &str = concat!(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD1",
    "29024E088A67CC74020BBEA63B139B22514A08798E3404DD",
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245",
    "E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED",
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D",
    "C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F",
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D",
    "670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B",
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9",
    "DE2BCBF6955817183995497CEA956AE515D2261898FA0510",
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF",
);

/// The public prime `p`, and `q = (p - 1) / 2`.
fn primes() -> &'static (BigUint, BigUint) {
    static PRIMES: OnceLock<(BigUint, BigUint)> = OnceLock::new();
    PRIMES.get_or_init(|| {
        let p = BigUint::parse_bytes(PRIME_HEX.as_bytes(), 16).expect("the prime reads");
        let q = (&p - 1u32) >> 1;
        (p, q)
    })
}

/// The public prime the cards are locked under.
pub fn modulus() -> &'static BigUint {
    &primes().0
}

/// How many faces are worked out once and kept (a deck of dominoes has 28).
const KEPT_FACES: usize = 64;

/// Card `i` of a deck, face up: a hash of `i` reduced modulo `p` and squared (a
/// square with no known relation to any other card; never 0 or 1).
pub fn face(i: usize) -> BigUint {
    static FACES: OnceLock<Vec<BigUint>> = OnceLock::new();
    if i < KEPT_FACES {
        return FACES.get_or_init(|| (0..KEPT_FACES).map(hashed_face).collect())[i].clone();
    }
    hashed_face(i)
}

fn hashed_face(i: usize) -> BigUint {
    let p = modulus();
    let mut counter = 0u64;
    loop {
        // 9 × 256 bits: 2,304 bits reduced modulo a 2,048-bit prime, so every
        // residue is as likely as another to within 2^-256.
        let bytes: Vec<u8> = (0..9u8)
            .flat_map(|block| {
                labelled(
                    "drumfire deck card",
                    &[&(i as u64).to_le_bytes(), &counter.to_le_bytes(), &[block]],
                )
            })
            .collect();
        let root = BigUint::from_bytes_be(&bytes) % p;
        let card = &root * &root % p;
        if card > BigUint::from(1u32) {
            return card;
        }
        counter += 1;
    }
}

/// Which card of a deck of `n` a face is.
pub fn index_of(card: &BigUint, n: usize) -> Option<usize> {
    (0..n).find(|i| face(*i) == *card)
}

/// A player's lock for one deck: a secret power and its inverse modulo `q`.
#[derive(Clone, PartialEq, Eq)]
pub struct Lock {
    power: BigUint,
    inverse: BigUint,
}

impl std::fmt::Debug for Lock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the secret.
        f.write_str("Lock(..)")
    }
}

impl Lock {
    /// The lock a player's secret makes for the deck named `deck` (each deck has a
    /// lock of its own).
    pub fn new(secret: &[u8; 32], deck: &str) -> Self {
        let q = &primes().1;
        let mut counter = 0u64;
        loop {
            let bytes: Vec<u8> = (0..2u8)
                .flat_map(|half| {
                    labelled(
                        "drumfire deck lock",
                        &[secret, deck.as_bytes(), &counter.to_le_bytes(), &[half]],
                    )
                })
                .collect();
            let power = BigUint::from_bytes_be(&bytes) % q;
            if power > BigUint::from(1u32)
                && let Some(inverse) = power.modinv(q)
            {
                return Self { power, inverse };
            }
            counter += 1;
        }
    }

    /// A card under this lock.
    pub fn lock(&self, card: &BigUint) -> BigUint {
        card.modpow(&self.power, modulus())
    }

    /// A card with this lock taken off.
    pub fn unlock(&self, card: &BigUint) -> BigUint {
        card.modpow(&self.inverse, modulus())
    }

    /// The lock as it is shown at the end, for the other player to check: its power,
    /// in hex.
    pub fn shown(&self) -> String {
        self.power.to_str_radix(16)
    }

    /// A lock shown by the other player, read back: `None` when it is not a power
    /// with an inverse.
    pub fn read(shown: &str) -> Option<Self> {
        let q = &primes().1;
        let power = BigUint::parse_bytes(shown.as_bytes(), 16)?;
        if power <= BigUint::from(1u32) || power >= *q {
            return None;
        }
        let inverse = power.modinv(q)?;
        Some(Self { power, inverse })
    }
}

/// A secret order for `n` cards from a player's secret (Fisher-Yates over SHA-256).
pub fn secret_order(secret: &[u8; 32], deck: &str, n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let h = labelled(
            "drumfire deck shuffle",
            &[secret, deck.as_bytes(), &(i as u64).to_le_bytes()],
        );
        let draw = u64::from_le_bytes(h[..8].try_into().expect("eight bytes"));
        let j = (draw % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// A player's turn at the deck: every card of `given` locked, then laid out in the
/// player's secret order.
pub fn lock_and_shuffle(given: &[BigUint], lock: &Lock, order: &[usize]) -> Vec<BigUint> {
    order.iter().map(|&k| lock.lock(&given[k])).collect()
}

/// Checks, once a player has shown its lock, that the deck it passed on is the deck
/// it was given, each card under that lock, in some order (nothing added, changed or
/// left out).
pub fn check_locked(given: &[BigUint], passed: &[BigUint], lock: &Lock) -> bool {
    let mut want: Vec<BigUint> = given.iter().map(|c| lock.lock(c)).collect();
    let mut got = passed.to_vec();
    want.sort();
    got.sort();
    want == got
}

/// Is `c` a number a card can be, face up or under any locks: in the subgroup of
/// squares of order `q`, other than 1 (`0`, `1`, `p - 1` and the non-squares would let
/// the machine that sent them mark a card, or learn of the other's lock).
pub fn is_card(c: &BigUint) -> bool {
    let p = modulus();
    *c > BigUint::from(1u32) && *c < p - 1u32 && jacobi(c, p) == 1
}

/// The Jacobi symbol `(a / n)` for an odd `n` (the Legendre symbol when `n` is prime:
/// 1 for a square, -1 for a non-square, 0 for a multiple of `n`), by the binary
/// algorithm: far cheaper than Euler's criterion (`a^q`), a power of 2,048 bits.
fn jacobi(a: &BigUint, n: &BigUint) -> i32 {
    let mut a = a % n;
    let mut n = n.clone();
    let mut t = 1;
    let low = |x: &BigUint| x.iter_u32_digits().next().unwrap_or(0);
    while a != BigUint::ZERO {
        let z = a.trailing_zeros().unwrap_or(0);
        a >>= z;
        if z % 2 == 1 && matches!(low(&n) % 8, 3 | 5) {
            t = -t;
        }
        std::mem::swap(&mut a, &mut n);
        if low(&a) % 4 == 3 && low(&n) % 4 == 3 {
            t = -t;
        }
        a %= &n;
    }
    if n == BigUint::from(1u32) { t } else { 0 }
}

/// Are all cards of `deck` cards ([`is_card`]), each once?
pub fn is_deck(deck: &[BigUint]) -> bool {
    let mut sorted: Vec<&BigUint> = deck.iter().collect();
    sorted.sort();
    sorted.windows(2).all(|w| w[0] != w[1]) && deck.iter().all(is_card)
}

/// A card as it travels: hex.
pub fn to_text(card: &BigUint) -> String {
    card.to_str_radix(16)
}

/// A card read back from its text: `None` when it is not a number below the prime.
pub fn from_text(text: &str) -> Option<BigUint> {
    BigUint::parse_bytes(text.as_bytes(), 16).filter(|c| c < modulus())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck(n: usize) -> Vec<BigUint> {
        (0..n).map(face).collect()
    }

    #[test]
    fn the_prime_is_the_safe_prime_of_rfc_3526_group_14() {
        let (p, q) = primes();
        assert_eq!(p.bits(), 2048);
        assert_eq!(&(q * 2u32 + 1u32), p);
        // Fermat's test to base 2 and 3 for p, and for q (a witness would show either
        // composite; the constant is the published one).
        for base in [2u32, 3] {
            let b = BigUint::from(base);
            assert_eq!(b.modpow(&(p - 1u32), p), BigUint::from(1u32));
            assert_eq!(b.modpow(&(q - 1u32), q), BigUint::from(1u32));
        }
    }

    #[test]
    fn locks_commute_and_a_card_dealt_to_one_player_is_read_by_it_alone() {
        let (a, b) = (
            Lock::new(&[1; 32], "charge 1"),
            Lock::new(&[2; 32], "charge 1"),
        );
        let n = 28;
        let first = lock_and_shuffle(&deck(n), &a, &secret_order(&[1; 32], "charge 1", n));
        let both = lock_and_shuffle(&first, &b, &secret_order(&[2; 32], "charge 1", n));
        // Under both locks no card shows its face.
        assert!(both.iter().all(|c| index_of(c, n).is_none()));
        // The top card dealt to the first player: the second takes its lock off, and
        // the card is still under the first's lock, unreadable to the second.
        let half = b.unlock(&both[0]);
        assert!(index_of(&half, n).is_none());
        let mine = index_of(&a.unlock(&half), n).expect("the first player reads it");
        // Taken off in the other order, the same card.
        assert_eq!(index_of(&b.unlock(&a.unlock(&both[0])), n), Some(mine));
        // Every card of the deck is there once, in an order neither chose alone.
        let mut all: Vec<usize> = both
            .iter()
            .map(|c| index_of(&a.unlock(&b.unlock(c)), n).unwrap())
            .collect();
        let dealt = all.clone();
        all.sort_unstable();
        assert_eq!(all, (0..n).collect::<Vec<_>>());
        assert_ne!(dealt, (0..n).collect::<Vec<_>>());
        // Fixed secrets, fixed deal.
        assert_eq!(
            &dealt[..5],
            &PINNED_TOP[..],
            "the first five cards of the fixed deal"
        );
    }

    const PINNED_TOP: [usize; 5] = [4, 18, 26, 19, 5];

    #[test]
    fn only_squares_other_than_one_are_cards_and_a_deck_holds_each_once() {
        let p = modulus();
        let q = &primes().1;
        let faces = deck(28);
        assert!(is_deck(&faces));
        let once = lock_and_shuffle(
            &faces,
            &Lock::new(&[1; 32], "d"),
            &secret_order(&[1; 32], "d", 28),
        );
        assert!(is_deck(&once));
        // The Jacobi symbol agrees with Euler's criterion, squares and non-squares.
        for x in faces.iter().take(6).chain(once.iter().take(6)) {
            let non_square = p - x;
            assert_eq!(x.modpow(q, p), BigUint::from(1u32));
            assert_eq!(non_square.modpow(q, p), p - 1u32);
            assert_eq!(jacobi(x, p), 1);
            assert_eq!(jacobi(&non_square, p), -1);
            assert!(is_card(x) && !is_card(&non_square));
        }
        for marker in [BigUint::ZERO, BigUint::from(1u32), p - 1u32, p.clone()] {
            assert!(!is_card(&marker), "{marker}");
        }
        // A card twice, or a non-square slipped in: not a deck.
        let mut doubled = once.clone();
        doubled[4] = doubled[9].clone();
        assert!(!is_deck(&doubled));
        let mut marked = once.clone();
        marked[2] = p - &marked[2];
        assert!(!is_deck(&marked));
    }

    /// The attack on a locked deck: every product of two of its cards looked for among
    /// its cards. A relation `x·y = z` among the faces survives every lock, so each
    /// one found places three cards of the deck; the number found.
    fn product_relations(deck: &[BigUint]) -> usize {
        let p = modulus();
        let mut sorted = deck.to_vec();
        sorted.sort();
        let mut found = 0;
        for (i, x) in deck.iter().enumerate() {
            for y in &deck[i..] {
                if sorted.binary_search(&(x * y % p)).is_ok() {
                    found += 1;
                }
            }
        }
        found
    }

    #[test]
    fn a_locked_deck_shows_no_relation_between_its_cards() {
        let n = 28;
        let a = Lock::new(&[1; 32], "charge 1");
        let b = Lock::new(&[2; 32], "charge 1");
        let order = secret_order(&[1; 32], "charge 1", n);
        // The faces that once were small squares, `(i + 2)²`: from a deck under one
        // lock alone, 25 products of two cards are cards of the deck — enough to place
        // most of the dominoes. The attack works; that is why the faces are hashed.
        let small: Vec<BigUint> = (0..n as u64)
            .map(|i| BigUint::from((i + 2) * (i + 2)))
            .collect();
        assert_eq!(product_relations(&small), 25);
        assert_eq!(product_relations(&lock_and_shuffle(&small, &a, &order)), 25);
        // Today's faces: no relation, face up, under one lock or under both.
        let faces = deck(n);
        assert_eq!(product_relations(&faces), 0);
        let once = lock_and_shuffle(&faces, &a, &order);
        assert_eq!(product_relations(&once), 0);
        let twice = lock_and_shuffle(&once, &b, &secret_order(&[2; 32], "charge 1", n));
        assert_eq!(product_relations(&twice), 0);
        // Nor a square, quotient or the same face twice: every face is its own.
        let p = modulus();
        for (i, x) in faces.iter().enumerate() {
            let square = x * x % p;
            assert!(!faces.contains(&square), "face {i} squared is a face");
            for (j, y) in faces.iter().enumerate() {
                assert!(i == j || x != y);
            }
        }
        // Every face lies in the subgroup of order q (a square), as the locks need.
        let q = &primes().1;
        assert!(faces.iter().all(|f| f.modpow(q, p) == BigUint::from(1u32)));
    }

    #[test]
    fn a_false_lock_or_shuffle_is_caught_when_the_lock_is_shown() {
        let a = Lock::new(&[1; 32], "charge 1");
        let n = 28;
        let given = deck(n);
        let passed = lock_and_shuffle(&given, &a, &secret_order(&[1; 32], "charge 1", n));
        let shown = Lock::read(&a.shown()).expect("the lock reads back");
        assert_eq!(shown, a);
        assert!(check_locked(&given, &passed, &shown));
        // A card swapped for a copy of another: two 6|6 in the deck.
        let mut doubled = passed.clone();
        doubled[1] = doubled[0].clone();
        assert!(!check_locked(&given, &doubled, &shown));
        // Another lock shown than the one used.
        let other = Lock::new(&[9; 32], "charge 1");
        assert!(!check_locked(&given, &passed, &other));
        // Texts that are no lock or card.
        assert!(Lock::read("1").is_none() && Lock::read("zz").is_none());
        assert!(from_text(&to_text(modulus())).is_none());
        assert_eq!(from_text(&to_text(&passed[3])), Some(passed[3].clone()));
    }
}
