//! The Great War's checks of a scenario file, beyond the core's: each side's
//! off-board artillery and the Artillery Plan the scenario gives it.

use super::Mission;
use crate::coords::MapCoord;
use crate::data::RuleSetData;
use crate::scenario::ScenarioFile;
use std::collections::BTreeSet;

/// Errors as (field path, message), located by the core.
type Errors = Vec<(String, String)>;

/// Every Great War check of the file.
pub fn check(file: &ScenarioFile) -> Errors {
    let data = crate::rules::GREAT_WAR.data();
    let mut errs = Errors::new();
    for (i, side) in file.sides.iter().enumerate() {
        for (j, f) in side.off_board_artillery.iter().enumerate() {
            if f.strength == 0 {
                errs.push((
                    format!("sides[{i}].off_board_artillery[{j}].strength"),
                    "strength must be at least 1".into(),
                ));
            }
        }
        check_plan(file, data, i, &mut errs);
    }
    errs
}

fn push(errs: &mut Errors, field: &str, message: String) {
    errs.push((field.to_owned(), message));
}

/// The scenario's Artillery Plan for side `i`: sources that exist, one mission
/// each, a hex per turn on the map, no more firing turns than the ammunition allows,
/// on-board targets in range.
fn check_plan(file: &ScenarioFile, data: &RuleSetData, i: usize, errs: &mut Errors) {
    let side = &file.sides[i];
    let on_map = |label: &str| {
        MapCoord::parse_label(label)
            .ok()
            .filter(|c| c.col < file.map.width && c.row < file.map.height)
    };
    let mut seen = BTreeSet::new();
    if !side.artillery_plan.is_empty() {
        let missing: Vec<&str> = file
            .counters
            .iter()
            .filter(|c| {
                c.side == side.id
                    && data
                        .units
                        .get(&c.unit)
                        .is_some_and(|u| u.full.bombard.is_some())
            })
            .map(|c| c.id.as_str())
            .chain(side.off_board_artillery.iter().map(|f| f.id.as_str()))
            .filter(|id| !side.artillery_plan.iter().any(|a| a.source == *id))
            .collect();
        if !missing.is_empty() {
            push(
                errs,
                &format!("sides[{i}].artillery_plan"),
                format!(
                    "every artillery unit and factor of {} needs a mission; missing: {}",
                    side.id,
                    missing.join(", ")
                ),
            );
        }
    }
    for (j, a) in side.artillery_plan.iter().enumerate() {
        let at = |f: &str| format!("sides[{i}].artillery_plan[{j}].{f}");
        if !seen.insert(a.source.as_str()) {
            push(
                errs,
                &at("source"),
                format!("`{}` is given two missions", a.source),
            );
        }
        let factor = side.off_board_artillery.iter().any(|f| f.id == a.source);
        let unit = file.counters.iter().find(|c| {
            c.id == a.source
                && c.side == side.id
                && data
                    .units
                    .get(&c.unit)
                    .is_some_and(|u| u.full.bombard.is_some())
        });
        if !factor && unit.is_none() {
            push(
                errs,
                &at("source"),
                format!(
                    "`{}` is neither an artillery unit nor an off-board factor of {}",
                    a.source, side.id
                ),
            );
            continue;
        }
        match &a.mission {
            Mission::PlannedFire { targets } => {
                if targets.len() != usize::from(file.turns) {
                    push(
                        errs,
                        &at("mission"),
                        format!(
                            "the plan has {} turns, the scenario {}",
                            targets.len(),
                            file.turns
                        ),
                    );
                }
                let firing = targets.iter().filter(|t| t.is_some()).count();
                if firing > usize::from(side.artillery_ammunition) {
                    push(
                        errs,
                        &at("mission"),
                        format!(
                            "plotted to fire on {firing} turns; the side's artillery_ammunition allows {}",
                            side.artillery_ammunition
                        ),
                    );
                }
                let from = unit.and_then(|u| {
                    Some((
                        on_map(&u.hex)?,
                        data.units.get(&u.unit)?.full.bombard?.range,
                    ))
                });
                for (t, target) in targets.iter().enumerate() {
                    let Some(label) = target else { continue };
                    match on_map(label) {
                        None => push(
                            errs,
                            &at("mission"),
                            format!("turn {}: `{label}` is not a hex of the map", t + 1),
                        ),
                        Some(c) => {
                            if let Some((h, range)) = from
                                && h.to_hex().unsigned_distance_to(c.to_hex()) > u32::from(range)
                            {
                                push(
                                    errs,
                                    &at("mission"),
                                    format!("turn {}: hex {label} is beyond range {range}", t + 1),
                                );
                            }
                        }
                    }
                }
            }
            Mission::OpenSights | Mission::Move { .. } if factor => push(
                errs,
                &at("mission"),
                "an off-board factor's only mission is Planned Fire".into(),
            ),
            Mission::OpenSights => {}
            Mission::Move { destination } => {
                if on_map(destination).is_none() {
                    push(
                        errs,
                        &at("mission"),
                        format!("destination `{destination}` is not a hex of the map"),
                    );
                }
            }
        }
    }
}
