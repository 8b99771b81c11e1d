//! Tanks against personnel ("5.3"): each side rolls on the small arms fire chart,
//! the tanks with each machine gun of each base, the infantry with its anti-tank
//! assault value against the tanks' (the weapon differential) modifying its roll;
//! heavy weapons overrun when no infantry with them drives the tanks off; and the
//! armored overrun's cost, a quarter of the tank's movement per three-round assault.
//! Pure functions of the figures, with the exact odds of an assault over its rounds.

use super::personnel_assault::{Ending, Result, Side, ending};
use std::collections::BTreeMap;

/// The die a small arms shot needs at close quarters, before modifiers.
/// Ours — W-D6 in docs/rules/wwii.md: the small arms fire chart in an assault is a die
/// a fire point, each a kill on 5 or 6, the modifiers moving the number needed; a
/// number above 6 cannot be rolled, and a 1 never kills.
pub const CLOSE_QUARTERS: i32 = 5;

/// The lowest face that kills with this modifier to the roll (`None`: none can).
pub fn needs(modifier: i32) -> Option<u8> {
    let n = (CLOSE_QUARTERS - modifier).max(2);
    (n <= 6).then_some(n as u8)
}

/// The ways out of `6^dice` that `dice` small arms dice with `modifier` kill 0, 1, ...
/// `dice` bases.
pub fn kill_ways(dice: u32, modifier: i32) -> Vec<u64> {
    super::fire_chart::kills(dice, needs(modifier))
}

/// "the weapon differential": an infantry unit's anti-tank assault value less the
/// tank unit's, added to its small arms roll against the tanks.
pub fn weapon_differential(at_assault: u8, tank: u8) -> i32 {
    i32::from(at_assault) - i32::from(tank)
}

/// The tanks in an assault.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tanks {
    /// Tank bases.
    pub bases: u32,
    /// Machine guns on each base: a die each ("each of its machine guns").
    pub machine_guns: u32,
    /// The tank unit's anti-tank assault value (what infantry weighs against).
    pub at_assault: u8,
    /// Modifiers to the tanks' rolls (the infantry in cover, prone...).
    pub modifier: i32,
}

/// The infantry against them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Infantry {
    /// Its bases in the assault (heavy weapons not counted: they do not take part).
    pub bases: u32,
    /// Its anti-tank assault value; `None`: "not capable of assaulting tanks".
    pub at_assault: Option<u8>,
    /// Its other modifiers (pinned, training...).
    pub modifier: i32,
}

impl Infantry {
    /// The modifier to each of its dice against `tanks`: the weapon differential and
    /// its others; `None` when it cannot assault tanks.
    pub fn against(&self, tanks: &Tanks) -> Option<i32> {
        self.at_assault
            .map(|at| weapon_differential(at, tanks.at_assault) + self.modifier)
    }
}

/// One round: the tanks' dice (one a machine gun a base still in the fight) and the
/// infantry's (one a base), each a kill or not; losses are taken together at the end
/// of the round. Returns the bases each side loses: [tanks, infantry].
pub fn round(tanks: &Tanks, infantry: &Infantry, left: [u32; 2], dice: &[u8]) -> [u32; 2] {
    let (t_dice, i_dice) = dice_in_round(tanks, infantry, left);
    let kills = |rolled: &[u8], modifier: Option<i32>| -> u32 {
        let Some(n) = modifier.and_then(needs) else {
            return 0;
        };
        rolled.iter().filter(|d| **d >= n).count() as u32
    };
    let by_tanks = kills(&dice[..t_dice as usize], Some(tanks.modifier));
    let by_infantry = kills(
        &dice[t_dice as usize..(t_dice + i_dice) as usize],
        infantry.against(tanks),
    );
    [by_infantry.min(left[0]), by_tanks.min(left[1])]
}

/// How many dice each side throws in a round: [tanks, infantry].
pub fn dice_in_round(tanks: &Tanks, infantry: &Infantry, left: [u32; 2]) -> (u32, u32) {
    let i_dice = if infantry.at_assault.is_some() {
        left[1]
    } else {
        0
    };
    (left[0] * tanks.machine_guns, i_dice)
}

/// How a tank assault ends: as an assault between personnel ("5.2"), the side that
/// killed more bases in a round winning it.
/// Ours — W-D7 in docs/rules/wwii.md: a tank assault has three rounds and ends as a
/// personnel assault does (overall loser, tie, breakthrough, heroic fight).
pub fn tank_ending(
    tanks: &Tanks,
    infantry: &Infantry,
    lost: [u32; 2],
    won_all: [bool; 2],
) -> Result {
    ending(
        [
            Side {
                bases: tanks.bases,
                modifier: tanks.modifier,
            },
            Side {
                bases: infantry.bases,
                modifier: infantry.modifier,
            },
        ],
        lost,
        won_all,
    )
}

/// The exact odds of a three-round tank assault: each result with its chance, as a
/// fraction of 1 (the dice thrown change with the bases left, so the rounds have no
/// common count of equally likely rolls).
pub fn tank_assault_odds(tanks: &Tanks, infantry: &Infantry) -> BTreeMap<Result, f64> {
    let mut states: BTreeMap<([u32; 2], [bool; 2]), f64> = BTreeMap::new();
    states.insert(([0, 0], [true, true]), 1.0);
    let mut results: BTreeMap<Result, f64> = BTreeMap::new();
    for _ in 0..3 {
        let mut next: BTreeMap<([u32; 2], [bool; 2]), f64> = BTreeMap::new();
        for ((lost, won_all), p) in states {
            let left = [tanks.bases - lost[0], infantry.bases - lost[1]];
            if left[0] == 0 || left[1] == 0 {
                *results
                    .entry(tank_ending(tanks, infantry, lost, won_all))
                    .or_insert(0.0) += p;
                continue;
            }
            let (t_dice, i_dice) = dice_in_round(tanks, infantry, left);
            let t_ways = kill_ways(t_dice, tanks.modifier);
            let i_ways = match infantry.against(tanks) {
                Some(m) => kill_ways(i_dice, m),
                None => vec![1],
            };
            let (t_of, i_of) = (6f64.powi(t_dice as i32), 6f64.powi(i_ways.len() as i32 - 1));
            for (by_tanks, tw) in t_ways.iter().enumerate() {
                for (by_infantry, iw) in i_ways.iter().enumerate() {
                    if *tw == 0 || *iw == 0 {
                        continue;
                    }
                    let l = [
                        (by_infantry as u32).min(left[0]),
                        (by_tanks as u32).min(left[1]),
                    ];
                    let lost = [lost[0] + l[0], lost[1] + l[1]];
                    let won_all = [won_all[0] && l[1] > l[0], won_all[1] && l[0] > l[1]];
                    *next.entry((lost, won_all)).or_insert(0.0) +=
                        p * (*tw as f64 / t_of) * (*iw as f64 / i_of);
                }
            }
        }
        states = next;
    }
    for ((lost, won_all), p) in states {
        *results
            .entry(tank_ending(tanks, infantry, lost, won_all))
            .or_insert(0.0) += p;
    }
    results
}

/// Do the heavy weapons of an assaulted stack survive the tanks? "If unsuccessful in
/// destroying or immobilizing the assaulting vehicles during the movement or fire
/// phases, they are simply overrun and removed from play unless they are accompanied
/// by friendly infantry which is able to destroy or chase away all enemy tanks."
/// Ours — W-D8 in docs/rules/wwii.md: the infantry "chases away" the tanks when it wins
/// the assault (the tanks are demoralized or eliminated).
pub fn heavy_weapons_survive(tanks_left: u32, result: Option<&Result>) -> bool {
    if tanks_left == 0 {
        return true;
    }
    match result {
        None => false,
        Some(r) => matches!(
            r.ending,
            Ending::Demoralized(0) | Ending::Eliminated { winner: 1, .. }
        ),
    }
}

/// What an armored overrun costs a tank of `movement` hexes: "one-quarter of its
/// movement per three-round assault conducted".
/// Ours — W-D9 in docs/rules/wwii.md: a quarter rounded up, at least a hex.
pub fn overrun_cost(movement: u32) -> u32 {
    movement.div_ceil(4).max(1)
}

/// A tank unit's move in its movement phase, hexes and overruns together: "So long
/// as their morale remains sound, tank units may conduct any combination of movement
/// and assaults until their movement allowance is expended."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TankMove {
    /// Its movement allowance, in hexes.
    pub movement: u32,
    /// Movement spent so far.
    pub spent: u32,
}

impl TankMove {
    /// A tank unit of `movement` hexes about to move.
    pub fn new(movement: u32) -> Self {
        Self { movement, spent: 0 }
    }

    /// Movement left.
    pub fn left(&self) -> u32 {
        self.movement.saturating_sub(self.spent)
    }

    /// Enters a hex costing `cost`; refused when the allowance does not cover it.
    pub fn step(&mut self, cost: u32) -> std::result::Result<(), String> {
        if cost > self.left() {
            return Err(format!(
                "the hex costs {cost} and {} of its movement is left",
                self.left()
            ));
        }
        self.spent += cost;
        Ok(())
    }

    /// Resolves an overrun on the way, paying "one-quarter of its movement per
    /// three-round assault"; refused when its morale is not sound or the cost is not
    /// covered. Whatever the result, the tank may go on with what is left ("tanks may
    /// continue their move after an assault round even if their enemy is not destroyed
    /// or broken").
    pub fn overrun(&mut self, morale: super::morale::State) -> std::result::Result<(), String> {
        self.overruns(morale, 1)
    }

    /// Resolves an overrun of `assaults` three-round assaults (one a unit fought),
    /// paying a quarter of its movement for each; refused when its morale is not sound
    /// or its movement left does not cover them all.
    pub fn overruns(
        &mut self,
        morale: super::morale::State,
        assaults: u32,
    ) -> std::result::Result<(), String> {
        if morale != super::morale::State::Good {
            return Err(format!(
                "a tank unit {} may not overrun: its morale must be sound",
                morale.name()
            ));
        }
        let cost = overrun_cost(self.movement) * assaults.max(1);
        if cost > self.left() {
            let what = if assaults > 1 {
                format!("an overrun of {assaults} units costs")
            } else {
                "an overrun costs".to_owned()
            };
            return Err(format!(
                "{what} {cost} of its movement and {} is left",
                self.left()
            ));
        }
        self.spent += cost;
        Ok(())
    }
}

/// Why tanks may not assault a unit, if they may not: "Bunkers and pillboxes are not
/// units but they do prevent units occupying them from being assaulted by tanks, which
/// cannot assault bunkers, pillboxes or other tanks."
pub fn tanks_may_not_assault(
    defender: super::mixed::Kind,
    in_bunker: bool,
) -> Option<&'static str> {
    if defender.vehicle() {
        Some("tanks do not assault tanks or armored cars")
    } else if in_bunker {
        Some("tanks cannot assault units in bunkers or pillboxes")
    } else {
        None
    }
}
