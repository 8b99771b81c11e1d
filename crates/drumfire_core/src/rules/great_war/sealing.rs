//! The Artillery Plan between two machines: filed **sealed**, piece by piece, and
//! opened as the rules show it.
//!
//! A plan shown whole at the set-up would tell the other machine where every barrage
//! of the game will fall. Between two machines the player's machine files
//! [`GwOrder::SealPlan`] instead: one seal for the plan's missions (each battery's
//! kind of mission, a Move mission's destination) and one for each turn's Planned
//! Fire. In the Bombardment Phase of each turn the game waits on each side with a
//! sealed plan ([`Prompt::OpenPlot`]), whose machine gives [`GwOrder::OpenPlan`]: that
//! turn's Planned Fire (and, in the first turn, before anything has moved, the
//! missions). Each piece must make its seal again; the opened pieces are then
//! checked by the rules, as the whole plan is when filed plainly, and the turn's fire
//! lands.
//!
//! Ours — D-15 in docs/rules/great-war.md: the missions are shown in the first
//! Bombardment Phase (the Action Phase reads them: who may fire in an action segment,
//! where a battery on a Move mission must head), the Planned Fire turn by turn.
//!
//! Each piece's nonce comes from the player's nonce for the sealed order and the
//! piece's name, so opening one piece tells nothing of the others.

use super::orders::{Assignment, GwOrder, Mission, OpenedPiece};
use super::state::{GwState, Prompt, Step};
use super::{say, setup, side_name};
use crate::flow::Turn;
use crate::orders::{Order, Refusal};
use crate::rule_set::{PieceSealing, SealsInPieces};
use crate::scenario::{ScenarioInfo, hex_of};
use crate::shared_dice::{hex, labelled};
use bevy_ecs::prelude::*;
use hexx::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// How the Great War seals its Artillery Plans: for [`crate::rule_set::RuleSetInfo`].
pub static SEALING: PieceSealing = PieceSealing::of::<super::GreatWar>();

impl SealsInPieces for super::GreatWar {
    /// [`SealsInPieces::seal`]: an Artillery Plan as [`GwOrder::SealPlan`], and its text.
    fn seal(world: &World, order: &Order, nonce: &str) -> Option<(Order, String)> {
        let (side, kept) = order.secret()?;
        let Some(GwOrder::Plan { missions, .. }) = order.rules::<GwOrder>() else {
            return None;
        };
        let turns = world.resource::<ScenarioInfo>().turns;
        let seals = pieces(missions, turns)
            .into_iter()
            .map(|(piece, text)| {
                let seal = piece_seal(side, &piece, &text, &piece_nonce(nonce, &piece));
                (piece, seal)
            })
            .collect();
        Some((GwOrder::SealPlan { side, seals }.into(), kept))
    }

    /// [`SealsInPieces::opening`]: the pieces of `side`'s plan the game waits on, opened
    /// from the plan's text (`None` when it waits on none, or the text is not the plan
    /// sealed).
    fn opening(world: &World, side: u8, kept: &str, nonce: &str) -> Option<Order> {
        let Some(Prompt::OpenPlot { side: s, turn }) = world.get_resource::<GwState>()?.prompt
        else {
            return None;
        };
        if s != side {
            return None;
        }
        let seals = world.get_resource::<PlanSeals>()?;
        let missions: Vec<Assignment> = ron::from_str(kept).ok()?;
        let all = pieces(&missions, world.resource::<ScenarioInfo>().turns);
        let mut out = Vec::new();
        for piece in seals.due(side, turn) {
            let opened = OpenedPiece {
                text: all.get(&piece)?.clone(),
                nonce: piece_nonce(nonce, &piece),
                piece,
            };
            let made = piece_seal(side, &opened.piece, &opened.text, &opened.nonce);
            if seals.seals.get(&side)?.get(&opened.piece) != Some(&made) {
                return None;
            }
            out.push(opened);
        }
        Some(GwOrder::OpenPlan { side, pieces: out }.into())
    }

    /// [`SealsInPieces::tally`]: the seals a sealed plan gives, the pieces an opening opens.
    fn tally(order: &Order) -> (usize, usize) {
        match order.rules::<GwOrder>() {
            Some(GwOrder::SealPlan { seals, .. }) => (seals.len(), 0),
            Some(GwOrder::OpenPlan { pieces, .. }) => (0, pieces.len()),
            _ => (0, 0),
        }
    }

    /// [`SealsInPieces::keep`]: `side`'s plan from its kept text, where every piece still
    /// sealed makes its seal again; anything else takes it away.
    fn keep(world: &mut World, side: u8, kept: &str, nonce: &str) {
        let turns = world.get_resource::<ScenarioInfo>().map_or(0, |i| i.turns);
        let mine = world
            .get_resource::<PlanSeals>()
            .and_then(|s| s.seals.get(&side))
            .and_then(|seals| {
                let missions: Vec<Assignment> = ron::from_str(kept).ok()?;
                let all = pieces(&missions, turns);
                seals
                    .iter()
                    .all(|(piece, seal)| {
                        all.get(piece).is_some_and(|text| {
                            piece_seal(side, piece, text, &piece_nonce(nonce, piece)) == *seal
                        })
                    })
                    .then_some(missions)
            });
        crate::sealed::keep_own(world, mine.map(|missions| OwnPlan { side, missions }));
    }
}

/// A side's own Artillery Plan as its own machine keeps it while pieces of it are
/// sealed: shown on its own Artillery Plan sheet, never read by the rules; in no
/// state hash and no save.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OwnPlan {
    /// The side whose plan it is.
    pub side: u8,
    /// The plan as filed.
    pub missions: Vec<Assignment>,
}

/// The piece that holds a plan's missions.
pub const MISSIONS: &str = "missions";

/// The piece that holds a turn's Planned Fire.
pub fn turn_piece(turn: u16) -> String {
    format!("turn {turn}")
}

/// The sealed plans: the seals of the pieces not yet opened, by side, and the hex
/// each on-board battery stood in when its plan was sealed (ranges are measured from
/// there, as for a plan filed plainly).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlanSeals {
    /// The seals not yet opened: side, then piece.
    pub seals: BTreeMap<u8, BTreeMap<String, String>>,
    /// The on-board batteries' hexes at the sealing, by id.
    pub at: BTreeMap<String, Hex>,
}

impl PlanSeals {
    /// Nothing sealed, ever, in this game?
    pub fn is_empty(&self) -> bool {
        self.seals.is_empty() && self.at.is_empty()
    }

    /// The pieces of `side` the rules show in turn `turn` and not yet opened: the
    /// missions (in the first turn it opens in) and the turn's Planned Fire.
    pub fn due(&self, side: u8, turn: u16) -> Vec<String> {
        let Some(kept) = self.seals.get(&side) else {
            return Vec::new();
        };
        [MISSIONS.to_owned(), turn_piece(turn)]
            .into_iter()
            .filter(|p| kept.contains_key(p))
            .collect()
    }
}

/// A plan's pieces, by name, as text: its missions (Planned Fire without targets)
/// and, for each turn, the target of every Planned Fire battery (`None`: NO FIRE).
pub fn pieces(missions: &[Assignment], turns: u16) -> BTreeMap<String, String> {
    let kinds: Vec<Assignment> = missions
        .iter()
        .map(|a| Assignment {
            source: a.source.clone(),
            mission: match &a.mission {
                Mission::PlannedFire { .. } => Mission::PlannedFire {
                    targets: Vec::new(),
                },
                m => m.clone(),
            },
        })
        .collect();
    let mut out = BTreeMap::new();
    out.insert(MISSIONS.to_owned(), text(&kinds));
    for turn in 1..=turns {
        let plot: BTreeMap<&str, Option<String>> = missions
            .iter()
            .filter_map(|a| match &a.mission {
                Mission::PlannedFire { targets } => Some((
                    a.source.as_str(),
                    targets.get(usize::from(turn - 1)).cloned().flatten(),
                )),
                _ => None,
            })
            .collect();
        out.insert(turn_piece(turn), text(&plot));
    }
    out
}

fn text<T: serde::Serialize>(value: &T) -> String {
    ron::to_string(value).expect("plans serialise")
}

/// The nonce of one piece, from the nonce of the sealed order.
pub fn piece_nonce(nonce: &str, piece: &str) -> String {
    hex(&labelled(
        "drumfire plan piece nonce",
        &[nonce.as_bytes(), piece.as_bytes()],
    ))
}

/// The seal of one piece of `side`'s plan.
pub fn piece_seal(side: u8, piece: &str, text: &str, nonce: &str) -> String {
    hex(&labelled(
        "drumfire sealed plan piece",
        &[&[side], piece.as_bytes(), nonce.as_bytes(), text.as_bytes()],
    ))
}

/// Checks a sealed plan: filed in its side's turn in the set-up, one seal for the
/// missions and one for each turn.
pub fn check_seal(
    world: &World,
    side: u8,
    seals: &BTreeMap<String, String>,
) -> Result<(), Refusal> {
    if world.resource::<GwState>().plans_due.first() != Some(&side) {
        return Err(Refusal(format!(
            "{} has no Artillery Plan to file now.",
            side_name(world, side)
        )));
    }
    let turns = world.resource::<ScenarioInfo>().turns;
    let expected: BTreeSet<String> = std::iter::once(MISSIONS.to_owned())
        .chain((1..=turns).map(turn_piece))
        .collect();
    if seals.keys().cloned().collect::<BTreeSet<_>>() != expected {
        return Err(Refusal(format!(
            "A sealed Artillery Plan has one seal for its missions and one for each of the {turns} turns."
        )));
    }
    if seals
        .values()
        .any(|s| s.len() != 64 || !s.bytes().all(|b| b.is_ascii_hexdigit()))
    {
        return Err(Refusal("A seal is 64 hex digits.".into()));
    }
    Ok(())
}

/// Files a sealed plan: its seals and its batteries' hexes kept.
pub fn file_sealed(world: &mut World, side: u8, seals: BTreeMap<String, String>) {
    let at: Vec<(String, Hex)> = setup::artillery_units(world, side)
        .into_iter()
        .map(|u| (u.base.id, u.base.hex))
        .collect();
    let count = seals.len();
    let mut kept = world.get_resource_or_insert_with(PlanSeals::default);
    kept.seals.insert(side, seals);
    kept.at.extend(at);
    setup::plan_filed(
        world,
        side,
        &format!(
            "sealed ({count} seals: its missions and each turn's Planned Fire, opened as the rules show them)"
        ),
    );
}

/// The turn the game waits on `side` to open its plan for.
fn awaited_turn(world: &World, side: u8) -> Option<u16> {
    match world.resource::<GwState>().prompt {
        Some(Prompt::OpenPlot { side: s, turn }) if s == side => Some(turn),
        _ => None,
    }
}

/// Checks an opening: awaited, exactly the pieces due, each making its seal again,
/// and what they show within the rules (the checks of a plan filed plainly).
pub fn check_open(world: &World, side: u8, opened: &[OpenedPiece]) -> Result<(), Refusal> {
    let name = side_name(world, side);
    let Some(turn) = awaited_turn(world, side) else {
        return Err(Refusal(format!(
            "{name} has no sealed Artillery Plan to open now."
        )));
    };
    let seals = world.resource::<PlanSeals>();
    let due = seals.due(side, turn);
    let given: Vec<&str> = opened.iter().map(|p| p.piece.as_str()).collect();
    if given != due.iter().map(String::as_str).collect::<Vec<_>>() {
        return Err(Refusal(format!(
            "{name}'s plan opens {} now, no more and no less.",
            due.join(" and ")
        )));
    }
    for p in opened {
        if seals.seals.get(&side).and_then(|k| k.get(&p.piece))
            != Some(&piece_seal(side, &p.piece, &p.text, &p.nonce))
        {
            return Err(Refusal(format!(
                "{name}'s opened Artillery Plan ({}) does not match its seal: it is not the plan sealed.",
                p.piece
            )));
        }
    }
    let turns = world.resource::<ScenarioInfo>().turns;
    let mut planned: BTreeSet<String> = planned_fire(world, side);
    for p in opened {
        if p.piece == MISSIONS {
            let missions = opened_missions(&p.text, turns)?;
            setup::check_missions(world, side, &missions, &|u| {
                seals.at.get(&u.id).copied().unwrap_or(u.hex)
            })?;
            planned = missions
                .iter()
                .filter(|a| matches!(a.mission, Mission::PlannedFire { .. }))
                .map(|a| a.source.clone())
                .collect();
        } else {
            check_plot(world, side, turn, &p.text, &planned)?;
        }
    }
    Ok(())
}

/// The missions a piece shows, Planned Fire with NO FIRE on every turn until opened.
fn opened_missions(text: &str, turns: u16) -> Result<Vec<Assignment>, Refusal> {
    let mut missions: Vec<Assignment> = ron::from_str(text)
        .map_err(|e| Refusal(format!("The opened missions do not read as a plan's: {e}.")))?;
    for a in &mut missions {
        if let Mission::PlannedFire { targets } = &mut a.mission {
            if !targets.is_empty() {
                return Err(Refusal(format!(
                    "`{}`: the opened missions hold Planned Fire targets, which open turn by turn.",
                    a.source
                )));
            }
            *targets = vec![None; usize::from(turns)];
        }
    }
    Ok(missions)
}

/// The batteries and factors of `side` on Planned Fire (from the opened missions).
fn planned_fire(world: &World, side: u8) -> BTreeSet<String> {
    let state = world.resource::<GwState>();
    state
        .missions
        .iter()
        .filter(|(_, m)| matches!(m, Mission::PlannedFire { .. }))
        .filter(|(id, _)| owner(world, id) == Some(side))
        .map(|(id, _)| id.clone())
        .collect()
}

/// The side of an artillery unit or factor, on the map or not.
fn owner(world: &World, id: &str) -> Option<u8> {
    if let Some((s, _)) = world.resource::<GwState>().factors.get(id) {
        return Some(*s);
    }
    let e = world.resource::<crate::counters::PieceIds>().get(id)?;
    world.get::<crate::counters::Counter>(e).map(|c| c.side)
}

/// Checks a turn's opened Planned Fire: a target or NO FIRE for exactly the side's
/// Planned Fire batteries and factors, each target a hex of the map within range of
/// where the battery stood at the sealing, and no battery firing on more turns than
/// the Artillery Ammunition number.
fn check_plot(
    world: &World,
    side: u8,
    turn: u16,
    text: &str,
    planned: &BTreeSet<String>,
) -> Result<(), Refusal> {
    let plot: BTreeMap<String, Option<String>> = ron::from_str(text).map_err(|e| {
        Refusal(format!(
            "The opened Planned Fire of turn {turn} does not read as a plot: {e}."
        ))
    })?;
    if plot.keys().cloned().collect::<BTreeSet<_>>() != *planned {
        return Err(Refusal(format!(
            "The opened Planned Fire of turn {turn} must name every battery and factor on Planned Fire, and only those."
        )));
    }
    let ammo = world
        .resource::<super::scenario::GwSides>()
        .get(side)
        .artillery_ammunition;
    let board = world.resource::<super::board::Board>();
    let seals = world.resource::<PlanSeals>();
    let state = world.resource::<GwState>();
    for (source, target) in &plot {
        let Some(label) = target else { continue };
        let at = hex_of(label)
            .filter(|h| board.contains(*h))
            .ok_or_else(|| {
                Refusal(format!(
                    "`{source}`, turn {turn}: `{label}` is not a hex of the map."
                ))
            })?;
        if let (Some(from), Some(p)) = (seals.at.get(source), super::view::by_id(world, source)) {
            let range = p.face.bombard.map_or(0, |b| b.range);
            let d = from.unsigned_distance_to(at);
            if d > u32::from(range) {
                return Err(Refusal(format!(
                    "`{source}`, turn {turn}: hex {label} is {d} hexes away, beyond its range of {range}."
                )));
            }
        }
        let fired = match state.missions.get(source) {
            Some(Mission::PlannedFire { targets }) => {
                targets.iter().filter(|t| t.is_some()).count()
            }
            _ => 0,
        };
        if fired + 1 > usize::from(ammo) {
            return Err(Refusal(format!(
                "`{source}` is plotted to fire on {} turns; the Artillery Ammunition number allows {ammo}.",
                fired + 1
            )));
        }
    }
    Ok(())
}

/// Carries out a checked opening: the missions filed, the turn's targets written
/// into its Planned Fire, the seals taken off; the Bombardment Phase goes on.
pub fn open(world: &mut World, side: u8, opened: Vec<OpenedPiece>) {
    let Some(turn) = awaited_turn(world, side) else {
        return;
    };
    let turns = world.resource::<ScenarioInfo>().turns;
    let mut shown = Vec::new();
    for p in opened {
        if let Some(kept) = world.resource_mut::<PlanSeals>().seals.get_mut(&side) {
            kept.remove(&p.piece);
        }
        let mut state = world.resource_mut::<GwState>();
        if p.piece == MISSIONS {
            for a in opened_missions(&p.text, turns).unwrap_or_default() {
                state.missions.insert(a.source, a.mission);
            }
            shown.push("its missions".to_owned());
        } else {
            let plot: BTreeMap<String, Option<String>> = ron::from_str(&p.text).unwrap_or_default();
            for (source, target) in plot {
                if let Some(Mission::PlannedFire { targets }) = state.missions.get_mut(&source)
                    && let Some(t) = targets.get_mut(usize::from(turn - 1))
                {
                    *t = target;
                }
            }
            shown.push(format!("its Planned Fire for turn {turn}"));
        }
    }
    let mut kept = world.resource_mut::<PlanSeals>();
    if kept.seals.get(&side).is_some_and(BTreeMap::is_empty) {
        kept.seals.remove(&side);
    }
    // Every plan open: the game is then what it would be with the plans filed plainly.
    if kept.seals.is_empty() {
        *kept = PlanSeals::default();
    }
    world.resource_mut::<GwState>().prompt = None;
    let name = side_name(world, side);
    say(
        world,
        format!(
            "{name} opens {} from its sealed Artillery Plan: they match the seals.",
            shown.join(" and ")
        ),
    );
}

/// The Bombardment Phase's first steps when plans are sealed: wait for each side's
/// opening, in the order the sides fire, before any fire lands. `None`: nothing sealed
/// is due this turn.
pub fn await_plots(world: &World, sides: &[u8]) -> Option<Vec<Step>> {
    let seals = world.get_resource::<PlanSeals>()?;
    let turn = world.resource::<Turn>().0;
    let waiting: Vec<Step> = sides
        .iter()
        .filter(|s| !seals.due(**s, turn).is_empty())
        .map(|s| Step::AwaitPlot { side: *s })
        .collect();
    (!waiting.is_empty()).then_some(waiting)
}

/// [`Step::AwaitPlot`]: the game waits on the side's opening, if anything is due.
pub fn await_plot(world: &mut World, side: u8) {
    let turn = world.resource::<Turn>().0;
    if world
        .get_resource::<PlanSeals>()
        .is_some_and(|s| !s.due(side, turn).is_empty())
    {
        world.resource_mut::<GwState>().prompt = Some(Prompt::OpenPlot { side, turn });
    }
}

/// The sealed plans in the state hash's text: nothing when no plan was ever sealed,
/// so that the hashes of games with plain plans are unchanged.
pub fn state_text(world: &World) -> String {
    world
        .get_resource::<PlanSeals>()
        .filter(|s| !s.is_empty())
        .map(|s| format!("{s:?}"))
        .unwrap_or_default()
}
