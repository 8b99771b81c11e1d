//! Every test of the game without a screen, in one binary: one link against the core
//! instead of one per file, and one pool of test threads for all of them (cargo runs
//! test binaries one after another). Each module is one subject; a rule set's tests are
//! a folder of their own (`great_war/`, `portable/`, `napoleonic/`, `acw/`, `wwii/`), one
//! file per section of its rules and, in its `mod.rs`, the scenarios and helpers they
//! share.
// Figures and messages for the developer, printed as they are (clippy.toml).
#![allow(clippy::disallowed_macros)]

mod acw;
mod ai;
mod architecture;
mod crash_safe;
mod editor;
mod example;
mod flow;
mod great_war;
mod hostile;
mod listed;
mod loader;
mod lookahead;
mod mutation;
mod napoleonic;
mod one_app;
mod portable;
mod saves;
mod sealed;
mod shared_dice;
mod soak;
mod stands;
mod table;
mod timeline;
mod wwii;
