//! Ready-made games for tests: the shipped scenarios of every registered rule set.

use crate::game::Game;
use crate::scenario::{self, Scenario};

/// The embedded default scenario, parsed.
pub fn tutorial() -> Scenario {
    match crate::rules::default_scenario() {
        Ok(s) => s,
        Err(errs) => panic!("the default scenario is broken: {}", errs[0]),
    }
}

/// Every shipped scenario, as (rule set folder, file name): every `.ron` file in
/// a folder of `scenarios/`, in name order.
pub fn shipped_scenarios() -> Vec<(String, String)> {
    let root = format!("{}/../../scenarios", env!("CARGO_MANIFEST_DIR"));
    let names = |dir: &str| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect();
        v.sort();
        v
    };
    let list: Vec<(String, String)> = names(&root)
        .into_iter()
        .filter(|set| std::path::Path::new(&format!("{root}/{set}")).is_dir())
        .flat_map(|set| {
            names(&format!("{root}/{set}"))
                .into_iter()
                .filter(|n| n.ends_with(".ron"))
                .map(move |n| (set.clone(), n))
        })
        .collect();
    assert!(!list.is_empty(), "no scenarios under {root}");
    list
}

/// A shipped scenario, `scenarios/<set>/<name>`, parsed.
pub fn shipped(set: &str, name: &str) -> Scenario {
    let path = format!(
        "{}/../../scenarios/{set}/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    scenario::parse(&path, &text, &crate::rules::ALL).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// Games a soak test plays per scenario: 50, or `DRUMFIRE_SOAK_GAMES`. The long runs
/// (thousands of games, release build) are `scripts/soak.sh`, figures in
/// `docs/performance.md`.
pub fn soak_games() -> u64 {
    std::env::var("DRUMFIRE_SOAK_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50)
}

/// The default scenario set up with `seed`, still in the set-up (leaders drawn,
/// Artillery Plans awaited).
pub fn tutorial_game(seed: u64) -> Game {
    Game::new(&tutorial(), seed)
}

/// Checks what must hold after every order: the rule set's own invariants (its
/// `RuleSetInfo::invariants`: stacking, steps within bounds, no piece where it cannot
/// stand...) and every die the dice produced journaled. It reads
/// the journal from where it stopped last time, so checking after every order stays cheap.
pub struct Invariants {
    dice: crate::dice::Dice,
    read: usize,
}

impl Invariants {
    /// A checker for a game played from `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            dice: crate::dice::Dice::new(seed),
            read: 0,
        }
    }

    /// Checks the game now.
    pub fn check(&mut self, game: &Game) -> Result<(), String> {
        use crate::dice::Dice;
        use crate::journal::{GameEvent, Journal};
        check_table(game)?;
        let entries = game.journal().entries();
        let mut scratch = Journal::default();
        for e in &entries[self.read.min(entries.len())..] {
            if let GameEvent::DiceRolled { faces, .. } = &e.event {
                let again = self.dice.roll(&mut scratch, faces.len(), "check");
                if &again != faces {
                    return Err(format!(
                        "journaled dice {faces:?} are not what the seed rolls ({again:?})"
                    ));
                }
            }
            if let GameEvent::Shuffled { bounds, .. } = &e.event {
                for n in bounds {
                    self.dice.below(*n);
                }
            }
        }
        self.read = entries.len();
        if self.dice.position() != game.world().resource::<Dice>().position() {
            return Err("a die was rolled that the journal does not show".into());
        }
        Ok(())
    }
}

/// [`Invariants`] checked once, from the start of the journal.
pub fn check_invariants(game: &Game) -> Result<(), String> {
    let seed = game.world().resource::<crate::dice::Dice>().seed();
    Invariants::new(seed).check(game)
}

fn check_table(game: &Game) -> Result<(), String> {
    let world = game.world();
    (world.resource::<crate::scenario::Rules>().0.invariants)(world)
}

/// Plays a whole game between random players from `seed`, checking
/// [`Invariants`] after every order.
pub fn soak_game(scenario: &Scenario, seed: u64) -> Result<Game, String> {
    use crate::players::PlayerKind;
    soak_game_with(scenario, seed, [PlayerKind::Random; 2])
}

/// Plays a whole game between the given players from `seed`, checking
/// [`Invariants`] after every order.
pub fn soak_game_with(
    scenario: &Scenario,
    seed: u64,
    players: [crate::players::PlayerKind; 2],
) -> Result<Game, String> {
    use crate::players::Bot;
    let mut game = Game::new(scenario, seed);
    let mut bots = [
        Bot::new(players[0], seed.wrapping_mul(2)),
        Bot::new(players[1], seed.wrapping_mul(2) + 1),
    ];
    let mut invariants = Invariants::new(seed);
    invariants.check(&game)?;
    while !game.is_over() {
        let side = game.awaiting().ok_or_else(|| {
            format!(
                "seed {seed}: the game waits on nobody in {:?}",
                game.phase()
            )
        })?;
        let order = bots[usize::from(side)]
            .choose(&game, side)
            .ok_or_else(|| format!("seed {seed}: side {side} has no legal order"))?;
        game.submit(order.clone())
            .map_err(|r| format!("seed {seed}: a legal order was refused: {r} ({order:?})"))?;
        invariants
            .check(&game)
            .map_err(|e| format!("seed {seed} after {order:?}: {e}"))?;
        if game.orders().len() > 20_000 {
            return Err(format!("seed {seed}: no end after 20,000 orders"));
        }
    }
    Ok(game)
}

/// A whole game between two computer players (salted 1 and 2) from `seed`: its
/// orders and its final state hash.
pub fn computer_game(
    scenario: &Scenario,
    seed: u64,
) -> (Vec<crate::orders::Order>, crate::hash::StateHash) {
    use crate::players::{Bot, PlayerKind};
    let mut game = Game::new(scenario, seed);
    let mut bots = [Bot::new(PlayerKind::Ai, 1), Bot::new(PlayerKind::Ai, 2)];
    while let Some(side) = game.awaiting().filter(|_| !game.is_over()) {
        let order = bots[usize::from(side)]
            .choose(&game, side)
            .expect("the computer has an order");
        game.submit(order).expect("the computer's order is legal");
        assert!(game.orders().len() < 5_000, "no end after 5,000 orders");
    }
    let hash = game.state_hash();
    (game.orders().to_vec(), hash)
}

/// Checks a rule set's marks of what we designed: every tag the docs list (`D-1`,
/// `P-3`...) appears as `Ours — TAG ` in the Rust and RON files of `dir`, and every
/// mark there names a listed tag. Returns what is wrong, one line each.
pub fn unmatched_ours_marks(listed: &[String], dir: &str) -> Vec<String> {
    let code = sources_under(dir);
    let mut wrong: Vec<String> = listed
        .iter()
        .filter(|t| !code.contains(&format!("Ours — {t} ")))
        .map(|t| format!("{t} is not marked in the code"))
        .collect();
    for mark in code.split("Ours — ").skip(1) {
        let tag = mark.split(' ').next().unwrap_or("");
        if !listed.iter().any(|t| t == tag) {
            wrong.push(format!("{tag} is marked in the code but not in the docs"));
        }
    }
    wrong
}

/// A rule set's designed-by-us list against its code: the tags `docs/rules/{doc}`
/// lists (each line beginning `start`, such as `"| N-"`, gives `tag` and the rest of its
/// first word) and what [`unmatched_ours_marks`] finds wrong in `src/rules/{dir}`.
pub fn designed_marks(doc: &str, start: &str, tag: &str, dir: &str) -> (usize, Vec<String>) {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/../../docs/rules/{doc}"))
        .unwrap_or_else(|e| panic!("docs/rules/{doc}: {e}"));
    let listed: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix(start))
        .map(|l| format!("{tag}{}", l.split(' ').next().unwrap_or("")))
        .collect();
    let wrong = unmatched_ours_marks(&listed, &format!("{root}/src/rules/{dir}"));
    (listed.len(), wrong)
}

/// A rules doc's rows of the seed (each line beginning `start`, such as `"| AC-"`, with
/// its code and test cells) against the tests: a row built names tests that are
/// `fn`s in `tests`, a row `*to come*` names none. The number of rows and what is
/// wrong, one line each.
pub fn seed_rows(doc: &str, start: &str, tests: &str) -> (usize, Vec<String>) {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/../../docs/rules/{doc}"))
        .unwrap_or_else(|e| panic!("docs/rules/{doc}: {e}"));
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with(start)).collect();
    let mut wrong = Vec::new();
    for line in &rows {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (code, test) = (
            cells.get(3).copied().unwrap_or(""),
            cells.get(4).copied().unwrap_or(""),
        );
        if code == "*to come*" {
            if !test.is_empty() {
                wrong.push(format!("a row to come names a test: {line}"));
            }
            continue;
        }
        if !test.contains('`') {
            wrong.push(format!("no test for {line}"));
        }
        for name in test.split('`').skip(1).step_by(2) {
            if !tests.contains(&format!("fn {name}(")) {
                wrong.push(format!("{name}, named in docs/rules/{doc}, is no test"));
            }
        }
    }
    (rows.len(), wrong)
}

/// The text of every Rust and RON file in `dir` and its folders, in path order (for
/// tests that check the code against the docs).
pub fn sources_under(dir: &str) -> String {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "rs" || x == "ron") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(std::path::Path::new(dir), &mut files);
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

/// Does any line of the game's journal say `text`?
pub fn journal_says(game: &Game, text: &str) -> bool {
    game.journal()
        .entries()
        .iter()
        .any(|e| format!("{:?}", e.event).contains(text))
}

/// Submits `bad`, an order near a legal one, when it is not among `legal` and the door
/// refuses it, checking that the refusal changed nothing: the state hash, the journal
/// and the orders. Returns whether it was tried.
pub fn refused_unchanged(
    game: &mut Game,
    legal: &[crate::orders::Order],
    bad: &crate::orders::Order,
) -> bool {
    if legal.contains(bad) || crate::door::validate(game.world(), bad).is_ok() {
        return false;
    }
    let before = game.state_hash();
    let (journal, count) = (game.journal().entries().len(), game.orders().len());
    assert!(game.submit(bad.clone()).is_err(), "{bad:?}");
    assert_eq!(game.state_hash(), before, "{bad:?} changed the state");
    assert_eq!(
        (game.journal().entries().len(), game.orders().len()),
        (journal, count)
    );
    true
}

/// Plays a game of `scenario` for each of `seeds` between players of `kinds` (the second
/// seeded 100 above the first) and, before every order, submits each of `near_misses`
/// (orders near the legal ones) that is not legal, checking that its refusal changed
/// nothing ([`refused_unchanged`]): how many were tried.
pub fn refuse_near_misses(
    scenario: &Scenario,
    seeds: std::ops::Range<u64>,
    kinds: [crate::players::PlayerKind; 2],
    near_misses: impl Fn(&Game, &[crate::orders::Order]) -> Vec<crate::orders::Order>,
) -> usize {
    use crate::players::{Bot, legal_orders};
    let mut tried = 0;
    for seed in seeds {
        let mut game = Game::new(scenario, seed);
        let mut bots = [Bot::new(kinds[0], seed), Bot::new(kinds[1], seed + 100)];
        while !game.is_over() {
            let side = game.awaiting().expect("a side to act");
            let legal = legal_orders(&game, side, seed);
            for bad in near_misses(&game, &legal) {
                if refused_unchanged(&mut game, &legal, &bad) {
                    tried += 1;
                }
            }
            let order = bots[usize::from(side)]
                .choose(&game, side)
                .expect("an order");
            game.submit(order).expect("the player's order is accepted");
        }
    }
    tried
}
