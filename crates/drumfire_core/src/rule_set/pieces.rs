//! A secret sealed piece by piece: the trait a rule set implements, and the table
//! the core reads made from it.

use super::*;

/// A rule set whose secret is shown bit by bit (the Great War's Artillery Plan: a
/// turn's Planned Fire at a time; the ACW's chits, one as each is turned over) and so
/// sealed piece by piece, in its own orders. Its `Secrets::SEALING` is
/// `Sealing::InPieces(&SEALING)`, with
/// `static SEALING: PieceSealing = PieceSealing::of::<Self>()`: the table the core
/// reads is made from this trait, never filled by hand.
pub trait SealsInPieces: Secrets {
    /// The secret order as it travels sealed (the order that carries a seal for each
    /// piece), and the text the player keeps: `None` when it is no secret. The nonce
    /// is the player's, for this order.
    fn seal(world: &World, order: &Order, nonce: &str) -> Option<(Order, String)>;
    /// The order that opens what the rules now show of `side`'s secret, from the kept
    /// text and the nonce it was sealed with: `None` when nothing is due.
    fn opening(world: &World, side: u8, kept: &str, nonce: &str) -> Option<Order>;
    /// The seals an order gives and the pieces it opens (for `drumfire replay`).
    fn tally(order: &Order) -> (usize, usize);
    /// Puts `side`'s kept secret (its text and nonce) where this machine's own screen
    /// and computer player read it, and the rules never do when they decide what
    /// happens: it is in no state hash and no save. A text that is not the secret
    /// sealed now takes it away.
    fn keep(world: &mut World, side: u8, kept: &str, nonce: &str);
    /// An order that turns over a piece of its side's secret as its player gives it
    /// (the ACW: a unit acting on a chit still face down), with that piece shown from
    /// what the player's own machine keeps ([`SealsInPieces::keep`]): `None` when the
    /// order shows nothing (the default).
    fn show(world: &World, order: &Order) -> Option<Order> {
        let _ = (world, order);
        None
    }
    /// What else a replay of `orders` checked of the secrets, in a line for
    /// `drumfire replay` (the ACW: its dominoes dealt locked): `None` when nothing
    /// (the default).
    fn checked(orders: &[Order]) -> Option<String> {
        let _ = orders;
        None
    }
}

/// A rule set's [`SealsInPieces`], erased for the core and the network to read
/// through [`RuleSetInfo`]: made only by [`PieceSealing::of`].
pub struct PieceSealing {
    seal: fn(&World, &Order, &str) -> Option<(Order, String)>,
    opening: fn(&World, u8, &str, &str) -> Option<Order>,
    tally: fn(&Order) -> (usize, usize),
    show: fn(&World, &Order) -> Option<Order>,
    keep: fn(&mut World, u8, &str, &str),
    checked: fn(&[Order]) -> Option<String>,
}

impl PieceSealing {
    /// The table of `T`'s sealing.
    pub const fn of<T: SealsInPieces>() -> Self {
        Self {
            seal: T::seal,
            opening: T::opening,
            tally: T::tally,
            show: T::show,
            keep: T::keep,
            checked: T::checked,
        }
    }

    /// [`SealsInPieces::seal`].
    pub fn seal(&self, world: &World, order: &Order, nonce: &str) -> Option<(Order, String)> {
        (self.seal)(world, order, nonce)
    }

    /// [`SealsInPieces::opening`].
    pub fn opening(&self, world: &World, side: u8, kept: &str, nonce: &str) -> Option<Order> {
        (self.opening)(world, side, kept, nonce)
    }

    /// [`SealsInPieces::tally`].
    pub fn tally(&self, order: &Order) -> (usize, usize) {
        (self.tally)(order)
    }

    /// [`SealsInPieces::show`].
    pub fn show(&self, world: &World, order: &Order) -> Option<Order> {
        (self.show)(world, order)
    }

    /// [`SealsInPieces::keep`].
    pub fn keep(&self, world: &mut World, side: u8, kept: &str, nonce: &str) {
        (self.keep)(world, side, kept, nonce);
    }

    /// [`SealsInPieces::checked`].
    pub fn checked(&self, orders: &[Order]) -> Option<String> {
        (self.checked)(orders)
    }
}
