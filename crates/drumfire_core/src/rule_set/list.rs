//! The list of rule sets a game may be played with ([`RuleSets`]), handed in by whoever
//! assembles the game, with the reader of scenarios older than the rule sets' sections.

use super::*;
use std::sync::Mutex;

/// Reads a scenario file in a format older than the rule sets' sections into the
/// present one (`None`: not such a file).
pub type OlderFormat = fn(source: &str, text: &str) -> Option<ScenarioFile>;

/// The rule sets a game may be played with, first the one a new scenario gets.
pub struct RuleSets {
    list: &'static [&'static RuleSetInfo],
    older_format: Option<OlderFormat>,
    /// Lists of names made from the rule sets (for readers' messages), by purpose.
    names: Mutex<BTreeMap<&'static str, &'static [&'static str]>>,
}

impl RuleSets {
    /// These rule sets; `older_format` reads scenarios written before sections.
    pub const fn new(
        list: &'static [&'static RuleSetInfo],
        older_format: Option<OlderFormat>,
    ) -> Self {
        Self {
            list,
            older_format,
            names: Mutex::new(BTreeMap::new()),
        }
    }

    /// Every rule set, in order.
    pub fn iter(&self) -> impl Iterator<Item = &'static RuleSetInfo> + use<> {
        self.list.iter().copied()
    }

    /// The first rule set (a new scenario's, when none is named).
    pub fn first(&self) -> Option<&'static RuleSetInfo> {
        self.list.first().copied()
    }

    /// The rule set with this id.
    pub fn find(&self, id: &str) -> Option<&'static RuleSetInfo> {
        self.iter().find(|r| r.id == id)
    }

    /// The rule set whose orders are written under this tag.
    pub fn by_order_tag(&self, tag: &str) -> Option<&'static RuleSetInfo> {
        self.iter().find(|r| r.order_tag == tag)
    }

    /// The ids, in order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.iter().map(|r| r.id).collect()
    }

    /// The reader of scenarios in the format before sections, if these rule sets had one.
    pub fn older_format(&self) -> Option<OlderFormat> {
        self.older_format
    }

    /// A list of names made from these rule sets, made once per `purpose` (the names
    /// a reader may meet, for its messages: serde asks for them as `'static`). `make`
    /// must not ask for another list: it runs under the lock that keeps them.
    pub fn names(
        &'static self,
        purpose: &'static str,
        make: impl FnOnce(&Self) -> Vec<&'static str>,
    ) -> &'static [&'static str] {
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        names
            .entry(purpose)
            .or_insert_with(|| Vec::leak(make(self)))
    }
}

impl std::fmt::Debug for RuleSets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.ids()).finish()
    }
}
