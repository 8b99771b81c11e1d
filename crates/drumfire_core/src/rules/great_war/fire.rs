//! Fire: who may fire at what, with what strength, on which column — and the
//! exact odds of every result before the dice are rolled.
//!
//! > "Units with Direct Fire values can fire on any hex in range they can spot
//! > (terrain like woods or towns blocks line of sight). Those that are stacked
//! > together or that are adjacent to each other and activated by a leader with a
//! > combat modifier can combine fire [...]. Units with Bombardment Fire values
//! > that have Open Sights missions can also fire on any hex in range they can
//! > spot, but they cannot combine fire."

use super::action::lent_combat;
use super::board::Board;
use super::state::{FirePlan, Group, GwState};
use super::tables::{self, FireResult, MoraleOutcome, ResultOdds, Table};
use super::view::{self, PieceView, action_fire, halved, is_cargo, label};
use crate::orders::Refusal;
use bevy_ecs::prelude::*;
use hexx::Hex;
use std::collections::BTreeSet;

fn refuse<T>(text: String) -> Result<T, Refusal> {
    Err(Refusal(text))
}

/// Column shifts every fire shares: cover in the target hex and a crowded target.
/// Ours — D-5 in docs/rules/great-war.md: the column shifts.
fn target_shifts(
    world: &World,
    board: &Board,
    target: Hex,
    target_side: Option<u8>,
    only: Option<&[String]>,
) -> Vec<(i32, String)> {
    let mut shifts = Vec::new();
    if let Some(c) = board.cell(target)
        && c.cover
    {
        shifts.push((-1, format!("target in cover ({})", c.terrain)));
    }
    let units = view::in_hex(world, target)
        .iter()
        .filter(|p| !p.is_leader() && Some(p.side) == target_side)
        .filter(|p| only.is_none_or(|o| o.contains(&p.id)))
        .count();
    if units >= 3 {
        shifts.push((1, format!("crowded target ({units} units)")));
    }
    shifts
}

/// The side whose pieces stand in a hex (the first piece's), if any.
pub fn occupant_side(world: &World, hex: Hex) -> Option<u8> {
    view::in_hex(world, hex).first().map(|p| p.side)
}

fn finish(
    table: Table,
    side: u8,
    firers: Vec<String>,
    strengths: Vec<u32>,
    target: Hex,
    shifts: Vec<(i32, String)>,
    kind: &str,
) -> Result<FirePlan, Refusal> {
    let strength: u32 = strengths.iter().sum();
    let Some(base) = table.base_column(strength) else {
        return refuse("The firers have no fire strength left.".into());
    };
    let shift: i32 = shifts.iter().map(|s| s.0).sum();
    Ok(FirePlan {
        table,
        side,
        firers,
        strengths,
        target,
        strength,
        base_column: base,
        column: table.shifted(base, shift),
        shifts,
        kind: kind.to_owned(),
    })
}

/// Can `p` fire at `target` now: in range and in sight?
pub fn can_spot(board: &Board, from: Hex, target: Hex, range: u8) -> Result<(), String> {
    let d = from.unsigned_distance_to(target);
    if d == 0 {
        return Err("a unit cannot fire at its own hex (assault it instead)".into());
    }
    if d > u32::from(range) {
        return Err(format!(
            "{} is {d} hexes away, beyond range {range}",
            label(target)
        ));
    }
    if !board.line_of_sight(from, target) {
        return Err(format!(
            "no line of sight from {} to {}",
            label(from),
            label(target)
        ));
    }
    Ok(())
}

/// Plans a Direct Fire (or an Open Sights bombardment) by `firers` of `side` at
/// `target`. `group` is the activation (for leader-led combining); `None` for
/// opportunity fire, where only stacked units combine.
pub fn plan_action_fire(
    world: &World,
    side: u8,
    firers: &[PieceView],
    target: Hex,
    group: Option<&Group>,
) -> Result<FirePlan, Refusal> {
    let board = world.resource::<Board>();
    if firers.is_empty() {
        return refuse("Name at least one unit to fire.".into());
    }
    if !board.contains(target) {
        return refuse(format!("{} is not on the map.", label(target)));
    }
    let (strengths, open_sights) = firer_strengths(world, side, firers, target)?;
    let target_side = occupant_side(world, target);
    if target_side.is_none_or(|s| s == side) {
        return refuse(format!("There is no enemy in {}.", label(target)));
    }
    if firers.len() > 1 {
        check_combined_fire(world, firers, group, open_sights)?;
    }
    let table = if open_sights {
        Table::Bombardment
    } else {
        Table::Direct
    };
    let shifts = action_fire_shifts(world, firers, target, target_side, group, table);
    let kind = match (group, open_sights) {
        (_, true) => "Open Sights",
        (Some(_), false) => "Direct Fire",
        (None, false) => "Opportunity Fire",
    };
    finish(
        table,
        side,
        firers.iter().map(|p| p.id.clone()).collect(),
        strengths,
        target,
        shifts,
        kind,
    )
}

/// Each firer's strength (halved for disruption and low ammunition) once it is
/// checked to be a unit of `side` free to fire that can spot `target` in range; and
/// whether any fires over open sights.
fn firer_strengths(
    world: &World,
    side: u8,
    firers: &[PieceView],
    target: Hex,
) -> Result<(Vec<u32>, bool), Refusal> {
    let state = world.resource::<GwState>();
    let board = world.resource::<Board>();
    let mut names = BTreeSet::new();
    let mut strengths = Vec::new();
    let mut open_sights = false;
    for p in firers {
        if !names.insert(p.id.as_str()) {
            return refuse(format!("{} is named twice.", p.name));
        }
        if p.side != side || p.is_leader() {
            return refuse(format!(
                "{} cannot fire: it is not a unit of the firing side.",
                p.name
            ));
        }
        if is_cargo(state, &p.id) {
            return refuse(format!(
                "{} is loaded on a transport and cannot fire.",
                p.name
            ));
        }
        if p.demoralized {
            return refuse(format!(
                "{} is Demoralized: it can only try to recover.",
                p.name
            ));
        }
        let Some((value, bombard)) = action_fire(state, p) else {
            let why = if p.face.bombard.is_some() {
                "its mission is not Open Sights"
            } else {
                "it has no fire value"
            };
            return refuse(format!("{} cannot fire now: {why}.", p.name));
        };
        open_sights |= bombard;
        can_spot(board, p.hex, target, value.range)
            .or_else(|e| refuse(format!("{} cannot fire: {e}.", p.name)))?;
        strengths.push(halved(value.strength, p));
    }
    Ok((strengths, open_sights))
}

/// May these firers (more than one) combine their fire? Not over open sights; and
/// those not stacked together only when adjacent and activated by a leader with a
/// combat modifier.
fn check_combined_fire(
    world: &World,
    firers: &[PieceView],
    group: Option<&Group>,
    open_sights: bool,
) -> Result<(), Refusal> {
    if open_sights {
        return refuse("Artillery firing over open sights cannot combine fire.".into());
    }
    let one_hex = firers.iter().all(|p| p.hex == firers[0].hex);
    if !one_hex {
        let Some(g) = group else {
            return refuse("Only units stacked together combine opportunity fire.".into());
        };
        if let Some(p) = firers.iter().find(|p| {
            g.members
                .get(&p.id)
                .is_none_or(|m| lent_combat(world, &m.leaders).is_none_or(|c| c <= 0))
        }) {
            return refuse(format!(
                "{} is not stacked with the others and was not activated by a leader with a combat modifier, so it cannot combine fire.",
                p.name
            ));
        }
        if !connected(firers.iter().map(|p| p.hex).collect()) {
            return refuse("Combining units must stand in the same or adjacent hexes.".into());
        }
    }
    Ok(())
}

/// The column shifts of an action fire: the target's, firing uphill (direct fire),
/// the leader's combat modifier (in an activation) or a target moving in the open
/// (opportunity fire).
fn action_fire_shifts(
    world: &World,
    firers: &[PieceView],
    target: Hex,
    target_side: Option<u8>,
    group: Option<&Group>,
    table: Table,
) -> Vec<(i32, String)> {
    let board = world.resource::<Board>();
    let mut shifts = target_shifts(world, board, target, target_side, None);
    if table == Table::Direct {
        let top = firers
            .iter()
            .filter_map(|p| board.cell(p.hex).map(|c| c.elevation))
            .max()
            .unwrap_or(0);
        if board.cell(target).is_some_and(|c| c.elevation > top) {
            shifts.push((-1, "firing uphill".into()));
        }
    }
    if let Some(g) = group {
        let combat = firers
            .iter()
            .map(|p| {
                g.members
                    .get(&p.id)
                    .and_then(|m| lent_combat(world, &m.leaders))
                    .unwrap_or(0)
            })
            .min()
            .unwrap_or(0);
        if combat != 0 {
            shifts.push((i32::from(combat), "leader's combat modifier".into()));
        }
    } else if board.cell(target).is_some_and(|c| !c.cover) {
        shifts.push((1, "moving in the open".into()));
    }
    shifts
}

/// Are the hexes one connected group of same-or-adjacent hexes?
pub fn connected(hexes: Vec<Hex>) -> bool {
    let Some(first) = hexes.first().copied() else {
        return true;
    };
    let mut reached = vec![first];
    let mut grew = true;
    while grew {
        grew = false;
        for h in &hexes {
            if !reached.contains(h) && reached.iter().any(|r| r.unsigned_distance_to(*h) <= 1) {
                reached.push(*h);
                grew = true;
            }
        }
    }
    hexes.iter().all(|h| reached.contains(h))
}

/// Plans a bombardment by pre-plotted fire or a Drumfire marker: no spotting, no range check here.
pub fn plan_bombardment(
    world: &World,
    side: u8,
    sources: Vec<(String, u32)>,
    target: Hex,
    kind: &str,
) -> Result<FirePlan, Refusal> {
    plan_bombardment_on(
        world,
        side,
        sources,
        target,
        occupant_side(world, target),
        None,
        kind,
    )
}

/// Bombardment at the pieces of `target_side` in `target`, or only at those of `only`
/// (Drumfire attacks the pieces that entered the hex, not the friends already there nor,
/// in an assaulted hex, the defenders): a crowded target counts the units attacked.
pub fn plan_bombardment_on(
    world: &World,
    side: u8,
    sources: Vec<(String, u32)>,
    target: Hex,
    target_side: Option<u8>,
    only: Option<&[String]>,
    kind: &str,
) -> Result<FirePlan, Refusal> {
    let board = world.resource::<Board>();
    let shifts = target_shifts(world, board, target, target_side, only);
    let (ids, strengths) = sources.into_iter().unzip();
    finish(
        Table::Bombardment,
        side,
        ids,
        strengths,
        target,
        shifts,
        kind,
    )
}

/// Plans one side of an assault: `firers` fire on the Assault table at the pieces of
/// the other side in `hex`. `combat` is the leader shift. Leaders add no strength, and
/// Demoralized units none either: they "can do nothing [...] but try to recover morale",
/// so a Demoralized defender does not fire back.
pub fn plan_assault(
    world: &World,
    side: u8,
    firers: &[PieceView],
    hex: Hex,
    combat: i8,
    cover: bool,
    kind: &str,
) -> Result<FirePlan, Refusal> {
    let board = world.resource::<Board>();
    let state = world.resource::<GwState>();
    let mut ids = Vec::new();
    let mut strengths = Vec::new();
    // A loaded unit cannot fire (D-9), in an assault as elsewhere.
    for p in firers
        .iter()
        .filter(|p| !p.is_leader() && !p.demoralized && !super::view::is_cargo(state, &p.id))
    {
        if let Some((v, _)) = action_fire(state, p).or(p.face.direct.map(|d| (d, false))) {
            ids.push(p.id.clone());
            strengths.push(halved(v.strength, p));
        }
    }
    let mut shifts = Vec::new();
    if cover && let Some(c) = board.cell(hex).filter(|c| c.cover) {
        shifts.push((-1, format!("defender in cover ({})", c.terrain)));
    }
    if combat != 0 {
        shifts.push((i32::from(combat), "leader's combat modifier".into()));
    }
    finish(Table::Assault, side, ids, strengths, hex, shifts, kind)
}

/// What one piece in the target hex may suffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceOdds {
    /// The piece.
    pub id: String,
    /// The morale it checks against.
    pub morale: i32,
    /// Ways (over rolls x 36) to end unaffected, Disrupted, Demoralized by the fire's morale results.
    pub morale_ways: [u32; 3],
    /// Ways (over 36) of each outcome of the M2 check it makes if it takes a step loss.
    pub after_step_loss: [u32; 3],
}

/// The exact odds of a fire: every result, every morale outcome in the target hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireOdds {
    /// Results and how many rolls give each.
    pub results: ResultOdds,
    /// Ways (over rolls) to inflict 0, 1, 2 and 3 step losses.
    pub step_losses: [u32; 4],
    /// Per piece in the target hex of the target side.
    pub pieces: Vec<PieceOdds>,
}

impl FireOdds {
    /// Rolls counted for a piece's morale ways.
    pub fn morale_rolls(&self) -> u32 {
        self.results.rolls * 36
    }
}

/// Every result of a planned fire and every morale outcome it can cause, by
/// enumerating the dice (no sampling). Pieces are those of `target_side` in the hex.
pub fn odds(world: &World, plan: &FirePlan, target_side: u8) -> FireOdds {
    let results = tables::result_odds(plan.table, plan.column);
    let mut step_losses = [0u32; 4];
    for (r, n) in &results.results {
        let k = match r {
            FireResult::Steps(k) => usize::from(*k).min(3),
            _ => 0,
        };
        step_losses[k] += n;
    }
    let pieces = view::in_hex(world, plan.target)
        .into_iter()
        .filter(|p| p.side == target_side)
        .map(|p| {
            let morale = view::effective_morale(world, &p);
            let mut ways = [0u32; 3];
            for (r, n) in &results.results {
                match r {
                    FireResult::Morale(plus) => {
                        let w = tables::morale_ways(morale, *plus);
                        for o in 0..3 {
                            ways[o] += n * w[o];
                        }
                    }
                    _ => ways[MoraleOutcome::Unaffected as usize] += n * 36,
                }
            }
            PieceOdds {
                id: p.id.clone(),
                morale,
                morale_ways: ways,
                after_step_loss: if p.is_leader() {
                    [36, 0, 0]
                } else {
                    tables::morale_ways(morale, 2)
                },
            }
        })
        .collect();
    FireOdds {
        results,
        step_losses,
        pieces,
    }
}

/// The odds of a fire in the shape every rule set's odds are shown in: strength and
/// column, each column shift with its cause, every result of the table, the step
/// losses, and each target piece's morale outcomes, exact. `name` names a piece by id.
pub fn shown_odds(
    plan: &FirePlan,
    odds: &FireOdds,
    name: &dyn Fn(&str) -> String,
) -> crate::odds::Odds {
    use crate::odds::{Distribution, Odds, Outcome};
    let rolls = u64::from(odds.results.rolls);
    let parts: Vec<String> = plan
        .firers
        .iter()
        .zip(&plan.strengths)
        .map(|(f, s)| format!("{} {s}", name(f)))
        .collect();
    let morale_rolls = u64::from(odds.morale_rolls());
    let row = |label: &str, ways: u32, of: u64| Outcome::new(label, ways, of);
    let mut more = vec![Distribution {
        heading: "Step losses".into(),
        outcomes: odds
            .step_losses
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| {
                row(
                    &format!("{k} step{}", if k == 1 { "" } else { "s" }),
                    *n,
                    rolls,
                )
            })
            .collect(),
    }];
    more.extend(odds.pieces.iter().map(|p| Distribution {
        heading: format!("{} (morale {})", name(&p.id), p.morale),
        outcomes: vec![
            row("unaffected", p.morale_ways[0], morale_rolls),
            row("Disrupted", p.morale_ways[1], morale_rolls),
            row("Demoralized", p.morale_ways[2], morale_rolls),
        ],
    }));
    Odds {
        title: format!(
            "{} at {}: {} table",
            plan.kind,
            view::label(plan.target),
            plan.table
        ),
        basis: vec![
            format!("Strength {} ({})", plan.strength, parts.join(" + ")),
            format!(
                "Column {}, shifted to {}",
                plan.table.column_label(plan.base_column),
                plan.table.column_label(plan.column)
            ),
        ],
        modifiers: Odds::modifiers_of("column", &plan.shifts),
        outcomes: odds
            .results
            .results
            .iter()
            .map(|(r, n)| row(&r.label(plan.table), *n, rolls))
            .collect(),
        more,
    }
}
