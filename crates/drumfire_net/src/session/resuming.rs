//! Taking up a game again after a reconnection: the other machine's game read and
//! checked, and caught up to when it is ahead.

use super::*;

impl Session {
    /// The other machine's game after a reconnection: caught up to when it is ahead.
    /// Everything is checked before anything is taken: the same scenario, commitments
    /// and order keys; at most [`MAX_AHEAD`] orders more; this game a beginning of
    /// it; every reveal and signature (so every order of this machine's side in it is
    /// one this machine gave); the whole game replayed to its hash; this machine's
    /// unanswered order, if the other carried it out, the one sent.
    pub(super) fn sync(
        &mut self,
        record: &str,
        out: &mut Vec<Msg>,
        happened: &mut Vec<Happened>,
    ) -> Result<(), Stop> {
        let Some(mine) = self.save() else {
            return Err(broken("a game came before this one was set up"));
        };
        let theirs = self.read_their_game(record, &mine)?;
        let their_keys = self.their_dice_keys(&theirs)?;
        let ahead = one_begins_the_other(&mine, &theirs, &their_keys.record)?;
        if !ahead {
            // Level, or this machine ahead (the other catches up from this side's Sync):
            // say the hash again.
            let n = mine.orders.len();
            return self.after(n, out, happened);
        }
        let n = theirs.file.orders.len();
        let answered = match &self.pending {
            Some((index, order, _)) if *index <= n => {
                if theirs.file.orders[*index - 1] != *order {
                    return Err(broken(format!(
                        "the other player's game has an order {index} this player did not give"
                    )));
                }
                true
            }
            _ => false,
        };
        let (game, check) = save::replay(&theirs);
        check.map_err(|d| broken(format!("the other player's game does not replay: {d}")))?;
        // All holds: the other machine's game is taken.
        self.game = Some(game);
        if answered {
            self.pending = None;
        }
        happened.push(Happened::Played {
            from: mine.orders.len() + 1,
        });
        self.after(n, out, happened)
    }

    /// The other machine's game read from `record`: counted, and its scenario
    /// compared, before anything is checked (a read of the text alone); then read
    /// and checked as a save (every reveal and signature), of this scenario still.
    fn read_their_game(&self, record: &str, mine: &SaveFile) -> Result<save::Save, Stop> {
        // Counted, and its scenario compared, before anything is checked or replayed
        // (a read of the text alone).
        let raw = drumfire_core::error::read_ron_seed(
            "the other player's game",
            record,
            save::SaveSeed(self.scenario.rule_sets),
        )
        .map_err(|e| broken(format!("the other player's game does not read: {e}")))?;
        if raw.scenario != self.scenario.text {
            return Err(broken("the other player's game is of another scenario"));
        }
        let length = raw.orders.len();
        if length > mine.orders.len() + MAX_AHEAD {
            return Err(broken(format!(
                "the other player's game has {length} orders, this one {}: more ahead than \
                 one machine can be of the other",
                mine.orders.len()
            )));
        }
        let theirs = save::parse("the other player's game", record, self.scenario.rule_sets)
            .map_err(|errs| {
                broken(format!(
                    "the other player's game does not read: {}",
                    errs.first().map_or_else(String::new, ToString::to_string)
                ))
            })?;
        if theirs.scenario.text != self.scenario.text {
            return Err(broken("the other player's game is of another scenario"));
        }
        Ok(theirs)
    }

    /// The shared dice of the other machine's game, checked as this game's: its
    /// commitments and order keys these machines', and every order keyed.
    fn their_dice_keys<'t>(&self, theirs: &'t save::Save) -> Result<&'t DiceKeys, Stop> {
        let Some(their_keys) = &theirs.dice_keys else {
            return Err(broken("the other player's game has no shared dice"));
        };
        let commitments = their_keys
            .record
            .commitments()
            .map_err(|f| broken(f.to_string()))?;
        if [Some(commitments[0]), Some(commitments[1])] != self.commitments {
            return Err(broken(
                "the other player's game is another game (its commitments differ)",
            ));
        }
        // With the keys this machine knows, every signature in the game (checked when
        // it was read) is the machine's of the order's side.
        let order_keys = their_keys
            .record
            .order_keys()
            .map_err(|f| broken(f.to_string()))?;
        if order_keys.map(|k| k.map(Some)) != Some(self.keys) {
            return Err(broken(
                "the other player's game names other order keys: its orders are not the \
                 machines' of this game",
            ));
        }
        if their_keys.record.keyed.is_some() {
            return Err(broken(
                "the other player's game keys the dice of some orders only, as a game by \
                 e-mail does: every order between two machines is keyed",
            ));
        }
        Ok(their_keys)
    }
}

/// Whether the other machine's game is ahead of this one's, where one is a beginning
/// of the other (the same orders and reveals as far as the shorter goes); an error
/// naming the order where they part where neither is.
fn one_begins_the_other(
    mine: &SaveFile,
    theirs: &save::Save,
    their_dice: &SharedDice,
) -> Result<bool, Stop> {
    let mine_dice = mine.shared_dice.clone().unwrap_or_default();
    let ahead = theirs.file.orders.len() > mine.orders.len();
    let (short, long) = if ahead {
        (
            (&mine.orders, &mine_dice),
            (&theirs.file.orders, their_dice),
        )
    } else {
        (
            (&theirs.file.orders, their_dice),
            (&mine.orders, &mine_dice),
        )
    };
    let reveals_agree = long
        .1
        .reveals
        .get(..short.1.reveals.len())
        .is_some_and(|r| r == &short.1.reveals[..]);
    if long.0.get(..short.0.len()) != Some(&short.0[..]) || !reveals_agree {
        let at = short
            .0
            .iter()
            .zip(long.0.iter())
            .position(|(a, b)| a != b)
            .map_or(short.0.len(), |i| i + 1);
        return Err(broken(format!(
            "the two machines' games part at order {at}: neither is a beginning of the other"
        )));
    }
    Ok(ahead)
}
