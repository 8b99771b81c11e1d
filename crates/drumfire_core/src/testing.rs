//! Ready-made games for tests.

use crate::game::Game;
use crate::rules::great_war::{GwOrder, setup};
use crate::scenario::{self, Scenario};

/// The embedded default scenario, parsed.
pub fn tutorial() -> Scenario {
    match scenario::default_scenario() {
        Ok(s) => s,
        Err(errs) => panic!("the default scenario is broken: {}", errs[0]),
    }
}

/// A three-turn Great War battle on `map` (rows of terrain glyphs) between Red
/// (initiative +9, so it always wins) and Blue; `body` holds `counters: [...]` and
/// more, `red_extra` and `blue_extra` more fields of each side.
pub fn great_war_battle(map: &[&str], body: &str, red_extra: &str, blue_extra: &str) -> Scenario {
    let rows: Vec<String> = map.iter().map(|r| format!("\"{r}\"")).collect();
    let text = format!(
        r##"Scenario(
    rules: "great_war",
    title: "Test",
    turns: 3,
    map: (width: {w}, height: {h}, terrain: [{rows}]),
    sides: [
        (id: "red", name: "Red", colour: "#aa3333", initiative: 9, morale: 7,
         artillery_ammunition: 2, ammunition_depletion: 7 {red_extra}),
        (id: "blue", name: "Blue", colour: "#3333aa", morale: 7,
         artillery_ammunition: 2, ammunition_depletion: 7 {blue_extra}),
    ],
    {body}
)"##,
        w = map[0].len(),
        h = map.len(),
        rows = rows.join(", ")
    );
    match scenario::parse("test.ron", &text) {
        Ok(s) => s,
        Err(e) => panic!("{}\n{text}", e[0]),
    }
}

/// Every shipped scenario, as (rule set folder, file name).
pub const SHIPPED: [(&str, &str); 5] = [
    ("great_war", "tutorial.ron"),
    ("great_war", "marcoing_ridge.ron"),
    ("great_war", "agache_valley.ron"),
    ("portable", "ukhozi_drift.ron"),
    ("portable", "ravensberg_heights.ron"),
];

/// A shipped scenario, `scenarios/<set>/<name>`, parsed.
pub fn shipped(set: &str, name: &str) -> Scenario {
    let path = format!(
        "{}/../../scenarios/{set}/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    scenario::parse(&path, &text).unwrap_or_else(|e| panic!("{}", e[0]))
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

/// Files the quiet plan for every side that owes one, so play begins.
pub fn skip_setup(game: &mut Game) {
    while game.phase() == crate::flow::Phase::Setup {
        let Some(side) = game.awaiting() else {
            return;
        };
        let missions = setup::open_sights_plan(game.world(), side);
        if let Err(r) = game.submit(GwOrder::Plan { side, missions }.into()) {
            panic!("the quiet plan was refused: {r}");
        }
    }
}

/// The default scenario with `seed`, set-up done with quiet plans: turn 1 under way.
pub fn tutorial_started(seed: u64) -> Game {
    let mut game = tutorial_game(seed);
    skip_setup(&mut game);
    game
}

/// Checks what must hold after every order: no hex over-stacked or shared by both
/// sides, steps within bounds, no piece on impassable terrain, no piece both
/// Disrupted and Demoralized, and every die the dice produced journaled. It reads
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
    match game.world().resource::<crate::scenario::Rules>().0.id {
        "portable" => check_portable(game),
        _ => check_great_war(game),
    }
}

/// Portable: one unit a hex, every unit in the hex index where it stands and facing
/// a hexside, nobody left standing in a river without bridge or ford.
fn check_portable(game: &Game) -> Result<(), String> {
    use crate::rules::portable::view;
    let world = game.world();
    let units = view::units(world);
    let index = world.resource::<crate::map::HexIndex>();
    for u in &units {
        if units.iter().filter(|o| o.hex == u.hex).count() > 1 {
            return Err(format!(
                "hex {} holds more than one unit",
                view::label(u.hex)
            ));
        }
        if !index.occupants(u.hex).contains(&u.entity) {
            return Err(format!(
                "{} is not in the hex index at {}",
                u.id,
                view::label(u.hex)
            ));
        }
        if world.get::<crate::counters::Facing>(u.entity).is_none() {
            return Err(format!("{} faces no hexside", u.id));
        }
        if view::cell(world, u.hex).is_none_or(|c| c.deep_river()) {
            return Err(format!("{} stands in a river or off the map", u.id));
        }
    }
    let listed: usize = index.stacks().map(|(_, s)| s.len()).sum();
    if listed != units.len() {
        return Err(format!(
            "the hex index lists {listed} units, the map has {}",
            units.len()
        ));
    }
    Ok(())
}

fn check_great_war(game: &Game) -> Result<(), String> {
    use crate::rules::great_war::{board::Board, view};
    use std::collections::BTreeMap;
    let world = game.world();
    let data = world.resource::<crate::scenario::Rules>().0.data();
    let board = world.resource::<Board>();
    let mut stacks: BTreeMap<(Option<crate::coords::MapCoord>, u8), (u8, u8)> = BTreeMap::new();
    let mut owners: BTreeMap<Option<crate::coords::MapCoord>, u8> = BTreeMap::new();
    // Both sides share a hex only while an assault there waits on a step-loss choice.
    let assaulted: Vec<hexx::Hex> = world
        .resource::<crate::rules::great_war::GwState>()
        .queue
        .iter()
        .filter_map(|s| match s {
            crate::rules::great_war::state::Step::AssaultEnd { hex, .. } => Some(*hex),
            _ => None,
        })
        .collect();
    for p in view::all(world) {
        let at = crate::coords::MapCoord::from_hex(p.hex);
        if *owners.entry(at).or_insert(p.side) != p.side && !assaulted.contains(&p.hex) {
            return Err(format!("hex {} holds both sides", view::label(p.hex)));
        }
        if p.steps.current == 0 || p.steps.current > p.steps.max {
            return Err(format!(
                "{} has {} of {} steps",
                p.id, p.steps.current, p.steps.max
            ));
        }
        if board.cell(p.hex).is_none_or(|c| c.cost.is_none()) {
            return Err(format!(
                "{} stands on impassable terrain or off the map",
                p.id
            ));
        }
        if p.disrupted && p.demoralized {
            return Err(format!("{} is both Disrupted and Demoralized", p.id));
        }
        if !p.is_leader() {
            let s = stacks.entry((at, p.side)).or_default();
            s.0 += 1;
            s.1 += u8::from(p.is_company());
            if s.0 > data.stack_limit || s.1 > data.company_stack_limit {
                return Err(format!("hex {} is over-stacked", view::label(p.hex)));
            }
        }
    }
    Ok(())
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

/// The text of every Rust and RON file in `dir`, in name order (for tests that check
/// the code against the docs).
pub fn sources_under(dir: &str) -> String {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs" || x == "ron"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}
