//! Drumfire: a desktop wargame for tactical hex-and-counter rules.
//!
//! `drumfire` opens the window on the start screen; `play`, `scenarios`, `edit`,
//! `check`, `sim`, `replay`, `view`, `host`, `join` and `post` are described in the README and `--help`.

use clap::{Parser, Subcommand};
use drumfire::{app, bench, cli};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "drumfire",
    version,
    about = "A desktop wargame for tactical hex-and-counter rules"
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// Window options when no command is given.
    #[command(flatten)]
    window: app::WindowOptions,
    /// Keep saves, seats, settings and the player's own scenarios under DIR instead of
    /// the platform's folders (also the environment variable DRUMFIRE_DATA).
    #[arg(long, global = true, value_name = "DIR")]
    data: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Open a scenario or a save in the window.
    Play {
        /// A scenario (.ron), a save, or a scenario's short name (`drumfire scenarios`
        /// lists them).
        file: PathBuf,
        #[command(flatten)]
        window: app::WindowOptions,
    },
    /// List the scenarios: every shipped one by its short name, then the player's own.
    Scenarios,
    /// Check scenarios and saves; print each error as FILE:LINE:COL: message.
    Check {
        /// Files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Play a scenario headless to the end.
    Sim(cli::SimArgs),
    /// Open the scenario editor on a scenario (a new one when the file does not exist).
    Edit {
        /// The scenario to edit: a file, or a short name in the player's scenarios
        /// folder (a shipped scenario's name edits a copy of it there, `my_NAME.ron`);
        /// default `new_scenario` there.
        file: Option<PathBuf>,
        /// Save a PNG of the window once it has drawn, then quit.
        #[arg(long, value_name = "PNG")]
        screenshot: Option<PathBuf>,
        /// The rule set of a new scenario, by id (the first registered when absent;
        /// an unknown id lists the known ones).
        #[arg(long, value_name = "ID")]
        rules: Option<String>,
    },
    /// Host a game between two machines: prints the address and the join code.
    Host(cli::HostArgs),
    /// Join a game hosted on another machine.
    Join(cli::JoinArgs),
    /// Watch a save in the window: step through it order by order, jump to any
    /// turn's phase, keep bookmarks beside it.
    View {
        /// The save to watch.
        save: PathBuf,
        /// Open at this moment: the number of orders carried out (0, the default, is
        /// before the first).
        #[arg(long, value_name = "K")]
        at: Option<usize>,
        #[command(flatten)]
        window: app::WindowOptions,
    },
    /// Play by e-mail: `post new SCENARIO` starts a game, `post open FILE` opens the
    /// turn file the other player sent.
    #[command(subcommand)]
    Post(cli::PostCommand),
    /// Replay a save's orders and compare the state hash.
    Replay {
        /// The save to replay.
        save: PathBuf,
    },
    /// The window benchmark's floor: the play screen's panels over an empty board,
    /// measured like `play --bench-window` (see `scripts/bench-window.sh`).
    #[command(hide = true)]
    BenchFloor {
        /// Where the figures go (JSON).
        out: PathBuf,
        /// Frames to measure.
        #[arg(long, value_name = "N", default_value_t = 600)]
        frames: u32,
    },
}

fn main() -> ExitCode {
    bench::mark_start();
    let args = Args::parse();
    if let Some(dir) = args.data {
        drumfire_core::paths::choose(dir);
    }
    match args.command {
        None if args.window.ask_for_a_game() => app::run_default(args.window),
        None => app::run_start(args.window),
        Some(Command::Play { file, window }) => app::run_file(&file, window),
        Some(Command::Scenarios) => cli::scenarios(),
        Some(Command::Check { files }) => cli::check(&files),
        Some(Command::Sim(sim)) => cli::sim(&sim),
        Some(Command::Replay { save }) => cli::replay(&save),
        Some(Command::View { save, at, window }) => app::run_viewer(&save, at, window),
        Some(Command::Host(host)) => cli::host(&host),
        Some(Command::Join(join)) => cli::join(&join),
        Some(Command::Post(post)) => cli::post(&post),
        Some(Command::BenchFloor { out, frames }) => bench::run_floor(out, frames),
        Some(Command::Edit {
            file,
            screenshot,
            rules,
        }) => app::run_editor(file, screenshot, rules.as_deref()),
    }
}
