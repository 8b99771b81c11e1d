//! The tank assaults on the map: the two sides as the dice see them, the three-round
//! fight between a tank unit and an infantry unit, the machine guns of a tank no
//! infantry chose, a tank's gun at an enemy vehicle, and the odds the window shows.

use super::super::roll;
use super::super::state::Fought;
use super::super::tanks::{Infantry, Tanks};
use super::*;

/// "die" or "dice".
fn dice_word(n: u32) -> &'static str {
    if n == 1 { "die" } else { "dice" }
}

/// The tanks and the infantry of a tank assault, as the dice see them.
pub fn tank_sides(
    world: &World,
    group: &[Unit],
    tank: &Unit,
    infantry: &Unit,
) -> (Tanks, Infantry, [Vec<(i32, String)>; 2]) {
    let cell = view::cell(world, infantry.hex).unwrap_or_default();
    let t_mods: Vec<(i32, String)> =
        super::super::fire_chart::fire_modifiers(super::super::fire_chart::FireCase {
            target_in_cover: cell.solid_cover,
            target_in_full_cover: cell.full_cover,
            target_prone: infantry.prone,
            ..Default::default()
        })
        .into_iter()
        .map(|(v, c)| (v, c.to_owned()))
        .collect();
    let me = [involved(world, group, infantry)];
    let them = [involved(world, group, tank)];
    // "The following die roll modifiers apply to units involved in assaults": the
    // tanks' own state counts on their rolls as the infantry's does on theirs.
    // Ours — W-D27 in docs/rules/wwii.md: every assault modifier of the tank unit but
    // cover (a vehicle is not "in solid or hard cover": its armor is in the weapon
    // differential), added to the small arms chart's modifiers against its target.
    let tank_self = [Involved {
        solid_cover: false,
        full_cover: false,
        ..them[0]
    }];
    let mut t_mods = t_mods;
    t_mods.extend(modifiers::assault_modifiers(&tank_self, &me));
    let mut i_mods = modifiers::assault_modifiers(&me, &them);
    if let Some(at) = infantry.figures.at_assault {
        i_mods.insert(
            0,
            (
                tanks::weapon_differential(at, tank.figures.at_assault.unwrap_or(0)),
                "weapon differential".to_owned(),
            ),
        );
    }
    (
        Tanks {
            bases: tank.bases(),
            machine_guns: tank.figures.fire_points,
            at_assault: tank.figures.at_assault.unwrap_or(0),
            modifier: t_mods.iter().map(|m| m.0).sum(),
        },
        Infantry {
            bases: infantry.bases(),
            at_assault: infantry.figures.at_assault,
            modifier: i_mods
                .iter()
                .filter(|m| m.1 != "weapon differential")
                .map(|m| m.0)
                .sum(),
        },
        [t_mods, i_mods],
    )
}

/// Can either side of a tank assault kill a base of the other at all?
/// Ours — W-D25 in docs/rules/wwii.md: a fight nobody can win is not fought.
pub fn anyone_can_hurt(t: &Tanks, i: &Infantry) -> bool {
    let tanks_can = t.machine_guns > 0 && tanks::needs(t.modifier).is_some();
    let infantry_can = i.against(t).and_then(tanks::needs).is_some();
    tanks_can || infantry_can
}

/// How a tank assault's ending stands on the map: won in an armored overrun (the
/// enemy's movement phase), the infantry's win is no breakthrough, since it cannot
/// move then; the tank's is, and it drives on in its own movement.
/// Ours — W-D25 in docs/rules/wwii.md.
pub fn on_the_map(kind: &str, mut result: Result) -> Result {
    if kind == OVERRUN
        && let Ending::Eliminated {
            winner: 1,
            breakthrough,
        } = &mut result.ending
    {
        *breakthrough = false;
    }
    result
}

/// An armored overrun, as its fights are named.
pub const OVERRUN: &str = "Armored overrun";

/// Fights a three-round tank assault between a tank unit and one infantry unit; returns
/// its result, `None` when neither can hurt the other and no round is fought.
/// Ours — W-D7 in docs/rules/wwii.md: three rounds, ended as a personnel assault.
/// Ours — W-D23 in docs/rules/wwii.md: infantry units that chose the same tank unit
/// fight it one after another.
pub(super) fn fight_tanks(
    world: &mut World,
    kind: &str,
    group: &[Unit],
    tank: &Unit,
    infantry: &Unit,
) -> Option<Result> {
    let (t, i, mods) = tank_sides(world, group, tank, infantry);
    if !anyone_can_hurt(&t, &i) {
        say(
            world,
            format!(
                "{kind}: neither {} nor {} can hurt the other: no rounds are fought.",
                tank.name, infantry.name
            ),
        );
        return None;
    }
    let (mut lost, mut won_all) = ([0u32, 0u32], [true, true]);
    let mut rounds = Vec::new();
    let mut first_dice = Vec::new();
    for r in 1..=3 {
        let left = [t.bases - lost[0], i.bases - lost[1]];
        if left[0] == 0 || left[1] == 0 {
            break;
        }
        let (td, id) = tanks::dice_in_round(&t, &i, left);
        let dice = roll(
            world,
            (td + id) as usize,
            format!("{kind} round {r}: {} against {}", tank.name, infantry.name),
        );
        let l = tanks::round(&t, &i, left, &dice);
        say(
            world,
            format!(
                "{kind} round {r}: {}'s {td} machine-gun {} kill {}, {}'s {id} {} kill {}.",
                tank.name,
                dice_word(td),
                l[1],
                infantry.name,
                dice_word(id),
                l[0]
            ),
        );
        won_all = [won_all[0] && l[1] > l[0], won_all[1] && l[0] > l[1]];
        lost = [lost[0] + l[0], lost[1] + l[1]];
        rounds.push(dice);
        first_dice.push(td as usize);
    }
    let result = on_the_map(kind, tanks::tank_ending(&t, &i, lost, won_all));
    let words = result.ending.describe([&tank.name, &infantry.name]);
    say(world, format!("The {}: {words}.", kind.to_lowercase()));
    lose_bases(world, &tank.id, result.lost[0]);
    lose_bases(world, &infantry.id, result.lost[1]);
    let ids = [vec![tank.id.clone()], vec![infantry.id.clone()]];
    carry_out_ending(world, [&ids[0], &ids[1]], &result);
    // In an overrun the tank drives on in its own movement: no follow-up to wait on.
    if kind == OVERRUN {
        world
            .resource_mut::<WwiiState>()
            .followups
            .retain(|f| f.unit() != tank.id);
    }
    let turn = world.resource::<crate::flow::Turn>().0;
    world.resource_mut::<WwiiState>().fought.push(Fought {
        turn,
        kind: kind.into(),
        units: ids,
        modifiers: mods,
        rounds,
        first_dice,
        lost: result.lost,
        ending: words,
    });
    Some(result)
}

/// A tank no infantry chose fires its machine guns at the enemy personnel in contact
/// with it, once, unopposed: fire, not an assault (no ending). It aims at the units of
/// its group as they stand now, after the fights before it; never at units in a bunker
/// or pillbox (tanks cannot assault them), and it throws no dice at troops its machine
/// guns cannot hit.
/// Ours — W-D11 in docs/rules/wwii.md.
pub(super) fn machine_guns(world: &mut World, group: &[Unit], tank: &Unit) {
    let now: Vec<Unit> = group
        .iter()
        .filter_map(|g| view::unit(world, &g.id))
        .filter(|e| {
            e.side != tank.side
                && e.kind().personnel()
                && contact::in_contact(tank.placed(), e.placed())
        })
        .collect();
    let (bunkered, open): (Vec<Unit>, Vec<Unit>) =
        now.into_iter().partition(|e| in_bunker(world, e));
    if !bunkered.is_empty() {
        let ids: Vec<String> = bunkered.iter().map(|u| u.id.clone()).collect();
        say(
            world,
            format!(
                "{} cannot assault {}: tanks cannot assault units in bunkers or pillboxes.",
                tank.name,
                names(world, &ids)
            ),
        );
    }
    let (hittable, proof): (Vec<Unit>, Vec<Unit>) = open.into_iter().partition(|e| {
        let (t, _, _) = tank_sides(world, group, tank, e);
        tanks::needs(t.modifier).is_some()
    });
    if !proof.is_empty() {
        let ids: Vec<String> = proof.iter().map(|u| u.id.clone()).collect();
        say(
            world,
            format!(
                "{}'s machine guns cannot hit {} in full cover: no dice.",
                tank.name,
                names(world, &ids)
            ),
        );
    }
    let Some(first) = hittable.first() else {
        return;
    };
    let (t, _, _) = tank_sides(world, group, tank, first);
    let n = t.bases * t.machine_guns;
    let dice = roll(world, n as usize, format!("machine guns: {}", tank.name));
    let kills =
        tanks::needs(t.modifier).map_or(0, |k| dice.iter().filter(|d| **d >= k).count() as u32);
    say(
        world,
        format!(
            "{}'s machine guns fire unopposed: {n} dice kill {kills}.",
            tank.name
        ),
    );
    let ids: Vec<String> = hittable.iter().map(|u| u.id.clone()).collect();
    spread(world, &ids, kills);
}

/// A tank engaging an enemy vehicle in an assault fires its gun at it, normally.
pub(super) fn gun_fire(world: &mut World, tank: &Unit, target: &Unit) {
    let Some((gun, _)) = tank.figures.gun else {
        return;
    };
    let armor = target.figures.at_assault.unwrap_or(0);
    let needs = super::super::fire_chart::gun_needs(gun, armor, 0);
    let dice = roll(
        world,
        tank.bases() as usize,
        format!("gun fire: {} at {}", tank.name, target.name),
    );
    let kills = needs.map_or(0, |k| dice.iter().filter(|d| **d >= k).count() as u32);
    say(
        world,
        format!(
            "{} fires its guns at {}: {} dice kill {kills}.",
            tank.name,
            target.name,
            dice.len()
        ),
    );
    lose_bases(world, &target.id, kills);
}

/// The odds of a tank assault of `tank` against `infantry` (`kind`: "Tank assault" or
/// "Armored overrun"), as the window shows them: each ending with its chance, with
/// every modifier and its cause. The dice thrown change with the bases left, so the
/// chances are summed over every die of every round in floating point and shown to
/// the thousandth.
pub fn tank_odds(
    world: &World,
    group: &[Unit],
    tank: &Unit,
    infantry: &Unit,
    kind: &str,
) -> crate::odds::Odds {
    use crate::odds::{Modifier, Odds, Outcome};
    let (t, i, mods) = tank_sides(world, group, tank, infantry);
    let names = [tank.name.as_str(), infantry.name.as_str()];
    let mut endings: Vec<(String, f64)> = Vec::new();
    let results = if anyone_can_hurt(&t, &i) {
        tanks::tank_assault_odds(&t, &i).into_iter().collect()
    } else {
        vec![]
    };
    if results.is_empty() {
        endings.push(("neither can hurt the other: no rounds".to_owned(), 1.0));
    }
    for (r, p) in results {
        let label = on_the_map(kind, r).ending.describe(names);
        match endings.iter_mut().find(|(l, _)| *l == label) {
            Some(slot) => slot.1 += p,
            None => endings.push((label, p)),
        }
    }
    endings.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    const OF: u64 = 1000;
    let mut ways: Vec<u64> = endings
        .iter()
        .map(|e| (e.1 * OF as f64).round() as u64)
        .collect();
    // Rounding may leave the thousandths a little off the whole: the likeliest takes it.
    let sum: u64 = ways.iter().sum();
    if let Some(first) = ways.first_mut() {
        *first = (*first + OF).saturating_sub(sum);
    }
    let needs = |m: Option<i32>| {
        m.and_then(tanks::needs)
            .map_or_else(|| "cannot kill".to_owned(), |n| format!("{n}-6 kill"))
    };
    Odds {
        title: format!("{kind}: {} against {}", names[0], names[1]),
        basis: vec![
            format!(
                "{}: {} bases, {} machine-gun dice each, {}; {}: {} bases, a die each, {}",
                names[0],
                t.bases,
                t.machine_guns,
                needs(Some(t.modifier)),
                names[1],
                i.bases,
                needs(i.against(&t)),
            ),
            "Three rounds or until one side is gone; the side that kills more wins the round"
                .into(),
            "Chances to the thousandth: the dice change with the bases left".into(),
        ],
        modifiers: [0, 1]
            .into_iter()
            .flat_map(|s| {
                mods[s].iter().map(move |(value, cause)| Modifier {
                    value: *value,
                    changes: format!("{}'s dice", names[s]),
                    cause: cause.clone(),
                })
            })
            .collect(),
        outcomes: endings
            .into_iter()
            .zip(ways)
            .map(|((label, _), w)| Outcome::new(label, w, OF))
            .collect(),
        more: vec![],
    }
}
