//! The fire tables. The seed names the tables and their results but prints no
//! numbers: every column and entry here is Drumfire's own design, listed in
//! full with exact probabilities in `docs/rules/great-war.md`.
//!
//! > "To perform any kind of fire, the owning player finds the column on the
//! > appropriate table that equals or doesn't exceed his firing units' total fire
//! > strength. He shifts the column left or right if indicated by column
//! > modifiers, and rolls two dice for Direct or Bombardment fire, or one die for
//! > Assault. Cross-index the die-roll result with the column to get the combat result."

use serde::{Deserialize, Serialize};
use std::fmt;

/// The three fire tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
/// Ours — D-4 in docs/rules/great-war.md: every column and entry of the fire tables.
pub enum Table {
    /// Direct Fire, 2d6.
    Direct,
    /// Bombardment (Planned Fire, Open Sights, Drumfire), 2d6.
    Bombardment,
    /// Assault, 1d6.
    Assault,
}

/// A combat result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FireResult {
    /// No effect.
    NoEffect,
    /// Morale check for every piece in the hex, adding 0 (M), 1 (M1) or 2 (M2) to the roll.
    Morale(u8),
    /// This many step losses in the hex (X, 2X, 3X; 1, 2, 3 on the Assault table).
    Steps(u8),
}

impl FireResult {
    /// The result as printed on `table`.
    pub fn label(self, table: Table) -> String {
        match (self, table) {
            (Self::NoEffect, _) => "-".into(),
            (Self::Morale(0), _) => "M".into(),
            (Self::Morale(n), _) => format!("M{n}"),
            (Self::Steps(n), Table::Assault) => n.to_string(),
            (Self::Steps(1), _) => "X".into(),
            (Self::Steps(n), _) => format!("{n}X"),
        }
    }
}

const N: FireResult = FireResult::NoEffect;
const M: FireResult = FireResult::Morale(0);
const M1: FireResult = FireResult::Morale(1);
const M2: FireResult = FireResult::Morale(2);
const X: FireResult = FireResult::Steps(1);
const X2: FireResult = FireResult::Steps(2);
const X3: FireResult = FireResult::Steps(3);

/// Lowest total strength of each 2d6 column.
pub const FIRE_COLUMNS: [u32; 9] = [1, 2, 3, 5, 7, 10, 14, 20, 28];
/// Lowest total strength of each Assault column.
pub const ASSAULT_COLUMNS: [u32; 5] = [1, 3, 6, 10, 15];

/// Direct Fire table: one row per column, one entry per 2d6 total 2..=12.
pub const DIRECT: [[FireResult; 11]; 9] = [
    [N, N, N, N, N, N, M, M, M1, M1, X],
    [N, N, N, N, N, M, M, M1, M1, M2, X],
    [N, N, N, N, N, M, M1, M1, M2, X, X],
    [N, N, N, N, M, M, M1, M2, X, X, X2],
    [N, N, N, N, M, M1, M2, X, X, X2, X2],
    [N, N, N, M, M1, M1, M2, X, X2, X2, X3],
    [N, N, N, M1, M2, X, X, X2, X2, X3, X3],
    [N, N, M1, M2, M2, X, X2, X2, X3, X3, X3],
    [N, M1, M2, M2, X, X, X2, X2, X3, X3, X3],
];

/// Bombardment table: more morale results, as shelling shakes more than it kills.
pub const BOMBARDMENT: [[FireResult; 11]; 9] = [
    [N, N, N, N, N, M, M, M, M1, M1, M2],
    [N, N, N, N, M, M, M, M1, M1, M2, X],
    [N, N, N, M, M, M, M1, M1, M2, X, X],
    [N, N, N, M, M, M1, M1, M2, X, X, X2],
    [N, N, M, M, M1, M1, M2, X, X, X2, X2],
    [N, N, M, M1, M1, M2, X, X, X2, X2, X3],
    [N, M, M1, M1, M2, X, X, X2, X2, X3, X3],
    [N, M1, M1, M2, M2, X, X2, X2, X3, X3, X3],
    [M, M1, M2, M2, X, X, X2, X3, X3, X3, X3],
];

const A1: FireResult = FireResult::Steps(1);
const A2: FireResult = FireResult::Steps(2);
const A3: FireResult = FireResult::Steps(3);

/// Assault table: one row per column, one entry per 1d6 roll 1..=6.
pub const ASSAULT: [[FireResult; 6]; 5] = [
    [N, N, N, M, M1, A1],
    [N, N, M, M1, A1, A1],
    [N, M, M1, A1, A1, A2],
    [M, M1, A1, A1, A2, A2],
    [M1, A1, A1, A2, A2, A3],
];

impl Table {
    /// The columns' lowest strengths.
    pub fn columns(self) -> &'static [u32] {
        match self {
            Self::Direct | Self::Bombardment => &FIRE_COLUMNS,
            Self::Assault => &ASSAULT_COLUMNS,
        }
    }

    /// Dice rolled on this table.
    pub fn dice(self) -> usize {
        match self {
            Self::Assault => 1,
            _ => 2,
        }
    }

    /// The column for a total strength before shifts: the highest whose lowest
    /// strength does not exceed it. `None` when the strength is 0.
    pub fn base_column(self, strength: u32) -> Option<usize> {
        self.columns().iter().rposition(|low| *low <= strength)
    }

    /// The column after shifting `shift` columns (right is positive), kept on the table.
    pub fn shifted(self, base: usize, shift: i32) -> usize {
        let last = self.columns().len() as i32 - 1;
        (base as i32 + shift).clamp(0, last) as usize
    }

    /// The result of a dice total in a column.
    pub fn result(self, column: usize, total: u8) -> FireResult {
        match self {
            Self::Direct => DIRECT[column][usize::from(total) - 2],
            Self::Bombardment => BOMBARDMENT[column][usize::from(total) - 2],
            Self::Assault => ASSAULT[column][usize::from(total) - 1],
        }
    }

    /// The column's heading, such as "5-6" or "28+".
    pub fn column_label(self, column: usize) -> String {
        let cols = self.columns();
        match cols.get(column + 1) {
            Some(next) if *next == cols[column] + 1 => cols[column].to_string(),
            Some(next) => format!("{}-{}", cols[column], next - 1),
            None => format!("{}+", cols[column]),
        }
    }

    /// The table's name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Direct => "Direct Fire",
            Self::Bombardment => "Bombardment",
            Self::Assault => "Assault",
        }
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many ways `dice` six-sided dice make each total: `(total, ways)`.
pub fn dice_totals(dice: usize) -> Vec<(u8, u32)> {
    match dice {
        1 => (1..=6).map(|t| (t, 1)).collect(),
        _ => (2..=12u8)
            .map(|t| (t, 6 - (i32::from(t) - 7).unsigned_abs()))
            .collect(),
    }
}

/// Ways out of 36 that a morale check with `plus` added passes, disrupts or demoralizes
/// a piece of morale `morale`: `[unaffected, disrupted, demoralized]`.
pub fn morale_ways(morale: i32, plus: u8) -> [u32; 3] {
    let mut ways = [0; 3];
    for (total, w) in dice_totals(2) {
        ways[morale_outcome(morale, i32::from(total) + i32::from(plus)) as usize] += w;
    }
    ways
}

/// The outcome of a morale check: roll (dice plus additions) against morale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MoraleOutcome {
    /// At or under morale.
    Unaffected = 0,
    /// Over by one or two.
    Disrupted = 1,
    /// Over by three or more.
    Demoralized = 2,
}

/// > "A result that's less than or equal to the playing piece's morale means the
/// > piece is unaffected. A result that's one or two more than its morale means
/// > it's Disrupted [...]. A roll of at least three more than its morale means it's Demoralized."
pub fn morale_outcome(morale: i32, roll: i32) -> MoraleOutcome {
    match roll - morale {
        i32::MIN..=0 => MoraleOutcome::Unaffected,
        1..=2 => MoraleOutcome::Disrupted,
        _ => MoraleOutcome::Demoralized,
    }
}

/// Exact chances of one fire, counted over every roll of the dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultOdds {
    /// The table.
    pub table: Table,
    /// The column after shifts.
    pub column: usize,
    /// Each result with the number of dice rolls giving it, best first.
    pub results: Vec<(FireResult, u32)>,
    /// Number of equally likely dice rolls (36 or 6).
    pub rolls: u32,
}

/// Every result of `table` in `column` and how many rolls give it.
pub fn result_odds(table: Table, column: usize) -> ResultOdds {
    let mut counts: Vec<(FireResult, u32)> = Vec::new();
    for (total, ways) in dice_totals(table.dice()) {
        let r = table.result(column, total);
        match counts.iter_mut().find(|(x, _)| *x == r) {
            Some((_, n)) => *n += ways,
            None => counts.push((r, ways)),
        }
    }
    counts.sort_by_key(|c| std::cmp::Reverse(c.0));
    ResultOdds {
        table,
        column,
        results: counts,
        rolls: if table.dice() == 1 { 6 } else { 36 },
    }
}

/// The three tables and their exact probabilities as Markdown, for
/// `docs/rules/great-war.md` (a test keeps the document equal to this).
pub fn markdown() -> String {
    let mut out = String::new();
    for table in [Table::Direct, Table::Bombardment, Table::Assault] {
        let cols = table.columns().len();
        let totals = dice_totals(table.dice());
        out.push_str(&format!(
            "#### {} table ({})\n\n| roll |",
            table.name(),
            if table.dice() == 1 { "1d6" } else { "2d6" }
        ));
        for c in 0..cols {
            out.push_str(&format!(" {} |", table.column_label(c)));
        }
        out.push_str("\n| --- |");
        out.push_str(&" --- |".repeat(cols));
        out.push('\n');
        for (total, _) in &totals {
            out.push_str(&format!("| {total} |"));
            for c in 0..cols {
                out.push_str(&format!(" {} |", table.result(c, *total).label(table)));
            }
            out.push('\n');
        }
        let rolls = if table.dice() == 1 { 6 } else { 36 };
        out.push_str(&format!(
            "\nExact chance of each result by column (ways out of {rolls}, then percent):\n\n| column |"
        ));
        let mut results: Vec<FireResult> = Vec::new();
        for c in 0..cols {
            for (t, _) in &totals {
                let r = table.result(c, *t);
                if !results.contains(&r) {
                    results.push(r);
                }
            }
        }
        results.sort();
        for r in &results {
            out.push_str(&format!(" {} |", r.label(table)));
        }
        out.push_str("\n| --- |");
        out.push_str(&" --- |".repeat(results.len()));
        out.push('\n');
        for c in 0..cols {
            let odds = result_odds(table, c);
            out.push_str(&format!("| {} |", table.column_label(c)));
            for r in &results {
                let n = odds.results.iter().find(|x| x.0 == *r).map_or(0, |x| x.1);
                if n == 0 {
                    out.push_str(" - |");
                } else {
                    let pct = f64::from(n) * 100.0 / f64::from(rolls);
                    out.push_str(&format!(" {n}/{rolls} ({pct:.1}%) |"));
                }
            }
            out.push('\n');
        }
        out.push('\n');
    }
    out.push_str("#### Morale checks (2d6 + M1/M2 against morale)\n\nWays out of 36 to end unaffected / Disrupted / Demoralized:\n\n| morale | M | M1 | M2 |\n| --- | --- | --- | --- |\n");
    for m in 4..=10 {
        out.push_str(&format!("| {m} |"));
        for plus in 0..=2 {
            let w = morale_ways(m, plus);
            out.push_str(&format!(" {}/{}/{} |", w[0], w[1], w[2]));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_chosen_by_strength_equal_or_under() {
        let t = Table::Direct;
        assert_eq!(t.base_column(0), None);
        assert_eq!(t.base_column(1), Some(0));
        assert_eq!(t.base_column(4), Some(2));
        assert_eq!(t.base_column(5), Some(3));
        assert_eq!(t.base_column(100), Some(8));
        assert_eq!(t.shifted(0, -2), 0);
        assert_eq!(t.shifted(7, 3), 8);
        assert_eq!(Table::Assault.base_column(9), Some(2));
        assert_eq!(t.column_label(2), "3-4");
        assert_eq!(t.column_label(8), "28+");
        assert_eq!(t.column_label(0), "1");
    }

    #[test]
    fn tables_get_no_worse_to_the_right() {
        for (table, cols) in [
            (Table::Direct, 9),
            (Table::Bombardment, 9),
            (Table::Assault, 5),
        ] {
            for c in 1..cols {
                for (total, _) in dice_totals(table.dice()) {
                    assert!(
                        table.result(c, total) >= table.result(c - 1, total),
                        "{table} {c} {total}"
                    );
                }
            }
        }
    }

    #[test]
    fn result_odds_add_up_to_every_roll() {
        let o = result_odds(Table::Direct, 3);
        assert_eq!(o.results.iter().map(|r| r.1).sum::<u32>(), 36);
        assert_eq!(o.results[0], (FireResult::Steps(2), 1));
        assert_eq!(
            result_odds(Table::Assault, 0)
                .results
                .iter()
                .map(|r| r.1)
                .sum::<u32>(),
            6
        );
    }

    #[test]
    fn morale_check_over_by_one_or_two_disrupts_three_demoralizes() {
        assert_eq!(morale_outcome(7, 7), MoraleOutcome::Unaffected);
        assert_eq!(morale_outcome(7, 9), MoraleOutcome::Disrupted);
        assert_eq!(morale_outcome(7, 10), MoraleOutcome::Demoralized);
        // Morale 7 with M: 21 of 36 rolls pass (2-7), 9 disrupt (8, 9), 6 demoralize (10-12).
        assert_eq!(morale_ways(7, 0), [21, 9, 6]);
        assert_eq!(morale_ways(7, 2), [10, 11, 15]);
    }
}
