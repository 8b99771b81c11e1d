//! Exact odds, in one shape that every rule set fills and the window shows in one
//! panel: what is tried, the figures it starts from, every modifier with its cause,
//! and each outcome with its exact chance (a fraction of equally likely dice, never
//! a sampled estimate), with any further distributions that follow from them.

use std::fmt;

/// A chance as `ways` out of `of` equally likely outcomes of the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chance {
    /// Outcomes that give it.
    pub ways: u64,
    /// Every outcome.
    pub of: u64,
}

impl Chance {
    /// `ways` out of `of`.
    pub fn new(ways: impl Into<u64>, of: impl Into<u64>) -> Self {
        Self {
            ways: ways.into(),
            of: of.into(),
        }
    }

    /// As a percentage to one decimal, rounded half up, in integer arithmetic (the
    /// same text on every platform): "37.5 %".
    pub fn percent(self) -> String {
        if self.of == 0 {
            return "—".into();
        }
        let tenths = (self.ways * 2000 + self.of) / (2 * self.of);
        format!("{}.{} %", tenths / 10, tenths % 10)
    }
}

/// Ways out of `sides^dice` that `dice` dice, each a success on `faces` of its
/// `sides` faces, give 0, 1, ... `dice` successes (the binomial counts).
pub fn binomial_ways(dice: u32, faces: u64, sides: u64) -> Vec<u64> {
    let mut ways = vec![1u64];
    for _ in 0..dice {
        let mut next = vec![0u64; ways.len() + 1];
        for (h, w) in ways.iter().enumerate() {
            next[h] += w * (sides - faces);
            next[h + 1] += w * faces;
        }
        ways = next;
    }
    ways
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.ways, self.of)
    }
}

/// One modifier and its cause: "+1 column: firer on higher ground".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    /// How much.
    pub value: i32,
    /// What it changes ("column", "effect die", "defence").
    pub changes: String,
    /// Why, in the rulebook's words.
    pub cause: String,
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} {}: {}", self.value, self.changes, self.cause)
    }
}

/// One outcome and its chance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The result, as the rules name it ("1 step lost", "defender destroyed").
    pub label: String,
    /// Its chance.
    pub chance: Chance,
}

impl Outcome {
    /// `label`, with a chance of `ways` out of `of`.
    pub fn new(label: impl Into<String>, ways: impl Into<u64>, of: impl Into<u64>) -> Self {
        Self {
            label: label.into(),
            chance: Chance::new(ways, of),
        }
    }
}

/// A distribution that follows from the outcomes: step losses, a piece's morale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distribution {
    /// What it is of ("Step losses", "2./IR 71 (morale 7)").
    pub heading: String,
    /// Its outcomes, which sum to the whole.
    pub outcomes: Vec<Outcome>,
}

/// The odds of one action before it is taken.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Odds {
    /// What is tried ("Planned Fire at 0607: Artillery table").
    pub title: String,
    /// The figures it starts from ("Strength 9 (A 5 + B 4)").
    pub basis: Vec<String>,
    /// Every modifier, with its cause.
    pub modifiers: Vec<Modifier>,
    /// The result rows, which sum to the whole.
    pub outcomes: Vec<Outcome>,
    /// Further distributions that follow from the results.
    pub more: Vec<Distribution>,
}

impl Odds {
    /// Modifiers from a rule set's `(value, cause)` list, all changing `changes`.
    pub fn modifiers_of(changes: &str, list: &[(i32, String)]) -> Vec<Modifier> {
        list.iter()
            .map(|(value, cause)| Modifier {
                value: *value,
                changes: changes.to_owned(),
                cause: cause.clone(),
            })
            .collect()
    }

    /// Is every list of outcomes a whole: one denominator, chances summing to it?
    pub fn check(&self) -> Result<(), String> {
        let whole = |heading: &str, outcomes: &[Outcome]| {
            let Some(of) = outcomes.first().map(|o| o.chance.of) else {
                return Err(format!("{heading}: no outcomes"));
            };
            if outcomes.iter().any(|o| o.chance.of != of) {
                return Err(format!("{heading}: outcomes over different wholes"));
            }
            let sum: u64 = outcomes.iter().map(|o| o.chance.ways).sum();
            if sum != of {
                return Err(format!("{heading}: outcomes sum to {sum}/{of}"));
            }
            Ok(())
        };
        whole(&self.title, &self.outcomes)?;
        for d in &self.more {
            whole(&d.heading, &d.outcomes)?;
        }
        Ok(())
    }

    /// The outcomes that can happen on one line, each with its percentage first and its
    /// exact fraction after: for a button's hint.
    pub fn summary(&self) -> String {
        self.outcomes
            .iter()
            .filter(|o| o.chance.ways > 0)
            .map(|o| format!("{} {} ({})", o.label, o.chance.percent(), o.chance))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Outcomes "0 stands", "1 stand", ..., the last row holding every count at or above
/// what the target has.
pub fn capped_losses(ways: &[u64], most: u32, of: u64, what: &str) -> Vec<Outcome> {
    let most = most as usize;
    let mut rows: Vec<u64> = ways.iter().take(most + 1).copied().collect();
    let beyond: u64 = ways.iter().skip(most + 1).sum();
    if let Some(last) = rows.last_mut() {
        *last += beyond;
    }
    rows.iter()
        .enumerate()
        .map(|(n, w)| {
            let noun = if n == 1 {
                what.to_owned()
            } else {
                format!("{what}s")
            };
            let label = if n == most && beyond > 0 {
                format!("{n} {noun} lost (all it has)")
            } else {
                format!("{n} {noun} lost")
            };
            Outcome::new(label, *w, of)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn binomial_ways_are_the_binomial_counts() {
        assert_eq!(binomial_ways(2, 1, 6), vec![25, 10, 1]);
        assert_eq!(binomial_ways(3, 3, 6), vec![27, 81, 81, 27]);
        assert_eq!(binomial_ways(0, 4, 6), vec![1]);
    }

    use super::*;

    #[test]
    fn a_chance_prints_exactly_and_rounds_half_up() {
        assert_eq!(Chance::new(3u32, 8u32).to_string(), "3/8");
        assert_eq!(Chance::new(3u32, 8u32).percent(), "37.5 %");
        assert_eq!(Chance::new(1u32, 3u32).percent(), "33.3 %");
        assert_eq!(Chance::new(2u32, 3u32).percent(), "66.7 %");
        assert_eq!(Chance::new(1u32, 2000u32).percent(), "0.1 %");
        assert_eq!(Chance::new(0u32, 36u32).percent(), "0.0 %");
        assert_eq!(Chance::new(0u32, 0u32).percent(), "—");
    }

    #[test]
    fn odds_whose_outcomes_are_not_a_whole_are_caught() {
        let row = |label: &str, ways: u32, of: u32| Outcome::new(label, ways, of);
        let mut odds = Odds {
            title: "test".into(),
            outcomes: vec![row("hit", 1, 6), row("miss", 5, 6)],
            ..Odds::default()
        };
        assert_eq!(odds.check(), Ok(()));
        assert_eq!(odds.summary(), "hit 16.7 % (1/6), miss 83.3 % (5/6)");
        odds.outcomes[1].chance.ways = 4;
        assert_eq!(odds.check(), Err("test: outcomes sum to 5/6".into()));
        odds.outcomes[1] = row("miss", 10, 12);
        assert_eq!(
            odds.check(),
            Err("test: outcomes over different wholes".into())
        );
    }
}
