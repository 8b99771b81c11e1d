//! Dice nobody can bend: the dice of a game between two machines come from both
//! players' secrets, so that neither can choose the rolls, nor know them before the
//! order that rolls them is fixed.
//!
//! Each player draws a secret and builds a hash chain from it: `h[N]` is the secret,
//! `h[i - 1] = step(h[i])`, down to `h[0]`, the player's **commitment**, which both
//! players exchange before anything else. The players then reveal the chain's links
//! one by one, upwards: reveal `i` is `h[i + 1]`, and anyone can check it against the
//! link before it (`step(h[i + 1]) == h[i]`) — but nobody can work a link out from
//! the ones below it. Reveal 0 of both players makes the set-up's seed (the dice
//! rolled before the first order); reveal `k` of both makes the key of the dice of
//! order `k`. The player giving order `k` sends its reveal with the order; the other
//! player sends its own once it has the order. So when an order is chosen, its dice
//! are not yet known to the player choosing it; and the other player's link was fixed
//! by its commitment before the game began.
//!
//! A save of such a game ([`SharedDice`]) carries both commitments and every reveal;
//! loading it checks each link and works out the seed and keys again, so
//! `drumfire replay` verifies the dice as it verifies the orders. While the keys are
//! in the world ([`DiceKeys`]), the order door keys the dice for each order, and an
//! order whose reveals have not both come is refused; undo is off (it would hand the
//! player a second order with dice already known).
//!
//! By e-mail a round trip per order would make a game of months, so only the orders
//! that roll dice are keyed ([`SharedDice::keyed`] names them): reveal `j` keys the
//! `j`-th of them. Every other order is given with the dice locked
//! ([`crate::dice::Dice::lock`]); one that rolls all the same is refused, so a file
//! cannot pass off an order with dice as one without.

use crate::orders::OrderLog;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

pub use crate::digest::Digest32;

/// How many links a chain has above its commitment: the secret at the top, which is
/// never shown (the player's order key and seal nonces come from it), and below it
/// reveals for the set-up and 1,048,574 orders (the longest game played here has a
/// few thousand).
pub const CHAIN_LENGTH: usize = 1 << 20;
/// A chain keeps every this-many-th link, and works out the others from the next
/// one kept (at most this many hashes a reveal).
const CHECKPOINT_EVERY: usize = 1 << 10;

pub(crate) use crate::digest::labelled;

/// One step down a chain: the link below `link`.
pub fn step(link: &Digest32) -> Digest32 {
    labelled("drumfire dice chain", &[link])
}

/// A player's hash chain, from its secret.
#[derive(Clone)]
pub struct Chain {
    /// `h[i * CHECKPOINT_EVERY]` for each `i` (the last is the secret, `h[N]`).
    checkpoints: Vec<Digest32>,
}

impl std::fmt::Debug for Chain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the secret.
        write!(f, "Chain(commitment {})", hex(&self.commitment()))
    }
}

impl Chain {
    /// The chain of `secret` (a player's 32 random bytes). The last few chains built
    /// are kept (a seat is read at every turn file opened, and a chain takes 2^20
    /// hashes).
    pub fn new(secret: Digest32) -> Self {
        const KEPT: usize = 4;
        static BUILT: std::sync::Mutex<Vec<(Digest32, Chain)>> = std::sync::Mutex::new(Vec::new());
        let mut built = BUILT
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, chain)) = built.iter().find(|(s, _)| *s == secret) {
            return chain.clone();
        }
        let chain = Self::build(secret);
        if built.len() == KEPT {
            built.remove(0);
        }
        built.push((secret, chain.clone()));
        chain
    }

    fn build(secret: Digest32) -> Self {
        let count = CHAIN_LENGTH / CHECKPOINT_EVERY;
        let mut checkpoints = vec![[0u8; 32]; count + 1];
        checkpoints[count] = secret;
        let mut link = secret;
        for i in (0..CHAIN_LENGTH).rev() {
            link = step(&link);
            if i % CHECKPOINT_EVERY == 0 {
                checkpoints[i / CHECKPOINT_EVERY] = link;
            }
        }
        Self { checkpoints }
    }

    /// The secret the chain was built from (kept in the player's own file only).
    pub fn secret(&self) -> Digest32 {
        self.checkpoints[self.checkpoints.len() - 1]
    }

    /// `h[0]`: what the player shows first.
    pub fn commitment(&self) -> Digest32 {
        self.checkpoints[0]
    }

    /// Reveal `index` (`h[index + 1]`): 0 for the set-up, `k` for order `k`.
    /// `None` at the top (the secret itself) and past it.
    pub fn reveal(&self, index: usize) -> Option<Digest32> {
        let at = index + 1;
        if at >= CHAIN_LENGTH {
            return None;
        }
        let above = at.div_ceil(CHECKPOINT_EVERY);
        let mut link = self.checkpoints[above];
        for _ in at..above * CHECKPOINT_EVERY {
            link = step(&link);
        }
        Some(link)
    }
}

/// The set-up's seed from both players' reveal 0.
pub fn setup_seed(reveals: &[Digest32; 2]) -> u64 {
    let d = labelled("drumfire dice set-up", &[&reveals[0], &reveals[1]]);
    u64::from_le_bytes(d[..8].try_into().expect("8 bytes"))
}

/// The key of order `index`'s dice (1 for the first order) from both players' reveals.
pub fn order_key(index: usize, reveals: &[Digest32; 2]) -> Digest32 {
    labelled(
        "drumfire dice order",
        &[&(index as u64).to_le_bytes(), &reveals[0], &reveals[1]],
    )
}

/// Lower-case hex digits of some bytes.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 32 bytes from 64 hex digits.
pub fn unhex(text: &str) -> Result<Digest32, String> {
    unhex_bytes(text)
}

/// `N` bytes from `2N` hex digits.
pub fn unhex_bytes<const N: usize>(text: &str) -> Result<[u8; N], String> {
    let digits = text.as_bytes();
    if digits.len() != 2 * N {
        return Err(format!(
            "expected {} hex digits, found {} characters",
            2 * N,
            text.chars().count()
        ));
    }
    // Lower-case digits only, as `hex` writes them: one text for each value, so that
    // texts compared as texts agree with the bytes they stand for.
    let digit = |d: u8| match d {
        b'0'..=b'9' => Ok(d - b'0'),
        b'a'..=b'f' => Ok(d - b'a' + 10),
        _ => Err(format!(
            "`{}` is not a lower-case hex digit",
            char::from(d).escape_default()
        )),
    };
    let mut out = [0u8; N];
    for (i, pair) in digits.chunks(2).enumerate() {
        out[i] = digit(pair[0])? << 4 | digit(pair[1])?;
    }
    Ok(out)
}

/// The shared dice of a game as a save writes them: both commitments and every
/// reveal so far, by side, as hex digits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedDice {
    /// Each side's commitment, `h[0]` (side 0 first).
    pub commitments: Vec<String>,
    /// Reveal `i` of each side: 0 the set-up's, then one per order.
    pub reveals: Vec<Vec<String>>,
    /// A game by e-mail keys only the orders that roll dice, each a round trip: the
    /// numbers of those orders (from 1), in order, reveal `j` keying order
    /// `keyed[j - 1]`; every other order rolls no dice. Absent between two machines,
    /// where reveal `k` keys order `k`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keyed: Option<Vec<usize>>,
    /// Each side's public order key, hex ([`crate::signed`]): every order of the game
    /// is signed by the key of its side. Empty in a record whose orders are not signed
    /// (a game of the tests' own making); games between two machines always sign.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<String>,
    /// Order `k`'s signature, hex, at `k - 1`: who gave each order, checked against
    /// the key of the order's side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub signatures: Vec<String>,
}

/// Two hex values, one a side, from the record's field `field` (`what` in words).
fn read_pair(list: &[String], field: &str, what: &str) -> Result<[Digest32; 2], DiceFault> {
    if list.len() != 2 {
        return Err(DiceFault {
            field: format!("shared_dice.{field}"),
            message: format!("two {what}, one a side, are needed; found {}", list.len()),
        });
    }
    let read = |side: usize| {
        unhex(&list[side]).map_err(|message| DiceFault {
            field: format!("shared_dice.{field}[{side}]"),
            message,
        })
    };
    Ok([read(0)?, read(1)?])
}

/// Why a save's shared dice do not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceFault {
    /// The field, as a path into the save (`shared_dice.reveals[3][1]`).
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for DiceFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

/// Shared dice checked link by link: the set-up's seed and each order's key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The set-up's seed (`None` until both reveal 0 have come).
    pub seed: Option<u64>,
    /// The key of reveal `j`'s order at `j - 1`: order `j`'s, or in a game by e-mail
    /// that of order `keyed[j - 1]`.
    pub keys: Vec<Digest32>,
}

impl SharedDice {
    /// The record of a game whose players showed these commitments.
    pub fn new(commitments: [Digest32; 2]) -> Self {
        Self {
            commitments: commitments.iter().map(|c| hex(c)).collect(),
            reveals: Vec::new(),
            keyed: None,
            keys: Vec::new(),
            signatures: Vec::new(),
        }
    }

    /// The same record with each side's public order key: its orders are signed.
    pub fn signed_by(mut self, keys: [Digest32; 2]) -> Self {
        self.keys = keys.iter().map(|k| hex(k)).collect();
        self
    }

    /// Each side's public order key, read; `None` when the orders are not signed.
    pub fn order_keys(&self) -> Result<Option<[Digest32; 2]>, DiceFault> {
        if self.keys.is_empty() {
            return Ok(None);
        }
        let keys = read_pair(&self.keys, "keys", "order keys")?;
        crate::signed::check_pair(&keys).map_err(|message| DiceFault {
            field: "keys".into(),
            message,
        })?;
        Ok(Some(keys))
    }

    /// Checks that `signature` is the signature of `order`'s side on it as order
    /// `index` (from 1). `field` names where the signature was found.
    pub fn check_signature(
        &self,
        index: usize,
        order: &crate::orders::Order,
        signature: &str,
        field: &str,
    ) -> Result<(), DiceFault> {
        let fault = |message: String| DiceFault {
            field: field.to_owned(),
            message,
        };
        let Some(keys) = self.order_keys()? else {
            return Err(fault("this game's orders are not signed".into()));
        };
        let Some(side) = order.side().filter(|s| *s < 2) else {
            return Err(fault(format!(
                "order {index} is given by no side of the two: no such order is played \
                 between two machines"
            )));
        };
        let signature = unhex_bytes::<64>(signature).map_err(fault)?;
        if !crate::signed::verify(
            &keys[usize::from(side)],
            &self.commitments()?,
            index,
            order,
            &signature,
        ) {
            return Err(fault(format!(
                "order {index} is not signed by side {side}'s machine, whose side gives it: \
                 the other machine made it up"
            )));
        }
        Ok(())
    }

    /// Checks every order's signature against its side's key: the number checked (0 for
    /// a record whose orders are not signed).
    pub fn check_signatures(&self, orders: &[crate::orders::Order]) -> Result<usize, DiceFault> {
        if self.order_keys()?.is_none() {
            if self.signatures.is_empty() {
                return Ok(0);
            }
            return Err(DiceFault {
                field: "shared_dice.signatures".into(),
                message: "signatures without the sides' order keys (`keys`)".into(),
            });
        }
        if self.signatures.len() != orders.len() {
            return Err(DiceFault {
                field: "shared_dice.signatures".into(),
                message: format!(
                    "{} orders, but {} signatures: each order is signed by its side",
                    orders.len(),
                    self.signatures.len()
                ),
            });
        }
        for (i, (order, signature)) in orders.iter().zip(&self.signatures).enumerate() {
            self.check_signature(
                i + 1,
                order,
                signature,
                &format!("shared_dice.signatures[{i}]"),
            )?;
        }
        Ok(orders.len())
    }

    /// The record of a game by e-mail, whose orders are keyed only where they roll dice.
    pub fn by_post(commitments: [Digest32; 2]) -> Self {
        Self {
            keyed: Some(Vec::new()),
            ..Self::new(commitments)
        }
    }

    /// The number (from 1) of the order reveal `index` keys (`index` from 1).
    pub fn keyed_order(&self, index: usize) -> Option<usize> {
        match &self.keyed {
            None => Some(index),
            Some(list) => index.checked_sub(1).and_then(|j| list.get(j).copied()),
        }
    }

    fn check_keyed(&self) -> Result<(), DiceFault> {
        let Some(list) = &self.keyed else {
            return Ok(());
        };
        let field = "shared_dice.keyed".to_string();
        let wanted = self.reveals.len().saturating_sub(1);
        if list.len() != wanted {
            return Err(DiceFault {
                field,
                message: format!(
                    "{} orders keyed, but the reveals after the set-up's key {wanted}",
                    list.len()
                ),
            });
        }
        for (j, pair) in list.windows(2).enumerate() {
            if pair[0] >= pair[1] {
                return Err(DiceFault {
                    field: format!("shared_dice.keyed[{}]", j + 1),
                    message: format!(
                        "order {} after order {}: the keyed orders go up one by one",
                        pair[1], pair[0]
                    ),
                });
            }
        }
        if list.first() == Some(&0) {
            return Err(DiceFault {
                field: "shared_dice.keyed[0]".into(),
                message: "orders are numbered from 1".into(),
            });
        }
        Ok(())
    }

    /// Each side's commitment, read.
    pub fn commitments(&self) -> Result<[Digest32; 2], DiceFault> {
        read_pair(&self.commitments, "commitments", "commitments")
    }

    /// Checks every reveal against the link before it, and works out the seed and keys.
    pub fn verify(&self) -> Result<Verified, DiceFault> {
        self.check_keyed()?;
        let mut last = self.commitments()?;
        let mut seed = None;
        let mut keys = Vec::with_capacity(self.reveals.len().saturating_sub(1));
        for (index, pair) in self.reveals.iter().enumerate() {
            if pair.len() != 2 {
                return Err(DiceFault {
                    field: format!("shared_dice.reveals[{index}]"),
                    message: format!("two reveals, one a side, are needed; found {}", pair.len()),
                });
            }
            let mut both = [[0u8; 32]; 2];
            for side in 0..2 {
                let field = format!("shared_dice.reveals[{index}][{side}]");
                let link = unhex(&pair[side]).map_err(|message| DiceFault {
                    field: field.clone(),
                    message,
                })?;
                if step(&link) != last[side] {
                    return Err(DiceFault {
                        field,
                        message: format!(
                            "side {side}'s reveal {index} does not follow from its {}: \
                             the dice were tampered with",
                            if index == 0 {
                                "commitment".to_string()
                            } else {
                                format!("reveal {}", index - 1)
                            }
                        ),
                    });
                }
                both[side] = link;
            }
            last = both;
            if index == 0 {
                seed = Some(setup_seed(&both));
            } else {
                keys.push(order_key(index, &both));
            }
        }
        Ok(Verified { seed, keys })
    }

    /// Adds both sides' reveal for the next index, each checked against the link before.
    pub fn push(&mut self, reveals: [Digest32; 2]) -> Result<(), DiceFault> {
        // Checks only the new link (the others were checked when they came).
        let index = self.reveals.len();
        let before = [self.last_link(0)?, self.last_link(1)?];
        for side in 0..2 {
            if step(&reveals[side]) != before[side] {
                return Err(DiceFault {
                    field: format!("shared_dice.reveals[{index}][{side}]"),
                    message: format!(
                        "side {side}'s reveal {index} does not follow from the link before it"
                    ),
                });
            }
        }
        self.reveals.push(reveals.iter().map(|r| hex(r)).collect());
        Ok(())
    }

    /// The last reveal of `side` (its commitment before any).
    pub fn last_link(&self, side: usize) -> Result<Digest32, DiceFault> {
        match self.reveals.last() {
            None => Ok(self.commitments()?[side]),
            Some(pair) => unhex(&pair[side]).map_err(|message| DiceFault {
                field: format!("shared_dice.reveals[{}][{side}]", self.reveals.len() - 1),
                message,
            }),
        }
    }
}

/// The keys of the orders of a game with shared dice, and the record they come from.
/// While this is in the world, [`crate::door::submit`] keys the dice for each order
/// and refuses an order whose key is not there yet; in a game by e-mail an order with
/// no key is given with the dice locked, and refused by [`crate::game::Game::submit`]
/// if it rolls any.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct DiceKeys {
    /// The record (for saves).
    pub record: SharedDice,
    /// The key of reveal `j`'s order at `j - 1` ([`Verified::keys`]).
    pub keys: Vec<Digest32>,
}

impl DiceKeys {
    /// The keys of a checked record.
    pub fn of(record: SharedDice) -> Result<Self, DiceFault> {
        let keys = record.verify()?.keys;
        Ok(Self { record, keys })
    }

    /// Adds the next order's signature, checked by the caller.
    pub fn sign_next(&mut self, signature: &crate::signed::Signature) {
        self.record.signatures.push(hex(signature));
    }

    /// Adds both sides' next reveals; an order's key comes with its reveals.
    pub fn push(&mut self, reveals: [Digest32; 2]) -> Result<(), DiceFault> {
        self.record.push(reveals)?;
        let index = self.record.reveals.len() - 1;
        if index > 0 {
            self.keys.push(order_key(index, &reveals));
        }
        Ok(())
    }
}

/// Where a window playing one side of a game between two machines catches its
/// player's orders: an order the game would accept but whose dice wait for both
/// players' reveals is put here for the network to send, and changes nothing yet.
#[derive(Resource, Debug, Default)]
pub struct Outbox(pub Option<crate::orders::Order>);

/// Shared dice's part in the door: each order's dice keyed as it is accepted.
pub const STAGE: crate::door::Stage = crate::door::Stage {
    admit: key_next_order,
    ..crate::door::Stage::NONE
};

/// Keys the dice for the order about to be accepted, when the game's dice are shared:
/// `Err` when that order's reveals have not both come (the order then goes to the
/// [`Outbox`], where there is one).
pub fn key_next_order(
    world: &mut World,
    order: &crate::orders::Order,
) -> Result<(), crate::orders::Refusal> {
    let Some(keys) = world.get_resource::<DiceKeys>() else {
        return Ok(());
    };
    let next = world.resource::<OrderLog>().0.len();
    if let Some(keyed) = &keys.record.keyed {
        // By e-mail: the order's key if it is one of the keyed, else no key at all.
        let key = keyed
            .iter()
            .position(|o| *o == next + 1)
            .and_then(|j| keys.keys.get(j).copied());
        if key.is_none()
            && let Some(mut outbox) = world.get_resource_mut::<Outbox>()
        {
            // A window's player: the turn file's game tries the order first.
            outbox.0 = Some(order.clone());
            return Err(crate::orders::Refusal(
                "Given to the turn file: carried out at once if it rolls no dice, else it \
                 waits for the other player's reveal."
                    .into(),
            ));
        }
        let mut dice = world.resource_mut::<crate::dice::Dice>();
        match key {
            Some(key) => dice.set_key(key),
            None => dice.lock(),
        }
        return Ok(());
    }
    let Some(key) = keys.keys.get(next).copied() else {
        if let Some(mut outbox) = world.get_resource_mut::<Outbox>() {
            outbox.0 = Some(order.clone());
            return Err(crate::orders::Refusal(
                "Sent to the other player; it is carried out when their answer comes.".into(),
            ));
        }
        return Err(crate::orders::Refusal(
            "This order's dice wait for both players' reveals.".into(),
        ));
    };
    world.resource_mut::<crate::dice::Dice>().set_key(key);
    Ok(())
}

#[cfg(test)]
mod tests;
