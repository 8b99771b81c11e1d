//! Fire: artillery (hits at two hexes or less, scatters at three or more, direct
//! and indirect fire effect) and non-artillery fire (open and cover), pinned units
//! -1, a Command unit alongside +1, and the free turn of up to 60 degrees to fire.
//!
//! > "If the range is three or more hexes, a D6 die is thrown: 5 or 6: Artillery
//! > fire lands on the target hex. 3 or 4: ... the hex immediately in front of the
//! > target hex. 1 or 2: ... the hex immediately behind the target hex."

use super::movement::fording_turn;
use super::view::{self, Unit, cell};
use crate::data::UnitClass;
use crate::orders::Refusal;
use bevy_ecs::prelude::*;
use hexx::{DirectionWay, EdgeDirection, Hex};

/// Which fire effect table a fire uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// Non-artillery fire at a target in the open: 5-6 destroys, 2-4 pins.
    Open,
    /// Non-artillery fire at a target in cover: 6 destroys, 4-5 pins.
    Cover,
    /// Artillery firing at a target it can see: 5-6 destroys, 2-4 pins.
    Direct,
    /// Artillery firing at a target only a friend can see: 6 destroys, 4-5 pins.
    Indirect,
}

impl Table {
    /// The lowest (modified) score that destroys, and the lowest that pins.
    pub fn thresholds(self) -> (i8, i8) {
        match self {
            Self::Open | Self::Direct => (5, 2),
            Self::Cover | Self::Indirect => (6, 4),
        }
    }

    /// The table's name, as the log prints it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Open => "Fire effect, target in the open",
            Self::Cover => "Fire effect, target in cover",
            Self::Direct => "Direct artillery fire",
            Self::Indirect => "Indirect artillery fire",
        }
    }
}

/// What a fire effect die does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Effect {
    /// No effect.
    None,
    /// The unit is pinned.
    Pinned,
    /// The unit is destroyed.
    Destroyed,
}

impl Effect {
    /// The result in words.
    pub fn name(self) -> &'static str {
        match self {
            Self::None => "No effect",
            Self::Pinned => "Pinned",
            Self::Destroyed => "Destroyed",
        }
    }
}

/// The effect of a die on a table, after the modifier.
pub fn effect(table: Table, die: u8, modifier: i8) -> Effect {
    let score = die as i8 + modifier;
    let (destroy, pin) = table.thresholds();
    if score >= destroy {
        Effect::Destroyed
    } else if score >= pin {
        Effect::Pinned
    } else {
        Effect::None
    }
}

/// A fire worked out before the dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirePlan {
    /// The firing unit's id.
    pub firer: String,
    /// Its hex.
    pub from: Hex,
    /// The target hex.
    pub target: Hex,
    /// Hexes to the target.
    pub distance: u32,
    /// An artillery fire (which may scatter) or not.
    pub artillery: bool,
    /// The table for a unit in the target hex.
    pub table: Table,
    /// Modifiers to the fire effect die, with their causes.
    pub modifiers: Vec<(i32, String)>,
    /// The way the firer faces once it has fired.
    pub facing: EdgeDirection,
}

impl FirePlan {
    /// The sum of the modifiers.
    pub fn modifier(&self) -> i8 {
        self.modifiers.iter().map(|(m, _)| *m as i8).sum()
    }

    /// Does the fire scatter (artillery at three hexes or more)?
    pub fn scatters(&self) -> bool {
        self.artillery && self.distance >= 3
    }
}

/// The way a unit turns to fire at `target`, if it may: the target must lie in the
/// wedge it faces or in one of the two beside it (a turn of up to 60 degrees, free).
/// Ours — P-8 in docs/rules/portable.md: the fire arc.
pub fn turn_to_fire(u: &Unit, target: Hex) -> Option<EdgeDirection> {
    let ways = match u.hex.way_to(target) {
        DirectionWay::Single(d) => vec![d],
        DirectionWay::Tie(pair) => pair.to_vec(),
    };
    let f = u.facing;
    let reachable = [f, f.clockwise(), f.counter_clockwise()];
    // The current facing first: no turn when none is needed.
    [f, f.clockwise(), f.counter_clockwise()]
        .into_iter()
        .find(|d| ways.contains(d) && reachable.contains(d))
}

/// Can a friend of `side` other than `firer` see `target` (for indirect fire)?
fn spotted(world: &World, all: &[Unit], side: u8, firer: &str, target: Hex) -> bool {
    all.iter()
        .filter(|f| f.side == side && f.id != firer)
        .any(|f| view::line_of_sight(world, f.hex, target))
}

/// Is a Command unit of the same side next to `u`?
pub fn command_alongside(all: &[Unit], u: &Unit) -> bool {
    all.iter().any(|c| {
        c.class == UnitClass::Command
            && c.side == u.side
            && c.id != u.id
            && c.hex.unsigned_distance_to(u.hex) == 1
    })
}

/// Works out a fire, or says why it may not be made. `phase_fire` is the artillery
/// fire at the start of the turn (artillery only); otherwise the unit is being activated.
/// Ours — P-5 in docs/rules/portable.md: direct and indirect artillery fire.
/// Ours — P-13 in docs/rules/portable.md: artillery fires once a turn.
pub fn plan(
    world: &World,
    all: &[Unit],
    u: &Unit,
    target: Hex,
    phase_fire: bool,
) -> Result<FirePlan, Refusal> {
    let refuse = |m: String| Err(Refusal(m));
    let t = view::label(target);
    if u.fired {
        return refuse(format!("{} has already fired this turn.", u.name));
    }
    if phase_fire && !u.is_artillery() {
        return refuse(format!(
            "Only artillery fires at the start of the turn; {} fires when activated.",
            u.name
        ));
    }
    if !phase_fire && u.activated() {
        return refuse(format!("{} has already been activated this turn.", u.name));
    }
    if fording_turn(world, &u.id) == Some(2) {
        return refuse(format!("{} is fording the river and may not fire.", u.name));
    }
    let range = if u.is_artillery() {
        u.gun_range
    } else {
        u.rifle_range
    };
    let Some(range) = range else {
        return refuse(format!(
            "{} has no fire weapon: it fights in close combat.",
            u.name
        ));
    };
    let Some(enemy) = all.iter().find(|e| e.hex == target) else {
        return refuse(format!("There is no unit to fire at in {t}."));
    };
    if enemy.side == u.side {
        return refuse(format!("{} in {t} is a friend.", enemy.name));
    }
    let distance = u.hex.unsigned_distance_to(target);
    if distance > u32::from(range) {
        return refuse(format!(
            "{t} is {distance} hexes away; {} reaches {range}.",
            u.name
        ));
    }
    let Some(facing) = turn_to_fire(u, target) else {
        return refuse(format!(
            "{t} is behind {}: a unit may turn only up to 60 degrees to fire.",
            u.name
        ));
    };
    let sees = view::line_of_sight(world, u.hex, target);
    let table = if u.is_artillery() {
        if sees {
            Table::Direct
        } else if spotted(world, all, u.side, &u.id, target) {
            Table::Indirect
        } else {
            return refuse(format!(
                "Neither {} nor any friend can see {t}: no fire.",
                u.name
            ));
        }
    } else {
        if !sees {
            return refuse(format!("{} cannot see {t}.", u.name));
        }
        let target_cell = cell(world, target).unwrap_or_default();
        if enemy.pinned || target_cell.cover {
            Table::Cover
        } else {
            Table::Open
        }
    };
    let mut modifiers = Vec::new();
    if u.pinned {
        modifiers.push((-1, "firer pinned".to_owned()));
    }
    if command_alongside(all, u) {
        modifiers.push((1, "Command alongside".to_owned()));
    }
    Ok(FirePlan {
        firer: u.id.clone(),
        from: u.hex,
        target,
        distance,
        artillery: u.is_artillery(),
        table,
        modifiers,
        facing,
    })
}

/// Where a scattering shot lands for a scatter die: 5-6 the target, 3-4 the hex in
/// front (toward the firer), 1-2 the hex behind; where two hexes qualify, an odd
/// die picks the left-hand one and an even die the right-hand one, as the firer sees them.
pub fn landing(from: Hex, target: Hex, die: u8) -> Hex {
    if die >= 5 {
        return target;
    }
    let ways = match target.way_to(from) {
        DirectionWay::Single(d) => vec![d],
        DirectionWay::Tie(pair) => pair.to_vec(),
    };
    let ways: Vec<EdgeDirection> = if die >= 3 {
        ways
    } else {
        ways.into_iter().map(|d| d.const_neg()).collect()
    };
    let hexes: Vec<Hex> = ways.iter().map(|d| target.neighbor(*d)).collect();
    if let [one] = hexes[..] {
        return one;
    }
    // Left or right of the line of fire, on the map as printed (rows run down).
    let side_of = |h: Hex| cross(from, target, h);
    let (left, right) = if side_of(hexes[0]) < side_of(hexes[1]) {
        (hexes[0], hexes[1])
    } else {
        (hexes[1], hexes[0])
    };
    if die % 2 == 1 { left } else { right }
}

/// The sign of the turn from the line `a`-`b` to `c` on the printed map (rows
/// running down): negative when `c` lies to the left of the line seen from `a`.
fn cross(a: Hex, b: Hex, c: Hex) -> i64 {
    let at = |h: Hex| {
        let m = crate::coords::MapCoord::from_hex(h)
            .map_or((0, 0), |m| (i64::from(m.col), i64::from(m.row)));
        // Flat-topped columns, odd columns half a hex up: x = 3/2 col, y = row - (col odd)/2,
        // doubled to stay in integers; only the sign matters.
        (3 * m.0, 2 * m.1 - (m.0 & 1))
    };
    let (a, b, c) = (at(a), at(b), at(c));
    (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
}

/// The exact chances of a fire, out of `denominator`: for each hex the fire may land
/// in with a unit in it, the chances it is destroyed and pinned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireOdds {
    /// Every chance is this many parts of the whole (6 or 36).
    pub denominator: u32,
    /// Landing hex, the unit there, its chance to be destroyed and to be pinned.
    pub hits: Vec<(Hex, String, u32, u32)>,
}

impl FireOdds {
    /// The chances (destroyed, pinned) of the unit with this id.
    pub fn of(&self, id: &str) -> (u32, u32) {
        self.hits
            .iter()
            .filter(|h| h.1 == id)
            .fold((0, 0), |(d, p), h| (d + h.2, p + h.3))
    }
}

/// The exact odds of a planned fire, enumerating the scatter die and the effect die.
pub fn odds(world: &World, all: &[Unit], plan: &FirePlan) -> FireOdds {
    let scatter: Vec<u8> = if plan.scatters() {
        (1..=6).collect()
    } else {
        vec![6]
    };
    let denominator = 6 * scatter.len() as u32;
    let mut hits: Vec<(Hex, String, u32, u32)> = Vec::new();
    for s in scatter {
        let at = landing(plan.from, plan.target, s);
        let Some(u) = all.iter().find(|u| u.hex == at) else {
            continue;
        };
        let table = table_at(world, plan, u);
        for die in 1..=6 {
            let e = effect(table, die, plan.modifier());
            let entry = match hits.iter_mut().find(|h| h.0 == at) {
                Some(h) => h,
                None => {
                    hits.push((at, u.id.clone(), 0, 0));
                    hits.last_mut().expect("just pushed")
                }
            };
            match e {
                Effect::Destroyed => entry.2 += 1,
                Effect::Pinned => entry.3 += 1,
                Effect::None => {}
            }
        }
    }
    FireOdds { denominator, hits }
}

/// The table for the unit a fire lands on: the plan's, except that non-artillery fire
/// reads cover for the unit actually hit.
pub fn table_at(world: &World, plan: &FirePlan, u: &Unit) -> Table {
    if plan.artillery {
        return plan.table;
    }
    let c = cell(world, u.hex).unwrap_or_default();
    if u.pinned || c.cover {
        Table::Cover
    } else {
        Table::Open
    }
}
