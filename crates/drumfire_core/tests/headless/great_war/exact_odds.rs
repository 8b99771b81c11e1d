//! Exact odds and the tables: the odds of a fire add up, the docs show the tables as coded.

use super::*;

#[test]
fn the_odds_of_a_fire_are_exact_and_add_up() {
    let s = loss_battle("", "");
    let mut g = start(&s, 1);
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0101".into(),
        },
    )
    .unwrap();
    let world = g.world();
    let group = world.resource::<GwState>().group.clone().unwrap();
    let pieces: Vec<_> = ["r1", "r2"]
        .iter()
        .map(|i| view::by_id(world, i).unwrap())
        .collect();
    let plan =
        plan_action_fire(world, RED, &pieces, hex_of("0301").unwrap(), Some(&group)).unwrap();
    // 10 on the 10-13 column; no shifts.
    assert_eq!((plan.strength, plan.column, plan.shifts.len()), (10, 5, 0));
    let odds = fire::odds(world, &plan, BLUE);
    let rolls: u32 = odds.results.results.iter().map(|r| r.1).sum();
    assert_eq!(rolls, 36);
    // 10-13 column: 2-4 no effect (6 ways), 5 M (4), 6-7 M1 (11), 8 M2 (5), 9 X (4), 10-11 2X (5), 12 3X (1).
    assert_eq!(odds.step_losses, [26, 4, 5, 1]);
    for p in &odds.pieces {
        assert_eq!(p.morale_ways.iter().sum::<u32>(), 36 * 36, "{}", p.id);
    }
    // b1 (morale 7): unaffected by M (21 of 36), M1 (15), M2 (10); plus 16 rolls with no check.
    assert_eq!(
        odds.pieces[0].morale_ways[0],
        4 * 21 + 11 * 15 + 5 * 10 + 16 * 36
    );
    assert_eq!(odds.pieces[0].after_step_loss, [10, 11, 15]);
    // The window's odds: the same fractions, whole, the pieces named.
    let shown = fire::shown_odds(&plan, &odds, &|id: &str| format!("<{id}>"));
    assert_eq!(shown.check(), Ok(()));
    assert_eq!(shown.basis[0], "Strength 10 (<r1> 5 + <r2> 5)");
    let losses: Vec<String> = shown.more[0]
        .outcomes
        .iter()
        .map(|o| format!("{} {}", o.label, o.chance))
        .collect();
    assert_eq!(
        losses,
        [
            "0 steps 26/36",
            "1 step 4/36",
            "2 steps 5/36",
            "3 steps 1/36"
        ]
    );
    assert!(shown.more[1].heading.starts_with("<b1> (morale 7)"));
}

#[test]
fn docs_show_the_tables_as_coded() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/rules/great-war.md"
    ))
    .unwrap();
    let start = doc.find("<!-- tables:begin -->\n").unwrap() + "<!-- tables:begin -->\n".len();
    let end = doc.find("<!-- tables:end -->").unwrap();
    assert_eq!(
        doc[start..end].trim(),
        drumfire_core::rules::great_war::tables::markdown().trim(),
        "regenerate with `cargo run -p drumfire_core --example tables_md`"
    );
}
