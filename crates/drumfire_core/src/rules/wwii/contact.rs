//! Contact on hexes: the seed's bases touch edge to edge ("base to base contact",
//! "rear edges", "any two of their four sides"); on our map a unit stands in one hex
//! facing a hexside, and its four sides are read from its six hexsides.
//! Ours — W-D10 in docs/rules/wwii.md: a unit's front is the hexside it faces and the
//! two beside it; its left and right flanks the hexside behind each of those; its rear
//! the hexside opposite its front. Units in hexes that touch are in base to base
//! contact.

use hexx::{EdgeDirection, Hex};

/// One of a unit's four sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edge {
    /// The hexside it faces and the two beside it.
    Front,
    /// The hexside behind its front-left one.
    Left,
    /// The hexside behind its front-right one.
    Right,
    /// The hexside opposite the one it faces.
    Rear,
}

/// The side of a unit in `at`, facing `facing`, that the hexside toward `other`
/// (a touching hex) lies on; `None` when `other` does not touch `at`.
pub fn edge_toward(at: Hex, facing: EdgeDirection, other: Hex) -> Option<Edge> {
    let d = at.neighbor_direction(other)?;
    // Turned `n` hexsides clockwise as the printed map shows it (hexx's y axis points
    // the other way, so its counter-clockwise is the map's clockwise).
    let turned = |n: usize| (0..n).fold(facing, |f, _| f.counter_clockwise());
    Some(if d == facing || d == turned(1) || d == turned(5) {
        Edge::Front
    } else if d == turned(2) {
        Edge::Right
    } else if d == turned(4) {
        Edge::Left
    } else {
        Edge::Rear
    })
}

/// A unit on the map, as contact reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    /// Its hex.
    pub hex: Hex,
    /// The hexside it faces.
    pub facing: EdgeDirection,
}

/// Base to base contact: the two units' hexes touch.
pub fn in_contact(a: Placed, b: Placed) -> bool {
    a.hex.unsigned_distance_to(b.hex) == 1
}

/// "Hit in rear": an enemy's front edges touch this unit's rear edges (the enemy in the
/// hex behind it, this unit in the enemy's front).
pub fn hit_in_rear(unit: Placed, enemy: Placed) -> bool {
    edge_toward(unit.hex, unit.facing, enemy.hex) == Some(Edge::Rear)
        && edge_toward(enemy.hex, enemy.facing, unit.hex) == Some(Edge::Front)
}

/// On how many of its four sides enemy units touch a unit ("in assault contact on any
/// two of their four sides").
pub fn sides_in_contact(unit: Placed, enemies: &[Placed]) -> u8 {
    let mut sides: Vec<Edge> = enemies
        .iter()
        .filter_map(|e| edge_toward(unit.hex, unit.facing, e.hex))
        .collect();
    sides.sort();
    sides.dedup();
    sides.len() as u8
}

/// "Once contacted during either of the movement phases, opposing personnel units
/// (both attacking and defending) are locked in place": is a personnel unit locked,
/// touching an enemy personnel unit? (`enemies`: each enemy with whether it is
/// personnel.) A unit locked may break contact only by a voluntary rout
/// (`morale::voluntary_rout`).
pub fn locked_in_place(unit: Placed, personnel: bool, enemies: &[(Placed, bool)]) -> bool {
    personnel
        && enemies
            .iter()
            .any(|(e, their_personnel)| *their_personnel && in_contact(unit, *e))
}
