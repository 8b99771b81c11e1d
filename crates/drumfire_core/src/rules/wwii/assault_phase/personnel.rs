//! The personnel assault fought out: a die a side a round, each round told in words,
//! the losses spread over each side's units and the fight kept for the log.

use super::super::personnel_assault::Assault;
use super::super::roll;
use super::super::state::Fought;
use super::*;

/// Fights the personnel assault of a group: a die a side a round until its rounds are
/// fought or a group is eliminated; the losses, spread over each side's units, and the
/// ending carried out.
pub(super) fn fight_personnel(world: &mut World, setup: &Setup) -> Result {
    let ids: [Vec<String>; 2] =
        [0, 1].map(|s| setup.units[s].iter().map(|u| u.id.clone()).collect());
    let sides = setup.sides();
    let mut a = Assault::new(sides, setup.meeting);
    let mut rounds = Vec::new();
    let who = [names(world, &ids[0]), names(world, &ids[1])];
    while !a.over() {
        let d = roll(
            world,
            2,
            format!(
                "assault round {}: {} against {}",
                a.fought + 1,
                who[0],
                who[1]
            ),
        );
        let winner = a.roll([d[0], d[1]]);
        say(
            world,
            format!(
                "Assault round {}: {} {} against {} {}: {}.",
                a.fought,
                who[0],
                scored(d[0], sides[0].modifier),
                who[1],
                scored(d[1], sides[1].modifier),
                match winner {
                    Some(w) => format!(
                        "{} wins, {} down {} of {}",
                        who[w],
                        who[1 - w],
                        a.lost[1 - w],
                        sides[1 - w].bases
                    ),
                    None => "drawn".to_owned(),
                }
            ),
        );
        rounds.push(d);
    }
    let result = a.result();
    say(
        world,
        format!(
            "The assault: {}.",
            result.ending.describe([&who[0], &who[1]])
        ),
    );
    spread(world, &ids[0], result.lost[0]);
    spread(world, &ids[1], result.lost[1]);
    carry_out_ending(world, [&ids[0], &ids[1]], &result);
    let turn = world.resource::<crate::flow::Turn>().0;
    world.resource_mut::<WwiiState>().fought.push(Fought {
        turn,
        kind: "Assault".into(),
        units: ids.clone(),
        modifiers: setup.modifiers.clone(),
        first_dice: vec![1; rounds.len()],
        rounds,
        lost: result.lost,
        ending: result.ending.describe([&who[0], &who[1]]),
    });
    result
}

/// A die and its modifier in words: "4", or "4 (-2) = 2".
fn scored(die: u8, m: i32) -> String {
    if m == 0 {
        die.to_string()
    } else {
        format!("{die} ({m:+}) = {}", i32::from(die) + m)
    }
}
