//! What fire and assaults do to units on the map: bases lost one by one, morale
//! checks and their results, and units falling back.

use super::morale::{self, State};
use super::state::WwiiState;
use super::view::{self, Unit};
use super::{note, roll, say};
use crate::journal::GameEvent;
use bevy_ecs::prelude::*;

/// The unit loses `n` bases, from the right end of its line; returns how many it lost
/// (never more than it has). A unit left with none is gone from the field.
/// Ours — W-D21 in docs/rules/wwii.md: bases are lost from the right end of the line.
pub fn lose_bases(world: &mut World, id: &str, n: u32) -> u32 {
    let mut lost = 0;
    for _ in 0..n {
        let Some(u) = view::unit(world, id) else {
            break;
        };
        let Some(last) = (0..u.stands.total()).rev().find(|i| !u.stands.0[*i].lost) else {
            break;
        };
        if crate::map::lose_stand(world, u.entity, last).is_some() {
            lost += 1;
        }
    }
    if lost > 0 && view::unit(world, id).is_none() {
        forget(world, id);
    }
    lost
}

/// A unit gone from the field leaves no state behind.
fn forget(world: &mut World, id: &str) {
    let mut state = world.resource_mut::<WwiiState>();
    state.morale.remove(id);
    state.prone.remove(id);
    state.assaulting.remove(id);
    state.engaged.remove(id);
    state.followups.retain(|f| f.unit() != id);
}

/// Sets a unit's morale from now on (this turn's: a pin set again lasts from now);
/// never better than it is.
pub fn set_morale(world: &mut World, id: &str, to: State) {
    if view::unit(world, id).is_none() {
        return;
    }
    let turn = world.resource::<crate::flow::Turn>().0;
    let mut state = world.resource_mut::<WwiiState>();
    if to != State::Good && to >= state.morale_of(id) {
        state.morale.insert(id.to_owned(), (to, turn));
    }
}

/// The unit checks morale (`why` says what calls for it): two dice and the modifiers
/// against its training's morale; pinned, withdrawn (it falls back one assault
/// movement) or routed (it falls back a full move) by how much it fails.
pub fn check_morale(world: &mut World, id: &str, why: &str) -> Option<State> {
    let u = view::unit(world, id)?;
    let in_cover = view::cell(world, u.hex).is_some_and(|c| c.solid_cover);
    let modifiers = morale::check_modifiers(u.stands.below_half(), u.morale, in_cover);
    let plus: i32 = modifiers.iter().map(|m| m.0).sum();
    let m = morale::morale(u.training);
    let mods: Vec<String> = modifiers
        .iter()
        .map(|(v, c)| format!("{v:+} {c}"))
        .collect();
    let causes = if mods.is_empty() {
        String::new()
    } else {
        format!("; {}", mods.join(", "))
    };
    let dice = roll(world, 2, format!("morale ({why}{causes}): {}", u.name));
    let total = i32::from(dice[0] + dice[1]) + plus;
    let to = morale::check(total, m, u.morale);
    note(
        world,
        GameEvent::MoraleChecked {
            piece: u.id.clone(),
            dice: dice.clone(),
            plus: plus.max(0) as u8,
            morale: i32::from(m),
            outcome: to.name().to_owned(),
        },
    );
    set_morale(world, id, to);
    match to {
        State::Withdrawn => fall_back(
            world,
            id,
            super::followup::assault_movement(u.figures.movement),
            false,
        ),
        State::Routed => fall_back(world, id, u.figures.movement, true),
        _ => {}
    }
    Some(to)
}

/// The unit falls back `hexes` away from the enemy; a routed unit that cannot move at
/// all gives itself up (it is removed).
/// Ours — W-D15 in docs/rules/wwii.md: withdrawn falls back one assault movement,
/// routed a full move; a routed unit with nowhere to go surrenders.
pub fn fall_back(world: &mut World, id: &str, hexes: u32, routed: bool) {
    let Some(u) = view::unit(world, id) else {
        return;
    };
    let path = super::movement::fall_back_path(world, &u, hexes);
    let Some(&last) = path.last() else {
        if routed {
            say(
                world,
                format!("{} has nowhere to run: it surrenders.", u.name),
            );
            lose_bases(world, id, u.bases());
        } else {
            say(world, format!("{} cannot fall back: it stays.", u.name));
        }
        return;
    };
    step_to(world, &u, &path);
    let mut state = world.resource_mut::<WwiiState>();
    state.assaulting.remove(id);
    state.prone.remove(id);
    say(
        world,
        format!("{} falls back to {}.", u.name, view::label(last)),
    );
}

/// Moves a unit along `path` to its last hex, facing the way it last stepped (a unit
/// falling back turns its back to the enemy as it goes: it faces the way it went).
pub fn step_to(world: &mut World, u: &Unit, path: &[hexx::Hex]) {
    crate::map::march(world, u.entity, &u.id, u.hex, path);
}

/// The odds of a unit's voluntary rout: two dice and its modifiers at or under its
/// morale.
pub fn rout_odds(world: &World, u: &Unit) -> crate::odds::Odds {
    use crate::odds::{Odds, Outcome};
    let in_cover = view::cell(world, u.hex).is_some_and(|c| c.solid_cover);
    let modifiers: Vec<(i32, String)> =
        morale::check_modifiers(u.stands.below_half(), u.morale, in_cover)
            .into_iter()
            .map(|(v, c)| (v, c.to_owned()))
            .collect();
    let plus: i32 = modifiers.iter().map(|m| m.0).sum();
    let m = morale::morale(u.training);
    let passed = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| a + b))
        .filter(|t| morale::voluntary_rout(t + plus, m))
        .count() as u64;
    Odds {
        title: format!("Voluntary rout: {}", u.name),
        basis: vec![format!(
            "Two dice and the modifiers at or under its morale, {m}"
        )],
        modifiers: Odds::modifiers_of("the dice", &modifiers),
        outcomes: vec![
            Outcome::new("routs away, breaking contact", passed, 36u64),
            Outcome::new("stays locked in the assault", 36 - passed, 36u64),
        ],
        more: vec![],
    }
}
