//! From the seed to the code: every choice we designed marked, every seed sentence built
//! and tested or marked to come.

#[test]
fn every_choice_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) = drumfire_core::testing::designed_marks("acw.md", "| A-", "A-", "acw");
    assert_eq!(listed, 35);
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn every_seed_sentence_is_built_and_tested_or_marked_to_come() {
    let root = env!("CARGO_MANIFEST_DIR");
    let tests = drumfire_core::testing::sources_under(&format!("{root}/tests/headless/acw"));
    let (rows, wrong) = drumfire_core::testing::seed_rows("acw.md", "| AC-", &tests);
    assert_eq!(rows, 38);
    assert!(wrong.is_empty(), "{wrong:#?}");
}
