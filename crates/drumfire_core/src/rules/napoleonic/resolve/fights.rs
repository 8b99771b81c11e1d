//! The fights: a contest of combat factors read on the result table, a skirmish's
//! dice, and the dice of a bombardment or a volley.

use super::super::combat::{Row, SkirmishSituation};
use super::aftermath::{alive, casualties, morale_test, retire, rout};
use super::*;

/// A contest of combat factors (rules 10, 12, 13): the winner on factors rolls 2d6
/// plus the difference, and the row says what happens to both.
/// Ours — N-17 in docs/rules/napoleonic.md: in a firefight the target always fires
/// back; the one contest is both sides' fire.
pub(super) fn contest_fight(
    world: &mut World,
    p: &Piece,
    t: &Piece,
    fight: Fight,
    contest: combat::Contest,
) {
    let plan = combat::plan(contest, &p.fighter(), &t.fighter());
    let (winner, loser) = if plan.attacker_wins { (p, t) } else { (t, p) };
    let dice = roll(world, 2, format!("{}: {}", fight.name(), winner.name));
    let total = i32::from(dice[0]) + i32::from(dice[1]) + plan.difference;
    let row = Row::of(total);
    let mut shifts: Vec<(i32, String)> = plan
        .attacker
        .iter()
        .map(|(v, c)| (*v, format!("{}: {c}", p.name)))
        .collect();
    shifts.extend(
        plan.defender
            .iter()
            .map(|(v, c)| (*v, format!("{}: {c}", t.name))),
    );
    note(
        world,
        GameEvent::Fired {
            kind: fight.name().into(),
            table: "the result table".into(),
            side: p.side,
            firers: vec![p.id.clone()],
            target: view::label(t.hex),
            strength: 0,
            shifts,
            column: if plan.difference == 0 {
                format!("{} rolls", winner.name)
            } else {
                format!("{} rolls {:+}", winner.name, plan.difference)
            },
            dice,
            result: if plan.difference == 0 {
                row.happened(&winner.name, &loser.name)
            } else {
                format!(
                    "{:+} makes {total}, {}",
                    plan.difference,
                    row.happened(&winner.name, &loser.name)
                )
            },
        },
    );
    apply_row(world, fight, row, winner, loser);
    // Ours — N-23 in docs/rules/napoleonic.md: charging blows the horses; the charger
    // is Disordered after its charge, whatever the result.
    if fight == Fight::Charge
        && let Some(now) = view::piece(world, &p.id)
        && !now.routed
        && !now.disordered
    {
        add_marker(&mut world.entity_mut(now.entity), MarkerKind::Disordered);
        say(world, format!("{}'s horses are blown: Disordered.", p.name));
    }
    // Ours — N-13 in docs/rules/napoleonic.md: when the garrison of a built-up area
    // or wood is pushed out, an attacker on Attack orders goes in.
    if fight == Fight::Inside
        && p.brigade.command == Command::Attack
        && let Some(e) = alive(world, &p.id)
        && view::piece_at(world, t.hex).is_none()
        && view::piece(world, &p.id).is_some_and(|now| now.hex == p.hex && !now.routed)
        && view::friend_inside(world, &view::pieces(world), p.side, &p.id, t.hex).is_none()
    {
        put(world, e, p.hex, t.hex);
        face(world, e, p.hex, t.hex);
        say(
            world,
            format!("{} goes in to {}.", p.name, view::label(t.hex)),
        );
    }
}

/// What the row of the result table does to the winner and the loser, the winner's
/// fate first.
fn apply_row(world: &mut World, fight: Fight, row: Row, winner: &Piece, loser: &Piece) {
    let (to_winner, to_loser) = row.casualties();
    let winner_alive = casualties(world, winner, to_winner);
    let loser_alive = casualties(world, loser, to_loser);
    match row {
        Row::WinnerRouts if winner_alive => rout(world, &winner.id, loser.hex),
        Row::WinnerRetires if winner_alive => retire(world, &winner.id, loser.hex),
        Row::Draw => {
            for b in [winner, loser] {
                if let Some(e) = alive(world, &b.id) {
                    add_marker(&mut world.entity_mut(e), MarkerKind::Disordered);
                }
            }
        }
        Row::LoserRetires if loser_alive => retire(world, &loser.id, winner.hex),
        Row::LoserRouts if loser_alive => rout(world, &loser.id, winner.hex),
        _ => {}
    }
    // Ours — N-28 in docs/rules/napoleonic.md: the winner of a fight inside a
    // built-up area or wood is Disordered (rule 10's example: the Prussians who won
    // the first melee are Disordered with one casualty).
    if fight == Fight::Inside
        && matches!(row, Row::LoserRetires | Row::LoserRouts)
        && let Some(now) = view::piece(world, &winner.id)
        && !now.routed
        && !now.disordered
    {
        add_marker(&mut world.entity_mut(now.entity), MarkerKind::Disordered);
        say(
            world,
            format!("{} wins the fight inside, Disordered.", winner.name),
        );
    }
}

/// Does the target of a skirmish skirmish back? Rule 11: "must have Hold or Engage
/// orders"; "Attack orders do not allow skirmish or fire fight".
/// Ours — N-16 in docs/rules/napoleonic.md: a target that may skirmish back always does.
pub fn skirmishes_back(target: &Piece) -> bool {
    matches!(target.brigade.command, Command::Hold | Command::Engage)
}

/// Rule 11: the skirmisher, and the target if its orders allow, roll a die needing 6
/// to kill after their modifiers; then a brigade that took a casualty tests its morale.
/// Ours — N-16 in docs/rules/napoleonic.md: the kills land together.
/// Ours — N-27 in docs/rules/napoleonic.md: "with casualties" is from this skirmish.
pub(super) fn skirmish(world: &mut World, p: &Piece, t: &Piece) {
    let back = skirmishes_back(t);
    {
        // Both sides that skirmished may not start a firefight this turn (rule 12).
        let mut state = world.resource_mut::<NpState>();
        state.skirmished.insert(p.id.clone());
        if back {
            state.skirmished.insert(t.id.clone());
        }
    }
    if !back {
        say(
            world,
            format!(
                "{} is on {} orders: it does not skirmish back.",
                t.name,
                t.brigade.command.name()
            ),
        );
    }
    let pair = [(p, t), (t, p)];
    let mut kills = [false, false];
    for (i, (me, enemy)) in pair.iter().enumerate().take(if back { 2 } else { 1 }) {
        kills[i] = skirmish_die(world, me, enemy);
    }
    // Kills land together, after both have rolled.
    let hit = [(kills[0], t), (kills[1], p)];
    for (kill, b) in hit {
        if kill {
            casualties(world, b, 1);
        }
    }
    // "Any brigade with casualties must make morale": a brigade hit in this skirmish,
    // the skirmisher first.
    for (kill, b) in [hit[1], hit[0]] {
        if kill
            && let Some(now) = view::piece(world, &b.id)
            && !now.routed
        {
            morale_test(world, &now);
        }
    }
}

/// One skirmisher's die against `enemy`, in the log; whether it kills.
fn skirmish_die(world: &mut World, me: &Piece, enemy: &Piece) -> bool {
    let mods = combat::skirmish_factors(
        &me.fighter(),
        &enemy.fighter(),
        skirmish_situation(world, me, enemy),
    );
    let die = roll(world, 1, format!("skirmish: {}", me.name));
    let score = i32::from(die[0]) + combat::total(&mods);
    let kill = score >= combat::KILL;
    note(
        world,
        GameEvent::Fired {
            kind: "Skirmish".into(),
            table: format!("needs {}", combat::KILL),
            side: me.side,
            firers: vec![me.id.clone()],
            target: view::label(enemy.hex),
            strength: 0,
            shifts: mods,
            column: format!("score {score}"),
            dice: die,
            result: if kill {
                "a kill".into()
            } else {
                "no kill".into()
            },
        },
    );
    kill
}

/// What changes skirmisher `me`'s die against `enemy`: an enemy battery deployed
/// within its range of `me` (N-25), and the enemy in a built-up area or wood.
pub fn skirmish_situation(world: &World, me: &Piece, enemy: &Piece) -> SkirmishSituation {
    SkirmishSituation {
        enemy_artillery: view::enemy_guns_on(world, me.side, me.hex),
        enemy_in_cover: !view::in_the_open(world, enemy.hex),
    }
}

/// The dice a battery's bombardment or a volley throws at `t` (one a gun section or
/// battalion standing) and their modifiers, for `fight` (`Fight::Bombard` or
/// `Fight::Volley`).
pub fn dice_fire_plan(
    world: &World,
    fight: Fight,
    p: &Piece,
    t: &Piece,
) -> (u32, Vec<(i32, String)>) {
    let mods = match fight {
        Fight::Volley => combat::volley_factors(&p.fighter(), &t.fighter()),
        _ => combat::bombard_factors(
            &p.fighter(),
            &t.fighter(),
            p.hex.unsigned_distance_to(t.hex),
            !view::in_the_open(world, t.hex),
        ),
    };
    (u32::from(p.standing), mods)
}

/// A deployed battery bombards, or infantry volleys at cavalry or guns: a die for
/// each gun section or battalion standing, each killing on 6 after its modifiers; a
/// brigade or battery that takes a casualty tests its morale.
/// Ours — N-22 in docs/rules/napoleonic.md: bombardment.
/// Ours — N-26 in docs/rules/napoleonic.md: the volley.
pub(super) fn dice_fire(world: &mut World, fight: Fight, p: &Piece, t: &Piece) {
    let (dice, mods) = dice_fire_plan(world, fight, p, t);
    let part = if fight == Fight::Volley {
        "battalion"
    } else {
        "gun section"
    };
    // A die for each, each in the log with its own result.
    let mut kills = 0u8;
    for n in 1..=dice {
        let die = roll(
            world,
            1,
            format!("{}: {}, {part} {n}", fight.name().to_lowercase(), p.name),
        );
        let kill = i32::from(die[0]) + combat::total(&mods) >= combat::KILL;
        kills += u8::from(kill);
        note(
            world,
            GameEvent::Fired {
                kind: fight.name().into(),
                table: format!("needs {}", combat::KILL),
                side: p.side,
                firers: vec![p.id.clone()],
                target: view::label(t.hex),
                strength: 0,
                shifts: mods.clone(),
                column: format!("{part} {n} of {dice}"),
                dice: die,
                result: if kill {
                    "a kill".into()
                } else {
                    "no kill".into()
                },
            },
        );
    }
    if kills > 0
        && casualties(world, t, kills)
        && let Some(now) = view::piece(world, &t.id)
        && !now.routed
    {
        morale_test(world, &now);
    }
}
