//! How fast the rules are, on the largest Great War scenario (the Agache Valley, 40x30).
//! `cargo bench -p drumfire_core --bench rules`; docs/performance.md has the figures and
//! the goals.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use drumfire_core::game::Game;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::rules::great_war::action::{activation_group, reach};
use drumfire_core::rules::great_war::board::Board;
use drumfire_core::rules::great_war::testing::{great_war_battle, tutorial_started};
use drumfire_core::rules::great_war::{fire, preview, view};
use drumfire_core::scenario::{Scenario, hex_of};
use drumfire_core::testing::shipped;
use std::hint::black_box;

/// mimalloc, as in the core's examples (`soak`, `ai_strength`): the rules allocate many
/// small strings and lists (piece views, candidate orders), and it is a quarter faster
/// than the system's allocator on them. The game's binary keeps the system's (mimalloc
/// cost the window 70-130 MiB more and a slower first frame; `docs/performance.md`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn agache() -> Scenario {
    shipped("great_war", "agache_valley.ron")
}

/// Plays the random player against itself until the game ends or `limit` orders.
fn random_game(s: &Scenario, seed: u64, limit: usize) -> Game {
    let mut game = Game::new(s, seed);
    let mut bots = [
        Bot::new(PlayerKind::Random, seed),
        Bot::new(PlayerKind::Random, seed + 1),
    ];
    while let Some(side) = game.awaiting() {
        if game.orders().len() >= limit {
            break;
        }
        let given = bots[usize::from(side)].give(&mut game, side);
        assert_eq!(given, Ok(true), "a legal order");
    }
    game
}

fn throughput(c: &mut Criterion) {
    let s = agache();
    let orders = random_game(&s, 0, usize::MAX).orders().len() as u64;
    let mut g = c.benchmark_group("throughput");
    g.sample_size(10);
    g.throughput(Throughput::Elements(orders));
    g.bench_function("random game, Agache Valley (orders)", |b| {
        b.iter(|| random_game(black_box(&s), 0, usize::MAX))
    });
    g.finish();
}

fn odds(c: &mut Criterion) {
    // The tutorial's battery on Open Sights at the village: a Bombardment fire with
    // the morale outcomes of the three pieces there.
    let game = tutorial_started(7);
    let target = hex_of("0706").unwrap();
    let firers = vec!["g_bty".to_string()];
    preview::fire_preview(game.world(), &firers, target).expect("the battery sees the village");
    c.bench_function("odds: one fire with its morale outcomes", |b| {
        b.iter(|| preview::fire_preview(game.world(), black_box(&firers), target))
    });
    // An assault of two companies and a leader on a company and a machine gun.
    let s = great_war_battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0301"),
                      (id: "b2", side: "blue", unit: "machinegun", hex: "0301")]"#,
        "",
        "",
    );
    let game = Game::new(&s, 1);
    let w = game.world();
    let ours: Vec<_> = ["r1", "r2"]
        .iter()
        .filter_map(|id| view::by_id(w, id))
        .collect();
    let at = hex_of("0301").unwrap();
    c.bench_function("odds: one assault with its morale outcomes", |b| {
        b.iter(|| {
            let plan = fire::plan_assault(w, 0, black_box(&ours), at, 1, true, "Assault").unwrap();
            fire::odds(w, &plan, 1)
        })
    });
}

fn movement_and_sight(c: &mut Criterion) {
    let s = agache();
    let game = Game::new(&s, 1);
    let w = game.world();
    for (id, what) in [
        ("g_5", "a rifle company (4 MP)"),
        ("g_u1", "mounted cavalry"),
    ] {
        let p = view::by_id(w, id).expect("on the map");
        let group = activation_group(w, p.side, std::slice::from_ref(&p));
        let movers = vec![p.clone()];
        assert!(!reach(w, &group, p.side, &movers).is_empty());
        c.bench_function(&format!("reach: {what}, Agache Valley"), |b| {
            b.iter(|| reach(w, black_box(&group), p.side, black_box(&movers)))
        });
    }
    let board = w.resource::<Board>();
    let (a, z) = (hex_of("0115").unwrap(), hex_of("3822").unwrap());
    // Worked out each time: the board keeps a line once asked (`Board::line_of_sight`).
    c.bench_function("line of sight: one pair 37 hexes apart", |b| {
        b.iter(|| board.sight_worked_out(black_box(a), black_box(z)))
    });
    // Spotting for a whole side: every hex each German unit with direct fire could
    // fire at (in range and in sight), the lines of sight kept from the first time.
    let germans: Vec<_> = view::all(w)
        .into_iter()
        .filter(|p| p.side == 0 && p.face.direct.is_some())
        .collect();
    let spot = || {
        let mut seen = 0usize;
        for p in &germans {
            let range = p.face.direct.map_or(0, |d| d.range);
            for h in p.hex.range(u32::from(range)) {
                if board.contains(h) && fire::can_spot(board, p.hex, h, range).is_ok() {
                    seen += 1;
                }
            }
        }
        seen
    };
    assert!(spot() > 0);
    c.bench_function("spotting: every German unit, Agache Valley", |b| {
        b.iter(spot)
    });
}

fn files(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/great_war/agache_valley.ron"
    );
    let text = std::fs::read_to_string(path).unwrap();
    c.bench_function("load and spawn: Agache Valley", |b| {
        b.iter(|| {
            let s =
                drumfire_core::scenario::parse(path, black_box(&text), &drumfire_core::rules::ALL)
                    .unwrap();
            Game::new(&s, 1)
        })
    });
    let s = agache();
    let mut game = random_game(&s, 3, 200);
    assert_eq!(game.orders().len(), 200);
    let dir = std::env::temp_dir().join(format!("drumfire-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("agache.save.ron");
    let save = drumfire_core::save::save_of(&mut game, &s, 3);
    c.bench_function("save: 200 orders, Agache Valley", |b| {
        b.iter(|| drumfire_core::save::write(&file, black_box(&save)).unwrap())
    });
    c.bench_function("load: 200 orders replayed, Agache Valley", |b| {
        b.iter(|| {
            let text = std::fs::read_to_string(&file).unwrap();
            let loaded =
                drumfire_core::save::parse("agache.save.ron", &text, &drumfire_core::rules::ALL)
                    .unwrap();
            let (_, hash) = drumfire_core::save::replay(&loaded);
            hash.unwrap()
        })
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// The exact odds of an ACW charge over the whole set of dominoes: four stands a side
/// (two blocks), eight (four) and full strength, ten a side (five blocks).
fn acw_charge(c: &mut Criterion) {
    use drumfire_core::rules::acw::charge_odds::{FightSide, charge_odds};
    use drumfire_core::rules::acw::dominoes::double_six;
    let set = double_six();
    let mut g = c.benchmark_group("acw_charge_odds");
    g.sample_size(10);
    for stands in [4, 8, 10] {
        let side = |modifier| FightSide {
            stands,
            full_strength: stands,
            modifier,
            ..FightSide::default()
        };
        let (charger, defender) = (side(2), side(-1));
        g.bench_function(format!("{stands}_a_side"), |b| {
            b.iter(|| black_box(charge_odds(&charger, &defender, &set)))
        });
    }
    g.finish();
}

/// A charge's set of dominoes dealt between two machines (`locked_deck`): one machine's
/// lock and shuffle of the 28, the check of a shown lock against the set it passed on,
/// and one domino unlocked for its owner.
fn locked_deck(c: &mut Criterion) {
    use drumfire_core::locked_deck::{Lock, check_locked, face, lock_and_shuffle, secret_order};
    let set: Vec<_> = (0..28).map(face).collect();
    let lock = Lock::new(&[7; 32], "charge 1");
    let order = secret_order(&[7; 32], "charge 1", 28);
    let passed = lock_and_shuffle(&set, &lock, &order);
    let mut g = c.benchmark_group("locked_deck");
    g.sample_size(10);
    g.bench_function("lock_and_shuffle_28", |b| {
        b.iter(|| black_box(lock_and_shuffle(&set, &lock, &order)))
    });
    g.bench_function("check_a_shown_lock", |b| {
        b.iter(|| black_box(check_locked(&set, &passed, &lock)))
    });
    g.bench_function("unlock_one", |b| {
        b.iter(|| black_box(lock.unlock(&passed[0])))
    });
    g.finish();
}

/// The Hard player's look-ahead: one decision of 32 plays on one thread, no deadline
/// (the same work on any machine), a few orders into a game of the Great War tutorial
/// and of the Ridge at Tanner's Ford. What a play costs is what the search can afford.
fn lookahead(c: &mut Criterion) {
    let mut g = c.benchmark_group("lookahead");
    g.sample_size(10);
    for (set, name, orders) in [
        ("great_war", "tutorial.ron", 6),
        ("acw", "tanners_ford.ron", 10),
    ] {
        let s = shipped(set, name);
        let mut game = Game::new(&s, 5);
        let mut bots = [Bot::new(PlayerKind::Ai, 1), Bot::new(PlayerKind::Ai, 2)];
        for _ in 0..orders {
            let side = game.awaiting().expect("a side to act");
            let order = bots[usize::from(side)]
                .choose(&game, side)
                .expect("an order");
            game.submit(order).expect("a legal order");
        }
        let side = game.awaiting().expect("a side to act");
        let budget = drumfire_core::lookahead::Budget {
            plays: 32,
            threads: 1,
            ..Default::default()
        };
        g.bench_function(format!("32 plays, {name}"), |b| {
            b.iter(|| drumfire_core::lookahead::choose(&s, game.world(), side, 7, budget))
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    throughput,
    lookahead,
    odds,
    movement_and_sight,
    files,
    acw_charge,
    locked_deck
);
criterion_main!(benches);
