//! A brigade as the combat rules see it: its classes, its order, its formation and
//! its state (casualties, Disordered, Shaken, Routed).

use serde::{Deserialize, Serialize};

/// A grade: A is the best, C the worst ("Class A", "Skirmish B", "Fire C").
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Grade {
    /// The best.
    A,
    /// The ordinary.
    #[default]
    B,
    /// The worst.
    C,
}

impl Grade {
    /// Is this grade better than `other` (A better than B better than C)?
    /// Ours — N-9 in docs/rules/napoleonic.md: "Better Skirmishers", "Better Firepower".
    pub fn better_than(self, other: Grade) -> bool {
        self < other
    }

    /// "A", "B" or "C".
    pub fn letter(self) -> &'static str {
        match self {
            Self::A => "A",
            Self::B => "B",
            Self::C => "C",
        }
    }
}

/// A brigade's orders: what it may do this turn, and so which combat it may fight.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Command {
    /// Close with the enemy: only hand-to-hand (and combat inside a built-up area or wood).
    Attack,
    /// Skirmish, firefight, or fight inside a built-up area or wood.
    Engage,
    /// Stand: skirmish or firefight from where it is.
    #[default]
    Hold,
}

impl Command {
    /// Every order, in the order a change steps through them.
    pub const ALL: [Command; 3] = [Command::Attack, Command::Engage, Command::Hold];

    /// The order's name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Attack => "Attack",
            Self::Engage => "Engage",
            Self::Hold => "Hold",
        }
    }

    /// Steps between two orders (Attack and Hold are two apart).
    pub fn steps_to(self, other: Command) -> u8 {
        (self as i8 - other as i8).unsigned_abs()
    }
}

/// How a brigade is drawn up.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Formation {
    /// Deployed in line: every musket can fire; slow.
    #[default]
    Line,
    /// Battalions in attack columns: quicker, and weight for the charge.
    AttackColumn,
    /// In march column: fastest, along roads above all; poor to fight in.
    MarchColumn,
    /// Battalion squares against cavalry: does not move.
    Square,
}

impl Formation {
    /// Every formation.
    pub const ALL: [Formation; 4] = [
        Formation::Line,
        Formation::AttackColumn,
        Formation::MarchColumn,
        Formation::Square,
    ];

    /// Is it a column of either kind (for "Line v Column")?
    pub fn is_column(self) -> bool {
        matches!(self, Self::AttackColumn | Self::MarchColumn)
    }

    /// The formation's name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Line => "Line",
            Self::AttackColumn => "Attack column",
            Self::MarchColumn => "March column",
            Self::Square => "Square",
        }
    }

    /// Short text for the counter: the formation and the hexes it moves.
    pub fn label(self) -> &'static str {
        match self {
            Self::Line => "LINE 1",
            Self::AttackColumn => "COL 2",
            Self::MarchColumn => "MARCH 3",
            Self::Square => "SQUARE",
        }
    }
}

/// A brigade's grades, as the scenario gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Grades {
    /// Its class (training and spirit).
    pub class: Grade,
    /// Its skirmishers.
    pub skirmish: Grade,
    /// Its firepower.
    pub fire: Grade,
}

/// One side of a combat, as the modifiers read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fighter {
    /// Its grades.
    pub grades: Grades,
    /// Its formation.
    pub formation: Formation,
    /// Casualties it has taken.
    pub casualties: u8,
    /// Battalions still standing (its strength, for "outnumbered 2 to 1").
    pub strength: u8,
    /// Is it Disordered?
    pub disordered: bool,
    /// Is it Shaken?
    pub shaken: bool,
}

impl Fighter {
    /// Is it outnumbered 2 to 1 by `enemy`? Ours — N-8 in docs/rules/napoleonic.md:
    /// battalions still standing, the enemy's at least twice its own.
    pub fn outnumbered_by(&self, enemy: &Fighter) -> bool {
        enemy.strength >= 2 * self.strength.max(1)
    }
}
