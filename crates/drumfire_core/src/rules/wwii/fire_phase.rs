//! The fire phases on the map: who may fire at whom, with what, the dice and the bases
//! they take. Small arms at personnel, a gun at a vehicle, a mortar at personnel a
//! friendly unit sees; while an assault is under way, who may fire ("5.1").

use super::fire_chart::{self, FireCase, FireStatus, InAssault};
use super::movement;
use super::state::WwiiState;
use super::view::{self, Unit};
use crate::journal::GameEvent;
use crate::odds::Odds;
use bevy_ecs::prelude::*;
use hexx::Hex;

/// What a unit fires with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weapon {
    /// Small arms (a tank's or armored car's machine guns) at personnel.
    SmallArms,
    /// A gun at a vehicle.
    Gun,
    /// A mortar at personnel.
    Mortar,
    /// A tank's or towed gun's high explosive at personnel.
    HighExplosive,
}

impl Weapon {
    /// In words, for the log.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::SmallArms => "Small arms fire",
            Weapon::Gun => "Gun fire",
            Weapon::Mortar => "Mortar fire",
            Weapon::HighExplosive => "High explosive fire",
        }
    }
}

/// A shot worked out: its weapon, the range, the dice and the number each needs,
/// with the modifiers and their causes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    /// What it fires with.
    pub weapon: Weapon,
    /// Hexes to the target.
    pub hexes: u32,
    /// Dice thrown: a die a fire point of each base (a gun or mortar: a die a base).
    pub dice: u32,
    /// The number a die needs to kill a base, `None`: it cannot.
    pub needs: Option<u8>,
    /// The modifiers, each with its cause.
    pub modifiers: Vec<(i32, String)>,
}

/// Can `from` see `to`: along the line between them no hex that blocks sight (where
/// the line runs along a hexside, both hexes beside it must block).
/// Ours — W-D12 in docs/rules/wwii.md: the line of sight; units do not block it.
pub fn sees(world: &World, from: Hex, to: Hex) -> bool {
    let blocks = |h: Hex| view::cell(world, h).is_none_or(|c| c.blocks_sight);
    crate::map::sees(from, to, blocks)
}

/// Where the unit stands toward an assault: in contact with the enemy having moved
/// into it (assaulting), in contact otherwise (defending), or not.
pub fn in_assault(world: &World, all: &[Unit], u: &Unit) -> InAssault {
    if !movement::enemy_next(all, u.side, u.hex) {
        InAssault::No
    } else if world.resource::<WwiiState>().assaulting.contains(&u.id) {
        InAssault::Assaulting
    } else {
        InAssault::Defending
    }
}

/// Why `u` may not fire at `t` now, if it may not; else the shot.
pub fn can_fire(world: &World, u: &Unit, t: &Unit) -> Result<Shot, String> {
    can_fire_among(world, &view::units(world), u, t)
}

/// [`can_fire`] with every unit on the map already read (`all`): for a caller that
/// asks of many pairs.
pub fn can_fire_among(world: &World, all: &[Unit], u: &Unit, t: &Unit) -> Result<Shot, String> {
    let state = world.resource::<WwiiState>();
    if state.fired.contains(&u.id) {
        return Err(format!("{} has fired this turn", u.name));
    }
    if t.side == u.side {
        return Err(format!("{} is not an enemy", t.name));
    }
    if u.morale >= super::morale::State::Withdrawn {
        return Err(format!(
            "{} is {}: it may not fire",
            u.name,
            u.morale.name()
        ));
    }
    let status = FireStatus {
        assault: in_assault(world, all, u),
        vehicle: u.kind().vehicle(),
        assault_weapons: u.figures.assault_weapons,
        // Ours — W-D21 in docs/rules/wwii.md: every base of a unit is alike, so no
        // unit is a "host" of attached bases.
        host: false,
        original_bases: u.stands.total() as u32,
    };
    if let Some(why) = fire_chart::may_not_fire(status) {
        return Err(format!("{}: {why}", u.name));
    }
    let hexes = u.hex.unsigned_distance_to(t.hex);
    let moved = state.spent.get(&u.id).is_some_and(|s| *s > 0);
    // A gun at a vehicle: a tank's, an armored car's, a towed gun's, or an anti-tank
    // rocket team's rockets.
    // Ours — W-D30 in docs/rules/wwii.md: a bazooka or Panzerschreck team fires its
    // rockets at vehicles up to 2 hexes off, as a gun of factor 4 a base.
    if t.kind().vehicle() {
        let Some((gun, range)) = u.figures.gun.filter(|_| !u.figures.indirect) else {
            return Err(format!(
                "{} has no gun: small arms cannot hurt {}",
                u.name, t.name
            ));
        };
        gun_reaches(world, u, t, hexes, range)?;
        let modifiers: Vec<(i32, String)> = fire_chart::fire_modifiers(FireCase {
            moved,
            pinned: u.morale == super::morale::State::Pinned,
            ..FireCase::default()
        })
        .into_iter()
        .map(|(v, c)| (v, c.to_owned()))
        .collect();
        let m: i32 = modifiers.iter().map(|x| x.0).sum();
        let armor = t.figures.at_assault.unwrap_or(0);
        return Ok(Shot {
            weapon: Weapon::Gun,
            hexes,
            dice: u.bases(),
            needs: fire_chart::gun_needs(gun, armor, m),
            modifiers: [
                vec![(
                    i32::from(gun) - i32::from(armor),
                    format!("gun {gun} against armor {armor}"),
                )],
                modifiers,
            ]
            .concat(),
        });
    }
    let small_arms = small_arms_shot(world, all, u, t, hexes, moved);
    let he = he_shot(world, u, t, hexes, moved);
    // Ours — W-D29 in docs/rules/wwii.md: a tank or towed gun firing at personnel
    // fires whichever of its machine guns and its high explosive kills more on
    // average (the machine guns when even).
    match (small_arms, he) {
        (Ok(a), Ok(b)) => Ok(if expected(&b, t) > expected(&a, t) {
            b
        } else {
            a
        }),
        (Ok(a), Err(_)) => Ok(a),
        (Err(_), Ok(b)) => Ok(b),
        (Err(e), Err(he_err)) => Err(if u.figures.fire_points == 0 && he_capable(u) {
            he_err
        } else {
            e
        }),
    }
}

/// Bases a shot kills on average against `t`, in sixths (at most its bases).
pub fn expected(shot: &Shot, t: &Unit) -> u64 {
    let faces = shot.needs.map_or(0, |n| u64::from(7 - n));
    (u64::from(shot.dice) * faces).min(6 * u64::from(t.bases()))
}

/// Does `u` fire high explosive: a tank, armored car or towed gun (a heavy weapon)
/// with a gun that fires directly?
pub fn he_capable(u: &Unit) -> bool {
    u.figures.gun.is_some()
        && !u.figures.indirect
        && (u.kind().vehicle() || u.kind() == super::mixed::Kind::HeavyWeapon)
}

/// Why `u`'s gun (of `range` hexes) cannot reach `t`, `hexes` off: too far, or out of
/// sight.
fn gun_reaches(world: &World, u: &Unit, t: &Unit, hexes: u32, range: u32) -> Result<(), String> {
    if hexes > range {
        return Err(format!(
            "{} is {hexes} hexes off: beyond {}'s gun ({range})",
            t.name, u.name
        ));
    }
    if !sees(world, u.hex, t.hex) {
        return Err(format!("{} cannot see {}", u.name, t.name));
    }
    Ok(())
}

/// `u`'s high explosive at personnel `t`, if it has a gun for it.
/// Ours — W-D29 in docs/rules/wwii.md: high explosive blasts into cover: full cover
/// (buildings, bunkers) is −1 against it, solid cover nothing; moved, pinned and prone
/// count as for small arms.
fn he_shot(world: &World, u: &Unit, t: &Unit, hexes: u32, moved: bool) -> Result<Shot, String> {
    let Some((gun, range)) = u.figures.gun.filter(|_| he_capable(u)) else {
        return Err(format!("{} has no gun to fire high explosive", u.name));
    };
    gun_reaches(world, u, t, hexes, range)?;
    let cell = view::cell(world, t.hex).unwrap_or_default();
    let modifiers: Vec<(i32, String)> = fire_chart::fire_modifiers(FireCase {
        moved,
        pinned: u.morale == super::morale::State::Pinned,
        target_in_cover: cell.full_cover,
        target_in_full_cover: false,
        target_prone: t.prone,
        mounted: false,
    })
    .into_iter()
    .map(|(v, c)| {
        let c = if c == "the target is in solid cover" {
            "the target is in full cover (high explosive)"
        } else {
            c
        };
        (v, c.to_owned())
    })
    .collect();
    let m: i32 = modifiers.iter().map(|x| x.0).sum();
    Ok(Shot {
        weapon: Weapon::HighExplosive,
        hexes,
        dice: u.bases(),
        needs: fire_chart::he_needs(gun, hexes, range, m),
        modifiers,
    })
}

/// `u`'s small arms (or mortar) at personnel `t`.
fn small_arms_shot(
    world: &World,
    all: &[Unit],
    u: &Unit,
    t: &Unit,
    hexes: u32,
    moved: bool,
) -> Result<Shot, String> {
    let target_cell = view::cell(world, t.hex).unwrap_or_default();
    let (weapon, points, range) = match u.figures.gun {
        Some((strength, range)) if u.figures.indirect => {
            (Weapon::Mortar, u32::from(strength), range)
        }
        _ => (Weapon::SmallArms, u.figures.fire_points, u.figures.range),
    };
    if points == 0 {
        return Err(format!("{} has no weapon to fire at {}", u.name, t.name));
    }
    if hexes > range {
        return Err(format!(
            "{} is {hexes} hexes off: beyond {}'s range ({range})",
            t.name, u.name
        ));
    }
    let seen = if weapon == Weapon::Mortar {
        all.iter()
            .any(|f| f.side == u.side && sees(world, f.hex, t.hex))
    } else {
        sees(world, u.hex, t.hex)
    };
    if !seen {
        return Err(if weapon == Weapon::Mortar {
            format!("no unit of {}'s side sees {}", u.name, t.name)
        } else {
            format!("{} cannot see {}", u.name, t.name)
        });
    }
    // Ours — W-D12 in docs/rules/wwii.md: a mortar's bombs fall into cover: full
    // cover counts as solid cover against it, and solid cover as none.
    let (in_cover, in_full_cover) = if weapon == Weapon::Mortar {
        (target_cell.full_cover, false)
    } else {
        (target_cell.solid_cover, target_cell.full_cover)
    };
    let modifiers: Vec<(i32, String)> = fire_chart::fire_modifiers(FireCase {
        moved,
        pinned: u.morale == super::morale::State::Pinned,
        target_in_cover: in_cover,
        target_in_full_cover: in_full_cover,
        target_prone: t.prone,
        mounted: u.kind() == super::mixed::Kind::Cavalry,
    })
    .into_iter()
    .map(|(v, c)| (v, c.to_owned()))
    .collect();
    let m: i32 = modifiers.iter().map(|x| x.0).sum();
    Ok(Shot {
        weapon,
        hexes,
        dice: u.bases() * points,
        needs: fire_chart::needs_at_range(hexes, range, m),
        modifiers,
    })
}

/// The exact odds of a shot against `t`: each number of bases lost.
pub fn odds(u: &Unit, t: &Unit, shot: &Shot) -> Odds {
    let ways = fire_chart::kills(shot.dice, shot.needs);
    Odds {
        title: format!("{}: {} at {}", shot.weapon.name(), u.name, t.name),
        basis: vec![
            format!(
                "{} dice at {} hex{}: {}",
                shot.dice,
                shot.hexes,
                if shot.hexes == 1 { "" } else { "es" },
                shot.needs
                    .map_or_else(|| "no die can kill".to_owned(), |n| format!("{n}-6 kill"))
            ),
            "Each kill takes a base, from the right end of the line".into(),
        ],
        modifiers: Odds::modifiers_of("the number a die needs", &shot.modifiers),
        outcomes: crate::odds::capped_losses(&ways, t.bases(), 6u64.pow(shot.dice), "base"),
        more: vec![],
    }
}

/// A fire's result in the log: each die read on its own, the dice that kill and the
/// kills ("a 6 and a 4 kill (2 kills)"), or "no die kills".
fn fire_result(dice: &[u8], needs: Option<u8>, kills: u32) -> String {
    let which = crate::journal::dice_that(dice, |d| needs.is_some_and(|n| d >= n), "kills", "kill");
    if kills == 0 {
        which
    } else {
        format!(
            "{which} ({kills} kill{})",
            if kills == 1 { "" } else { "s" }
        )
    }
}

/// `u` fires at `t`: its dice rolled, the bases they kill lost; a unit left below half
/// its bases by the fire checks morale.
/// Ours — W-D15 in docs/rules/wwii.md: fire that leaves a unit below half checks it.
pub fn fire_at(world: &mut World, u: &Unit, t: &Unit, shot: &Shot) {
    world.resource_mut::<WwiiState>().fired.insert(u.id.clone());
    let dice = super::roll(
        world,
        shot.dice as usize,
        format!("{}: {}", shot.weapon.name(), u.name),
    );
    let kills = shot
        .needs
        .map_or(0, |n| dice.iter().filter(|d| **d >= n).count() as u32);
    let was_below = t.stands.below_half();
    super::note(
        world,
        GameEvent::Fired {
            kind: shot.weapon.name().into(),
            table: shot
                .needs
                .map_or_else(|| "needs 7".to_owned(), |n| format!("needs {n}")),
            side: u.side,
            firers: vec![u.id.clone()],
            target: view::label(t.hex),
            strength: 0,
            shifts: shot.modifiers.clone(),
            column: format!(
                "{} dice at {} hex{}: {}",
                dice.len(),
                shot.hexes,
                if shot.hexes == 1 { "" } else { "es" },
                shot.needs
                    .map_or_else(|| "no die can kill".to_owned(), |n| format!("{n}-6 kill"))
            ),
            result: fire_result(&dice, shot.needs, kills),
            dice,
        },
    );
    let lost = super::effects::lose_bases(world, &t.id, kills);
    if lost > 0
        && !was_below
        && let Some(now) = view::unit(world, &t.id)
        && now.stands.below_half()
    {
        super::effects::check_morale(world, &t.id, "below half its bases");
    }
}
