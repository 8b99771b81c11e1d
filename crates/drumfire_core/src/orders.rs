//! The one door in: every change to a game is an [`Order`], checked against the
//! phase and the state before it is accepted. A refused order changes nothing.

use crate::flow::Phase;
use crate::scenario::{Rules, SideList};
use bevy_ecs::prelude::*;
use bevy_state::state::{NextState, State};
use serde::{Deserialize, Serialize};
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
    Table(crate::table::TableOrder),
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

/// What a rule set's order type gives the core: its tag in saves and the side
/// giving it. Everything else about it is the rule set's own.
pub trait RuleSetOrder:
    std::any::Any + Send + Sync + fmt::Debug + Clone + PartialEq + Eq + std::hash::Hash + Serialize
{
    /// The name its orders are written under in saves ("GreatWar"): the rule set's
    /// `RuleSetInfo::order_tag`.
    const TAG: &'static str;
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
pub struct RulesOrder(std::sync::Arc<dyn AnyOrder>);

impl RulesOrder {
    /// Wraps a rule set's order.
    pub fn new<T: RuleSetOrder>(order: T) -> Self {
        Self(std::sync::Arc::new(order))
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
        self.0.tag()
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
        self.0.tag().hash(state);
        self.0.dyn_hash(state);
    }
}

impl fmt::Debug for RulesOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.0.tag())?;
        self.0.dyn_debug(f)?;
        f.write_str(")")
    }
}

/// The object-safe side of [`RuleSetOrder`].
trait AnyOrder: Send + Sync {
    fn as_any(&self) -> &dyn std::any::Any;
    fn side(&self) -> u8;
    fn secret(&self) -> Option<(u8, String)>;
    fn tag(&self) -> &'static str;
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
    fn tag(&self) -> &'static str {
        T::TAG
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

impl<'de> Deserialize<'de> for Order {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_enum("Order", variant_names(), OrderVisitor)
    }
}

/// The names an order is written under: `Pass`, `Table` and the tag of every rule set
/// it is read with ([`crate::rule_set::reading`]).
pub fn variant_names() -> &'static [&'static str] {
    const SHARED: &[&str] = &["Pass", "Table", "Sealed", "Open"];
    match crate::rule_set::current() {
        Some(rule_sets) => rule_sets.names("orders", |r| {
            SHARED
                .iter()
                .copied()
                .chain(r.iter().map(|r| r.order_tag))
                .collect()
        }),
        None => SHARED,
    }
}

/// Reads an order: the variant's name says whose it is.
struct OrderVisitor;

impl<'de> serde::de::Visitor<'de> for OrderVisitor {
    type Value = Order;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an order: Pass, Table or a rule set's order")
    }

    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Order, A::Error> {
        let (crate::error::Identifier(name), variant) = data.variant()?;
        read_variant(&name, variant, variant_names())
    }
}

/// Reads an order from its variant's name and what follows it (for readers of files
/// that hold orders among other things, such as a save's sealed secrets); `expected`
/// is the list of names an unknown one is told.
pub fn read_variant<'de, V: serde::de::VariantAccess<'de>>(
    name: &str,
    variant: V,
    expected: &'static [&'static str],
) -> Result<Order, V::Error> {
    use serde::de::Error;
    match name {
        "Pass" => variant.struct_variant(&["side"], PassVisitor),
        "Table" => variant.newtype_variant().map(Order::Table),
        "Sealed" => variant
            .struct_variant(&["side", "seal"], FieldsVisitor::<SealedFields>::default())
            .map(|f| Order::Sealed {
                side: f.side,
                seal: f.seal,
            }),
        "Open" => variant
            .struct_variant(
                &["side", "secret", "nonce"],
                FieldsVisitor::<OpenFields>::default(),
            )
            .map(|f| Order::Open {
                side: f.side,
                secret: f.secret,
                nonce: f.nonce,
            }),
        tag => match crate::rule_set::current().and_then(|r| r.by_order_tag(tag)) {
            Some(info) => variant.newtype_variant_seed(RulesSeed(info)),
            None => Err(V::Error::unknown_variant(tag, expected)),
        },
    }
}

/// The fields of a sealed order.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SealedFields {
    side: u8,
    seal: String,
}

/// The fields of an opening.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenFields {
    side: u8,
    secret: String,
    nonce: String,
}

/// Reads a struct variant's fields into `T` with `T`'s own reader.
struct FieldsVisitor<T>(std::marker::PhantomData<T>);

impl<T> Default for FieldsVisitor<T> {
    fn default() -> Self {
        Self(std::marker::PhantomData)
    }
}

impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for FieldsVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the order's fields")
    }

    fn visit_map<M: serde::de::MapAccess<'de>>(self, map: M) -> Result<T, M::Error> {
        T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<T, A::Error> {
        T::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))
    }
}

/// Reads the fields of a pass.
struct PassVisitor;

impl<'de> serde::de::Visitor<'de> for PassVisitor {
    type Value = Order;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a pass: (side: N)")
    }

    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Order, M::Error> {
        use serde::de::Error;
        let mut side = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "side" if side.is_none() => side = Some(map.next_value::<u8>()?),
                "side" => return Err(M::Error::duplicate_field("side")),
                other => return Err(M::Error::unknown_field(other, &["side"])),
            }
        }
        side.map(|side| Order::Pass { side })
            .ok_or_else(|| M::Error::missing_field("side"))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Order, A::Error> {
        use serde::de::Error;
        let side = seq
            .next_element::<u8>()?
            .ok_or_else(|| A::Error::invalid_length(0, &self))?;
        Ok(Order::Pass { side })
    }
}

/// Reads a rule set's order with that rule set's own reader.
struct RulesSeed(&'static crate::rule_set::RuleSetInfo);

impl<'de> serde::de::DeserializeSeed<'de> for RulesSeed {
    type Value = Order;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Order, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        (self.0.read_order)(&mut erased).map_err(serde::de::Error::custom)
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

/// Checks an order against the phase and the state, and accepts it or says why not.
/// An accepted order is logged and handed to the phase's systems; a refused one changes nothing.
pub fn submit(world: &mut World, order: Order) -> Result<(), Refusal> {
    watching(world)?;
    accept(world, order)
}

/// A replay is being watched (the window's replay viewer): the door takes no order
/// from a player, and the viewer feeds the save's own with [`submit_watched`].
#[derive(Resource, Debug, Default)]
pub struct Watching;

fn watching(world: &World) -> Result<(), Refusal> {
    if world.contains_resource::<Watching>() {
        return Err(Refusal(
            "This is a replay being watched: Play from here to give orders.".into(),
        ));
    }
    Ok(())
}

/// Submits the next order of a replay being watched, checked like any other.
pub fn submit_watched(world: &mut World, order: Order) -> Result<(), Refusal> {
    accept(world, order)
}

fn accept(world: &mut World, order: Order) -> Result<(), Refusal> {
    check(world, &order)?;
    crate::shared_dice::key_next_order(world, &order)?;
    let mut log = world.resource_mut::<OrderLog>();
    log.0.push(order.clone());
    let count = log.0.len();
    world
        .resource_mut::<crate::journal::Journal>()
        .set_order(count);
    // A seal is kept by the core; an opening hands the rule set the order inside.
    let for_rules = match order {
        Order::Sealed { .. } | Order::Open { .. } => crate::sealed::carry_out(world, &order),
        o => Some(o),
    };
    world.resource_mut::<OrderInbox>().0 = for_rules;
    Ok(())
}

/// The checks of [`submit`], without accepting.
pub fn validate(world: &World, order: &Order) -> Result<(), Refusal> {
    watching(world)?;
    check(world, order)
}

fn check(world: &World, order: &Order) -> Result<(), Refusal> {
    if !is_settled(world) {
        return Err(Refusal("The last order is still being carried out.".into()));
    }
    let table = crate::table::is_table(world);
    let side = match (order, table) {
        (Order::Table(o), true) => return crate::table::validate(world, o),
        (Order::Table(_), false) => {
            return Err(Refusal(
                "Hand moves are for table mode; this game follows the rules.".into(),
            ));
        }
        (_, true) => {
            return Err(Refusal(
                "The rules are off at this table: pieces move by hand.".into(),
            ));
        }
        (o, false) => o.side().unwrap_or_default(),
    };
    let sides = world.resource::<SideList>();
    let Some(who) = sides.0.get(usize::from(side)) else {
        return Err(Refusal(format!(
            "There is no side number {side} in this scenario."
        )));
    };
    let phase = world.resource::<State<Phase>>().get();
    if *phase == Phase::GameOver {
        return Err(Refusal("The game is over.".into()));
    }
    match crate::flow::awaiting(world) {
        Some(s) if s == side => {}
        Some(s) => {
            return Err(Refusal(format!(
                "The game waits on {}, not on {}.",
                sides.name(s),
                who.name
            )));
        }
        None => return Err(Refusal("The game waits on no side now.".into())),
    }
    let validate = world.resource::<Rules>().0.validate;
    match (order, crate::sealed::check(world, order)?) {
        (_, Some(inside)) => validate(world, &inside),
        (Order::Sealed { .. }, None) => Ok(()),
        (o, None) => validate(world, o),
    }
}
