//! The assault: both sides fire at once on the Assault table, the attackers' leader
//! shift, and the end of it, the hex carried or the attackers thrown back.

use super::results::{effects, roll_on_table};
use super::*;
use crate::counters::OffMap;

/// > "Units that start their activation adjacent to enemy units can enter an
/// > enemy-occupied hex and fire on the Assault table (Assaulted units can fire back)."
///
/// Both sides fire at once, on strengths from before either result.
/// Ours — D-7 in docs/rules/great-war.md: the assault procedure.
pub(super) fn assault(
    world: &mut World,
    hex: Hex,
    side: u8,
    attackers: Vec<(String, Hex)>,
    leaders: &std::collections::BTreeMap<String, Vec<String>>,
) {
    let here = view::in_hex(world, hex);
    let attacking: Vec<PieceView> = here.iter().filter(|p| p.side == side).cloned().collect();
    let defending: Vec<PieceView> = here.iter().filter(|p| p.side != side).cloned().collect();
    let mut steps = Vec::new();
    if !attacking.is_empty() && !defending.is_empty() {
        let defender = defending[0].side;
        let combat = assault_combat(world, &attacking, leaders);
        let attack = fire::plan_assault(world, side, &attacking, hex, combat, true, "Assault");
        // A Demoralized leader "can do nothing [...] but try to recover morale": he lends
        // no combat modifier (`plan_assault` leaves Demoralized units out of the fire).
        let defence_combat = defending
            .iter()
            .filter(|p| !p.demoralized)
            .filter_map(|p| p.leader.map(|l| l.combat))
            .max()
            .unwrap_or(0);
        let defence = fire::plan_assault(
            world,
            defender,
            &defending,
            hex,
            defence_combat,
            false,
            "Assault defence",
        );
        let mut outcomes = Vec::new();
        for plan in [attack, defence].into_iter().flatten() {
            let result = roll_on_table(world, &plan);
            outcomes.push((plan.side, result));
        }
        // "each time a unit with an Open Sights mission fires, the owning player rolls
        // two dice": a battery firing in an assault (firing back) rolls too, once the
        // assault's results have struck (the fire that runs it dry still lands).
        let state = world.resource::<GwState>();
        let open_sights: Vec<Step> = attacking
            .iter()
            .chain(&defending)
            .filter(|p| !p.is_leader() && !p.demoralized && !view::is_cargo(state, &p.id))
            .filter(|p| view::action_fire(state, p).is_some_and(|(_, os)| os))
            .map(|p| Step::Depletion {
                piece: p.id.clone(),
            })
            .collect();
        for (firer, result) in outcomes {
            let target = if firer == side { defender } else { side };
            steps.extend(effects(hex, target, result));
        }
        steps.extend(open_sights);
    }
    steps.push(Step::AssaultEnd {
        hex,
        side,
        attackers,
    });
    push_front(world, steps);
}

/// The attackers' leader shift, read when the assault is rolled: the lowest among the
/// attacking units that fire (in the hex, not Demoralized) of the combat modifier their
/// leaders lend them now (`action::lent_combat`). A leader Demoralized by the Drumfire
/// on the way in lends nothing, as he lends no morale modifier.
pub fn assault_combat(
    world: &World,
    attacking: &[PieceView],
    leaders: &std::collections::BTreeMap<String, Vec<String>>,
) -> i8 {
    attacking
        .iter()
        .filter(|p| !p.is_leader() && !p.demoralized)
        .map(|p| {
            leaders
                .get(&p.id)
                .and_then(|l| super::super::action::lent_combat(world, l))
                .unwrap_or(0)
        })
        .min()
        .unwrap_or(0)
}

/// Ours: when no defending unit is left, the attackers hold the hex and any defending
/// leader left alone is captured; otherwise the attackers fall back to the hexes they came from.
pub(super) fn assault_end(world: &mut World, hex: Hex, side: u8, attackers: Vec<(String, Hex)>) {
    let here = view::in_hex(world, hex);
    let defenders_left = here.iter().any(|p| p.side != side && !p.is_leader());
    let attackers_left = here.iter().any(|p| p.side == side && !p.is_leader());
    if !defenders_left && attackers_left {
        for p in here.iter().filter(|p| p.side != side) {
            super::super::remove_from_play(world, &p.id, OffMap::Eliminated);
            say(world, format!("{} is captured in {}.", p.name, label(hex)));
        }
        // The hex carried, its objective (if it is one) is the attackers'.
        if let Some(p) = here.iter().find(|p| p.side == side && !p.is_leader())
            && let Some(e) = super::super::entity(world, &p.id)
        {
            let cell = world.resource::<crate::map::HexIndex>().hex_entity(hex);
            super::super::take_objective(world, e, cell);
        }
        say(world, format!("The assault carries {}.", label(hex)));
    } else {
        // Ours: attackers thrown back enter the hexes they came from again, and
        // "any units of either side that enter that hex are immediately attacked" by
        // a Drumfire marker there. Like flight, the fall back draws no opportunity fire.
        let mut back: Vec<(Hex, Vec<String>)> = Vec::new();
        for (id, from) in attackers {
            if view::by_id(world, &id).is_some_and(|p| p.hex == hex) {
                place(world, &id, from);
                note(
                    world,
                    GameEvent::Moved {
                        pieces: vec![id.clone()],
                        from: label(hex),
                        to: label(from),
                        via: Vec::new(),
                    },
                );
                match back.iter_mut().find(|(h, _)| *h == from) {
                    Some((_, ids)) => ids.push(id),
                    None => back.push((from, vec![id])),
                }
            }
        }
        say(
            world,
            format!("The assault on {} is thrown back.", label(hex)),
        );
        let steps = back
            .into_iter()
            .map(|(from, ids)| Step::Drumfire {
                hex: from,
                side,
                pieces: super::super::action::entering_ids(world.resource::<GwState>(), &ids),
            })
            .collect();
        push_front(world, steps);
    }
}
