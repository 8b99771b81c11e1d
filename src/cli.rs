//! The headless commands: `check`, `sim` and `replay`.

use drumfire_core::game::Game;
use drumfire_core::players::{Bot, PlayerKind, play_out};
use drumfire_core::save;
use drumfire_core::scenario::{self, Scenario};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// A file given on the command line, read and parsed as a scenario or a save.
pub enum Loaded {
    /// A scenario.
    Scenario(Box<Scenario>),
    /// A save.
    Save(Box<save::Save>),
}

/// Reads a scenario or a save; every error comes back as `FILE:LINE:COL: message` lines.
pub fn load(path: &Path) -> Result<Loaded, Vec<String>> {
    let name = path.display().to_string();
    let text = drumfire_core::error::read_file(path).map_err(|e| vec![e.to_string()])?;
    let show = |errs: Vec<drumfire_core::error::LocatedError>| {
        errs.iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    if save::looks_like_save(&text) {
        save::parse(&name, &text, &drumfire_core::rules::ALL)
            .map(|s| Loaded::Save(Box::new(s)))
            .map_err(show)
    } else {
        scenario::parse(&name, &text, &drumfire_core::rules::ALL)
            .map(|s| Loaded::Scenario(Box::new(s)))
            .map_err(show)
    }
}

/// `drumfire check FILE...`: exit 0 when every file is valid.
pub fn check(files: &[PathBuf]) -> ExitCode {
    let mut bad = 0;
    for path in files {
        match load(path) {
            Ok(Loaded::Scenario(_)) => println!("{}: ok (scenario)", path.display()),
            Ok(Loaded::Save(s)) => match save::replay(&s).1 {
                Ok(hash) => println!(
                    "{}: ok (save, {} orders, state hash {hash})",
                    path.display(),
                    s.file.orders.len()
                ),
                Err(d) => {
                    bad += 1;
                    eprintln!("{}:1:1: replay diverges: {d}", path.display());
                }
            },
            Err(errors) => {
                bad += 1;
                errors.iter().for_each(|e| eprintln!("{e}"));
            }
        }
    }
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Arguments of `drumfire sim`.
#[derive(clap::Args)]
pub struct SimArgs {
    /// The scenarios to play, each to the end in turn.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Dice seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Who plays each side, in scenario order: ai or random.
    #[arg(long, default_value = "ai,ai", value_delimiter = ',')]
    players: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also write the finished game as a save (with several scenarios, one save each,
    /// the scenario's file name added: `out.ron` gives `out-tutorial.ron`).
    #[arg(long)]
    save: Option<PathBuf>,
}

/// `drumfire sim`: play each scenario to the end with computer players.
pub fn sim(args: &SimArgs) -> ExitCode {
    let mut code = ExitCode::SUCCESS;
    for file in &args.files {
        let save = args.save.as_ref().map(|path| {
            if args.files.len() == 1 {
                return path.clone();
            }
            let stem = |p: &Path| {
                p.file_stem()
                    .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
            };
            path.with_file_name(format!("{}-{}.ron", stem(path), stem(file)))
        });
        if sim_one(args, file, save.as_deref()) != ExitCode::SUCCESS {
            code = ExitCode::FAILURE;
        }
    }
    code
}

/// Plays one scenario to the end.
fn sim_one(args: &SimArgs, file: &Path, save_to: Option<&Path>) -> ExitCode {
    let scenario = match load(file) {
        Ok(Loaded::Scenario(s)) => *s,
        Ok(Loaded::Save(_)) => {
            eprintln!(
                "{}:1:1: sim plays a scenario, not a save (use `drumfire replay`)",
                file.display()
            );
            return ExitCode::FAILURE;
        }
        Err(errors) => {
            errors.iter().for_each(|e| eprintln!("{e}"));
            return ExitCode::FAILURE;
        }
    };
    let sides = &scenario.file.sides;
    let kinds: Result<Vec<PlayerKind>, String> = args.players.iter().map(|p| p.parse()).collect();
    let kinds = match kinds {
        Ok(k) if k.len() == sides.len() && !k.contains(&PlayerKind::Human) => k,
        Ok(_) => {
            eprintln!(
                "--players needs {} computer players (ai or random), one per side, like ai,random",
                sides.len()
            );
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("--players: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut game = Game::new(&scenario, args.seed);
    let mut bots: Vec<Bot> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| Bot::new(*k, args.seed.wrapping_add(i as u64)))
        .collect();
    let result = match play_out(&mut game, &mut bots) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{}: the simulation stopped: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    let hash = game.state_hash();
    if let Some(path) = save_to
        && let Err(e) = save::write(path, &save::save_of(&mut game, &scenario, args.seed))
    {
        eprintln!("{}: cannot write the save: {e}", path.display());
        return ExitCode::FAILURE;
    }
    let winner = result.winner.map(|w| sides[usize::from(w)].name.clone());
    let points = game.outcome().map(|o| o.points.clone()).unwrap_or_default();
    if args.json {
        let players: serde_json::Map<String, serde_json::Value> = sides
            .iter()
            .zip(&kinds)
            .map(|(s, k)| (s.name.clone(), json!(k.name())))
            .collect();
        let vp: serde_json::Map<String, serde_json::Value> = sides
            .iter()
            .zip(&points)
            .map(|(s, p)| (s.name.clone(), json!(p)))
            .collect();
        let out = json!({
            "scenario": scenario.file.title,
            "winner": winner,
            "turns": result.turns,
            "orders": result.orders,
            "seed": args.seed,
            "players": players,
            "victory_points": vp,
            "state_hash": hash.to_string(),
        });
        println!("{out}");
    } else {
        println!("{}", scenario.file.title);
        println!("winner: {}", winner.as_deref().unwrap_or("draw"));
        let vp: Vec<String> = sides
            .iter()
            .zip(&points)
            .map(|(s, p)| format!("{} {p}", s.name))
            .collect();
        println!("victory points: {}", vp.join(", "));
        println!("turns: {}", result.turns);
        println!("orders: {}", result.orders);
        println!("state hash: {hash}");
    }
    ExitCode::SUCCESS
}

/// `drumfire replay SAVE`: exit 0 when the replay reaches the recorded hash.
pub fn replay(path: &Path) -> ExitCode {
    let save = match load(path) {
        Ok(Loaded::Save(s)) => s,
        Ok(Loaded::Scenario(_)) => {
            eprintln!("{}:1:1: this is a scenario, not a save", path.display());
            return ExitCode::FAILURE;
        }
        Err(errors) => {
            errors.iter().for_each(|e| eprintln!("{e}"));
            return ExitCode::FAILURE;
        }
    };
    match save::replay(&save).1 {
        Ok(hash) => {
            println!("{hash}");
            ExitCode::SUCCESS
        }
        Err(d) => {
            eprintln!("{}: replay diverges: {d}", path.display());
            ExitCode::FAILURE
        }
    }
}
