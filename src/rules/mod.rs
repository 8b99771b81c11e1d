//! The rule sets' parts of the window, one folder each beside the core's
//! `rules/<id>/`: their input, panels and map overlays. This module is the app's
//! registry: the one place that lists them, named only by the app's top (`app.rs`,
//! `main.rs`), which hands the parts to the play window and the editor as values.

use crate::editor::EditorParts;
use crate::play::parts::RuleSetParts;
use crate::rule_set_window::WindowInfo;
use bevy::prelude::*;

pub mod acw;
pub mod great_war;
pub mod napoleonic;
pub mod portable;
pub mod wwii;

/// Every rule set's window parts, their plugins added in this order.
pub static ALL: &[WindowInfo] = &[
    WindowInfo::of(&drumfire_core::rules::great_war::GreatWar),
    WindowInfo::of(&drumfire_core::rules::napoleonic::Napoleonic),
    WindowInfo::of(&drumfire_core::rules::portable::Portable),
    WindowInfo::of(&drumfire_core::rules::acw::Acw),
    WindowInfo::of(&drumfire_core::rules::wwii::Wwii),
];

/// Every rule set's window plugins, and their play-window parts as a resource.
pub fn plugin(app: &mut App) {
    app.insert_resource(play_parts());
    for p in ALL {
        (p.plugin)(app);
    }
}

/// Every rule set's play-window parts, by id.
pub fn play_parts() -> RuleSetParts {
    RuleSetParts(ALL.iter().map(|p| (p.id, p.play)).collect())
}

/// The editor parts of rule set `id` (nothing of its own for one the window does not
/// know).
pub fn editor_parts(id: &str) -> &'static dyn EditorParts {
    ALL.iter()
        .find(|p| p.id == id)
        .map_or(&crate::editor::NoEditorParts, |p| p.editor)
}

#[cfg(test)]
mod tests {
    /// Every rule set of the core has its parts in the window, once.
    #[test]
    fn every_rule_set_has_its_window_parts_once() {
        let ids: Vec<&str> = super::ALL.iter().map(|p| p.id).collect();
        let mut core = drumfire_core::rules::ALL.ids();
        let mut sorted = ids.clone();
        sorted.sort();
        core.sort();
        assert_eq!(sorted, core);
    }
}
