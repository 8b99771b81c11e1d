//! The ACW one-page rules in the window: the chits sheet, the selected unit's chit,
//! moves, charges (each with its exact odds) and shots with their nominated stand,
//! the dominoes placed and shown face down, fire at a charger, the phase bar's part,
//! and the editor's facings and armies.

pub mod editor;
pub mod panels;
pub mod play;
pub mod script;
