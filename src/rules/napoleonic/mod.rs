//! The Napoleonic brigade rules in the window: the orders sheet, the selected
//! brigade's formations and fights with their odds, the reach and targets on the map,
//! the phase bar's part, and the editor's grades.

pub mod editor;
pub mod panels;
pub mod play;
pub mod script;
