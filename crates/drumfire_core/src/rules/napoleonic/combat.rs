//! The seed's combats: rule 13 (hand to hand), rule 12 (firefight) and rule 10
//! (combat inside a built-up area or wood), each a contest of combat factors settled
//! by one roll of the winner on one result table; and rule 11 (skirmish), a die each
//! needing 6 to kill. Pure functions of the two fighters, so that the rules, the
//! computer player and the odds panel read the same figures.

use super::brigade::{Arm, Fighter, Formation, Grade};
use crate::odds::{Chance, Distribution, Odds, Outcome};

/// Which contest of combat factors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contest {
    /// Rule 13: infantry on Attack orders against infantry in the open.
    HandToHand,
    /// Rule 12: infantry on Engage or Hold orders against infantry in the open.
    Firefight,
    /// Rule 10: infantry on Attack or Engage orders inside a built-up area or wood.
    Inside,
    /// Ours (N-23): cavalry on Attack orders charges.
    Charge,
    /// Ours (N-24): infantry on Attack orders storms a battery.
    Assault,
}

impl Contest {
    /// The contest's name, as the rules head it.
    pub fn name(self) -> &'static str {
        match self {
            Self::HandToHand => "Hand to hand",
            Self::Firefight => "Firefight",
            Self::Inside => "Combat inside a built-up area or wood",
            Self::Charge => "Cavalry charge",
            Self::Assault => "Assault on a battery",
        }
    }
}

/// One side's combat factor modifiers in a contest against `enemy`, each with its
/// cause, in the order the seed lists them.
pub fn factors(contest: Contest, me: &Fighter, enemy: &Fighter) -> Vec<(i32, String)> {
    let mut out: Vec<(i32, String)> = Vec::new();
    let mut add = |on: bool, value: i32, cause: &str| {
        if on {
            out.push((value, cause.to_owned()));
        }
    };
    let line_v_column = me.formation == Formation::Line && enemy.formation.is_column();
    let better_skirmishers = me.grades.skirmish.better_than(enemy.grades.skirmish);
    let outnumbered = me.outnumbered_by(enemy);
    let square = me.formation == Formation::Square;
    match contest {
        Contest::HandToHand => {
            add(line_v_column, 2, "Line v Column");
            add(me.grades.class == Grade::A, 1, "Class A");
            add(better_skirmishers, 1, "Better Skirmishers");
            add(
                me.grades.fire.better_than(enemy.grades.fire),
                1,
                "Better Firepower",
            );
            add(outnumbered, -2, "Outnumbered 2 to 1");
        }
        Contest::Firefight => {
            add(me.grades.fire == Grade::A, 1, "Fire A");
            add(better_skirmishers, 1, "Better Skirmishers");
            add(line_v_column, 2, "Line v Column");
            add(outnumbered, -2, "Outnumbered 2 to 1");
            // Ours — N-14 in docs/rules/napoleonic.md: "Square" is listed twice
            // (minus 2 and minus 1); a square counts once, at minus 2.
            add(square, -2, "Square");
            add(me.grades.fire == Grade::C, -1, "Fire C");
        }
        Contest::Inside => {
            add(me.grades.class == Grade::A, 1, "Class A");
            add(me.grades.skirmish == Grade::A, 1, "Skirmish A");
        }
        // Ours — N-23 and N-24 in docs/rules/napoleonic.md: what counts when horse
        // or guns are in the fight.
        Contest::Charge | Contest::Assault => {
            add(me.grades.class == Grade::A, 1, "Class A");
            add(me.grades.class == Grade::C, -1, "Class C");
            match me.arm {
                Arm::Cavalry => add(
                    enemy.arm == Arm::Infantry && enemy.formation != Formation::Square,
                    2,
                    "Cavalry against infantry not in square",
                ),
                Arm::Infantry => {
                    add(
                        enemy.arm == Arm::Cavalry && square,
                        3,
                        "Square against cavalry",
                    );
                    add(
                        contest == Contest::Assault && me.formation == Formation::AttackColumn,
                        1,
                        "Attack column",
                    );
                }
                Arm::Artillery => {
                    add(
                        me.formation == Formation::Deployed,
                        1,
                        "Canister at close range",
                    );
                    add(me.formation == Formation::Limbered, -2, "Caught limbered");
                }
            }
        }
    }
    if contest == Contest::Inside {
        add(me.grades.class == Grade::C, -1, "Class C");
        add(me.grades.skirmish == Grade::C, -1, "Skirmish C");
    }
    if me.casualties > 0 {
        out.push((
            -i32::from(me.casualties),
            format!(
                "Each casualty ({} casualt{})",
                me.casualties,
                if me.casualties == 1 { "y" } else { "ies" }
            ),
        ));
    }
    if contest == Contest::HandToHand && me.grades.class == Grade::C {
        out.push((-1, "Class C".into()));
    }
    if me.disordered {
        out.push((-1, "Disordered".into()));
    }
    if me.shaken {
        out.push((-2, "Shaken".into()));
    }
    out
}

/// The sum of a list of modifiers.
pub fn total(factors: &[(i32, String)]) -> i32 {
    factors.iter().map(|f| f.0).sum()
}

/// A row of the result table, from the winner's roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// 2–3: the winner routs, takes 3 casualties; the loser 1.
    WinnerRouts,
    /// 4–5: the winner retires 4" (1 hex) Shaken, takes 2 casualties; the loser 1.
    WinnerRetires,
    /// 6–7: a draw, both Disordered, a casualty each.
    Draw,
    /// 8–9: the loser retires 4" (1 hex) Shaken, takes 2 casualties; the winner 1.
    LoserRetires,
    /// 10 and more: the loser routs, takes 3 casualties; the winner 1.
    LoserRouts,
}

impl Row {
    /// Every row, lowest first.
    pub const ALL: [Row; 5] = [
        Row::WinnerRouts,
        Row::WinnerRetires,
        Row::Draw,
        Row::LoserRetires,
        Row::LoserRouts,
    ];

    /// The row of a total (the winner's 2d6 plus the difference in combat factors).
    pub fn of(total: i32) -> Row {
        match total {
            ..=3 => Row::WinnerRouts,
            4..=5 => Row::WinnerRetires,
            6..=7 => Row::Draw,
            8..=9 => Row::LoserRetires,
            _ => Row::LoserRouts,
        }
    }

    /// Casualties to the winner and to the loser.
    pub fn casualties(self) -> (u8, u8) {
        match self {
            Row::WinnerRouts => (3, 1),
            Row::WinnerRetires => (2, 1),
            Row::Draw => (1, 1),
            Row::LoserRetires => (1, 2),
            Row::LoserRouts => (1, 3),
        }
    }

    /// The totals of the row: "2–3", "10+".
    pub fn range(self) -> &'static str {
        match self {
            Row::WinnerRouts => "2–3",
            Row::WinnerRetires => "4–5",
            Row::Draw => "6–7",
            Row::LoserRetires => "8–9",
            Row::LoserRouts => "10+",
        }
    }

    /// What the row does, `roller` being the side that rolls (the seed's "Winner")
    /// and `other` the other: "Brigade Dufour retires 1 hex, Shaken", "a draw, both
    /// Disordered". The table's "retires 4"" is one hex (N-1).
    fn fate(self, roller: &str, other: &str, would: bool) -> String {
        let (rout, retire) = if would {
            ("would rout", "would retire 1 hex, Shaken")
        } else {
            ("routs", "retires 1 hex, Shaken")
        };
        match self {
            Row::WinnerRouts => format!("{roller} {rout}"),
            Row::WinnerRetires => format!("{roller} {retire}"),
            Row::Draw => "a draw, both Disordered".into(),
            Row::LoserRetires => format!("{other} {retire}"),
            Row::LoserRouts => format!("{other} {rout}"),
        }
    }

    /// The casualties of the row in words: "Brigade Dufour 3 casualties, Brigade
    /// Lannes 1", "1 casualty each".
    fn losses(self, roller: &str, other: &str) -> String {
        let (to_roller, to_other) = self.casualties();
        if to_roller == to_other {
            return format!("{to_roller} casualty each");
        }
        format!(
            "{roller} {to_roller} casualt{}, {other} {to_other}",
            if to_roller == 1 { "y" } else { "ies" }
        )
    }

    /// The row before the roll, as the odds show it: what would happen on it, the
    /// brigades named ("2–3: Brigade Dufour would rout (Brigade Dufour 3 casualties,
    /// Brigade Lannes 1)").
    pub fn would(self, roller: &str, other: &str) -> String {
        format!(
            "{}: {} ({})",
            self.range(),
            self.fate(roller, other, true),
            self.losses(roller, other)
        )
    }

    /// The row after the roll, as the log shows it: what happens, the totals of the
    /// row and the casualties ("Brigade Lannes routs (10+): Brigade Dufour 1 casualty,
    /// Brigade Lannes 3", "a draw (6–7), both Disordered: 1 casualty each").
    pub fn happened(self, roller: &str, other: &str) -> String {
        let losses = self.losses(roller, other);
        if self == Row::Draw {
            return format!("a draw ({}), both Disordered: {losses}", self.range());
        }
        format!(
            "{} ({}): {losses}",
            self.fate(roller, other, false),
            self.range()
        )
    }
}

/// Ways each row comes up on the winner's 2d6 plus `difference`, out of 36.
pub fn row_ways(difference: i32) -> [u32; 5] {
    let mut ways = [0; 5];
    for a in 1..=6 {
        for b in 1..=6 {
            let row = Row::of(a + b + difference);
            let i = Row::ALL.iter().position(|r| *r == row).unwrap_or(0);
            ways[i] += 1;
        }
    }
    ways
}

/// A contest worked out before the dice: each side's factors and which side rolls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The contest.
    pub contest: Contest,
    /// The side that started it: its factors.
    pub attacker: Vec<(i32, String)>,
    /// The other side's factors.
    pub defender: Vec<(i32, String)>,
    /// Does the attacker count as the winner (the higher total; the attacker on a tie)?
    pub attacker_wins: bool,
    /// The difference the winner adds to its roll.
    pub difference: i32,
}

/// The contest between `attacker` (who started it) and `defender`.
/// Ours — N-6 in docs/rules/napoleonic.md: the "Winner" who rolls is the side with the
/// higher combat factor total; on a tie, the side that started the combat.
pub fn plan(contest: Contest, attacker: &Fighter, defender: &Fighter) -> Plan {
    let a = factors(contest, attacker, defender);
    let d = factors(contest, defender, attacker);
    let (ta, td) = (total(&a), total(&d));
    Plan {
        contest,
        attacker: a,
        defender: d,
        attacker_wins: ta >= td,
        difference: (ta - td).abs(),
    }
}

/// The exact odds of a contest: both totals, every modifier with its cause (the
/// defender's shown as "changes: defender"), and each row's chance.
pub fn odds(plan: &Plan, attacker: &str, defender: &str) -> Odds {
    let (winner, loser) = if plan.attacker_wins {
        (attacker, defender)
    } else {
        (defender, attacker)
    };
    let ways = row_ways(plan.difference);
    let mut modifiers = Odds::modifiers_of(attacker, &plan.attacker);
    modifiers.extend(Odds::modifiers_of(defender, &plan.defender));
    let casualties = |of_winner: bool| -> Vec<Outcome> {
        let mut by: std::collections::BTreeMap<u8, u32> = Default::default();
        for (row, w) in Row::ALL.iter().zip(ways) {
            let (cw, cl) = row.casualties();
            *by.entry(if of_winner { cw } else { cl }).or_default() += w;
        }
        by.into_iter()
            .map(|(n, w)| Outcome::new(format!("{n}"), w, 36u32))
            .collect()
    };
    Odds {
        title: format!("{}: {attacker} against {defender}", plan.contest.name()),
        basis: vec![
            format!(
                "Combat factors: {attacker} {:+}, {defender} {:+}",
                total(&plan.attacker),
                total(&plan.defender)
            ),
            format!("{winner} rolls 2d6 {:+} (the difference)", plan.difference),
        ],
        modifiers,
        outcomes: Row::ALL
            .iter()
            .zip(ways)
            .map(|(row, w)| Outcome::new(row.would(winner, loser), w, 36u32))
            .collect(),
        more: vec![
            Distribution {
                heading: format!("Casualties to {winner}"),
                outcomes: casualties(true),
            },
            Distribution {
                heading: format!("Casualties to {loser}"),
                outcomes: casualties(false),
            },
        ],
    }
}

/// What a skirmisher's die is modified by, against `enemy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkirmishSituation {
    /// Enemy deployed artillery within its range of the skirmisher.
    pub enemy_artillery: bool,
    /// The enemy stands in a built-up area or wood.
    pub enemy_in_cover: bool,
}

/// One skirmisher's modifiers to its die (rule 11), each with its cause.
pub fn skirmish_factors(
    me: &Fighter,
    enemy: &Fighter,
    at: SkirmishSituation,
) -> Vec<(i32, String)> {
    let mut out: Vec<(i32, String)> = Vec::new();
    out.push(match me.grades.skirmish {
        Grade::A => (3, "Skirmish A".into()),
        Grade::B => (2, "Skirmish B".into()),
        Grade::C => (1, "Skirmish C".into()),
    });
    if me.shaken {
        out.push((-2, "Shaken".into()));
    }
    if me.disordered {
        out.push((-1, "Disordered".into()));
    }
    if me.casualties > 0 {
        out.push((-i32::from(me.casualties), "Each casualty".into()));
    }
    if me.formation == Formation::Square {
        out.push((-1, "Infantry in square".into()));
    }
    if me.outnumbered_by(enemy) {
        out.push((-1, "Outnumbered 2 to 1".into()));
    }
    if at.enemy_artillery {
        out.push((-1, "Enemy deployed artillery".into()));
    }
    if at.enemy_in_cover {
        out.push((-1, "Enemy in BUA or wood".into()));
    }
    out
}

/// The score a skirmisher's die needs: "Require 6 to kill", after its modifiers.
pub const KILL: i32 = 6;

/// Faces of a d6 that kill with these modifiers, out of 6.
pub fn kill_faces(modifier: i32) -> u32 {
    (1..=6).filter(|d| d + modifier >= KILL).count() as u32
}

/// The exact odds of a skirmish: each side's chance of a kill, and the chance of each
/// pair of outcomes. `d` is `None` when the defender does not skirmish back (rule 11:
/// only Hold or Engage orders skirmish).
pub fn skirmish_odds(
    attacker: &str,
    a: &[(i32, String)],
    defender: &str,
    d: Option<&[(i32, String)]>,
) -> Odds {
    let ka = kill_faces(total(a));
    let mut modifiers = Odds::modifiers_of(attacker, a);
    let attacker_kills = Distribution {
        heading: format!("{attacker} kills"),
        outcomes: vec![
            Outcome::new("kill", ka, 6u32),
            Outcome::new("miss", 6 - ka, 6u32),
        ],
    };
    let Some(d) = d else {
        return Odds {
            title: format!("Skirmish: {attacker} against {defender}"),
            basis: vec![
                format!("{attacker} rolls 1d6 and needs {KILL} to kill"),
                format!(
                    "{attacker} kills on {}; {defender} does not skirmish back (Attack orders)",
                    needs(total(a))
                ),
            ],
            modifiers,
            outcomes: vec![
                Outcome::new(format!("Only {attacker} kills"), ka, 6u32),
                Outcome::new("Neither kills", 6 - ka, 6u32),
            ],
            more: vec![attacker_kills],
        };
    };
    let kd = kill_faces(total(d));
    modifiers.extend(Odds::modifiers_of(defender, d));
    Odds {
        title: format!("Skirmish: {attacker} against {defender}"),
        basis: vec![
            format!("Both roll 1d6 and need {KILL} to kill"),
            format!(
                "{attacker} kills on {}; {defender} kills on {}",
                needs(total(a)),
                needs(total(d))
            ),
        ],
        modifiers,
        outcomes: vec![
            Outcome::new("Both kill", ka * kd, 36u32),
            Outcome::new(format!("Only {attacker} kills"), ka * (6 - kd), 36u32),
            Outcome::new(format!("Only {defender} kills"), (6 - ka) * kd, 36u32),
            Outcome::new("Neither kills", (6 - ka) * (6 - kd), 36u32),
        ],
        more: vec![
            attacker_kills,
            Distribution {
                heading: format!("{defender} kills"),
                outcomes: vec![
                    Outcome::new("kill", kd, 6u32),
                    Outcome::new("miss", 6 - kd, 6u32),
                ],
            },
        ],
    }
}

/// The faces that kill, in words: "4 or more", "never", "any roll".
fn needs(modifier: i32) -> String {
    let least = KILL - modifier;
    match least {
        ..=1 => "any roll".into(),
        2..=6 => format!("{least} or more"),
        _ => "no roll (it cannot kill)".into(),
    }
}

// ---- Bombardment (ours, N-22) ------------------------------------------------------

/// A battery's modifiers to each of its dice against a target `distance` hexes away,
/// each with its cause.
/// Ours — N-22 in docs/rules/napoleonic.md: a die a gun section, 6 to kill.
pub fn bombard_factors(
    battery: &Fighter,
    target: &Fighter,
    distance: u32,
    target_in_cover: bool,
) -> Vec<(i32, String)> {
    let mut out: Vec<(i32, String)> = Vec::new();
    match distance {
        0..=1 => out.push((2, "Canister (1 hex)".into())),
        2 => out.push((1, "Close range (2 hexes)".into())),
        _ => {}
    }
    if target.formation.is_column() || target.formation == Formation::Square {
        out.push((
            1,
            format!("Target in {}", target.formation.name().to_lowercase()),
        ));
    }
    if target_in_cover {
        out.push((-1, "Target in BUA or wood".into()));
    }
    if battery.disordered {
        out.push((-1, "Disordered".into()));
    }
    if battery.shaken {
        out.push((-2, "Shaken".into()));
    }
    out
}

/// Infantry's modifiers to each die of a volley at cavalry or a battery beside it,
/// each with its cause.
/// Ours — N-26 in docs/rules/napoleonic.md: a die a battalion, 6 to kill.
pub fn volley_factors(me: &Fighter, target: &Fighter) -> Vec<(i32, String)> {
    let mut out: Vec<(i32, String)> = Vec::new();
    match me.grades.fire {
        Grade::A => out.push((1, "Fire A".into())),
        Grade::C => out.push((-1, "Fire C".into())),
        Grade::B => {}
    }
    if me.formation.is_column() {
        out.push((-1, "Firing from column".into()));
    }
    if target.formation.is_column() {
        out.push((1, "Target in march column".into()));
    }
    if me.disordered {
        out.push((-1, "Disordered".into()));
    }
    if me.shaken {
        out.push((-2, "Shaken".into()));
    }
    out
}

/// The exact odds of a bombardment or a volley: the chance of each number of
/// casualties.
pub fn dice_fire_odds(
    volley: bool,
    firer: &str,
    dice: u32,
    mods: &[(i32, String)],
    target: &str,
) -> Odds {
    let faces = kill_faces(total(mods));
    let all = 6u64.pow(dice);
    let (what, part) = if volley {
        ("Volley", "battalion")
    } else {
        ("Bombard", "gun section")
    };
    let battery = firer;
    Odds {
        title: format!("{what}: {battery} on {target}"),
        basis: vec![
            format!("{dice} dice, one a {part} standing; each needs {KILL} to kill"),
            format!("Each kills on {}; a kill is a casualty", needs(total(mods))),
            format!("{target} tests its morale if it takes a casualty"),
        ],
        modifiers: Odds::modifiers_of(battery, mods),
        outcomes: crate::odds::binomial_ways(dice, u64::from(faces), 6)
            .into_iter()
            .enumerate()
            .map(|(h, w)| {
                Outcome::new(
                    format!("{h} casualt{}", if h == 1 { "y" } else { "ies" }),
                    w,
                    all,
                )
            })
            .collect(),
        more: vec![],
    }
}

/// The chance of a kill, for the computer player.
pub fn kill_chance(modifier: i32) -> Chance {
    Chance::new(kill_faces(modifier), 6u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_split_the_36_rolls() {
        assert_eq!(row_ways(0), [3, 7, 11, 9, 6]);
        assert_eq!(row_ways(3), [0, 1, 5, 9, 21]);
        assert_eq!(row_ways(8).iter().sum::<u32>(), 36);
        assert_eq!(row_ways(8), [0, 0, 0, 0, 36]);
    }
}
