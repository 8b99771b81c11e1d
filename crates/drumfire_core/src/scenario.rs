//! Scenario files: the RON format (documented field by field in
//! `docs/scenario-format.md`), its checks, and spawning a scenario into a world.

use crate::coords::MapCoord;
use crate::counters::{
    Counter, HexMarker, HexMarkerKind, Leader, LeaderKind, MarkerKind, Morale, OnHex, PieceIds,
    Printed, Steps, add_marker,
};
use crate::data::{RuleSetData, UnitClass};
use crate::error::LocatedError;
use crate::map::{Crossing, Elevation, HexCell, HexIndex, Objective, River, Road, Sides, Terrain};
use crate::ron_spans::{Seg, locate_nearest, path, path_at};
use crate::rules::{self, RuleSetInfo};
use bevy_ecs::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A scenario file as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Scenario")]
pub struct ScenarioFile {
    /// Rule set id: a folder under `rules/` ("great_war").
    pub rules: String,
    /// Title shown to players.
    pub title: String,
    /// Briefing text: the situation and what each side must do.
    #[serde(default)]
    pub briefing: String,
    /// Length of the game in turns.
    pub turns: u16,
    /// The map.
    pub map: MapDef,
    /// The sides, first to last (two for every rule set so far).
    pub sides: Vec<SideDef>,
    /// Units and where they stand.
    pub counters: Vec<CounterDef>,
    /// The leaders pool.
    #[serde(default)]
    pub leaders: Vec<LeaderDef>,
    /// Markers lying in hexes at the start (a bombardment already under way).
    #[serde(default)]
    pub hex_markers: Vec<HexMarkerDef>,
    /// How the game is won.
    #[serde(default)]
    pub victory: VictoryDef,
}

/// A marker lying in a hex at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "HexMarker")]
pub struct HexMarkerDef {
    /// Which marker.
    pub kind: HexMarkerKind,
    /// Hex number.
    pub hex: String,
    /// Side id that placed it.
    pub side: String,
    /// Id of the counter or off-board factor that placed it.
    pub source: String,
}

/// How hexes are laid out. Flat-topped hexes in columns is the only layout so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Orientation {
    /// Flat-topped hexes, columns numbered left to right, odd columns (0-based) half a hex up.
    #[default]
    FlatColumns,
}

/// The map of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Map")]
pub struct MapDef {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
    /// Hex layout.
    #[serde(default)]
    pub orientation: Orientation,
    /// One string per row, one terrain glyph per column.
    pub terrain: Vec<String>,
    /// One string per row, one digit (contour level) per column; empty for a flat map.
    #[serde(default)]
    pub elevation: Vec<String>,
    /// Roads, each a path of adjacent hex numbers separated by spaces.
    #[serde(default)]
    pub roads: Vec<String>,
    /// Rivers, each a path of adjacent hex numbers separated by spaces.
    #[serde(default)]
    pub rivers: Vec<String>,
    /// River hexes with a bridge.
    #[serde(default)]
    pub bridges: Vec<String>,
    /// River hexes with a ford.
    #[serde(default)]
    pub fords: Vec<String>,
}

/// An off-board artillery factor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "OffBoardArtillery")]
pub struct OffBoardDef {
    /// Unique id.
    pub id: String,
    /// Name shown on the Artillery Plan sheet.
    pub name: String,
    /// Bombardment strength.
    pub strength: u8,
}

/// One side of the battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Side")]
pub struct SideDef {
    /// Id used by counters ("british").
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// Counter colour, `"#rrggbb"`.
    pub colour: String,
    /// Added to the side's initiative die roll.
    #[serde(default)]
    pub initiative: i8,
    /// Morale of the side's units unless a counter says otherwise.
    pub morale: u8,
    /// Turns on which each Planned Fire unit or factor may fire.
    #[serde(default)]
    pub artillery_ammunition: u8,
    /// Open Sights fire rolls over this deplete the unit.
    #[serde(default)]
    pub ammunition_depletion: u8,
    /// Off-board artillery factors.
    #[serde(default)]
    pub off_board_artillery: Vec<OffBoardDef>,
    /// The scenario's own Artillery Plan for the side, offered to its player in the
    /// set-up (who may file it or another); checked like a plan filed in play.
    #[serde(default)]
    pub artillery_plan: Vec<crate::rules::great_war::Assignment>,
    /// Activation dice the side throws each turn (rule sets with activation dice).
    #[serde(default)]
    pub activation_dice: u8,
}

/// A unit counter in the set-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Counter")]
pub struct CounterDef {
    /// Unique id.
    pub id: String,
    /// Owning side id.
    pub side: String,
    /// Unit type id from the rule set's data.
    pub unit: String,
    /// Hex number where it starts.
    pub hex: String,
    /// Name printed on the counter; the id when empty.
    #[serde(default)]
    pub name: String,
    /// Steps at start; full strength when absent.
    #[serde(default)]
    pub steps: Option<u8>,
    /// Morale; the side's morale when absent.
    #[serde(default)]
    pub morale: Option<u8>,
    /// Markers on it at the start.
    #[serde(default)]
    pub markers: Vec<MarkerKind>,
    /// The hexside it faces, in rule sets with facing (the rule set decides when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<FacingDef>,
}

/// A hexside a counter faces, as the printed map shows it (flat-topped hexes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FacingDef {
    /// Up the map.
    North,
    /// Up and to the right.
    NorthEast,
    /// Down and to the right.
    SouthEast,
    /// Down the map.
    South,
    /// Down and to the left.
    SouthWest,
    /// Up and to the left.
    NorthWest,
}

impl FacingDef {
    /// Every facing, clockwise from North.
    pub const ALL: [Self; 6] = [
        Self::North,
        Self::NorthEast,
        Self::SouthEast,
        Self::South,
        Self::SouthWest,
        Self::NorthWest,
    ];

    /// The hexside this is on the grid. Flat-topped columns with odd (0-based)
    /// columns half a hex up: seen from column 2, row 2, the neighbour printed above
    /// is (2, 1), up and to the right (3, 2), down and to the right (3, 3), and so on.
    pub fn direction(self) -> hexx::EdgeDirection {
        use crate::coords::MapCoord;
        let (col, row) = match self {
            Self::North => (2, 1),
            Self::NorthEast => (3, 2),
            Self::SouthEast => (3, 3),
            Self::South => (2, 3),
            Self::SouthWest => (1, 3),
            Self::NorthWest => (1, 2),
        };
        MapCoord::new(2, 2)
            .to_hex()
            .neighbor_direction(MapCoord::new(col, row).to_hex())
            .unwrap_or(hexx::EdgeDirection::FLAT_TOP)
    }

    /// The facing of a grid direction.
    pub fn of(direction: hexx::EdgeDirection) -> Self {
        Self::ALL
            .into_iter()
            .find(|f| f.direction() == direction)
            .unwrap_or(Self::North)
    }
}

/// A leader counter in the leaders pool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Leader")]
pub struct LeaderDef {
    /// Unique id.
    pub id: String,
    /// Owning side id.
    pub side: String,
    /// Name printed on the counter.
    pub name: String,
    /// Infantry or Cavalry.
    pub kind: LeaderKind,
    /// Rank, 1 lowest.
    pub rank: u8,
    /// Printed morale.
    pub morale: u8,
    /// Combat modifier.
    #[serde(default)]
    pub combat: i8,
    /// Morale modifier.
    #[serde(default)]
    pub morale_modifier: i8,
    /// Hex number where he starts.
    pub hex: String,
    /// Flipped in the set-up like the rest of the pool (the default); `false` places
    /// him face-up without a flip (a commander the scenario names).
    #[serde(default = "yes")]
    pub flip: bool,
}

fn yes() -> bool {
    true
}

/// A hex worth victory points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Objective")]
pub struct ObjectiveDef {
    /// Hex number.
    pub hex: String,
    /// Points for the side holding it at the end.
    pub points: u32,
    /// Side id holding it at the start, if any.
    #[serde(default)]
    pub held_by: Option<String>,
}

/// How the game is won: points for objectives held and enemy steps destroyed;
/// the side with more points at the end wins, equal points are a draw.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Victory")]
pub struct VictoryDef {
    /// Objective hexes.
    #[serde(default)]
    pub objectives: Vec<ObjectiveDef>,
    /// Points per enemy step destroyed.
    #[serde(default)]
    pub step_loss_points: u32,
}

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
}

/// The scenario compiled into the binary: the Great War tutorial.
pub const DEFAULT_SCENARIO: &str = include_str!("../../../scenarios/great_war/tutorial.ron");
/// The name the default scenario goes by in messages.
pub const DEFAULT_SCENARIO_NAME: &str = "scenarios/great_war/tutorial.ron";

/// Parses a colour written `"#rrggbb"`.
pub fn parse_colour(s: &str) -> Option<[u8; 3]> {
    let hex = s
        .strip_prefix('#')
        .filter(|h| h.len() == 6 && h.is_ascii())?;
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// Reads and checks a scenario. All errors found are returned, each located.
pub fn parse(source: &str, text: &str) -> Result<Scenario, Vec<LocatedError>> {
    let text = crate::error::without_bom(text);
    let file: ScenarioFile = crate::error::read_ron(source, text).map_err(|mut err| {
        err.field = path_at(
            text,
            crate::error::TextPos {
                line: err.line,
                col: err.col,
            },
        );
        vec![err]
    })?;
    let mut errs = Errors {
        source,
        text,
        list: Vec::new(),
    };
    let Some(rules) = rules::find(&file.rules) else {
        let known: Vec<_> = rules::ALL.iter().map(|r| r.id).collect();
        errs.push(
            "rules",
            format!(
                "unknown rule set `{}`; known: {}",
                file.rules,
                known.join(", ")
            ),
        );
        return Err(errs.list);
    };
    check(&file, rules.data(), &mut errs);
    for (field, message) in (rules.check)(&file) {
        errs.push(&field, message);
    }
    if errs.list.is_empty() {
        Ok(Scenario {
            source: source.to_owned(),
            text: text.to_owned(),
            file,
            rules,
        })
    } else {
        Err(errs.list)
    }
}

/// The default scenario, parsed. It is checked by the test suite, so this cannot fail in a release.
pub fn default_scenario() -> Result<Scenario, Vec<LocatedError>> {
    parse(DEFAULT_SCENARIO_NAME, DEFAULT_SCENARIO)
}

struct Errors<'a> {
    source: &'a str,
    text: &'a str,
    list: Vec<LocatedError>,
}

impl Errors<'_> {
    fn push(&mut self, field: &str, message: String) {
        self.push_at(field, 0, message);
    }

    /// An error `shift` characters into the value at `field` (to point inside a string).
    fn push_at(&mut self, field: &str, shift: usize, message: String) {
        let segs: Vec<Seg> = path(field);
        let pos = locate_nearest(self.text, &segs);
        self.list.push(LocatedError {
            file: self.source.to_owned(),
            line: pos.line,
            col: pos.col + shift,
            field: field.to_owned(),
            message,
        });
    }
}

fn check(file: &ScenarioFile, data: &RuleSetData, errs: &mut Errors) {
    if file.turns == 0 {
        errs.push("turns", "a game lasts at least 1 turn".into());
    }
    check_map(&file.map, data, errs);
    let mut side_ids = BTreeSet::new();
    let mut side_names = BTreeSet::new();
    for (i, side) in file.sides.iter().enumerate() {
        if !side_ids.insert(side.id.as_str()) {
            errs.push(
                &format!("sides[{i}].id"),
                format!("side `{}` is listed twice", side.id),
            );
        }
        // Every screen and log line names a side by its name: two alike (ignoring case
        // and spaces at the ends) would leave a player guessing which is meant.
        let name = side.name.trim().to_lowercase();
        if name.is_empty() {
            errs.push(
                &format!("sides[{i}].name"),
                "a side needs a name to show to the players".into(),
            );
        } else if !side_names.insert(name) {
            errs.push(
                &format!("sides[{i}].name"),
                format!(
                    "two sides are named `{}`: each side needs a name of its own",
                    side.name.trim()
                ),
            );
        }
        if parse_colour(&side.colour).is_none() {
            errs.push(
                &format!("sides[{i}].colour"),
                format!("`{}` is not a colour: expected \"#rrggbb\"", side.colour),
            );
        }
    }
    if file.sides.len() != 2 {
        errs.push(
            "sides",
            format!("expected 2 sides, found {}", file.sides.len()),
        );
    }
    let known_sides = || side_ids.iter().copied().collect::<Vec<_>>().join(", ");
    let in_map = |coord: MapCoord| coord.col < file.map.width && coord.row < file.map.height;
    let mut ids: BTreeMap<&str, String> = BTreeMap::new();
    let mut stacks: BTreeMap<MapCoord, (u8, u8)> = BTreeMap::new();
    let hex_of = |field: &str, label: &str, errs: &mut Errors| -> Option<MapCoord> {
        match MapCoord::parse_label(label) {
            Err(msg) => {
                errs.push(field, msg);
                None
            }
            Ok(c) if !in_map(c) => {
                errs.push(
                    field,
                    format!(
                        "hex {label} is off the map ({} columns x {} rows)",
                        file.map.width, file.map.height
                    ),
                );
                None
            }
            Ok(c) => Some(c),
        }
    };
    for (i, c) in file.counters.iter().enumerate() {
        let at = |f: &str| format!("counters[{i}].{f}");
        if let Some(first) = ids.insert(&c.id, at("id")) {
            errs.push(
                &at("id"),
                format!("counter id `{}` is used twice (first at {first})", c.id),
            );
        }
        if !side_ids.contains(c.side.as_str()) {
            errs.push(
                &at("side"),
                format!("unknown side `{}`; sides are: {}", c.side, known_sides()),
            );
        }
        let unit = data.units.get(&c.unit);
        if unit.is_none() {
            let near: Vec<_> = data.units.keys().map(String::as_str).collect();
            errs.push(
                &at("unit"),
                format!(
                    "unknown unit type `{}`; {} has: {}",
                    c.unit,
                    file.rules,
                    near.join(", ")
                ),
            );
        }
        if let (Some(u), Some(s)) = (unit, c.steps)
            && (s == 0 || s > u.max_steps())
        {
            errs.push(
                &at("steps"),
                format!("`{}` has 1 to {} steps, not {s}", u.id, u.max_steps()),
            );
        }
        if let Some(coord) = hex_of(&at("hex"), &c.hex, errs)
            && let Some(u) = unit
        {
            let stack = stacks.entry(coord).or_default();
            stack.0 += 1;
            stack.1 += u8::from(u.class.is_company());
            if stack.0 > data.stack_limit {
                errs.push(
                    &at("hex"),
                    format!(
                        "over-stacked: hex {} would hold {} units (at most {})",
                        c.hex, stack.0, data.stack_limit
                    ),
                );
            } else if stack.1 > data.company_stack_limit {
                errs.push(
                    &at("hex"),
                    format!(
                        "over-stacked: hex {} would hold {} companies (at most {})",
                        c.hex, stack.1, data.company_stack_limit
                    ),
                );
            }
        }
    }
    for (i, l) in file.leaders.iter().enumerate() {
        let at = |f: &str| format!("leaders[{i}].{f}");
        if let Some(first) = ids.insert(&l.id, at("id")) {
            errs.push(
                &at("id"),
                format!("counter id `{}` is used twice (first at {first})", l.id),
            );
        }
        if !side_ids.contains(l.side.as_str()) {
            errs.push(
                &at("side"),
                format!("unknown side `{}`; sides are: {}", l.side, known_sides()),
            );
        }
        if l.rank == 0 {
            errs.push(&at("rank"), "ranks start at 1".into());
        }
        hex_of(&at("hex"), &l.hex, errs);
    }
    for (i, m) in file.hex_markers.iter().enumerate() {
        let at = |f: &str| format!("hex_markers[{i}].{f}");
        hex_of(&at("hex"), &m.hex, errs);
        if !side_ids.contains(m.side.as_str()) {
            errs.push(
                &at("side"),
                format!("unknown side `{}`; sides are: {}", m.side, known_sides()),
            );
        }
        let factor = file
            .sides
            .iter()
            .any(|s| s.off_board_artillery.iter().any(|f| f.id == m.source));
        if !ids.contains_key(m.source.as_str()) && !factor {
            errs.push(
                &at("source"),
                format!(
                    "`{}` is neither a counter nor an off-board artillery factor",
                    m.source
                ),
            );
        }
    }
    for (i, o) in file.victory.objectives.iter().enumerate() {
        hex_of(&format!("victory.objectives[{i}].hex"), &o.hex, errs);
        if let Some(s) = &o.held_by
            && !side_ids.contains(s.as_str())
        {
            errs.push(
                &format!("victory.objectives[{i}].held_by"),
                format!("unknown side `{s}`; sides are: {}", known_sides()),
            );
        }
    }
}

fn check_map(map: &MapDef, data: &RuleSetData, errs: &mut Errors) {
    if map.width == 0 || map.height == 0 || map.width > 200 || map.height > 200 {
        errs.push(
            "map",
            format!(
                "a map is 1 to 200 hexes each way, not {} x {}",
                map.width, map.height
            ),
        );
        return;
    }
    let known: Vec<String> = data
        .terrain
        .values()
        .map(|t| format!("'{}' {}", t.glyph, t.id))
        .collect();
    check_grid(map, "terrain", &map.terrain, errs, |glyph, at| {
        data.terrain_by_glyph(glyph).is_none().then(|| {
            format!(
                "unknown terrain '{glyph}' at hex {at}; known: {}",
                known.join(", ")
            )
        })
    });
    if !map.elevation.is_empty() {
        check_grid(map, "elevation", &map.elevation, errs, |digit, at| {
            (!digit.is_ascii_digit())
                .then(|| format!("elevation '{digit}' at hex {at} is not a digit 0-9"))
        });
    }
    let mut river_hexes = BTreeSet::new();
    for (kind, list) in [("roads", &map.roads), ("rivers", &map.rivers)] {
        for (i, line) in list.iter().enumerate() {
            let field = format!("map.{kind}[{i}]");
            match parse_path(line, map) {
                Ok(hexes) => {
                    if kind == "rivers" {
                        river_hexes.extend(hexes);
                    }
                }
                Err((shift, msg)) => errs.push_at(&field, shift, msg),
            }
        }
    }
    for (kind, list) in [("bridges", &map.bridges), ("fords", &map.fords)] {
        for (i, label) in list.iter().enumerate() {
            let field = format!("map.{kind}[{i}]");
            match MapCoord::parse_label(label) {
                Err(msg) => errs.push(&field, msg),
                Ok(c) if !river_hexes.contains(&c) => {
                    errs.push(&field, format!("hex {label} has no river to cross"))
                }
                Ok(_) => {}
            }
        }
    }
}

/// Checks a grid of one character per hex (`map.terrain`, `map.elevation`):
/// one row per map row, one character per column, each accepted by `bad`.
fn check_grid(
    map: &MapDef,
    name: &str,
    rows: &[String],
    errs: &mut Errors,
    bad: impl Fn(char, MapCoord) -> Option<String>,
) {
    if rows.len() != usize::from(map.height) {
        errs.push(
            &format!("map.{name}"),
            format!(
                "expected {} rows (map.height), found {}",
                map.height,
                rows.len()
            ),
        );
    }
    for (r, row) in rows.iter().enumerate() {
        let field = format!("map.{name}[{r}]");
        let count = row.chars().count();
        if count != usize::from(map.width) {
            errs.push(
                &field,
                format!(
                    "row {} has {count} hexes, expected {} (map.width)",
                    r + 1,
                    map.width
                ),
            );
        }
        let first_bad = row
            .chars()
            .enumerate()
            .find_map(|(c, ch)| bad(ch, MapCoord::new(c as u16, r as u16)).map(|m| (c, m)));
        if let Some((c, message)) = first_bad {
            errs.push_at(&field, c + 1, message);
        }
    }
}

/// Parses "0101 0201 0302": adjacent on-map hexes. Errors carry the character offset.
fn parse_path(line: &str, map: &MapDef) -> Result<Vec<MapCoord>, (usize, String)> {
    let mut out: Vec<MapCoord> = Vec::new();
    let mut offset = 0;
    for word in line.split(' ') {
        let shift = offset + 1;
        offset += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        let c = MapCoord::parse_label(word).map_err(|m| (shift, m))?;
        if c.col >= map.width || c.row >= map.height {
            return Err((shift, format!("hex {word} is off the map")));
        }
        if let Some(prev) = out.last()
            && prev.to_hex().unsigned_distance_to(c.to_hex()) != 1
        {
            return Err((
                shift,
                format!("hex {word} does not touch {prev}: a path goes hex to adjacent hex"),
            ));
        }
        out.push(c);
    }
    if out.len() < 2 {
        return Err((1, "a path needs at least two hexes".into()));
    }
    Ok(out)
}

/// What a game knows of its scenario once spawned.
#[derive(Resource, Clone, Debug)]
pub struct ScenarioInfo {
    /// Title.
    pub title: String,
    /// Briefing.
    pub briefing: String,
    /// Last turn.
    pub turns: u16,
    /// Rule set id.
    pub rules: &'static str,
    /// Points per enemy step destroyed.
    pub step_loss_points: u32,
}

/// One side in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideInfo {
    /// Id from the scenario.
    pub id: String,
    /// Name.
    pub name: String,
    /// Counter colour.
    pub colour: [u8; 3],
    /// Initiative modifier.
    pub initiative: i8,
    /// Unit morale.
    pub morale: u8,
    /// Artillery Ammunition number.
    pub artillery_ammunition: u8,
    /// Ammunition Depletion number.
    pub ammunition_depletion: u8,
    /// Off-board artillery factors.
    pub off_board_artillery: Vec<OffBoardDef>,
    /// The scenario's own Artillery Plan for the side (empty when it has none).
    pub artillery_plan: Vec<crate::rules::great_war::Assignment>,
    /// Activation dice thrown each turn (rule sets with activation dice).
    pub activation_dice: u8,
}

/// The sides, indexed by the `side` of [`Counter`].
#[derive(Resource, Clone, Debug, Default)]
pub struct SideList(pub Vec<SideInfo>);

impl SideList {
    /// The side's name, or a placeholder-free fallback for a bad index.
    pub fn name(&self, side: u8) -> &str {
        self.0
            .get(usize::from(side))
            .map_or("?", |s| s.name.as_str())
    }
}

/// A leader the scenario places face-up without the set-up flip.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct NoFlip;

/// The rule set's data, shared by the systems that need it.
#[derive(Resource, Clone, Debug)]
pub struct Rules(pub &'static RuleSetInfo);

/// Spawns the scenario's hexes and counters and inserts its resources.
pub fn spawn(world: &mut World, scenario: &Scenario) {
    let file = &scenario.file;
    let data = scenario.rules.data();
    let side_index = |id: &str| file.sides.iter().position(|s| s.id == id).unwrap_or(0) as u8;
    let mut index = HexIndex::new(file.map.width, file.map.height);
    let mut ids = PieceIds::default();
    let mut roads: BTreeMap<MapCoord, Sides> = BTreeMap::new();
    let mut rivers: BTreeMap<MapCoord, Sides> = BTreeMap::new();
    for (list, sides) in [
        (&file.map.roads, &mut roads),
        (&file.map.rivers, &mut rivers),
    ] {
        for line in list {
            let hexes = parse_path(line, &file.map).unwrap_or_default();
            for pair in hexes.windows(2) {
                let (a, b) = (pair[0].to_hex(), pair[1].to_hex());
                if let (Some(ab), Some(ba)) = (a.neighbor_direction(b), b.neighbor_direction(a)) {
                    sides.entry(pair[0]).or_default().insert(ab);
                    sides.entry(pair[1]).or_default().insert(ba);
                }
            }
        }
    }
    let crossing_at = |c: MapCoord| {
        let is = |list: &[String]| list.iter().any(|l| MapCoord::parse_label(l) == Ok(c));
        if is(&file.map.bridges) {
            Crossing::Bridge
        } else if is(&file.map.fords) {
            Crossing::Ford
        } else {
            Crossing::None
        }
    };
    let objectives: BTreeMap<MapCoord, &ObjectiveDef> = file
        .victory
        .objectives
        .iter()
        .filter_map(|o| Some((MapCoord::parse_label(&o.hex).ok()?, o)))
        .collect();
    for (r, row) in file.map.terrain.iter().enumerate() {
        for (c, glyph) in row.chars().enumerate() {
            let coord = MapCoord::new(c as u16, r as u16);
            let terrain = data
                .terrain_by_glyph(glyph)
                .map_or_else(String::new, |t| t.id.clone());
            let elevation = file
                .map
                .elevation
                .get(r)
                .and_then(|e| e.chars().nth(c))
                .and_then(|d| d.to_digit(10))
                .unwrap_or(0);
            let mut e = world.spawn((
                HexCell {
                    hex: coord.to_hex(),
                    coord,
                },
                Terrain(terrain),
                Elevation(elevation as u8),
            ));
            if let Some(s) = roads.get(&coord) {
                e.insert(Road(*s));
            }
            if let Some(s) = rivers.get(&coord) {
                e.insert(River {
                    sides: *s,
                    crossing: crossing_at(coord),
                });
            }
            if let Some(o) = objectives.get(&coord) {
                e.insert(Objective {
                    points: o.points,
                    held_by: o.held_by.as_deref().map(side_index),
                });
            }
            index.insert_hex(coord, e.id());
        }
    }
    for c in &file.counters {
        let Some(unit) = data.units.get(&c.unit) else {
            continue;
        };
        let Ok(coord) = MapCoord::parse_label(&c.hex) else {
            continue;
        };
        let side = side_index(&c.side);
        let max = unit.max_steps();
        let morale = c.morale.unwrap_or(file.sides[usize::from(side)].morale);
        let mut e = world.spawn((
            Counter {
                id: c.id.clone(),
                name: if c.name.is_empty() {
                    c.id.clone()
                } else {
                    c.name.clone()
                },
                side,
                unit_type: unit.id.clone(),
                class: unit.class,
            },
            OnHex(coord.to_hex()),
            Steps {
                current: c.steps.unwrap_or(max),
                max,
            },
            Morale(morale),
            Printed {
                full: unit.full,
                reduced: unit.reduced,
            },
        ));
        for m in &c.markers {
            add_marker(&mut e, *m);
        }
        if let Some(f) = c.facing {
            e.insert(crate::counters::Facing(f.direction()));
        }
        ids.0.insert(c.id.clone(), e.id());
        index.place(coord.to_hex(), e.id());
    }
    for l in &file.leaders {
        let Ok(coord) = MapCoord::parse_label(&l.hex) else {
            continue;
        };
        let kind_id = match l.kind {
            LeaderKind::Infantry => "infantry_leader",
            LeaderKind::Cavalry => "cavalry_leader",
        };
        let mut e = world.spawn((
            Counter {
                id: l.id.clone(),
                name: l.name.clone(),
                side: side_index(&l.side),
                unit_type: kind_id.into(),
                class: UnitClass::Leader,
            },
            OnHex(coord.to_hex()),
            Steps { current: 1, max: 1 },
            Morale(l.morale),
            Leader {
                kind: l.kind,
                rank: l.rank,
                combat: l.combat,
                morale_mod: l.morale_modifier,
            },
        ));
        if !l.flip {
            e.insert(NoFlip);
        }
        ids.0.insert(l.id.clone(), e.id());
        index.place(coord.to_hex(), e.id());
    }
    for m in &file.hex_markers {
        let Ok(coord) = MapCoord::parse_label(&m.hex) else {
            continue;
        };
        world.spawn(HexMarker {
            kind: m.kind,
            hex: coord.to_hex(),
            side: side_index(&m.side),
            source: m.source.clone(),
        });
    }
    world.insert_resource(index);
    world.insert_resource(ids);
    world.insert_resource(SideList(
        file.sides
            .iter()
            .map(|s| SideInfo {
                id: s.id.clone(),
                name: s.name.clone(),
                colour: parse_colour(&s.colour).unwrap_or([128, 128, 128]),
                initiative: s.initiative,
                morale: s.morale,
                artillery_ammunition: s.artillery_ammunition,
                ammunition_depletion: s.ammunition_depletion,
                off_board_artillery: s.off_board_artillery.clone(),
                artillery_plan: s.artillery_plan.clone(),
                activation_dice: s.activation_dice,
            })
            .collect(),
    ));
    world.insert_resource(ScenarioInfo {
        title: file.title.clone(),
        briefing: file.briefing.clone(),
        turns: file.turns,
        rules: scenario.rules.id,
        step_loss_points: file.victory.step_loss_points,
    });
    world.insert_resource(Rules(scenario.rules));
}

/// The axial hex of a printed hex number (for tests and tools).
pub fn hex_of(label: &str) -> Option<Hex> {
    MapCoord::parse_label(label).ok().map(MapCoord::to_hex)
}
