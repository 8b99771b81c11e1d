//! The Great War in the window: picking hexes and the previews (`play.rs`), the
//! panels of play (`panels.rs`), the Artillery Plan sheet (its state in `plan.rs`,
//! its panel in `sheet.rs`) and the leader draw, the editor's fields and the
//! script steps.

pub mod editor;
pub mod panels;
pub mod plan;
pub mod play;
pub mod script;
pub mod sheet;
