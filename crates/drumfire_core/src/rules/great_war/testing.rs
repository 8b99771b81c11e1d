//! Ready-made Great War games for tests.

use super::{GwOrder, setup};
use crate::game::Game;
use crate::rule_set::RuleSets;
use crate::scenario::{self, Scenario};

/// The Great War alone, to read its test battles.
static GREAT_WAR: RuleSets = RuleSets::new(&[&super::INFO], None);

/// The Great War tutorial (the program's default scenario), read here rather than
/// through the registry that lists this rule set.
const TUTORIAL: &str = include_str!("../../../../../scenarios/great_war/tutorial.ron");

/// A three-turn Great War battle on `map` (rows of terrain glyphs) between Red
/// (initiative +9, so it always wins) and Blue; `body` holds `counters: [...]` and
/// more (a `leaders: [...]` there goes into the section), `red_extra` and
/// `blue_extra` more Great War fields of each side.
pub fn great_war_battle(map: &[&str], body: &str, red_extra: &str, blue_extra: &str) -> Scenario {
    let rows: Vec<String> = map.iter().map(|r| format!("\"{r}\"")).collect();
    let (body, leaders) = take_leaders(body);
    let text = format!(
        r##"Scenario(
    rules: "great_war",
    title: "Test",
    turns: 3,
    map: (width: {w}, height: {h}, terrain: [{rows}]),
    sides: [
        (id: "red", name: "Red", colour: "#aa3333"),
        (id: "blue", name: "Blue", colour: "#3333aa"),
    ],
    {body}
    great_war: (
        sides: [
            (side: "red", initiative: 9, morale: 7,
             artillery_ammunition: 2, ammunition_depletion: 7 {red_extra}),
            (side: "blue", morale: 7,
             artillery_ammunition: 2, ammunition_depletion: 7 {blue_extra}),
        ],
        {leaders}
    ),
)"##,
        w = map[0].len(),
        h = map.len(),
        rows = rows.join(", ")
    );
    match scenario::parse("test.ron", &text, &GREAT_WAR) {
        Ok(s) => s,
        Err(e) => panic!("{}\n{text}", e[0]),
    }
}

/// Splits `leaders: [...]` (and a comma after it) out of a scenario body.
fn take_leaders(body: &str) -> (String, String) {
    let with_comma = |b: &str| {
        let b = b.trim_end();
        if b.is_empty() || b.ends_with(',') {
            b.to_owned()
        } else {
            format!("{b},")
        }
    };
    let Some(start) = body.find("leaders: [") else {
        return (with_comma(body), String::new());
    };
    let mut depth = 0;
    let mut end = body.len();
    for (i, c) in body[start..].char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => {
                depth -= 1;
                if depth == 0 {
                    end = start + i + 1;
                    break;
                }
            }
            _ => {}
        }
    }
    let leaders = format!("{},", &body[start..end]);
    let rest = body[end..].strip_prefix(',').unwrap_or(&body[end..]);
    (
        with_comma(&format!("{}\n{rest}", with_comma(&body[..start]))),
        leaders,
    )
}

/// Files the quiet plan for every side that owes one, so play begins.
pub fn skip_setup(game: &mut Game) {
    while game.phase() == crate::flow::Phase::Setup {
        let Some(side) = game.awaiting() else {
            return;
        };
        let missions = setup::open_sights_plan(game.world(), side);
        if let Err(r) = game.submit(GwOrder::Plan { side, missions }.into()) {
            panic!("the quiet plan was refused: {r}");
        }
    }
}

/// The default scenario with `seed`, set-up done with quiet plans: turn 1 under way.
pub fn tutorial_started(seed: u64) -> Game {
    let tutorial = scenario::parse("scenarios/great_war/tutorial.ron", TUTORIAL, &GREAT_WAR)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let mut game = Game::new(&tutorial, seed);
    skip_setup(&mut game);
    game
}
