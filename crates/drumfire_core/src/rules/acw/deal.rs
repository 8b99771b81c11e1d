//! The dominoes of a charge between two machines: **dealt from a locked set**, so
//! that neither program knows a face its player may not see.
//!
//! At one table the dominoes are drawn face down from one set, each side looking at
//! one of its own. Drawn by the game's dice, every face would be known to both
//! programs from the moment of the charge; between two machines (a game whose dice
//! are shared, [`crate::shared_dice::DiceKeys`]) the set is dealt with the locked
//! deck of [`crate::locked_deck`] instead:
//!
//! 1. The charger's machine locks the 28 dominoes with a lock of its own and shuffles
//!    them in a secret order ([`AcwOrder::Lock`]); the defender's machine locks them
//!    again and shuffles again, and takes its own lock off the top domino: the
//!    charger's looked-at one, which the charger's machine alone can now read.
//! 2. The charger's machine takes its lock off the domino the defender will look at
//!    (the first after the charger's, [`AcwOrder::Unlock`]).
//! 3. The dominoes are drawn from the top as at the table: the rules hold each as its
//!    place in the set ([`Domino::face_down`]) and each machine reads its own
//!    looked-at domino ([`OwnDominoes`], kept like the order chits: in no state hash
//!    and no save).
//! 4. When the fight comes, both machines show their locks ([`AcwOrder::Key`]); each
//!    lock is checked against the set its machine was given and passed on, and
//!    against the domino it opened, and a false one is refused. The dominoes are
//!    then turned over, the blind ones lying one way or the other by the shared dice.
//!
//! Ours — A-25 in docs/rules/acw.md: the looked-at domino is shown to its owner with
//! its lower half first, and which way round a blind domino lies is drawn when it is
//! turned over; the odds are those of the set shuffled by the dice.
//!
//! Each machine's lock for a charge comes from the nonce of its chits sealed this turn
//! and the charge's number: showing it at the fight tells nothing of the chits or of
//! any other charge.

use super::dominoes::{Domino, double_six};
use super::state::{AcwOrder, AcwState};
use crate::journal::GameEvent;
use crate::locked_deck::{self, Lock};
use crate::orders::{Order, Refusal};
use crate::scenario::SideList;
use crate::shared_dice::labelled;
use bevy_ecs::prelude::*;
use num_bigint::BigUint;
use std::collections::BTreeMap;

/// The dominoes of a set.
pub const SET: usize = 28;

/// One charge's set, dealt between two machines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deal {
    /// The sides in the order they lock the set: the charger's, then the defender's.
    pub sides: [u8; 2],
    /// The set as each side passed it on, locked and shuffled, in turn (hex).
    pub decks: Vec<Vec<String>>,
    /// Dominoes of the set (by place in the last deck) with one lock taken off for
    /// the other side to read: the side that took it off, and the domino.
    pub opened: BTreeMap<usize, (u8, String)>,
    /// The defender has placed its dominoes: the fight waits on both locks.
    pub fight: bool,
    /// Each side's lock, shown at the fight (hex).
    pub keys: BTreeMap<u8, String>,
}

/// The sets being dealt between two machines, by charge; in the state hash while any
/// is.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Deals(pub BTreeMap<usize, Deal>);

/// The dominoes a side's own machine has read of the sets dealt this turn: its
/// looked-at ones, by charge and place in the set. Read by its screen and its
/// computer player, never by the rules; in no state hash and no save.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OwnDominoes {
    /// The side.
    pub side: u8,
    /// Each domino read (lower half first), by charge and place, with the opened
    /// text it was read from.
    pub faces: BTreeMap<(usize, usize), (Domino, String)>,
}

/// A step of a deal the game waits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A side locks and shuffles the set of charge `k`.
    Lock(usize),
    /// The charger takes its lock off the defender's looked-at domino, at a place.
    Unlock(usize, usize),
    /// A side shows its lock: the fight of charge `k` is due.
    Key(usize),
}

/// Is the game one whose charges are dealt between two machines? Its dice are
/// shared.
pub fn dealt(world: &World) -> bool {
    world.contains_resource::<crate::shared_dice::DiceKeys>()
}

/// The whole set, face down: each domino its place.
pub fn face_down_set() -> Vec<Domino> {
    (0..SET).map(Domino::face_down).collect()
}

/// The side the game waits on for a step of a deal, and the step.
pub fn due(world: &World) -> Option<(u8, Step)> {
    let deals = world.get_resource::<Deals>()?;
    let state = world.resource::<AcwState>();
    deals.0.iter().find_map(|(&k, deal)| {
        if deal.decks.len() < 2 {
            return Some((deal.sides[deal.decks.len()], Step::Lock(k)));
        }
        let first = &state.charges.get(k)?.lines[0];
        let draws = first.places.len() + first.blind.len() + usize::from(first.hand.is_some());
        // The defender looks at the first domino after the charger's draw.
        let defender_hand = draws;
        if defender_hand < SET && !deal.opened.contains_key(&defender_hand) {
            return Some((deal.sides[0], Step::Unlock(k, defender_hand)));
        }
        if deal.fight {
            let side = deal.sides.iter().find(|s| !deal.keys.contains_key(s))?;
            return Some((*side, Step::Key(k)));
        }
        None
    })
}

/// This machine's lock for charge `k`, from the nonce of its chits sealed this turn.
pub fn lock_for(nonce: &str, k: usize) -> Lock {
    let secret = labelled("drumfire domino lock", &[nonce.as_bytes()]);
    Lock::new(&secret, &format!("charge {k}"))
}

/// The secret order this machine shuffles charge `k`'s set in.
fn order_for(nonce: &str, k: usize) -> Vec<usize> {
    let secret = labelled("drumfire domino lock", &[nonce.as_bytes()]);
    locked_deck::secret_order(&secret, &format!("charge {k}"), SET)
}

/// The set face up, as the first side is given it.
fn faces() -> Vec<BigUint> {
    (0..SET).map(locked_deck::face).collect()
}

fn read(deck: &[String]) -> Option<Vec<BigUint>> {
    deck.iter().map(|c| locked_deck::from_text(c)).collect()
}

/// The order of `side`'s machine for the deal step due now, from the nonce of its
/// chits sealed this turn: `None` when no step of `side`'s is due.
pub fn opening(world: &World, side: u8, nonce: &str) -> Option<Order> {
    let (who, step) = due(world)?;
    if who != side {
        return None;
    }
    let deal = world.resource::<Deals>();
    let order = match step {
        Step::Lock(k) => {
            let deal = deal.0.get(&k)?;
            let given = match deal.decks.first() {
                None => faces(),
                Some(first) => read(first)?,
            };
            let order = order_for(nonce, k);
            let lock = lock_for(nonce, k);
            let deck = locked_deck::lock_and_shuffle(&given, &lock, &order);
            // The second to lock opens the top domino for the charger: it is the
            // card it was given and put on top.
            let opened = (!deal.decks.is_empty()).then(|| locked_deck::to_text(&given[order[0]]));
            AcwOrder::Lock {
                side,
                charge: k,
                deck: deck.iter().map(locked_deck::to_text).collect(),
                opened,
            }
        }
        Step::Unlock(k, place) => {
            let card = locked_deck::from_text(deal.0.get(&k)?.decks.get(1)?.get(place)?)?;
            AcwOrder::Unlock {
                side,
                charge: k,
                place,
                card: locked_deck::to_text(&lock_for(nonce, k).unlock(&card)),
            }
        }
        Step::Key(k) => AcwOrder::Key {
            side,
            charge: k,
            key: lock_for(nonce, k).shown(),
        },
    };
    Some(order.into())
}

fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(why.into()))
}

/// A domino a machine opened for the other: a number a locked domino can be.
fn dealt_card(card: BigUint, side: u8) -> Result<(), Refusal> {
    if locked_deck::is_card(&card) {
        Ok(())
    } else {
        refuse(format!(
            "The domino side {} opened is a number no domino can be (a false deal).",
            side + 1
        ))
    }
}

/// Checks a step of a deal: the step due, from the side it is due from, with cards
/// that are numbers under the prime; a lock shown is checked against all its side
/// did with it.
pub fn check(world: &World, o: &AcwOrder) -> Result<(), Refusal> {
    let name = |side: u8| world.resource::<SideList>().name(side).to_owned();
    let Some((who, step)) = due(world) else {
        return refuse("No dominoes are being dealt now.");
    };
    let deal = |k: usize| &world.resource::<Deals>().0[&k];
    let card = |text: &str| {
        locked_deck::from_text(text).ok_or_else(|| {
            Refusal(format!(
                "`{}` is not a locked domino: hex digits of a number below the prime.",
                text.chars().take(16).collect::<String>()
            ))
        })
    };
    match (o, step) {
        (
            AcwOrder::Lock {
                side,
                charge,
                deck,
                opened,
            },
            Step::Lock(k),
        ) if *side == who && *charge == k => {
            if deck.len() != SET {
                return refuse(format!(
                    "A locked set holds {SET} dominoes, not {}.",
                    deck.len()
                ));
            }
            let cards = deck
                .iter()
                .map(|c| card(c))
                .collect::<Result<Vec<_>, _>>()?;
            if !locked_deck::is_deck(&cards) {
                return refuse(format!(
                    "{}'s locked set is not {SET} dominoes each once: a domino doubled, or a \
                     number that no locked domino can be (a false deal).",
                    name(*side)
                ));
            }
            let second = !deal(k).decks.is_empty();
            match (second, opened) {
                (true, Some(c)) => dealt_card(card(c)?, *side),
                (true, None) => refuse(
                    "The second to lock the set opens the top domino for the charger to look at.",
                ),
                (false, Some(_)) => {
                    refuse("The charger's machine locks the set first and opens nothing.")
                }
                (false, None) => Ok(()),
            }
        }
        (
            AcwOrder::Unlock {
                side,
                charge,
                place,
                card: c,
            },
            Step::Unlock(k, at),
        ) if *side == who && *charge == k && *place == at => dealt_card(card(c)?, *side),
        (AcwOrder::Key { side, charge, key }, Step::Key(k)) if *side == who && *charge == k => {
            let Some(lock) = Lock::read(key) else {
                return refuse(format!(
                    "{}'s lock for charge {} is not a lock: hex digits of a power below the prime's half.",
                    name(*side),
                    k + 1
                ));
            };
            check_key(deal(k), *side, &lock).map_err(|why| {
                Refusal(format!(
                    "{}'s lock for charge {} {why}: a false deal.",
                    name(*side),
                    k + 1
                ))
            })
        }
        _ => Err(dealing(world, who, step)),
    }
}

/// The refusal of any other order while a deal waits on `who` for `step`.
fn dealing(world: &World, who: u8, step: Step) -> Refusal {
    Refusal(format!(
        "The dominoes are being dealt between the two machines: {} {} now.",
        world.resource::<SideList>().name(who),
        match step {
            Step::Lock(_) => "locks and shuffles the set",
            Step::Unlock(..) => "opens the defender's looked-at domino",
            Step::Key(_) => "shows its lock",
        }
    ))
}

/// Refuses any order but a deal's step while a deal waits on one.
pub fn not_dealing(world: &World) -> Result<(), Refusal> {
    match due(world) {
        Some((who, step)) => Err(dealing(world, who, step)),
        None => Ok(()),
    }
}

/// Checks `side`'s lock against what it did in the deal: the set it passed on is the
/// set it was given under this lock (nothing added, changed or left out), and each
/// domino it opened for the other side is that domino with this lock taken off.
fn check_key(deal: &Deal, side: u8, lock: &Lock) -> Result<(), String> {
    let turn = usize::from(deal.sides[1] == side);
    let given = match turn {
        0 => faces(),
        _ => read(&deal.decks[0]).ok_or("was given no set")?,
    };
    let passed = read(&deal.decks[turn]).ok_or("passed on no set")?;
    if !locked_deck::check_locked(&given, &passed, lock) {
        return Err("does not make the set it passed on from the set it was given".into());
    }
    let last = read(&deal.decks[1]).ok_or("passed on no set")?;
    for (place, (by, text)) in &deal.opened {
        if *by != side {
            continue;
        }
        let opened = locked_deck::from_text(text).ok_or("opened no domino")?;
        if last.get(*place) != Some(&lock.lock(&opened)) {
            return Err(format!(
                "does not lock the domino it opened back into place {}",
                place + 1
            ));
        }
    }
    Ok(())
}

/// Starts the deal of charge `k`'s set: the charger's side locks first.
pub fn start(world: &mut World, k: usize, charger: u8, defender: u8) {
    world.get_resource_or_insert_with(Deals::default).0.insert(
        k,
        Deal {
            sides: [charger, defender],
            ..Deal::default()
        },
    );
    super::say(
        world,
        "The dominoes are dealt between the two machines: each locks the set and shuffles it in turn, and neither can read a domino but its own looked-at one."
            .into(),
    );
}

/// Carries out a step of a deal.
pub fn carry_out(world: &mut World, o: AcwOrder) {
    let name = |world: &World, side: u8| world.resource::<SideList>().name(side).to_owned();
    match o {
        AcwOrder::Lock {
            side,
            charge,
            deck,
            opened,
        } => {
            let mut deals = world.resource_mut::<Deals>();
            let Some(deal) = deals.0.get_mut(&charge) else {
                return;
            };
            if let Some(card) = opened {
                deal.opened.insert(0, (side, card));
            }
            deal.decks.push(deck);
            let who = name(world, side);
            super::say(
                world,
                format!("{who} locks the set of dominoes and shuffles it."),
            );
        }
        AcwOrder::Unlock {
            side,
            charge,
            place,
            card,
        } => {
            if let Some(deal) = world.resource_mut::<Deals>().0.get_mut(&charge) {
                deal.opened.insert(place, (side, card));
            }
        }
        AcwOrder::Key { side, charge, key } => {
            let done = {
                let mut deals = world.resource_mut::<Deals>();
                let Some(deal) = deals.0.get_mut(&charge) else {
                    return;
                };
                deal.keys.insert(side, key);
                deal.keys.len() == 2
            };
            let who = name(world, side);
            super::say(
                world,
                format!("{who} shows its lock on the dominoes: it matches the set."),
            );
            if done {
                turn_over(world, charge);
            }
        }
        _ => {}
    }
}

/// The defender has placed its dominoes: the fight waits on both machines' locks.
pub fn to_fight(world: &mut World, k: usize) -> bool {
    let Some(deal) = world
        .get_resource_mut::<Deals>()
        .map(|d| d.into_inner())
        .and_then(|d| d.0.get_mut(&k))
    else {
        return false;
    };
    deal.fight = true;
    true
}

/// The Combat phase ends: the locks of every set still dealt are due now (a charge
/// whose fight was never fought, or that never came home), so that no deal goes
/// unproved into the next turn.
pub fn prove_the_rest(world: &mut World) {
    if let Some(mut deals) = world.get_resource_mut::<Deals>() {
        for deal in deals.0.values_mut() {
            deal.fight = true;
        }
    }
}

/// Has charge `k`'s set been turned over, both locks shown (or was it never dealt
/// locked)? Its fight may then be fought.
pub fn turned_over(world: &World, k: usize) -> bool {
    !world
        .get_resource::<Deals>()
        .is_some_and(|d| d.0.contains_key(&k))
        && world
            .resource::<AcwState>()
            .charges
            .get(k)
            .is_some_and(|c| {
                c.lines
                    .iter()
                    .all(|l| l.places.iter().all(|d| d.face_down_place().is_none()))
            })
}

/// Every domino of the set by place, read with both locks shown (lower half first).
fn read_all(deal: &Deal) -> Option<Vec<Domino>> {
    let locks: Vec<Lock> = deal
        .sides
        .iter()
        .map(|s| Lock::read(deal.keys.get(s)?))
        .collect::<Option<_>>()?;
    let first: BTreeMap<BigUint, usize> = faces()
        .iter()
        .enumerate()
        .map(|(i, f)| (locks[0].lock(f), i))
        .collect();
    let given = read(&deal.decks[0])?;
    let second: BTreeMap<BigUint, usize> = given
        .iter()
        .enumerate()
        .map(|(j, c)| (locks[1].lock(c), j))
        .collect();
    let set = double_six();
    read(&deal.decks[1])?
        .iter()
        .map(|c| {
            let j = second.get(c)?;
            first.get(&given[*j]).map(|i| set[*i])
        })
        .collect()
}

/// Both locks shown: every domino behind both lines is turned over, each looked-at
/// one lying as its owner placed it and each blind one one way or the other by the
/// shared dice; the deal is done.
fn turn_over(world: &mut World, k: usize) {
    let Some(deal) = world
        .get_resource_mut::<Deals>()
        .and_then(|mut d| d.0.remove(&k))
    else {
        return;
    };
    if world.resource::<Deals>().0.is_empty() {
        world.remove_resource::<Deals>();
    }
    let Some(set) = read_all(&deal) else {
        return;
    };
    let mut lines = world.resource::<AcwState>().charges[k].lines.clone();
    let mut bounds = Vec::new();
    for line in &mut lines {
        for (at, d) in line.places.iter_mut().enumerate() {
            let Some((place, turned)) = d.face_down_place() else {
                continue;
            };
            let face = set[place];
            let turned = if line.face_up == Some(at) {
                turned
            } else {
                bounds.push(2);
                world.resource_mut::<crate::dice::Dice>().below(2) == 1
            };
            *d = if turned { face.turned() } else { face };
        }
    }
    world.resource_mut::<AcwState>().charges[k].lines = lines;
    super::note(
        world,
        GameEvent::Shuffled {
            purpose: "Which way round the blind dominoes lie".into(),
            bounds,
        },
    );
}

/// A domino of charge `k` as this machine knows it: its face where the rules know
/// it; else, dealt face down, its face where this machine read it as its own
/// looked-at domino ([`OwnDominoes`]); else `None`.
pub fn face_of(world: &World, k: usize, d: Domino) -> Option<Domino> {
    let Some((place, turned)) = d.face_down_place() else {
        return Some(d);
    };
    let own = world.get_resource::<OwnDominoes>()?;
    let (face, _) = own.faces.get(&(k, place))?;
    Some(if turned { face.turned() } else { *face })
}

/// `side`'s looked-at dominoes read from the dominoes opened for it, with its lock
/// for each charge from `nonce` (those read before are not read again).
pub fn own(world: &World, side: u8, nonce: &str) -> Option<OwnDominoes> {
    let deals = world.get_resource::<Deals>()?;
    let before = world
        .get_resource::<OwnDominoes>()
        .filter(|o| o.side == side);
    let mut faces = BTreeMap::new();
    for (&k, deal) in &deals.0 {
        for (&place, (by, text)) in &deal.opened {
            if *by == side {
                continue;
            }
            if let Some(known) = before
                .and_then(|o| o.faces.get(&(k, place)))
                .filter(|(_, t)| t == text)
            {
                faces.insert((k, place), known.clone());
                continue;
            }
            let Some(card) = locked_deck::from_text(text) else {
                continue;
            };
            if let Some(i) = locked_deck::index_of(&lock_for(nonce, k).unlock(&card), SET) {
                faces.insert((k, place), (double_six()[i], text.clone()));
            }
        }
    }
    (!faces.is_empty()).then_some(OwnDominoes { side, faces })
}

/// What a replay of `orders` checked of the dominoes dealt locked, for
/// [`crate::rule_set::PieceSealing::checked`]: `None` when no set was dealt.
pub fn checked(orders: &[Order]) -> Option<String> {
    let count = |f: fn(&AcwOrder) -> bool| {
        orders
            .iter()
            .filter(|o| o.rules::<AcwOrder>().is_some_and(f))
            .count()
    };
    let locks = count(|o| matches!(o, AcwOrder::Lock { .. }));
    let keys = count(|o| matches!(o, AcwOrder::Key { .. }));
    let (sets, proved) = (locks.div_ceil(2), keys / 2);
    (locks > 0).then(|| {
        let mut line = format!(
            "dominoes dealt locked: {sets} sets, {keys} locks shown, each checked against all its machine dealt"
        );
        if proved < sets {
            line.push_str(&format!(
                "; NOT PROVED: {} set{} whose locks were not both shown (the game stopped \
                 before the Combat phase was over), so nothing drawn from {} is checked",
                sets - proved,
                if sets - proved == 1 { "" } else { "s" },
                if sets - proved == 1 { "it" } else { "them" }
            ));
        }
        line
    })
}

/// The deals in the state hash's text: nothing while none is under way, so that
/// games at one table hash as they always have.
pub fn state_text(world: &World) -> String {
    world
        .get_resource::<Deals>()
        .map(|d| format!("{d:?}"))
        .unwrap_or_default()
}
