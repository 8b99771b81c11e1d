//! Bringing an opened turn file's game up to date: the set-up by post (joining, or
//! answering the joining player's first reveal), the file's game checked as the game
//! of the file, and the other player's pending order carried out with this player's
//! reveal.

use super::*;

/// Brings the game up to date on this player's machine: the set-up completed or the
/// game replayed and checked, then the other player's pending order carried out with
/// this player's reveal.
pub(super) fn take_up(shown: &str, o: &mut Opened) -> Result<(), String> {
    let fault = |field: &str, message: String| format!("{shown}: {field}: {message}");
    let Some(game_file) = o.file.game.clone() else {
        // The set-up: this player joins, or answers the joining player's first reveal.
        if o.file.commitments[usize::from(o.me)].is_empty() {
            return join_by_post(o);
        }
        return answer_first_reveal(shown, o);
    };
    let checked = checked_game_of_file(shown, o, &game_file)?;
    let (mut game, replayed) = save::replay(&checked);
    replayed.map_err(|d| fault("game", format!("{d}: the file was tampered with")))?;
    o.ended_before = game.is_over() && o.file.pending.is_none();
    if let Some(p) = o.file.pending.take() {
        carry_out_pending(shown, o, &mut game, p)?;
    }
    crate::session::keep_secret(game.world_mut(), o.me, &o.seat.chain, &o.seat.sealed);
    o.game = Some(game);
    Ok(())
}

/// The set-up, as the joining player: this player's commitment and order key put in
/// the file, with its first reveal pending for the other player.
fn join_by_post(o: &mut Opened) -> Result<(), String> {
    let me = o.me;
    let mine = hex(&o.seat.chain.commitment());
    let my_key = OrderKey::of(&o.seat.chain.secret()).public();
    o.file.commitments[usize::from(me)] = mine;
    o.file.keys[usize::from(me)] = hex(&my_key);
    o.file.pending = Some(Pending {
        side: me,
        reveal: hex(&reveal(&o.seat.chain, 0)?),
        order: None,
        signature: None,
    });
    Ok(())
}

/// The set-up, answering the joining player: its first reveal checked against its
/// commitment, this player's order key checked, and the game begun with both first
/// reveals.
fn answer_first_reveal(shown: &str, o: &mut Opened) -> Result<(), String> {
    let me = o.me;
    let other = 1 - me;
    let fault = |field: &str, message: String| format!("{shown}: {field}: {message}");
    let my_key = OrderKey::of(&o.seat.chain.secret()).public();
    let Some(p) = o
        .file
        .pending
        .clone()
        .filter(|p| p.side == other && p.order.is_none())
    else {
        return Err(fault(
            "pending",
            "the other player's first reveal is missing".into(),
        ));
    };
    let theirs = unhex(&p.reveal).map_err(|m| fault("pending.reveal", m))?;
    let commitments = [
        unhex(&o.file.commitments[0]).map_err(|m| fault("commitments[0]", m))?,
        unhex(&o.file.commitments[1]).map_err(|m| fault("commitments[1]", m))?,
    ];
    if step(&theirs) != commitments[usize::from(other)] {
        return Err(fault(
            "pending.reveal",
            "the other player's first reveal does not follow from its commitment: the \
             file was tampered with"
                .into(),
        ));
    }
    let mut pair = [[0u8; 32]; 2];
    pair[usize::from(other)] = theirs;
    pair[usize::from(me)] = reveal(&o.seat.chain, 0)?;
    let keys = [
        unhex(&o.file.keys[0]).map_err(|m| fault("keys[0]", m))?,
        unhex(&o.file.keys[1]).map_err(|m| fault("keys[1]", m))?,
    ];
    if keys[usize::from(me)] != my_key {
        return Err(fault(
            &format!("keys[{me}]"),
            "not your order key: the file was tampered with".into(),
        ));
    }
    drumfire_core::signed::check_pair(&keys).map_err(|m| fault("keys", m))?;
    let mut record = SharedDice::by_post(commitments).signed_by(keys);
    record.push(pair).map_err(|f| fault(&f.field, f.message))?;
    let game = drumfire_core::game::Game::with_shared_dice(&o.scenario, Mode::Rules, record)
        .map_err(|f| fault(&f.field, f.message))?;
    o.file.pending = None;
    o.game = Some(game);
    Ok(())
}

/// The file's game checked as a save, and as the game of this file: on the file's
/// scenario, by the rules, with dice keyed by order, the commitments and order keys
/// of the file's players, and this player's own order key.
fn checked_game_of_file(
    shown: &str,
    o: &Opened,
    game_file: &SaveFile,
) -> Result<save::Save, String> {
    let me = o.me;
    let fault = |field: &str, message: String| format!("{shown}: {field}: {message}");
    // The game is played on the file's scenario (the one both players checked), by
    // the rules: a game carrying a scenario of its own, or in table mode, is another.
    if game_file.scenario != o.file.scenario {
        return Err(fault(
            "game.scenario",
            "not the file's scenario: the file was tampered with".into(),
        ));
    }
    if game_file.table {
        return Err(fault(
            "game.table",
            "a game by e-mail follows the rules: the file was tampered with".into(),
        ));
    }
    let checked = checked_save(shown, game_file)?;
    let Some(record) = checked
        .dice_keys
        .as_ref()
        .map(|k| &k.record)
        .filter(|r| r.keyed.is_some())
    else {
        return Err(fault(
            "game.shared_dice",
            "a game by e-mail keeps both players' dice reveals, keyed by order".into(),
        ));
    };
    // The game in the file is the game of the file: the commitments and order keys
    // both players showed (the kept copy's, checked already), not others.
    if record.commitments != o.file.commitments {
        return Err(fault(
            "game.shared_dice.commitments",
            "not the commitments of the file's players: the file was tampered with".into(),
        ));
    }
    if record.keys != o.file.keys {
        return Err(fault(
            "game.shared_dice.keys",
            "not the order keys of the file's players: the file was tampered with".into(),
        ));
    }
    if o.file.keys[usize::from(me)] != hex(&OrderKey::of(&o.seat.chain.secret()).public()) {
        return Err(fault(
            &format!("keys[{me}]"),
            "not your order key: the file was tampered with".into(),
        ));
    }
    Ok(checked)
}

/// Carries out the other player's pending order: checked as theirs and signed by
/// them, keyed with their reveal and this player's next, and submitted to the rules.
fn carry_out_pending(shown: &str, o: &Opened, game: &mut Game, p: Pending) -> Result<(), String> {
    let me = o.me;
    let other = 1 - me;
    let fault = |field: &str, message: String| format!("{shown}: {field}: {message}");
    let order = p.order.clone().ok_or_else(|| {
        fault(
            "pending.order",
            "the order the reveal keys is missing".into(),
        )
    })?;
    if p.side != other || order.side() != Some(other) {
        return Err(fault(
            "pending.order",
            "not an order of the other player's side".into(),
        ));
    }
    let theirs = unhex(&p.reveal).map_err(|m| fault("pending.reveal", m))?;
    let mut keys = game.world().resource::<shared_dice::DiceKeys>().clone();
    let n = game.orders().len() + 1;
    let signature = p.signature.as_deref().unwrap_or_default();
    keys.record
        .check_signature(n, &order, signature, "pending.signature")
        .map_err(|f| {
            fault(
                &f.field,
                format!("{}: the file was tampered with", f.message),
            )
        })?;
    let signature =
        shared_dice::unhex_bytes::<64>(signature).map_err(|m| fault("pending.signature", m))?;
    let j = keys.record.reveals.len();
    let mut pair = [[0u8; 32]; 2];
    pair[usize::from(other)] = theirs;
    pair[usize::from(me)] = reveal(&o.seat.chain, j)?;
    keys.push(pair).map_err(|f| {
        fault(
            "pending.reveal",
            format!("{}: the file was tampered with", f.message),
        )
    })?;
    if let Some(list) = keys.record.keyed.as_mut() {
        list.push(n);
    }
    keys.sign_next(&signature);
    game.world_mut().insert_resource(keys);
    game.submit(order).map_err(|r| {
        fault(
            "pending.order",
            format!("the rules refuse it: {r}: the file was tampered with"),
        )
    })?;
    Ok(())
}
