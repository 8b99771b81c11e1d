//! The order chits between two machines: placed **sealed**, each shown as its unit
//! acts.
//!
//! A side's chits given whole would tell the other machine every unit's order before
//! a single one is turned over. Between two machines the player's machine gives
//! [`AcwOrder::SealChits`] instead: one seal for each unit's chit, in the order the
//! chits were placed. The player's own machine keeps the chits ([`OwnChits`], from
//! its seat), so its screen and its computer player see them as at the table; the
//! rules never read them there. When a unit acts on a chit still sealed (turned over
//! in the Movement phase, or firing at a charger), its machine gives the order inside
//! [`AcwOrder::Shown`], with the chit and its nonce, which must make the unit's seal
//! again; the chit is then checked as placed chits are, and the order carried out.
//!
//! Whether the defenders of a charge get their chance to fire at the charger reads
//! their chits while they are still face down. With chits sealed the rules cannot
//! read them, so every defender that could fire on a Fire or Opportunity Fire chit
//! counts ([`super::resolve::charge_shots`]); the defenders' own machine holds fire at
//! once when none of them has such a chit ([`SealsInPieces::opening`]), so the other
//! player learns no more than at the table.
//! Ours — A-24 in docs/rules/acw.md.
//!
//! Each chit's nonce comes from the player's nonce for the sealed order and the unit,
//! so showing one chit tells nothing of the others.
//!
//! The dominoes of a charge are dealt between the two machines from a locked set
//! ([`super::deal`]): each step is given by a machine itself through the same
//! `opening` hook, its lock from the nonce of its chits sealed this turn, and `keep`
//! reads its own looked-at dominoes.

use super::chit::Chit;
use super::state::{AcwOrder, AcwState};
use super::view;
use crate::orders::{Order, Refusal};
use crate::rule_set::{PieceSealing, SealsInPieces};
use crate::scenario::SideList;
use crate::shared_dice::{hex, labelled};
use bevy_ecs::prelude::*;
use std::collections::BTreeMap;

/// How the ACW seals its order chits: for [`crate::rule_set::RuleSetInfo`].
pub static SEALING: PieceSealing = PieceSealing::of::<super::Acw>();

impl SealsInPieces for super::Acw {
    /// [`SealsInPieces::seal`]: a side's chits as [`AcwOrder::SealChits`], and their text.
    fn seal(_: &World, order: &Order, nonce: &str) -> Option<(Order, String)> {
        let (side, kept) = order.secret()?;
        let Some(AcwOrder::Chits { chits, .. }) = order.rules::<AcwOrder>() else {
            return None;
        };
        let seals = chits
            .iter()
            .map(|(unit, chit)| {
                let seal = chit_seal(side, unit, *chit, &chit_nonce(nonce, unit));
                (unit.clone(), seal)
            })
            .collect();
        Some((AcwOrder::SealChits { side, seals }.into(), kept))
    }

    /// [`SealsInPieces::opening`]: `side`'s step of a deal of dominoes when one is due
    /// (its lock from `nonce`, that of its chits sealed this turn: [`super::deal`]);
    /// while `side`'s units may fire at a charger and none of them has a chit it could
    /// fire on, its machine holds their fire by itself.
    fn opening(world: &World, side: u8, _: &str, nonce: &str) -> Option<Order> {
        if let Some(step) = super::deal::opening(world, side, nonce) {
            return Some(step);
        }
        let state = world.get_resource::<AcwState>()?;
        let k = state.firing_at?;
        let sealed = world.get_resource::<ChitSeals>()?;
        (state.charges.get(k)?.defender_side == side
            && sealed.seals.contains_key(&side)
            && super::resolve::charge_shooters(world, k).is_empty())
        .then_some(Order::Pass { side })
    }

    /// [`SealsInPieces::tally`]: the seals given, the chits shown.
    fn tally(order: &Order) -> (usize, usize) {
        match order.rules::<AcwOrder>() {
            Some(AcwOrder::SealChits { seals, .. }) => (seals.len(), 0),
            Some(AcwOrder::Shown { .. }) => (0, 1),
            _ => (0, 0),
        }
    }

    /// [`SealsInPieces::keep`]: `side`'s chits from its kept text, where each still sealed
    /// makes its seal again (anything else takes them away), and the looked-at dominoes
    /// opened for it, read with its locks from `nonce` ([`super::deal::own`]).
    fn keep(world: &mut World, side: u8, kept: &str, nonce: &str) {
        let mine = world
            .get_resource::<ChitSeals>()
            .and_then(|s| s.seals.get(&side))
            .and_then(|seals| {
                let chits: Vec<(String, Chit)> = ron::from_str(kept).ok()?;
                let mut out = BTreeMap::new();
                for (unit, chit) in chits {
                    let n = chit_nonce(nonce, &unit);
                    if let Some(seal) = seals.get(&unit) {
                        if *seal != chit_seal(side, &unit, chit, &n) {
                            return None;
                        }
                        out.insert(unit, (chit, n));
                    }
                }
                (out.len() == seals.len()).then_some(out)
            });
        crate::sealed::keep_own(world, mine.map(|chits| OwnChits { side, chits }));
        let dominoes = super::deal::own(world, side, nonce);
        crate::sealed::keep_own(world, dominoes);
    }

    /// [`SealsInPieces::show`]: an `Act` or `Fire` of a unit whose chit is sealed, inside
    /// [`AcwOrder::Shown`] with the chit this machine keeps.
    fn show(world: &World, order: &Order) -> Option<Order> {
        let o = order.rules::<AcwOrder>()?;
        let (AcwOrder::Act { side, unit, .. } | AcwOrder::Fire { side, unit, .. }) = o else {
            return None;
        };
        world.get_resource::<ChitSeals>()?.seal_of(*side, unit)?;
        let own = world.get_resource::<OwnChits>()?;
        let (chit, nonce) = own.chits.get(unit).filter(|_| own.side == *side)?;
        Some(
            AcwOrder::Shown {
                side: *side,
                unit: unit.clone(),
                chit: *chit,
                nonce: nonce.clone(),
                then: Box::new(o.clone()),
            }
            .into(),
        )
    }

    fn checked(orders: &[Order]) -> Option<String> {
        super::deal::checked(orders)
    }
}

/// The chits given sealed this turn: by side, the units in the order their chits
/// were placed, and the seals of those still face down.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ChitSeals {
    /// Each sealed side's units, in the order their chits were placed.
    pub order: BTreeMap<u8, Vec<String>>,
    /// The seals not yet shown: side, then unit.
    pub seals: BTreeMap<u8, BTreeMap<String, String>>,
}

impl ChitSeals {
    /// The seal of `unit`'s chit, while it is sealed.
    pub fn seal_of(&self, side: u8, unit: &str) -> Option<&String> {
        self.seals.get(&side)?.get(unit)
    }

    /// Is any chit of this unit's still sealed?
    pub fn is_sealed(&self, unit: &str) -> bool {
        self.seals.values().any(|s| s.contains_key(unit))
    }
}

/// A side's own chits as its own machine keeps them while they are sealed (with the
/// nonce of each): read by its screen and its computer player, never by the rules
/// when they decide what happens; in no state hash and no save.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OwnChits {
    /// The side whose chits they are.
    pub side: u8,
    /// Each unit's chit and nonce.
    pub chits: BTreeMap<String, (Chit, String)>,
}

/// The nonce of one unit's chit, from the nonce of the sealed order.
pub fn chit_nonce(nonce: &str, unit: &str) -> String {
    hex(&labelled(
        "drumfire chit nonce",
        &[nonce.as_bytes(), unit.as_bytes()],
    ))
}

/// The seal of `unit`'s chit.
pub fn chit_seal(side: u8, unit: &str, chit: Chit, nonce: &str) -> String {
    hex(&labelled(
        "drumfire sealed chit",
        &[
            &[side],
            unit.as_bytes(),
            nonce.as_bytes(),
            chit.name().as_bytes(),
        ],
    ))
}

/// Checks sealed chits: placed in the Orders phase, once, a seal behind each of the
/// side's units.
pub fn check_seal(world: &World, side: u8, seals: &[(String, String)]) -> Result<(), Refusal> {
    let units: Vec<String> = seals.iter().map(|(u, _)| u.clone()).collect();
    super::validate::check_cover(world, side, &units).map_err(Refusal)?;
    if seals
        .iter()
        .any(|(_, s)| s.len() != 64 || !s.bytes().all(|b| b.is_ascii_hexdigit()))
    {
        return Err(Refusal("A seal is 64 hex digits.".into()));
    }
    Ok(())
}

/// Checks a chit shown: the unit's chit sealed, the chit and nonce making its seal
/// again, and a chit that unit may take.
pub fn check_shown(
    world: &World,
    side: u8,
    unit: &str,
    chit: Chit,
    nonce: &str,
) -> Result<(), Refusal> {
    let name = world.resource::<SideList>().name(side).to_owned();
    let Some(seal) = world
        .get_resource::<ChitSeals>()
        .and_then(|s| s.seal_of(side, unit))
    else {
        return Err(Refusal(format!(
            "`{unit}` has no sealed chit of {name}'s to show."
        )));
    };
    if *seal != chit_seal(side, unit, chit, nonce) {
        return Err(Refusal(format!(
            "{name}'s chit shown for `{unit}` does not match its seal: it is not the chit placed."
        )));
    }
    let Some(u) = view::unit(world, unit) else {
        return Err(Refusal(format!("`{unit}` is not on the map")));
    };
    super::validate::chit_allowed(&u, chit).map_err(Refusal)
}

/// Carries out sealed chits: the seals kept, the side's chits placed face down.
pub fn file_sealed(world: &mut World, side: u8, seals: Vec<(String, String)>) {
    let count = seals.len();
    let mut kept = world.get_resource_or_insert_with(ChitSeals::default);
    kept.order
        .insert(side, seals.iter().map(|(u, _)| u.clone()).collect());
    kept.seals.insert(side, seals.into_iter().collect());
    world
        .resource_mut::<AcwState>()
        .chits
        .insert(side, Vec::new());
    let name = world.resource::<SideList>().name(side).to_owned();
    super::say(
        world,
        format!(
            "{name} has placed its order chits, sealed ({count} seals, each shown as its unit acts)."
        ),
    );
}

/// Carries out a chit shown: it joins its side's chits where it was placed, its seal
/// taken off (and, every chit shown, the game is as if they had been placed plainly).
pub fn shown(world: &mut World, side: u8, unit: &str, chit: Chit) {
    let order = world
        .get_resource::<ChitSeals>()
        .and_then(|s| s.order.get(&side).cloned())
        .unwrap_or_default();
    let rank = |id: &str| order.iter().position(|u| u == id).unwrap_or(usize::MAX);
    {
        let mut state = world.resource_mut::<AcwState>();
        let chits = state.chits.entry(side).or_default();
        let at = chits
            .iter()
            .position(|(id, _)| rank(id) > rank(unit))
            .unwrap_or(chits.len());
        chits.insert(at, (unit.to_owned(), chit));
    }
    let mut kept = world.resource_mut::<ChitSeals>();
    if let Some(seals) = kept.seals.get_mut(&side) {
        seals.remove(unit);
        if seals.is_empty() {
            kept.seals.remove(&side);
            kept.order.remove(&side);
        }
    }
    if kept.seals.is_empty() {
        world.remove_resource::<ChitSeals>();
    }
    if let Some(mut own) = world.get_resource_mut::<OwnChits>() {
        own.chits.remove(unit);
    }
    let name = view::unit(world, unit).map_or_else(|| unit.to_owned(), |u| u.base.name);
    super::say(
        world,
        format!("{name}'s chit is shown from its seal: it matches."),
    );
}

/// The sealed chits in the state hash's text: nothing while none is sealed, so that
/// games with chits placed plainly hash as they always have.
pub fn state_text(world: &World) -> String {
    world
        .get_resource::<ChitSeals>()
        .map(|s| format!("{s:?}"))
        .unwrap_or_default()
}
