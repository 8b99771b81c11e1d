//! The Shooting phase on the map: who may fire at whom (a Fire chit, the target in the
//! wedge in front, in range and in sight), the dice a stand or two a gun, and the
//! stands the hits take, the nominated one first.

use super::chit::Chit;
use super::fire_chart;
use super::geometry;
use super::state::AcwState;
use super::view::{self, Unit};

use crate::journal::GameEvent;
use crate::map::HexIndex;
use crate::odds::Odds;
use bevy_ecs::prelude::*;
use hexx::Hex;

/// Can `from` see `to`: along the line between them no hex that blocks sight or holds
/// a unit (where the line runs along a hexside, both hexes beside it must block).
/// Ours — A-16 in docs/rules/acw.md: the line of sight.
pub fn sees(world: &World, from: Hex, to: Hex) -> bool {
    let index = world.resource::<HexIndex>();
    let blocks = |h: Hex| {
        view::cell(world, h).is_none_or(|c| c.blocks_sight) || !index.occupants(h).is_empty()
    };
    crate::map::sees(from, to, blocks)
}

/// How the firer's dice stand against a target: the lowest face that hits before the
/// routed's −1, and the range in hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    /// Hexes to the target.
    pub hexes: u32,
    /// The lowest face that hits ("456 hit": 4).
    pub needs: u8,
    /// "All firing reduced by 1" for a routed firer.
    pub minus: u8,
}

/// The units that held their fire at a charger when its charge's fire window was
/// theirs, each with the charger: (unit, charger), this turn.
/// Ours — A-32 in docs/rules/acw.md: a unit that held its fire at a charger may not
/// shoot it in the Shooting phase before the fight.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct HeldFire(pub std::collections::BTreeSet<(String, String)>);

impl HeldFire {
    /// The held fire in canonical text, for the state hash (nothing when none held).
    pub fn state_text(world: &World) -> String {
        world
            .get_resource::<HeldFire>()
            .filter(|h| !h.0.is_empty())
            .map_or_else(String::new, |h| format!("{h:?}"))
    }
}

/// Why `u`, having held its fire at `t`'s charge, may not shoot it now: the charge is
/// not yet fought.
fn held_at(world: &World, u: &Unit, t: &Unit) -> Option<String> {
    let held = world.get_resource::<HeldFire>()?;
    let unfought = world
        .resource::<AcwState>()
        .charges
        .iter()
        .any(|c| c.charger == t.id && !c.fought);
    (unfought && held.0.contains(&(u.id.clone(), t.id.clone()))).then(|| {
        format!(
            "{} held its fire at {}'s charge: a charger is shot at during its charge, \
             a die on its dominoes, not in the Shooting phase before the fight",
            u.name, t.name
        )
    })
}

/// The charge `id` is making, if it is still charging: in contact, its dominoes placed,
/// its fight still to come. Fire at it then is fire at a charger during its charge.
pub fn charging(world: &World, id: &str) -> Option<usize> {
    world
        .resource::<AcwState>()
        .charges
        .iter()
        .position(|c| c.charger == id && !c.fought && c.lines[0].placed())
}

/// Why `u` may not shoot `t` by opportunity fire: `t` was in its range and arc as the
/// Movement phase began, and has not come into them since ("Use opportunity fire to
/// shoot at targets coming into range/arc").
/// Ours — A-35 in docs/rules/acw.md: what comes into range or arc.
pub(crate) fn not_come_into_range(world: &World, u: &Unit, t: &Unit) -> Option<String> {
    let placed = &world.resource::<AcwState>().placed;
    let (&(from, facing), &(at, _)) = (placed.get(&u.id)?, placed.get(&t.id)?);
    let hexes = from.unsigned_distance_to(at);
    let in_range = if u.battery {
        fire_chart::artillery_needs(hexes)
    } else {
        fire_chart::infantry_needs(hexes)
    }
    .is_some();
    (in_range && geometry::in_arc(from, facing, at)).then(|| {
        format!(
            "{} was in {}'s range and arc as the Movement phase began: opportunity fire \
             shoots at targets coming into range or arc",
            t.name, u.name
        )
    })
}

/// Why `u` may not fire at `t` now, if it may not; else the shot. `chit` is the chit
/// the firing needs (Fire in the Shooting phase).
pub fn can_fire(world: &World, u: &Unit, t: &Unit, chit: &[Chit]) -> Result<Shot, String> {
    can_fire_on(world, u, view::chit_known(world, &u.id), t, chit)
}

/// [`can_fire`] with `u` on `on`.
pub fn can_fire_on(
    world: &World,
    u: &Unit,
    on: Option<Chit>,
    t: &Unit,
    chit: &[Chit],
) -> Result<Shot, String> {
    let state = world.resource::<AcwState>();
    match on {
        Some(c) if chit.contains(&c) => {}
        c => {
            let needs = chit
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(" or ");
            let article = if needs.starts_with('O') { "an" } else { "a" };
            return Err(format!(
                "{} is on {}: it needs {article} {needs} chit to shoot",
                u.name,
                c.map_or("no chit", Chit::name),
            ));
        }
    }
    if state.fired.contains(&u.id) {
        return Err(format!("{} has fired this turn", u.name));
    }
    if t.side == u.side {
        return Err(format!("{} is not an enemy", t.name));
    }
    if state.firing_at.is_none()
        && let Some(why) = held_at(world, u, t)
    {
        return Err(why);
    }
    if !geometry::in_arc(u.hex, u.facing, t.hex) {
        return Err(format!(
            "{} is not in {}'s arc: it shoots into the wedge in front of it",
            t.name, u.name
        ));
    }
    let hexes = u.hex.unsigned_distance_to(t.hex);
    let needs = if u.battery {
        fire_chart::artillery_needs(hexes)
    } else {
        fire_chart::infantry_needs(hexes)
    };
    let Some(needs) = needs else {
        return Err(format!(
            "{} is {hexes} hexes off: beyond {}'s range",
            t.name, u.name
        ));
    };
    if !sees(world, u.hex, t.hex) {
        return Err(format!("{} cannot see {}", u.name, t.name));
    }
    if chit == [Chit::OpportunityFire]
        && let Some(why) = not_come_into_range(world, u, t)
    {
        return Err(why);
    }
    Ok(Shot {
        hexes,
        needs,
        minus: u8::from(u.routed),
    })
}

/// The exact odds of a fire order as things stand (at a charger: the hits on its
/// domino); none for any other order (a charge's odds hang on dominoes its side has not
/// seen: the Charge panel shows them once it is declared).
pub fn order_odds(world: &World, order: &super::AcwOrder) -> Option<Odds> {
    let super::AcwOrder::Fire {
        unit,
        target,
        stand,
        ..
    } = order
    else {
        return None;
    };
    let u = view::unit(world, unit)?;
    let t = view::unit_at(world, crate::scenario::hex_of(target)?)?;
    let phase = *world
        .resource::<bevy_state::state::State<crate::flow::Phase>>()
        .get();
    let chits = super::fire_chits(world, phase);
    let shot = can_fire(world, &u, &t, &chits).ok()?;
    fire_odds(world, &u, &t, shot, Some(*stand))
}

/// The exact odds of `u` firing at `t` now: at a charger during its charge (its fire
/// window, or the Shooting phase before its fight), the hits on the domino behind `stand` ([`charger_shot_odds`]); else the stands lost.
pub fn fire_odds(
    world: &World,
    u: &Unit,
    t: &Unit,
    shot: Shot,
    stand: Option<usize>,
) -> Option<Odds> {
    if world.resource::<AcwState>().firing_at.is_some() || charging(world, &t.id).is_some() {
        return Some(charger_shot_odds(u, t, shot, stand));
    }
    odds(u, t, shot)
}

/// The exact odds of `u` firing at charger `t` ([`fire_at_charger`]): a die a stand (two
/// for a battery), each a hit on the domino behind the nominated `stand`, however many;
/// none from a battery at a battery.
pub fn charger_shot_odds(u: &Unit, t: &Unit, shot: Shot, stand: Option<usize>) -> Odds {
    use crate::odds::Outcome;
    let dice = if u.battery {
        2 * u.standing()
    } else {
        u.standing()
    } as u32;
    let behind = stand.map_or_else(
        || "the domino behind the stand named".to_owned(),
        |s| format!("the domino behind stand {}", s + 1),
    );
    let title = format!("Fire at a charger: {} at {}, {behind}", u.name, t.name);
    let hit = |n: usize| format!("{n} hit{}", if n == 1 { "" } else { "s" });
    if u.battery && t.battery {
        return Odds {
            title,
            basis: vec![format!("{dice} dice: guns do not hit guns")],
            outcomes: vec![Outcome::new(hit(0), 1u64, 1u64)],
            ..Odds::default()
        };
    }
    // A die hits when it less the routed firer's one is at least what the range needs.
    let from = u32::from(shot.needs) + u32::from(shot.minus);
    let faces = 7u32.saturating_sub(from).min(6);
    let ways = crate::odds::binomial_ways(dice, u64::from(faces), 6);
    let of: u64 = ways.iter().sum();
    Odds {
        title,
        basis: vec![format!(
            "{dice} dice, each a hit on {}",
            if faces == 0 {
                "no face".to_owned()
            } else {
                format!("{from}-6")
            }
        )],
        outcomes: ways
            .iter()
            .enumerate()
            .map(|(n, w)| Outcome::new(hit(n), *w, of))
            .collect(),
        ..Odds::default()
    }
}

/// The exact odds of `u` firing at `t`.
pub fn odds(u: &Unit, t: &Unit, shot: Shot) -> Option<Odds> {
    let stands = u.standing() as u32;
    let target = t.standing() as u32;
    match (u.battery, t.battery) {
        (true, true) => Some(fire_chart::counter_battery_odds(
            &u.name, stands, &t.name, target,
        )),
        (true, false) => {
            fire_chart::artillery_odds(&u.name, stands, shot.hexes, shot.minus, &t.name, target)
        }
        (false, _) => {
            fire_chart::aimed_fire_odds(&u.name, stands, shot.hexes, shot.minus, &t.name, target)
        }
    }
}

/// The stands of `t` in the order hits take them: the nominated one, then outward,
/// nearest first, the firer's left before its right at the same distance.
/// Ours — A-16 in docs/rules/acw.md: hits after the first take the nearest stands.
pub fn hit_order(t: &Unit, nominated: usize, firer: Hex) -> Vec<usize> {
    let standing: Vec<usize> = (0..t.stands.total())
        .filter(|i| !t.stands.0[*i].lost)
        .collect();
    let Some(at) = standing.iter().position(|s| *s == nominated) else {
        return standing;
    };
    // Which way along the line is the firer's left.
    let left_is_up = geometry::second_stand(&[0, 1, 2], 1, true, t.hex, t.facing, firer) == Some(2);
    let mut out = vec![nominated];
    for d in 1..standing.len() {
        let up = standing.get(at + d).copied();
        let down = at.checked_sub(d).map(|i| standing[i]);
        let (first, second) = if left_is_up { (up, down) } else { (down, up) };
        out.extend(first);
        out.extend(second);
    }
    out
}

/// `t` loses stand `stand`: journaled, and off the map when none stands.
/// Ours — A-23 in docs/rules/acw.md: each stand lost is a victory point to the enemy
/// (the scenario's `step_loss_points`, counted by `map::lose_stand`).
pub fn lose_stand(world: &mut World, t: &Unit, stand: usize) {
    crate::map::lose_stand(world, t.entity, stand);
}

/// `u` fires at `t`, nominating stand `stand`: its dice rolled, the stands they take
/// removed, the nominated one first.
/// Ours — A-27 in docs/rules/acw.md: a gun's double six takes one gun of a battery.
/// Ours — A-29 in docs/rules/acw.md: infantry takes guns at its own odds, a gun a hit.
pub fn fire_at(world: &mut World, kind: &str, u: &Unit, t: &Unit, stand: usize, shot: Shot) {
    world.resource_mut::<AcwState>().fired.insert(u.id.clone());
    let guns = u.standing();
    let hits_faces = |d: u8| d.saturating_sub(shot.minus) >= shot.needs;
    let mut losses: Vec<usize> = Vec::new();
    let order = hit_order(t, stand, u.hex);
    let dice: Vec<u8>;
    let result: String;
    if u.battery {
        dice = super::roll(world, 2 * guns, format!("{kind}: {}", u.name));
        let mut taken = 0usize;
        for gun in dice.chunks(2) {
            let pair = [gun[0], gun[1]];
            if t.battery {
                if fire_chart::destroys_battery(pair) {
                    taken += 1;
                }
                continue;
            }
            match fire_chart::gun_result(pair, shot.needs, shot.minus) {
                fire_chart::GunResult::Miss => {}
                fire_chart::GunResult::One => taken += 1,
                fire_chart::GunResult::Two => {
                    // "if two hits scored roll d6 and 123 the stand left ... otherwise
                    // the right hand stand": the nominated stand and its neighbour.
                    let die = super::roll(world, 1, format!("{}: left or right", u.name))[0];
                    let standing: Vec<usize> = (0..t.stands.total())
                        .filter(|i| !t.stands.0[*i].lost && !losses.contains(i))
                        .collect();
                    let aim = order
                        .iter()
                        .copied()
                        .find(|i| standing.contains(i))
                        .unwrap_or(stand);
                    losses.push(aim);
                    if let Some(second) = geometry::second_stand(
                        &standing,
                        aim,
                        fire_chart::second_stand_is_left(die),
                        t.hex,
                        t.facing,
                        u.hex,
                    ) {
                        losses.push(second);
                    }
                }
            }
        }
        for _ in 0..taken {
            if let Some(next) = order.iter().copied().find(|i| !losses.contains(i)) {
                losses.push(next);
            }
        }
        let which = if t.battery {
            let doubles = dice
                .chunks(2)
                .filter(|g| fire_chart::destroys_battery([g[0], g[1]]))
                .count();
            match doubles {
                0 => "no gun rolls a double six".to_owned(),
                1 => "a gun rolls a double six".to_owned(),
                n => format!("{n} guns roll a double six"),
            }
        } else {
            crate::journal::dice_that(&dice, hits_faces, "hits", "hit")
        };
        result = if losses.is_empty() {
            which
        } else {
            format!(
                "{which}: {} stand{} lost",
                losses.len(),
                if losses.len() == 1 { "" } else { "s" }
            )
        };
    } else {
        dice = super::roll(world, guns, format!("{kind}: {}", u.name));
        let hits = dice.iter().filter(|d| hits_faces(**d)).count();
        losses.extend(order.iter().copied().take(hits));
        let which = crate::journal::dice_that(&dice, hits_faces, "hits", "hit");
        result = if hits == 0 {
            which
        } else {
            format!("{which} ({hits} hit{})", if hits == 1 { "" } else { "s" })
        };
    }
    fired(world, kind, u, t, shot, dice, result);
    for s in losses {
        if let Some(now) = view::unit(world, &t.id) {
            lose_stand(world, &now, s);
        }
    }
}

/// `u` fires at the charger `t` of charge `k` during its charge: "casualties are not
/// taken as with aimed fire. Just place a die on top of the dominoe behind the targeted
/// stand" — each hit takes a spot off the half behind the nominated stand in the fight.
/// Ours — A-19 in docs/rules/acw.md: every hit of one fire goes on the nominated
/// stand's half; a battery's gun counts one hit for each die that hits.
pub fn fire_at_charger(world: &mut World, k: usize, u: &Unit, t: &Unit, stand: usize, shot: Shot) {
    {
        let mut state = world.resource_mut::<AcwState>();
        state.fired.insert(u.id.clone());
        state.revealed.insert(u.id.clone());
    }
    let dice_count = if u.battery {
        2 * u.standing()
    } else {
        u.standing()
    };
    let dice = super::roll(world, dice_count, format!("Fire at a charger: {}", u.name));
    let hits = if u.battery && t.battery {
        0
    } else {
        dice.iter()
            .filter(|d| d.saturating_sub(shot.minus) >= shot.needs)
            .count()
    };
    // The nominated stand's place in the charger's line as it fights.
    let at = super::combat::line(t).iter().position(|s| *s == stand);
    if let Some(i) = at
        && let Some(h) = world.resource_mut::<AcwState>().charges[k].lines[0]
            .hits
            .get_mut(i)
    {
        *h = h.saturating_add(hits as u8);
    }
    let result = if u.battery && t.battery {
        format!("0 hits on the domino behind stand {}", stand + 1)
    } else if hits == 0 {
        crate::journal::dice_that(&dice, |_| false, "hits", "hit")
    } else {
        format!(
            "{} the domino behind stand {} ({hits} hit{})",
            crate::journal::dice_that(
                &dice,
                |d| d.saturating_sub(shot.minus) >= shot.needs,
                "hits",
                "hit"
            ),
            stand + 1,
            if hits == 1 { "" } else { "s" }
        )
    };
    fired(world, "Fire at a charger", u, t, shot, dice, result);
}

/// Journals a fire: the firer, its target, the dice and what they did.
fn fired(
    world: &mut World,
    kind: &str,
    u: &Unit,
    t: &Unit,
    shot: Shot,
    dice: Vec<u8>,
    result: String,
) {
    let band = format!(
        "{} dice, {} at {} hexes",
        dice.len(),
        fire_chart::band(u.battery, shot.hexes),
        shot.hexes
    );
    // "Only a double six can destroy another battery": against guns the band's faces
    // do not hit.
    let (table, column) = match (u.battery && t.battery, kind == "Fire at a charger") {
        (true, true) => (
            "no hit".to_owned(),
            format!("{band}: a battery does not hurt a charging battery"),
        ),
        (true, false) => (
            "needs a double six".to_owned(),
            format!("{band}: a gun's double six destroys a gun"),
        ),
        _ => (
            format!("needs {}", shot.needs),
            format!("{band}: {}-6 hit", shot.needs),
        ),
    };
    crate::journal::note(
        world,
        GameEvent::Fired {
            kind: kind.into(),
            // Each die hits on its own: the dialog shows no sum (`journal::per_die`).
            table,
            side: u.side,
            firers: vec![u.id.clone()],
            target: view::label(t.hex),
            strength: 0,
            shifts: if shot.minus > 0 {
                vec![(-1, "Routed: all firing reduced by 1".into())]
            } else {
                vec![]
            },
            column,
            dice,
            result,
        },
    );
}
