//! Designed by us: every choice marked where it lives.

/// Every choice the docs list as ours (P-1...) is marked `Ours — P-n` in the rule set's
/// code or data, where it lives; and no mark names a P-n the docs do not list.
#[test]
fn every_choice_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) =
        drumfire_core::testing::designed_marks("portable.md", "| P-", "P-", "portable");
    assert_eq!(listed, 16);
    assert!(wrong.is_empty(), "{wrong:?}");
}
