//! Reading what needs more than its type to be read: the pieces shared by the
//! readers of files that hold rule sets' orders and sections (a scenario, a save, a
//! turn file), which are handed the rule sets to read them with.

use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use std::fmt;

/// Keeps the first value of a field; a second is an error.
pub fn once<T, E: de::Error>(slot: &mut Option<T>, name: &'static str, value: T) -> Result<(), E> {
    if slot.is_some() {
        return Err(E::duplicate_field(name));
    }
    *slot = Some(value);
    Ok(())
}

/// The value of a field that must be written.
pub fn required<T, E: de::Error>(slot: Option<T>, name: &'static str) -> Result<T, E> {
    slot.ok_or_else(|| E::missing_field(name))
}

/// Reads a list, each item with a copy of the seed.
#[derive(Clone, Copy)]
pub struct ListSeed<S>(pub S);

impl<'de, S: DeserializeSeed<'de> + Copy> DeserializeSeed<'de> for ListSeed<S> {
    type Value = Vec<S::Value>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, S: DeserializeSeed<'de> + Copy> Visitor<'de> for ListSeed<S> {
    type Value = Vec<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // Grown as items are read, never sized from what the file claims.
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self.0)? {
            items.push(item);
        }
        Ok(items)
    }
}

/// Reads a value that may be left out (written bare or as `Some(...)`) with the seed.
#[derive(Clone, Copy)]
pub struct OptionSeed<S>(pub S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for OptionSeed<S> {
    type Value = Option<S::Value>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for OptionSeed<S> {
    type Value = Option<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value or None")
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(d).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::read_ron_seed;
    use std::marker::PhantomData;

    const U8: PhantomData<u8> = PhantomData;

    #[test]
    fn a_list_and_an_optional_value_are_read_with_their_seed() {
        let list = |text: &str| read_ron_seed("t", text, ListSeed(U8)).map_err(|e| e.to_string());
        let maybe =
            |text: &str| read_ron_seed("t", text, OptionSeed(U8)).map_err(|e| e.to_string());
        assert_eq!(list("[1, 2, 3]"), Ok(vec![1, 2, 3]));
        assert_eq!(maybe("Some(4)"), Ok(Some(4)));
        assert_eq!(maybe("4"), Ok(Some(4)));
        assert_eq!(maybe("None"), Ok(None));
        let err = list("[1, 300]").unwrap_err();
        assert!(err.starts_with("t:1:"), "{err}");
        assert!(err.contains("out of bounds"), "{err}");
    }
}
