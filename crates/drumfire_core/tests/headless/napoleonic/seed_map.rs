//! From the seed to the code: every choice we designed marked, every test the rules map
//! names exists.

#[test]
fn every_choice_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) =
        drumfire_core::testing::designed_marks("napoleonic.md", "| N-", "N-", "napoleonic");
    assert_eq!(listed, 34);
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn every_test_the_rules_map_names_exists() {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/../../docs/rules/napoleonic.md")).unwrap();
    let tests = drumfire_core::testing::sources_under(&format!("{root}/tests/headless/napoleonic"));
    for line in doc.lines().filter(|l| {
        // The seed's rows, and those of ours that name their tests (four cells).
        l.starts_with("| NP-") || (l.starts_with("| N-") && l.matches('|').count() == 5)
    }) {
        let test_cell = line.rsplit('|').nth(1).unwrap_or("");
        if test_cell.trim() == "same" {
            continue;
        }
        for name in test_cell.split('`').skip(1).step_by(2) {
            assert!(
                tests.contains(&format!("fn {name}(")),
                "{name}, named in docs/rules/napoleonic.md, is no test"
            );
        }
        assert!(test_cell.contains('`'), "no test for {line}");
    }
}
