//! The assault phase on the map, and the armored overrun in the movement phase: who is
//! in contact with whom, what each unit engages, the personnel assault, the tank
//! assaults, tanks' machine guns and guns, heavy weapons overrun, and what each ending
//! does to the units.

use super::contact;
use super::effects::{check_morale, lose_bases, set_morale};
use super::mixed::{self, Engages, Engaging, Kind};
use super::modifiers::{self, Involved};
use super::morale::State;
use super::personnel_assault::{Ending, Meeting, Result, Side};
use super::say;
use super::state::{Followup, WwiiState};
use super::tanks;
use super::view::{self, Unit};
use bevy_ecs::prelude::*;
use std::collections::BTreeSet;

mod armored_overrun;
mod personnel;
mod tank_assault;

pub use armored_overrun::{assaults_in, can_overrun, overrun, overrun_cost_words, overrun_odds};
use personnel::fight_personnel;
use tank_assault::{fight_tanks, gun_fire, machine_guns};
pub use tank_assault::{tank_odds, tank_sides};

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
