//! Hand-to-hand combat as the seed settles it: stand against stand, each stand's score
//! the domino half behind it (a die for a blank) with the modifiers; the losers'
//! stands are lost; then each unit's outcome from where its line was broken.

use serde::{Deserialize, Serialize};

/// Which army a side fights for (the charge bonus differs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Army {
    /// "Confederates charging +2".
    Confederate,
    /// "Union charging +1".
    #[default]
    Union,
}

impl Army {
    /// Side number `i`'s army in a new scenario: the first side Union, the second
    /// Confederate, and so on alternately.
    pub fn new_side(i: usize) -> Army {
        if i.is_multiple_of(2) {
            Army::Union
        } else {
            Army::Confederate
        }
    }

    /// Its charging bonus.
    pub fn charging(self) -> i32 {
        match self {
            Army::Confederate => 2,
            Army::Union => 1,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Army::Confederate => "Confederate",
            Army::Union => "Union",
        }
    }
}

/// What stands around one stand in the fight, for its modifiers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Situation {
    /// Its unit is the charger, and fights for this army.
    pub charging: Option<Army>,
    /// The enemy is uphill of it, or behind a linear obstacle.
    pub enemy_uphill_or_behind_obstacle: bool,
    /// The enemy stands in a wood.
    pub enemy_in_wood: bool,
    /// It is outflanked: the enemy's line runs on past it.
    pub outflanked: bool,
    /// Its unit is routed.
    pub routed: bool,
    /// Where its unit's charge strikes the enemy's line, as the enemy faces:
    /// the charger's alone.
    pub struck: super::geometry::Struck,
}

/// A stand's modifiers, each with its cause, in the order the seed lists them, then
/// ours: routed, a charge into the flank or rear.
pub fn modifiers(at: Situation) -> Vec<(i32, String)> {
    let mut out = Vec::new();
    match at.charging {
        Some(Army::Confederate) => out.push((2, "Confederates charging".to_owned())),
        Some(Army::Union) => out.push((1, "Union charging".to_owned())),
        None => {}
    }
    if at.enemy_uphill_or_behind_obstacle {
        out.push((-1, "Enemy uphill or behind linear obstacle".to_owned()));
    }
    if at.enemy_in_wood {
        out.push((-2, "Enemy in wood".to_owned()));
    }
    if at.outflanked {
        out.push((-2, "Outflanked".to_owned()));
    }
    // Ours — A-7 in docs/rules/acw.md: the seed's list ends with Outflanked; a routed
    // unit fights as it fires, one less.
    if at.routed {
        out.push((-1, "Routed".to_owned()));
    }
    // Ours — A-33 in docs/rules/acw.md: the seed's "Outflanked" is the longer line's;
    // a charge into the enemy's flank fights at +1, into its rear at +2.
    match at.struck {
        super::geometry::Struck::Front => {}
        super::geometry::Struck::Flank => out.push((1, "Charging the enemy's flank".to_owned())),
        super::geometry::Struck::Rear => out.push((2, "Charging the enemy's rear".to_owned())),
    }
    out
}

/// A stand's score: the domino half (or, for a blank, the die) plus its modifiers.
pub fn score(half_or_die: u8, modifiers: &[(i32, String)]) -> i32 {
    i32::from(half_or_die) + modifiers.iter().map(|m| m.0).sum::<i32>()
}

/// Who loses a stand in one pairing: the lower score; on a tie, neither.
/// Ours — A-6 in docs/rules/acw.md: a tie leaves both stands standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// The charger's stand wins: the defender's is lost.
    ChargerWins,
    /// The defender's stand wins: the charger's is lost.
    DefenderWins,
    /// Level: both stand.
    Tie,
}

/// The result of one stand against another.
pub fn pairing(charger: i32, defender: i32) -> Pairing {
    match charger.cmp(&defender) {
        std::cmp::Ordering::Greater => Pairing::ChargerWins,
        std::cmp::Ordering::Less => Pairing::DefenderWins,
        std::cmp::Ordering::Equal => Pairing::Tie,
    }
}

/// Which stands meet: the charger's stand `i` against the defender's stand `i`
/// counted from the same end of the fight (the charger's left meets the defender's
/// right), as far as the shorter line goes. The shorter line's last stand is
/// outflanked when the longer line runs on past it.
/// Ours — A-2 in docs/rules/acw.md.
pub fn meeting(charger: usize, defender: usize) -> Vec<(usize, usize)> {
    (0..charger.min(defender)).map(|i| (i, i)).collect()
}

/// Is stand `i` of a line of `mine` stands outflanked by a line of `theirs`?
pub fn outflanked(i: usize, mine: usize, theirs: usize) -> bool {
    theirs > mine && i + 1 == mine
}

/// What becomes of a unit after the fight, from its line as the fight left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// No break in the line: it regroups where it stands.
    Holds,
    /// "If line broken in one place - retire 2" for each stand lost and regroup":
    /// this many hexes.
    Retires(u8),
    /// "If line broken in two places - retire full move back and regroup".
    RetiresFullMove,
    /// "If line broken in three places or unit falls below half strength - ROUT".
    Routs,
}

impl Outcome {
    /// Its name, for the log and the odds.
    pub fn name(self) -> String {
        match self {
            Outcome::Holds => "holds and regroups".into(),
            Outcome::Retires(n) => format!(
                "line broken in one place: retires {n} hex{}",
                if n == 1 { "" } else { "es" }
            ),
            Outcome::RetiresFullMove => "line broken in two places: retires a full move".into(),
            Outcome::Routs => "routs".into(),
        }
    }
}

/// Hexes a unit retires for `lost` stands: 2" a stand, at 3" a hex, to the nearest
/// hex (2" and 4" are one hex, 6" two, 8" and 10" three).
/// Ours — A-1 in docs/rules/acw.md.
pub fn retire_hexes(lost: u8) -> u8 {
    (2 * lost + 1) / 3
}

/// A unit's outcome from its line after the fight (`true` for a lost stand, left to
/// right), the stands it lost in this fight, and its strength at the start of the
/// game ("below half strength": fewer stands standing than half of that).
/// "Unless enemy routed then form up on spot": when the enemy routs, a unit that
/// would retire holds instead.
/// Ours — A-8 in docs/rules/acw.md: "below half strength" is fewer stands standing
/// than half of those it began the game with.
/// Ours — A-9 in docs/rules/acw.md: stands lost at the ends of the line break
/// nothing; a line with no break holds and closes up.
pub fn outcome(line: &[bool], lost_now: u8, full_strength: usize, enemy_routs: bool) -> Outcome {
    let standing = line.iter().filter(|l| !**l).count();
    let breaks = crate::counters::breaks_in(line.iter().copied());
    outcome_of(breaks, lost_now, standing, full_strength, enemy_routs)
}

/// [`outcome`] from the count of breaks in the line and the stands standing.
pub fn outcome_of(
    breaks: usize,
    lost_now: u8,
    standing: usize,
    full_strength: usize,
    enemy_routs: bool,
) -> Outcome {
    if breaks >= 3 || standing * 2 < full_strength {
        return Outcome::Routs;
    }
    if enemy_routs {
        return Outcome::Holds;
    }
    match breaks {
        0 => Outcome::Holds,
        1 => Outcome::Retires(retire_hexes(lost_now).max(1)),
        _ => Outcome::RetiresFullMove,
    }
}

/// A line as a fight left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Broken {
    /// Its breaks.
    pub breaks: usize,
    /// Stands it lost in the fight.
    pub lost: u8,
    /// Stands still standing.
    pub standing: usize,
    /// Stands it began the game with.
    pub full_strength: usize,
}

impl Broken {
    /// From the line after the fight (`true` for a lost stand, left to right).
    pub fn of(line: &[bool], full_strength: usize) -> Broken {
        Broken {
            breaks: crate::counters::breaks_in(line.iter().copied()),
            lost: line.iter().filter(|l| **l).count() as u8,
            standing: line.iter().filter(|l| !**l).count(),
            full_strength,
        }
    }

    fn outcome(self, enemy_routs: bool) -> Outcome {
        outcome_of(
            self.breaks,
            self.lost,
            self.standing,
            self.full_strength,
            enemy_routs,
        )
    }
}

/// Both units' outcomes, the charger's first: each routs on its own line, and one
/// that would retire forms up on the spot when the other routs ("unless enemy routed
/// then form up on spot").
pub fn outcomes(charger: Broken, defender: Broken) -> (Outcome, Outcome) {
    let routs = |b: Broken| b.outcome(false) == Outcome::Routs;
    (
        charger.outcome(routs(defender)),
        defender.outcome(routs(charger)),
    )
}
