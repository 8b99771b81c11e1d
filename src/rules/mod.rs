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
