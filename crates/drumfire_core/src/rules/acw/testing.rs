//! Reading ACW scenarios while the rule set is under construction: it is not yet in
//! the game's list of rule sets (`rules::ALL`), so its tests read scenarios through
//! this registry of its own.

use crate::rule_set::RuleSets;
use crate::scenario::Scenario;

/// A registry holding the ACW rule set alone.
pub static REGISTRY: RuleSets = RuleSets::new(&[&super::INFO], None);

/// Parses an ACW scenario, or panics with the first error (for tests).
pub fn parse(name: &str, text: &str) -> Scenario {
    crate::scenario::parse(name, text, &REGISTRY).unwrap_or_else(|e| panic!("{}", e[0]))
}
