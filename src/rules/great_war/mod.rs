//! The Great War in the window: the Artillery Plan sheet (its state in `plan.rs`,
//! its panel in `sheet.rs`) and the leader draw.

pub mod editor;
pub mod plan;
pub mod play;
pub mod script;
pub mod sheet;
