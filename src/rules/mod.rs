//! The rule sets' parts of the window, one folder each beside the core's
//! `rules/<id>/`: their input, panels and map overlays. This module is the app's
//! registry: the one place that lists them.

use bevy::prelude::*;

pub mod great_war;
pub mod portable;

/// Every rule set's window plugins.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        great_war::play::plugin,
        great_war::plan::plugin,
        portable::play::plugin,
    ));
}

/// A rule set's parts of the scenario editor's window, by its id.
pub fn editor_panels(rules: &str) -> &'static crate::editor::EditorPanels {
    match rules {
        r if r == drumfire_core::rules::great_war::INFO.id => &great_war::editor::PANELS,
        r if r == drumfire_core::rules::portable::INFO.id => &portable::editor::PANELS,
        _ => &crate::editor::EditorPanels::NONE,
    }
}
