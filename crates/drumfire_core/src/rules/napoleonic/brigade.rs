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
    /// A battery hooked to its limbers: moves, cannot fire.
    Limbered,
    /// A battery unlimbered in action: fires, does not move.
    Deployed,
}

impl Formation {
    /// Every formation.
    pub const ALL: [Formation; 6] = [
        Formation::Line,
        Formation::AttackColumn,
        Formation::MarchColumn,
        Formation::Square,
        Formation::Limbered,
        Formation::Deployed,
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
            Self::Limbered => "Limbered",
            Self::Deployed => "Deployed",
        }
    }

    /// The order that takes this formation, as a button names it.
    pub fn order_name(self) -> &'static str {
        match self {
            Self::Line => "Form line",
            Self::AttackColumn => "Form attack column",
            Self::MarchColumn => "Form march column",
            Self::Square => "Form square",
            Self::Limbered => "Limber up",
            Self::Deployed => "Unlimber and deploy",
        }
    }

    /// Short text for the counter: the formation and, for one that moves, the hexes
    /// it moves ("COL 2", "SQUARE").
    pub fn label(self, arm: Arm) -> String {
        let short = match self {
            Self::Line => "LINE",
            Self::AttackColumn => "COL",
            Self::MarchColumn => "MARCH",
            Self::Square => "SQUARE",
            Self::Limbered => "LIMBER",
            Self::Deployed => "DEPLOYED",
        };
        match arm.allowance(self) {
            0 => short.to_owned(),
            n => format!("{short} {n}"),
        }
    }
}

/// What a counter is: an infantry brigade, a cavalry brigade or a battery of guns.
/// Ours — N-21 in docs/rules/napoleonic.md: the arms and their formations.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Arm {
    /// Infantry: the seed's four fights are theirs alone.
    #[default]
    Infantry,
    /// Cavalry: charges.
    Cavalry,
    /// A battery: bombards.
    Artillery,
}

impl Arm {
    /// The arm of a counter of this unit class (anything but cavalry and guns fights
    /// as infantry).
    pub fn of(class: crate::data::UnitClass) -> Arm {
        match class {
            crate::data::UnitClass::Cavalry => Arm::Cavalry,
            crate::data::UnitClass::Artillery => Arm::Artillery,
            _ => Arm::Infantry,
        }
    }

    /// The formations it may take, the first its usual one.
    pub fn formations(self) -> &'static [Formation] {
        match self {
            Arm::Infantry => &[
                Formation::Line,
                Formation::AttackColumn,
                Formation::MarchColumn,
                Formation::Square,
            ],
            Arm::Cavalry => &[Formation::Line, Formation::MarchColumn],
            Arm::Artillery => &[Formation::Deployed, Formation::Limbered],
        }
    }

    /// The orders it may take (a battery is never on Attack orders).
    pub fn commands(self) -> &'static [Command] {
        match self {
            Arm::Artillery => &[Command::Engage, Command::Hold],
            _ => &Command::ALL,
        }
    }

    /// Hexes a formation of this arm moves in a turn (march column and limbered guns:
    /// one more when every hex of the move is road).
    /// Ours — N-4 and N-21 in docs/rules/napoleonic.md: movement by formation.
    pub fn allowance(self, formation: Formation) -> u8 {
        match (self, formation) {
            (Arm::Cavalry, Formation::Line) => 3,
            (Arm::Cavalry, Formation::MarchColumn) => 4,
            (_, Formation::Line) => 1,
            (_, Formation::AttackColumn) => 2,
            (_, Formation::MarchColumn) => 3,
            (_, Formation::Limbered) => 2,
            (_, Formation::Square | Formation::Deployed) => 0,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Arm::Infantry => "infantry",
            Arm::Cavalry => "cavalry",
            Arm::Artillery => "artillery",
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
    /// Its arm.
    pub arm: Arm,
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
