//! Orders as data: what a player (or the computer, a replay, a mail) asks the game to
//! do, why one was refused, the order waiting to be carried out and every order
//! accepted so far. The door that checks and accepts them is `door`; how they are
//! read from a file is the rule sets' (`rule_set`).

use crate::flow::Phase;
use bevy_ecs::prelude::*;
use bevy_state::state::NextState;
use serde::Serialize;
use std::fmt;

/// Something a player (or the AI, a replay, a mail) asks the game to do.
///
/// The core knows three kinds: a pass, a hand move at the table, and an order of the
/// scenario's rule set, which the core carries without knowing its shape (see
/// [`RulesOrder`]). Each kind is written in saves as an enum variant: `Pass(side: 0)`,
/// `Table(...)`, and a rule set's order under the rule set's own tag, such as
/// `GreatWar(Move(...))`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Order {
    /// End this side's action segment without activating anything.
    Pass {
        /// The side passing.
        side: u8,
    },
    /// An order of the scenario's rule set.
    Rules(RulesOrder),
    /// A move made by hand in table mode, where the rules are off.
    Table(crate::table_order::TableOrder),
    /// A secret order given sealed in a game between two machines: only its seal
    /// travels ([`crate::sealed`]).
    Sealed {
        /// The side giving it.
        side: u8,
        /// SHA-256 of the side, a nonce and the secret's text, hex.
        seal: String,
    },
    /// A sealed order opened: the secret's text and the nonce, which make its seal again.
    Open {
        /// The side opening its seal.
        side: u8,
        /// The secret's text, as the rule set's order gives it.
        secret: String,
        /// The nonce sealed with it, hex.
        nonce: String,
    },
}

impl Order {
    /// The side giving the order (a hand move at the table is no side's).
    pub fn side(&self) -> Option<u8> {
        match self {
            Self::Pass { side } | Self::Sealed { side, .. } | Self::Open { side, .. } => {
                Some(*side)
            }
            Self::Rules(o) => Some(o.side()),
            Self::Table(_) => None,
        }
    }

    /// The rule set's own order inside, if this is one of `T`.
    pub fn rules<T: RuleSetOrder>(&self) -> Option<&T> {
        match self {
            Self::Rules(o) => o.get(),
            _ => None,
        }
    }

    /// The secret it carries, if any ([`RuleSetOrder::secret`]).
    pub fn secret(&self) -> Option<(u8, String)> {
        match self {
            Self::Rules(o) => o.secret(),
            _ => None,
        }
    }
}

impl fmt::Debug for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pass { side } => f.debug_struct("Pass").field("side", side).finish(),
            Self::Rules(o) => fmt::Debug::fmt(o, f),
            Self::Table(t) => f.debug_tuple("Table").field(t).finish(),
            Self::Sealed { side, seal } => f
                .debug_struct("Sealed")
                .field("side", side)
                .field("seal", seal)
                .finish(),
            Self::Open {
                side,
                secret,
                nonce,
            } => f
                .debug_struct("Open")
                .field("side", side)
                .field("secret", secret)
                .field("nonce", nonce)
                .finish(),
        }
    }
}

/// What a rule set's order type gives the core: the side giving it and the secret it
/// may carry. Everything else about it is the rule set's own; the name saves write it
/// under is its rule set's id (`rule_set::order_tag`).
pub trait RuleSetOrder:
    std::any::Any + Send + Sync + fmt::Debug + Clone + PartialEq + Eq + std::hash::Hash + Serialize
{
    /// The side giving the order.
    fn side(&self) -> u8;
    /// The secret this order carries, if it is one to keep out of sight in a save
    /// until the rules reveal it: the side and the secret's text (an Artillery Plan),
    /// which the rule set's `RuleSetInfo::reveal` turns back into the order.
    fn secret(&self) -> Option<(u8, String)> {
        None
    }
}

/// A rule set's order as the core holds it: any [`RuleSetOrder`], compared, hashed,
/// printed and written like the rule set's own type.
#[derive(Clone)]
pub struct RulesOrder(std::sync::Arc<dyn AnyOrder>, &'static str);

impl RulesOrder {
    /// Wraps a rule set's order, written under `tag` (its rule set's,
    /// `rule_set::rules_order` gives it).
    pub fn new<T: RuleSetOrder>(order: T, tag: &'static str) -> Self {
        Self(std::sync::Arc::new(order), tag)
    }

    /// The rule set's order, if it is a `T`.
    pub fn get<T: RuleSetOrder>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// The side giving it.
    pub fn side(&self) -> u8 {
        self.0.side()
    }

    /// The rule set's tag ("GreatWar").
    pub fn tag(&self) -> &'static str {
        self.1
    }

    /// The secret it carries, if any ([`RuleSetOrder::secret`]).
    pub fn secret(&self) -> Option<(u8, String)> {
        self.0.secret()
    }
}

impl PartialEq for RulesOrder {
    fn eq(&self, other: &Self) -> bool {
        self.0.dyn_eq(other.0.as_any())
    }
}

impl Eq for RulesOrder {}

impl std::hash::Hash for RulesOrder {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.1.hash(state);
        self.0.dyn_hash(state);
    }
}

impl fmt::Debug for RulesOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.1)?;
        self.0.dyn_debug(f)?;
        f.write_str(")")
    }
}

/// The object-safe side of [`RuleSetOrder`].
trait AnyOrder: Send + Sync {
    fn as_any(&self) -> &dyn std::any::Any;
    fn side(&self) -> u8;
    fn secret(&self) -> Option<(u8, String)>;
    fn dyn_eq(&self, other: &dyn std::any::Any) -> bool;
    fn dyn_hash(&self, state: &mut dyn std::hash::Hasher);
    fn dyn_debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn erased(&self) -> &dyn erased_serde::Serialize;
}

impl<T: RuleSetOrder> AnyOrder for T {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn side(&self) -> u8 {
        RuleSetOrder::side(self)
    }
    fn secret(&self) -> Option<(u8, String)> {
        RuleSetOrder::secret(self)
    }
    fn dyn_eq(&self, other: &dyn std::any::Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }
    fn dyn_hash(&self, mut state: &mut dyn std::hash::Hasher) {
        std::hash::Hash::hash(self, &mut state);
    }
    fn dyn_debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
    fn erased(&self) -> &dyn erased_serde::Serialize {
        self
    }
}

impl Serialize for Order {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStructVariant;
        match self {
            Self::Pass { side } => {
                let mut v = s.serialize_struct_variant("Order", 0, "Pass", 1)?;
                v.serialize_field("side", side)?;
                v.end()
            }
            Self::Table(t) => s.serialize_newtype_variant("Order", 1, "Table", t),
            Self::Rules(o) => s.serialize_newtype_variant("Order", 2, o.tag(), o.0.erased()),
            Self::Sealed { side, seal } => {
                let mut v = s.serialize_struct_variant("Order", 3, "Sealed", 2)?;
                v.serialize_field("side", side)?;
                v.serialize_field("seal", seal)?;
                v.end()
            }
            Self::Open {
                side,
                secret,
                nonce,
            } => {
                let mut v = s.serialize_struct_variant("Order", 4, "Open", 3)?;
                v.serialize_field("side", side)?;
                v.serialize_field("secret", secret)?;
                v.serialize_field("nonce", nonce)?;
                v.end()
            }
        }
    }
}

/// Why an order was refused, in words a player can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refusal {}

/// The order accepted and waiting for the phase's systems to carry it out.
#[derive(Resource, Debug, Default)]
pub struct OrderInbox(pub Option<Order>);

/// Takes the accepted order for the rule set to carry out (a hand move at the table
/// is left for table mode).
pub fn take_for_rules(world: &mut World) -> Option<Order> {
    if matches!(world.resource::<OrderInbox>().0, Some(Order::Table(_))) {
        return None;
    }
    world.resource_mut::<OrderInbox>().0.take()
}

/// Every order accepted so far, in order: with the scenario and the seed, the whole game.
#[derive(Resource, Debug, Default, Clone)]
pub struct OrderLog(pub Vec<Order>);

/// Is the game ready for an order (nothing pending, no phase change under way)?
pub fn is_settled(world: &World) -> bool {
    let inbox_empty = world
        .get_resource::<OrderInbox>()
        .is_none_or(|i| i.0.is_none());
    let no_transition = world
        .get_resource::<NextState<Phase>>()
        .is_none_or(|n| matches!(n, NextState::Unchanged));
    inbox_empty && no_transition
}
