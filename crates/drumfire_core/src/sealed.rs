//! Secret orders in a game between two machines: given **sealed**, opened when the
//! rules show them.
//!
//! A rule set's secret order ([`crate::orders::RuleSetOrder::secret`]: Napoleonic
//! orders for the turn) cannot travel as it is: the other machine would see it. Its
//! player's machine gives [`Order::Sealed`] instead, which carries only the seal,
//! SHA-256 of the side, a nonce and the secret's text. Both machines carry the sealed
//! order out alike (the seal is kept in [`Seals`], which is part of the state hash), so
//! their games stay the same while neither knows the other's secret. When the rules
//! call for it (the rule set's `awaiting` names a side that has a seal), that side's
//! machine gives [`Order::Open`]: the text and the nonce, which must make the seal
//! again. The order inside is then checked and carried out as if given plainly.
//!
//! The nonce comes from the player's dice secret and the number of the sealed order,
//! so nobody else can work it out, and the player's machine need keep only the text.

use crate::orders::{Order, Refusal};
use crate::scenario::{Rules, SideList};
use crate::shared_dice::{Digest32, hex, labelled};
use bevy_ecs::prelude::*;
use std::collections::BTreeMap;

/// The seals given and not yet opened, by side (hex SHA-256).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Seals(pub BTreeMap<u8, String>);

/// The seal of a side's secret text with a nonce.
pub fn seal(side: u8, secret: &str, nonce: &str) -> String {
    hex(&labelled(
        "drumfire sealed order",
        &[&[side], nonce.as_bytes(), secret.as_bytes()],
    ))
}

/// The nonce of the secret sealed by order number `order` (1 for the first), from
/// the player's dice secret.
pub fn nonce(player_secret: &Digest32, order: usize) -> String {
    hex(&labelled(
        "drumfire seal nonce",
        &[player_secret, &(order as u64).to_le_bytes()],
    ))
}

/// Has `side` a seal not yet opened?
pub fn is_sealed(world: &World, side: u8) -> bool {
    world
        .get_resource::<Seals>()
        .is_some_and(|s| s.0.contains_key(&side))
}

/// Does the game's rule set let its secrets travel sealed (whole or in pieces)?
pub fn can_seal(world: &World) -> bool {
    world
        .get_resource::<Rules>()
        .is_some_and(|r| r.0.has_secrets())
}

/// A secret order as it is given sealed, and its text: `None` when it is not secret.
pub fn sealed(order: &Order, nonce: &str) -> Option<(Order, String)> {
    let (side, text) = order.secret()?;
    let seal = seal(side, &text, nonce);
    Some((Order::Sealed { side, seal }, text))
}

/// The seals given in `orders` and the seals opened, under `rules`: an order each,
/// or each piece for a rule set that seals in pieces.
pub fn tally(rules: &crate::rule_set::RuleSetInfo, orders: &[Order]) -> (usize, usize) {
    orders.iter().fold((0, 0), |(s, o), order| {
        let (ds, dopen) = match rules.seal_in_pieces() {
            Some(pieces) => pieces.tally(order),
            None => (
                usize::from(matches!(order, Order::Sealed { .. })),
                usize::from(matches!(order, Order::Open { .. })),
            ),
        };
        (s + ds, o + dopen)
    })
}

/// A secret order as the game's rule set seals it (whole, or piece by piece in its
/// own order: [`crate::rule_set::PieceSealing`]), and its text.
pub fn sealed_in(world: &World, order: &Order, nonce: &str) -> Option<(Order, String)> {
    match world
        .get_resource::<Rules>()
        .and_then(|r| r.0.seal_in_pieces())
    {
        Some(pieces) => pieces.seal(world, order, nonce),
        None => sealed(order, nonce),
    }
}

/// An order that turns over a piece of its side's sealed secret, with that piece
/// shown ([`crate::rule_set::PieceSealing::show`]): `None` when it shows nothing.
pub fn shown_in(world: &World, order: &Order) -> Option<Order> {
    let pieces = world.get_resource::<Rules>()?.0.seal_in_pieces()?;
    pieces.show(world, order)
}

/// Puts a player's own kept secret in `world` (or takes it away when `None`), for
/// a rule set's [`crate::rule_set::PieceSealing::keep`]; left as it is when unchanged,
/// so that nothing reading it is told of a change that did not happen.
pub fn keep_own<R: Resource + PartialEq>(world: &mut World, own: Option<R>) {
    match own {
        Some(own) if world.get_resource::<R>() != Some(&own) => world.insert_resource(own),
        Some(_) => {}
        None => {
            world.remove_resource::<R>();
        }
    }
}

/// The order inside an opening, if its text reads as one of the rule set's secrets.
fn inside(world: &World, side: u8, secret: &str) -> Result<Order, Refusal> {
    let rules = world.resource::<Rules>().0;
    rules.reveal(side, secret).ok_or_else(|| {
        Refusal(format!(
            "The opened text is not a secret order of the {} rules.",
            rules.name
        ))
    })
}

/// Sealed secrets' part in the door: a seal checked and kept, an opening checked
/// against its seal and the order inside handed to the rule set.
pub const STAGE: crate::door::Stage = crate::door::Stage {
    screen: |world, order| {
        Ok(match check(world, order)? {
            Some(inside) => crate::door::Screened::Instead(inside),
            None if matches!(order, Order::Sealed { .. }) => crate::door::Screened::Nothing,
            None => crate::door::Screened::Same,
        })
    },
    take: |world, order| match order {
        Order::Sealed { .. } | Order::Open { .. } => Some(carry_out(world, order)),
        _ => None,
    },
    ..crate::door::Stage::NONE
};

/// The checks of a sealed order or an opening (after the core's: the side is the one
/// awaited), and of a plain secret order from a side with a seal. `Ok(Some(order))`:
/// the order inside an opening, for the rule set to check in its turn.
fn check(world: &World, order: &Order) -> Result<Option<Order>, Refusal> {
    let name = |side: u8| world.resource::<SideList>().name(side).to_owned();
    match order {
        Order::Sealed { side, seal } => {
            let Some(may_seal) = world.resource::<Rules>().0.may_seal() else {
                return Err(Refusal(format!(
                    "The {} rules keep no secret orders sealed.",
                    world.resource::<Rules>().0.name
                )));
            };
            if is_sealed(world, *side) {
                return Err(Refusal(format!(
                    "{} has a sealed order not yet opened.",
                    name(*side)
                )));
            }
            if seal.len() != 64 || !seal.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(Refusal("A seal is 64 hex digits.".into()));
            }
            may_seal(world, *side)?;
            Ok(None)
        }
        Order::Open {
            side,
            secret,
            nonce,
        } => {
            let Some(kept) = world.get_resource::<Seals>().and_then(|s| s.0.get(side)) else {
                return Err(Refusal(format!(
                    "{} has no sealed order to open.",
                    name(*side)
                )));
            };
            if seal(*side, secret, nonce) != *kept {
                return Err(Refusal(format!(
                    "{}'s opened order does not match its seal: it is not the order sealed.",
                    name(*side)
                )));
            }
            inside(world, *side, secret).map(Some)
        }
        o => match o.secret() {
            Some((side, _)) if is_sealed(world, side) => Err(Refusal(format!(
                "{} has sealed its orders: it opens them, it gives no others.",
                name(side)
            ))),
            _ => Ok(None),
        },
    }
}

/// Carries out a sealed order or an opening at the door: the seal kept, or taken off.
/// `Some(order)`: the order an opening holds, for the rule set to carry out.
fn carry_out(world: &mut World, order: &Order) -> Option<Order> {
    match order {
        Order::Sealed { side, seal } => {
            world
                .get_resource_or_insert_with(Seals::default)
                .0
                .insert(*side, seal.clone());
            let name = world.resource::<SideList>().name(*side).to_owned();
            crate::journal::say(
                world,
                format!(
                    "{name} gives its secret orders sealed (seal {}…).",
                    &seal[..12]
                ),
            );
            None
        }
        Order::Open { side, secret, .. } => {
            world
                .get_resource_or_insert_with(Seals::default)
                .0
                .remove(side);
            let name = world.resource::<SideList>().name(*side).to_owned();
            crate::journal::say(
                world,
                format!("{name} opens its sealed orders: they match the seal."),
            );
            inside(world, *side, secret).ok()
        }
        _ => None,
    }
}
