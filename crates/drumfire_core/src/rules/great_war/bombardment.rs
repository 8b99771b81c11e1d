//! The Bombardment Phase.
//!
//! > "Then players conduct the Bombardment Phase, performing all their pre-plotted
//! > fire for this turn. The player who won initiative fires first. If the same
//! > unit or factor fires at the same hex this turn that it fired at last turn,
//! > place a Drumfire marker in that hex."
//!
//! > "Units with Planned Fire missions can combine fire if they occupy the same or
//! > adjacent hexes and are plotted to fire at the same hex on the same turn.
//! > Off-board artillery factors can combine fire with each other if they fire at
//! > the same hex on the same turn, but they may not combine fire with on-board
//! > artillery units."

use super::fire;
use super::orders::Mission;
use super::resolve::{self, source_strength};
use super::state::{GwState, Step};
use super::view::{self, label};
use super::{mark, note, say};
use crate::counters::{HexMarker, HexMarkerKind, MarkerKind};
use crate::flow::{Initiative, Turn};
use crate::journal::GameEvent;
use crate::scenario::{SideList, hex_of};
use bevy_ecs::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

/// One plotted fire this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plotted {
    /// Unit or factor id.
    pub source: String,
    /// Owning side.
    pub side: u8,
    /// Off-board factor?
    pub off_board: bool,
    /// Where it stands (on-board units).
    pub at: Option<Hex>,
    /// Target.
    pub target: Hex,
}

/// The fire plotted for `turn` by `side` that can fire: on-board units still on
/// the map, not Demoralized, not loaded and with the target in range.
pub fn plotted(world: &World, side: u8, turn: u16) -> (Vec<Plotted>, Vec<String>) {
    let state = world.resource::<GwState>();
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    for (source, mission) in &state.missions {
        let Mission::PlannedFire { targets } = mission else {
            continue;
        };
        let Some(Some(t)) = targets.get(usize::from(turn.saturating_sub(1))) else {
            continue;
        };
        let Some(target) = hex_of(t) else { continue };
        if let Some((owner, _)) = state.factors.get(source) {
            if *owner == side {
                out.push(Plotted {
                    source: source.clone(),
                    side,
                    off_board: true,
                    at: None,
                    target,
                });
            }
            continue;
        }
        let Some(p) = view::by_id(world, source) else {
            continue;
        };
        if p.side != side {
            continue;
        }
        let range = p.face.bombard.map_or(0, |b| b.range);
        let why = if p.demoralized {
            Some("it is Demoralized")
        } else if view::is_cargo(state, source) {
            Some("it is limbered up on a transport")
        } else if p.hex.unsigned_distance_to(target) > u32::from(range) {
            Some("the target is out of its range")
        } else {
            None
        };
        match why {
            Some(w) => skipped.push(format!("{} does not fire at {t}: {w}.", p.name)),
            None => out.push(Plotted {
                source: source.clone(),
                side,
                off_board: false,
                at: Some(p.hex),
                target,
            }),
        }
    }
    (out, skipped)
}

/// Groups plotted fire the way the rules let it combine: factors by target hex;
/// on-board units by target hex and then by chains of same-or-adjacent hexes.
/// Ours — D-14 in docs/rules/great-war.md: bombardment details.
pub fn fire_groups(list: &[Plotted]) -> Vec<Vec<Plotted>> {
    let mut by_target: BTreeMap<(bool, Option<crate::coords::MapCoord>), Vec<Plotted>> =
        BTreeMap::new();
    for p in list {
        by_target
            .entry((!p.off_board, crate::coords::MapCoord::from_hex(p.target)))
            .or_default()
            .push(p.clone());
    }
    let mut groups = Vec::new();
    for ((on_board, _), members) in by_target {
        if !on_board {
            groups.push(members);
            continue;
        }
        let mut left = members;
        while let Some(first) = left.first().cloned() {
            let mut group = vec![first];
            left.remove(0);
            let mut grew = true;
            while grew {
                grew = false;
                let mut i = 0;
                while i < left.len() {
                    let near = group.iter().any(|g| {
                        matches!((g.at, left[i].at), (Some(a), Some(b)) if a.unsigned_distance_to(b) <= 1)
                    });
                    if near {
                        group.push(left.remove(i));
                        grew = true;
                    } else {
                        i += 1;
                    }
                }
            }
            groups.push(group);
        }
    }
    groups
}

/// Queues each side's Planned Fire, the initiative winner's first. Each side's fire is
/// worked out only when its turn comes ([`bombard`]): "The player who won initiative
/// fires first" would gain nothing if the loser's batteries fired as they stood before.
pub fn begin_bombardment(world: &mut World) {
    let first = world.resource::<Initiative>().0.unwrap_or(0);
    let n = world.resource::<SideList>().0.len() as u8;
    let sides: Vec<u8> = (0..n).map(|k| (first + k) % n.max(1)).collect();
    // Sealed plans open first (`sealing.rs`): no fire lands before every plot is known.
    if let Some(mut waiting) = super::sealing::await_plots(world, &sides) {
        waiting.push(Step::Bombardment);
        world.resource_mut::<GwState>().queue.extend(waiting);
    } else {
        let steps = fire_steps(world);
        world.resource_mut::<GwState>().queue.extend(steps);
    }
    resolve::run(world);
}

/// The turn's Planned Fire, side by side in the order they fire (the initiative
/// winner first); says so when none lands.
pub fn fire_steps(world: &mut World) -> Vec<Step> {
    let turn = world.resource::<Turn>().0;
    let first = world.resource::<Initiative>().0.unwrap_or(0);
    let n = world.resource::<SideList>().0.len() as u8;
    let sides: Vec<u8> = (0..n).map(|k| (first + k) % n.max(1)).collect();
    if sides
        .iter()
        .all(|s| plotted(world, *s, turn) == (Vec::new(), Vec::new()))
    {
        say(world, "No planned fire lands this turn.".into());
    }
    sides
        .into_iter()
        .map(|side| Step::Bombard { side })
        .collect()
}

/// One side's Planned Fire for this turn, from its batteries as they are now: one
/// eliminated, Demoralized or limbered up does not fire, one reduced or Disrupted fires
/// at what it has left. The fires go to the front of the queue, in plotting order,
/// placing Drumfire markers as they are fired.
pub fn bombard(world: &mut World, side: u8) {
    let turn = world.resource::<Turn>().0;
    let (list, skipped) = plotted(world, side, turn);
    for s in skipped {
        say(world, s);
    }
    let mut steps = Vec::new();
    for group in fire_groups(&list) {
        let mut sources = Vec::new();
        for p in &group {
            let strength = source_strength(world, &p.source);
            sources.push((p.source.clone(), strength));
            drumfire_check(world, p, turn);
            if !p.off_board {
                mark(world, &p.source, MarkerKind::Fired);
            }
        }
        let target = group[0].target;
        if view::in_hex(world, target).is_empty() {
            say(
                world,
                format!("Planned Fire falls on {}, which is empty.", label(target)),
            );
            continue;
        }
        if let Ok(plan) = fire::plan_bombardment(world, side, sources, target, "Planned Fire") {
            steps.push(Step::Fire(plan));
        }
    }
    resolve::push_front(world, steps);
}

fn drumfire_check(world: &mut World, p: &Plotted, turn: u16) {
    let last = world
        .resource_mut::<GwState>()
        .last_fire
        .insert(p.source.clone(), (turn, p.target));
    if last == Some((turn - 1, p.target)) && turn > 1 {
        world.spawn(HexMarker {
            kind: HexMarkerKind::Drumfire,
            hex: p.target,
            side: p.side,
            source: p.source.clone(),
        });
        note(
            world,
            GameEvent::HexMarkerPlaced {
                kind: "Drumfire".into(),
                hex: label(p.target),
                source: p.source.clone(),
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(source: &str, off_board: bool, at: Option<(u16, u16)>, target: (u16, u16)) -> Plotted {
        let hex = |(c, r): (u16, u16)| crate::coords::MapCoord::new(c, r).to_hex();
        Plotted {
            source: source.into(),
            side: 0,
            off_board,
            at: at.map(hex),
            target: hex(target),
        }
    }

    fn names(groups: &[Vec<Plotted>]) -> Vec<Vec<&str>> {
        groups
            .iter()
            .map(|g| g.iter().map(|p| p.source.as_str()).collect())
            .collect()
    }

    /// Our ruling on "if they occupy the same or adjacent hexes": a battery combines with
    /// the group when it stands in or next to the hex of any battery of it, so a line of
    /// batteries each next to the next fires as one though its ends are two hexes apart.
    #[test]
    fn a_chain_of_adjacent_batteries_plotted_on_one_hex_combines_as_one_group() {
        let t = (6, 2);
        let list = [
            p("a", false, Some((0, 0)), t),
            p("c", false, Some((2, 0)), t), // two hexes from a
            p("b", false, Some((1, 0)), t), // next to both
        ];
        assert_eq!(names(&fire_groups(&list)), vec![vec!["a", "b", "c"]]);
    }

    #[test]
    fn planned_fire_combines_from_same_or_adjacent_hexes_and_factors_only_with_factors() {
        let t = (5, 2);
        let list = [
            p("a", false, Some((0, 0)), t),
            p("b", false, Some((1, 0)), t),      // adjacent to a
            p("c", false, Some((3, 0)), t),      // two hexes from b: fires alone
            p("d", false, Some((0, 0)), (6, 2)), // other target
            p("f1", true, None, t),
            p("f2", true, None, t),
        ];
        let groups = fire_groups(&list);
        assert_eq!(
            names(&groups),
            vec![vec!["f1", "f2"], vec!["a", "b"], vec!["c"], vec!["d"]]
        );
    }
}
