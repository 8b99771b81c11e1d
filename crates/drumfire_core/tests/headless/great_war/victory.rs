//! Victory (scenario instructions): objectives held.

use super::*;

#[test]
fn an_objective_is_held_by_the_side_whose_unit_entered_it_last() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")],
           victory: (objectives: [(hex: "0201", points: 3, held_by: Some("blue"))], step_loss_points: 1)"#,
    );
    let mut g = start(&s, 1);
    let held = |g: &mut Game| {
        let w = g.world_mut();
        let mut q = w.query::<&drumfire_core::map::Objective>();
        q.iter(w).next().unwrap().held_by
    };
    assert_eq!(held(&mut g), Some(BLUE));
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0201", "0101"]).unwrap();
    answer_all(&mut g);
    assert_eq!(
        held(&mut g),
        Some(RED),
        "r1 passed through 0201 and took it; it stays Red's"
    );
}
