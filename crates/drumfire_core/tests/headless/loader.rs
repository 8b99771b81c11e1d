//! Scenario loading: every kind of bad file gives a located error and no panic.

use drumfire_core::scenario;

fn errors_of(name: &str) -> Vec<String> {
    let path = format!(
        "{}/../../tests/data/bad/{name}.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    match scenario::parse(&format!("{name}.ron"), &text, &drumfire_core::rules::ALL) {
        Ok(_) => panic!("{name}.ron was accepted"),
        Err(errs) => errs.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn the_small_valid_scenario_loads() {
    let path = format!("{}/../../tests/data/small.ron", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let s = scenario::parse("small.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(s.file.counters.len(), 3);
}

#[test]
fn every_shipped_scenario_loads() {
    let dir = format!("{}/../../scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for set in std::fs::read_dir(dir).unwrap() {
        for f in std::fs::read_dir(set.unwrap().path()).unwrap() {
            let path = f.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            if let Err(errs) = scenario::parse(
                &path.display().to_string(),
                &text,
                &drumfire_core::rules::ALL,
            ) {
                panic!("{}", errs[0]);
            }
            count += 1;
        }
    }
    assert!(count >= 1);
}

#[test]
fn syntax_error_is_located() {
    assert_eq!(
        errors_of("syntax_error"),
        ["syntax_error.ron:23:19: counters[2]: Expected comma"]
    );
}

#[test]
fn unknown_unit_type_is_located() {
    assert_eq!(
        errors_of("unknown_unit_type"),
        [
            "unknown_unit_type.ron:23:40: counters[2].unit: unknown unit type `tank_company`; great_war has: cavalry_dismounted, cavalry_leader, cavalry_mounted, field_battery, horse_team, infantry_leader, machinegun, mortar, pioneer_company, rifle_company"
        ]
    );
}

#[test]
fn unknown_side_is_located() {
    assert_eq!(
        errors_of("unknown_side"),
        ["unknown_side.ron:23:26: counters[2].side: unknown side `green`; sides are: blue, red"]
    );
}

#[test]
fn off_map_hex_is_located() {
    assert_eq!(
        errors_of("off_map_hex"),
        ["off_map_hex.ron:23:62: counters[2].hex: hex 0503 is off the map (4 columns x 3 rows)"]
    );
}

#[test]
fn over_stacking_is_located() {
    assert_eq!(
        errors_of("over_stacked"),
        [
            "over_stacked.ron:23:61: counters[2].hex: over-stacked: hex 0101 would hold 3 companies (at most 2)"
        ]
    );
}

#[test]
fn duplicate_counter_is_located() {
    assert_eq!(
        errors_of("duplicate_counter"),
        [
            "duplicate_counter.ron:23:14: counters[2].id: counter id `r1` is used twice (first at counters[0].id)"
        ]
    );
}

#[test]
fn missing_field_is_located() {
    assert_eq!(
        errors_of("missing_field"),
        ["missing_field.ron:23:55: counters[2]: Unexpected missing field named `hex` in `Counter`"]
    );
}

#[test]
fn unknown_terrain_is_located() {
    assert_eq!(
        errors_of("unknown_terrain"),
        [
            "unknown_terrain.ron:11:17: map.terrain[1]: unknown terrain '?' at hex 0402; known: '.' clear, ':' craters, 'm' marsh, 'o' orchard, 't' town, 'w' woods"
        ]
    );
}

#[test]
fn broken_road_is_located() {
    assert_eq!(
        errors_of("broken_road"),
        [
            "broken_road.ron:14:23: map.roads[0]: hex 0402 does not touch 0102: a path goes hex to adjacent hex"
        ]
    );
}

#[test]
fn unknown_field_is_located() {
    assert_eq!(
        errors_of("unknown_field"),
        [
            "unknown_field.ron:6:5: Unexpected field named `weather` in `Scenario`, expected one of `rules`, `title`, `briefing`, `turns`, `map`, `sides`, `counters`, `hex_markers`, `victory`, `great_war`, `portable`, `napoleonic`, `acw`, or `wwii` instead"
        ]
    );
}

#[test]
fn garbage_never_panics() {
    let base = std::fs::read_to_string(format!(
        "{}/../../tests/data/small.ron",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    // Every prefix of a valid file, and the file with each byte replaced, is refused or accepted without a panic.
    for cut in (0..base.len()).step_by(7) {
        let _ = scenario::parse("cut.ron", &base[..cut], &drumfire_core::rules::ALL);
    }
    let bytes = base.as_bytes();
    for i in (0..bytes.len()).step_by(3) {
        for replacement in [b'"', b'(', b']', b'9', b'x'] {
            let mut b = bytes.to_vec();
            b[i] = replacement;
            if let Ok(text) = String::from_utf8(b) {
                let _ = scenario::parse("mutated.ron", &text, &drumfire_core::rules::ALL);
            }
        }
    }
}

fn small_with(from: &str, to: &str) -> Result<drumfire_core::scenario::Scenario, Vec<String>> {
    let base = std::fs::read_to_string(format!(
        "{}/../../tests/data/small.ron",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    assert_eq!(base.matches(from).count(), 1, "{from}");
    scenario::parse(
        "edited.ron",
        &base.replace(from, to),
        &drumfire_core::rules::ALL,
    )
    .map_err(|e| e.iter().map(ToString::to_string).collect())
}

/// A battle bigger than the game is measured to play (finding 8 of the two-machine
/// attack: 2,000 counters passed `check` and froze the game) is refused, naming the
/// counters.
#[test]
fn a_scenario_of_more_counters_than_the_game_can_play_is_refused() {
    use drumfire_core::scenario::MAX_COUNTERS;
    let counters = |n: usize| {
        (0..n)
            .map(|i| {
                format!(
                    "        (id: \"c{i}\", side: \"red\", unit: \"rifle_company\", hex: \"{:02}{:02}\"),\n",
                    1 + i % 40,
                    1 + i / 40
                )
            })
            .collect::<String>()
    };
    let base = std::fs::read_to_string(format!(
        "{}/../../tests/data/small.ron",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let start = base.find("    counters: [\n").unwrap() + "    counters: [\n".len();
    let end = start + base[start..].find("    ],").unwrap();
    let with = |n: usize| {
        let mut text = base.clone();
        text.replace_range(start..end, &counters(n));
        text
    };
    let errs = match scenario::parse(
        "big.ron",
        &with(MAX_COUNTERS + 1),
        &drumfire_core::rules::ALL,
    ) {
        Ok(_) => panic!("accepted"),
        Err(e) => e.iter().map(ToString::to_string).collect::<Vec<_>>(),
    };
    assert!(
        errs.iter().any(|e| e.contains(
            "counters: 1001 counters: a scenario holds at most 1000, as many as the game is measured to play"
        )),
        "{errs:?}"
    );
}

#[test]
fn optional_values_may_be_written_bare_or_wrapped() {
    let bare = small_with(r#"hex: "0403")"#, r#"hex: "0403", steps: 1)"#).unwrap();
    let wrapped = small_with(r#"hex: "0403")"#, r#"hex: "0403", steps: Some(1))"#).unwrap();
    assert_eq!(bare.file.counters[2].steps, Some(1));
    assert_eq!(wrapped.file.counters[2].steps, Some(1));
}

#[test]
fn too_many_steps_are_located() {
    assert_eq!(
        small_with(r#"hex: "0403")"#, r#"hex: "0403", steps: 3)"#).unwrap_err(),
        ["edited.ron:23:77: counters[2].steps: `rifle_company` has 1 to 2 steps, not 3"]
    );
}

#[test]
fn hex_markers_are_checked() {
    let ok = small_with(
        "    counters: [",
        "    hex_markers: [(kind: Drumfire, hex: \"0202\", side: \"red\", source: \"r1\")],\n    counters: [",
    );
    assert_eq!(ok.unwrap().file.hex_markers.len(), 1);
    let errs = small_with("    counters: [", "    hex_markers: [(kind: Drumfire, hex: \"0909\", side: \"red\", source: \"nobody\")],\n    counters: [").unwrap_err();
    assert_eq!(
        errs,
        [
            "edited.ron:20:41: hex_markers[0].hex: hex 0909 is off the map (4 columns x 3 rows)",
            "edited.ron:20:70: hex_markers[0].source: `nobody` is neither a counter nor an off-board artillery factor",
        ]
    );
}

#[test]
fn a_bad_elevation_digit_is_located() {
    let errs = small_with(
        r#"        roads: ["0102 0202 0302"],"#,
        "        elevation: [\"0000\", \"01x0\", \"0000\"],\n        roads: [\"0102 0202 0302\"],",
    )
    .unwrap_err();
    assert_eq!(
        errs,
        ["edited.ron:14:32: map.elevation[1]: elevation 'x' at hex 0302 is not a digit 0-9"]
    );
}

#[test]
fn a_scenario_artillery_plan_is_checked_and_located() {
    let side = r##"(side: "red", morale: 7),"##;
    let with_plan = |plan: &str| {
        small_with(
            side,
            &format!(
                r##"(side: "red", morale: 7, artillery_ammunition: 1,
         off_board_artillery: [(id: "guns", name: "Guns", strength: 8), (id: "more", name: "More", strength: 4)],
         artillery_plan: [{plan}]),"##
            ),
        )
    };
    let ok = with_plan(
        r#"(source: "guns", mission: PlannedFire(targets: [Some("0403"), None])), (source: "more", mission: PlannedFire(targets: [None, None]))"#,
    );
    let ok = ok.unwrap();
    assert_eq!(
        ok.file
            .section::<drumfire_core::rules::great_war::scenario::GwScenario>()
            .unwrap()
            .sides[0]
            .artillery_plan
            .len(),
        2
    );
    let errs = with_plan(
        r#"(source: "guns", mission: PlannedFire(targets: [Some("0403"), Some("0909")])), (source: "r1", mission: OpenSights)"#,
    )
    .unwrap_err();
    assert_eq!(
        errs,
        [
            "edited.ron:29:26: great_war.sides[0].artillery_plan: every artillery unit and factor of red needs a mission; missing: more",
            "edited.ron:29:53: great_war.sides[0].artillery_plan[0].mission: plotted to fire on 2 turns; the side's artillery_ammunition allows 1",
            "edited.ron:29:53: great_war.sides[0].artillery_plan[0].mission: turn 2: `0909` is not a hex of the map",
            "edited.ron:29:115: great_war.sides[0].artillery_plan[1].source: `r1` is neither an artillery unit nor an off-board factor of red",
        ]
    );
}

/// Some Windows editors start a UTF-8 file with a byte-order mark. It loads, and an
/// error in such a file is located where the player's editor shows it.
#[test]
fn a_scenario_saved_with_a_utf8_byte_order_mark_loads() {
    let base = std::fs::read_to_string(format!(
        "{}/../../tests/data/small.ron",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let s = scenario::parse(
        "bom.ron",
        &format!("\u{feff}{base}"),
        &drumfire_core::rules::ALL,
    )
    .unwrap();
    assert_eq!(s.file.counters.len(), 3);
    let bad = base.replace(r#"hex: "0403")"#, r#"hex: "0403", steps: 3)"#);
    let errs: Vec<String> = scenario::parse(
        "bom.ron",
        &format!("\u{feff}{bad}"),
        &drumfire_core::rules::ALL,
    )
    .unwrap_err()
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(
        errs,
        ["bom.ron:23:77: counters[2].steps: `rifle_company` has 1 to 2 steps, not 3"]
    );
}

/// Every screen names a side by its name: two sides named alike are refused.
#[test]
fn two_sides_with_the_same_name_are_refused_located() {
    assert_eq!(
        small_with(r#"name: "Blue""#, r#"name: " red ""#).unwrap_err(),
        [
            "edited.ron:18:28: sides[1].name: two sides are named `red`: each side needs a name of its own"
        ]
    );
    assert_eq!(
        small_with(r#"name: "Blue""#, r#"name: "  ""#).unwrap_err(),
        ["edited.ron:18:28: sides[1].name: a side needs a name to show to the players"]
    );
}

/// A rule set's section is checked and located like the rest: one entry per side, no
/// unknown side, no section of another rule set, and none missing.
#[test]
fn a_rule_set_section_is_checked_and_located() {
    let section = r#"(side: "blue", morale: 7),"#;
    assert_eq!(
        small_with(section, r#"(side: "green", morale: 7),"#).unwrap_err(),
        [
            "edited.ron:28:20: great_war.sides[1].side: unknown side `green`; sides are: red, blue",
            "edited.ron:26:16: great_war.sides: side `blue` has no entry here (its morale at least)",
        ]
    );
    assert_eq!(
        small_with(section, r#"(side: "red", morale: 7),"#).unwrap_err(),
        [
            "edited.ron:28:20: great_war.sides[1].side: side `red` is listed twice",
            "edited.ron:26:16: great_war.sides: side `blue` has no entry here (its morale at least)",
        ]
    );
    assert_eq!(
        small_with(section, r#"(side: "blue", morale: 7, activation_dice: 2),"#).unwrap_err(),
        [
            "edited.ron:28:39: great_war.sides[1]: Unexpected field named `activation_dice`, expected one of `side`, `initiative`, `morale`, `artillery_ammunition`, `ammunition_depletion`, `off_board_artillery`, or `artillery_plan` instead"
        ]
    );
    assert_eq!(
        small_with("    great_war: (", "    portable: (").unwrap_err(),
        [
            "edited.ron:25:5: a `portable` section in a `great_war` scenario: its rule set reads only a `great_war` section"
        ]
    );
    let base = std::fs::read_to_string(format!(
        "{}/../../tests/data/small.ron",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let cut = &base[..base.find("    great_war: (").unwrap()];
    let errs: Vec<String> = scenario::parse(
        "edited.ron",
        &format!("{cut})\n"),
        &drumfire_core::rules::ALL,
    )
    .unwrap_err()
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(
        errs,
        [
            "edited.ron:3:12: rules: a Great War scenario needs a `great_war: (sides: [...])` section giving each side's morale"
        ]
    );
    // The section written before `rules`: found once the whole file is read.
    let early = cut.replacen(
        "    rules: \"great_war\",",
        "    portable: (sides: []),\n    rules: \"great_war\",",
        1,
    );
    let errs: Vec<String> = scenario::parse(
        "edited.ron",
        &format!("{early})\n"),
        &drumfire_core::rules::ALL,
    )
    .unwrap_err()
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(
        errs,
        [
            "edited.ron:3:15: portable: a `portable` section in a `great_war` scenario: its rule set reads only a `great_war` section"
        ]
    );
}

#[test]
fn a_scenario_of_thousands_of_errors_reports_the_first_twenty_and_counts_the_rest() {
    // 900 counters (under the cap of 1,000), three errors each.
    // Made to be slow: every error is located by scanning the whole text, so the
    // number located is capped and the rest counted.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/portable/ukhozi_drift.ron"
    ))
    .unwrap();
    let at = text.find("counters: [").expect("counters") + "counters: [".len();
    let mut hostile = text.clone();
    let bad: String = (0..900)
        .map(|i| {
            format!(
                "(id: \"x{i}\", side: \"nobody\", unit: \"no_unit\", hex: \"9999\", name: \"X\"),"
            )
        })
        .collect();
    hostile.insert_str(at, &bad);
    let errs = drumfire_core::scenario::parse("many.ron", &hostile, &drumfire_core::rules::ALL)
        .expect_err("refused");
    assert_eq!(errs.len(), drumfire_core::scenario::MAX_ERRORS + 1);
    let last = errs.last().unwrap();
    assert!(
        last.message.starts_with("and ") && last.message.contains("more errors"),
        "{last}"
    );
    assert!(errs.iter().all(|e| e.file == "many.ron" && e.line >= 1));
}
