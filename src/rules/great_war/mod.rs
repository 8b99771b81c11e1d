//! The Great War in the window: the Artillery Plan sheet.

pub mod plan;
