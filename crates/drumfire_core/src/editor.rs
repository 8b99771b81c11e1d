//! The scenario editor without a screen: a scenario file changed by [`Edit`]s, each
//! undoable, checked by the same checks as `drumfire check`, and written as RON that
//! reads back to the same file (and so re-saves byte-identical).
//!
//! The window's editor turns mouse strokes into edits; tests build whole scenarios
//! from them.

use crate::coords::MapCoord;
use crate::error::LocatedError;
use crate::rule_set::{RuleSetInfo, RuleSets};
use crate::scenario::{
    self, CounterDef, MapDef, ObjectiveDef, Orientation, Scenario, ScenarioFile, SideDef,
    VictoryDef,
};

/// Bridge or ford on a river hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossingEdit {
    /// A bridge.
    Bridge,
    /// A ford.
    Ford,
    /// Neither.
    None,
}

/// One field of a side's settings (a rule set's own figures are its edits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideField {
    /// Name shown to players.
    Name(String),
    /// Colour, `#rrggbb`.
    Colour(String),
}

/// A rule set's own change to its section of the scenario (its side figures, its
/// pieces, its plans), made through [`Edit::Rules`].
pub trait SectionEdit:
    std::any::Any + Send + Sync + std::fmt::Debug + Clone + PartialEq + Eq
{
    /// Makes the change, or says why not (and changes nothing: the editor applies it
    /// to a copy).
    fn apply(&self, file: &mut ScenarioFile, rules: &'static RuleSetInfo) -> Result<(), String>;
}

/// A rule set's edit as the editor holds it: any [`SectionEdit`], compared and printed
/// like the rule set's own type.
#[derive(Clone)]
pub struct RulesEdit(std::sync::Arc<dyn AnyEdit>);

impl RulesEdit {
    /// Wraps a rule set's edit.
    pub fn new<T: SectionEdit>(edit: T) -> Self {
        Self(std::sync::Arc::new(edit))
    }

    /// The rule set's edit, if it is a `T`.
    pub fn get<T: SectionEdit>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }
}

impl PartialEq for RulesEdit {
    fn eq(&self, other: &Self) -> bool {
        self.0.dyn_eq(other.0.as_any())
    }
}

impl Eq for RulesEdit {}

impl std::fmt::Debug for RulesEdit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.dyn_debug(f)
    }
}

/// The object-safe side of [`SectionEdit`].
trait AnyEdit: Send + Sync {
    fn as_any(&self) -> &dyn std::any::Any;
    fn dyn_eq(&self, other: &dyn std::any::Any) -> bool;
    fn dyn_debug(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result;
    fn apply(&self, file: &mut ScenarioFile, rules: &'static RuleSetInfo) -> Result<(), String>;
}

impl<T: SectionEdit> AnyEdit for T {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn dyn_eq(&self, other: &dyn std::any::Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }
    fn dyn_debug(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self, f)
    }
    fn apply(&self, file: &mut ScenarioFile, rules: &'static RuleSetInfo) -> Result<(), String> {
        SectionEdit::apply(self, file, rules)
    }
}

impl<T: SectionEdit> From<T> for Edit {
    fn from(edit: T) -> Self {
        Edit::Rules(RulesEdit::new(edit))
    }
}

/// A piece a rule set's section places on the map itself (the Great War's leaders
/// pool), beside the core's counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionPiece {
    /// Its id (unique among every piece of the scenario).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its side's id.
    pub side: String,
    /// Its hex number.
    pub hex: String,
}

/// Is this hex number on the map?
pub type OnMap<'a> = dyn Fn(&str) -> bool + 'a;

/// How a rule set's section follows the core's edits: its own pieces moved, renamed
/// and removed like counters, and what it holds kept on a smaller map and within the
/// game's turns. [`SectionEditor::NONE`] for a section with nothing of the kind.
#[derive(Clone, Copy)]
pub struct SectionEditor {
    /// Its pieces on the map.
    pub pieces: fn(&ScenarioFile) -> Vec<SectionPiece>,
    /// Puts its piece `id` in hex `hex`: false when `id` is not one of its.
    pub move_piece: fn(&mut ScenarioFile, id: &str, hex: &str) -> bool,
    /// Renames its piece `id`: false when `id` is not one of its.
    pub rename_piece: fn(&mut ScenarioFile, id: &str, name: &str) -> bool,
    /// Piece `id` (its own or a counter) is gone: drops it and whatever names it.
    pub forget: fn(&mut ScenarioFile, id: &str),
    /// The map was cut down: drops what lies on no hex that `fits`.
    pub keep_on_map: fn(&mut ScenarioFile, fits: &OnMap<'_>),
    /// The game now lasts this many turns.
    pub set_turns: fn(&mut ScenarioFile, turns: u16),
    /// The hex of the piece of its own that a check's field path names
    /// (`great_war.leaders[2].rank`), for the validation panel to go to.
    pub field_hex: fn(&ScenarioFile, field: &str) -> Option<String>,
}

impl SectionEditor {
    /// For a section that places no pieces and holds nothing by hex or turn.
    pub const NONE: SectionEditor = SectionEditor {
        pieces: |_| Vec::new(),
        move_piece: |_, _, _| false,
        rename_piece: |_, _, _| false,
        forget: |_, _| {},
        keep_on_map: |_, _| {},
        set_turns: |_, _| {},
        field_hex: |_, _| None,
    };
}

/// A change to the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// A new blank map of every hex the given terrain glyph, level 0; pieces off it go.
    NewMap {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
        /// Terrain glyph.
        glyph: char,
    },
    /// Resize the map, keeping what fits; new hexes get the glyph.
    Resize {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
        /// Terrain glyph for new hexes.
        glyph: char,
    },
    /// Paint one hex's terrain.
    Paint {
        /// Hex number.
        hex: String,
        /// Terrain glyph.
        glyph: char,
    },
    /// Paint the hex and every hex of the same terrain joined to it.
    Fill {
        /// Hex number.
        hex: String,
        /// Terrain glyph.
        glyph: char,
    },
    /// Raise or lower a hex's elevation by one contour.
    Elevation {
        /// Hex number.
        hex: String,
        /// +1 or -1.
        up: bool,
    },
    /// Draw a road from a hex to an adjacent one.
    Road {
        /// From.
        from: String,
        /// To (adjacent).
        to: String,
    },
    /// Draw a river from a hex to an adjacent one.
    River {
        /// From.
        from: String,
        /// To (adjacent).
        to: String,
    },
    /// Take every road and river stroke off a hex.
    EraseLines {
        /// Hex number.
        hex: String,
    },
    /// Set a river hex's crossing.
    Crossing {
        /// Hex number.
        hex: String,
        /// Bridge, ford or none.
        kind: CrossingEdit,
    },
    /// Place a new unit of a type (its id is made from the type).
    PlaceUnit {
        /// Side id.
        side: String,
        /// Unit type id.
        unit: String,
        /// Hex number.
        hex: String,
    },
    /// Move a unit or leader to another hex.
    Move {
        /// Its id.
        id: String,
        /// Hex number.
        hex: String,
    },
    /// Remove a unit or leader.
    Delete {
        /// Its id.
        id: String,
    },
    /// Set a unit's steps at the start (its full strength clears the field).
    Steps {
        /// Its id.
        id: String,
        /// Steps.
        steps: u8,
    },
    /// Swap a cavalry unit between mounted and dismounted.
    Mount {
        /// Its id.
        id: String,
    },
    /// Rename a unit or leader.
    Rename {
        /// Its id.
        id: String,
        /// New name.
        name: String,
    },
    /// The hexside a counter faces at the start (`None`: the rule set decides).
    Facing {
        /// Its id.
        id: String,
        /// The facing.
        facing: Option<scenario::FacingDef>,
    },
    /// The kinds of a unit's stands or bases, left to right (none: a unit of steps only).
    Stands {
        /// Its id.
        id: String,
        /// The kinds.
        stands: Vec<String>,
    },
    /// The title.
    Title(String),
    /// The briefing.
    Briefing(String),
    /// Number of turns.
    Turns(u16),
    /// A side's setting.
    Side {
        /// Side index.
        index: usize,
        /// The field and its value.
        field: SideField,
    },
    /// Make a hex an objective worth points (0 points removes it).
    Objective {
        /// Hex number.
        hex: String,
        /// Points.
        points: u32,
        /// Side id holding it at the start.
        held_by: Option<String>,
    },
    /// Points per enemy step destroyed.
    StepLossPoints(u32),
    /// A rule set's own change to its section.
    Rules(RulesEdit),
}

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

fn open_glyph(rules: &RuleSetInfo) -> char {
    let data = rules.data();
    data.terrain
        .get("clear")
        .or_else(|| data.terrain.values().next())
        .map_or('.', |t| t.glyph)
}

fn blank_map(width: u16, height: u16, glyph: char) -> MapDef {
    MapDef {
        width,
        height,
        orientation: Orientation::FlatColumns,
        terrain: (0..height)
            .map(|_| std::iter::repeat_n(glyph, usize::from(width)).collect())
            .collect(),
        elevation: Vec::new(),
        roads: Vec::new(),
        rivers: Vec::new(),
        bridges: Vec::new(),
        fords: Vec::new(),
    }
}

/// The printed number of hex `hex` of the file's map, or why it is none.
pub fn hex_label(file: &ScenarioFile, hex: &str) -> Result<String, String> {
    coord(&file.map, hex).map(MapCoord::label)
}

fn coord(map: &MapDef, hex: &str) -> Result<MapCoord, String> {
    let c = MapCoord::parse_label(hex)?;
    if c.col >= map.width || c.row >= map.height {
        return Err(format!(
            "hex {hex} is off the {}x{} map",
            map.width, map.height
        ));
    }
    Ok(c)
}

fn set_char(row: &mut String, col: usize, ch: char) {
    *row = row
        .chars()
        .enumerate()
        .map(|(i, c)| if i == col { ch } else { c })
        .collect();
}

fn glyph_at(map: &MapDef, c: MapCoord) -> Option<char> {
    map.terrain
        .get(usize::from(c.row))?
        .chars()
        .nth(usize::from(c.col))
}

fn check_glyph(rules: &RuleSetInfo, glyph: char) -> Result<(), String> {
    if rules.data().terrain_by_glyph(glyph).is_none() {
        return Err(format!(
            "`{glyph}` is not a terrain of the {} rules",
            rules.name
        ));
    }
    Ok(())
}

/// Keeps what fits of a map in a new size.
fn resize(map: &MapDef, width: u16, height: u16, glyph: char) -> MapDef {
    let mut out = blank_map(width, height, glyph);
    for (r, row) in out.terrain.iter_mut().enumerate() {
        if let Some(old) = map.terrain.get(r) {
            *row = old
                .chars()
                .chain(std::iter::repeat(glyph))
                .take(usize::from(width))
                .collect();
        }
    }
    if !map.elevation.is_empty() {
        out.elevation = (0..usize::from(height))
            .map(|r| {
                map.elevation
                    .get(r)
                    .map_or("", String::as_str)
                    .chars()
                    .chain(std::iter::repeat('0'))
                    .take(usize::from(width))
                    .collect()
            })
            .collect();
    }
    let fits =
        |label: &str| MapCoord::parse_label(label).is_ok_and(|c| c.col < width && c.row < height);
    let paths = |list: &[String]| -> Vec<String> {
        list.iter()
            .flat_map(|line| {
                // A path leaving the map is cut into the pieces on it.
                let mut pieces: Vec<Vec<&str>> = vec![Vec::new()];
                for w in line.split(' ') {
                    if fits(w) {
                        if let Some(p) = pieces.last_mut() {
                            p.push(w);
                        }
                    } else if !pieces.last().is_none_or(Vec::is_empty) {
                        pieces.push(Vec::new());
                    }
                }
                pieces
                    .into_iter()
                    .filter(|p| p.len() >= 2)
                    .map(|p| p.join(" "))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    out.roads = paths(&map.roads);
    out.rivers = paths(&map.rivers);
    out.bridges = map.bridges.iter().filter(|h| fits(h)).cloned().collect();
    out.fords = map.fords.iter().filter(|h| fits(h)).cloned().collect();
    out
}

fn on_map_only(file: &mut ScenarioFile, rules: &RuleSetInfo) {
    let (w, h) = (file.map.width, file.map.height);
    let fits = |label: &str| MapCoord::parse_label(label).is_ok_and(|c| c.col < w && c.row < h);
    file.counters.retain(|c| fits(&c.hex));
    (rules.editor.keep_on_map)(file, &fits);
    file.hex_markers.retain(|m| fits(&m.hex));
    file.victory.objectives.retain(|o| fits(&o.hex));
}

/// Adds the stroke a-b to a list of paths: extends a path ending at a, or starts one.
fn add_stroke(list: &mut Vec<String>, a: &str, b: &str) {
    let has = list.iter().any(|l| {
        let w: Vec<&str> = l.split(' ').collect();
        w.windows(2)
            .any(|p| (p[0] == a && p[1] == b) || (p[0] == b && p[1] == a))
    });
    if has {
        return;
    }
    if let Some(line) = list
        .iter_mut()
        .find(|l| l.split(' ').next_back() == Some(a))
    {
        line.push(' ');
        line.push_str(b);
    } else {
        list.push(format!("{a} {b}"));
    }
}

/// Takes every stroke touching a hex off a list of paths.
fn erase_strokes(list: &mut Vec<String>, hex: &str) {
    let mut out = Vec::new();
    for line in list.iter() {
        let mut piece: Vec<&str> = Vec::new();
        for w in line.split(' ') {
            if w == hex {
                if piece.len() >= 2 {
                    out.push(piece.join(" "));
                }
                piece.clear();
            } else {
                piece.push(w);
            }
        }
        if piece.len() >= 2 {
            out.push(piece.join(" "));
        }
    }
    *list = out;
}

/// A piece id made from `stem` that no counter or section piece has (`stem_1`, ...).
pub fn fresh_id(file: &ScenarioFile, rules: &RuleSetInfo, stem: &str) -> String {
    let own = (rules.editor.pieces)(file);
    let taken =
        |id: &str| file.counters.iter().any(|c| c.id == id) || own.iter().any(|p| p.id == id);
    (1..)
        .map(|n| format!("{stem}_{n}"))
        .find(|id| !taken(id))
        .unwrap_or_default()
}

/// The index of side `side`.
pub fn side_index(file: &ScenarioFile, side: &str) -> Result<usize, String> {
    file.sides
        .iter()
        .position(|s| s.id == side)
        .ok_or_else(|| format!("there is no side `{side}`"))
}

fn apply(file: &mut ScenarioFile, rules: &'static RuleSetInfo, edit: &Edit) -> Result<(), String> {
    match edit {
        Edit::NewMap {
            width,
            height,
            glyph,
        }
        | Edit::Resize {
            width,
            height,
            glyph,
        } => {
            check_glyph(rules, *glyph)?;
            check_size(*width, *height)?;
            file.map = if matches!(edit, Edit::NewMap { .. }) {
                blank_map(*width, *height, *glyph)
            } else {
                resize(&file.map, *width, *height, *glyph)
            };
            on_map_only(file, rules);
        }
        Edit::Paint { hex, glyph } => {
            check_glyph(rules, *glyph)?;
            let c = coord(&file.map, hex)?;
            if let Some(row) = file.map.terrain.get_mut(usize::from(c.row)) {
                set_char(row, usize::from(c.col), *glyph);
            }
        }
        Edit::Fill { hex, glyph } => {
            check_glyph(rules, *glyph)?;
            let start = coord(&file.map, hex)?;
            let from = glyph_at(&file.map, start);
            if from == Some(*glyph) {
                return Ok(());
            }
            let mut todo = vec![start];
            let mut seen = std::collections::BTreeSet::from([start]);
            while let Some(c) = todo.pop() {
                if let Some(row) = file.map.terrain.get_mut(usize::from(c.row)) {
                    set_char(row, usize::from(c.col), *glyph);
                }
                for n in c.to_hex().all_neighbors() {
                    let Some(nc) = MapCoord::from_hex(n) else {
                        continue;
                    };
                    if nc.col < file.map.width
                        && nc.row < file.map.height
                        && glyph_at(&file.map, nc) == from
                        && seen.insert(nc)
                    {
                        todo.push(nc);
                    }
                }
            }
        }
        Edit::Elevation { hex, up } => {
            let c = coord(&file.map, hex)?;
            let (w, h) = (usize::from(file.map.width), usize::from(file.map.height));
            if file.map.elevation.is_empty() {
                file.map.elevation = vec!["0".repeat(w); h];
            }
            let row = &mut file.map.elevation[usize::from(c.row)];
            let now = row
                .chars()
                .nth(usize::from(c.col))
                .and_then(|d| d.to_digit(10))
                .unwrap_or(0);
            let next = if *up {
                (now + 1).min(9)
            } else {
                now.saturating_sub(1)
            };
            set_char(row, usize::from(c.col), char::from(b'0' + next as u8));
            if file
                .map
                .elevation
                .iter()
                .all(|r| r.chars().all(|d| d == '0'))
            {
                file.map.elevation.clear();
            }
        }
        Edit::Road { from, to } | Edit::River { from, to } => {
            let (a, b) = (coord(&file.map, from)?, coord(&file.map, to)?);
            if a.to_hex().unsigned_distance_to(b.to_hex()) != 1 {
                return Err(format!("{from} and {to} are not adjacent"));
            }
            let list = if matches!(edit, Edit::Road { .. }) {
                &mut file.map.roads
            } else {
                &mut file.map.rivers
            };
            add_stroke(list, &a.label(), &b.label());
        }
        Edit::EraseLines { hex } => {
            let label = coord(&file.map, hex)?.label();
            erase_strokes(&mut file.map.roads, &label);
            erase_strokes(&mut file.map.rivers, &label);
            file.map.bridges.retain(|h| *h != label);
            file.map.fords.retain(|h| *h != label);
        }
        Edit::Crossing { hex, kind } => {
            let label = coord(&file.map, hex)?.label();
            let on_river = file
                .map
                .rivers
                .iter()
                .any(|l| l.split(' ').any(|w| w == label));
            if !on_river && *kind != CrossingEdit::None {
                return Err(format!("hex {label} has no river to cross"));
            }
            file.map.bridges.retain(|h| *h != label);
            file.map.fords.retain(|h| *h != label);
            match kind {
                CrossingEdit::Bridge => file.map.bridges.push(label),
                CrossingEdit::Ford => file.map.fords.push(label),
                CrossingEdit::None => {}
            }
        }
        Edit::PlaceUnit { side, unit, hex } => {
            side_index(file, side)?;
            if !rules.data().units.contains_key(unit) {
                return Err(format!(
                    "`{unit}` is not a unit type of the {} rules",
                    rules.name
                ));
            }
            let label = coord(&file.map, hex)?.label();
            let id = fresh_id(file, rules, &format!("{side}_{unit}"));
            file.counters.push(CounterDef {
                id,
                side: side.clone(),
                unit: unit.clone(),
                hex: label,
                name: String::new(),
                steps: None,
                morale: None,
                markers: Vec::new(),
                facing: None,
                stands: Vec::new(),
            });
        }
        Edit::Move { id, hex } => {
            let label = coord(&file.map, hex)?.label();
            if let Some(c) = file.counters.iter_mut().find(|c| c.id == *id) {
                c.hex = label;
            } else if !(rules.editor.move_piece)(file, id, &label) {
                return Err(format!("there is no unit or leader `{id}`"));
            }
        }
        Edit::Delete { id } => {
            let known = file.counters.iter().any(|c| c.id == *id)
                || (rules.editor.pieces)(file).iter().any(|p| p.id == *id);
            if !known {
                return Err(format!("there is no unit or leader `{id}`"));
            }
            file.counters.retain(|c| c.id != *id);
            (rules.editor.forget)(file, id);
        }
        Edit::Steps { id, steps } => {
            let c = counter_mut(file, id)?;
            let max = rules.data().units.get(&c.unit).map_or(1, |u| u.max_steps());
            if *steps == 0 || *steps > max {
                return Err(format!("`{id}` has 1 to {max} steps"));
            }
            c.steps = (*steps != max).then_some(*steps);
        }
        Edit::Mount { id } => {
            let c = counter_mut(file, id)?;
            let other = rules
                .data()
                .units
                .get(&c.unit)
                .and_then(|u| u.counterpart.clone())
                .ok_or_else(|| format!("`{id}` does not mount or dismount"))?;
            c.unit = other;
        }
        Edit::Rename { id, name } => {
            if let Some(c) = file.counters.iter_mut().find(|c| c.id == *id) {
                c.name = name.clone();
            } else if !(rules.editor.rename_piece)(file, id, name) {
                return Err(format!("there is no unit or leader `{id}`"));
            }
        }
        Edit::Facing { id, facing } => {
            let c = file
                .counters
                .iter_mut()
                .find(|c| c.id == *id)
                .ok_or_else(|| format!("there is no unit `{id}`"))?;
            c.facing = *facing;
        }
        Edit::Stands { id, stands } => {
            if stands.len() > crate::counters::MAX_STANDS {
                return Err(format!(
                    "a unit has at most {} stands",
                    crate::counters::MAX_STANDS
                ));
            }
            if stands.iter().any(|k| k.trim().is_empty()) {
                return Err("each stand needs its kind".into());
            }
            counter_mut(file, id)?.stands = stands.iter().map(|k| k.trim().to_owned()).collect();
        }
        Edit::Title(t) => file.title = t.clone(),
        Edit::Briefing(b) => file.briefing = b.clone(),
        Edit::Turns(n) => {
            if *n == 0 {
                return Err("a game lasts at least 1 turn".into());
            }
            file.turns = *n;
            (rules.editor.set_turns)(file, *n);
        }
        Edit::Side { index, field } => {
            let side = file
                .sides
                .get_mut(*index)
                .ok_or_else(|| format!("there is no side number {index}"))?;
            match field {
                SideField::Name(n) => side.name = n.clone(),
                SideField::Colour(c) => {
                    if scenario::parse_colour(c).is_none() {
                        return Err(format!("`{c}` is not a colour like #3a5fb0"));
                    }
                    side.colour = c.clone();
                }
            }
        }
        Edit::Objective {
            hex,
            points,
            held_by,
        } => {
            let label = coord(&file.map, hex)?.label();
            if let Some(s) = held_by {
                side_index(file, s)?;
            }
            let list = &mut file.victory.objectives;
            list.retain(|o| o.hex != label);
            if *points > 0 {
                list.push(ObjectiveDef {
                    hex: label,
                    points: *points,
                    held_by: held_by.clone(),
                });
            }
        }
        Edit::StepLossPoints(n) => file.victory.step_loss_points = *n,
        Edit::Rules(edit) => edit.0.apply(file, rules)?,
    }
    Ok(())
}

fn counter_mut<'a>(file: &'a mut ScenarioFile, id: &str) -> Result<&'a mut CounterDef, String> {
    file.counters
        .iter_mut()
        .find(|c| c.id == id)
        .ok_or_else(|| format!("there is no unit `{id}`"))
}

fn check_size(width: u16, height: u16) -> Result<(), String> {
    if !(1..=200).contains(&width) || !(1..=200).contains(&height) {
        return Err(format!(
            "a map is 1 to 200 hexes each way, not {width}x{height}"
        ));
    }
    Ok(())
}
