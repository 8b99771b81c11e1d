//! What the winner of an assault may do next: break through into uncontested ground
//! ("may occupy any uncontested territory within one assault movement"), and the
//! cavalry's choice after a win ("either dismounting in place or using their remaining
//! movement to reposition themselves").

use hexx::Hex;
use std::collections::{BTreeSet, VecDeque};

/// One assault movement for a unit of `movement` hexes.
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

/// The hexes a unit breaking through from `from` may occupy: within `reach` steps, each
/// step into a hex it may enter (`enterable`) that is uncontested.
pub fn breakthrough_hexes(
    from: Hex,
    reach: u32,
    enemies: &[Hex],
    enterable: impl Fn(Hex) -> bool,
) -> BTreeSet<(i32, i32)> {
    let mut seen = BTreeSet::new();
    let mut out = BTreeSet::new();
    let mut queue = VecDeque::from([(from, 0u32)]);
    seen.insert((from.x, from.y));
    while let Some((h, d)) = queue.pop_front() {
        if d == reach {
            continue;
        }
        for n in h.all_neighbors() {
            if !seen.insert((n.x, n.y)) || !enterable(n) || !uncontested(n, enemies) {
                continue;
            }
            out.insert((n.x, n.y));
            queue.push_back((n, d + 1));
        }
    }
    out
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
