//! Hostile files: too big, too deep, huge numbers, unknown fields, the wrong rule set.
//! Each is refused with a located error naming the file — never a panic, never a hang.

use drumfire_core::error::LocatedError;
use drumfire_core::{save, scenario};

fn small() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/small.ron"
    ))
    .unwrap()
}

fn scenario_errors(text: &str) -> Vec<LocatedError> {
    match scenario::parse("hostile.ron", text, &drumfire_core::rules::ALL) {
        Ok(_) => vec![],
        Err(e) => e,
    }
}

fn first(text: &str) -> String {
    let errs = scenario_errors(text);
    assert!(!errs.is_empty(), "accepted");
    assert!(
        errs.iter()
            .all(|e| e.file == "hostile.ron" && e.line >= 1 && e.col >= 1)
    );
    errs[0].to_string()
}

#[test]
fn a_file_over_the_size_limit_is_refused_before_it_is_parsed() {
    let mut text = small();
    text.push_str(&" ".repeat(drumfire_core::error::MAX_FILE_BYTES + 1 - text.len()));
    let e = first(&text);
    assert!(e.starts_with("hostile.ron:1:1: "), "{e}");
    assert!(e.contains("larger than"), "{e}");
    let big = format!("Save({})", " ".repeat(drumfire_core::error::MAX_FILE_BYTES));
    let e = save::parse("hostile.save.ron", &big, &drumfire_core::rules::ALL).unwrap_err();
    assert!(e[0].to_string().contains("larger than"), "{}", e[0]);
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = format!(
        "Scenario(rules: \"great_war\", title: {}1{})",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let e = first(&deep);
    assert!(e.starts_with("hostile.ron:1:"), "{e}");
    let deep = format!("Save(orders: {}{})", "(".repeat(50_000), ")".repeat(50_000));
    assert!(save::parse("hostile.save.ron", &deep, &drumfire_core::rules::ALL).is_err());
}

#[test]
fn huge_numbers_are_located_errors() {
    let text = small();
    for (from, to) in [
        ("turns: ", "turns: 99999999999999999999999, //"),
        ("turns: ", "turns: -5, //"),
        ("width: ", "width: 4294967296, //"),
        ("width: ", "width: 65535, //"),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        let e = first(&bad);
        assert!(e.starts_with("hostile.ron:"), "{e}");
    }
}

#[test]
fn a_map_too_large_to_play_is_refused() {
    let text = small();
    let bad =
        text.replacen("width: ", "width: 5000, //", 1)
            .replacen("height: ", "height: 5000, //", 1);
    let e = first(&bad);
    assert!(e.contains("map"), "{e}");
}

#[test]
fn unknown_fields_and_the_wrong_rule_set_are_named() {
    let text = small();
    let e = first(&text.replacen("title:", "mischief: 1, title:", 1));
    assert!(e.contains("mischief"), "{e}");
    let e = first(&text.replacen("\"great_war\"", "\"chess\"", 1));
    assert!(e.contains("chess"), "{e}");
    // A Great War scenario with the Portable rules' name fails Portable's checks, located.
    let e = first(&text.replacen("\"great_war\"", "\"portable\"", 1));
    assert!(e.starts_with("hostile.ron:"), "{e}");
}
