//! The scenario editor without a screen: a scenario file changed by [`Edit`]s, each
//! undoable, checked by the same checks as `drumfire check`, and written as RON that
//! reads back to the same file (and so re-saves byte-identical).
//!
//! The window's editor turns mouse strokes into edits; tests build whole scenarios
//! from them.
//!
//! `edit.rs` lists the edits, `apply.rs` makes them, `section.rs` is how a rule set's
//! own section takes part.

use crate::coords::MapCoord;
use crate::error::LocatedError;
use crate::rule_set::{RuleSetInfo, RuleSets};
use crate::scenario::{self, Scenario, ScenarioFile, SideDef, VictoryDef};

mod apply;
mod edit;
mod section;

use apply::{apply, blank_map, open_glyph};
pub use apply::{fresh_id, hex_label, side_index};
pub use edit::{CrossingEdit, Edit, SideField};
pub use section::{OnMap, RulesEdit, SectionEdit, SectionEditor, SectionPiece};

/// A scenario being edited.
#[derive(Clone, Debug)]
pub struct Editor {
    /// Where it is saved (for messages).
    pub source: String,
    /// The scenario as it stands.
    pub file: ScenarioFile,
    /// Its rule set.
    rules: &'static RuleSetInfo,
    /// The rule sets it is checked against.
    rule_sets: &'static RuleSets,
    undo: Vec<ScenarioFile>,
    redo: Vec<ScenarioFile>,
    /// The last [`Editor::apply`] made an undo step that a stroke may join.
    stroke_open: bool,
}

/// The text written before a saved scenario.
const HEADER: &str =
    "// Written by the Drumfire scenario editor. Format: docs/scenario-format.md.\n";

impl Editor {
    /// A new scenario for a rule set (one of `rule_sets`): a 16x12 map of its first
    /// terrain, two sides.
    pub fn new(rule_sets: &'static RuleSets, rules: &'static RuleSetInfo, source: &str) -> Self {
        let glyph = open_glyph(rules);
        let side = |id: &str, name: &str, colour: &str| SideDef {
            id: id.into(),
            name: name.into(),
            colour: colour.into(),
        };
        let file = ScenarioFile {
            rules: rules.id.into(),
            title: "New scenario".into(),
            briefing: String::new(),
            turns: 8,
            map: blank_map(16, 12, glyph),
            sides: vec![
                side("red", "Red", "#b04a3a"),
                side("blue", "Blue", "#3a5fb0"),
            ],
            counters: Vec::new(),
            hex_markers: Vec::new(),
            victory: VictoryDef::default(),
            section: None,
        };
        let mut file = file;
        file.section = Some((rules.new_section)(&file.sides));
        Self::from_file(source, file, rules, rule_sets)
    }

    /// Edits a scenario of rule set `rules`.
    fn from_file(
        source: &str,
        file: ScenarioFile,
        rules: &'static RuleSetInfo,
        rule_sets: &'static RuleSets,
    ) -> Self {
        Self {
            source: source.to_owned(),
            file,
            rules,
            rule_sets,
            undo: Vec::new(),
            redo: Vec::new(),
            stroke_open: false,
        }
    }

    /// Opens a scenario's text. It need not pass every check (the editor is where
    /// they get fixed), but its map must be drawable: rows matching its size, a known
    /// rule set of `rule_sets`, at least one side. Otherwise the check's own located
    /// error comes back.
    pub fn open(
        source: &str,
        text: &str,
        rule_sets: &'static RuleSets,
    ) -> Result<Self, LocatedError> {
        // A file in the format before sections opens too; it is saved in the present one.
        let file: ScenarioFile = scenario::read_file(source, text, rule_sets).or_else(|err| {
            rule_sets
                .older_format()
                .and_then(|read| read(source, text))
                .ok_or(err)
        })?;
        let rules = rule_sets.find(&file.rules);
        let (w, h) = (usize::from(file.map.width), usize::from(file.map.height));
        let shaped =
            |rows: &[String]| rows.len() == h && rows.iter().all(|r| r.chars().count() == w);
        let drawable = (1..=200).contains(&w)
            && (1..=200).contains(&h)
            && shaped(&file.map.terrain)
            && (file.map.elevation.is_empty() || shaped(&file.map.elevation))
            && !file.sides.is_empty()
            && rules.is_some();
        let Some(rules) = rules.filter(|_| drawable) else {
            let errors = scenario::parse(source, text, rule_sets)
                .err()
                .unwrap_or_default();
            let first = errors
                .iter()
                .find(|e| {
                    ["map", "sides", "rules"]
                        .iter()
                        .any(|f| e.field.starts_with(f))
                })
                .or(errors.first())
                .cloned();
            return Err(first.unwrap_or_else(|| LocatedError {
                file: source.to_owned(),
                line: 1,
                col: 1,
                field: "map".into(),
                message: "the map's rows do not match its width and height".into(),
            }));
        };
        Ok(Self::from_file(source, file, rules, rule_sets))
    }

    /// The scenario's rule set.
    pub fn rules(&self) -> &'static RuleSetInfo {
        self.rules
    }

    /// Applies an edit; a refused edit changes nothing and says why.
    pub fn apply(&mut self, edit: &Edit) -> Result<(), String> {
        let mut next = self.file.clone();
        apply(&mut next, self.rules, edit)?;
        self.stroke_open = next != self.file;
        if self.stroke_open {
            self.undo.push(std::mem::replace(&mut self.file, next));
            self.redo.clear();
        }
        Ok(())
    }

    /// Applies an edit as part of the last one (a brush stroke dragged across hexes
    /// is one edit to undo).
    pub fn apply_continuing(&mut self, edit: &Edit) -> Result<(), String> {
        if !self.stroke_open {
            return self.apply(edit);
        }
        apply(&mut self.file, self.rules, edit)?;
        Ok(())
    }

    /// Takes back the last edit.
    pub fn undo(&mut self) -> bool {
        self.stroke_open = false;
        step(&mut self.undo, &mut self.redo, &mut self.file)
    }

    /// Puts back the last edit taken back.
    pub fn redo(&mut self) -> bool {
        self.stroke_open = false;
        step(&mut self.redo, &mut self.undo, &mut self.file)
    }

    /// Can an edit be taken back, put back?
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (!self.undo.is_empty(), !self.redo.is_empty())
    }

    /// The scenario as RON text.
    pub fn to_text(&self) -> String {
        write_text(&self.file)
    }

    /// The checks of `drumfire check`, located in [`Self::to_text`].
    pub fn check(&self) -> Result<Scenario, Vec<LocatedError>> {
        scenario::parse(&self.source, &self.to_text(), self.rule_sets)
    }

    /// The scenario as it stands, for drawing, whether or not it passes the checks
    /// (spawning skips what it cannot place).
    pub fn as_scenario(&self) -> Option<Scenario> {
        Some(Scenario {
            source: self.source.clone(),
            text: String::new(),
            file: self.file.clone(),
            rules: self.rules,
            rule_sets: self.rule_sets,
        })
    }

    /// The hex a check's error is about, for the validation panel to go to: a hex
    /// number in the message, or the hex of the counter, objective or rule set's piece
    /// (a leader) the field names.
    pub fn error_hex(&self, err: &LocatedError) -> Option<String> {
        error_hex(&self.file, self.rules, err)
    }

    /// Writes the scenario atomically.
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let tmp = path.with_extension("ron.tmp");
        std::fs::write(&tmp, self.to_text())?;
        std::fs::File::open(&tmp)?.sync_all()?;
        std::fs::rename(&tmp, path)
    }
}

/// Moves the file back (or forward) one snapshot: the top of `from` becomes the
/// file, the file goes on `to`.
fn step(from: &mut Vec<ScenarioFile>, to: &mut Vec<ScenarioFile>, file: &mut ScenarioFile) -> bool {
    let Some(other) = from.pop() else {
        return false;
    };
    to.push(std::mem::replace(file, other));
    true
}

/// The hex an error is about, for the validation panel to go to: a hex number in the
/// message, or the hex of the counter, objective or rule set's piece (a leader) the
/// field names.
fn error_hex(file: &ScenarioFile, rules: &RuleSetInfo, err: &LocatedError) -> Option<String> {
    let on_map = |w: &str| {
        MapCoord::parse_label(w)
            .ok()
            .filter(|c| c.col < file.map.width && c.row < file.map.height)
            .map(|_| w.to_owned())
    };
    let index = |prefix: &str| -> Option<usize> {
        err.field
            .strip_prefix(prefix)?
            .split(']')
            .next()?
            .parse()
            .ok()
    };
    if let Some(i) = index("counters[") {
        return file.counters.get(i).and_then(|c| on_map(&c.hex));
    }
    if let Some(hex) = (rules.editor.field_hex)(file, &err.field) {
        return on_map(&hex);
    }
    if let Some(i) = index("victory.objectives[") {
        return file.victory.objectives.get(i).and_then(|o| on_map(&o.hex));
    }
    err.message
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| w.len() >= 4)
        .find_map(on_map)
}

/// The scenario file as the editor writes it.
pub fn write_text(file: &ScenarioFile) -> String {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .indentor("    ".to_owned());
    let body = ron::ser::to_string_pretty(file, config).unwrap_or_default();
    format!("{HEADER}{body}\n")
}
