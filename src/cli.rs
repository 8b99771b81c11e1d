//! The headless commands: `check`, `sim` and `replay`.

use drumfire_core::game::Game;
use drumfire_core::players::{Bot, PlayerKind, play_out};
use drumfire_core::save;
use drumfire_core::scenario::Scenario;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub use crate::files::{Loaded, load};

/// One line of `drumfire scenarios`: short name, rule set, title, size, turns, sides.
fn scenario_line(name: &str, s: &Scenario) -> String {
    let f = &s.file;
    let sides: Vec<&str> = f.sides.iter().map(|d| d.name.as_str()).collect();
    // The rule sets' names in a column as wide as the longest.
    let width = drumfire_core::rules::ALL
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(0);
    format!(
        "{name:<20} {:<width$} {} ({}x{}, {} turns, {})",
        s.rules.name,
        f.title,
        f.map.width,
        f.map.height,
        f.turns,
        sides.join(" v ")
    )
}

/// `drumfire scenarios`: every shipped scenario by its short name, then the player's
/// own (in the scenarios folder of the data folder), each with its rule set, title,
/// size, length and sides; a file of the player's that does not read is listed with
/// its first error.
pub fn scenarios() -> ExitCode {
    say!("Shipped (drumfire play NAME):");
    for s in drumfire_core::rules::shipped::SHIPPED.iter() {
        match s.parse() {
            Ok(parsed) => say!("  {}", scenario_line(s.name, &parsed)),
            Err(e) => say!(
                "  {:<20} {}",
                s.name,
                e.first().map(ToString::to_string).unwrap_or_default()
            ),
        }
    }
    let folder = drumfire_core::paths::scenarios();
    let own = drumfire_core::rules::shipped::own_scenarios(&folder);
    if own.is_empty() {
        say!("Your own ({}): none yet", folder.display());
    } else {
        say!("Your own ({}):", folder.display());
    }
    for (name, path) in own {
        match load(&path) {
            Ok(Loaded::Scenario(parsed)) => say!("  {}", scenario_line(&name, &parsed)),
            Ok(Loaded::Save(_)) => say!("  {name:<20} (a save, not a scenario)"),
            Err(e) => say!("  {name:<20} {}", e.first().cloned().unwrap_or_default()),
        }
    }
    ExitCode::SUCCESS
}

/// `drumfire check FILE...`: exit 0 when every file is valid.
pub fn check(files: &[PathBuf]) -> ExitCode {
    let mut bad = 0;
    for path in files {
        match load(path) {
            Ok(Loaded::Scenario(_)) => say!("{}: ok (scenario)", path.display()),
            Ok(Loaded::Save(s)) => match save::replay(&s).1 {
                Ok(hash) => say!(
                    "{}: ok (save, {} orders, state hash {hash})",
                    path.display(),
                    s.file.orders.len()
                ),
                Err(d) => {
                    bad += 1;
                    tell!("{}:1:1: replay diverges: {d}", path.display());
                }
            },
            Err(errors) => {
                bad += 1;
                errors.iter().for_each(|e| tell!("{e}"));
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
            tell!(
                "{}:1:1: sim plays a scenario, not a save (use `drumfire replay`)",
                file.display()
            );
            return ExitCode::FAILURE;
        }
        Err(errors) => {
            errors.iter().for_each(|e| tell!("{e}"));
            return ExitCode::FAILURE;
        }
    };
    let sides = &scenario.file.sides;
    let kinds: Result<Vec<PlayerKind>, String> = args.players.iter().map(|p| p.parse()).collect();
    let kinds = match kinds {
        Ok(k) if k.len() == sides.len() && !k.contains(&PlayerKind::Human) => k,
        Ok(_) => {
            tell!(
                "--players needs {} computer players (ai, hard or random), one per side, like ai,random",
                sides.len()
            );
            return ExitCode::FAILURE;
        }
        Err(e) => {
            tell!("--players: {e}");
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
            tell!("{}: the simulation stopped: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    let hash = game.state_hash();
    if let Some(path) = save_to
        && let Err(e) = save::write(path, &save::save_of(&mut game, &scenario, args.seed))
    {
        tell!("{}: cannot write the save: {e}", path.display());
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
        say!("{out}");
    } else {
        say!("{}", scenario.file.title);
        say!("winner: {}", winner.as_deref().unwrap_or("draw"));
        let vp: Vec<String> = sides
            .iter()
            .zip(&points)
            .map(|(s, p)| format!("{} {p}", s.name))
            .collect();
        say!("victory points: {}", vp.join(", "));
        say!("turns: {}", result.turns);
        say!("orders: {}", result.orders);
        say!("state hash: {hash}");
    }
    ExitCode::SUCCESS
}

/// `drumfire replay SAVE`: exit 0 when the replay reaches the recorded hash.
pub fn replay(path: &Path) -> ExitCode {
    let save = match load(path) {
        Ok(Loaded::Save(s)) => s,
        Ok(Loaded::Scenario(_)) => {
            tell!("{}:1:1: this is a scenario, not a save", path.display());
            return ExitCode::FAILURE;
        }
        Err(errors) => {
            errors.iter().for_each(|e| tell!("{e}"));
            return ExitCode::FAILURE;
        }
    };
    match save::replay(&save).1 {
        Ok(hash) => {
            say!("{hash}");
            if let Some(keys) = &save.dice_keys {
                // Loading checked every link; say what was checked.
                say!(
                    "dice shared by both players: {} reveals from each, every one checked against its commitment",
                    keys.record.reveals.len()
                );
                // Loading checked every signature against its side's order key too.
                let by_side = |side: u8| {
                    save.file
                        .orders
                        .iter()
                        .filter(|o| o.side() == Some(side))
                        .count()
                };
                if keys.record.keys.is_empty() {
                    say!("orders not signed: who gave each cannot be checked");
                } else {
                    say!(
                        "orders signed by the machine that gave them: {} by side 1's, {} by side 2's, \
                         each checked against its side's order key",
                        by_side(0),
                        by_side(1)
                    );
                    // The save names its own keys: a player compares its side's with
                    // its seat (the keys are only as good as where they came from).
                    for (side, (c, k)) in keys
                        .record
                        .commitments
                        .iter()
                        .zip(&keys.record.keys)
                        .enumerate()
                    {
                        say!(
                            "side {}: commitment {}…, order key {}…",
                            side + 1,
                            c.get(..16).unwrap_or(c),
                            k.get(..16).unwrap_or(k)
                        );
                    }
                }
            }
            let (sealed, opened) =
                drumfire_core::sealed::tally(save.scenario.rules, &save.file.orders);
            if sealed > 0 {
                // The replay refuses an opening that does not make its seal again.
                let what = if save.scenario.rules.seal_in_pieces().is_some() {
                    "secret pieces"
                } else {
                    "secret orders"
                };
                say!(
                    "{what} sealed: {sealed}, of which {opened} opened, each checked against its seal"
                );
            }
            if let Some(line) = save
                .scenario
                .rules
                .seal_in_pieces()
                .and_then(|p| p.checked(&save.file.orders))
            {
                say!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(d) => {
            tell!("{}: replay diverges: {d}", path.display());
            ExitCode::FAILURE
        }
    }
}

/// `drumfire host`'s arguments.
#[derive(clap::Args)]
pub struct HostArgs {
    /// A scenario (a new game), or the save of a game between two machines to take up
    /// again (its seat file beside it).
    file: PathBuf,
    /// The port to listen on (0: any free one, printed).
    #[arg(long, default_value_t = 7373)]
    port: u16,
    /// The address to listen on (`::`: IPv6 and IPv4; 0.0.0.0: IPv4 only; 127.0.0.1:
    /// this machine only).
    #[arg(long, default_value = "::")]
    bind: std::net::IpAddr,
    /// The side played here, 1 or 2 (a new game).
    #[arg(long, default_value_t = 1)]
    side: u8,
    /// Where the game is kept after every order (default saves/<scenario>.network.ron),
    /// its seat (this player's side and dice secret) beside it.
    #[arg(long, value_name = "SAVE")]
    save: Option<PathBuf>,
    /// Who plays this machine's side: human (in the window), ai or random (no window).
    #[arg(long, default_value = "human")]
    player: String,
    /// With the window: save a PNG of it once it has drawn, then quit.
    #[arg(long, value_name = "PNG")]
    screenshot: Option<PathBuf>,
}

/// `drumfire join`'s arguments.
#[derive(clap::Args)]
pub struct JoinArgs {
    /// The host, as HOST:PORT.
    address: String,
    /// The join code the host printed.
    #[arg(long)]
    code: String,
    /// Where the game is kept after every order (default saves/network-join.ron), its
    /// seat beside it.
    #[arg(long, value_name = "SAVE")]
    save: Option<PathBuf>,
    /// Take up the game kept in the save again (after a lost connection or a restart).
    #[arg(long)]
    resume: bool,
    /// Who plays this machine's side: human (in the window), ai or random (no window).
    #[arg(long, default_value = "human")]
    player: String,
    /// With the window: save a PNG of it once it has drawn, then quit.
    #[arg(long, value_name = "PNG")]
    screenshot: Option<PathBuf>,
}

/// `drumfire host FILE`: with the computer on this side, exit 0 when the game ends with
/// both machines agreeing; with a person, the window.
pub fn host(args: &HostArgs) -> ExitCode {
    report(host_game(args))
}

/// `drumfire join HOST:PORT --code CODE`: as `host`, on the joining machine.
pub fn join(args: &JoinArgs) -> ExitCode {
    report(join_game(args))
}

/// A network command's end: its exit code, or its error said.
fn report(result: Result<ExitCode, String>) -> ExitCode {
    result.unwrap_or_else(|e| {
        tell!("{e}");
        ExitCode::FAILURE
    })
}

/// Who plays this machine's side: a person in the window, or the computer without one.
fn net_player(player: &str) -> Result<PlayerKind, String> {
    player.parse().map_err(|e| format!("--player: {e}"))
}

fn host_game(args: &HostArgs) -> Result<ExitCode, String> {
    let player = net_player(&args.player)?;
    if !(1..=2).contains(&args.side) {
        return Err(format!("--side: {} is not 1 or 2", args.side));
    }
    let save = args.save.clone().unwrap_or_else(|| {
        let stem = args
            .file
            .file_stem()
            .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
        let stem = stem.trim_end_matches(".network").to_owned();
        drumfire_core::paths::saves().join(format!("{stem}.network.ron"))
    });
    let opts = drumfire_net::play::HostOptions {
        file: args.file.clone(),
        bind: std::net::SocketAddr::new(args.bind, args.port),
        side: args.side - 1,
        save,
        player,
    };
    if player != PlayerKind::Human {
        drumfire_net::play::host(
            &opts,
            &mut drumfire_core::error::Printable(std::io::stdout()),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let hosting = drumfire_net::play::prepare_host(&opts)?;
    say!("listening on {}", hosting.host.addr());
    say!("join code: {}", hosting.host.code());
    let scenario = hosting.session.scenario().clone();
    let net = crate::play::network::NetPlay::host(
        hosting.net,
        hosting.host,
        hosting.session,
        hosting.save,
    );
    Ok(crate::app::run_network(
        net,
        scenario,
        crate::app::WindowOptions::with_screenshot(args.screenshot.clone()),
    ))
}

fn join_game(args: &JoinArgs) -> Result<ExitCode, String> {
    let player = net_player(&args.player)?;
    let code = args.code.parse().map_err(|e| format!("--code: {e}"))?;
    let opts = drumfire_net::play::JoinOptions {
        address: args.address.clone(),
        code,
        save: args
            .save
            .clone()
            .unwrap_or_else(|| drumfire_core::paths::saves().join("network-join.ron")),
        resume: args.resume,
        player,
    };
    if player != PlayerKind::Human {
        drumfire_net::play::join_game(
            &opts,
            &mut drumfire_core::error::Printable(std::io::stdout()),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let joined = drumfire_net::play::prepare_join(&opts)?;
    say!("joined {}", opts.address);
    let scenario = joined.session.scenario().clone();
    let net = crate::play::network::NetPlay::joined(
        joined.net,
        opts.address.clone(),
        opts.code,
        joined.session,
        joined.link,
        opts.save.clone(),
    );
    Ok(crate::app::run_network(
        net,
        scenario,
        crate::app::WindowOptions::with_screenshot(args.screenshot.clone()),
    ))
}

/// `drumfire post`: a game by e-mail.
#[derive(clap::Subcommand)]
pub enum PostCommand {
    /// Start a game by e-mail: write the turn file to send the other player.
    New {
        /// The scenario.
        scenario: PathBuf,
        /// The side played here, 1 or 2.
        #[arg(long, default_value_t = 1)]
        side: u8,
        /// The turn file to write (default <scenario>.turn.ron here).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// This player's dice secret, 64 hex digits, in place of a fresh one: for
        /// tests that play the same game every time.
        #[arg(long, value_name = "HEX", hide = true)]
        secret: Option<String>,
    },
    /// Open a turn file the other player sent: see what happened, play your side, and
    /// the file is written again, to be sent back.
    Open {
        /// The turn file.
        file: PathBuf,
        /// Who plays this side: human (in the window), ai or random (no window).
        #[arg(long, default_value = "human")]
        player: String,
        /// With the window: save a PNG of it once it has drawn, then quit.
        #[arg(long, value_name = "PNG")]
        screenshot: Option<PathBuf>,
        /// With the window: play a script of UI steps (see `src/play/script.rs`), then quit.
        #[arg(long, value_name = "FILE")]
        script: Option<PathBuf>,
        /// Where the script's screenshots go.
        #[arg(long, value_name = "DIR", default_value = "target/screenshots/script")]
        shots: PathBuf,
        /// The joining player's dice secret, as for `post new`.
        #[arg(long, value_name = "HEX", hide = true)]
        secret: Option<String>,
    },
}

/// A secret given on the command line.
fn secret_arg(
    secret: Option<&String>,
) -> Result<Option<drumfire_core::shared_dice::Digest32>, String> {
    secret
        .map(|s| drumfire_core::shared_dice::unhex(s).map_err(|e| format!("--secret: {e}")))
        .transpose()
}

/// `drumfire post new` and `drumfire post open` (the computer's side; a person's opens
/// the window).
pub fn post(command: &PostCommand) -> ExitCode {
    report(post_game(command))
}

fn post_game(command: &PostCommand) -> Result<ExitCode, String> {
    use drumfire_net::post;
    match command {
        PostCommand::New {
            scenario,
            side,
            out,
            secret,
        } => {
            if !(1..=2).contains(side) {
                return Err(format!("--side: {side} is not 1 or 2"));
            }
            let file = post::start(
                scenario,
                side - 1,
                &post::seat_dir(),
                secret_arg(secret.as_ref())?,
            )?;
            let out = out.clone().unwrap_or_else(|| {
                let stem = scenario
                    .file_stem()
                    .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
                PathBuf::from(format!("{stem}.turn.ron"))
            });
            post::write(&out, &file)?;
            say!(
                "Wrote {}: send it to the other player, who opens it with `drumfire post open {}`.",
                out.display(),
                out.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        PostCommand::Open {
            file,
            player,
            screenshot,
            script,
            shots,
            secret,
        } => {
            let player = net_player(player)?;
            let turn = post::read(file)?;
            let shown = file.display().to_string();
            for old in post::old_seats_for(&turn, &post::legacy_seat_dir()) {
                tell!(
                    "{}: a seat for this game lies here and is not used: seats are only read \
                     from your data folder ({}), and only those this machine made",
                    old.display(),
                    post::seat_dir().display()
                );
            }
            let mut opened = post::open(
                &shown,
                turn,
                &post::seat_dir(),
                secret_arg(secret.as_ref())?,
            )?;
            if player == PlayerKind::Human {
                let options = crate::app::WindowOptions::with_script(
                    script.clone(),
                    shots.clone(),
                    screenshot.clone(),
                );
                return Ok(crate::app::run_post(file.clone(), opened, options));
            }
            let mut out = drumfire_core::error::Printable(std::io::stdout());
            post::tell_news(&opened, &mut out);
            if opened.ended_before {
                say!("{}", post::where_it_stands(&opened));
                return Ok(ExitCode::SUCCESS);
            }
            post::play_with(&mut opened, player)?;
            let written = opened.finish()?;
            post::write(file, &written)?;
            post::tell_sent(&opened, file, &mut out);
            Ok(ExitCode::SUCCESS)
        }
    }
}
