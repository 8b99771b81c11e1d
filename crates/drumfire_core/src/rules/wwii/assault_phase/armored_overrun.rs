//! The armored overrun in the movement phase: whether a tank unit may overrun a hex,
//! what it costs, the guns' fire and the tank assaults it fights, and its odds.

use super::tank_assault::{OVERRUN, fight_tanks};
use super::*;

/// Why tank unit `u` may not overrun the enemy in `hex` now, if it may not; else the
/// personnel there.
pub fn can_overrun(
    world: &World,
    u: &Unit,
    hex: hexx::Hex,
) -> std::result::Result<Vec<Unit>, String> {
    if u.kind() != Kind::Tank {
        return Err(format!("{} is no tank unit: only tanks overrun", u.name));
    }
    let state = world.resource::<WwiiState>();
    if state.moved.contains(&u.id) {
        return Err(format!("{} has made its move this turn", u.name));
    }
    let there = view::units_at(world, hex);
    let mut m = tanks::TankMove::new(u.figures.movement);
    m.spent = state.spent.get(&u.id).copied().unwrap_or(0);
    m.overruns(u.morale, assaults_in(&there))
        .map_err(|e| format!("{}: {e}", u.name))?;
    if u.hex.unsigned_distance_to(hex) != 1 {
        return Err(format!("{} is not next to {}", view::label(hex), u.name));
    }
    if there.is_empty() || there.iter().any(|t| t.side == u.side) {
        return Err(format!("there is no enemy in {}", view::label(hex)));
    }
    let in_bunker = view::cell(world, hex).is_some_and(|c| c.bunker);
    for t in &there {
        if let Some(why) = tanks::tanks_may_not_assault(t.kind(), in_bunker) {
            return Err(format!("{}: {why}", t.name));
        }
    }
    Ok(there)
}

/// The three-round assaults an overrun of these units conducts: one for each unit
/// that fights the tank (heavy weapons take no part); an overrun of heavy weapons alone
/// counts as one.
pub fn assaults_in(there: &[Unit]) -> u32 {
    (there
        .iter()
        .filter(|t| t.kind() != Kind::HeavyWeapon)
        .count() as u32)
        .max(1)
}

/// What an overrun of `assaults` three-round assaults costs, in words.
pub fn overrun_cost_words(assaults: u32) -> String {
    if assaults <= 1 {
        "a quarter of its movement".into()
    } else {
        format!("a quarter of its movement for each of its {assaults} assaults")
    }
}

/// An armored overrun: the guns in the hex fire at the tanks first (if they have not
/// fired this turn); then each personnel unit there that can fight tanks fights a
/// three-round tank assault, for a quarter of the tank's movement each, while the
/// tank's morale stays sound; heavy weapons there are overrun unless their infantry
/// won; the tank may drive on.
/// Ours — W-D24 in docs/rules/wwii.md: the guns' fire "during the movement" before an
/// overrun, and who fights it.
pub fn overrun(world: &mut World, u: &Unit, hex: hexx::Hex) {
    let Ok(there) = can_overrun(world, u, hex) else {
        return;
    };
    say(
        world,
        format!(
            "{} overruns {} at {} ({}).",
            u.name,
            names(
                world,
                &there.iter().map(|t| t.id.clone()).collect::<Vec<_>>()
            ),
            view::label(hex),
            overrun_cost_words(assaults_in(&there))
        ),
    );
    for g in there
        .iter()
        .filter(|t| t.figures.gun.is_some() && !t.figures.indirect && t.kind() != Kind::Infantry)
    {
        let Some(tank) = view::unit(world, &u.id) else {
            return;
        };
        if let Ok(shot) = super::super::fire_phase::can_fire(world, g, &tank) {
            super::super::fire_phase::fire_at(world, g, &tank, &shot);
        }
    }
    // A tank the guns left with its morale sound goes in ("So long as their morale
    // remains sound").
    let going_in = view::unit(world, &u.id).filter(|t| t.morale == State::Good);
    let went_in = going_in.is_some();
    if let Some(tank) = going_in {
        super::super::note(
            world,
            crate::journal::GameEvent::WentIn {
                kind: "Armored overrun".into(),
                side: tank.side,
                attackers: vec![tank.id.clone()],
                target: view::label(hex),
                text: format!("{} goes in at {}.", tank.name, view::label(hex)),
            },
        );
    }
    let (last, fought) = overrun_fights(world, u, &there);
    // "one-quarter of its movement per three-round assault conducted"
    *world
        .resource_mut::<WwiiState>()
        .spent
        .entry(u.id.clone())
        .or_insert(0) += tanks::overrun_cost(u.figures.movement) * fought.max(1);
    // A tank that did not go in overruns no heavy weapons either.
    for h in there
        .iter()
        .filter(|t| went_in && t.kind() == Kind::HeavyWeapon)
    {
        let left = view::unit(world, &u.id).map_or(0, |t| t.bases());
        if view::unit(world, &h.id).is_some() && !tanks::heavy_weapons_survive(left, last.as_ref())
        {
            say(world, format!("{} is overrun.", h.name));
            lose_bases(world, &h.id, h.bases());
        }
    }
    if let Some(t) = view::unit(world, &u.id)
        && super::super::movement::left(world, &t) == 0
    {
        world.resource_mut::<WwiiState>().moved.insert(t.base.id);
    }
}

/// The tank assaults of an overrun, one unit after another, until the tank is gone or
/// its morale is no longer sound ("So long as their morale remains sound"): a tank
/// that lost an assault (demoralized) or was pinned or worse fights no more. Returns
/// the last result and the assaults conducted.
fn overrun_fights(world: &mut World, u: &Unit, there: &[Unit]) -> (Option<Result>, u32) {
    let mut group: Vec<Unit> = there.to_vec();
    let mut last: Option<Result> = None;
    let mut fought = 0;
    for t in there.iter().filter(|t| t.kind() != Kind::HeavyWeapon) {
        let (Some(tank), Some(i)) = (view::unit(world, &u.id), view::unit(world, &t.id)) else {
            continue;
        };
        if tank.morale != State::Good
            || last
                .as_ref()
                .is_some_and(|r| r.ending == Ending::Demoralized(0))
        {
            say(
                world,
                format!(
                    "{}'s morale is no longer sound: it overruns no more.",
                    tank.name
                ),
            );
            break;
        }
        group.retain(|x| x.id != tank.id);
        group.push(tank.clone());
        if let Some(r) = fight_tanks(world, OVERRUN, &group, &tank, &i) {
            last = Some(r);
            fought += 1;
        }
    }
    (last, fought)
}

/// The odds of tank unit `u` overrunning the enemy in `hex` from `from` (where it
/// stands, or a hex it can reach): a tank assault against each personnel unit there
/// that can fight it, one after another (heavy weapons take no part).
pub fn overrun_odds(
    world: &World,
    u: &Unit,
    from: hexx::Hex,
    hex: hexx::Hex,
) -> Vec<crate::odds::Odds> {
    let mut tank = u.clone();
    tank.hex = from;
    let there = view::units_at(world, hex);
    let mut group = there.clone();
    group.push(tank.clone());
    there
        .iter()
        .filter(|t| t.side != u.side && t.kind().personnel() && t.kind() != Kind::HeavyWeapon)
        .map(|t| tank_odds(world, &group, &tank, t, OVERRUN))
        .collect()
}
