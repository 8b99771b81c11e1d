//! Putting a checked scenario on the table: hexes, counters, hex markers and the
//! resources that describe the game, then the rule set's own pieces and figures.

use super::*;

/// Spawns the scenario's hexes and counters and inserts its resources; then the rule
/// set spawns what its section holds.
pub fn spawn(world: &mut World, scenario: &Scenario) {
    let file = &scenario.file;
    let data = scenario.rules.data();
    let mut index = HexIndex::new(file.map.width, file.map.height);
    let mut ids = PieceIds::default();
    spawn_hexes(world, file, data, &mut index);
    spawn_counters(world, file, data, &mut index, &mut ids);
    spawn_hex_markers(world, file);
    world.insert_resource(index);
    world.insert_resource(ids);
    insert_resources(world, scenario);
    (scenario.rules.spawn)(world, &scenario.file);
}

/// The index of side `id` in the file (0 for a side it does not list).
fn side_index(file: &ScenarioFile, id: &str) -> u8 {
    file.sides.iter().position(|s| s.id == id).unwrap_or(0) as u8
}

/// The hexsides each hex's paths (roads or rivers) cross, from the map's lines.
fn path_sides(list: &[String], map: &MapDef) -> BTreeMap<MapCoord, Sides> {
    let mut sides: BTreeMap<MapCoord, Sides> = BTreeMap::new();
    for line in list {
        let hexes = parse_path(line, map).unwrap_or_default();
        for pair in hexes.windows(2) {
            let (a, b) = (pair[0].to_hex(), pair[1].to_hex());
            if let (Some(ab), Some(ba)) = (a.neighbor_direction(b), b.neighbor_direction(a)) {
                sides.entry(pair[0]).or_default().insert(ab);
                sides.entry(pair[1]).or_default().insert(ba);
            }
        }
    }
    sides
}

/// The crossing of a river hex: a bridge, else a ford, else none.
fn crossing_at(map: &MapDef, c: MapCoord) -> Crossing {
    let is = |list: &[String]| list.iter().any(|l| MapCoord::parse_label(l) == Ok(c));
    if is(&map.bridges) {
        Crossing::Bridge
    } else if is(&map.fords) {
        Crossing::Ford
    } else {
        Crossing::None
    }
}

/// Spawns one entity per hex of the map, row by row, with its terrain, elevation,
/// road, river and objective, and enters it in the hex index.
fn spawn_hexes(world: &mut World, file: &ScenarioFile, data: &RuleSetData, index: &mut HexIndex) {
    let roads = path_sides(&file.map.roads, &file.map);
    let rivers = path_sides(&file.map.rivers, &file.map);
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
                    crossing: crossing_at(&file.map, coord),
                });
            }
            if let Some(o) = objectives.get(&coord) {
                e.insert(Objective {
                    points: o.points,
                    held_by: o.held_by.as_deref().map(|id| side_index(file, id)),
                });
            }
            index.insert_hex(coord, e.id());
        }
    }
}

/// Spawns the file's counters in order (each of a known unit type on a readable
/// hex), with their markers, facing and stands, and enters each by id and by hex.
fn spawn_counters(
    world: &mut World,
    file: &ScenarioFile,
    data: &RuleSetData,
    index: &mut HexIndex,
    ids: &mut PieceIds,
) {
    for c in &file.counters {
        let Some(unit) = data.units.get(&c.unit) else {
            continue;
        };
        let Ok(coord) = MapCoord::parse_label(&c.hex) else {
            continue;
        };
        let side = side_index(file, &c.side);
        let max = unit.max_steps();
        // A rule set with side morale puts its figure on counters that give none.
        let morale = c.morale.unwrap_or(0);
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
        if !c.stands.is_empty() {
            e.insert(crate::counters::Stands::new(c.stands.iter().cloned()));
        }
        ids.0.insert(c.id.clone(), e.id());
        index.place(coord.to_hex(), e.id());
    }
}

/// Spawns the file's hex markers that stand on a readable hex.
fn spawn_hex_markers(world: &mut World, file: &ScenarioFile) {
    for m in &file.hex_markers {
        let Ok(coord) = MapCoord::parse_label(&m.hex) else {
            continue;
        };
        world.spawn(HexMarker {
            kind: m.kind,
            hex: coord.to_hex(),
            side: side_index(file, &m.side),
            source: m.source.clone(),
        });
    }
}

/// Inserts the resources that describe the game: its sides, the scenario's title,
/// briefing, turns and points, and its rule set.
fn insert_resources(world: &mut World, scenario: &Scenario) {
    let file = &scenario.file;
    world.insert_resource(SideList(
        file.sides
            .iter()
            .map(|s| SideInfo {
                id: s.id.clone(),
                name: s.name.clone(),
                colour: parse_colour(&s.colour).unwrap_or([128, 128, 128]),
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
    world.insert_resource(crate::flow::Awaiting(scenario.rules.awaiting));
    world.insert_resource(crate::journal::MoreNames(scenario.rules.names));
}
