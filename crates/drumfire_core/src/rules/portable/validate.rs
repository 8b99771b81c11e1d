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
    let all = view::units(world);
    match o {
        PtOrder::Bombard { unit, target, .. } => check_bombard(world, &all, o.side(), unit, target),
        PtOrder::CloseCombat {
            side,
            attackers,
            defender,
            ..
        } => check_close_combat(world, &all, *side, attackers, defender),
        PtOrder::Move { unit, path, .. } => check_move(world, &all, o, unit, path),
        PtOrder::Fire { unit, target, .. } => check_fire(world, &all, o, unit, target),
        PtOrder::Unpin { unit, .. } => check_unpin(world, &all, o, unit),
        PtOrder::MountOrDismount { unit, .. } => check_mount(world, &all, o, unit),
        PtOrder::Charge { unit, .. } => check_charge(world, &all, o, unit),
    }
}

/// The unit `id` on the map, which must be one of `side`'s.
fn own_unit(all: &[Unit], side: u8, id: &str) -> Result<Unit, Refusal> {
    let u = all
        .iter()
        .find(|u| u.id == id)
        .cloned()
        .ok_or_else(|| Refusal(format!("There is no unit `{id}` on the map.")))?;
    if u.side != side {
        return Err(Refusal(format!("{} is not one of yours.", u.name)));
    }
    Ok(u)
}

/// The hex of a hex number in an order.
fn hex_numbered(label: &str) -> Result<Hex, Refusal> {
    crate::scenario::hex_of(label).ok_or_else(|| Refusal(format!("`{label}` is not a hex number.")))
}

/// A bombardment: only in the artillery fire at the start of the turn, by one of the
/// side's units able to fire at the target.
fn check_bombard(
    world: &World,
    all: &[Unit],
    side: u8,
    unit: &str,
    target: &str,
) -> Result<(), Refusal> {
    if *world.resource::<State<Phase>>().get() != ARTILLERY_FIRE {
        return Err(Refusal(
            "Artillery fires this way only at the start of the turn.".into(),
        ));
    }
    fire::plan(
        world,
        all,
        &own_unit(all, side, unit)?,
        hex_numbered(target)?,
        true,
    )
    .map(|_| ())
}

/// A close combat: only once the side's activations of the Action Phase are over.
fn check_close_combat(
    world: &World,
    all: &[Unit],
    side: u8,
    attackers: &[String],
    defender: &str,
) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    if phase != ACTION || world.resource::<PtState>().step != Step::CloseCombat {
        return Err(Refusal(
            "Close combats are fought once the side's activations are over.".into(),
        ));
    }
    combat::plan(world, all, side, attackers, defender).map(|_| ())
}

/// The unit an activation order (move, fire, unpin, charge) is for, checked as every
/// such order is: in the side's part of the Action Phase, one of the side's units,
/// and no pinned regular cavalry of the side waiting to be decided for but this unit
/// unpinning or charging. Gives the unit and the side's cavalry due.
fn activating(
    world: &World,
    all: &[Unit],
    o: &PtOrder,
    id: &str,
) -> Result<(Unit, Vec<Unit>), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    if phase != ACTION || world.resource::<PtState>().step != Step::Activating {
        return Err(Refusal(
            "Units are activated in the side's part of the Action Phase.".into(),
        ));
    }
    let u = own_unit(all, o.side(), id)?;
    let due = cavalry_due(world, o.side());
    if let Some(c) = due.first()
        && !(c.id == u.id && matches!(o, PtOrder::Unpin { .. } | PtOrder::Charge { .. }))
    {
        return Err(Refusal(format!(
            "{} is pinned regular cavalry: it must be unpinned or charge before any other activation.",
            c.name
        )));
    }
    Ok((u, due))
}

/// Does `side` decide for its cavalry before its own part (P-16)?
fn deciding_early(world: &World, side: u8) -> bool {
    side != world.resource::<ActionSegment>().side
}

/// An activation other than unpinning, refused while the side only decides for its
/// pinned cavalry (the unpinning is an activation of the side's own part).
fn decide_now(u: &Unit) -> Refusal {
    Refusal(format!(
        "{} is pinned regular cavalry: decide now to unpin it or let it charge.",
        u.name
    ))
}

/// An activation proper: an activation left this turn, and the unit not activated
/// already.
fn check_activation_left(world: &World, u: &Unit) -> Result<(), Refusal> {
    if world.resource::<PtState>().activations == 0 {
        return Err(Refusal("No activations are left this turn.".into()));
    }
    if u.activated() {
        return Err(Refusal(format!(
            "{} has already been activated this turn.",
            u.name
        )));
    }
    Ok(())
}

/// A move: an activation whose path is one the unit may take.
fn check_move(
    world: &World,
    all: &[Unit],
    o: &PtOrder,
    unit: &str,
    path: &[String],
) -> Result<(), Refusal> {
    let (u, _) = activating(world, all, o, unit)?;
    if deciding_early(world, o.side()) {
        return Err(decide_now(&u));
    }
    check_activation_left(world, &u)?;
    let path: Vec<Hex> = path
        .iter()
        .map(|l| hex_numbered(l))
        .collect::<Result<_, _>>()?;
    movement::check_path(world, all, &u, &path).map(|_| ())
}

/// A fire: an activation whose unit is able to fire at the target.
fn check_fire(
    world: &World,
    all: &[Unit],
    o: &PtOrder,
    unit: &str,
    target: &str,
) -> Result<(), Refusal> {
    let (u, _) = activating(world, all, o, unit)?;
    if deciding_early(world, o.side()) {
        return Err(decide_now(&u));
    }
    check_activation_left(world, &u)?;
    fire::plan(world, all, &u, hex_numbered(target)?, false).map(|_| ())
}

/// An unpinning: decided before the side's own part, or an activation of a pinned
/// unit in it.
fn check_unpin(world: &World, all: &[Unit], o: &PtOrder, unit: &str) -> Result<(), Refusal> {
    let (u, _) = activating(world, all, o, unit)?;
    if deciding_early(world, o.side()) {
        // Only the decision is made now; the unpinning is an activation of the
        // side's own part.
        return Ok(());
    }
    check_activation_left(world, &u)?;
    if !u.pinned {
        return Err(Refusal(format!("{} is not pinned.", u.name)));
    }
    Ok(())
}

/// A mounting or dismounting: an activation of a unit with a mounted or dismounted
/// counterpart, not pinned (it is unpinned first, as before a move: P-9) and not
/// fording a river.
/// Ours — P-17 in docs/rules/portable.md.
fn check_mount(world: &World, all: &[Unit], o: &PtOrder, unit: &str) -> Result<(), Refusal> {
    let (u, _) = activating(world, all, o, unit)?;
    if deciding_early(world, o.side()) {
        return Err(decide_now(&u));
    }
    check_activation_left(world, &u)?;
    if counterpart(world, &u).is_none() {
        return Err(Refusal(format!(
            "{} has no mounted or dismounted piece.",
            u.name
        )));
    }
    if u.pinned {
        return Err(Refusal(format!("{} is pinned: unpin it first.", u.name)));
    }
    if movement::fording_turn(world, &u.id).is_some_and(|t| t <= 2) {
        return Err(Refusal(format!(
            "{} is fording the river: it neither mounts nor dismounts in the ford.",
            u.name
        )));
    }
    Ok(())
}

/// The unit type a unit becomes when it mounts or dismounts, if it has one.
pub fn counterpart(world: &World, u: &Unit) -> Option<&'static crate::data::UnitType> {
    let data = world.resource::<crate::scenario::Rules>().0.data();
    let other = data.units.get(&u.unit_type)?.counterpart.as_ref()?;
    data.units.get(other)
}

/// A charge without an activation: only by pinned regular European cavalry not
/// already to be unpinned.
fn check_charge(world: &World, all: &[Unit], o: &PtOrder, unit: &str) -> Result<(), Refusal> {
    let (u, due) = activating(world, all, o, unit)?;
    if !due.iter().any(|c| c.id == u.id) {
        return Err(Refusal(format!(
            "Only pinned regular European cavalry charges without an activation; {} does not.",
            u.name
        )));
    }
    if world.resource::<PtState>().unpin_due.contains(&u.id) {
        return Err(Refusal(format!(
            "{} is to be unpinned, as was decided before the turn's first activation: it does not charge.",
            u.name
        )));
    }
    Ok(())
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
