//! Every test of the game without a screen, in one binary: one link against the core
//! instead of one per file, and one pool of test threads for all of them (cargo runs
//! test binaries one after another). Each module is one subject.

mod acw;
mod ai;
mod architecture;
mod crash_safe;
mod editor;
mod example;
mod flow;
mod great_war;
mod hostile;
mod loader;
mod mutation;
mod napoleonic;
mod portable;
mod saves;
mod sealed;
mod shared_dice;
mod soak;
mod stands;
mod table;
mod timeline;
mod wwii;
