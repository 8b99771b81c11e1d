//! The seed's shooting: infantry aimed fire (a die a stand at a nominated enemy stand,
//! 4-6 at short range, 5-6 at long) and artillery fire (two dice a gun: canister,
//! close and long range; two hits take the stand beside the nominated one as well;
//! only a double six destroys a battery). Pure functions of the firer and the range,
//! so that the rules, the computer player and the odds panel read the same figures.
//!
//! Ranges are in hexes. Ours — A-1 in docs/rules/acw.md: one hex is 3".

use crate::odds::{Distribution, Odds, Outcome, binomial_ways};

/// Infantry short range: "up to 12"", four hexes.
pub const SHORT: u32 = 4;
/// Infantry long range: "12" - 18"", five and six hexes.
pub const LONG: u32 = 6;
/// Artillery canister: "up to 10"", three hexes (9"; a fourth hex would be 12").
pub const CANISTER: u32 = 3;
/// Artillery close range: "up to 18"", six hexes.
pub const CLOSE: u32 = 6;
/// Artillery long range: "18" - 36"", seven to twelve hexes.
pub const ARTILLERY_LONG: u32 = 12;

/// The lowest face that hits for infantry at `hexes` range ("456 hit" short, "56 hit"
/// long), before any modifier; `None` out of range.
pub fn infantry_needs(hexes: u32) -> Option<u8> {
    match hexes {
        1..=SHORT => Some(4),
        _ if hexes <= LONG => Some(5),
        _ => None,
    }
}

/// The lowest face that hits for artillery at `hexes` range ("3,4,5,6" canister,
/// "4,5,6" close, "5,6" long); `None` out of range.
pub fn artillery_needs(hexes: u32) -> Option<u8> {
    match hexes {
        1..=CANISTER => Some(3),
        _ if hexes <= CLOSE => Some(4),
        _ if hexes <= ARTILLERY_LONG => Some(5),
        _ => None,
    }
}

/// The range band's name.
pub fn band(artillery: bool, hexes: u32) -> &'static str {
    match (artillery, hexes) {
        (false, 1..=SHORT) => "short range",
        (false, _) => "long range",
        (true, 1..=CANISTER) => "canister",
        (true, _) if hexes <= CLOSE => "close range",
        (true, _) => "long range",
    }
}

/// Faces of a d6 that hit when a die needs `needs` and is reduced by `minus` (a
/// routed unit's "all firing reduced by 1"): a face hits when face − minus ≥ needs.
pub fn hit_faces(needs: u8, minus: u8) -> u64 {
    (1..=6u8)
        .filter(|f| f.saturating_sub(minus) >= needs)
        .count() as u64
}

/// What one gun's two dice do: no hit, one stand, two stands (the nominated one and
/// the one beside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GunResult {
    /// Neither die hits.
    Miss,
    /// One die hits: the nominated stand is destroyed.
    One,
    /// Both hit: the nominated stand and its neighbour, left on 1-3 of a further die,
    /// right on 4-6.
    Two,
}

/// One gun's result from its two dice against infantry.
pub fn gun_result(dice: [u8; 2], needs: u8, minus: u8) -> GunResult {
    let hits = dice
        .iter()
        .filter(|d| d.saturating_sub(minus) >= needs)
        .count();
    match hits {
        0 => GunResult::Miss,
        1 => GunResult::One,
        _ => GunResult::Two,
    }
}

/// Does a gun's pair of dice destroy a battery? "Only a double six can destroy
/// another battery."
pub fn destroys_battery(dice: [u8; 2]) -> bool {
    dice == [6, 6]
}

/// The further die after two hits: the stand to the left of the nominated one on
/// 1-3 ("123 the stand left"), the right-hand one on 4-6.
pub fn second_stand_is_left(die: u8) -> bool {
    die <= 3
}

/// The exact odds of infantry aimed fire: `stands` dice, each hitting on `needs` or
/// more after `minus`; the chance of each number of stands lost (a target cannot lose
/// more than `target_stands`).
pub fn aimed_fire_odds(
    firer: &str,
    stands: u32,
    hexes: u32,
    minus: u8,
    target: &str,
    target_stands: u32,
) -> Option<Odds> {
    let needs = infantry_needs(hexes)?;
    let faces = hit_faces(needs, minus);
    let ways = binomial_ways(stands, faces, 6);
    let of = 6u64.pow(stands);
    Some(Odds {
        title: format!("Aimed fire: {firer} at {target}"),
        basis: vec![
            format!(
                "{stands} dice, one a stand; {} ({hexes} hex{}): {needs}-6 hit",
                band(false, hexes),
                if hexes == 1 { "" } else { "es" }
            ),
            "Each hit removes a stand, the nominated one first".into(),
        ],
        modifiers: routed_modifier(firer, minus),
        outcomes: crate::odds::capped_losses(&ways, target_stands, of, "stand"),
        more: vec![],
    })
}

/// The exact odds of a battery's fire at infantry: two dice a gun, each gun taking
/// the nominated stand on one hit and a neighbour too on two.
pub fn artillery_odds(
    battery: &str,
    guns: u32,
    hexes: u32,
    minus: u8,
    target: &str,
    target_stands: u32,
) -> Option<Odds> {
    let needs = artillery_needs(hexes)?;
    let faces = hit_faces(needs, minus);
    // One gun: 0, 1 or 2 stands (two hits, two stands).
    let gun = binomial_ways(2, faces, 6);
    let mut ways = vec![1u64];
    for _ in 0..guns {
        let mut next = vec![0u64; ways.len() + 2];
        for (n, w) in ways.iter().enumerate() {
            for (k, g) in gun.iter().enumerate() {
                next[n + k] += w * g;
            }
        }
        ways = next;
    }
    let of = 36u64.pow(guns);
    Some(Odds {
        title: format!("Artillery fire: {battery} at {target}"),
        basis: vec![
            format!(
                "{guns} gun{}, two dice each; {} ({hexes} hexes): {needs}-6 hit",
                if guns == 1 { "" } else { "s" },
                band(true, hexes)
            ),
            "One hit destroys the nominated stand; two hits the stand beside it too".into(),
        ],
        modifiers: routed_modifier(battery, minus),
        outcomes: crate::odds::capped_losses(&ways, target_stands, of, "stand"),
        more: vec![Distribution {
            heading: "Each gun".into(),
            outcomes: vec![
                Outcome::new("no hit", gun[0], 36u64),
                Outcome::new("one stand", gun[1], 36u64),
                Outcome::new("two stands", gun[2], 36u64),
            ],
        }],
    })
}

/// The exact odds of a battery's fire at another battery: a gun destroyed for each
/// double six.
pub fn counter_battery_odds(battery: &str, guns: u32, target: &str, target_guns: u32) -> Odds {
    let ways = binomial_ways(guns, 1, 36);
    Odds {
        title: format!("Artillery fire: {battery} at the battery {target}"),
        basis: vec![
            format!(
                "{guns} gun{}, two dice each",
                if guns == 1 { "" } else { "s" }
            ),
            "Only a double six destroys a gun of another battery".into(),
        ],
        modifiers: vec![],
        outcomes: crate::odds::capped_losses(&ways, target_guns, 36u64.pow(guns), "gun"),
        more: vec![],
    }
}

/// Routed units' "all firing reduced by 1", as a modifier.
fn routed_modifier(firer: &str, minus: u8) -> Vec<crate::odds::Modifier> {
    if minus == 0 {
        return vec![];
    }
    vec![crate::odds::Modifier {
        value: -i32::from(minus),
        changes: format!("{firer}: each die"),
        cause: "Routed: all firing reduced by 1".into(),
    }]
}
