//! The WWII assault rules in the window: the selected unit's moves, overruns (with
//! their odds before the tank moves), fire and engagements with their exact odds, the
//! assault its group would fight, the assaults fought with their dice, the phase
//! bar's part, and the editor's facings, bases and training.

pub mod editor;
pub mod panels;
pub mod play;
pub mod script;
