//! Making an edit: the scenario file changed in place (on a copy the editor keeps
//! only when the change is allowed), and the map and id helpers it needs.

use super::{CrossingEdit, Edit, SideField};
use crate::coords::MapCoord;
use crate::rule_set::RuleSetInfo;
use crate::scenario::{self, CounterDef, MapDef, ObjectiveDef, Orientation, ScenarioFile};

/// The glyph of a rule set's open ground, which a new map is painted with: its
/// `clear` or `open` terrain, else the first that costs a movement point and gives
/// neither cover nor a blocked sight (the terrain table is kept by id, so its first
/// entry is the alphabet's: fenced fields, bunkers, built-up areas).
pub(super) fn open_glyph(rules: &RuleSetInfo) -> char {
    let data = rules.data();
    data.terrain
        .get("clear")
        .or_else(|| data.terrain.get("open"))
        .or_else(|| {
            data.terrain
                .values()
                .find(|t| t.move_cost == Some(1) && !t.cover && !t.blocks_sight)
        })
        .or_else(|| data.terrain.values().next())
        .map_or('.', |t| t.glyph)
}

pub(super) fn blank_map(width: u16, height: u16, glyph: char) -> MapDef {
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

pub(super) fn coord(map: &MapDef, hex: &str) -> Result<MapCoord, String> {
    let c = MapCoord::parse_label(hex)?;
    if c.col >= map.width || c.row >= map.height {
        return Err(format!(
            "hex {hex} is off the {}x{} map",
            map.width, map.height
        ));
    }
    Ok(c)
}

pub(super) fn set_char(row: &mut String, col: usize, ch: char) {
    *row = row
        .chars()
        .enumerate()
        .map(|(i, c)| if i == col { ch } else { c })
        .collect();
}

pub(super) fn glyph_at(map: &MapDef, c: MapCoord) -> Option<char> {
    map.terrain
        .get(usize::from(c.row))?
        .chars()
        .nth(usize::from(c.col))
}

pub(super) fn check_glyph(rules: &RuleSetInfo, glyph: char) -> Result<(), String> {
    if rules.data().terrain_by_glyph(glyph).is_none() {
        return Err(format!(
            "`{glyph}` is not a terrain of the {} rules",
            rules.name
        ));
    }
    Ok(())
}

/// Keeps what fits of a map in a new size.
pub(super) fn resize(map: &MapDef, width: u16, height: u16, glyph: char) -> MapDef {
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

pub(super) fn on_map_only(file: &mut ScenarioFile, rules: &RuleSetInfo) {
    let (w, h) = (file.map.width, file.map.height);
    let fits = |label: &str| MapCoord::parse_label(label).is_ok_and(|c| c.col < w && c.row < h);
    file.counters.retain(|c| fits(&c.hex));
    (rules.editor.keep_on_map)(file, &fits);
    file.hex_markers.retain(|m| fits(&m.hex));
    file.victory.objectives.retain(|o| fits(&o.hex));
}

/// Adds the stroke a-b to a list of paths: extends a path ending at a, or starts one.
pub(super) fn add_stroke(list: &mut Vec<String>, a: &str, b: &str) {
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
pub(super) fn erase_strokes(list: &mut Vec<String>, hex: &str) {
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

pub(super) fn apply(
    file: &mut ScenarioFile,
    rules: &'static RuleSetInfo,
    edit: &Edit,
) -> Result<(), String> {
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
            let fresh = matches!(edit, Edit::NewMap { .. });
            set_map_size(file, rules, fresh, *width, *height, *glyph)?;
        }
        Edit::Paint { hex, glyph } => paint(file, rules, hex, *glyph)?,
        Edit::Fill { hex, glyph } => fill(file, rules, hex, *glyph)?,
        Edit::Elevation { hex, up } => step_elevation(file, hex, *up)?,
        Edit::Road { from, to } | Edit::River { from, to } => {
            draw_line(file, matches!(edit, Edit::Road { .. }), from, to)?;
        }
        Edit::EraseLines { hex } => erase_lines(file, hex)?,
        Edit::Crossing { hex, kind } => set_crossing(file, hex, *kind)?,
        Edit::PlaceUnit { side, unit, hex } => place_unit(file, rules, side, unit, hex)?,
        Edit::Move { id, hex } => move_piece(file, rules, id, hex)?,
        Edit::Delete { id } => delete_piece(file, rules, id)?,
        Edit::Steps { id, steps } => set_steps(file, rules, id, *steps)?,
        Edit::Mount { id } => mount(file, rules, id)?,
        Edit::Rename { id, name } => rename(file, rules, id, name)?,
        Edit::Facing { id, facing } => set_facing(file, id, *facing)?,
        Edit::Stands { id, stands } => set_stands(file, id, stands)?,
        Edit::Title(t) => file.title = t.clone(),
        Edit::Briefing(b) => file.briefing = b.clone(),
        Edit::Turns(n) => set_turns(file, rules, *n)?,
        Edit::Side { index, field } => set_side_field(file, *index, field)?,
        Edit::Objective {
            hex,
            points,
            held_by,
        } => set_objective(file, hex, *points, held_by)?,
        Edit::StepLossPoints(n) => file.victory.step_loss_points = *n,
        Edit::Rules(edit) => edit.0.apply(file, rules)?,
    }
    Ok(())
}

/// Gives the file a new blank map (`fresh`) or its map in a new size, new hexes
/// painted with `glyph`, and takes off every piece and marker left off the map.
fn set_map_size(
    file: &mut ScenarioFile,
    rules: &RuleSetInfo,
    fresh: bool,
    width: u16,
    height: u16,
    glyph: char,
) -> Result<(), String> {
    check_glyph(rules, glyph)?;
    check_size(width, height)?;
    file.map = if fresh {
        blank_map(width, height, glyph)
    } else {
        resize(&file.map, width, height, glyph)
    };
    on_map_only(file, rules);
    Ok(())
}

/// Paints one hex with the terrain of `glyph`.
fn paint(
    file: &mut ScenarioFile,
    rules: &RuleSetInfo,
    hex: &str,
    glyph: char,
) -> Result<(), String> {
    check_glyph(rules, glyph)?;
    let c = coord(&file.map, hex)?;
    if let Some(row) = file.map.terrain.get_mut(usize::from(c.row)) {
        set_char(row, usize::from(c.col), glyph);
    }
    Ok(())
}

/// Paints a hex with the terrain of `glyph`, and with it every hex of its old
/// terrain joined to it; a hex already of that terrain changes nothing.
fn fill(
    file: &mut ScenarioFile,
    rules: &RuleSetInfo,
    hex: &str,
    glyph: char,
) -> Result<(), String> {
    check_glyph(rules, glyph)?;
    let start = coord(&file.map, hex)?;
    let from = glyph_at(&file.map, start);
    if from == Some(glyph) {
        return Ok(());
    }
    let mut todo = vec![start];
    let mut seen = std::collections::BTreeSet::from([start]);
    while let Some(c) = todo.pop() {
        if let Some(row) = file.map.terrain.get_mut(usize::from(c.row)) {
            set_char(row, usize::from(c.col), glyph);
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
    Ok(())
}

/// Raises (`up`) or lowers a hex's elevation by one contour, between 0 and 9; a map
/// left all at level 0 keeps no elevation rows.
fn step_elevation(file: &mut ScenarioFile, hex: &str, up: bool) -> Result<(), String> {
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
    let next = if up {
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
    Ok(())
}

/// Draws a road (`road`) or river stroke between two adjacent hexes.
fn draw_line(file: &mut ScenarioFile, road: bool, from: &str, to: &str) -> Result<(), String> {
    let (a, b) = (coord(&file.map, from)?, coord(&file.map, to)?);
    if a.to_hex().unsigned_distance_to(b.to_hex()) != 1 {
        return Err(format!("{from} and {to} are not adjacent"));
    }
    let list = if road {
        &mut file.map.roads
    } else {
        &mut file.map.rivers
    };
    add_stroke(list, &a.label(), &b.label());
    Ok(())
}

/// Takes every road and river stroke, bridge and ford off a hex.
fn erase_lines(file: &mut ScenarioFile, hex: &str) -> Result<(), String> {
    let label = coord(&file.map, hex)?.label();
    erase_strokes(&mut file.map.roads, &label);
    erase_strokes(&mut file.map.rivers, &label);
    file.map.bridges.retain(|h| *h != label);
    file.map.fords.retain(|h| *h != label);
    Ok(())
}

/// Sets a river hex's crossing to a bridge, a ford or none; only a river hex takes
/// a bridge or a ford.
fn set_crossing(file: &mut ScenarioFile, hex: &str, kind: CrossingEdit) -> Result<(), String> {
    let label = coord(&file.map, hex)?.label();
    let on_river = file
        .map
        .rivers
        .iter()
        .any(|l| l.split(' ').any(|w| w == label));
    if !on_river && kind != CrossingEdit::None {
        return Err(format!("hex {label} has no river to cross"));
    }
    file.map.bridges.retain(|h| *h != label);
    file.map.fords.retain(|h| *h != label);
    match kind {
        CrossingEdit::Bridge => file.map.bridges.push(label),
        CrossingEdit::Ford => file.map.fords.push(label),
        CrossingEdit::None => {}
    }
    Ok(())
}

/// Places a new counter of a side's unit type on a hex, its id made from the side
/// and the type.
fn place_unit(
    file: &mut ScenarioFile,
    rules: &RuleSetInfo,
    side: &str,
    unit: &str,
    hex: &str,
) -> Result<(), String> {
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
        side: side.to_owned(),
        unit: unit.to_owned(),
        hex: label,
        name: String::new(),
        steps: None,
        morale: None,
        markers: Vec::new(),
        facing: None,
        stands: Vec::new(),
    });
    Ok(())
}

/// Moves a counter, or else a piece of the rule set's own section, to another hex.
fn move_piece(
    file: &mut ScenarioFile,
    rules: &RuleSetInfo,
    id: &str,
    hex: &str,
) -> Result<(), String> {
    let label = coord(&file.map, hex)?.label();
    if let Some(c) = file.counters.iter_mut().find(|c| c.id == id) {
        c.hex = label;
    } else if !(rules.editor.move_piece)(file, id, &label) {
        return Err(format!("there is no unit or leader `{id}`"));
    }
    Ok(())
}

/// Removes a counter or a piece of the rule set's own section, and what the rule
/// set keeps of it.
fn delete_piece(file: &mut ScenarioFile, rules: &RuleSetInfo, id: &str) -> Result<(), String> {
    let known = file.counters.iter().any(|c| c.id == id)
        || (rules.editor.pieces)(file).iter().any(|p| p.id == id);
    if !known {
        return Err(format!("there is no unit or leader `{id}`"));
    }
    file.counters.retain(|c| c.id != id);
    (rules.editor.forget)(file, id);
    Ok(())
}

/// Sets a unit's steps at the start, between 1 and its full strength (which clears
/// the field).
fn set_steps(
    file: &mut ScenarioFile,
    rules: &RuleSetInfo,
    id: &str,
    steps: u8,
) -> Result<(), String> {
    let c = counter_mut(file, id)?;
    let max = rules.data().units.get(&c.unit).map_or(1, |u| u.max_steps());
    if steps == 0 || steps > max {
        return Err(format!("`{id}` has 1 to {max} steps"));
    }
    c.steps = (steps != max).then_some(steps);
    Ok(())
}

/// Swaps a unit for its counterpart type (mounted and dismounted).
fn mount(file: &mut ScenarioFile, rules: &RuleSetInfo, id: &str) -> Result<(), String> {
    let c = counter_mut(file, id)?;
    let other = rules
        .data()
        .units
        .get(&c.unit)
        .and_then(|u| u.counterpart.clone())
        .ok_or_else(|| format!("`{id}` does not mount or dismount"))?;
    c.unit = other;
    Ok(())
}

/// Renames a counter, or else a piece of the rule set's own section.
fn rename(
    file: &mut ScenarioFile,
    rules: &RuleSetInfo,
    id: &str,
    name: &str,
) -> Result<(), String> {
    if let Some(c) = file.counters.iter_mut().find(|c| c.id == id) {
        c.name = name.to_owned();
    } else if !(rules.editor.rename_piece)(file, id, name) {
        return Err(format!("there is no unit or leader `{id}`"));
    }
    Ok(())
}

/// Sets the hexside a counter faces at the start.
fn set_facing(
    file: &mut ScenarioFile,
    id: &str,
    facing: Option<scenario::FacingDef>,
) -> Result<(), String> {
    let c = file
        .counters
        .iter_mut()
        .find(|c| c.id == id)
        .ok_or_else(|| format!("there is no unit `{id}`"))?;
    c.facing = facing;
    Ok(())
}

/// Sets the kinds of a unit's stands, each trimmed and none empty, at most
/// [`crate::counters::MAX_STANDS`] of them.
fn set_stands(file: &mut ScenarioFile, id: &str, stands: &[String]) -> Result<(), String> {
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
    Ok(())
}

/// Sets the number of turns, at least 1, in the file and in the rule set's section.
fn set_turns(file: &mut ScenarioFile, rules: &RuleSetInfo, n: u16) -> Result<(), String> {
    if n == 0 {
        return Err("a game lasts at least 1 turn".into());
    }
    file.turns = n;
    (rules.editor.set_turns)(file, n);
    Ok(())
}

/// Sets a side's name or colour (a colour like `#3a5fb0`).
fn set_side_field(file: &mut ScenarioFile, index: usize, field: &SideField) -> Result<(), String> {
    let side = file
        .sides
        .get_mut(index)
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
    Ok(())
}

/// Makes a hex an objective worth `points`, held at the start by `held_by`; 0
/// points removes it.
fn set_objective(
    file: &mut ScenarioFile,
    hex: &str,
    points: u32,
    held_by: &Option<String>,
) -> Result<(), String> {
    let label = coord(&file.map, hex)?.label();
    if let Some(s) = held_by {
        side_index(file, s)?;
    }
    let list = &mut file.victory.objectives;
    list.retain(|o| o.hex != label);
    if points > 0 {
        list.push(ObjectiveDef {
            hex: label,
            points,
            held_by: held_by.clone(),
        });
    }
    Ok(())
}

pub(super) fn counter_mut<'a>(
    file: &'a mut ScenarioFile,
    id: &str,
) -> Result<&'a mut CounterDef, String> {
    file.counters
        .iter_mut()
        .find(|c| c.id == id)
        .ok_or_else(|| format!("there is no unit `{id}`"))
}

pub(super) fn check_size(width: u16, height: u16) -> Result<(), String> {
    if !(1..=200).contains(&width) || !(1..=200).contains(&height) {
        return Err(format!(
            "a map is 1 to 200 hexes each way, not {width}x{height}"
        ));
    }
    Ok(())
}
