//! Drumfire's window and commands: the start screen, play, the editor and the replay
//! viewer over the core (`drumfire_core`), and the command line's commands. The
//! program (`main.rs`) reads its arguments and calls in here; tests use the parts that
//! need no window directly.

/// `println!` for what the commands print: a reader that stops reading (`drumfire
/// scenarios | head`) ends the program quietly instead of a panic on the broken pipe.
/// What it prints may hold text from a file or another machine: it goes out
/// [`drumfire_core::error::printable`], never raw to the terminal.
macro_rules! say {
    ($($words:tt)*) => {{
        use std::io::Write as _;
        let line = drumfire_core::error::printable(&format!($($words)*));
        if writeln!(std::io::stdout(), "{line}").is_err() {
            std::process::exit(0);
        }
    }};
}

/// `eprintln!` for errors and warnings, which name what a file or another machine
/// wrote: printed [`drumfire_core::error::printable`].
macro_rules! tell {
    ($($words:tt)*) => {{
        #[allow(clippy::disallowed_macros)]
        {
            eprintln!("{}", drumfire_core::error::printable(&format!($($words)*)));
        }
    }};
}

pub mod app;
pub mod bench;
pub mod board;
pub mod cli;
pub mod editor;
pub mod files;
pub mod input;
pub mod opening;
pub mod play;
pub mod redraw;
pub mod rule_set_window;
pub mod rules;
pub mod screen;
pub mod settings;
pub mod start;
pub mod testing;
pub mod ui;
