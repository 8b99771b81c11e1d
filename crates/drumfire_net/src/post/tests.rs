//! Games by e-mail played in memory between two players' folders, the turn file
//! written to disk and read back at every exchange; and turn files tampered with on
//! the way, each refused with what was changed.

use super::*;

fn ukhozi() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/portable/ukhozi_drift.ron")
}

/// Two players' folders, fresh.
fn folders(name: &str) -> [PathBuf; 2] {
    let root = std::env::temp_dir().join(format!("drumfire-post-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    [root.join("a"), root.join("b")]
}

/// Sends `file` through the post: written to disk, read back.
fn post(file: &TurnFile, dirs: &[PathBuf; 2]) -> TurnFile {
    let path = dirs[0].parent().unwrap().join("turn.ron");
    write(&path, file).unwrap();
    read(&path).unwrap()
}

/// The secret of side `side`'s player in these tests.
fn secret_of(side: u8) -> Digest32 {
    [side + 1; 32]
}

/// The sender of `file` signs order `i` (from 0) of its game again with its own order
/// key, as a player who changed its own order on the way would.
fn resign(file: &mut TurnFile, i: usize) {
    let sender = 1 - file.to;
    let game = file.game.as_mut().unwrap();
    let order = game.orders[i].clone();
    let record = game.shared_dice.as_mut().unwrap();
    let commitments = record.commitments().unwrap();
    let key = OrderKey::of(&secret_of(sender));
    record.signatures[i] = hex(&key.sign(&commitments, i + 1, &order));
}

/// Opens the file as its player, plays with `kinds[side]`, and sends it back.
fn exchange(file: TurnFile, dirs: &[PathBuf; 2], kinds: [PlayerKind; 2]) -> (TurnFile, bool) {
    let side = usize::from(file.to);
    let mut opened =
        open("turn.ron", file, &dirs[side], Some(secret_of(1))).unwrap_or_else(|e| panic!("{e}"));
    play_with(&mut opened, kinds[side]).unwrap();
    let over = opened.game.as_ref().is_some_and(|g| g.is_over());
    (opened.finish().unwrap(), over)
}

/// A new game of `scenario` in fresh folders, started by side 1 with a fixed secret:
/// the folders and the invitation as it arrives.
fn begin(name: &str, scenario: &Path) -> ([PathBuf; 2], TurnFile) {
    let dirs = folders(name);
    let file = post(
        &start(scenario, 0, &dirs[0], Some(secret_of(0))).unwrap(),
        &dirs,
    );
    (dirs, file)
}

#[test]
fn a_whole_game_by_e_mail_reaches_the_end_with_a_round_trip_only_for_dice() {
    let (dirs, mut file) = begin("whole", &ukhozi());
    let kinds = [PlayerKind::Ai, PlayerKind::Random];
    let mut sent = 1;
    loop {
        let (next, over) = exchange(file, &dirs, kinds);
        file = post(&next, &dirs);
        sent += 1;
        if over {
            break;
        }
        assert!(sent < 2000, "the game never ends");
    }
    // The other player opens the finished game and sees the same end.
    let last = open("turn.ron", file.clone(), &dirs[usize::from(file.to)], None).unwrap();
    let mut game = last.game.unwrap();
    assert!(game.is_over());
    let saved = file.game.clone().unwrap();
    assert_eq!(game.state_hash().to_string(), saved.state_hash);
    let record = saved.shared_dice.clone().unwrap();
    let keyed = record.keyed.clone().unwrap();
    // Every order that rolled dice was keyed by both reveals; the others rolled none.
    assert_eq!(record.reveals.len(), keyed.len() + 1);
    assert!(
        keyed.len() < saved.orders.len(),
        "{} keyed of {} orders",
        keyed.len(),
        saved.orders.len()
    );
    // Set-up: invitation, join, first reveal; then a file each way per keyed order at most.
    assert!(
        sent <= 3 + 2 * keyed.len() + 2,
        "{sent} files for {} keyed",
        keyed.len()
    );
    // The game in the file replays as any save does, its dice checked.
    let text = save::to_text(&saved).unwrap();
    let checked = save::parse("final", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&checked).1, Ok(checked.state_hash));
    // Fixed secrets, fixed game: 78 orders, 20 of them rolling dice, in 27 files.
    assert_eq!((saved.orders.len(), keyed.len(), sent), (78, 20, 27));
}

/// Plays until a file arrives holding a pending order with dice, and returns it (with
/// the folders), the side it is sent to next.
fn up_to_a_pending_order(name: &str) -> ([PathBuf; 2], TurnFile) {
    let (dirs, mut file) = begin(name, &ukhozi());
    let kinds = [PlayerKind::Ai, PlayerKind::Ai];
    loop {
        let (next, over) = exchange(file, &dirs, kinds);
        assert!(!over);
        file = post(&next, &dirs);
        let to = usize::from(file.to);
        let copy = copy_path(&dirs[to], &file.commitments[to]);
        let seen = read(&copy)
            .ok()
            .and_then(|c| c.game)
            .map_or(0, |g| g.orders.len());
        if file.pending.as_ref().is_some_and(|p| p.order.is_some()) && seen >= 2 {
            return (dirs, file);
        }
    }
}

fn refused(file: TurnFile, dirs: &[PathBuf; 2]) -> String {
    let side = usize::from(file.to);
    match open("turn.ron", file, &dirs[side], Some(secret_of(1))) {
        Ok(_) => panic!("a tampered file was opened"),
        Err(e) => e,
    }
}

#[test]
fn a_turn_file_changed_on_the_way_is_refused_naming_what_changed() {
    let (dirs, file) = up_to_a_pending_order("tamper");
    // An order the receiver had seen, changed.
    let mut changed = file.clone();
    let game = changed.game.as_mut().unwrap();
    game.orders.swap(0, 1);
    let e = refused(changed, &dirs);
    assert!(e.contains("game.orders[0]: not what you sent"), "{e}");

    // A new order changed: its signature no longer holds.
    let mut new = file.clone();
    let game = new.game.as_mut().unwrap();
    let last = game.orders.len() - 1;
    game.orders[last] = drumfire_core::orders::Order::Pass {
        side: game.orders[last].side().unwrap(),
    };
    let e = refused(new.clone(), &dirs);
    assert!(
        e.contains(&format!("shared_dice.signatures[{last}]")) && e.contains("is not signed by"),
        "{e}"
    );
    // Signed again by its sender: the replay refuses it or the hash differs.
    resign(&mut new, last);
    let e = refused(new, &dirs);
    assert!(e.contains("the file was tampered with"), "{e}");

    // The pending reveal forged.
    let mut forged = file.clone();
    forged.pending.as_mut().unwrap().reveal = hex(&[7; 32]);
    let e = refused(forged, &dirs);
    assert!(e.contains("pending.reveal"), "{e}");
    assert!(e.contains("tampered"), "{e}");

    // The pending order, which rolls dice, slipped in among the orders with no reveal
    // from the receiver: the replay finds it rolled dice it had no key for.
    let mut slipped = file.clone();
    let pending = slipped.pending.take().unwrap();
    let game = slipped.game.as_mut().unwrap();
    let n = game.orders.len() + 1;
    game.orders.push(pending.order.unwrap());
    // With its sender's own signature: it is the sender's order.
    let record = game.shared_dice.as_mut().unwrap();
    record.signatures.push(pending.signature.unwrap());
    let e = refused(slipped, &dirs);
    assert!(
        e.contains(&format!(
            "order {n} rolled dice without both players' reveals for them"
        )),
        "{e}"
    );

    // A reveal of the sender's own chain, forged in the record.
    let mut chain = file.clone();
    let record = chain.game.as_mut().unwrap().shared_dice.as_mut().unwrap();
    let j = record.reveals.len() - 1;
    let side = usize::from(1 - file.to);
    record.reveals[j][side] = hex(&[9; 32]);
    let e = refused(chain, &dirs);
    assert!(
        e.contains(&format!("shared_dice.reveals[{j}][{side}]")),
        "{e}"
    );

    // The sender opens the file it sent.
    let sender = usize::from(1 - file.to);
    let e = match open("turn.ron", file.clone(), &dirs[sender], None) {
        Ok(_) => panic!("opened by its sender"),
        Err(e) => e,
    };
    assert!(e.contains("this file waits for the"), "{e}");

    // The untouched file still opens.
    assert!(open("turn.ron", file.clone(), &dirs[usize::from(file.to)], None).is_ok());
}

#[test]
fn a_pending_order_is_not_carried_out_until_the_other_reveal_comes() {
    let (dirs, file) = up_to_a_pending_order("pending");
    let pending = file.pending.clone().unwrap();
    let game = file.game.clone().unwrap();
    // In the file, the order is not among the orders, and the game's hash is the one
    // before it: the sender never saw its dice.
    assert!(!game.orders.contains(pending.order.as_ref().unwrap()) || game.orders.is_empty());
    let text = save::to_text(&game).unwrap();
    let checked = save::parse("g", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&checked).1, Ok(checked.state_hash));
    // The receiver carries it out with its reveal.
    let opened = open("turn.ron", file, &dirs[usize::from(pending.side ^ 1)], None).unwrap();
    let now = opened.game.as_ref().unwrap();
    assert_eq!(now.orders().len(), game.orders.len() + 1);
    assert_eq!(now.orders().last(), pending.order.as_ref());
    let keys = now.world().resource::<shared_dice::DiceKeys>();
    assert_eq!(
        keys.record.keyed.as_ref().unwrap().last(),
        Some(&now.orders().len())
    );
}

fn lindenau() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/napoleonic/lindenau.ron")
}

/// The sealed orders of `side` in `game` not yet opened there.
fn unopened(game: &SaveFile, side: u8) -> usize {
    let count = |f: &dyn Fn(&Order) -> bool| game.orders.iter().filter(|o| f(o)).count();
    count(&|o| matches!(o, Order::Sealed { side: s, .. } if *s == side))
        - count(&|o| matches!(o, Order::Open { side: s, .. } if *s == side))
}

/// A game by e-mail between two computer players, its secrets sealed, to its end or
/// until `done` says so: no file ever holds a secret order plainly, and the first
/// order `forge` changes (given the last order of a file and its sender) is refused
/// as tampered, saying `why`. The game at the end, and the number of files sent.
fn sealed_by_post(
    name: &str,
    scenario: &Path,
    forge: impl Fn(&Order, u8) -> Option<Order>,
    why: &str,
    done: impl Fn(&SaveFile) -> bool,
) -> (SaveFile, usize) {
    let (dirs, mut file) = begin(name, scenario);
    let kinds = [PlayerKind::Ai, PlayerKind::Ai];
    let mut sent = 1;
    let mut forged_once = false;
    loop {
        let (next, over) = exchange(file, &dirs, kinds);
        file = post(&next, &dirs);
        sent += 1;
        let Some(game) = file.game.clone() else {
            continue;
        };
        // No secret order travels plainly.
        assert!(game.orders.iter().all(|o| o.secret().is_none()));
        // An opening changed on the way is refused: it is not the secret sealed.
        let sender = 1 - file.to;
        if !forged_once && let Some(changed) = game.orders.last().and_then(|o| forge(o, sender)) {
            forged_once = true;
            let mut forged = file.clone();
            let orders = &mut forged.game.as_mut().unwrap().orders;
            *orders.last_mut().unwrap() = changed;
            let last = orders.len() - 1;
            // Its sender signs the changed order again: the rules' own check finds it.
            resign(&mut forged, last);
            let e = refused(forged, &dirs);
            assert!(e.contains(why) && e.contains("tampered"), "{e}");
        }
        if over || done(&game) {
            break;
        }
        assert!(sent < 2000, "the game never ends");
    }
    assert!(forged_once, "a forged order was sent in a file");
    (file.game.unwrap(), sent)
}

#[test]
fn a_napoleonic_game_by_e_mail_sends_each_sides_orders_sealed_until_both_are_in() {
    let forge = |last: &Order, sender| match last {
        Order::Open { side, nonce, .. } if *side == sender => Some(Order::Open {
            side: *side,
            secret: "[]".into(),
            nonce: nonce.clone(),
        }),
        _ => None,
    };
    let (saved, sent) = sealed_by_post(
        "sealed",
        &lindenau(),
        forge,
        "does not match its seal",
        |_| false,
    );
    assert_eq!((unopened(&saved, 0), unopened(&saved, 1)), (0, 0));
    let seals = saved
        .orders
        .iter()
        .filter(|o| matches!(o, Order::Sealed { .. }))
        .count();
    let keyed = saved.shared_dice.clone().unwrap().keyed.unwrap().len();
    // Fixed secrets, fixed game. Each side seals in a file of its own; the last to seal
    // opens at once, the other on the file that comes back.
    assert_eq!(
        (saved.orders.len(), seals, keyed, sent),
        // One brigade a side in a whole built-up area (N-34) changed this game.
        (64, 11, 14, 51),
        "orders, seals, keyed orders, files"
    );
}

fn great_war_tutorial() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/great_war/tutorial.ron")
}

#[test]
fn a_great_war_game_by_e_mail_sends_the_artillery_plan_sealed_and_opens_it_turn_by_turn() {
    use drumfire_core::rules::great_war::GwOrder;
    // A turn's fire changed on the way: not the plan sealed.
    let forge = |last: &Order, sender| match last.rules::<GwOrder>().cloned() {
        Some(GwOrder::OpenPlan { side, mut pieces }) if side == sender => {
            pieces.last_mut().unwrap().text.push(' ');
            Some(GwOrder::OpenPlan { side, pieces }.into())
        }
        _ => None,
    };
    let (saved, sent) = sealed_by_post(
        "plans",
        &great_war_tutorial(),
        forge,
        "does not match its seal",
        |_| false,
    );
    let gw = |f: fn(&GwOrder) -> bool| {
        saved
            .orders
            .iter()
            .filter(|o| o.rules::<GwOrder>().is_some_and(f))
            .count()
    };
    let sealed = gw(|o| matches!(o, GwOrder::SealPlan { .. }));
    let openings = gw(|o| matches!(o, GwOrder::OpenPlan { .. }));
    let keyed = saved.shared_dice.clone().unwrap().keyed.unwrap().len();
    // The German plan alone (the British have no guns): sealed once, opened in each of
    // the eight turns. Fixed secrets, fixed game.
    assert_eq!((sealed, openings), (1, 8));
    assert_eq!(
        (saved.orders.len(), keyed, sent),
        (134, 35, 87),
        "orders, keyed orders, files"
    );
}

fn tanners_ford() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/acw/tanners_ford.ron")
}

#[test]
fn an_acw_game_by_e_mail_deals_the_dominoes_locked_through_the_turn_files() {
    use drumfire_core::rules::acw::{AcwOrder, deal};
    // A lock shown at the fight, changed on the way: not the lock the set was dealt with.
    let forge = |last: &Order, sender| match last.rules::<AcwOrder>() {
        Some(AcwOrder::Key { side, charge, .. }) if *side == sender => Some(
            AcwOrder::Key {
                side: *side,
                charge: *charge,
                key: deal::lock_for("forged", *charge).shown(),
            }
            .into(),
        ),
        _ => None,
    };
    let acw = |game: &SaveFile, f: fn(&AcwOrder) -> bool| {
        game.orders
            .iter()
            .filter(|o| o.rules::<AcwOrder>().is_some_and(f))
            .count()
    };
    // Up to the end of the first fight: both locks shown.
    let first_fight = |game: &SaveFile| acw(game, |o| matches!(o, AcwOrder::Key { .. })) == 2;
    let (saved, sent) =
        sealed_by_post("dealt", &tanners_ford(), forge, "a false deal", first_fight);
    let locks = acw(&saved, |o| matches!(o, AcwOrder::Lock { .. }));
    let unlocks = acw(&saved, |o| matches!(o, AcwOrder::Unlock { .. }));
    // No chit travels plainly, and every step of the deal went in the files.
    assert_eq!(acw(&saved, |o| matches!(o, AcwOrder::Chits { .. })), 0);
    assert_eq!(
        (saved.orders.len(), locks, unlocks, sent),
        (46, 6, 3, 40),
        "orders, locks, unlocks, files"
    );
    let text = save::to_text(&saved).unwrap();
    let checked = save::parse("g", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&checked).1, Ok(checked.state_hash));
}

/// Plays until a file arrives with nothing pending and its game waiting on the player
/// it goes to: the folders and the file.
fn up_to_the_receivers_move(name: &str) -> ([PathBuf; 2], TurnFile) {
    let (dirs, mut file) = begin(name, &ukhozi());
    let kinds = [PlayerKind::Ai, PlayerKind::Ai];
    for _ in 0..200 {
        let (next, over) = exchange(file, &dirs, kinds);
        assert!(!over);
        file = post(&next, &dirs);
        let waits_on_receiver = file.game.as_ref().is_some_and(|g| {
            let checked = checked_save("turn.ron", g).unwrap();
            save::replay(&checked).0.awaiting() == Some(file.to)
        });
        if file.pending.is_none() && waits_on_receiver {
            return (dirs, file);
        }
    }
    panic!("the game never waited on the receiver with nothing pending")
}

#[test]
fn a_turn_file_with_an_order_of_the_receivers_side_added_is_refused() {
    let (dirs, file) = up_to_the_receivers_move("receivers-order");
    let receiver = file.to;
    let sender = 1 - receiver;
    let scenario = scenario::parse("turn.ron", &file.scenario, &drumfire_core::rules::ALL).unwrap();
    // The sender plays a move of the receiver's own side, one that rolls no dice (so it
    // needs no reveal), and signs it with the only key it has: its own.
    let mut attack = None;
    for seed in 0..200 {
        let checked = checked_save("turn.ron", file.game.as_ref().unwrap()).unwrap();
        let mut game = save::replay(&checked).0;
        let Some(order) = Bot::new(PlayerKind::Random, seed).choose(&game, receiver) else {
            continue;
        };
        if game.submit(order.clone()).is_ok() {
            attack = Some((game, order));
            break;
        }
    }
    let (mut game, order) = attack.expect("an order of the receiver's side with no dice");
    let n = game.orders().len();
    let seed = seed_of(&game);
    let mut forged = file.clone();
    let mut saved = save::save_of(&mut game, &scenario, seed);
    let record = saved.shared_dice.as_mut().unwrap();
    let commitments = record.commitments().unwrap();
    let signature = OrderKey::of(&secret_of(sender)).sign(&commitments, n, &order);
    record.signatures.push(hex(&signature));
    forged.game = Some(saved);
    let e = refused(forged.clone(), &dirs);
    assert!(
        e.contains(&format!("game.orders[{}]", n - 1))
            && e.contains("an order of your side that you did not give"),
        "{e}"
    );
    // Without the copy kept (opened from another folder's seat), the signature alone
    // refuses it: the receiver's side's orders are signed by the receiver's key.
    let checked = checked_save("turn.ron", forged.game.as_ref().unwrap());
    let e = checked.expect_err("refused when read");
    assert!(
        e.contains(&format!("shared_dice.signatures[{}]", n - 1))
            && e.contains(&format!("is not signed by side {receiver}'s machine")),
        "{e}"
    );
    // The file as sent still opens.
    assert!(open("turn.ron", file, &dirs[usize::from(receiver)], None).is_ok());
}

#[test]
fn a_game_set_up_with_other_commitments_than_the_files_is_refused() {
    // The first player answers the join with the game set up from a chain of its
    // choosing (a seed it picked), not the one it committed to.
    let (dirs, file) = begin("chosen-seed", &ukhozi());
    let (joined, _) = exchange(file, &dirs, [PlayerKind::Ai, PlayerKind::Ai]);
    let joined = post(&joined, &dirs);
    let mut opened = open("turn.ron", joined, &dirs[0], None).unwrap();
    let honest = post(&opened.finish().unwrap(), &dirs);
    let chosen = Chain::new([77; 32]);
    let mut forged = honest.clone();
    let game = forged.game.as_mut().unwrap();
    let record = game.shared_dice.as_mut().unwrap();
    record.commitments[0] = hex(&chosen.commitment());
    record.reveals[0][0] = hex(&chosen.reveal(0).unwrap());
    let both = [
        chosen.reveal(0).unwrap(),
        unhex(&record.reveals[0][1]).unwrap(),
    ];
    game.seed = shared_dice::setup_seed(&both);
    let scenario = opened.scenario.clone();
    let mut set_up =
        drumfire_core::game::Game::with_shared_dice(&scenario, Mode::Rules, record.clone())
            .unwrap();
    game.state_hash = set_up.state_hash().to_string();
    // The game in the file reads and replays on its own: only the file's own
    // commitments show it is another game.
    assert!(checked_save("turn.ron", game).is_ok());
    let e = refused(forged.clone(), &dirs);
    assert!(
        e.contains("game.shared_dice.commitments") && e.contains("tampered"),
        "{e}"
    );
    // The file's commitment changed with it: not what the other player was sent.
    forged.commitments[0] = hex(&chosen.commitment());
    let e = refused(forged, &dirs);
    assert!(e.contains("commitments[0]: not what you sent"), "{e}");
    // The honest file opens.
    assert!(open("turn.ron", honest, &dirs[1], None).is_ok());
}

#[test]
fn a_turn_file_whose_game_carries_another_scenario_or_table_mode_is_refused() {
    let (dirs, file) = up_to_a_pending_order("other-scenario");
    // The game inside played on a scenario of its sender's making: fewer turns, so
    // the game would end where it stands. The file's own scenario is left alone.
    let mut shorter = file.clone();
    let game = shorter.game.as_mut().unwrap();
    assert!(game.scenario.contains("turns: "));
    let turns = game
        .scenario
        .split("turns: ")
        .nth(1)
        .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
        .unwrap()
        .to_owned();
    game.scenario = game
        .scenario
        .replacen(&format!("turns: {turns}"), "turns: 1", 1);
    let e = refused(shorter, &dirs);
    assert!(e.contains("game.scenario: not the file's scenario"), "{e}");
    // Table mode: pieces moved by hand.
    let mut table = file.clone();
    table.game.as_mut().unwrap().table = true;
    let e = refused(table, &dirs);
    assert!(e.contains("game.table"), "{e}");
    // The file as sent opens.
    let to = usize::from(file.to);
    assert!(open("turn.ron", file, &dirs[to], None).is_ok());
}

/// The attack: the inviter answers its own invitation as a made-up victim (so it
/// holds that seat's secret), ships the answer with the seat in `saves/post/` beside
/// it, or has it copied into the victim's own folder. The victim's machine names a
/// seat in the old folder and never reads it, refuses the one its own machine did not
/// make, and plays nothing with either; a commitment that is no commitment names no
/// file.
#[test]
fn a_seat_the_other_player_planted_is_never_used() {
    let (dirs, file) = begin("planted", &ukhozi());
    // The inviter plays the victim's part on its own machine (another seat key).
    let fake = dirs[0].parent().unwrap().join("fake-victim");
    let answer = {
        let opened = open("turn.ron", file, &fake, Some(secret_of(1))).unwrap();
        let mut opened = opened;
        opened.finish().unwrap()
    };
    let planted = seat::path_of(&copy_path(&fake, &answer.commitments[1]));
    assert!(planted.is_file(), "{}", planted.display());
    // Shipped as `saves/post/` beside the turn file: named, not read.
    let legacy = dirs[1]
        .parent()
        .unwrap()
        .join("shipped")
        .join("saves")
        .join("post");
    std::fs::create_dir_all(&legacy).unwrap();
    let in_legacy = legacy.join(planted.file_name().unwrap());
    std::fs::copy(&planted, &in_legacy).unwrap();
    assert_eq!(old_seats_for(&answer, &legacy), vec![in_legacy.clone()]);
    let victim = dirs[1].parent().unwrap().join("victim");
    let e = open("turn.ron", answer.clone(), &victim, None)
        .err()
        .unwrap();
    assert!(e.contains("no seat of yours for this game"), "{e}");
    // Copied into the victim's own folder, but marked by the inviter's machine.
    let theirs = seat::SeatKey::new(&[0xee; 32]);
    let seat = seat::Seat::read(&copy_path(&fake, &answer.commitments[1])).unwrap();
    seat.write_marked(&copy_path(&victim, &answer.commitments[1]), &theirs)
        .unwrap();
    let e = open("turn.ron", answer.clone(), &victim, None)
        .err()
        .unwrap();
    assert!(e.contains("this seat was not made on this machine"), "{e}");

    // A forged commitment names no file anywhere.
    let mut forged = answer;
    forged.commitments[0] = "../ab".into();
    std::fs::copy(&in_legacy, seat::path_of(&copy_path(&legacy, "../ab"))).unwrap();
    assert_eq!(old_seats_for(&forged, &legacy), vec![in_legacy]);
}

/// A turn file is read with the rule sets handed to its reader, down to the orders in
/// its game and its pending reveal; a field added, written twice or of an order no rule
/// set knows is refused naming the file, line, column and field.
#[test]
fn a_turn_file_reads_back_whole_and_a_forged_field_is_named() {
    let (_dirs, file) = up_to_a_pending_order("fields");
    let text = to_text(&file).unwrap();
    assert_eq!(read_text("t.ron", &text).unwrap(), file);
    let refused = |forged: String| read_text("t.ron", &forged).unwrap_err();
    let extra = refused(text.replacen("    to:", "    cheat: 1,\n    to:", 1));
    assert!(
        extra.starts_with("t.ron:") && extra.contains("cheat") && extra.contains("`to`"),
        "{extra}"
    );
    let twice = refused(text.replacen("    to:", "    to: 0,\n    to:", 1));
    assert!(
        twice.starts_with("t.ron:5:") && twice.contains("duplicate field named `to`"),
        "{twice}"
    );
    let order = file.pending.as_ref().unwrap().order.as_ref().unwrap();
    let tag = ron::to_string(order).unwrap();
    let tag = &tag[..tag.find('(').unwrap()];
    let written = format!("order: Some({tag}(");
    let at = text.rfind(&written).expect("the pending order");
    let mut forged = text.clone();
    forged.replace_range(at..at + written.len() - 1, "order: Some(Chess");
    let unknown = refused(forged);
    assert!(
        unknown.starts_with("t.ron:145:")
            && unknown.contains("pending[0].order")
            && unknown.contains("`Chess`"),
        "{unknown}"
    );
}
