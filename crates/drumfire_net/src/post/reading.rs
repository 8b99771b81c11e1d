//! Reading a turn file: its fields and its pending reveal read with the rule sets its
//! orders may be of, then checked (the format, a commitment and an order key a side,
//! whose turn it is), each error named with its line, column and field.

use super::*;

/// The fields of a turn file, in the order they are written.
const TURN_FIELDS: &[&str] = &[
    "format",
    "to",
    "scenario_name",
    "scenario",
    "commitments",
    "keys",
    "game",
    "pending",
];

/// Reads a turn file whose orders are of one of the rule sets it holds.
#[derive(Clone, Copy)]
pub struct TurnFileSeed(pub &'static RuleSets);

impl<'de> DeserializeSeed<'de> for TurnFileSeed {
    type Value = TurnFile;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<TurnFile, D::Error> {
        d.deserialize_struct("TurnFile", TURN_FIELDS, self)
    }
}

impl<'de> Visitor<'de> for TurnFileSeed {
    type Value = TurnFile;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a turn file: TurnFile(format: ..., to: ..., scenario: ..., ...)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TurnFile, A::Error> {
        let (mut format, mut to, mut scenario_name, mut scenario) = (None, None, None, None);
        let (mut commitments, mut keys, mut game, mut pending) = (None, None, None, None);
        while let Some(Identifier(key)) = map.next_key()? {
            match key.as_str() {
                "format" => once(&mut format, "format", map.next_value()?)?,
                "to" => once(&mut to, "to", map.next_value()?)?,
                "scenario_name" => once(&mut scenario_name, "scenario_name", map.next_value()?)?,
                "scenario" => once(&mut scenario, "scenario", map.next_value()?)?,
                "commitments" => once(&mut commitments, "commitments", map.next_value()?)?,
                "keys" => once(&mut keys, "keys", map.next_value()?)?,
                "game" => once(
                    &mut game,
                    "game",
                    map.next_value_seed(OptionSeed(SaveSeed(self.0)))?,
                )?,
                "pending" => once(
                    &mut pending,
                    "pending",
                    map.next_value_seed(OptionSeed(PendingSeed(self.0)))?,
                )?,
                other => return Err(de::Error::unknown_field(other, TURN_FIELDS)),
            }
        }
        Ok(TurnFile {
            format: required(format, "format")?,
            to: required(to, "to")?,
            scenario_name: required(scenario_name, "scenario_name")?,
            scenario: required(scenario, "scenario")?,
            commitments: required(commitments, "commitments")?,
            keys: required(keys, "keys")?,
            game: game.unwrap_or_default(),
            pending: pending.unwrap_or_default(),
        })
    }
}

/// The fields of a pending reveal.
const PENDING_FIELDS: &[&str] = &["side", "reveal", "order", "signature"];

/// Reads a pending reveal whose order is of one of the rule sets it holds.
#[derive(Clone, Copy)]
struct PendingSeed(&'static RuleSets);

impl<'de> DeserializeSeed<'de> for PendingSeed {
    type Value = Pending;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Pending, D::Error> {
        d.deserialize_struct("Pending", PENDING_FIELDS, self)
    }
}

impl<'de> Visitor<'de> for PendingSeed {
    type Value = Pending;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a pending reveal: (side: ..., reveal: ..., order: ..., signature: ...)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pending, A::Error> {
        let (mut side, mut reveal, mut order, mut signature) = (None, None, None, None);
        while let Some(Identifier(key)) = map.next_key()? {
            match key.as_str() {
                "side" => once(&mut side, "side", map.next_value()?)?,
                "reveal" => once(&mut reveal, "reveal", map.next_value()?)?,
                "order" => once(
                    &mut order,
                    "order",
                    map.next_value_seed(OptionSeed(OrderSeed(self.0)))?,
                )?,
                "signature" => once(&mut signature, "signature", map.next_value()?)?,
                other => return Err(de::Error::unknown_field(other, PENDING_FIELDS)),
            }
        }
        Ok(Pending {
            side: required(side, "side")?,
            reveal: required(reveal, "reveal")?,
            order: order.unwrap_or_default(),
            signature: signature.unwrap_or_default(),
        })
    }
}

/// Reads a turn file's text; `shown` names it in errors (file, line, column, field).
pub fn read_text(shown: &str, text: &str) -> Result<TurnFile, String> {
    let text = drumfire_core::error::without_bom(text);
    let file =
        drumfire_core::error::read_ron_seed(shown, text, TurnFileSeed(&drumfire_core::rules::ALL))
            .map_err(|mut e| {
                let at = drumfire_core::error::TextPos {
                    line: e.line,
                    col: e.col,
                };
                e.field = drumfire_core::ron_spans::path_at(text, at);
                e.to_string()
            })?;
    let at = |field: &str, message: String| {
        let pos =
            drumfire_core::ron_spans::locate_nearest(text, &drumfire_core::ron_spans::path(field));
        format!("{shown}:{}:{}: {field}: {message}", pos.line, pos.col)
    };
    if file.format != TURN_FORMAT {
        return Err(at(
            "format",
            format!(
                "turn file format {} (this game reads {TURN_FORMAT})",
                file.format
            ),
        ));
    }
    if file.commitments.len() != 2 {
        return Err(at(
            "commitments",
            format!(
                "two commitments, one a side; found {}",
                file.commitments.len()
            ),
        ));
    }
    for (i, c) in file.commitments.iter().enumerate() {
        if !c.is_empty() {
            unhex(c).map_err(|m| at(&format!("commitments[{i}]"), m))?;
        }
    }
    if file.keys.len() != 2 {
        return Err(at(
            "keys",
            format!("two order keys, one a side; found {}", file.keys.len()),
        ));
    }
    for (i, k) in file.keys.iter().enumerate() {
        if k.is_empty() != file.commitments[i].is_empty() {
            return Err(at(
                &format!("keys[{i}]"),
                "a side's order key comes with its commitment".into(),
            ));
        }
        if !k.is_empty() {
            let key = unhex(k).map_err(|m| at(&format!("keys[{i}]"), m))?;
            drumfire_core::signed::check_public(&key).map_err(|m| at(&format!("keys[{i}]"), m))?;
        }
    }
    if file.to > 1 {
        return Err(at("to", format!("side {} is not 0 or 1", file.to)));
    }
    if let Some(p) = &file.pending {
        if p.side > 1 {
            return Err(at("pending.side", format!("side {} is not 0 or 1", p.side)));
        }
        unhex(&p.reveal).map_err(|m| at("pending.reveal", m))?;
    }
    Ok(file)
}
