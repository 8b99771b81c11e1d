//! From the seed to the code: every rule of the seed mapped to a test that exists, every
//! procedure we designed marked where it lives.

/// Every procedure and table the docs list as ours ("Designed by us", D-1...) is marked
/// `Ours — D-n` in the rule set's code or data, where it lives; and no mark names a
/// D-n the docs do not list.
#[test]
fn every_procedure_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) =
        drumfire_core::testing::designed_marks("great-war.md", "- **D-", "D-", "great_war");
    assert_eq!(listed, 16);
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn every_rule_of_the_seed_is_mapped_to_a_test_that_exists() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/rules/great-war.md"
    ))
    .unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let folder = drumfire_core::testing::sources_under(&format!("{root}/tests/headless/great_war"));
    let files: String = [
        "tests/headless/flow.rs",
        "tests/headless/loader.rs",
        "src/rules/great_war/tables.rs",
        "src/rules/great_war/bombardment.rs",
        "src/rules/great_war/board.rs",
        "../../tests/app/cli.rs",
    ]
    .iter()
    .map(|f| std::fs::read_to_string(format!("{root}/{f}")).unwrap())
    .collect();
    let sources = folder + &files;
    let rules: Vec<&str> = doc.lines().filter(|l| l.starts_with("| GW-")).collect();
    assert_eq!(rules.len(), 70);
    for line in rules {
        let test_cell = line.rsplit('|').nth(1).unwrap();
        let names: Vec<&str> = test_cell
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|n| !n.contains('/') && !n.contains('.'))
            .map(|n| n.rsplit("::").next().unwrap())
            .collect();
        for n in names {
            assert!(sources.contains(&format!("fn {n}(")), "{n} (in {line})");
        }
    }
}
