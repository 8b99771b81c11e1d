//! The secret orders of a game between two machines: the opening of this player's seal
//! the rules call for, an order sealed as it is given, and the secret kept where the
//! player's own screen reads it.

use super::*;

/// The opening of `me`'s seal in `game` the rules now call for, from the secrets
/// `sealed` kept by order number: `None` when nothing of `me`'s is due to be opened,
/// or its secret is not among them. A rule set that seals in pieces
/// ([`drumfire_core::rule_set::PieceSealing`]) says which pieces are due.
pub fn opening(
    game: &Game,
    me: u8,
    chain: &Chain,
    sealed: &BTreeMap<usize, String>,
) -> Option<Order> {
    let world = game.world();
    if let Some(pieces) = world
        .resource::<drumfire_core::scenario::Rules>()
        .0
        .seal_in_pieces()
    {
        return sealed.iter().rev().find_map(|(number, text)| {
            pieces.opening(world, me, text, &sealed::nonce(&chain.secret(), *number))
        });
    }
    let seal = world.resource::<sealed::Seals>().0.get(&me)?.clone();
    let given = Order::Sealed { side: me, seal };
    let number = game.orders().iter().rposition(|o| *o == given)? + 1;
    Some(Order::Open {
        side: me,
        secret: sealed.get(&number)?.clone(),
        nonce: sealed::nonce(&chain.secret(), number),
    })
}

/// `order` as this player gives it as order number `number` of `game`: a secret order
/// of a rule set that can seal goes sealed (checked first, sealed or plain), its text
/// kept in `sealed` under the number; any other order as it is.
pub fn seal_secret(
    game: &Game,
    order: Order,
    chain: &Chain,
    number: usize,
    sealed: &mut BTreeMap<usize, String>,
) -> Result<Order, Refusal> {
    match sealed::sealed_in(
        game.world(),
        &order,
        &sealed::nonce(&chain.secret(), number),
    ) {
        Some((seal, text)) if sealed::can_seal(game.world()) => {
            drumfire_core::door::validate(game.world(), &order)?;
            drumfire_core::door::validate(game.world(), &seal)?;
            sealed.insert(number, text);
            Ok(seal)
        }
        _ => match sealed::shown_in(game.world(), &order) {
            // An order that turns over a piece of this player's sealed secret shows it.
            Some(shown) => {
                drumfire_core::door::validate(game.world(), &shown)?;
                Ok(shown)
            }
            None => Ok(order),
        },
    }
}

/// Puts `me`'s secret sealed last (from `sealed`, kept by order number) where the
/// rule set lets this machine's own screen and computer player read it
/// ([`drumfire_core::rule_set::PieceSealing::keep`]); nothing for other rule sets.
pub fn keep_secret(
    world: &mut bevy_ecs::world::World,
    me: u8,
    chain: &Chain,
    sealed: &BTreeMap<usize, String>,
) {
    let Some(pieces) = world
        .get_resource::<drumfire_core::scenario::Rules>()
        .and_then(|r| r.0.seal_in_pieces())
    else {
        return;
    };
    match sealed.last_key_value() {
        Some((number, text)) => {
            pieces.keep(world, me, text, &sealed::nonce(&chain.secret(), *number));
        }
        None => pieces.keep(world, me, "", ""),
    }
}
