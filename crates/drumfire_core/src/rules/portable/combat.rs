//! Close combat: one die a side against Close Combat Power, the defender weakened
//! by each extra attacker, power changed by hills, rivers, woods, built-up areas
//! and fortifications and a Command unit alongside, never below 1; the draw makes
//! the attacker withdraw, and infantry and cavalry may advance into a hex they cleared.
//!
//! > "If the attacker's dice score is equal to or less than its Close Combat Power,
//! > the defending Unit is destroyed ... If the defender's dice score is equal to or
//! > is less than its Close Combat Power, the attacking Unit is destroyed."

use super::fire::command_alongside;
use super::state::PtState;
use super::view::{self, Unit, cell};
use crate::map::Crossing;
use crate::orders::Refusal;
use bevy_ecs::prelude::*;
use hexx::Hex;

/// The most units that may attack one enemy unit together.
pub const MAX_ATTACKERS: usize = 4;

/// A close combat worked out before the dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CombatPlan {
    /// The attackers, the leading one first.
    pub attackers: Vec<String>,
    /// The defender's id.
    pub defender: String,
    /// The defender's hex.
    pub hex: Hex,
    /// The leading attacker's power, after every change (at least 1).
    pub attack: u8,
    /// What changed it.
    pub attack_changes: Vec<(i32, String)>,
    /// The defender's power, after every change (at least 1).
    pub defence: u8,
    /// What changed it.
    pub defence_changes: Vec<(i32, String)>,
    /// Where the leading attacker withdraws after a draw (`None`: it cannot, and is destroyed).
    pub withdraw_to: Option<Hex>,
}

fn total(base: u8, changes: &[(i32, String)]) -> u8 {
    let sum: i32 = i32::from(base) + changes.iter().map(|(c, _)| *c).sum::<i32>();
    sum.clamp(1, 255) as u8
}

/// Works out a close combat, or says why it may not be fought.
/// Ours — P-6 in docs/rules/portable.md: which units fight close combats.
/// Ours — P-18 in docs/rules/portable.md: facing plays no part in close combat.
pub fn plan(
    world: &World,
    all: &[Unit],
    side: u8,
    attackers: &[String],
    defender: &str,
) -> Result<CombatPlan, Refusal> {
    let refuse = |m: String| Err(Refusal(m));
    let Some(d) = all.iter().find(|u| u.id == defender) else {
        return refuse(format!("There is no unit `{defender}` on the map."));
    };
    if d.side == side {
        return refuse(format!("{} is a friend.", d.name));
    }
    if attackers.is_empty() || attackers.len() > MAX_ATTACKERS {
        return refuse(format!(
            "A close combat takes 1 to {MAX_ATTACKERS} attacking units, not {}.",
            attackers.len()
        ));
    }
    let fought = &world.resource::<PtState>().fought;
    let mut units: Vec<&Unit> = Vec::new();
    for id in attackers {
        let Some(a) = all.iter().find(|u| &u.id == id) else {
            return refuse(format!("There is no unit `{id}` on the map."));
        };
        if a.side != side {
            return refuse(format!("{} is not one of yours.", a.name));
        }
        if units.iter().any(|u| u.id == a.id) {
            return refuse(format!("{} is named twice.", a.name));
        }
        if fought.contains(&a.id) {
            return refuse(format!(
                "{} has already fought a close combat this turn.",
                a.name
            ));
        }
        if a.hex.unsigned_distance_to(d.hex) != 1 {
            return refuse(format!("{} is not next to {}.", a.name, d.name));
        }
        let (ca, cd) = (
            cell(world, a.hex).unwrap_or_default(),
            cell(world, d.hex).unwrap_or_default(),
        );
        if ca.elevation.abs_diff(cd.elevation) > 1 {
            return refuse(format!(
                "{} may not attack {}: more than one hill contour between them.",
                a.name, d.name
            ));
        }
        units.push(a);
    }
    let lead = units[0];
    let (ca, cd) = (
        cell(world, lead.hex).unwrap_or_default(),
        cell(world, d.hex).unwrap_or_default(),
    );
    let mut attack_changes = Vec::new();
    if command_alongside(all, lead) {
        attack_changes.push((1, "Command alongside".to_owned()));
    }
    if cd.elevation > ca.elevation {
        attack_changes.push((-1, "attacking uphill".to_owned()));
    } else if cd.elevation < ca.elevation {
        attack_changes.push((1, "attacking downhill".to_owned()));
    }
    if matches!(ca.river, Some(Crossing::None | Crossing::Ford)) {
        attack_changes.push((-1, "attacking from a river".to_owned()));
    }
    if cd.woods {
        attack_changes.push((-1, "defender in woods".to_owned()));
    }
    if cd.built_up {
        attack_changes.push((-2, "defender in a built-up area".to_owned()));
    } else if cd.fortified {
        attack_changes.push((-2, "defender in a fortification".to_owned()));
    }
    let mut defence_changes = Vec::new();
    if command_alongside(all, d) {
        defence_changes.push((1, "Command alongside".to_owned()));
    }
    let extra = units.len() as i32 - 1;
    if extra > 0 {
        defence_changes.push((-extra, format!("{} attackers", units.len())));
    }
    Ok(CombatPlan {
        attackers: attackers.to_vec(),
        defender: d.id.clone(),
        hex: d.hex,
        attack: total(lead.power, &attack_changes),
        attack_changes,
        defence: total(d.power, &defence_changes),
        defence_changes,
        withdraw_to: withdrawal(world, all, lead),
    })
}

/// Where an attacker withdraws after a draw: an adjacent empty hex not next to any
/// enemy unit. Ours where several qualify: the one farthest from the enemy, then the
/// first in direction order.
/// Ours — P-11 in docs/rules/portable.md: where an attacker withdraws.
pub fn withdrawal(world: &World, all: &[Unit], lead: &Unit) -> Option<Hex> {
    let mut options: Vec<(u32, usize, Hex)> = lead
        .hex
        .all_neighbors()
        .into_iter()
        .enumerate()
        .filter(|(_, h)| cell(world, *h).is_some_and(|c| !c.deep_river()))
        .filter(|(_, h)| all.iter().all(|u| u.hex != *h))
        .filter(|(_, h)| view::enemies(all, lead.side).all(|e| e.hex.unsigned_distance_to(*h) > 1))
        .map(|(i, h)| {
            let nearest = view::enemies(all, lead.side)
                .map(|e| e.hex.unsigned_distance_to(h))
                .min()
                .unwrap_or(0);
            (nearest, i, h)
        })
        .collect();
    options.sort_by_key(|(d, i, _)| (std::cmp::Reverse(*d), *i));
    options.first().map(|o| o.2)
}

/// The exact chances of a close combat, out of 36: defender destroyed alone,
/// attacker destroyed alone, both, neither (a draw).
pub fn odds(plan: &CombatPlan) -> [u32; 4] {
    let a = u32::from(plan.attack.min(6));
    let d = u32::from(plan.defence.min(6));
    [a * (6 - d), (6 - a) * d, a * d, (6 - a) * (6 - d)]
}
