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

/// The opening of `me`'s seal in `game` the rules now call for, from the secrets
/// `sealed` kept by order number: `None` when nothing of `me`'s is due to be opened,
/// or its secret is not among them. A rule set that seals in pieces
/// ([`drumfire_core::rule_set::PieceSealing`]) says which pieces are due.
pub fn opening(
    game: &Game,
    me: u8,
    chain: &Chain,
    sealed: &BTreeMap<usize, String>,
) -> Option<Order> {
    let world = game.world();
    if let Some(pieces) = world
        .resource::<drumfire_core::scenario::Rules>()
        .0
        .seal_in_pieces()
    {
        return sealed.iter().rev().find_map(|(number, text)| {
            (pieces.opening)(world, me, text, &sealed::nonce(&chain.secret(), *number))
        });
    }
    let seal = world.resource::<sealed::Seals>().0.get(&me)?.clone();
    let given = Order::Sealed { side: me, seal };
    let number = game.orders().iter().rposition(|o| *o == given)? + 1;
    Some(Order::Open {
        side: me,
        secret: sealed.get(&number)?.clone(),
        nonce: sealed::nonce(&chain.secret(), number),
    })
}

/// `order` as this player gives it as order number `number` of `game`: a secret order
/// of a rule set that can seal goes sealed (checked first, sealed or plain), its text
/// kept in `sealed` under the number; any other order as it is.
pub fn seal_secret(
    game: &Game,
    order: Order,
    chain: &Chain,
    number: usize,
    sealed: &mut BTreeMap<usize, String>,
) -> Result<Order, Refusal> {
    match sealed::sealed_in(
        game.world(),
        &order,
        &sealed::nonce(&chain.secret(), number),
    ) {
        Some((seal, text)) if sealed::can_seal(game.world()) => {
            drumfire_core::door::validate(game.world(), &order)?;
            drumfire_core::door::validate(game.world(), &seal)?;
            sealed.insert(number, text);
            Ok(seal)
        }
        _ => match sealed::shown_in(game.world(), &order) {
            // An order that turns over a piece of this player's sealed secret shows it.
            Some(shown) => {
                drumfire_core::door::validate(game.world(), &shown)?;
                Ok(shown)
            }
            None => Ok(order),
        },
    }
}

/// Puts `me`'s secret sealed last (from `sealed`, kept by order number) where the
/// rule set lets this machine's own screen and computer player read it
/// ([`drumfire_core::rule_set::PieceSealing::keep`]); nothing for other rule sets.
pub fn keep_secret(
    world: &mut bevy_ecs::world::World,
    me: u8,
    chain: &Chain,
    sealed: &BTreeMap<usize, String>,
) {
    let Some(pieces) = world
        .get_resource::<drumfire_core::scenario::Rules>()
        .and_then(|r| r.0.seal_in_pieces())
    else {
        return;
    };
    match sealed.last_key_value() {
        Some((number, text)) => {
            (pieces.keep)(world, me, text, &sealed::nonce(&chain.secret(), *number));
        }
        None => (pieces.keep)(world, me, "", ""),
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
    fn after(
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

    /// The other machine's game after a reconnection: caught up to when it is ahead.
    /// Everything is checked before anything is taken: the same scenario, commitments
    /// and order keys; at most [`MAX_AHEAD`] orders more; this game a beginning of
    /// it; every reveal and signature (so every order of this machine's side in it is
    /// one this machine gave); the whole game replayed to its hash; this machine's
    /// unanswered order, if the other carried it out, the one sent.
    fn sync(
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

#[cfg(test)]
mod tests;
