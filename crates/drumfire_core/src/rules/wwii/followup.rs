//! What the winner of an assault may do next: break through into uncontested ground
//! ("may occupy any uncontested territory within one assault movement"), and the
//! cavalry's choice after a win ("either dismounting in place or using their remaining
//! movement to reposition themselves").

use hexx::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// One assault movement for a unit of `movement` movement points.
/// Ours — W-D18 in docs/rules/wwii.md: one assault movement is half the unit's
/// movement, rounded up; "uncontested" ground is a hex no enemy holds or touches, and a
/// breakthrough moves through uncontested hexes only.
pub fn assault_movement(movement: u32) -> u32 {
    movement.div_ceil(2)
}

/// Is `hex` uncontested: no enemy in it or beside it?
pub fn uncontested(hex: Hex, enemies: &[Hex]) -> bool {
    enemies.iter().all(|e| e.unsigned_distance_to(hex) > 1)
}

/// The hexes a unit breaking through from `from` may occupy: within `reach` movement
/// points, each step into a hex it may enter (`cost`: what entering it costs, `None`
/// where it may not go) that is uncontested.
pub fn breakthrough_hexes(
    from: Hex,
    reach: u32,
    enemies: &[Hex],
    cost: impl Fn(Hex) -> Option<u32>,
) -> BTreeSet<(i32, i32)> {
    cheapest_paths(from, reach, |h| cost(h).filter(|_| uncontested(h, enemies)))
        .into_keys()
        .collect()
}

/// The cheapest path from `from` to each hex within `reach` movement points, each step
/// costing what `cost` says (`None`: it may not go there); the start not included.
/// Ties go to the path found first, neighbours in hexx's order.
pub fn cheapest_paths(
    from: Hex,
    reach: u32,
    cost: impl Fn(Hex) -> Option<u32>,
) -> BTreeMap<(i32, i32), Vec<Hex>> {
    let mut best: BTreeMap<(i32, i32), (u32, Vec<Hex>)> = BTreeMap::new();
    let mut queue: BTreeSet<(u32, u64, (i32, i32))> = BTreeSet::new();
    let mut at: BTreeMap<(i32, i32), Hex> = BTreeMap::new();
    let mut order = 0u64;
    queue.insert((0, order, (from.x, from.y)));
    at.insert((from.x, from.y), from);
    best.insert((from.x, from.y), (0, vec![]));
    while let Some((spent, _, key)) = queue.pop_first() {
        if best.get(&key).is_some_and(|b| b.0 < spent) {
            continue;
        }
        let (h, path) = (at[&key], best[&key].1.clone());
        for n in h.all_neighbors() {
            let Some(c) = cost(n) else {
                continue;
            };
            let total = spent + c;
            let k = (n.x, n.y);
            if n == from || total > reach || best.get(&k).is_some_and(|b| b.0 <= total) {
                continue;
            }
            let mut p = path.clone();
            p.push(n);
            best.insert(k, (total, p));
            at.insert(k, n);
            order += 1;
            queue.insert((total, order, k));
        }
    }
    best.remove(&(from.x, from.y));
    best.into_iter().map(|(k, (_, p))| (k, p)).collect()
}

/// What cavalry that won an assault may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CavalryAfterWin {
    /// Dismount in place.
    Dismount,
    /// Move on with the movement it has left, this many hexes.
    Reposition(u32),
}

/// The cavalry's choices after a win, with `left` hexes of movement left: dismounting
/// always, moving on while it has movement.
pub fn cavalry_after_win(left: u32) -> Vec<CavalryAfterWin> {
    let mut out = vec![CavalryAfterWin::Dismount];
    if left > 0 {
        out.push(CavalryAfterWin::Reposition(left));
    }
    out
}
