//! How a rule set's own section of the scenario takes part in the editor: its own
//! edits ([`SectionEdit`]) and the hooks that keep its section true to the core's
//! edits ([`SectionEditor`]).

use super::Edit;
use crate::rule_set::RuleSetInfo;
pub use crate::rule_set::{OnMap, SectionEditor, SectionPiece};
use crate::scenario::ScenarioFile;

/// A rule set's own change to its section of the scenario (its side figures, its
/// pieces, its plans), made through [`Edit::Rules`].
pub trait SectionEdit:
    std::any::Any + Send + Sync + std::fmt::Debug + Clone + PartialEq + Eq
{
    /// Makes the change, or says why not (and changes nothing: the editor applies it
    /// to a copy).
    fn apply(&self, file: &mut ScenarioFile, rules: &'static RuleSetInfo) -> Result<(), String>;
}

/// A rule set's edit as the editor holds it: any [`SectionEdit`], compared and printed
/// like the rule set's own type.
#[derive(Clone)]
pub struct RulesEdit(pub(super) std::sync::Arc<dyn AnyEdit>);

impl RulesEdit {
    /// Wraps a rule set's edit.
    pub fn new<T: SectionEdit>(edit: T) -> Self {
        Self(std::sync::Arc::new(edit))
    }

    /// The rule set's edit, if it is a `T`.
    pub fn get<T: SectionEdit>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }
}

impl PartialEq for RulesEdit {
    fn eq(&self, other: &Self) -> bool {
        self.0.dyn_eq(other.0.as_any())
    }
}

impl Eq for RulesEdit {}

impl std::fmt::Debug for RulesEdit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.dyn_debug(f)
    }
}

/// The object-safe side of [`SectionEdit`].
pub(super) trait AnyEdit: Send + Sync {
    fn as_any(&self) -> &dyn std::any::Any;
    fn dyn_eq(&self, other: &dyn std::any::Any) -> bool;
    fn dyn_debug(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result;
    fn apply(&self, file: &mut ScenarioFile, rules: &'static RuleSetInfo) -> Result<(), String>;
}

impl<T: SectionEdit> AnyEdit for T {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn dyn_eq(&self, other: &dyn std::any::Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }
    fn dyn_debug(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self, f)
    }
    fn apply(&self, file: &mut ScenarioFile, rules: &'static RuleSetInfo) -> Result<(), String> {
        SectionEdit::apply(self, file, rules)
    }
}

impl<T: SectionEdit> From<T> for Edit {
    fn from(edit: T) -> Self {
        Edit::Rules(RulesEdit::new(edit))
    }
}
