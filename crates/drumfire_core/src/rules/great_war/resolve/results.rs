//! What a fire does: its roll on the table and the steps its result sets going, step
//! losses (the owner choosing which unit takes one), morale checks and flight.

use super::super::fire::occupant_side;
use super::super::state::FirePlan;
use super::super::tables::{FireResult, MoraleOutcome, morale_outcome};
use super::super::{lose_step, roll, unmark};
use super::*;

/// Rolls a fire and queues its effects on the pieces in the target hex.
pub fn resolve_fire(world: &mut World, plan: FirePlan) {
    let target_side = occupant_side(world, plan.target);
    let result = roll_on_table(world, &plan);
    if let Some(t) = target_side {
        push_front(world, effects(plan.target, t, result));
    }
}

pub(super) fn roll_on_table(world: &mut World, plan: &FirePlan) -> FireResult {
    let purpose = format!(
        "{} at {} ({} column {})",
        plan.kind,
        label(plan.target),
        plan.table,
        plan.table.column_label(plan.column)
    );
    let dice = roll(world, plan.table.dice(), purpose);
    let total: u8 = dice.iter().sum();
    let result = plan.table.result(plan.column, total);
    note(
        world,
        GameEvent::Fired {
            kind: plan.kind.clone(),
            table: plan.table.name().into(),
            side: plan.side,
            firers: plan.firers.clone(),
            target: label(plan.target),
            strength: plan.strength,
            shifts: plan.shifts.clone(),
            column: plan.table.column_label(plan.column),
            dice,
            result: result.label(plan.table),
        },
    );
    result
}

/// The steps a result sets going against `side`'s pieces in `hex`.
pub(super) fn effects(hex: Hex, side: u8, result: FireResult) -> Vec<Step> {
    match result {
        FireResult::NoEffect => vec![],
        FireResult::Morale(plus) => vec![Step::Morale {
            hex,
            side,
            plus,
            piece: None,
        }],
        FireResult::Steps(count) => vec![Step::Losses {
            hex,
            side,
            count,
            among: None,
        }],
    }
}

/// The steps a result sets going against `pieces` of `side` in `hex` only (the pieces
/// Drumfire attacks): a morale check for each of them still there, in map order, and
/// step losses taken among them.
pub(super) fn effects_on(
    world: &World,
    hex: Hex,
    side: u8,
    result: FireResult,
    pieces: &[String],
) -> Vec<Step> {
    match result {
        FireResult::NoEffect => vec![],
        FireResult::Morale(plus) => view::in_hex(world, hex)
            .into_iter()
            .filter(|p| p.side == side && pieces.contains(&p.id))
            .map(|p| Step::Morale {
                hex,
                side,
                plus,
                piece: Some(p.base.id),
            })
            .collect(),
        FireResult::Steps(count) => vec![Step::Losses {
            hex,
            side,
            count,
            among: Some(pieces.to_vec()),
        }],
    }
}

/// Units that may take a step loss in a hex (only those of `among`, when given).
/// Ours — D-13 in docs/rules/great-war.md: step losses.
pub fn loss_candidates(
    world: &World,
    hex: Hex,
    side: u8,
    among: Option<&[String]>,
) -> Vec<PieceView> {
    view::in_hex(world, hex)
        .into_iter()
        .filter(|p| p.side == side && !p.is_leader())
        .filter(|p| among.is_none_or(|a| a.contains(&p.id)))
        .collect()
}

/// > "If a player rolls an X result (or a 1 result on the Assault Table), one enemy
/// > unit in the target hex takes a step loss." The owner chooses which; when the
/// > choice makes no difference the game takes it without asking.
pub(super) fn losses(world: &mut World, hex: Hex, side: u8, count: u8, among: Option<Vec<String>>) {
    if count == 0 {
        return;
    }
    let candidates = loss_candidates(world, hex, side, among.as_deref());
    let Some(first) = candidates.first() else {
        return;
    };
    let alike = candidates.iter().all(|p| {
        p.unit_type == first.unit_type
            && p.steps == first.steps
            && p.disrupted == first.disrupted
            && p.demoralized == first.demoralized
            && p.low_ammo == first.low_ammo
            && p.morale == first.morale
    });
    if alike {
        let id = first.id.clone();
        take_loss(world, &id, hex, side, count, among);
    } else {
        world.resource_mut::<GwState>().prompt = Some(Prompt::StepLoss {
            side,
            hex,
            count,
            candidates: candidates.into_iter().map(|p| p.base.id).collect(),
        });
    }
}

/// Applies one step loss to `id` and queues its M2 check and the losses still due
/// (among the same units, when the result fell on some only).
pub fn take_loss(
    world: &mut World,
    id: &str,
    hex: Hex,
    side: u8,
    count: u8,
    among: Option<Vec<String>>,
) {
    let removed = lose_step(world, id);
    let mut steps = Vec::new();
    if !removed {
        steps.push(Step::Morale {
            hex,
            side,
            plus: 2,
            piece: Some(id.to_owned()),
        });
    }
    if count > 1 {
        steps.push(Step::Losses {
            hex,
            side,
            count: count - 1,
            among,
        });
    }
    push_front(world, steps);
}

/// > "A combat result of M, M1 or M2 forces the targeted player to roll two dice
/// > for each leader and unit in the target hex (add 1 or 2 to the result if the
/// > result is M1 or M2)."
pub(super) fn morale(world: &mut World, hex: Hex, side: u8, plus: u8, only: Option<String>) {
    let pieces: Vec<PieceView> = view::in_hex(world, hex)
        .into_iter()
        .filter(|p| p.side == side && only.as_ref().is_none_or(|id| *id == p.id))
        .collect();
    for p in pieces {
        let m = view::effective_morale(world, &p);
        let dice = roll(world, 2, format!("morale check: {}", p.name));
        let total = i32::from(dice[0] + dice[1]) + i32::from(plus);
        let outcome = morale_outcome(m, total);
        apply_morale(world, &p, outcome);
        note(
            world,
            GameEvent::MoraleChecked {
                piece: p.id.clone(),
                dice,
                plus,
                morale: m,
                outcome: format!("{outcome:?}"),
            },
        );
    }
}

/// > "...Disrupted (it fires at half-strength and can only move one hex). [...]
/// > Demoralized (its morale is reduced by one, and it can do nothing on future
/// > action phases but try to recover morale)." Ours: a worse state never improves by a check.
fn apply_morale(world: &mut World, p: &PieceView, outcome: MoraleOutcome) {
    match outcome {
        MoraleOutcome::Unaffected => {}
        MoraleOutcome::Disrupted => {
            if !p.demoralized {
                mark(world, &p.id, MarkerKind::Disrupted);
            }
        }
        MoraleOutcome::Demoralized => {
            unmark(world, &p.id, MarkerKind::Disrupted);
            mark(world, &p.id, MarkerKind::Demoralized);
        }
    }
}

/// > "If they fail, [...] Demoralized pieces flee from enemy units."
///
/// Ours: hex by hex, always to the adjacent hex farthest from the nearest enemy
/// unit (cheapest, then first in map order), while that takes it farther away and
/// its movement points last; no opportunity fire at fleeing pieces.
pub(super) fn flee(world: &mut World, id: &str) {
    let Some(p) = view::by_id(world, id) else {
        return;
    };
    let path = flight_path(world, &p);
    if path.is_empty() {
        say(
            world,
            format!(
                "{} cannot flee any farther and cowers in {}.",
                p.name,
                label(p.hex)
            ),
        );
        return;
    }
    push_front(
        world,
        vec![Step::Advance {
            side: p.side,
            pieces: vec![id.to_owned()],
            path,
            entered: 0,
            opportunity: false,
        }],
    );
}

/// The hexes a fleeing piece runs through.
/// Ours — D-8 in docs/rules/great-war.md: flight.
pub fn flight_path(world: &World, p: &PieceView) -> Vec<Hex> {
    let board = world.resource::<Board>();
    let enemies = view::enemy_unit_hexes(world, p.side);
    let mut mp = i32::from(super::super::action::movement_allowance(world, p));
    let mut at = p.hex;
    let mut path = Vec::new();
    loop {
        let here = view::nearest(&enemies, at);
        let best = at
            .all_neighbors()
            .into_iter()
            .filter_map(|n| {
                let cost = i32::from(board.enter_cost(at, n)?);
                let ok = cost <= mp
                    && !view::enemy_in(world, p.side, n)
                    && !path.contains(&n)
                    && super::super::action::stack_fits(world, p.side, n, std::slice::from_ref(p))
                    && view::nearest(&enemies, n) > here;
                ok.then(|| {
                    (
                        std::cmp::Reverse(view::nearest(&enemies, n)),
                        cost,
                        crate::coords::MapCoord::from_hex(n),
                    )
                })
            })
            .min();
        match best {
            Some((_, cost, Some(m))) => {
                let n = m.to_hex();
                mp -= cost;
                path.push(n);
                at = n;
            }
            _ => return path,
        }
    }
}
