//! The desktop program's tests, in one binary: the command line (`cli`, headless), two
//! processes playing over the loopback (`network`) and by e-mail (`post`), and
//! the window under Xvfb with Mesa's software Vulkan (`screenshot`, `window_input`,
//! `window_script`, `viewer`). The window tests are ignored by a plain `cargo test`; `.ci/run`
//! runs them with `cargo test --test app -- --ignored`.
// Figures and messages for the developer, printed as they are (clippy.toml).
#![allow(clippy::disallowed_macros)]

mod cli;
mod common;
mod network;
mod post;
mod screenshot;
mod viewer;
mod window_input;
mod window_script;
