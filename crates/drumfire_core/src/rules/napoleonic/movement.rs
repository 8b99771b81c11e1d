//! Moving a brigade: how far its formation takes it, what each hex costs, and where
//! its order lets it go.
//! Ours — N-4 in docs/rules/napoleonic.md: movement by formation.

use super::brigade::{Command, Formation};
use super::view::{self, Piece};
use crate::map;
use bevy_ecs::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

/// Hexes the brigade moves this turn, before the road's extra hex.
pub fn allowance(p: &Piece) -> u8 {
    p.arm.allowance(p.brigade.formation)
}

/// Does a move wholly along the road give this formation a hex more?
fn road_bonus(formation: Formation) -> bool {
    matches!(formation, Formation::MarchColumn | Formation::Limbered)
}

/// Why the brigade may not move at all this turn, if it may not.
pub fn cannot_move(world: &World, p: &Piece) -> Option<String> {
    let state = world.resource::<super::NpState>();
    if p.routed {
        return Some(format!("{} is routed: it flees in the Rally phase", p.name));
    }
    if state.moved.contains(&p.id) {
        return Some(format!(
            "{} has moved or changed formation this turn",
            p.name
        ));
    }
    if p.brigade.command == Command::Hold {
        return Some(format!("{} is on Hold orders: it stands", p.name));
    }
    if allowance(p) == 0 {
        return Some(format!(
            "{} is {}: it does not move",
            p.name,
            match p.brigade.formation {
                Formation::Square => "in square",
                _ => "deployed (limber it to move)",
            }
        ));
    }
    None
}

/// Is the step from `from` to `to` along a road: a road that leaves `from` by the side
/// facing `to` and enters `to` by the side facing `from` (as the Portable rules read a
/// road step)? Road pieces that do not join give no road rate.
fn along_road(world: &World, from: Hex, to: Hex) -> bool {
    let (Some(a), Some(b)) = (view::cell(world, from), view::cell(world, to)) else {
        return false;
    };
    match (from.neighbor_direction(to), to.neighbor_direction(from)) {
        (Some(d), Some(back)) => {
            a.road & (1 << d.index()) != 0 && b.road & (1 << back.index()) != 0
        }
        _ => false,
    }
}

/// Is an enemy of `side` next to `hex`?
fn enemy_beside(all: &[Piece], side: u8, hex: Hex) -> bool {
    all.iter()
        .any(|e| e.side != side && !e.routed && e.hex.unsigned_distance_to(hex) == 1)
}

/// Every hex the brigade can reach this turn, with a path to it (the start hex not
/// included). A brigade halts when it comes next to an enemy (it may not pass one
/// by), never enters an occupied hex, and crosses rivers only by bridge or ford. On
/// Attack orders it then stands in contact; on Engage orders 2" short (N-1, N-3).
pub fn reachable(world: &World, p: &Piece) -> BTreeMap<(i32, i32), Vec<Hex>> {
    let mut out: BTreeMap<(i32, i32), Vec<Hex>> = BTreeMap::new();
    if cannot_move(world, p).is_some() {
        return out;
    }
    let all = view::pieces(world);
    // Breadth first, the mark whether every step so far was along the road and
    // whether the brigade halts there, next to an enemy; the cheapest kept per mark.
    let found = map::search(
        p.hex,
        (true, false),
        0u8,
        map::Order::Breadth,
        |way, next| {
            let at = way.label();
            let (road, halts) = at.mark;
            if halts || next == p.hex {
                return None;
            }
            let total = step(world, &all, p, (at.cost, road), at.hex, next)?;
            let road = road && along_road(world, at.hex, next);
            Some(((road, enemy_beside(&all, p.side, next)), total))
        },
    );
    // The first way found to a hex has the fewest steps.
    for (i, label) in found.labels().iter().enumerate().skip(1) {
        out.entry((label.hex.x(), label.hex.y()))
            .or_insert_with(|| found.path(i));
    }
    out
}

/// The cost so far after stepping from `from` into `next`, if the brigade may enter
/// it; `road` is whether every step before was along the road. A brigade that has
/// not moved may always take one hex, whatever the hex costs (a line enters a wood,
/// a column a marsh), if the hex is one it may enter at all: the step takes its whole
/// move.
/// Ours — N-31 in docs/rules/napoleonic.md: one hex always.
fn step(
    world: &World,
    all: &[Piece],
    p: &Piece,
    (cost, road): (u8, bool),
    from: Hex,
    next: Hex,
) -> Option<u8> {
    let cell = view::cell(world, next)?;
    let entering = cell.cost?;
    if all.iter().any(|o| o.hex == next) {
        return None;
    }
    if cell.built_up && view::friend_inside(world, all, p.side, &p.id, next).is_some() {
        return None;
    }
    let road = road && along_road(world, from, next);
    let allowed = allowance(p) + u8::from(road_bonus(p.brigade.formation) && road);
    let total = cost + entering;
    if from == p.hex {
        // The first hex of the move is always within reach; one that costs more
        // than the allowance ends the move there.
        return Some(total);
    }
    (total <= allowed).then_some(total)
}

/// Why `path` is not a move the brigade may make, if it is not.
pub fn check_path(world: &World, p: &Piece, path: &[Hex]) -> Result<(), String> {
    if let Some(why) = cannot_move(world, p) {
        return Err(why);
    }
    if path.is_empty() {
        return Err("a move enters at least one hex".into());
    }
    let all = view::pieces(world);
    let (mut at, mut cost) = (p.hex, 0u8);
    let mut road = true;
    for (i, h) in path.iter().enumerate() {
        if at.unsigned_distance_to(*h) != 1 {
            return Err(format!(
                "{} is not next to {}",
                view::label(*h),
                view::label(at)
            ));
        }
        if i > 0 && enemy_beside(&all, p.side, at) {
            return Err(format!(
                "{} halts in {}, next to the enemy",
                p.name,
                view::label(at)
            ));
        }
        let cell = view::cell(world, *h).ok_or("the move leaves the map")?;
        if cell.cost.is_none() {
            return Err(format!(
                "no brigade may enter {} (a river is crossed by bridge or ford)",
                view::label(*h)
            ));
        }
        if all.iter().any(|o| o.hex == *h) {
            return Err(format!(
                "{} is occupied: one brigade a hex",
                view::label(*h)
            ));
        }
        if cell.built_up
            && let Some(f) = view::friend_inside(world, &all, p.side, &p.id, *h)
        {
            return Err(format!(
                "{} already holds the built-up area of {}: \"Only one brigade per side is allowed inside BUA\"",
                f.name,
                view::label(*h)
            ));
        }
        cost = step(world, &all, p, (cost, road), at, *h).ok_or_else(|| {
            format!(
                "{} moves {} hex{} in {}: {} is too far",
                p.name,
                allowance(p),
                if allowance(p) == 1 { "" } else { "es" },
                p.brigade.formation.name().to_lowercase(),
                view::label(*h)
            )
        })?;
        road = road && along_road(world, at, *h);
        at = *h;
    }
    Ok(())
}
