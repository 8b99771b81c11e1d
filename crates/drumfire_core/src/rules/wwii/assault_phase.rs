//! The assault phase on the map, and the armored overrun in the movement phase: who is
//! in contact with whom, what each unit engages, the personnel assault, the tank
//! assaults, tanks' machine guns and guns, heavy weapons overrun, and what each ending
//! does to the units.

use super::contact;
use super::effects::{check_morale, lose_bases, set_morale};
use super::mixed::{self, Engages, Engaging, Kind};
use super::modifiers::{self, Involved};
use super::morale::State;
use super::personnel_assault::{Assault, Ending, Meeting, Result, Side};
use super::state::{Followup, Fought, WwiiState};
use super::tanks::{self, Infantry, Tanks};
use super::view::{self, Unit};
use super::{roll, say};
use bevy_ecs::prelude::*;
use std::collections::BTreeSet;

/// Every group of units locked in an assault: units joined by contact between enemies
/// where one of the two is personnel ("An assault occurs when personnel units begin an
/// assault phase in base to base contact with enemy units"), each group in the order of
/// its first unit's id, its units in id order.
pub fn groups(world: &World) -> Vec<Vec<Unit>> {
    let all = view::units(world);
    let n = all.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(p: &mut [usize], i: usize) -> usize {
        let mut r = i;
        while p[r] != r {
            r = p[r];
        }
        p[i] = r;
        r
    }
    let mut joined = vec![false; n];
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&all[i], &all[j]);
            if a.side != b.side
                && contact::in_contact(a.placed(), b.placed())
                && (a.kind().personnel() || b.kind().personnel())
            {
                let (ra, rb) = (root(&mut parent, i), root(&mut parent, j));
                parent[ra.max(rb)] = ra.min(rb);
                joined[i] = true;
                joined[j] = true;
            }
        }
    }
    let mut out: Vec<Vec<Unit>> = Vec::new();
    let mut roots: Vec<usize> = Vec::new();
    for i in 0..n {
        if !joined[i] {
            continue;
        }
        let r = root(&mut parent, i);
        match roots.iter().position(|x| *x == r) {
            Some(k) => out[k].push(all[i].clone()),
            None => {
                roots.push(r);
                out.push(vec![all[i].clone()]);
            }
        }
    }
    out
}

/// The attacking side of a group: the side whose units moved into contact, or, when
/// both or neither did, the side that moved first this turn.
/// Ours — W-D23 in docs/rules/wwii.md: who attacks in an assault.
pub fn attacker(world: &World, group: &[Unit]) -> u8 {
    let state = world.resource::<WwiiState>();
    let sides: BTreeSet<u8> = group
        .iter()
        .filter(|u| state.assaulting.contains(&u.id))
        .map(|u| u.side)
        .collect();
    match sides.len() {
        1 => *sides.iter().next().unwrap_or(&state.first),
        _ => state.first,
    }
}

/// The enemy units in contact with `u`.
fn touching<'a>(group: &'a [Unit], u: &Unit) -> Vec<&'a Unit> {
    group
        .iter()
        .filter(|e| e.side != u.side && contact::in_contact(u.placed(), e.placed()))
        .collect()
}

/// What `u` may engage in its group, the first its choice when it makes none: the
/// enemy personnel, or one enemy vehicle unit ("an infantry unit must choose one of
/// the enemy tank units"; a tank fires its machine guns at personnel or its gun at a
/// vehicle). Heavy weapons engage nothing; infantry without an anti-tank assault value,
/// infantry in a bunker or pillbox (W-D32) and cavalry engage no vehicle; a tank or
/// armored car engages no personnel in a bunker or pillbox ("which cannot assault
/// bunkers, pillboxes or other tanks").
pub fn options(world: &World, group: &[Unit], u: &Unit) -> Vec<Engages> {
    let near = touching(group, u);
    let mut out = Vec::new();
    if u.kind() == Kind::HeavyWeapon {
        return out;
    }
    if near
        .iter()
        .any(|e| e.kind().personnel() && !(u.kind().vehicle() && in_bunker(world, e)))
    {
        out.push(Engages::Personnel);
    }
    let may_engage_vehicles = match u.kind() {
        // Ours — W-D32 in docs/rules/wwii.md: bunkers "prevent units occupying them
        // from being assaulted by tanks", so no tank assault is fought from one either.
        Kind::Infantry if in_bunker(world, u) => false,
        Kind::Infantry => u.figures.at_assault.is_some(),
        Kind::Tank | Kind::ArmoredCar => u.figures.gun.is_some(),
        _ => false,
    };
    if may_engage_vehicles {
        for e in near.iter().filter(|e| e.kind().vehicle()) {
            out.push(Engages::Vehicle(e.id.clone()));
        }
    }
    out
}

/// Is the unit in a bunker or pillbox (where no tank may assault it)?
pub fn in_bunker(world: &World, u: &Unit) -> bool {
    view::cell(world, u.hex).is_some_and(|c| c.bunker)
}

/// What `u` engages: its choice this phase if it made one, else its first option.
pub fn engages(world: &World, group: &[Unit], u: &Unit) -> Engages {
    let opts = options(world, group, u);
    let chosen = world
        .resource::<WwiiState>()
        .engaged
        .get(&u.id)
        .and_then(|t| {
            let target = group.iter().find(|e| &e.id == t)?;
            let e = if target.kind().vehicle() {
                Engages::Vehicle(t.clone())
            } else {
                Engages::Personnel
            };
            opts.contains(&e).then_some(e)
        });
    chosen
        .or_else(|| opts.first().cloned())
        .unwrap_or(Engages::Nothing)
}

/// The units of `side` with more than one thing they may engage now.
pub fn open_choices(world: &World, side: u8) -> Vec<Unit> {
    groups(world)
        .iter()
        .flat_map(|g| {
            g.iter()
                .filter(|u| u.side == side && options(world, g, u).len() > 1)
                .cloned()
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A unit's part in an assault as the modifiers read it, against the enemies of its
/// group.
pub fn involved(world: &World, group: &[Unit], u: &Unit) -> Involved {
    let enemies: Vec<contact::Placed> = touching(group, u).iter().map(|e| e.placed()).collect();
    let cell = view::cell(world, u.hex).unwrap_or_default();
    Involved {
        bases: u.bases(),
        pinned_or_worse: u.morale.pinned_or_worse(),
        hit_in_rear: limbered(world, u)
            || enemies.iter().any(|e| contact::hit_in_rear(u.placed(), *e)),
        sides_in_contact: contact::sides_in_contact(u.placed(), &enemies),
        prone: u.prone,
        solid_cover: cell.solid_cover,
        full_cover: cell.full_cover,
        flamethrowers: u.figures.flamethrowers,
        training: u.training,
        mounted: u.kind() == Kind::Cavalry,
        sits_out: u.kind() == Kind::HeavyWeapon,
    }
}

/// Is the unit limbered artillery: a towed gun (a heavy weapon with a gun that fires
/// directly) that has moved this turn?
/// Ours — W-D26 in docs/rules/wwii.md: a towed gun is limbered to move and stays so
/// for the rest of the turn; it is unlimbered when it has not moved.
pub fn limbered(world: &World, u: &Unit) -> bool {
    u.kind() == Kind::HeavyWeapon
        && u.figures.gun.is_some()
        && !u.figures.indirect
        && world
            .resource::<WwiiState>()
            .spent
            .get(&u.id)
            .is_some_and(|s| *s > 0)
}

/// The personnel assault of a group as it stands: each side's units (the attacker's
/// first), its modifiers with their causes, and who meets whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Each side's units.
    pub units: [Vec<Unit>; 2],
    /// Each side's modifiers.
    pub modifiers: [Vec<(i32, String)>; 2],
    /// Who meets whom.
    pub meeting: Meeting,
}

impl Setup {
    /// The two sides as the dice see them.
    pub fn sides(&self) -> [Side; 2] {
        [0, 1].map(|s| Side {
            bases: self.units[s].iter().map(Unit::bases).sum(),
            modifier: self.modifiers[s].iter().map(|m| m.0).sum(),
        })
    }
}

/// The personnel assault in a group, if personnel on both sides engage personnel.
pub fn personnel_setup(world: &World, group: &[Unit]) -> Option<Setup> {
    let a = attacker(world, group);
    let split = split_of(world, group, a);
    let find = |ids: &[String]| -> Vec<Unit> {
        ids.iter()
            .filter_map(|id| group.iter().find(|u| &u.id == id).cloned())
            .collect()
    };
    let units = [find(&split.personnel[0]), find(&split.personnel[1])];
    if units[0].is_empty() || units[1].is_empty() {
        return None;
    }
    // "Limbered artillery bases are always considered to be hit in rear": the side's
    // limbered guns in contact count among its bases for that modifier only.
    let inv =
        |s: usize| -> Vec<Involved> {
            let side = units[s][0].side;
            units[s]
                .iter()
                .chain(group.iter().filter(|g| {
                    g.side == side && limbered(world, g) && !touching(group, g).is_empty()
                }))
                .map(|u| involved(world, group, u))
                .collect()
        };
    let (i0, i1) = (inv(0), inv(1));
    Some(Setup {
        modifiers: [
            modifiers::assault_modifiers(&i0, &i1),
            modifiers::assault_modifiers(&i1, &i0),
        ],
        meeting: modifiers::meeting(&i0, &i1),
        units,
    })
}

/// A group's engagements split into the fights, the attacker (`a`) as side 0.
fn split_of(world: &World, group: &[Unit], a: u8) -> mixed::Split {
    let side = |s: u8| -> Vec<Engaging> {
        group
            .iter()
            .filter(|u| u.side == s)
            .map(|u| Engaging {
                id: u.id.clone(),
                kind: u.kind(),
                at_assault: u.figures.at_assault,
                engages: engages(world, group, u),
            })
            .collect()
    };
    let sides = world.resource::<crate::scenario::SideList>().0.len() as u8;
    let (att, def) = (side(a), side((a + 1) % sides.max(1)));
    mixed::split([&att, &def])
}

/// Takes `n` bases from `ids`, one at a time from the unit with the most standing.
/// Ours — W-D23 in docs/rules/wwii.md: a side's losses fall on its biggest unit first.
fn spread(world: &mut World, ids: &[String], n: u32) {
    for _ in 0..n {
        let next = ids
            .iter()
            .filter_map(|id| view::unit(world, id))
            .max_by_key(|u| (u.bases(), std::cmp::Reverse(u.id.clone())));
        let Some(u) = next else {
            return;
        };
        lose_bases(world, &u.id, 1);
    }
}

fn names(world: &World, ids: &[String]) -> String {
    let names: Vec<String> = ids
        .iter()
        .map(|id| {
            world
                .resource::<crate::counters::PieceIds>()
                .get(id)
                .and_then(|e| world.get::<crate::counters::Counter>(e))
                .map_or_else(|| id.clone(), |c| c.name.clone())
        })
        .collect();
    names.join(" and ")
}

/// What an ending does to the units of the two sides: the overall loser checks
/// morale, a tie pins both, a heroic survivor is pinned; the winner of a breakthrough
/// may occupy ground, and cavalry that wins may dismount or move on.
fn carry_out_ending(world: &mut World, sides: [&[String]; 2], result: &Result) {
    match result.ending {
        Ending::Demoralized(s) => {
            for id in sides[s] {
                check_morale(world, id, "lost the assault");
            }
            cavalry_won(world, sides[1 - s]);
        }
        Ending::Tie => {
            for id in sides[0].iter().chain(sides[1]) {
                set_morale(world, id, State::Pinned);
            }
        }
        Ending::Heroic(s) => {
            for id in sides[s] {
                set_morale(world, id, State::Pinned);
            }
        }
        Ending::Eliminated {
            winner,
            breakthrough,
        } => {
            if breakthrough {
                for id in sides[winner] {
                    if let Some(u) = view::unit(world, id)
                        && u.kind() != Kind::Cavalry
                    {
                        world
                            .resource_mut::<WwiiState>()
                            .followups
                            .push(Followup::Breakthrough {
                                unit: id.clone(),
                                reach: super::followup::assault_movement(u.figures.movement),
                            });
                    }
                }
            }
            cavalry_won(world, sides[winner]);
        }
    }
}

/// "If the cavalry wins the assault, they have the option of either dismounting in
/// place or using their remaining movement to reposition themselves."
fn cavalry_won(world: &mut World, ids: &[String]) {
    for id in ids {
        if let Some(u) = view::unit(world, id)
            && u.kind() == Kind::Cavalry
        {
            let left = super::movement::left(world, &u);
            world
                .resource_mut::<WwiiState>()
                .followups
                .push(Followup::Cavalry {
                    unit: id.clone(),
                    left,
                });
        }
    }
}

/// Fights the personnel assault of a group: a die a side a round until its rounds are
/// fought or a group is eliminated; the losses, spread over each side's units, and the
/// ending carried out.
fn fight_personnel(world: &mut World, setup: &Setup) -> Result {
    let ids: [Vec<String>; 2] =
        [0, 1].map(|s| setup.units[s].iter().map(|u| u.id.clone()).collect());
    let sides = setup.sides();
    let mut a = Assault::new(sides, setup.meeting);
    let mut rounds = Vec::new();
    let who = [names(world, &ids[0]), names(world, &ids[1])];
    while !a.over() {
        let d = roll(
            world,
            2,
            format!(
                "assault round {}: {} against {}",
                a.fought + 1,
                who[0],
                who[1]
            ),
        );
        let winner = a.roll([d[0], d[1]]);
        say(
            world,
            format!(
                "Assault round {}: {} {} against {} {}: {}.",
                a.fought,
                who[0],
                scored(d[0], sides[0].modifier),
                who[1],
                scored(d[1], sides[1].modifier),
                match winner {
                    Some(w) => format!(
                        "{} wins, {} down {} of {}",
                        who[w],
                        who[1 - w],
                        a.lost[1 - w],
                        sides[1 - w].bases
                    ),
                    None => "drawn".to_owned(),
                }
            ),
        );
        rounds.push(d);
    }
    let result = a.result();
    say(
        world,
        format!(
            "The assault: {}.",
            result.ending.describe([&who[0], &who[1]])
        ),
    );
    spread(world, &ids[0], result.lost[0]);
    spread(world, &ids[1], result.lost[1]);
    carry_out_ending(world, [&ids[0], &ids[1]], &result);
    let turn = world.resource::<crate::flow::Turn>().0;
    world.resource_mut::<WwiiState>().fought.push(Fought {
        turn,
        kind: "Assault".into(),
        units: ids.clone(),
        modifiers: setup.modifiers.clone(),
        first_dice: vec![1; rounds.len()],
        rounds,
        lost: result.lost,
        ending: result.ending.describe([&who[0], &who[1]]),
    });
    result
}

/// "die" or "dice".
fn dice_word(n: u32) -> &'static str {
    if n == 1 { "die" } else { "dice" }
}

/// A die and its modifier in words: "4", or "4 (-2) = 2".
fn scored(die: u8, m: i32) -> String {
    if m == 0 {
        die.to_string()
    } else {
        format!("{die} ({m:+}) = {}", i32::from(die) + m)
    }
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
        super::fire_chart::fire_modifiers(super::fire_chart::FireCase {
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
fn fight_tanks(
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
fn machine_guns(world: &mut World, group: &[Unit], tank: &Unit) {
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
fn gun_fire(world: &mut World, tank: &Unit, target: &Unit) {
    let Some((gun, _)) = tank.figures.gun else {
        return;
    };
    let armor = target.figures.at_assault.unwrap_or(0);
    let needs = super::fire_chart::gun_needs(gun, armor, 0);
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

/// The assault phase: every group in contact fought out, in order.
pub fn resolve_all(world: &mut World) {
    // Each unit fights once a phase: the next group is the first (as the map stands
    // after the fights before it) with no unit that has fought.
    let mut fought: BTreeSet<String> = BTreeSet::new();
    while let Some(group) = groups(world)
        .into_iter()
        .find(|g| g.iter().all(|u| !fought.contains(&u.id)))
    {
        fought.extend(group.iter().map(|u| u.id.clone()));
        resolve_group(world, &group);
    }
    let all = view::units(world);
    let still: BTreeSet<String> = all
        .iter()
        .filter(|u| super::movement::enemy_next(&all, u.side, u.hex))
        .map(|u| u.id.clone())
        .collect();
    world
        .resource_mut::<WwiiState>()
        .assaulting
        .retain(|id| still.contains(id));
}

/// Journals group `group`'s assault by side `a` as going in: against the defenders' hex
/// the most attackers touch (the first of those in the group's order), by the attackers
/// touching it; its words name every attacker and defender of the group.
fn went_in(world: &mut World, group: &[Unit], a: u8) {
    let of = |mine: bool| -> Vec<String> {
        group
            .iter()
            .filter(|u| (u.side == a) == mine)
            .map(|u| u.id.clone())
            .collect()
    };
    let (attackers, defenders) = (of(true), of(false));
    let target = group
        .iter()
        .filter(|u| u.side != a)
        .rev()
        .max_by_key(|d| touching(group, d).len())
        .map_or(group[0].hex, |d| d.hex);
    let going_in: Vec<String> = group
        .iter()
        .filter(|u| u.side == a)
        .filter(|u| touching(group, u).iter().any(|d| d.hex == target))
        .map(|u| u.id.clone())
        .collect();
    let text = format!(
        "Assault at {}: {} against {}.",
        view::label(target),
        names(world, &attackers),
        names(world, &defenders),
    );
    super::note(
        world,
        crate::journal::GameEvent::WentIn {
            kind: "Assault".into(),
            side: a,
            attackers: going_in,
            target: view::label(target),
            text,
        },
    );
}

/// Fights one group.
fn resolve_group(world: &mut World, group: &[Unit]) {
    let a = attacker(world, group);
    let split = split_of(world, group, a);
    went_in(world, group, a);
    let personnel = personnel_setup(world, group);
    let personnel_result = personnel.as_ref().map(|s| fight_personnel(world, s));
    // Each tank unit the infantry chose, fought by each of them in turn.
    let mut tank_results: Vec<(String, Result)> = Vec::new();
    for ((_, tank_id), infantry) in &split.tank_assaults {
        for inf in infantry {
            let (Some(tank), Some(i)) = (view::unit(world, tank_id), view::unit(world, inf)) else {
                continue;
            };
            if let Some(r) = fight_tanks(world, "Tank assault", group, &tank, &i) {
                tank_results.push((tank_id.clone(), r));
            }
        }
    }
    refused_bunkers(world, group, &split);
    for tanks_ in &split.machine_guns {
        for id in tanks_ {
            if let Some(t) = view::unit(world, id) {
                machine_guns(world, group, &t);
            }
        }
    }
    for pairs in &split.gun_fire {
        for (id, target) in pairs {
            if let (Some(t), Some(v)) = (view::unit(world, id), view::unit(world, target)) {
                gun_fire(world, &t, &v);
            }
        }
    }
    // Heavy weapons: overrun by tanks their infantry did not beat, or by enemy
    // personnel with no infantry of their own engaging, or when their side's
    // personnel were eliminated; they check morale with their side's losers.
    for (s, heavy) in split.heavy_weapons.iter().enumerate() {
        for id in heavy {
            let Some(h) = view::unit(world, id) else {
                continue;
            };
            if h.kind() != Kind::HeavyWeapon {
                continue;
            }
            // "Bunkers and pillboxes ... prevent units occupying them from being
            // assaulted by tanks": no tank overruns the heavy weapons in one.
            let bunkered = in_bunker(world, &h);
            // "Involved tank bases must either use machine gun fire on opposing
            // infantry or fire normally at opposing tanks, not both": a tank whose gun
            // engages a vehicle overruns no heavy weapons.
            let tanks_near: Vec<Unit> = touching(group, &h)
                .into_iter()
                .filter(|e| e.kind().vehicle() && !bunkered)
                .filter(|e| !matches!(engages(world, group, e), Engages::Vehicle(_)))
                .filter_map(|e| view::unit(world, &e.id))
                .collect();
            let beaten_by_tanks = tanks_near.iter().any(|t| {
                let result = tank_results
                    .iter()
                    .rev()
                    .find(|(id, _)| *id == t.id)
                    .map(|r| &r.1);
                !tanks::heavy_weapons_survive(t.bases(), result)
            });
            let own_personnel = !split.personnel[s].is_empty();
            let enemy_personnel_near = touching(group, &h)
                .iter()
                .any(|e| e.kind().personnel() && e.kind() != Kind::HeavyWeapon);
            let lost_all = matches!(
                personnel_result.map(|r| r.ending),
                Some(Ending::Eliminated { winner, .. }) if winner != s
            );
            if beaten_by_tanks || (enemy_personnel_near && !own_personnel) || lost_all {
                say(world, format!("{} is overrun.", h.name));
                lose_bases(world, id, h.bases());
            } else if personnel_result.is_some_and(|r| r.ending == Ending::Demoralized(s)) {
                check_morale(world, id, "its side lost the assault");
            }
        }
    }
}

/// Each vehicle of a group that engages nothing because the only enemy personnel
/// touching it are in a bunker or pillbox: the player is told why it does not fight.
fn refused_bunkers(world: &mut World, group: &[Unit], split: &mixed::Split) {
    for id in split.heavy_weapons.iter().flatten() {
        let Some(v) = group.iter().find(|u| &u.id == id && u.kind().vehicle()) else {
            continue;
        };
        let ids: Vec<String> = touching(group, v)
            .into_iter()
            .filter(|e| e.kind().personnel() && in_bunker(world, e))
            .map(|e| e.id.clone())
            .collect();
        if !ids.is_empty() {
            say(
                world,
                format!(
                    "{} cannot assault {}: tanks cannot assault units in bunkers or pillboxes.",
                    v.name,
                    names(world, &ids)
                ),
            );
        }
    }
}

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
        if let Ok(shot) = super::fire_phase::can_fire(world, g, &tank) {
            super::fire_phase::fire_at(world, g, &tank, &shot);
        }
    }
    // A tank the guns left with its morale sound goes in ("So long as their morale
    // remains sound").
    let going_in = view::unit(world, &u.id).filter(|t| t.morale == State::Good);
    let went_in = going_in.is_some();
    if let Some(tank) = going_in {
        super::note(
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
        && super::movement::left(world, &t) == 0
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

/// The odds of the personnel assault of the group `u` is in, if it were fought now.
pub fn group_odds(world: &World, u: &Unit) -> Option<crate::odds::Odds> {
    let group = groups(world)
        .into_iter()
        .find(|g| g.iter().any(|x| x.id == u.id))?;
    let setup = personnel_setup(world, &group)?;
    let names: [String; 2] = [0, 1].map(|s| {
        setup.units[s]
            .iter()
            .map(|x| x.name.clone())
            .collect::<Vec<_>>()
            .join(" and ")
    });
    let sides = setup.sides();
    Some(super::personnel_assault::odds_of(
        [&names[0], &names[1]],
        [sides[0].bases, sides[1].bases],
        setup.modifiers.clone(),
        setup.meeting,
    ))
}
