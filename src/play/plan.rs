//! The Artillery Plan sheet's state: the side's draft plan, the cell being
//! plotted, and the edits, each checked against the rules (the same check as the
//! filed plan) before it is kept.

use crate::input::Hover;
use crate::ui::UiStatus;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;
use drumfire_core::flow::{Phase, awaiting};
use drumfire_core::orders::{self, Order};
use drumfire_core::rules::great_war::{Assignment, GwOrder, GwState, Mission, setup};
use drumfire_core::scenario::ScenarioInfo;
use serde::{Deserialize, Serialize};

/// The plan being drawn up on the sheet.
#[derive(Resource, Default, Debug, Clone)]
pub struct PlanDraft {
    /// The side plotting, when the sheet is open.
    pub side: Option<u8>,
    /// One line per artillery unit and factor.
    pub missions: Vec<Assignment>,
    /// The cell waiting for a hex from the map: (line, turn index).
    pub cell: Option<(usize, usize)>,
    /// Why the last edit was refused.
    pub refusal: Option<String>,
}

/// An edit of the sheet, checked before it is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanEdit {
    /// Plot a hex (or NO FIRE) in a cell.
    Cell(usize, usize, Option<String>),
    /// Change a line's mission: 0 Planned Fire, 1 Open Sights, 2 Move (to the hex given).
    Mission(usize, u8),
    /// Copy the line's last target to the following turns while ammunition lasts.
    CopyOn(usize),
    /// File the plan.
    File,
    /// Write the plan to a RON file.
    Export,
    /// Read the plan back from the RON file.
    Import,
}

/// A cell clicked on the sheet this frame (the sheet reads the draft, so it asks here).
#[derive(Resource, Default, Debug)]
pub struct SheetCell(pub Option<(usize, usize)>);

/// Edits queued by the sheet.
#[derive(Resource, Default, Debug)]
pub struct PlanEdits(pub Vec<PlanEdit>);

/// A side's plan as a file: `ArtilleryPlan(side: "german", missions: [...])`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "ArtilleryPlan")]
pub struct PlanFile {
    /// Side id.
    pub side: String,
    /// The lines.
    pub missions: Vec<Assignment>,
}

/// The plan plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<PlanDraft>()
        .init_resource::<PlanEdits>()
        .init_resource::<SheetCell>()
        .add_systems(
            Update,
            (
                open_sheet,
                plot_on_click.run_if(not(egui_wants_any_pointer_input)),
                apply_edits,
            )
                .chain()
                .before(super::submit_intent),
        );
}

/// Opens the sheet for the side that owes a plan, with its scenario plan (or every
/// battery on Open Sights) to start from.
fn open_sheet(world: &mut World) {
    let setup = *world.resource::<State<Phase>>().get() == Phase::Setup;
    let due = world.resource::<GwState>().plans_due.first().copied();
    let side = if setup {
        due.filter(|s| Some(*s) == awaiting(world))
    } else {
        None
    };
    if world.resource::<PlanDraft>().side == side {
        return;
    }
    let missions = side.map_or_else(Vec::new, |s| {
        let scenario = world.resource::<drumfire_core::scenario::SideList>().0[usize::from(s)]
            .artillery_plan
            .clone();
        if scenario.is_empty() {
            setup::open_sights_plan(world, s)
        } else {
            scenario
        }
    });
    *world.resource_mut::<PlanDraft>() = PlanDraft {
        side,
        missions,
        cell: None,
        refusal: None,
    };
}

fn plot_on_click(
    mut buttons: ResMut<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    window: Single<&Window, With<PrimaryWindow>>,
    area: Res<crate::input::MapArea>,
    draft: Res<PlanDraft>,
    mut edits: ResMut<PlanEdits>,
) {
    let on_map = match (window.cursor_position(), area.0) {
        (Some(p), Some(r)) => r.contains(p),
        _ => false,
    };
    let (Some((line, turn)), Some(hex), true) = (draft.cell, hover.0, on_map) else {
        return;
    };
    if buttons.just_pressed(MouseButton::Left) {
        buttons.clear_just_pressed(MouseButton::Left);
        edits.0.push(PlanEdit::Cell(
            line,
            turn,
            Some(drumfire_core::coords::hex_label(hex)),
        ));
    }
}

/// The path of a side's plan file.
pub fn plan_path(world: &World, side: u8) -> std::path::PathBuf {
    let id = world.resource::<drumfire_core::scenario::SideList>().0[usize::from(side)]
        .id
        .clone();
    let source = world.resource::<super::session::GameSource>();
    source.save_path(&format!("{id}.plan"))
}

fn apply_edits(world: &mut World) {
    if let Some(cell) = world.resource_mut::<SheetCell>().0.take() {
        world.resource_mut::<PlanDraft>().cell = Some(cell);
    }
    let edits = std::mem::take(&mut world.resource_mut::<PlanEdits>().0);
    for edit in edits {
        let mut draft = world.resource::<PlanDraft>().clone();
        let Some(side) = draft.side else { return };
        let turns = usize::from(world.resource::<ScenarioInfo>().turns);
        let mut next = draft.missions.clone();
        match &edit {
            PlanEdit::Cell(line, turn, hex) => {
                if let Some(Assignment {
                    mission: Mission::PlannedFire { targets },
                    ..
                }) = next.get_mut(*line)
                    && let Some(slot) = targets.get_mut(*turn)
                {
                    *slot = hex.clone();
                }
                if let Some(Assignment {
                    mission: Mission::Move { destination },
                    ..
                }) = next.get_mut(*line)
                    && let Some(h) = hex
                {
                    *destination = h.clone();
                }
            }
            PlanEdit::Mission(line, kind) => {
                if let Some(a) = next.get_mut(*line) {
                    a.mission = match kind {
                        0 => Mission::PlannedFire {
                            targets: vec![None; turns],
                        },
                        1 => Mission::OpenSights,
                        _ => {
                            // A Move mission needs its destination: pick it on the map next.
                            draft.cell = Some((*line, 0));
                            Mission::Move {
                                destination: String::new(),
                            }
                        }
                    };
                }
            }
            PlanEdit::CopyOn(line) => {
                let ammo = usize::from(
                    world.resource::<drumfire_core::scenario::SideList>().0[usize::from(side)]
                        .artillery_ammunition,
                );
                if let Some(Assignment {
                    mission: Mission::PlannedFire { targets },
                    ..
                }) = next.get_mut(*line)
                    && let Some(last) = targets.iter().rposition(Option::is_some)
                {
                    let hex = targets[last].clone();
                    let mut used = targets.iter().filter(|t| t.is_some()).count();
                    for slot in targets.iter_mut().skip(last + 1) {
                        if used >= ammo {
                            break;
                        }
                        if slot.is_none() {
                            *slot = hex.clone();
                            used += 1;
                        }
                    }
                }
            }
            PlanEdit::File => {
                let order = Order::GreatWar(GwOrder::Plan {
                    side,
                    missions: draft.missions.clone(),
                });
                match orders::submit(world, order) {
                    Ok(()) => world.resource_mut::<UiStatus>().0.clear(),
                    Err(r) => world.resource_mut::<UiStatus>().0 = r.0,
                }
                continue;
            }
            PlanEdit::Export => {
                let path = plan_path(world, side);
                let id = world.resource::<drumfire_core::scenario::SideList>().0[usize::from(side)]
                    .id
                    .clone();
                let file = PlanFile {
                    side: id,
                    missions: draft.missions.clone(),
                };
                let text = ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())
                    .unwrap_or_default();
                let result = path
                    .parent()
                    .map_or(Ok(()), std::fs::create_dir_all)
                    .and_then(|()| std::fs::write(&path, text));
                world.resource_mut::<UiStatus>().0 = match result {
                    Ok(()) => format!("Plan written to {}.", path.display()),
                    Err(e) => format!("Could not write {}: {e}", path.display()),
                };
                continue;
            }
            PlanEdit::Import => {
                let path = plan_path(world, side);
                let status = match read_plan(world, side, &path) {
                    Ok(missions) => {
                        next = missions;
                        format!("Plan read from {}.", path.display())
                    }
                    Err(e) => e,
                };
                world.resource_mut::<UiStatus>().0 = status;
            }
        }
        // Keep the edit only if the plan still keeps the rules (a Move mission may wait for its hex).
        let waiting_move = next
            .iter()
            .any(|a| matches!(&a.mission, Mission::Move { destination } if destination.is_empty()));
        match setup::check_plan(world, side, &next) {
            Err(r) if !waiting_move => draft.refusal = Some(r.0),
            _ => {
                draft.missions = next;
                draft.refusal = None;
                if matches!(edit, PlanEdit::Cell(..)) {
                    draft.cell = None;
                }
            }
        }
        *world.resource_mut::<PlanDraft>() = draft;
    }
}

/// Reads a side's plan file: located RON errors, then the rules' check.
pub fn read_plan(
    world: &World,
    side: u8,
    path: &std::path::Path,
) -> Result<Vec<Assignment>, String> {
    let name = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("{name}:1:1: cannot read: {e}"))?;
    let file: PlanFile = drumfire_core::error::read_ron(&name, &text).map_err(|e| e.to_string())?;
    let id = &world.resource::<drumfire_core::scenario::SideList>().0[usize::from(side)].id;
    if file.side != *id {
        return Err(format!(
            "{name}:1:1: side: this plan is for `{}`, not `{id}`",
            file.side
        ));
    }
    setup::check_plan(world, side, &file.missions).map_err(|r| format!("{name}: {}", r.0))?;
    Ok(file.missions)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marcoing() -> drumfire_core::game::Game {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenarios/great_war/marcoing_ridge.ron"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let s = drumfire_core::scenario::parse(path, &text).unwrap();
        drumfire_core::game::Game::new(&s, 1)
    }

    #[test]
    fn a_plan_exported_and_imported_is_the_same_plan() {
        let game = marcoing();
        let world = game.world();
        let missions = world.resource::<drumfire_core::scenario::SideList>().0[0]
            .artillery_plan
            .clone();
        let dir = std::env::temp_dir().join(format!("drumfire-plan-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("german.plan.ron");
        let file = PlanFile {
            side: "german".into(),
            missions: missions.clone(),
        };
        std::fs::write(
            &path,
            ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default()).unwrap(),
        )
        .unwrap();
        assert_eq!(read_plan(world, 0, &path), Ok(missions));
    }

    #[test]
    fn an_imported_plan_is_checked_like_a_scenario() {
        let game = marcoing();
        let dir = std::env::temp_dir().join(format!("drumfire-plan-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.plan.ron");
        std::fs::write(&path, "ArtilleryPlan(side: \"british\", missions: [])").unwrap();
        let err = read_plan(game.world(), 0, &path).unwrap_err();
        assert!(
            err.ends_with(":1:1: side: this plan is for `british`, not `german`"),
            "{err}"
        );
        std::fs::write(
            &path,
            "ArtilleryPlan(side: \"german\", missions: [(source: \"g_how\", mission: Bombard)])",
        )
        .unwrap();
        let err = read_plan(game.world(), 0, &path).unwrap_err();
        assert!(err.contains(":1:"), "{err}");
        std::fs::write(
            &path,
            "ArtilleryPlan(side: \"german\", missions: [(source: \"g_how\", mission: OpenSights)])",
        )
        .unwrap();
        let err = read_plan(game.world(), 0, &path).unwrap_err();
        assert!(
            err.contains("`g_how` is an off-board factor: its only mission is Planned Fire."),
            "{err}"
        );
    }
}
