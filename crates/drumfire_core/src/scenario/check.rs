//! The core's checks of a scenario file: the map, the sides, the counters, the
//! leaders, the hex markers and the victory conditions, each error located.

use super::*;

/// The most errors of one scenario located and reported: locating one scans the whole
/// text, so a file of thousands of errors (one made to be slow) costs no more than this
/// many scans; the rest are counted.
pub const MAX_ERRORS: usize = 20;

/// The errors found so far, each located in the text by its field path.
pub(super) struct Errors<'a> {
    pub(super) source: &'a str,
    pub(super) text: &'a str,
    pub(super) list: Vec<LocatedError>,
    /// Errors found past [`MAX_ERRORS`], not located.
    pub(super) more: usize,
}

impl Errors<'_> {
    pub(super) fn push(&mut self, field: &str, message: String) {
        self.push_at(field, 0, message);
    }

    /// The errors, with a last one that says how many more there were.
    pub(super) fn into_list(mut self) -> Vec<LocatedError> {
        if self.more > 0 {
            self.list.push(LocatedError {
                file: self.source.to_owned(),
                line: 1,
                col: 1,
                field: String::new(),
                message: format!(
                    "and {} more errors (the first {MAX_ERRORS} are shown)",
                    self.more
                ),
            });
        }
        self.list
    }

    /// An error `shift` characters into the value at `field` (to point inside a string).
    fn push_at(&mut self, field: &str, shift: usize, message: String) {
        if self.list.len() >= MAX_ERRORS {
            self.more += 1;
            return;
        }
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

/// The hex of a printed hex number on the map, or why it is not one: for the core's
/// checks and the rule sets'.
pub fn hex_on_map(map: &MapDef, label: &str) -> Result<MapCoord, String> {
    let coord = MapCoord::parse_label(label)?;
    if coord.col < map.width && coord.row < map.height {
        Ok(coord)
    } else {
        Err(format!(
            "hex {label} is off the map ({} columns x {} rows)",
            map.width, map.height
        ))
    }
}

pub(super) fn check(file: &ScenarioFile, data: &RuleSetData, errs: &mut Errors) {
    if file.turns == 0 {
        errs.push("turns", "a game lasts at least 1 turn".into());
    }
    check_map(&file.map, data, errs);
    let side_ids = check_sides(file, errs);
    check_counters(file, data, &side_ids, errs);
    check_hex_markers(file, &side_ids, errs);
    check_objectives(file, &side_ids, errs);
}

/// Checks the sides (ids listed once, names of their own, colours, two of them) and
/// gives the set of their ids.
fn check_sides<'a>(file: &'a ScenarioFile, errs: &mut Errors) -> BTreeSet<&'a str> {
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
    side_ids
}

/// The side ids, comma-separated, for a message naming the known sides.
fn known_sides(side_ids: &BTreeSet<&str>) -> String {
    side_ids.iter().copied().collect::<Vec<_>>().join(", ")
}

/// The hex of a hex number on the map, or none with the error pushed at `field`.
fn checked_hex(map: &MapDef, field: &str, label: &str, errs: &mut Errors) -> Option<MapCoord> {
    hex_on_map(map, label)
        .map_err(|msg| errs.push(field, msg))
        .ok()
}

/// The most counters a scenario may hold. The rules, the computer players and the
/// window are measured up to this size (`docs/performance.md`, "By size"); beyond it
/// the cost of an order grows too fast for a game to be played (a Portable battle of
/// 2,000 counters played 28 orders a second and its computer players did not finish),
/// so a bigger battle is refused by `check` rather than frozen in play.
pub const MAX_COUNTERS: usize = 1_000;

/// Checks the counters in order: ids used once, known sides and unit types, steps,
/// stands, hexes on the map and stacks within the limits.
fn check_counters(
    file: &ScenarioFile,
    data: &RuleSetData,
    side_ids: &BTreeSet<&str>,
    errs: &mut Errors,
) {
    if file.counters.len() > MAX_COUNTERS {
        errs.push(
            "counters",
            format!(
                "{} counters: a scenario holds at most {MAX_COUNTERS}, as many as the game \
                 is measured to play in reasonable time",
                file.counters.len()
            ),
        );
        return;
    }
    let mut ids: BTreeMap<&str, String> = BTreeMap::new();
    let mut stacks: BTreeMap<MapCoord, (u8, u8)> = BTreeMap::new();
    for (i, c) in file.counters.iter().enumerate() {
        let at = |f: &str| format!("counters[{i}].{f}");
        if let Some(first) = ids.insert(&c.id, at("id")) {
            errs.push(
                &at("id"),
                format!("counter id `{}` is used twice (first at {first})", c.id),
            );
        }
        let unit = check_counter(file, data, side_ids, i, c, errs);
        if let Some(coord) = checked_hex(&file.map, &at("hex"), &c.hex, errs)
            && let Some(u) = unit
        {
            check_stack(data, stacks.entry(coord).or_default(), u, i, c, errs);
        }
    }
}

/// Checks counter number `i`'s side, unit type, steps and stands, and gives its unit
/// type when the rule set has it.
fn check_counter<'d>(
    file: &ScenarioFile,
    data: &'d RuleSetData,
    side_ids: &BTreeSet<&str>,
    i: usize,
    c: &CounterDef,
    errs: &mut Errors,
) -> Option<&'d crate::data::UnitType> {
    let at = |f: &str| format!("counters[{i}].{f}");
    if !side_ids.contains(c.side.as_str()) {
        errs.push(
            &at("side"),
            format!(
                "unknown side `{}`; sides are: {}",
                c.side,
                known_sides(side_ids)
            ),
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
    if c.stands.len() > crate::counters::MAX_STANDS {
        errs.push(
            &at("stands"),
            format!(
                "a unit has at most {} stands, not {}",
                crate::counters::MAX_STANDS,
                c.stands.len()
            ),
        );
    }
    for (j, kind) in c.stands.iter().enumerate() {
        if kind.trim().is_empty() {
            errs.push(
                &at(&format!("stands[{j}]")),
                "a stand needs its kind (\"infantry\", \"gun\"...)".to_owned(),
            );
        }
    }
    unit
}

/// Counts counter number `i` (of unit type `u`) in the stack of its hex, and pushes
/// an error when the stack goes over the limit of units or of companies.
fn check_stack(
    data: &RuleSetData,
    stack: &mut (u8, u8),
    u: &crate::data::UnitType,
    i: usize,
    c: &CounterDef,
    errs: &mut Errors,
) {
    let at = format!("counters[{i}].hex");
    stack.0 += 1;
    stack.1 += u8::from(u.class.is_company());
    if stack.0 > data.stack_limit {
        errs.push(
            &at,
            format!(
                "over-stacked: hex {} would hold {} units (at most {})",
                c.hex, stack.0, data.stack_limit
            ),
        );
    } else if stack.1 > data.company_stack_limit {
        errs.push(
            &at,
            format!(
                "over-stacked: hex {} would hold {} companies (at most {})",
                c.hex, stack.1, data.company_stack_limit
            ),
        );
    }
}

/// Checks the hex markers: hexes on the map and known sides.
fn check_hex_markers(file: &ScenarioFile, side_ids: &BTreeSet<&str>, errs: &mut Errors) {
    for (i, m) in file.hex_markers.iter().enumerate() {
        let at = |f: &str| format!("hex_markers[{i}].{f}");
        checked_hex(&file.map, &at("hex"), &m.hex, errs);
        if !side_ids.contains(m.side.as_str()) {
            errs.push(
                &at("side"),
                format!(
                    "unknown side `{}`; sides are: {}",
                    m.side,
                    known_sides(side_ids)
                ),
            );
        }
    }
}

/// Checks the victory objectives: hexes on the map and known sides holding them.
fn check_objectives(file: &ScenarioFile, side_ids: &BTreeSet<&str>, errs: &mut Errors) {
    for (i, o) in file.victory.objectives.iter().enumerate() {
        checked_hex(
            &file.map,
            &format!("victory.objectives[{i}].hex"),
            &o.hex,
            errs,
        );
        if let Some(s) = &o.held_by
            && !side_ids.contains(s.as_str())
        {
            errs.push(
                &format!("victory.objectives[{i}].held_by"),
                format!("unknown side `{s}`; sides are: {}", known_sides(side_ids)),
            );
        }
    }
}

pub(super) fn check_map(map: &MapDef, data: &RuleSetData, errs: &mut Errors) {
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
pub(super) fn check_grid(
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
pub(super) fn parse_path(line: &str, map: &MapDef) -> Result<Vec<MapCoord>, (usize, String)> {
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
