//! How a rule set's own section of the scenario takes part in the editor: its own
//! edits ([`SectionEdit`]) and the hooks that keep its section true to the core's
//! edits ([`SectionEditor`]).

use super::Edit;
use crate::rule_set::RuleSetInfo;
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

/// A piece a rule set's section places on the map itself (the Great War's leaders
/// pool), beside the core's counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionPiece {
    /// Its id (unique among every piece of the scenario).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its side's id.
    pub side: String,
    /// Its hex number.
    pub hex: String,
}

/// Is this hex number on the map?
pub type OnMap<'a> = dyn Fn(&str) -> bool + 'a;

/// How a rule set's section follows the core's edits: its own pieces moved, renamed
/// and removed like counters, and what it holds kept on a smaller map and within the
/// game's turns. [`SectionEditor::NONE`] for a section with nothing of the kind.
#[derive(Clone, Copy)]
pub struct SectionEditor {
    /// Its pieces on the map.
    pub pieces: fn(&ScenarioFile) -> Vec<SectionPiece>,
    /// Puts its piece `id` in hex `hex`: false when `id` is not one of its.
    pub move_piece: fn(&mut ScenarioFile, id: &str, hex: &str) -> bool,
    /// Renames its piece `id`: false when `id` is not one of its.
    pub rename_piece: fn(&mut ScenarioFile, id: &str, name: &str) -> bool,
    /// Piece `id` (its own or a counter) is gone: drops it and whatever names it.
    pub forget: fn(&mut ScenarioFile, id: &str),
    /// The map was cut down: drops what lies on no hex that `fits`.
    pub keep_on_map: fn(&mut ScenarioFile, fits: &OnMap<'_>),
    /// The game now lasts this many turns.
    pub set_turns: fn(&mut ScenarioFile, turns: u16),
    /// The hex of the piece of its own that a check's field path names
    /// (`great_war.leaders[2].rank`), for the validation panel to go to.
    pub field_hex: fn(&ScenarioFile, field: &str) -> Option<String>,
}

impl SectionEditor {
    /// For a section that places no pieces and holds nothing by hex or turn.
    pub const NONE: SectionEditor = SectionEditor {
        pieces: |_| Vec::new(),
        move_piece: |_, _, _| false,
        rename_piece: |_, _, _| false,
        forget: |_, _| {},
        keep_on_map: |_, _| {},
        set_turns: |_, _| {},
        field_hex: |_, _| None,
    };
}
