//! The Portable rules in the window: the selected unit's orders and odds, the reach
//! and targets on the map, and the phase bar's part.

pub mod editor;
pub mod panels;
pub mod play;
