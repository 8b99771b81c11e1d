//! Exact odds: every roll of every round of an assault, the odds panel, the rules doc's
//! odds the code's.

use super::*;

/// Every result of every roll of every round, by plain enumeration.
fn enumerate(sides: [Side; 2], meeting: Meeting) -> std::collections::BTreeMap<Result, u64> {
    let rounds = u32::from(meeting.rounds());
    let mut out = std::collections::BTreeMap::new();
    for n in 0..36u32.pow(rounds) {
        let dice: Vec<[u8; 2]> = (0..rounds)
            .map(|k| {
                let r = n / 36u32.pow(k) % 36;
                [(r / 6) as u8 + 1, (r % 6) as u8 + 1]
            })
            .collect();
        *out.entry(fight(sides, meeting, &dice).0).or_insert(0u64) += 1;
    }
    out
}

#[test]
fn the_exact_odds_of_an_assault_are_every_roll_of_every_round() {
    for (sides, meeting) in [
        ([side(6, 0), side(6, 0)], Meeting::Personnel),
        ([side(3, 1), side(8, -1)], Meeting::Personnel),
        ([side(2, 0), side(1, 2)], Meeting::Personnel),
        ([side(10, -2), side(4, 1)], Meeting::Personnel),
        ([side(4, 1), side(6, 0)], Meeting::CavalryAgainstPersonnel),
        ([side(3, 1), side(3, 1)], Meeting::CavalryAgainstCavalry),
    ] {
        let odds = assault_odds(sides, meeting);
        assert_eq!(odds.of, 36u64.pow(u32::from(meeting.rounds())));
        assert_eq!(
            odds.results,
            enumerate(sides, meeting),
            "{sides:?} {meeting:?}"
        );
        assert_eq!(odds.ways(|_| true), odds.of);
        assert_eq!(odds.lost(0).values().sum::<u64>(), odds.of);
    }
    // Even sides of six: by symmetry each is demoralized as often; the ties, counted
    // again by a separate script over the 46,656 rolls, are 4,332.
    let odds = assault_odds([side(6, 0), side(6, 0)], Meeting::Personnel);
    let demoralized = |s| odds.ways(|r| r.ending == Ending::Demoralized(s));
    assert_eq!(demoralized(0), demoralized(1));
    assert_eq!(odds.ways(|r| r.ending == Ending::Tie), 4_332);
}

#[test]
fn the_odds_panel_of_an_assault_shows_every_modifier_ending_and_loss() {
    use drumfire_core::rules::wwii::personnel_assault::odds_of;
    let odds = odds_of(
        ["1st Platoon", "Bunker Group"],
        [6, 6],
        [
            vec![(1, "great training".to_owned())],
            vec![
                (1, "in solid cover or better".to_owned()),
                (-1, "prone".to_owned()),
            ],
        ],
        Meeting::Personnel,
    );
    assert_eq!(odds.check(), Ok(()));
    assert_eq!(odds.title, "Assault: 1st Platoon against Bunker Group");
    assert_eq!(
        odds.modifiers
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "+1 1st Platoon's roll: great training",
            "+1 Bunker Group's roll: in solid cover or better",
            "-1 Bunker Group's roll: prone"
        ]
    );
    // The modifiers sum to +1 against 0: the same odds as the bare rounds at +1.
    let bare = assault_odds([side(6, 1), side(6, 0)], Meeting::Personnel);
    let tie = odds
        .outcomes
        .iter()
        .find(|o| o.label.starts_with("a tie"))
        .unwrap();
    assert_eq!(tie.chance.ways, bare.ways(|r| r.ending == Ending::Tie));
    assert_eq!(tie.chance.of, 46_656);
    assert_eq!(odds.more.len(), 2);
    assert_eq!(odds.more[1].heading, "Bases lost by Bunker Group");
}

#[test]
fn the_exact_odds_in_the_rules_doc_are_the_codes() {
    // docs/rules/wwii.md "Exact odds": every chance there, computed by the rules' own
    // odds functions (`odds_tables.rs`).
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/rules/wwii.md"
    ))
    .unwrap();
    let begin = "<!-- odds:begin -->\n";
    let start = doc.find(begin).expect("the odds markers") + begin.len();
    let end = doc.find("<!-- odds:end -->").unwrap();
    let coded = drumfire_core::rules::wwii::odds_tables::markdown();
    assert_eq!(doc[start..end].trim(), coded.trim(), "\n{coded}");
}
