//! Personnel against personnel ("5.2"): each side in the assault (not each unit)
//! rolls a die a round, the loser losing the difference in bases; three rounds (two
//! when mounted cavalry assaults other personnel, one cavalry against cavalry) or
//! until one group is eliminated; then the overall loser is demoralized, overall
//! ties each lose another base and are pinned, a side that won every round and
//! eliminated the opposition breaks through, and a side left alone on the field
//! having lost more bases (a heroic fight) is pinned. The rounds are a pure function
//! of the two sides and the dice, and their exact odds are summed over every roll.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Who meets whom, which sets the rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Meeting {
    /// Personnel on foot on both sides: three rounds.
    Personnel,
    /// Mounted cavalry against non-mounted personnel: two rounds, the cavalry +1 a roll.
    CavalryAgainstPersonnel,
    /// Mounted cavalry on both sides: one round.
    CavalryAgainstCavalry,
}

impl Meeting {
    /// "three rounds", "only have two die roll rounds", "only have one die roll round".
    pub fn rounds(self) -> u8 {
        match self {
            Meeting::Personnel => 3,
            Meeting::CavalryAgainstPersonnel => 2,
            Meeting::CavalryAgainstCavalry => 1,
        }
    }
}

/// One side of an assault as the dice see it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Side {
    /// Bases involved.
    pub bases: u32,
    /// The sum of its modifiers to each roll (`modifiers::assault_modifiers`).
    pub modifier: i32,
}

/// How an assault ends, for the sides by their index (0 the attacker, 1 the defender).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Ending {
    /// Both sides stand; this one lost the most bases: it is demoralized and checks
    /// morale ("the overall loser ... becomes demoralized and must check morale").
    Demoralized(usize),
    /// Both sides stand having lost as many bases: each loses one more and both are
    /// pinned for a turn ("Overall ties lose an additional stand each and are pinned").
    Tie,
    /// This side eliminated the other, having lost no more bases than it.
    Eliminated {
        /// The side left.
        winner: usize,
        /// It won every round and "may occupy any uncontested territory within one
        /// assault movement".
        breakthrough: bool,
    },
    /// This side is the only one left but lost the most bases: it is pinned for a
    /// turn ("Heroic fight").
    Heroic(usize),
}

impl Ending {
    /// In words, with the sides' names.
    pub fn describe(self, names: [&str; 2]) -> String {
        match self {
            Ending::Demoralized(s) => format!("{} loses the assault: demoralized", names[s]),
            Ending::Tie => "a tie: each loses another base and is pinned".to_owned(),
            Ending::Eliminated {
                winner,
                breakthrough: true,
            } => format!("{} breaks through", names[winner]),
            Ending::Eliminated { winner, .. } => {
                format!("{} wins: {} eliminated", names[winner], names[1 - winner])
            }
            Ending::Heroic(s) => format!("{} holds alone, heroic: pinned", names[s]),
        }
    }
}

/// The result of an assault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Result {
    /// Bases each side lost in the rounds, the extra base of a tie included.
    pub lost: [u32; 2],
    /// How it ended.
    pub ending: Ending,
}

/// One round: both sides' dice with their modifiers; the loser loses the difference in
/// bases, never more than it has. Returns (bases each side loses, the round's winner).
pub fn round(sides: [Side; 2], left: [u32; 2], dice: [u8; 2]) -> ([u32; 2], Option<usize>) {
    let score = |s: usize| i32::from(dice[s]) + sides[s].modifier;
    let (a, b) = (score(0), score(1));
    let diff = a.abs_diff(b);
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => ([0, diff.min(left[1])], Some(0)),
        std::cmp::Ordering::Less => ([diff.min(left[0]), 0], Some(1)),
        std::cmp::Ordering::Equal => ([0, 0], None),
    }
}

/// What the rounds left: bases lost by each side and whether each won every round
/// fought, to the ending.
/// Ours — W-D2 in docs/rules/wwii.md: a side that wins every round fought and
/// eliminates the opposition before the last round breaks through.
/// Ours — W-D3 in docs/rules/wwii.md: the heroic survivor is pinned, not demoralized.
pub fn ending(sides: [Side; 2], lost: [u32; 2], won_all: [bool; 2]) -> Result {
    let alive = [sides[0].bases > lost[0], sides[1].bases > lost[1]];
    match alive {
        [true, true] => match lost[0].cmp(&lost[1]) {
            std::cmp::Ordering::Greater => Result {
                lost,
                ending: Ending::Demoralized(0),
            },
            std::cmp::Ordering::Less => Result {
                lost,
                ending: Ending::Demoralized(1),
            },
            std::cmp::Ordering::Equal => Result {
                lost: [lost[0] + 1, lost[1] + 1],
                ending: Ending::Tie,
            },
        },
        [true, false] | [false, true] => {
            let winner = usize::from(alive[1]);
            let ending = if lost[winner] > lost[1 - winner] {
                Ending::Heroic(winner)
            } else {
                Ending::Eliminated {
                    winner,
                    breakthrough: won_all[winner],
                }
            };
            Result { lost, ending }
        }
        // Only one side loses bases in a round, and the rounds stop at the first
        // group eliminated: both cannot be gone.
        [false, false] => Result {
            lost,
            ending: Ending::Tie,
        },
    }
}

/// An assault under way: the two sides, the rounds fought, the bases lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Assault {
    /// The attacker and the defender.
    pub sides: [Side; 2],
    /// Who meets whom (the number of rounds).
    pub meeting: Meeting,
    /// Bases each side has lost so far.
    pub lost: [u32; 2],
    /// Each side has won every round fought so far.
    pub won_all: [bool; 2],
    /// Rounds fought.
    pub fought: u8,
}

impl Assault {
    /// An assault about to begin.
    pub fn new(sides: [Side; 2], meeting: Meeting) -> Self {
        Self {
            sides,
            meeting,
            lost: [0, 0],
            won_all: [true, true],
            fought: 0,
        }
    }

    /// Bases each side has left.
    pub fn left(&self) -> [u32; 2] {
        [
            self.sides[0].bases - self.lost[0],
            self.sides[1].bases - self.lost[1],
        ]
    }

    /// Over: its rounds are fought, or a group is eliminated ("for three rounds or
    /// until one group is eliminated").
    pub fn over(&self) -> bool {
        let left = self.left();
        self.fought >= self.meeting.rounds() || left[0] == 0 || left[1] == 0
    }

    /// Fights a round with these dice (the attacker's first); returns its winner.
    pub fn roll(&mut self, dice: [u8; 2]) -> Option<usize> {
        let (l, winner) = round(self.sides, self.left(), dice);
        self.lost = [self.lost[0] + l[0], self.lost[1] + l[1]];
        for (s, w) in self.won_all.iter_mut().enumerate() {
            *w &= winner == Some(s);
        }
        self.fought += 1;
        winner
    }

    /// How it ends, once over.
    pub fn result(&self) -> Result {
        ending(self.sides, self.lost, self.won_all)
    }
}

/// An assault fought with these dice, one pair a round (the attacker's first), as many
/// rounds as it lasts: the result and the rounds fought.
pub fn fight(sides: [Side; 2], meeting: Meeting, dice: &[[u8; 2]]) -> (Result, u8) {
    let mut a = Assault::new(sides, meeting);
    for d in dice {
        if a.over() {
            break;
        }
        a.roll(*d);
    }
    (a.result(), a.fought)
}

/// The exact odds of an assault: each result with the number of ways it comes out of
/// the `36^rounds` equally likely rolls (a fight that ends early counts every roll of
/// the rounds it did not need).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AssaultOdds {
    /// Every result and its ways.
    pub results: BTreeMap<Result, u64>,
    /// All the rolls: `36^rounds`.
    pub of: u64,
}

impl AssaultOdds {
    /// The ways each number of bases lost by side `s` comes out.
    pub fn lost(&self, s: usize) -> BTreeMap<u32, u64> {
        let mut out = BTreeMap::new();
        for (r, w) in &self.results {
            *out.entry(r.lost[s]).or_insert(0) += w;
        }
        out
    }

    /// The ways of the results that satisfy `f`.
    pub fn ways(&self, f: impl Fn(&Result) -> bool) -> u64 {
        self.results
            .iter()
            .filter(|(r, _)| f(r))
            .map(|(_, w)| w)
            .sum()
    }
}

/// The exact odds of an assault between `sides` (see [`AssaultOdds`]).
pub fn assault_odds(sides: [Side; 2], meeting: Meeting) -> AssaultOdds {
    let rounds = u32::from(meeting.rounds());
    let of = 36u64.pow(rounds);
    // Each assault under way (all at the same round) -> its ways out of 36^round.
    let mut states: BTreeMap<([u32; 2], [bool; 2]), (Assault, u64)> = BTreeMap::new();
    let start = Assault::new(sides, meeting);
    states.insert((start.lost, start.won_all), (start, 1));
    let mut results: BTreeMap<Result, u64> = BTreeMap::new();
    while !states.is_empty() {
        let mut next: BTreeMap<([u32; 2], [bool; 2]), (Assault, u64)> = BTreeMap::new();
        for (assault, ways) in states.into_values() {
            if assault.over() {
                // Every roll of the rounds not fought gives the same result.
                let spare = 36u64.pow(rounds - u32::from(assault.fought));
                *results.entry(assault.result()).or_insert(0) += ways * spare;
                continue;
            }
            for a in 1..=6u8 {
                for b in 1..=6u8 {
                    let mut after = assault;
                    after.roll([a, b]);
                    next.entry((after.lost, after.won_all))
                        .or_insert((after, 0))
                        .1 += ways;
                }
            }
        }
        states = next;
    }
    AssaultOdds { results, of }
}

/// The odds of an assault as the window shows every roll's odds: the two sides'
/// bases, the rounds, every modifier with its cause, the chance of each ending and of
/// each number of bases lost by each side.
pub fn odds_of(
    names: [&str; 2],
    bases: [u32; 2],
    modifiers: [Vec<(i32, String)>; 2],
    meeting: Meeting,
) -> crate::odds::Odds {
    use crate::odds::{Distribution, Modifier, Odds, Outcome};
    let sides = [0, 1].map(|s| Side {
        bases: bases[s],
        modifier: modifiers[s].iter().map(|m| m.0).sum(),
    });
    let odds = assault_odds(sides, meeting);
    let mut endings: Vec<(String, u64)> = Vec::new();
    for (r, w) in &odds.results {
        let label = r.ending.describe(names);
        match endings.iter_mut().find(|(l, _)| *l == label) {
            Some(slot) => slot.1 += w,
            None => endings.push((label, *w)),
        }
    }
    endings.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let lost = |s: usize| Distribution {
        heading: format!("Bases lost by {}", names[s]),
        outcomes: odds
            .lost(s)
            .into_iter()
            .map(|(n, w)| {
                Outcome::new(
                    format!("{n} base{}", if n == 1 { "" } else { "s" }),
                    w,
                    odds.of,
                )
            })
            .collect(),
    };
    Odds {
        title: format!("Assault: {} against {}", names[0], names[1]),
        basis: vec![
            format!(
                "{}: {} bases; {}: {} bases",
                names[0], bases[0], names[1], bases[1]
            ),
            format!(
                "{} round{}, a die a side a round; the loser loses the difference in bases",
                meeting.rounds(),
                if meeting.rounds() == 1 { "" } else { "s" }
            ),
        ],
        modifiers: [0, 1]
            .into_iter()
            .flat_map(|s| {
                modifiers[s].iter().map(move |(value, cause)| Modifier {
                    value: *value,
                    changes: format!("{}'s roll", names[s]),
                    cause: cause.clone(),
                })
            })
            .collect(),
        outcomes: endings
            .into_iter()
            .map(|(label, w)| Outcome::new(label, w, odds.of))
            .collect(),
        more: vec![lost(0), lost(1)],
    }
}
