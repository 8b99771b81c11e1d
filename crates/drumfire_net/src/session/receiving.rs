//! The messages of the other machine taken in, each checked in its place before it is
//! taken: its commitment and reveal 0 at the set-up, its orders and reveals, its hashes;
//! each order carried out with both reveals, and the hashes compared.

use super::*;

impl Session {
    /// A message from the other machine: the messages to answer with and what happened.
    pub fn receive(&mut self, msg: Msg) -> Result<(Vec<Msg>, Vec<Happened>), Stop> {
        let mut out = Vec::new();
        let mut happened = Vec::new();
        match msg {
            Msg::Commit {
                commitment,
                key,
                link,
            } => self.their_commitment_came(&commitment, &key, &link, &mut out, &mut happened)?,
            Msg::Reveal { index: 0, link } => {
                self.their_reveal0_came(&link, &mut out, &mut happened)?;
            }
            Msg::Reveal { index, link } => {
                self.their_reveal_came(index, &link, &mut out, &mut happened)?;
            }
            Msg::Order {
                index,
                order,
                link,
                signature,
            } => {
                self.their_order_came(index, &order, &link, &signature, &mut out, &mut happened)?
            }
            Msg::Hash { index, hash } => self.their_hash_came(index, &hash, &mut happened)?,
            Msg::Sync { record } => {
                if !std::mem::take(&mut self.sync_due) {
                    return Err(broken(
                        "the other player's game came when none was asked for (only once, \
                         after a connection)",
                    ));
                }
                self.sync(&record, &mut out, &mut happened)?;
            }
            Msg::Bye { .. }
            | Msg::Hello { .. }
            | Msg::Refused { .. }
            | Msg::Welcome { .. }
            | Msg::Challenge { .. }
            | Msg::Proof { .. } => {
                return Err(broken("a message out of place"));
            }
        }
        Ok((out, happened))
    }

    /// The host's reveal 0, on the joining machine: taken once, after this machine's
    /// own went out with its commitment, and checked against the host's commitment;
    /// then the game is set up.
    fn their_reveal0_came(
        &mut self,
        link: &str,
        out: &mut Vec<Msg>,
        happened: &mut Vec<Happened>,
    ) -> Result<(), Stop> {
        let them = usize::from(1 - self.me);
        // Only the joining machine takes a reveal 0, once, after its own went out
        // with its commitment.
        if self.game.is_some()
            || self.reveal0[them].is_some()
            || self.reveal0[usize::from(self.me)].is_none()
        {
            return Err(broken("a reveal 0 out of place"));
        }
        let l = unhex(link).map_err(|e| broken(format!("reveal 0: {e}")))?;
        if Some(shared_dice::step(&l)) != self.commitments[them] {
            return Err(broken(
                "the other player's reveal 0 does not follow from its commitment: a forged reveal",
            ));
        }
        self.reveal0[them] = Some(l);
        self.set_up(out, happened)
    }

    /// The other player's reveal for this machine's order `index`, the one waiting:
    /// the order is carried out with both reveals.
    fn their_reveal_came(
        &mut self,
        index: usize,
        link: &str,
        out: &mut Vec<Msg>,
        happened: &mut Vec<Happened>,
    ) -> Result<(), Stop> {
        let Some((pending, order, signature)) = self.pending.clone() else {
            return Err(broken(format!(
                "a reveal for order {index}, which this machine did not send"
            )));
        };
        if pending != index {
            return Err(broken(format!(
                "a reveal for order {index}, but order {pending} is the one waiting"
            )));
        }
        let theirs = unhex(link).map_err(|e| broken(format!("reveal {index}: {e}")))?;
        let mine = self.chain.reveal(index).expect("inside the chain");
        self.pending = None;
        let given = Given {
            index,
            order,
            signature,
        };
        self.carry_out(given, mine, theirs, out, happened)
    }

    /// The other player's order `index` with its reveal and signature: one sent again
    /// and carried out already is passed over; otherwise it must come next, be of the
    /// other player's side while no order of this machine waits, and be signed with
    /// the other player's key. It is carried out before this player's reveal for it
    /// goes out (first of the answers).
    fn their_order_came(
        &mut self,
        index: usize,
        order: &str,
        link: &str,
        signature: &str,
        out: &mut Vec<Msg>,
        happened: &mut Vec<Happened>,
    ) -> Result<(), Stop> {
        let expected = self.orders() + 1;
        if self.game.is_none() {
            return Err(broken("an order before the game was set up"));
        }
        if index < expected {
            // Sent again after a reconnection, and already carried out here.
            return Ok(());
        }
        if index != expected {
            return Err(broken(format!(
                "order {index} came when order {expected} was due"
            )));
        }
        let order = read_order(order, self.scenario.rule_sets)
            .map_err(|e| broken(format!("order {index}: {e}")))?;
        if order.side() != Some(1 - self.me) {
            return Err(broken(format!(
                "order {index} is given for a side the other player does not play"
            )));
        }
        if let Some((mine, _, _)) = &self.pending {
            return Err(broken(format!(
                "order {index} came from the other player while this player's order {mine} waits"
            )));
        }
        let signature = unhex_bytes::<64>(signature)
            .map_err(|e| broken(format!("order {index}'s signature: {e}")))?;
        let theirs_key = self.keys[usize::from(1 - self.me)].expect("set up: both keys");
        if !drumfire_core::signed::verify(&theirs_key, &self.game_id(), index, &order, &signature) {
            return Err(broken(format!(
                "order {index} is not signed by the other player's order key: a forged order"
            )));
        }
        let theirs = unhex(link).map_err(|e| broken(format!("reveal {index}: {e}")))?;
        let mine = self
            .chain
            .reveal(index)
            .ok_or_else(|| broken("this game has used up its dice"))?;
        // Checked before this player's reveal goes out: a forged reveal or an
        // illegal order learns nothing.
        let given = Given {
            index,
            order,
            signature,
        };
        self.carry_out(given, mine, theirs, out, happened)?;
        out.insert(
            0,
            Msg::Reveal {
                index,
                link: hex(&mine),
            },
        );
        Ok(())
    }

    /// The other machine's hash after order `index`, which must have been carried out
    /// here: one said again for an order both agreed past is passed over; otherwise
    /// it is kept and compared with this machine's.
    fn their_hash_came(
        &mut self,
        index: usize,
        hash: &str,
        happened: &mut Vec<Happened>,
    ) -> Result<(), Stop> {
        if index > self.orders() || self.game.is_none() {
            return Err(broken(format!(
                "a hash for order {index}, which has not been carried out here"
            )));
        }
        if self.agreed.is_some_and(|a| index < a) {
            // Said again after a reconnection: both agreed past it already.
            return Ok(());
        }
        let theirs: StateHash = hash
            .parse()
            .map_err(|e| broken(format!("hash of order {index}: {e}")))?;
        let them = usize::from(1 - self.me);
        self.hashes.entry(index).or_default()[them] = Some(theirs);
        self.compare(index, happened)
    }

    /// The joining player's commitment, order key and reveal 0, on the host: taken
    /// once, before the set-up; the host's reveal 0 goes back.
    fn their_commitment_came(
        &mut self,
        commitment: &str,
        key: &str,
        link: &str,
        out: &mut Vec<Msg>,
        happened: &mut Vec<Happened>,
    ) -> Result<(), Stop> {
        let them = usize::from(1 - self.me);
        // A joining machine never takes a commitment: its host's came in the welcome,
        // before its own reveal 0 went out, and is never replaced.
        if self.game.is_some() || self.commitments[them].is_some() {
            return Err(broken(
                "a commitment out of place: the other player's came already",
            ));
        }
        let c = unhex(commitment).map_err(|e| broken(format!("commitment: {e}")))?;
        let k = unhex(key).map_err(|e| broken(format!("order key: {e}")))?;
        drumfire_core::signed::check_public(&k).map_err(|e| broken(format!("order key: {e}")))?;
        let l = unhex(link).map_err(|e| broken(format!("reveal 0: {e}")))?;
        if shared_dice::step(&l) != c {
            return Err(broken(
                "the other player's reveal 0 does not follow from its commitment: a forged reveal",
            ));
        }
        if c == self.chain.commitment() || Some(k) == self.keys[usize::from(self.me)] {
            return Err(broken(
                "the other player showed this player's own commitment or key",
            ));
        }
        self.commitments[them] = Some(c);
        self.keys[them] = Some(k);
        self.reveal0[them] = Some(l);
        let mine = self.chain.reveal(0).expect("reveal 0");
        self.reveal0[usize::from(self.me)] = Some(mine);
        out.push(Msg::Reveal {
            index: 0,
            link: hex(&mine),
        });
        self.set_up(out, happened)
    }

    fn set_up(&mut self, out: &mut Vec<Msg>, happened: &mut Vec<Happened>) -> Result<(), Stop> {
        let (Some(c0), Some(c1), Some(r0), Some(r1), Some(k0), Some(k1)) = (
            self.commitments[0],
            self.commitments[1],
            self.reveal0[0],
            self.reveal0[1],
            self.keys[0],
            self.keys[1],
        ) else {
            return Ok(());
        };
        let mut record = SharedDice::new([c0, c1]).signed_by([k0, k1]);
        record
            .push([r0, r1])
            .map_err(|f| broken(format!("a forged reveal: {f}")))?;
        let game = drumfire_core::game::Game::with_shared_dice(&self.scenario, Mode::Rules, record)
            .map_err(|f| broken(f.to_string()))?;
        self.game = Some(game);
        happened.push(Happened::SetUp);
        self.after(0, out, happened)
    }

    /// Carries out order `index` with both reveals: the other player's link checked
    /// against its chain first.
    fn carry_out(
        &mut self,
        given: Given,
        mine: Digest32,
        theirs: Digest32,
        out: &mut Vec<Msg>,
        happened: &mut Vec<Happened>,
    ) -> Result<(), Stop> {
        let Given {
            index,
            order,
            signature,
        } = given;
        let me = usize::from(self.me);
        let game = self.game.as_mut().expect("set up");
        let mut both = [mine, mine];
        both[1 - me] = theirs;
        let before = game.world().resource::<DiceKeys>().clone();
        let mut keys = game.world_mut().resource_mut::<DiceKeys>();
        keys.push(both).map_err(|_| {
            broken(format!(
                "the other player's reveal for order {index} does not follow from its last one: a forged reveal"
            ))
        })?;
        keys.sign_next(&signature);
        if let Err(r) = game.submit(order) {
            game.world_mut().insert_resource(before);
            return Err(broken(format!(
                "order {index} was refused by the rules: {r}"
            )));
        }
        happened.push(Happened::Played { from: index });
        self.after(index, out, happened)
    }

    /// After order `index` (0: the set-up): this machine's hash out and compared.
    pub(super) fn after(
        &mut self,
        index: usize,
        out: &mut Vec<Msg>,
        happened: &mut Vec<Happened>,
    ) -> Result<(), Stop> {
        let game = self.game.as_mut().expect("set up");
        keep_secret(game.world_mut(), self.me, &self.chain, &self.sealed);
        let hash = game.state_hash();
        self.hashes.entry(index).or_default()[usize::from(self.me)] = Some(hash);
        out.push(Msg::Hash {
            index,
            hash: hash.to_string(),
        });
        self.compare(index, happened)
    }

    fn compare(&mut self, index: usize, happened: &mut Vec<Happened>) -> Result<(), Stop> {
        let me = usize::from(self.me);
        if let Some([Some(a), Some(b)]) = self.hashes.get(&index).copied() {
            let (mine, theirs) = if me == 0 { (a, b) } else { (b, a) };
            if mine != theirs {
                return Err(Stop::Desync {
                    index,
                    mine,
                    theirs,
                });
            }
            self.agreed = Some(self.agreed.map_or(index, |a| a.max(index)));
            happened.push(Happened::Agreed(index));
            // Hashes before the agreed order are no longer needed.
            self.hashes = self.hashes.split_off(&index);
        }
        Ok(())
    }
}
