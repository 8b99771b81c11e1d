//! Scenario files: the RON format (documented field by field in
//! `docs/scenario-format.md`), its checks, and spawning a scenario into a world.

use crate::coords::MapCoord;
use crate::counters::{Counter, HexMarker, Morale, OnHex, PieceIds, Printed, Steps, add_marker};
use crate::data::RuleSetData;
use crate::error::LocatedError;
use crate::map::{Crossing, Elevation, HexCell, HexIndex, Objective, River, Road, Sides, Terrain};
use crate::ron_spans::{Seg, locate_nearest, path, path_at};
use crate::rule_set::{RuleSetInfo, RuleSets};
use bevy_ecs::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

mod check;
mod file;
pub use file::FileSeed;
mod spawn;

pub use crate::scenario_file::*;
pub use crate::sides::{ScenarioInfo, SideInfo, SideList};
use check::*;
pub use check::{MAX_COUNTERS, MAX_ERRORS, hex_on_map};
pub use spawn::spawn;

/// A checked scenario, ready to spawn.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The file name it was read from (for messages).
    pub source: String,
    /// The text as read (saves embed it so they stand alone).
    pub text: String,
    /// The parsed file.
    pub file: ScenarioFile,
    /// Its rule set.
    pub rules: &'static RuleSetInfo,
    /// The rule sets it was read with: saves, turn files and messages of its game are
    /// read with them.
    pub rule_sets: &'static RuleSets,
}

/// Reads a scenario file of one of `rule_sets` as written, unchecked (the present
/// format only).
pub fn read_file(
    source: &str,
    text: &str,
    rule_sets: &'static RuleSets,
) -> Result<ScenarioFile, LocatedError> {
    crate::error::read_ron_seed(source, text, file::FileSeed(rule_sets))
}

/// Reads and checks a scenario of one of `rule_sets`. All errors found are returned,
/// each located. A file in the format before sections is read into the present one
/// when the rule sets have a reader for it ([`RuleSets::older_format`]).
pub fn parse(
    source: &str,
    text: &str,
    rule_sets: &'static RuleSets,
) -> Result<Scenario, Vec<LocatedError>> {
    let text = crate::error::without_bom(text);
    let (file, first_format) = match read_file(source, text, rule_sets) {
        Ok(file) => (file, false),
        Err(mut err) => match rule_sets.older_format().and_then(|read| read(source, text)) {
            Some(file) => (file, true),
            None => {
                err.field = path_at(
                    text,
                    crate::error::TextPos {
                        line: err.line,
                        col: err.col,
                    },
                );
                return Err(vec![err]);
            }
        },
    };
    let mut errs = Errors {
        source,
        text,
        list: Vec::new(),
        more: 0,
    };
    let Some(rules) = rule_sets.find(&file.rules) else {
        let known = rule_sets.ids();
        errs.push(
            "rules",
            format!(
                "unknown rule set `{}`; known: {}",
                file.rules,
                known.join(", ")
            ),
        );
        return Err(errs.into_list());
    };
    check(&file, rules.data(), &mut errs);
    if let Some(section) = &file.section
        && section.rules != rules.id
    {
        errs.push(
            section.rules,
            format!(
                "a `{}` section in a `{}` scenario: its rule set reads only a `{}` section",
                section.rules, rules.id, rules.id
            ),
        );
    } else {
        for (field, message) in (rules.check)(&file) {
            let field = if first_format {
                field_in_first_format(rules.id, &field)
            } else {
                field
            };
            errs.push(&field, message);
        }
    }
    if errs.list.is_empty() {
        Ok(Scenario {
            source: source.to_owned(),
            text: text.to_owned(),
            file,
            rules,
            rule_sets,
        })
    } else {
        Err(errs.into_list())
    }
}

/// Where a field of the rule set's section stood in the first format: the section's
/// sides were the core's, its leaders at the top.
fn field_in_first_format(rules: &str, field: &str) -> String {
    field
        .strip_prefix(rules)
        .and_then(|f| f.strip_prefix('.'))
        .unwrap_or(field)
        .to_owned()
}

/// The rule set's data, shared by the systems that need it.
#[derive(Resource, Clone, Debug)]
pub struct Rules(pub &'static RuleSetInfo);
