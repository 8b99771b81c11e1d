//! Reading orders. An order is written under its rule set's tag, so reading one needs
//! the rule sets it may be of: they are handed to the reader ([`OrderSeed`]).

use super::*;
use serde::Deserialize;
use std::fmt;

/// The names of the orders every game knows.
const SHARED_ORDERS: &[&str] = &["Pass", "Table", "Sealed", "Open"];

/// Reads an order of one of the rule sets it holds (or a pass, a hand move, a seal or an
/// opening): the variant's name says whose it is.
#[derive(Clone, Copy)]
pub struct OrderSeed(pub &'static RuleSets);

impl<'de> serde::de::DeserializeSeed<'de> for OrderSeed {
    type Value = Order;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Order, D::Error> {
        d.deserialize_enum("Order", order_names(self.0), OrderVisitor(self.0))
    }
}

/// The names an order of one of `rule_sets` is written under.
pub fn order_names(rule_sets: &'static RuleSets) -> &'static [&'static str] {
    rule_sets.names("orders", |r| {
        SHARED_ORDERS
            .iter()
            .copied()
            .chain(r.iter().map(|r| r.order_tag))
            .collect()
    })
}

/// Reads an order of one of the rule sets it holds, if any: the variant's name says
/// whose it is.
struct OrderVisitor(&'static RuleSets);

impl<'de> serde::de::Visitor<'de> for OrderVisitor {
    type Value = Order;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an order: Pass, Table or a rule set's order")
    }

    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Order, A::Error> {
        let (crate::error::Identifier(name), variant) = data.variant()?;
        read_variant(self.0, &name, variant, order_names(self.0))
    }
}

/// Reads an order of one of `rule_sets` from its variant's name and what follows it
/// (for readers of files that hold orders among other things, such as a save's sealed
/// secrets); `expected` is the list of names an unknown one is told.
pub fn read_variant<'de, V: serde::de::VariantAccess<'de>>(
    rule_sets: &'static RuleSets,
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
        tag => match rule_sets.by_order_tag(tag) {
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
struct RulesSeed(&'static RuleSetInfo);

impl<'de> serde::de::DeserializeSeed<'de> for RulesSeed {
    type Value = Order;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Order, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        (self.0.read_order)(&mut erased).map_err(serde::de::Error::custom)
    }
}
