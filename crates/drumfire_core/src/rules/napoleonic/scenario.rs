//! The Napoleonic rules' section of a scenario file (each brigade's grades, its first
//! order and formation), its checks, and what it puts on the table.

use super::brigade::{Arm, Command, Formation, Grade, Grades};
use super::state::{Brigade, NpState};
use crate::scenario::ScenarioFile;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The Napoleonic section: `napoleonic: (brigades: [...])`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Napoleonic")]
pub struct NpScenario {
    /// Brigades' figures, by counter id (a brigade not listed: grades B, Hold, Line).
    pub brigades: Vec<NpBrigade>,
}

/// One brigade's figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Brigade")]
pub struct NpBrigade {
    /// The counter's id.
    pub id: String,
    /// Its class (A, B or C).
    #[serde(default)]
    pub class: Grade,
    /// Its skirmishers.
    #[serde(default)]
    pub skirmish: Grade,
    /// Its firepower.
    #[serde(default)]
    pub fire: Grade,
    /// Its order at the start (Hold when absent).
    #[serde(default)]
    pub order: Command,
    /// Its formation at the start (its arm's usual one when absent: line, or a
    /// battery deployed).
    #[serde(default)]
    pub formation: Option<Formation>,
}

/// The arm of a counter of the scenario, from its unit type.
pub fn arm_of(unit: &str) -> Arm {
    super::INFO
        .data()
        .units
        .get(unit)
        .map_or(Arm::Infantry, |u| Arm::of(u.class))
}

/// Every brigade's standing, from its entry in the section (grades B, Hold orders,
/// in line, when it has none).
pub fn spawn(world: &mut World, file: &ScenarioFile) {
    let section = file.section::<NpScenario>().cloned().unwrap_or_default();
    let brigades: std::collections::BTreeMap<String, Brigade> = file
        .counters
        .iter()
        .map(|c| {
            let b = section
                .brigades
                .iter()
                .find(|b| b.id == c.id)
                .cloned()
                .unwrap_or_default();
            let arm = arm_of(&c.unit);
            (
                c.id.clone(),
                Brigade {
                    grades: Grades {
                        class: b.class,
                        skirmish: b.skirmish,
                        fire: b.fire,
                    },
                    command: b.order,
                    formation: b.formation.unwrap_or(arm.formations()[0]),
                },
            )
        })
        .collect();
    // Each counter shows its brigade's formation.
    let labels: Vec<(Entity, String)> = {
        let ids = world.resource::<crate::counters::PieceIds>();
        file.counters
            .iter()
            .filter_map(|c| {
                let formation = brigades_formation(&brigades, &c.id);
                ids.get(&c.id)
                    .map(|e| (e, formation.label(arm_of(&c.unit))))
            })
            .collect()
    };
    for (e, label) in labels {
        world.entity_mut(e).insert(crate::counters::Label(label));
    }
    world.insert_resource(NpState {
        brigades,
        ..NpState::default()
    });
}

fn brigades_formation(
    brigades: &std::collections::BTreeMap<String, Brigade>,
    id: &str,
) -> Formation {
    brigades.get(id).map_or(Formation::Line, |b| b.formation)
}

/// Napoleonic checks of a scenario: an entry names a counter, once; every brigade is
/// made of battalions (its stands). A brigade with no entry has grades B, Hold orders
/// and stands in line.
pub fn check(file: &ScenarioFile) -> Vec<(String, String)> {
    let mut errs = Vec::new();
    let Some(section) = file.section::<NpScenario>() else {
        errs.push((
            "rules".to_owned(),
            "a Napoleonic scenario needs a `napoleonic: (brigades: [...])` section giving each brigade's grades".to_owned(),
        ));
        return errs;
    };
    let mut listed = BTreeSet::new();
    for (i, b) in section.brigades.iter().enumerate() {
        let at = format!("napoleonic.brigades[{i}]");
        let Some(c) = file.counters.iter().find(|c| c.id == b.id) else {
            errs.push((
                format!("{at}.id"),
                format!("no counter has the id `{}`", b.id),
            ));
            continue;
        };
        if !listed.insert(b.id.as_str()) {
            errs.push((
                format!("{at}.id"),
                format!("brigade `{}` is listed twice", b.id),
            ));
        }
        let arm = arm_of(&c.unit);
        if let Some(f) = b.formation
            && !arm.formations().contains(&f)
        {
            errs.push((
                format!("{at}.formation"),
                format!(
                    "`{}` is {}: its formations are {}",
                    b.id,
                    arm.name(),
                    names(arm.formations().iter().map(|f| format!("{f:?}")))
                ),
            ));
        }
        if !arm.commands().contains(&b.order) {
            errs.push((
                format!("{at}.order"),
                format!(
                    "`{}` is {}: its orders are {}",
                    b.id,
                    arm.name(),
                    names(arm.commands().iter().map(|c| format!("{c:?}")))
                ),
            ));
        }
    }
    errs.extend(two_inside(file));
    for (i, c) in file.counters.iter().enumerate() {
        if c.stands.is_empty() {
            let (what, parts, example) = match arm_of(&c.unit) {
                Arm::Infantry => ("brigade", "battalions", "\"line\", \"line\", \"light\""),
                Arm::Cavalry => ("cavalry brigade", "regiments", "\"hussars\", \"hussars\""),
                Arm::Artillery => ("battery", "gun sections", "\"guns\", \"guns\""),
            };
            errs.push((
                format!("counters[{i}].stands"),
                format!(
                    "{what} `{}` needs its {parts}, as stands: `stands: [{example}]`",
                    c.id
                ),
            ));
        }
    }
    errs
}

/// "A, B or C".
fn names(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

/// Each counter set up inside a built-up area where a brigade of its side stands
/// already: "Only one brigade per side is allowed inside BUA" (N-34).
fn two_inside(file: &ScenarioFile) -> Vec<(String, String)> {
    let data = super::INFO.data();
    let built_up = |h: hexx::Hex| {
        crate::coords::MapCoord::from_hex(h)
            .and_then(|at| {
                file.map
                    .terrain
                    .get(usize::from(at.row))?
                    .chars()
                    .nth(usize::from(at.col))
            })
            .and_then(|g| data.terrain_by_glyph(g))
            .is_some_and(|t| t.id == super::view::BUILT_UP)
    };
    let mut errs = Vec::new();
    // A battery is no brigade (N-21).
    let brigade = |c: &crate::scenario::CounterDef| arm_of(&c.unit) != Arm::Artillery;
    for (i, c) in file.counters.iter().enumerate() {
        let Some(hex) = crate::scenario::hex_of(&c.hex).filter(|_| brigade(c)) else {
            continue;
        };
        let area = super::view::built_up_area(built_up, hex);
        let before = file.counters[..i].iter().find(|o| {
            o.side == c.side
                && brigade(o)
                && crate::scenario::hex_of(&o.hex).is_some_and(|h| area.contains(&h))
        });
        if let Some(o) = before {
            errs.push((
                format!("counters[{i}].hex"),
                format!(
                    "`{}` is set up at {} in the built-up area that `{}` holds at {}: \"Only one brigade per side is allowed inside BUA\"",
                    c.id, c.hex, o.id, o.hex
                ),
            ));
        }
    }
    errs
}
