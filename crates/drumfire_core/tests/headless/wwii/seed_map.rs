//! From the seed to the code: every choice we designed marked, every seed sentence built
//! and named by a test.

#[test]
fn every_choice_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) = drumfire_core::testing::designed_marks("wwii.md", "| W-D", "W-D", "wwii");
    assert_eq!(listed, 32);
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn every_seed_sentence_is_built_and_named_by_a_test() {
    let root = env!("CARGO_MANIFEST_DIR");
    let tests = drumfire_core::testing::sources_under(&format!("{root}/tests/headless/wwii"));
    let (rows, wrong) = drumfire_core::testing::seed_rows("wwii.md", "| WW-", &tests);
    assert_eq!(rows, 41);
    assert!(wrong.is_empty(), "{wrong:#?}");
}
