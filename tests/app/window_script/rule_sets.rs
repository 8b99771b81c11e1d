//! The Napoleonic, ACW and WWII rules played through the window by script, each to the
//! hash the same orders give headless.

use super::*;

/// A turn and a half of the Napoleonic rules through the window
/// (`tests/data/napoleonic_script.txt`): orders given on the sheet with the hand-off
/// screen between the players, brigades moved by clicks on shaded hexes, a fight for a
/// wood and a skirmish started from the brigade's buttons with their odds shown; the
/// save replays headless to the same hash.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn a_napoleonic_turn_plays_through_the_window_to_the_same_hash() {
    let shots = run_script(
        Some("scenarios/napoleonic/lindenau.ron"),
        4,
        "tests/data/napoleonic_script.txt",
        "target/screenshots/napoleonic",
    );
    for name in [
        "01-orders",
        "02-moved",
        "03-odds",
        "04-inside",
        "05-skirmish",
    ] {
        assert!(
            colours(&crate::common::picture(&shots, name)) > 200,
            "{name} looks blank"
        );
    }
    // Turn 1's combat phase, no brigade in contact: the side is told to end it, and a
    // brigade says why it has no fight, in the rules' words.
    let idle = std::fs::read_to_string(shots.join("idle.txt")).unwrap();
    for line in [
        "idle phase: No French unit has an order in the combat phase: end it with the button at the top.",
        "no order for Brigade Dufour: Brigade von Horn is not next to Brigade Dufour (3 hexes away) | Landwehr Brigade Hiller is not next to Brigade Dufour (3 hexes away)",
    ] {
        assert!(idle.lines().any(|l| l == line), "{line} not in\n{idle}");
    }
    let combat = std::fs::read_to_string(shots.join("combat.txt")).unwrap();
    assert!(
        combat.contains("button: Combat inside: Landwehr Brigade Hiller in 0703"),
        "{combat}"
    );
    assert!(
        combat.contains("odds: 4–5: Brigade Dufour would retire 1 hex, Shaken"),
        "{combat}"
    );
    let end = std::fs::read_to_string(shots.join("end.txt")).unwrap();
    for line in [
        "log: Orders: Brigade Dufour from Engage to Attack.",
        "log: Brigade Dufour 0404 -> 0603.",
        "log: Brigade Dufour retires to 0502, Shaken.",
        "log: Brigade von Horn loses stand 4 (3 standing).",
    ] {
        assert!(end.lines().any(|l| l == line), "{line} not in\n{end}");
    }
    replays_to_its_hash(&shots.join("game.ron"));
}

/// Cavalry and guns through the window: the battery's bombardment and the chasseurs'
/// charge offered with their odds and carried out from the brigade's buttons; the save
/// replays headless to the same hash.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn napoleonic_cavalry_and_guns_play_through_the_window_to_the_same_hash() {
    let shots = run_script(
        Some("tests/data/napoleonic_arms.ron"),
        3,
        "tests/data/napoleonic_arms_script.txt",
        "target/screenshots/napoleonic-arms",
    );
    for name in ["01-battery", "02-charge", "03-charged", "04-bombard"] {
        assert!(
            colours(&crate::common::picture(&shots, name)) > 200,
            "{name} looks blank"
        );
    }
    for (file, line) in [
        ("battery.txt", "button: Bombard: Brigade Klüx in 0504"),
        (
            "battery.txt",
            "odds: 0 casualties 12.5 % (27/216), 1 casualty 37.5 % (81/216)",
        ),
        ("charge.txt", "button: Charge: Brigade Pirch in 0507"),
    ] {
        let view = std::fs::read_to_string(shots.join(file)).unwrap();
        assert!(view.contains(line), "{line} not in\n{view}");
    }
    let end = std::fs::read_to_string(shots.join("end.txt")).unwrap();
    for line in [
        "log: Brigade Pirch is dispersed.",
        "log: Chasseurs Beurmann's horses are blown: Disordered.",
    ] {
        assert!(end.lines().any(|l| l == line), "{line} not in\n{end}");
    }
    assert!(
        end.lines()
            .any(|l| l.starts_with("log: Bombard: Guard Foot Battery at 0504")),
        "{end}"
    );
    replays_to_its_hash(&shots.join("game.ron"));
}

/// The ACW rules through the window (`tests/data/acw_script.txt`): the chits placed in
/// secret with the hand-off between, a charge with its exact odds, the domino looked at
/// placed, fire at the charger, the defender's domino and the fight with the dominoes
/// turned over; the save replays to the same hash.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn an_acw_charge_plays_through_the_window_with_its_dominoes_to_the_same_hash() {
    let shots = run_script(
        Some("tests/data/acw_first.ron"),
        27,
        "tests/data/acw_script.txt",
        "target/screenshots/acw",
    );
    for name in [
        "00-chits",
        "01-charge-odds",
        "02-place",
        "04-fire-at-charger",
        "05-defender-place",
        "06-fight",
    ] {
        assert!(
            colours(&crate::common::picture(&shots, name)) > 200,
            "{name} looks blank"
        );
    }
    for (file, line) in [
        ("charge.txt", "button: Charge 83rd Pennsylvania from 0506"),
        (
            "charge.txt",
            "charge odds: Charge 83rd Pennsylvania from 0506: defender: routs 76.3% · holds and regroups 16.0% · line broken in one place: retires 1 hex 7.7%",
        ),
        (
            "fire.txt",
            "odds: Fire at 47th Alabama in 0506: 0 hits 6.3 % (81/1296), 1 hit 25.0 % (324/1296)",
        ),
        (
            "fight.txt",
            "log: The dominoes are turned over: 47th Alabama 5|6 1|1 6|3; 83rd Pennsylvania 6|6 1|3.",
        ),
        (
            "fight.txt",
            "log: 47th Alabama charges 83rd Pennsylvania: stand 3: 2 against 1 — 83rd Pennsylvania loses a stand.",
        ),
        ("fight.txt", "log: 83rd Pennsylvania: routs."),
        // The charges window's own account of the fight, from the charge's result.
        (
            "fight.txt",
            "fought: stand 3: 2 against 1 — 83rd Pennsylvania loses a stand",
        ),
        ("fight.txt", "fought: 83rd Pennsylvania: routs"),
    ] {
        let view = std::fs::read_to_string(shots.join(file)).unwrap();
        assert!(view.contains(line), "{line} not in\n{view}");
    }
    // The Union player's odds, while the Confederates' domino lies face down to him,
    // are the odds before the charge; the charge's place is shown face down.
    let fire = std::fs::read_to_string(shots.join("fire.txt")).unwrap();
    assert!(
        fire.contains("charge odds: charge 1: defender: routs 76.3%"),
        "{fire}"
    );
    replays_to_its_hash(&shots.join("game.ron"));
}

/// The save the script wrote replays headless to the hash it records.
pub(super) fn replays_to_its_hash(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let save = drumfire_core::save::parse("game.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let (_, replayed) = drumfire_core::save::replay(&save);
    assert_eq!(replayed, Ok(save.state_hash));
}

#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn a_wwii_overrun_and_a_three_round_assault_play_through_the_window_to_the_same_hash() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let template = std::fs::read_to_string(root.join("tests/data/wwii_script.txt")).unwrap();
    let shots = root.join("target/screenshots/wwii");
    let _ = std::fs::remove_dir_all(&shots);
    // Orders shown at a pace a test can catch.
    play_templated(
        &template,
        &["tests/data/wwii_first.ron", "--seed", "14"],
        &root.join("target/test-data-wwii"),
        Some("(order_pace: 0.5)\n"),
        &shots,
    );
    // The overrun and the assault close in on their targets, with what they did.
    for (file, close) in [
        ("overrunning.txt", "pieces: [\"su_tank\"], close: true"),
        ("assaulting.txt", "pieces: [\"su_rifles\"], close: true"),
    ] {
        let shown = std::fs::read_to_string(shots.join(file)).unwrap();
        assert!(shown.contains(close), "{close} not in\n{shown}");
    }
    for name in [
        "00-tank-reach",
        "01-overrun-offer",
        "02-overrun-fought",
        "overrunning",
        "assaulting",
        "03-assault-odds",
        "04-assaults",
    ] {
        assert!(
            colours(&crate::common::picture(&shots, name)) > 100,
            "{name} looks blank"
        );
    }
    for (file, line) in [
        // The overruns within reach, with their odds, before the tank moves.
        (
            "tank.txt",
            "overrun: From 0604: overrun in 0603: 1st Tank Platoon breaks through 88.9 % (889/1000)",
        ),
        (
            "tank.txt",
            "overrun: From 0204: overrun in 0203: 2. Zug loses the assault: demoralized 33.4 % (334/1000)",
        ),
        (
            "overrun.txt",
            "button: Overrun Gruppe Hahn in 0603 (a quarter of its movement)",
        ),
        // The assault's exact odds over 36^3 rolls, with its modifier, before the fire.
        (
            "assault.txt",
            "assault: Assault: 1st Rifle Platoon against 2. Zug: 2. Zug breaks through 37.4 % (17460/46656)",
        ),
        (
            "assault.txt",
            "modifier: +1 2. Zug's roll: in solid cover or better",
        ),
        (
            "fought.txt",
            "fought: Armored overrun [[\"su_tank\"], [\"de_squad\"]]: rounds [[4, 1, 5, 2, 2, 2, 6, 2], [1, 4, 3, 2, 3, 5, 2]], lost [0, 2], 1st Tank Platoon breaks through",
        ),
        (
            "fought.txt",
            "fought: Assault [[\"su_rifles\"], [\"de_zug\"]]: rounds [[6, 6], [6, 4], [6, 1]], lost [1, 4], 1st Rifle Platoon wins: 2. Zug eliminated",
        ),
        ("fought.txt", "log: Turn 2 begins."),
    ] {
        let view = std::fs::read_to_string(shots.join(file)).unwrap();
        assert!(view.contains(line), "{line} not in\n{view}");
    }
    replays_to_its_hash(&shots.join("game.ron"));
}
