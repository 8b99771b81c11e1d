//! The Great War's steps of the scripted-input mode (`play::script`): activations,
//! moves, fires and assaults picked as the mouse picks them, the questions the game
//! asks answered, Artillery Plans filed or drawn on the sheet, and the sheet's words
//! for `dump-view`.

use super::play::{IntentQueue, Mode, PendingTarget};
use crate::input::{Hover, Selection};
use crate::play::script::hex;
use bevy::prelude::*;
use drumfire_core::door;
use drumfire_core::flow::{Phase, awaiting};
use drumfire_core::map::HexIndex;
use drumfire_core::orders;
use drumfire_core::rules::great_war::preview::{Intent, Pick};
use drumfire_core::rules::great_war::state::Prompt;
use drumfire_core::rules::great_war::{self, GwState};

use super::plan::{PlanDraft, PlanEdit, PlanEdits, PlanOverlay, SheetCell, source_name};

/// One of its steps: `Some(Ok(true))` done, `Some(Ok(false))` to be taken again (until
/// no question is left, or until a side or turn is reached), `None` not one of its.
pub(super) fn step(world: &mut World, words: &[String]) -> Option<Result<bool, String>> {
    let name = words[0].as_str();
    NAMES
        .contains(&name)
        .then(|| run(world, name, words[1..].to_vec()))
}

/// The steps that are the Great War's.
const NAMES: [&str; 15] = [
    "activate",
    "move",
    "fire",
    "click",
    "confirm",
    "answer-all",
    "pass",
    "plan",
    "pass-until",
    "turn",
    "sheet-cell",
    "sheet-mission",
    "sheet-type",
    "file-plan",
    "close-plan",
];

fn run(world: &mut World, name: &str, args: Vec<String>) -> Result<bool, String> {
    match name {
        "activate" => {
            let id = args.first().ok_or("a counter id is missing")?;
            queue_intent(world, Intent::Activate(id.clone()));
        }
        "move" | "fire" => {
            world.resource_mut::<Mode>().0 = Some(if name == "move" {
                Pick::Move(args.clone())
            } else {
                Pick::Fire(args.clone())
            });
            world.resource_mut::<PendingTarget>().0 = None;
        }
        "click" => click_hex(world, &args)?,
        "confirm" => confirm_target(world)?,
        "answer-all" => {
            if let Some(i) = answer(world) {
                queue_intent(world, i);
                return Ok(false);
            }
        }
        "pass" => queue_intent(world, Intent::Pass),
        "plan" => file_plan(world, &args)?,
        "pass-until" => return pass_until_side(world, &args),
        "turn" => return play_until_turn(world, &args),
        "sheet-cell" => pick_sheet_cell(world, &args)?,
        "sheet-mission" => set_sheet_mission(world, &args)?,
        "sheet-type" => type_sheet_hex(world, &args)?,
        "file-plan" => world.resource_mut::<PlanEdits>().0.push(PlanEdit::File),
        "close-plan" => world.resource_mut::<PlanEdits>().0.push(PlanEdit::Close),
        other => return Err(format!("unknown step `{other}`")),
    }
    Ok(true)
}

/// Queues an intent, as the panels and the map do.
fn queue_intent(world: &mut World, i: Intent) {
    world.resource_mut::<IntentQueue>().0 = Some(i);
}

/// `click HEX`: the pointer on the hex, then a click there: the move's destination,
/// the fire's or assault's target, or (browsing) the hex's top counter selected.
fn click_hex(world: &mut World, args: &[String]) -> Result<(), String> {
    let h = hex(args.first())?;
    world.resource_mut::<Hover>().0 = Some(h);
    match world.resource::<Mode>().0.clone() {
        Some(Pick::Move(p)) => queue_intent(world, Intent::Move(p, h)),
        Some(_) => world.resource_mut::<PendingTarget>().0 = Some(h),
        None => {
            let stack = world.resource::<HexIndex>().occupants(h).to_vec();
            world.resource_mut::<Selection>().click(h, &stack);
        }
    }
    Ok(())
}

/// `confirm`: the fire or assault at the target picked.
fn confirm_target(world: &mut World) -> Result<(), String> {
    let t = world
        .resource::<PendingTarget>()
        .0
        .ok_or("no target has been picked")?;
    let i = match world.resource::<Mode>().0.clone() {
        Some(Pick::Fire(f)) => Intent::Fire(f, t),
        Some(Pick::Assault(a)) => Intent::Assault(a, t),
        _ => return Err("nothing to confirm".into()),
    };
    queue_intent(world, i);
    Ok(())
}

/// `plan [scenario]`: the awaited side files the scenario's Artillery Plan, or
/// every battery on Open Sights.
fn file_plan(world: &mut World, args: &[String]) -> Result<(), String> {
    let side = awaiting(world).ok_or("no side is awaited")?;
    let missions = match args.first().map(String::as_str) {
        Some("scenario") => world
            .resource::<great_war::scenario::GwSides>()
            .get(side)
            .artillery_plan
            .clone(),
        _ => great_war::setup::open_sights_plan(world, side),
    };
    let order = orders::Order::from(great_war::GwOrder::Plan { side, missions });
    door::submit(world, order).map_err(|r| r.0)?;
    Ok(())
}

/// `pass-until SIDE`: answers and passes until side SIDE may act with no question
/// and no activation under way; false while it is still to be taken again.
fn pass_until_side(world: &mut World, args: &[String]) -> Result<bool, String> {
    let side: u8 = args
        .first()
        .and_then(|s| s.parse().ok())
        .ok_or("a side number is missing")?;
    let ready = *world.resource::<State<Phase>>().get() == great_war::ACTION
        && awaiting(world) == Some(side)
        && world.resource::<GwState>().prompt.is_none()
        && world.resource::<GwState>().group.is_none();
    if !ready {
        let i = answer(world).unwrap_or(Intent::Pass);
        queue_intent(world, i);
        return Ok(false);
    }
    Ok(true)
}

/// `turn N`: answers and passes until turn N (or the end of the game); false while
/// it is still to be taken again.
fn play_until_turn(world: &mut World, args: &[String]) -> Result<bool, String> {
    let n: u16 = args
        .first()
        .and_then(|s| s.parse().ok())
        .ok_or("a turn number is missing")?;
    let over = *world.resource::<State<Phase>>().get() == Phase::GameOver;
    if world.resource::<drumfire_core::flow::Turn>().0 < n && !over {
        let i = answer(world).unwrap_or(Intent::Pass);
        queue_intent(world, i);
        return Ok(false);
    }
    Ok(true)
}

/// `sheet-cell LINE TURN`: a cell of the plan sheet clicked, both counted from 1.
fn pick_sheet_cell(world: &mut World, args: &[String]) -> Result<(), String> {
    let n = |i: usize| -> Result<usize, String> {
        args.get(i)
            .and_then(|s| s.parse::<usize>().ok())
            .filter(|n| *n > 0)
            .map(|n| n - 1)
            .ok_or_else(|| "sheet-cell needs a line and a turn, from 1".to_owned())
    };
    world.resource_mut::<SheetCell>().0 = Some((n(0)?, n(1)?));
    Ok(())
}

/// `sheet-mission LINE planned|open|move`: a line's mission chosen on the sheet.
fn set_sheet_mission(world: &mut World, args: &[String]) -> Result<(), String> {
    let line = args
        .first()
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|n| *n > 0)
        .ok_or("sheet-mission needs a line, from 1")?;
    let kind = match args.get(1).map(String::as_str) {
        Some("planned") => 0,
        Some("open") => 1,
        Some("move") => 2,
        _ => return Err("the mission is planned, open or move".into()),
    };
    world
        .resource_mut::<PlanEdits>()
        .0
        .push(PlanEdit::Mission(line - 1, kind));
    Ok(())
}

/// `sheet-type HEX`: a hex typed for the sheet's chosen cell and plotted.
fn type_sheet_hex(world: &mut World, args: &[String]) -> Result<(), String> {
    let (line, turn) = world
        .resource::<PlanDraft>()
        .cell
        .ok_or("no cell of the sheet is chosen")?;
    let text = args.first().ok_or("a hex is missing")?.clone();
    world
        .resource_mut::<PlanEdits>()
        .0
        .push(PlanEdit::Cell(line, turn, Some(text)));
    Ok(())
}

/// The answer a script gives to the question the game waits on: hold fire, or the
/// first unit takes the loss.
fn answer(world: &World) -> Option<Intent> {
    match world.get_resource::<GwState>()?.prompt.as_ref()? {
        Prompt::OpportunityFire { .. } => Some(Intent::HoldFire),
        Prompt::StepLoss { candidates, .. } => {
            candidates.first().cloned().map(Intent::TakeStepLoss)
        }
        Prompt::OpenPlot { .. } => None,
    }
}

/// The Artillery Plan sheet (its side, every battery and cell) and the plan's labels
/// on the map.
pub(super) fn view_text(world: &mut World, out: &mut String) {
    use std::fmt::Write;
    let sides = world
        .resource::<drumfire_core::scenario::SideList>()
        .clone();
    let draft = world.resource::<PlanDraft>().clone();
    if let Some(side) = draft.side {
        let _ = writeln!(out, "sheet: {}", sides.name(side));
        for a in &draft.missions {
            let _ = writeln!(
                out,
                "sheet line: {} {:?}",
                source_name(world, &a.source),
                a.mission
            );
        }
    }
    let labels: Vec<String> = world
        .query_filtered::<&Text2d, With<PlanOverlay>>()
        .iter(world)
        .map(|t| t.0.replace('\n', " / "))
        .collect();
    for l in labels {
        let _ = writeln!(out, "map: {l}");
    }
}
