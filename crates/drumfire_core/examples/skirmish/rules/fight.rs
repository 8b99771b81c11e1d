//! The fight: a die against the unit's fight value, one more at or beside its own
//! colours, one less against an enemy in woods; the enemy is destroyed when the die
//! shows no more than that.

use super::{SkOrder, SkState, Unit, figures, ready, terrain, units};
use bevy_ecs::prelude::*;
use drumfire_core::counters::OffMap;
use drumfire_core::flow::StepsLost;
use drumfire_core::journal::{GameEvent, note, say};
use drumfire_core::orders::{Order, Refusal};

/// What a fight needs to destroy the enemy, with why: the highest die that does
/// (0: none; 6: every die), and the modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    /// The highest die that destroys the enemy.
    pub needed: u8,
    /// The modifiers, each with its cause.
    pub modifiers: Vec<(i8, &'static str)>,
}

impl Odds {
    /// The chance of destroying the enemy, in sixths.
    pub fn sixths(&self) -> u8 {
        self.needed.min(6)
    }
}

/// The odds of `u` fighting `target`.
pub fn odds(world: &World, u: &Unit, target: &Unit) -> Odds {
    let mut modifiers = Vec::new();
    if super::section::at_colours(world, u) {
        modifiers.push((1, "at its colours"));
    }
    if terrain(world, target.hex).is_some_and(|t| t.cover) {
        modifiers.push((-1, "enemy in woods"));
    }
    let value = figures(&u.kind)
        .and_then(|f| f.close_combat)
        .map_or(0, i16::from);
    let total = value + modifiers.iter().map(|(m, _)| i16::from(*m)).sum::<i16>();
    Odds {
        needed: total.clamp(0, 6) as u8,
        modifiers,
    }
}

/// The checks of a fight by `side`'s `unit` against `target`.
pub fn check(world: &World, side: u8, unit: &str, target: &str) -> Result<(Unit, Unit), Refusal> {
    let u = ready(world, side, unit)?;
    let t = super::unit(world, target)
        .ok_or_else(|| Refusal(format!("There is no unit `{target}` on the map.")))?;
    if t.side == side {
        return Err(Refusal(format!("{} is one of yours.", t.name)));
    }
    if u.hex.distance_to(t.hex) != 1 {
        return Err(Refusal(format!("{} is not beside {}.", t.name, u.name)));
    }
    Ok((u, t))
}

/// Carries out a checked fight: the die, and the enemy destroyed or not.
pub fn carry_out(world: &mut World, unit: &str, target: &str) {
    let (Some(u), Some(t)) = (super::unit(world, unit), super::unit(world, target)) else {
        return;
    };
    let odds = odds(world, &u, &t);
    let die = drumfire_core::dice::roll_in(world, 1, format!("{} fights {}", u.name, t.name))[0];
    world.resource_mut::<SkState>().acted.push(u.id.clone());
    if die > odds.needed {
        say(
            world,
            format!("{} holds: {die} against {} or less.", t.name, odds.needed),
        );
        return;
    }
    drumfire_core::map::take_off(world, t.entity, OffMap::Eliminated);
    world.resource_mut::<StepsLost>().count(t.side);
    note(
        world,
        GameEvent::StepLost {
            piece: t.id,
            eliminated: true,
        },
    );
}

/// Every fight `side` may give now: each ready unit against each enemy beside it.
pub fn candidates(world: &World, side: u8) -> Vec<Order> {
    let acted = &world.resource::<SkState>().acted;
    let all = units(world);
    let mut out = Vec::new();
    for u in all
        .iter()
        .filter(|u| u.side == side && !acted.contains(&u.id))
    {
        for t in all
            .iter()
            .filter(|t| t.side != side && u.hex.distance_to(t.hex) == 1)
        {
            out.push(
                SkOrder::Fight {
                    side,
                    unit: u.id.clone(),
                    target: t.id.clone(),
                }
                .into(),
            );
        }
    }
    out
}
