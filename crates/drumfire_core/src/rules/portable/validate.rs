//! The Portable checks of an order, and the exact odds shown before one is given.

use super::*;
use crate::odds::{Distribution, Odds, Outcome};
use std::collections::BTreeSet;

// ---- Orders ---------------------------------------------------------------------------

/// May `side` pass now: in the artillery fire, and in the Action Phase once its
/// pinned regular cavalry is decided for.
pub fn pass(world: &World, side: u8) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    let state = world.resource::<PtState>();
    match phase {
        ARTILLERY_FIRE | ACTION => {
            let due = cavalry_due(world, side);
            match due.first() {
                Some(c) if phase == ACTION && state.step == Step::Activating => {
                    Err(Refusal(format!(
                        "{} is pinned regular cavalry: unpin it or let it charge first.",
                        c.name
                    )))
                }
                _ => Ok(()),
            }
        }
        _ => Err(Refusal("There is nothing to pass now.".into())),
    }
}

/// Portable checks of an order beyond the core's.
pub fn validate(world: &World, o: &PtOrder) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    let state = world.resource::<PtState>();
    let refuse = |m: &str| Err(Refusal(m.to_owned()));
    let all = view::units(world);
    let unit_of = |id: &str| -> Result<Unit, Refusal> {
        let u = all
            .iter()
            .find(|u| u.id == id)
            .cloned()
            .ok_or_else(|| Refusal(format!("There is no unit `{id}` on the map.")))?;
        if u.side != o.side() {
            return Err(Refusal(format!("{} is not one of yours.", u.name)));
        }
        Ok(u)
    };
    let hex = |label: &str| -> Result<Hex, Refusal> {
        crate::scenario::hex_of(label)
            .ok_or_else(|| Refusal(format!("`{label}` is not a hex number.")))
    };
    match o {
        PtOrder::Bombard { unit, target, .. } => {
            if phase != ARTILLERY_FIRE {
                return refuse("Artillery fires this way only at the start of the turn.");
            }
            fire::plan(world, &all, &unit_of(unit)?, hex(target)?, true).map(|_| ())
        }
        PtOrder::CloseCombat {
            side,
            attackers,
            defender,
            ..
        } => {
            if phase != ACTION || state.step != Step::CloseCombat {
                return refuse("Close combats are fought once the side's activations are over.");
            }
            combat::plan(world, &all, *side, attackers, defender).map(|_| ())
        }
        PtOrder::Move { .. }
        | PtOrder::Fire { .. }
        | PtOrder::Unpin { .. }
        | PtOrder::Charge { .. } => {
            if phase != ACTION || state.step != Step::Activating {
                return refuse("Units are activated in the side's part of the Action Phase.");
            }
            let id = match o {
                PtOrder::Move { unit, .. }
                | PtOrder::Fire { unit, .. }
                | PtOrder::Unpin { unit, .. }
                | PtOrder::Charge { unit, .. } => unit,
                _ => unreachable!("matched above"),
            };
            let u = unit_of(id)?;
            let due = cavalry_due(world, o.side());
            // A side deciding for its cavalry before its own part (P-16).
            let early = o.side() != world.resource::<ActionSegment>().side;
            if let Some(c) = due.first()
                && !(c.id == u.id && matches!(o, PtOrder::Unpin { .. } | PtOrder::Charge { .. }))
            {
                return Err(Refusal(format!(
                    "{} is pinned regular cavalry: it must be unpinned or charge before any other activation.",
                    c.name
                )));
            }
            if let PtOrder::Charge { .. } = o {
                if !due.iter().any(|c| c.id == u.id) {
                    return Err(Refusal(format!(
                        "Only pinned regular European cavalry charges without an activation; {} does not.",
                        u.name
                    )));
                }
                if state.unpin_due.contains(&u.id) {
                    return Err(Refusal(format!(
                        "{} is to be unpinned, as was decided before the turn's first activation: it does not charge.",
                        u.name
                    )));
                }
                return Ok(());
            }
            if early {
                // Only the decision is made now; the unpinning is an activation of the
                // side's own part.
                return match o {
                    PtOrder::Unpin { .. } => Ok(()),
                    _ => Err(Refusal(format!(
                        "{} is pinned regular cavalry: decide now to unpin it or let it charge.",
                        u.name
                    ))),
                };
            }
            if state.activations == 0 {
                return Err(Refusal("No activations are left this turn.".into()));
            }
            if u.activated() {
                return Err(Refusal(format!(
                    "{} has already been activated this turn.",
                    u.name
                )));
            }
            match o {
                PtOrder::Move { path, .. } => {
                    let path: Vec<Hex> = path.iter().map(|l| hex(l)).collect::<Result<_, _>>()?;
                    movement::check_path(world, &all, &u, &path).map(|_| ())
                }
                PtOrder::Fire { target, .. } => {
                    fire::plan(world, &all, &u, hex(target)?, false).map(|_| ())
                }
                PtOrder::Unpin { .. } if !u.pinned => {
                    Err(Refusal(format!("{} is not pinned.", u.name)))
                }
                _ => Ok(()),
            }
        }
    }
}

/// The exact chances of a fire or close combat, in the shape every rule set's odds are
/// shown in: the table or the powers, every modifier with its cause, and each outcome.
pub fn describe_odds(world: &World, order: &PtOrder) -> Option<Odds> {
    let all = view::units(world);
    let row = |label: &str, ways: u32, of: u32| Outcome::new(label, ways, of);
    match order {
        PtOrder::Bombard { unit, target, .. } | PtOrder::Fire { unit, target, .. } => {
            let u = view::unit(world, unit)?;
            let t = crate::scenario::hex_of(target)?;
            let plan =
                fire::plan(world, &all, &u, t, matches!(order, PtOrder::Bombard { .. })).ok()?;
            let odds = fire::odds(world, &all, &plan);
            let target_unit = view::unit_at(world, t)?;
            let n = odds.denominator;
            let (d, p) = odds.of(&target_unit.id);
            let mut basis = vec![format!("{} by {}", plan.table.name(), u.name)];
            if plan.scatters() {
                basis.push("It may scatter: a die for where it lands, then the effect die.".into());
            }
            // A scattering fire may land on another unit.
            let others: BTreeSet<&str> = odds
                .hits
                .iter()
                .map(|h| h.1.as_str())
                .filter(|id| *id != target_unit.id)
                .collect();
            let more = others
                .into_iter()
                .map(|id| {
                    let (d, p) = odds.of(id);
                    let name = all
                        .iter()
                        .find(|u| u.id == id)
                        .map_or(id.to_owned(), |u| u.name.clone());
                    Distribution {
                        heading: format!("{name}, if it lands there"),
                        outcomes: vec![
                            row("destroyed", d, n),
                            row("pinned", p, n),
                            row("unharmed", n - d - p, n),
                        ],
                    }
                })
                .collect();
            Some(Odds {
                title: format!("Fire at {} in {target}", target_unit.name),
                basis,
                modifiers: Odds::modifiers_of("effect die", &plan.modifiers),
                outcomes: vec![
                    row("destroyed", d, n),
                    row("pinned", p, n),
                    row("unharmed", n - d - p, n),
                ],
                more,
            })
        }
        PtOrder::CloseCombat {
            side,
            attackers,
            defender,
            ..
        } => {
            let plan = combat::plan(world, &all, *side, attackers, defender).ok()?;
            let [d, a, both, draw] = combat::odds(&plan);
            let mut modifiers = Odds::modifiers_of("attack", &plan.attack_changes);
            modifiers.extend(Odds::modifiers_of("defence", &plan.defence_changes));
            let name = all
                .iter()
                .find(|u| u.id == *defender)
                .map_or(defender.clone(), |u| u.name.clone());
            Some(Odds {
                title: format!("Close combat against {name}"),
                basis: vec![format!(
                    "Close Combat Power {} against {} (each side rolls a die: at or under its power destroys the other)",
                    plan.attack, plan.defence
                )],
                modifiers,
                outcomes: vec![
                    row("defender destroyed", d, 36),
                    row("attacker destroyed", a, 36),
                    row("both destroyed", both, 36),
                    row("draw", draw, 36),
                ],
                more: Vec::new(),
            })
        }
        _ => None,
    }
}
