//! What a rule set brings to the window, as one trait over the core's rule-set type:
//! its parts of the play window and of the editor, and its window plugins, erased into
//! a [`WindowInfo`] for the app's registry (`rules/`) the way the core's `RuleSetInfo`
//! erases a rule set for the core's.

use crate::editor::EditorParts;
use crate::play::parts::PlayParts;
use bevy::prelude::*;
use drumfire_core::rule_set::RuleSet;

/// A rule set in the window: the core's rule-set type itself, with its parts of the play
/// window ([`PlayParts`]) and of the editor ([`EditorParts`]), each a trait whose
/// methods default to nothing, and its window plugins. A rule set with nothing of its
/// own in one of them says so with an empty `impl`; leaving one out does not compile.
pub trait RuleSetWindow: RuleSet + PlayParts + EditorParts {
    /// Its window plugins: its input, previews and overlays.
    fn plugin(app: &mut App);
}

/// A rule set's window parts as the app holds them, made by [`WindowInfo::of`]: its id
/// is the core's ([`RuleSet::ID`]), spelled once.
pub struct WindowInfo {
    /// The rule set's id.
    pub id: &'static str,
    /// Its window plugins.
    pub plugin: fn(&mut App),
    /// Its parts of the play window.
    pub play: &'static dyn PlayParts,
    /// Its parts of the scenario editor.
    pub editor: &'static dyn EditorParts,
}

impl WindowInfo {
    /// The window parts of rule set `W`.
    pub const fn of<W: RuleSetWindow>(parts: &'static W) -> Self {
        Self {
            id: W::ID,
            plugin: W::plugin,
            play: parts,
            editor: parts,
        }
    }
}
