//! One machine's side of a game between two: the game, its player's hash chain, and
//! the rules of the conversation. It knows nothing of sockets: messages come in
//! through [`Session::receive`] and go out as the messages it returns, so the whole
//! protocol is tested in memory.
//!
//! - **Set-up.** The host shows its commitment in its welcome; the joining machine
//!   answers with its own and its reveal 0; the host sends its reveal 0. Both set up the
//!   scenario with the seed the two reveals make ([`drumfire_core::shared_dice`]).
//! - **Orders.** The side the game waits on sends its order with its reveal for it;
//!   the other machine checks the reveal against the sender's chain, checks the order
//!   against the rules, answers with its own reveal and carries the order out; the
//!   sender carries it out on the answer. Each then sends its state hash, and each
//!   compares: a difference stops the game ([`Stop::Desync`]).
//! - **Secret orders.** A secret order of the rules (Napoleonic orders for the turn)
//!   goes out sealed ([`drumfire_core::sealed`]): only its seal travels, and this
//!   machine keeps the text ([`Session::sealed`], written to the seat by the driver
//!   before the order is sent). When the rules call for it, [`Session::due_opening`]
//!   gives the opening, which the other machine checks against the seal.
//! - **Whose orders.** Each order goes signed by its machine's order key
//!   ([`drumfire_core::signed`]), whose public half came with the commitment; an order
//!   is taken only for the side of the machine that signed it, and the signatures go
//!   into the save, where every later check finds them.
//! - **Resume.** After a reconnection each machine sends its game as a save, once; a
//!   machine whose game is a beginning of the other's, at most [`MAX_AHEAD`] orders
//!   shorter, replays the other's (every reveal, signature and hash checked) and takes
//!   it only when everything holds; an order sent but not answered is sent again.
//!
//! Nothing the other machine sends is taken before it is checked: a commitment and a
//! reveal 0 once each and only in their place, a hash only for an order carried out.

use drumfire_core::game::{Game, Mode};
use drumfire_core::hash::StateHash;
use drumfire_core::orders::{Order, Refusal};
use drumfire_core::save::{self, SaveFile};
use drumfire_core::scenario::Scenario;
use drumfire_core::sealed;
use drumfire_core::shared_dice::{
    self, Chain, DiceKeys, Digest32, SharedDice, hex, unhex, unhex_bytes,
};
use drumfire_core::signed::{OrderKey, Signature};
use std::collections::BTreeMap;

use crate::wire::{Msg, order_text, read_order};

mod receiving;
mod resuming;
mod secrets;

pub use secrets::{keep_secret, opening, seal_secret};

/// The most orders the other machine's game may be ahead of this one's when they meet
/// again: an order is carried out on one machine before the other at most by one
/// answer, and a machine's save may lag its game by an order or two when it stops.
pub const MAX_AHEAD: usize = 4;

/// Why a game between two machines stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The two machines reached different states after the same order.
    Desync {
        /// The order after which they differ (0: the set-up).
        index: usize,
        /// This machine's hash.
        mine: StateHash,
        /// The other machine's.
        theirs: StateHash,
    },
    /// The other machine broke the rules of the conversation or of the game: a forged
    /// reveal, an order out of turn or refused by the rules, a record that does not fit.
    Broken(String),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Desync {
                index,
                mine,
                theirs,
            } => write!(
                f,
                "the two machines differ after order {index}: state hash {mine} here, {theirs} there"
            ),
            // Parts of it may come from the other machine: printed escaped.
            Self::Broken(why) => f.write_str(&crate::wire::shown(why)),
        }
    }
}

/// Something the machine's driver should know of besides the messages to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happened {
    /// Orders were carried out (from `from`, 1-based, to the last): log them, autosave.
    Played {
        /// The first new order's number.
        from: usize,
    },
    /// The game has been set up (both reveal 0 in).
    SetUp,
    /// Both machines reached the same hash after this order.
    Agreed(usize),
}

/// An order with its number and the signature of the machine that gave it.
struct Given {
    index: usize,
    order: Order,
    signature: Signature,
}

/// One machine's side of a game between two.
pub struct Session {
    me: u8,
    chain: Chain,
    /// This player's order key, from its chain's secret.
    key: OrderKey,
    /// Each side's public order key, once known.
    keys: [Option<Digest32>; 2],
    scenario: Scenario,
    commitments: [Option<Digest32>; 2],
    reveal0: [Option<Digest32>; 2],
    game: Option<Game>,
    /// This machine's order sent and not yet answered: its number, the order and its
    /// signature.
    pending: Option<(usize, Order, Signature)>,
    /// Each side's hash after each order, as they come in.
    hashes: BTreeMap<usize, [Option<StateHash>; 2]>,
    /// The last order both machines agree on.
    agreed: Option<usize>,
    /// The secret behind each of this player's sealed orders, by the order's number.
    sealed: BTreeMap<usize, String>,
    /// Has this machine asked for the other's game (after a connection): one
    /// [`Msg::Sync`] is taken then, and none at any other time.
    sync_due: bool,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("me", &self.me)
            .field("orders", &self.orders())
            .finish_non_exhaustive()
    }
}

fn broken(why: impl Into<String>) -> Stop {
    Stop::Broken(why.into())
}

impl Session {
    /// A new game on the host, playing side `me`, before anyone has joined. Games
    /// between two machines are played by the rules.
    pub fn host(scenario: Scenario, me: u8, chain: Chain) -> Self {
        Self::fresh(scenario, me, chain, None)
    }

    /// A session before the set-up: this player's commitment, and the other's if known.
    fn fresh(scenario: Scenario, me: u8, chain: Chain, theirs: Option<Digest32>) -> Self {
        let mut commitments = [None, None];
        commitments[usize::from(me)] = Some(chain.commitment());
        commitments[usize::from(1 - me)] = theirs;
        let key = OrderKey::of(&chain.secret());
        let mut keys = [None, None];
        keys[usize::from(me)] = Some(key.public());
        Self {
            me,
            chain,
            key,
            keys,
            scenario,
            commitments,
            reveal0: [None, None],
            game: None,
            pending: None,
            hashes: BTreeMap::new(),
            agreed: None,
            sealed: BTreeMap::new(),
            sync_due: false,
        }
    }

    /// A new game on the joining machine, from the host's welcome: the session and
    /// the messages to send (its commitment and reveal 0).
    pub fn join(
        scenario: Scenario,
        me: u8,
        host_commitment: Digest32,
        host_key: Digest32,
        chain: Chain,
    ) -> (Self, Vec<Msg>) {
        let link = chain.reveal(0).expect("the chain has a reveal 0");
        let mut session = Self::fresh(scenario, me, chain, Some(host_commitment));
        session.keys[usize::from(1 - me)] = Some(host_key);
        session.reveal0[usize::from(me)] = Some(link);
        let out = vec![Msg::Commit {
            commitment: hex(&session.chain.commitment()),
            key: hex(&session.key.public()),
            link: hex(&link),
        }];
        (session, out)
    }

    /// A game taken up again from this machine's save, its chain and the secrets behind
    /// its sealed orders (kept in its seat).
    pub fn resume(
        saved: &save::Save,
        me: u8,
        chain: Chain,
        sealed: BTreeMap<usize, String>,
    ) -> Result<Self, String> {
        let Some(keys) = &saved.dice_keys else {
            return Err("this save is not of a game between two machines".into());
        };
        let commitments = keys.record.commitments().map_err(|f| f.to_string())?;
        if commitments[usize::from(me)] != chain.commitment() {
            return Err(format!(
                "this save's side {} is not this player's: its commitment is not the seat's",
                me + 1
            ));
        }
        let key = OrderKey::of(&chain.secret());
        let Some(order_keys) = keys.record.order_keys().map_err(|f| f.to_string())? else {
            return Err("this save's orders are not signed by the machines that gave them".into());
        };
        if order_keys[usize::from(me)] != key.public() {
            return Err(format!(
                "this save's side {} is not this player's: its order key is not the seat's",
                me + 1
            ));
        }
        let (mut game, check) = save::replay(saved);
        check.map_err(|d| format!("the save does not replay: {d}"))?;
        keep_secret(game.world_mut(), me, &chain, &sealed);
        let n = game.orders().len();
        let mut hashes = BTreeMap::new();
        let mut both = [None, None];
        both[usize::from(me)] = Some(game.state_hash());
        hashes.insert(n, both);
        let reveal0 = match keys.record.reveals.first() {
            Some(pair) => [unhex(&pair[0]).ok(), unhex(&pair[1]).ok()],
            None => [None, None],
        };
        Ok(Self {
            me,
            chain,
            key,
            keys: order_keys.map(Some),
            scenario: saved.scenario.clone(),
            commitments: [Some(commitments[0]), Some(commitments[1])],
            reveal0,
            game: Some(game),
            pending: None,
            hashes,
            agreed: None,
            sealed,
            sync_due: false,
        })
    }

    /// The side this machine plays.
    pub fn me(&self) -> u8 {
        self.me
    }

    /// The game, once set up.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The game, once set up, to read its hash.
    pub fn game_mut(&mut self) -> Option<&mut Game> {
        self.game.as_mut()
    }

    /// The scenario.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// A side's name in the scenario ("side N" for one it does not have).
    pub fn side_name(&self, side: u8) -> String {
        self.scenario
            .file
            .sides
            .get(usize::from(side))
            .map_or_else(|| format!("side {}", side + 1), |d| d.name.clone())
    }

    /// Orders carried out.
    pub fn orders(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.orders().len())
    }

    /// The last order both machines agree on.
    pub fn agreed(&self) -> Option<usize> {
        self.agreed
    }

    /// Is this machine's order out and unanswered?
    pub fn is_waiting_for_answer(&self) -> bool {
        self.pending.is_some()
    }

    /// Does the game wait on this machine's side, with no order of its out?
    pub fn my_turn(&self) -> bool {
        self.pending.is_none()
            && self
                .game
                .as_ref()
                .is_some_and(|g| !g.is_over() && g.awaiting() == Some(self.me))
    }

    /// Is the game over, and both machines agree on how it ended?
    pub fn finished(&self) -> bool {
        self.game.as_ref().is_some_and(Game::is_over) && self.agreed == Some(self.orders())
    }

    /// The secret behind each of this player's sealed orders, by the order's number:
    /// the driver keeps them in the seat before the sealed order is sent.
    pub fn sealed(&self) -> &BTreeMap<usize, String> {
        &self.sealed
    }

    /// Puts this player's secret sealed last in `world` (a window's copy of the game)
    /// where its own screen reads it: [`keep_secret`].
    pub fn keep_in(&self, world: &mut bevy_ecs::world::World) {
        keep_secret(world, self.me, &self.chain, &self.sealed);
    }

    /// The opening of this player's sealed order, when the game waits on it to be
    /// opened (the driver gives it as it would any order).
    pub fn due_opening(&self) -> Option<Order> {
        if !self.my_turn() {
            return None;
        }
        opening(self.game.as_ref()?, self.me, &self.chain, &self.sealed)
    }

    /// This player's commitment.
    pub fn my_commitment(&self) -> Digest32 {
        self.chain.commitment()
    }

    /// The commitment of the other player, once known.
    pub fn their_commitment(&self) -> Option<Digest32> {
        self.commitments[usize::from(1 - self.me)]
    }

    /// The other player's public order key, once known.
    pub fn their_key(&self) -> Option<Digest32> {
        self.keys[usize::from(1 - self.me)]
    }

    /// This player coming back to the game: its commitment and order key, to prove
    /// who it is to the host ([`crate::link::Returning`]).
    pub fn returning(&self) -> crate::link::Returning {
        crate::link::Returning {
            commitment: self.chain.commitment(),
            key: OrderKey::of(&self.chain.secret()),
        }
    }

    /// This machine's order on its way, as the seat keeps it (the driver writes it
    /// there before the order is sent).
    pub fn pending_kept(&self) -> Option<crate::seat::KeptOrder> {
        let (index, order, signature) = self.pending.as_ref()?;
        Some(crate::seat::KeptOrder {
            index: *index,
            order: order_text(order),
            signature: hex(signature),
        })
    }

    /// After a restart, this machine's order that went out before it stopped (from its
    /// seat): waiting again for its answer, and sent again as it was, so that no other
    /// order is ever signed with a reveal the other player has seen. An order the game
    /// already holds is done with; one that does not come next, or is not this
    /// machine's own as signed, is refused.
    pub fn keep_pending(&mut self, kept: Option<crate::seat::KeptOrder>) -> Result<(), String> {
        let Some(kept) = kept else {
            return Ok(());
        };
        let next = self.orders() + 1;
        if kept.index < next {
            return Ok(());
        }
        if kept.index != next || self.game.is_none() {
            return Err(format!(
                "the seat's order on its way is order {}, but the game's next is {next}",
                kept.index
            ));
        }
        let order = read_order(&kept.order, self.scenario.rule_sets)
            .map_err(|e| format!("the seat's order: {e}"))?;
        let signature = unhex_bytes::<64>(&kept.signature)
            .map_err(|e| format!("the seat's order's signature: {e}"))?;
        let key = self.keys[usize::from(self.me)].expect("this player's key");
        if !drumfire_core::signed::verify(&key, &self.game_id(), kept.index, &order, &signature) {
            return Err("the seat's order on its way is not this player's as signed".into());
        }
        self.pending = Some((kept.index, order, signature));
        Ok(())
    }

    /// The host's welcome to a joining machine.
    pub fn welcome(&mut self) -> Msg {
        Msg::Welcome {
            your_side: 1 - self.me,
            // The scenario's file name, not where it lies on the host.
            scenario_name: std::path::Path::new(&self.scenario.source)
                .file_name()
                .map_or_else(|| "scenario".into(), |n| n.to_string_lossy().into_owned()),
            scenario: self.scenario.text.clone(),
            commitment: hex(&self.chain.commitment()),
            key: hex(&self.key.public()),
            under_way: self.game.is_some(),
        }
    }

    /// The game as a save (both commitments and every reveal in it).
    pub fn save(&mut self) -> Option<SaveFile> {
        let scenario = self.scenario.clone();
        let game = self.game.as_mut()?;
        let seed = game.world().resource::<drumfire_core::dice::Dice>().seed();
        Some(save::save_of(game, &scenario, seed))
    }

    fn record_text(&mut self) -> String {
        self.save()
            .map(|s| save::to_text(&s).expect("saves serialise"))
            .unwrap_or_default()
    }

    /// After a reconnection: this machine's game, its unanswered order again, and its
    /// last hash again.
    pub fn resync(&mut self) -> Vec<Msg> {
        let mut out = Vec::new();
        if self.game.is_none() {
            return out;
        }
        self.sync_due = true;
        out.push(Msg::Sync {
            record: self.record_text(),
        });
        out.extend(self.pending_again());
        out
    }

    fn pending_again(&self) -> Option<Msg> {
        let (index, order, signature) = self.pending.as_ref()?;
        let link = self.chain.reveal(*index)?;
        Some(Msg::Order {
            index: *index,
            order: order_text(order),
            link: hex(&link),
            signature: hex(signature),
        })
    }

    /// This machine's side gives an order: checked here first, then sent with this
    /// player's reveal for it. It is carried out when the other machine answers.
    pub fn give(&mut self, order: Order) -> Result<Vec<Msg>, Refusal> {
        if self.pending.is_some() {
            return Err(Refusal(
                "The last order is on its way to the other player.".into(),
            ));
        }
        let Some(game) = self.game.as_ref() else {
            return Err(Refusal("The game has not been set up yet.".into()));
        };
        if order.side() != Some(self.me) {
            return Err(Refusal("That is the other player's side.".into()));
        }
        drumfire_core::door::validate(game.world(), &order)?;
        let index = game.orders().len() + 1;
        let link = self
            .chain
            .reveal(index)
            .ok_or_else(|| Refusal("This game has used up its dice.".into()))?;
        // A secret goes sealed; its text stays here until the rules open it.
        let order = seal_secret(game, order, &self.chain, index, &mut self.sealed)?;
        let signature = self.key.sign(&self.game_id(), index, &order);
        self.pending = Some((index, order.clone(), signature));
        Ok(vec![Msg::Order {
            index,
            order: order_text(&order),
            link: hex(&link),
            signature: hex(&signature),
        }])
    }

    /// Both commitments, which name the game (set up: both are known).
    fn game_id(&self) -> [Digest32; 2] {
        [
            self.commitments[0].expect("a game set up has both commitments"),
            self.commitments[1].expect("a game set up has both commitments"),
        ]
    }
}

#[cfg(test)]
mod tests;
