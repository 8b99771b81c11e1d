//! The scenario editor without a screen: edits, undo/redo, refusals, and a scenario
//! built from nothing that `drumfire check` accepts and that re-saves byte-identical.

use drumfire_core::counters::LeaderKind;
use drumfire_core::editor::{CrossingEdit, Edit, Editor, SideField};
use drumfire_core::rules::GREAT_WAR;
use drumfire_core::rules::great_war::editor::{GwEdit, SideField as GwSideField};
use drumfire_core::rules::great_war::{Assignment, Mission};
use drumfire_core::rules::portable::editor::PtEdit;
use drumfire_core::scenario;

fn s(x: &str) -> String {
    x.to_owned()
}

/// Every kind of edit, in the order a designer might make them.
fn build() -> Vec<Edit> {
    [map_edits(), unit_edits(), side_edits()].concat()
}

/// The map's edits: its size, title, briefing, length, terrain, heights, roads and rivers.
fn map_edits() -> Vec<Edit> {
    vec![
        Edit::Resize {
            width: 12,
            height: 10,
            glyph: '.',
        },
        Edit::Title(s("Bois de la Hache")),
        Edit::Briefing(s("Red must take the wood and the farm.")),
        Edit::Turns(6),
        Edit::Paint {
            hex: s("0505"),
            glyph: 'w',
        },
        Edit::Paint {
            hex: s("0506"),
            glyph: 'w',
        },
        Edit::Fill {
            hex: s("0101"),
            glyph: 'o',
        },
        // The fill took every clear hex joined to 0101; paint some back.
        Edit::Fill {
            hex: s("0101"),
            glyph: '.',
        },
        Edit::Paint {
            hex: s("0908"),
            glyph: 't',
        },
        Edit::Elevation {
            hex: s("0908"),
            up: true,
        },
        Edit::Elevation {
            hex: s("0908"),
            up: true,
        },
        Edit::Elevation {
            hex: s("0908"),
            up: false,
        },
        Edit::Road {
            from: s("0108"),
            to: s("0208"),
        },
        Edit::Road {
            from: s("0208"),
            to: s("0308"),
        },
        Edit::River {
            from: s("0701"),
            to: s("0702"),
        },
        Edit::River {
            from: s("0702"),
            to: s("0703"),
        },
        Edit::Crossing {
            hex: s("0702"),
            kind: CrossingEdit::Ford,
        },
        Edit::Crossing {
            hex: s("0703"),
            kind: CrossingEdit::Bridge,
        },
    ]
}

/// The units' edits: placing, moving, reducing, mounting, renaming and a leader.
fn unit_edits() -> Vec<Edit> {
    let unit = |side: &str, unit: &str, hex: &str| Edit::PlaceUnit {
        side: s(side),
        unit: s(unit),
        hex: s(hex),
    };
    vec![
        unit("red", "rifle_company", "0102"),
        unit("red", "rifle_company", "0103"),
        unit("red", "cavalry_mounted", "0104"),
        unit("red", "field_battery", "0105"),
        unit("blue", "rifle_company", "0908"),
        unit("blue", "machinegun", "0908"),
        Edit::Move {
            id: s("red_rifle_company_2"),
            hex: s("0203"),
        },
        Edit::Steps {
            id: s("blue_rifle_company_1"),
            steps: 1,
        },
        Edit::Mount {
            id: s("red_cavalry_mounted_1"),
        },
        Edit::Rename {
            id: s("red_rifle_company_1"),
            name: s("1./IR 99"),
        },
        GwEdit::PlaceLeader {
            side: s("red"),
            kind: LeaderKind::Infantry,
            rank: 2,
            hex: s("0102"),
        }
        .into(),
        GwEdit::Flip {
            id: s("red_leader_1"),
            flip: false,
        }
        .into(),
    ]
}

/// The sides' edits: initiative, names, fire support, missions, objectives and scoring.
fn side_edits() -> Vec<Edit> {
    vec![
        GwEdit::Side {
            index: 0,
            field: GwSideField::Initiative(1),
        }
        .into(),
        Edit::Side {
            index: 1,
            field: SideField::Name(s("Blue Force")),
        },
        GwEdit::Side {
            index: 0,
            field: GwSideField::AddFactor(s("red_heavy"), s("Heavy guns"), 12),
        }
        .into(),
        GwEdit::Missions {
            side: s("red"),
            missions: vec![
                Assignment {
                    source: s("red_field_battery_1"),
                    mission: Mission::OpenSights,
                },
                Assignment {
                    source: s("red_heavy"),
                    mission: Mission::PlannedFire {
                        targets: vec![Some(s("0908")), Some(s("0908")), None, None, None, None],
                    },
                },
            ],
        }
        .into(),
        Edit::Objective {
            hex: s("0908"),
            points: 5,
            held_by: Some(s("blue")),
        },
        Edit::Objective {
            hex: s("0505"),
            points: 2,
            held_by: None,
        },
        Edit::StepLossPoints(1),
    ]
}

#[test]
fn a_scenario_built_by_edits_passes_check_and_resaves_byte_identical() {
    let mut ed = Editor::new(&drumfire_core::rules::ALL, &GREAT_WAR, "built.ron");
    for e in build() {
        ed.apply(&e).unwrap_or_else(|why| panic!("{e:?}: {why}"));
    }
    let f = &ed.file;
    assert_eq!(f.map.terrain[4].chars().nth(4), Some('w'));
    assert_eq!(f.map.terrain[0], "............");
    assert_eq!(f.map.elevation[7].chars().nth(8), Some('1'));
    assert_eq!(f.map.roads, ["0108 0208 0308"]);
    assert_eq!(f.map.rivers, ["0701 0702 0703"]);
    assert_eq!(
        (f.map.fords.clone(), f.map.bridges.clone()),
        (vec![s("0702")], vec![s("0703")])
    );
    assert_eq!(f.counters[1].hex, "0203");
    assert_eq!(f.counters[2].unit, "cavalry_dismounted");
    assert_eq!(f.counters[4].steps, Some(1));
    assert!(
        !f.section::<drumfire_core::rules::great_war::scenario::GwScenario>()
            .unwrap()
            .leaders[0]
            .flip
    );

    let checked = ed.check().unwrap_or_else(|e| panic!("{}", e[0]));
    assert_eq!(checked.file, ed.file);
    let dir = std::env::temp_dir().join(format!("drumfire-editor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("built.ron");
    ed.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    // `drumfire check` reads it.
    scenario::parse("built.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    // Loaded and saved again: the same bytes.
    let again = Editor::open("built.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(again.file, ed.file);
    assert_eq!(again.to_text(), text);
    // And it plays.
    let mut game = drumfire_core::game::Game::new(&checked, 1);
    assert_eq!(game.awaiting(), Some(0));
    let plan = checked
        .file
        .section::<drumfire_core::rules::great_war::scenario::GwScenario>()
        .unwrap()
        .sides[0]
        .artillery_plan
        .clone();
    game.submit(drumfire_core::orders::Order::from(
        drumfire_core::rules::great_war::GwOrder::Plan {
            side: 0,
            missions: plan,
        },
    ))
    .unwrap();
}

#[test]
fn every_edit_undoes_and_redoes() {
    let mut ed = Editor::new(&drumfire_core::rules::ALL, &GREAT_WAR, "undo.ron");
    let mut states = vec![ed.file.clone()];
    for e in build() {
        ed.apply(&e).unwrap();
        states.push(ed.file.clone());
    }
    // Back to the start, one edit at a time.
    for want in states.iter().rev().skip(1) {
        assert!(ed.undo());
        assert_eq!(&ed.file, want);
    }
    assert!(!ed.undo());
    for want in states.iter().skip(1) {
        assert!(ed.redo());
        assert_eq!(&ed.file, want);
    }
    assert!(!ed.redo());
    // A new edit after an undo drops what could be redone.
    ed.undo();
    ed.apply(&Edit::Turns(9)).unwrap();
    assert_eq!(ed.can_undo_redo(), (true, false));
}

#[test]
fn impossible_edits_are_refused_and_change_nothing() {
    let mut ed = Editor::new(&drumfire_core::rules::ALL, &GREAT_WAR, "bad.ron");
    let before = ed.file.clone();
    let refusals = [
        (
            Edit::Paint {
                hex: s("1713"),
                glyph: 'w',
            },
            "hex 1713 is off the 16x12 map",
        ),
        (
            Edit::Paint {
                hex: s("0101"),
                glyph: 'Z',
            },
            "`Z` is not a terrain of the Great War rules",
        ),
        (
            Edit::Road {
                from: s("0101"),
                to: s("0303"),
            },
            "0101 and 0303 are not adjacent",
        ),
        (
            Edit::Crossing {
                hex: s("0505"),
                kind: CrossingEdit::Bridge,
            },
            "hex 0505 has no river to cross",
        ),
        (
            Edit::PlaceUnit {
                side: s("green"),
                unit: s("rifle_company"),
                hex: s("0101"),
            },
            "there is no side `green`",
        ),
        (
            Edit::PlaceUnit {
                side: s("red"),
                unit: s("tank"),
                hex: s("0101"),
            },
            "`tank` is not a unit type of the Great War rules",
        ),
        (
            Edit::Resize {
                width: 0,
                height: 5,
                glyph: '.',
            },
            "a map is 1 to 200 hexes each way, not 0x5",
        ),
        (Edit::Turns(0), "a game lasts at least 1 turn"),
        (
            Edit::Side {
                index: 0,
                field: SideField::Colour(s("red")),
            },
            "`red` is not a colour like #3a5fb0",
        ),
    ];
    for (edit, why) in refusals {
        let got = ed.apply(&edit).unwrap_err();
        assert_eq!(got, why, "{edit:?}");
        assert_eq!(ed.file, before);
    }
    assert_eq!(ed.can_undo_redo(), (false, false));
}

#[test]
fn resizing_keeps_what_fits_and_drops_what_does_not() {
    let mut ed = Editor::new(&drumfire_core::rules::ALL, &GREAT_WAR, "resize.ron");
    for e in [
        Edit::Road {
            from: s("0101"),
            to: s("0201"),
        },
        Edit::Road {
            from: s("0201"),
            to: s("0301"),
        },
        Edit::PlaceUnit {
            side: s("red"),
            unit: s("rifle_company"),
            hex: s("0301"),
        },
        Edit::PlaceUnit {
            side: s("red"),
            unit: s("rifle_company"),
            hex: s("0101"),
        },
        Edit::Resize {
            width: 2,
            height: 3,
            glyph: 'w',
        },
        Edit::Resize {
            width: 3,
            height: 3,
            glyph: 'w',
        },
    ] {
        ed.apply(&e).unwrap();
    }
    assert_eq!(ed.file.map.terrain, ["..w", "..w", "..w"]);
    assert_eq!(ed.file.map.roads, ["0101 0201"]);
    assert_eq!(ed.file.counters.len(), 1);
    assert_eq!(ed.file.counters[0].hex, "0101");
}

#[test]
fn shipped_scenarios_resave_byte_identical_and_still_check() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let files = std::fs::read_dir(root)
        .unwrap()
        .flat_map(|set| std::fs::read_dir(set.unwrap().path()).unwrap());
    for entry in files {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        let first = Editor::open(&name, &text, &drumfire_core::rules::ALL).unwrap();
        let written = first.to_text();
        let checked = scenario::parse(&name, &written, &drumfire_core::rules::ALL)
            .unwrap_or_else(|e| panic!("{}", e[0]));
        assert_eq!(checked.file, first.file, "{name}");
        let second = Editor::open(&name, &written, &drumfire_core::rules::ALL).unwrap();
        assert_eq!(second.to_text(), written, "{name}");
    }
}

#[test]
fn a_check_error_leads_to_its_hex() {
    let mut ed = Editor::new(&drumfire_core::rules::ALL, &GREAT_WAR, "stack.ron");
    for _ in 0..4 {
        ed.apply(&Edit::PlaceUnit {
            side: s("red"),
            unit: s("rifle_company"),
            hex: s("0405"),
        })
        .unwrap();
    }
    let errors = ed.check().unwrap_err();
    assert!(!errors.is_empty());
    let hexes: Vec<Option<String>> = errors.iter().map(|e| ed.error_hex(e)).collect();
    assert!(hexes.contains(&Some(s("0405"))), "{errors:?}");
    // Errors are located in the text the editor saves.
    assert!(
        errors[0].to_string().starts_with("stack.ron:"),
        "{}",
        errors[0]
    );
    // An error in a rule set's section leads to the hex of the leader it names.
    let text = std::fs::read_to_string(format!(
        "{}/../../scenarios/great_war/tutorial.ron",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .replace(
        "kind: Infantry, rank: 1, morale: 7",
        "kind: Infantry, rank: 0, morale: 7",
    );
    let ed = Editor::open("rank.ron", &text, &drumfire_core::rules::ALL).unwrap();
    let errors = ed.check().unwrap_err();
    assert_eq!(errors[0].field, "great_war.leaders[1].rank");
    assert_eq!(ed.error_hex(&errors[0]), Some(s("0108")));
}

#[test]
fn a_stroke_across_hexes_undoes_as_one_edit() {
    let mut ed = Editor::new(&drumfire_core::rules::ALL, &GREAT_WAR, "stroke.ron");
    let start = ed.file.clone();
    let paint = |hex: &str| Edit::Paint {
        hex: s(hex),
        glyph: 'w',
    };
    ed.apply(&paint("0101")).unwrap();
    ed.apply_continuing(&paint("0201")).unwrap();
    ed.apply_continuing(&paint("0301")).unwrap();
    assert_eq!(ed.file.map.terrain[0], "www.............");
    assert!(ed.undo());
    assert_eq!(ed.file, start);
    assert!(ed.redo());
    assert_eq!(ed.file.map.terrain[0], "www.............");
    // A stroke that starts on a hex already painted is still an edit of its own.
    ed.apply(&paint("0301")).unwrap();
    ed.apply_continuing(&paint("0401")).unwrap();
    assert!(ed.undo());
    assert_eq!(ed.file.map.terrain[0], "www.............");
}

#[test]
fn a_file_whose_map_cannot_be_drawn_is_refused_with_a_located_error() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/great_war/tutorial.ron"
    );
    let text = std::fs::read_to_string(path).unwrap();
    // One terrain row a hex short.
    let short = text.replacen("\"....ww......oo..\"", "\"....ww......oo.\"", 1);
    assert_ne!(short, text);
    let err = Editor::open("short.ron", &short, &drumfire_core::rules::ALL).unwrap_err();
    assert!(err.field.starts_with("map"), "{err}");
    assert!(err.line > 1, "{err}");
    // No sides at all.
    let start = text.find("sides: [").unwrap();
    let end = text.find("counters: [").unwrap();
    let mut sideless = text.clone();
    sideless.replace_range(start..end, "sides: [],\n    ");
    let err = Editor::open("sideless.ron", &sideless, &drumfire_core::rules::ALL).unwrap_err();
    assert!(err.to_string().starts_with("sideless.ron:"), "{err}");
    // Not RON at all.
    assert!(Editor::open("junk.ron", "Scenario(", &drumfire_core::rules::ALL).is_err());
}

#[test]
fn a_portable_scenario_is_built_with_activation_dice_and_facings() {
    use drumfire_core::rules::PORTABLE;
    use drumfire_core::scenario::FacingDef;
    let mut ed = Editor::new(&drumfire_core::rules::ALL, &PORTABLE, "portable.ron");
    let unit = |side: &str, unit: &str, hex: &str| Edit::PlaceUnit {
        side: s(side),
        unit: s(unit),
        hex: s(hex),
    };
    for e in [
        unit("red", "infantry_rifles", "0305"),
        unit("red", "command", "0306"),
        unit("blue", "cavalry_regular", "1205"),
        PtEdit::ActivationDice { index: 1, dice: 2 }.into(),
        Edit::Facing {
            id: s("red_infantry_rifles_1"),
            facing: Some(FacingDef::NorthEast),
        },
    ] {
        ed.apply(&e).unwrap_or_else(|why| panic!("{e:?}: {why}"));
    }
    assert_eq!(
        ed.apply(&PtEdit::ActivationDice { index: 0, dice: 0 }.into()),
        Err(s("a side throws at least 1 activation die"))
    );
    let checked = ed.check().unwrap_or_else(|e| panic!("{}", e[0]));
    let pt = checked
        .file
        .section::<drumfire_core::rules::portable::scenario::PtScenario>()
        .unwrap();
    assert_eq!(pt.sides[1].activation_dice, 2);
    let text = ed.to_text();
    assert!(text.contains("facing: Some(NorthEast)"), "{text}");
    assert_eq!(
        Editor::open("portable.ron", &text, &drumfire_core::rules::ALL)
            .unwrap()
            .to_text(),
        text
    );
    // It plays: the rifles face as set, the others face the nearest enemy.
    let game = drumfire_core::game::Game::new(&checked, 1);
    let facing = |id: &str| {
        let e = game
            .world()
            .resource::<drumfire_core::counters::PieceIds>()
            .get(id)
            .unwrap();
        FacingDef::of(
            game.world()
                .get::<drumfire_core::counters::Facing>(e)
                .unwrap()
                .0,
        )
    };
    assert_eq!(facing("red_infantry_rifles_1"), FacingDef::NorthEast);
    assert!(game.awaiting().is_some());
}

#[test]
fn every_rule_sets_new_map_starts_as_open_ground() {
    for rules in drumfire_core::rules::ALL.iter() {
        let ed = Editor::new(&drumfire_core::rules::ALL, rules, "new.ron");
        let data = rules.data();
        let glyph = ed.file.map.terrain[0].chars().next().unwrap();
        let terrain = data
            .terrain
            .values()
            .find(|t| t.glyph == glyph)
            .unwrap_or_else(|| panic!("{}: `{glyph}` is no terrain", rules.id));
        // Each rule set's own open ground, by its id: not merely some terrain that costs
        // one and hides nothing (the Napoleonic fields do too).
        let open = match rules.id {
            "great_war" | "portable" => "clear",
            "acw" | "napoleonic" | "wwii" => "open",
            other => panic!("{other}: which terrain is its open ground?"),
        };
        assert_eq!(
            terrain.id, open,
            "{}: a new map of {}",
            rules.id, terrain.name
        );
        assert!(
            terrain.move_cost == Some(1) && !terrain.cover && !terrain.blocks_sight,
            "{}: {} is no open ground",
            rules.id,
            terrain.id
        );
        assert!(
            ed.file
                .map
                .terrain
                .iter()
                .all(|row| row.chars().all(|c| c == glyph)),
            "{}: one terrain all over",
            rules.id
        );
    }
}
