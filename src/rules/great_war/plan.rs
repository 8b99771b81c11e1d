//! The Artillery Plan sheet's state: the side's draft plan, the cell being
//! plotted, and the edits, each checked against the rules (the same check as the
//! filed plan) before it is kept.

use crate::input::Hover;
use crate::ui::UiStatus;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;
use drumfire_core::door;
use drumfire_core::flow::{Phase, awaiting};
use drumfire_core::orders::Order;
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
    /// The turn whose fire the map shows (the last cell clicked).
    pub show_turn: usize,
    /// False for a filed plan shown during play: readable, not editable.
    pub editable: bool,
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
    /// Show a side's filed plan, read-only (during play, after the hand-off screen).
    Show(u8),
    /// Put the read-only sheet away.
    Close,
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
                draw_plan_overlay,
            )
                .chain()
                .run_if(super::play::great_war_rules)
                .before(super::play::submit_intent),
        );
}

/// Opens the sheet for the side that owes a plan, with its scenario plan (or every
/// battery on Open Sights) to start from; puts it away once the plan is filed.
fn open_sheet(world: &mut World) {
    let setup = *world.resource::<State<Phase>>().get() == Phase::Setup;
    if !setup {
        // A read-only sheet stays until it is closed.
        if world.resource::<PlanDraft>().editable {
            *world.resource_mut::<PlanDraft>() = PlanDraft::default();
        }
        return;
    }
    let due = world.resource::<GwState>().plans_due.first().copied();
    let side = due.filter(|s| Some(*s) == awaiting(world));
    let draft = world.resource::<PlanDraft>();
    if draft.side == side && (draft.editable || side.is_none()) {
        return;
    }
    let missions = side.map_or_else(Vec::new, |s| {
        let scenario = world
            .resource::<drumfire_core::rules::great_war::scenario::GwSides>()
            .get(s)
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
        editable: side.is_some(),
        ..PlanDraft::default()
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
    let (Some((line, turn)), Some(hex), true, true) = (draft.cell, hover.0, on_map, draft.editable)
    else {
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
    let source = world.resource::<crate::play::session::GameSource>();
    source.save_path(&format!("{id}.plan"))
}

fn apply_edits(world: &mut World) {
    if let Some(cell) = world.resource_mut::<SheetCell>().0.take() {
        let mut draft = world.resource_mut::<PlanDraft>();
        draft.cell = Some(cell);
        draft.show_turn = cell.1;
    }
    let edits = std::mem::take(&mut world.resource_mut::<PlanEdits>().0);
    for edit in edits {
        match edit {
            PlanEdit::Show(side) => {
                show_filed_plan(world, side);
                continue;
            }
            PlanEdit::Close => {
                if !world.resource::<PlanDraft>().editable {
                    *world.resource_mut::<PlanDraft>() = PlanDraft::default();
                }
                continue;
            }
            _ => {}
        }
        let mut draft = world.resource::<PlanDraft>().clone();
        let Some(side) = draft.side.filter(|_| draft.editable) else {
            return;
        };
        let mut next = draft.missions.clone();
        if edit_lines(world, side, &edit, &mut draft, &mut next) {
            keep_if_lawful(world, side, &edit, draft, next);
        }
    }
}

/// Shows side `side`'s filed plan, read-only, at the turn under way (not in the
/// set-up, where the sheet is the side's draft).
fn show_filed_plan(world: &mut World, side: u8) {
    let setup = *world.resource::<State<Phase>>().get() == Phase::Setup;
    if !setup {
        *world.resource_mut::<PlanDraft>() = PlanDraft {
            side: Some(side),
            missions: setup::filed_plan(world, side),
            show_turn: usize::from(world.resource::<drumfire_core::flow::Turn>().0.max(1) - 1),
            ..PlanDraft::default()
        };
    }
}

/// Makes one edit of the draft's lines in `next`, or files, exports or imports the
/// plan. True when `next` is to be checked and kept; false when the edit is done
/// with (a hex refused, the plan filed or exported).
fn edit_lines(
    world: &mut World,
    side: u8,
    edit: &PlanEdit,
    draft: &mut PlanDraft,
    next: &mut Vec<Assignment>,
) -> bool {
    let turns = usize::from(world.resource::<ScenarioInfo>().turns);
    match edit {
        PlanEdit::Cell(line, turn, hex) => return plot_cell(world, draft, next, *line, *turn, hex),
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
        PlanEdit::CopyOn(line) => copy_on(world, side, next, *line),
        PlanEdit::Show(_) | PlanEdit::Close => {}
        PlanEdit::File => {
            let order = Order::from(GwOrder::Plan {
                side,
                missions: draft.missions.clone(),
            });
            match door::submit(world, order) {
                Ok(()) => world.resource_mut::<UiStatus>().0.clear(),
                Err(r) => world.resource_mut::<UiStatus>().0 = r.0,
            }
            return false;
        }
        PlanEdit::Export => {
            export_plan(world, side, draft);
            return false;
        }
        PlanEdit::Import => {
            let path = plan_path(world, side);
            let status = match read_plan(world, side, &path) {
                Ok(missions) => {
                    *next = missions;
                    format!("Plan read from {}.", path.display())
                }
                Err(e) => e,
            };
            world.resource_mut::<UiStatus>().0 = status;
        }
    }
    true
}

/// Plots a hex (or NO FIRE) in a cell of `next`: a turn of Planned Fire, or a
/// Move's destination. A hex that is not a hex number is refused at once, the
/// refusal shown on the sheet, and false returned.
fn plot_cell(
    world: &mut World,
    draft: &mut PlanDraft,
    next: &mut [Assignment],
    line: usize,
    turn: usize,
    hex: &Option<String>,
) -> bool {
    let hex = match hex.as_deref().map(str::trim) {
        Some(h) if drumfire_core::scenario::hex_of(h).is_none() => {
            draft.refusal = Some(format!(
                "`{h}` is not a hex number: four digits, column then row, like 1608."
            ));
            *world.resource_mut::<PlanDraft>() = std::mem::take(draft);
            return false;
        }
        h => h.map(str::to_owned),
    };
    let hex = &hex;
    if let Some(Assignment {
        mission: Mission::PlannedFire { targets },
        ..
    }) = next.get_mut(line)
        && let Some(slot) = targets.get_mut(turn)
    {
        *slot = hex.clone();
    }
    if let Some(Assignment {
        mission: Mission::Move { destination },
        ..
    }) = next.get_mut(line)
        && let Some(h) = hex
    {
        *destination = h.clone();
    }
    true
}

/// Repeats a Planned Fire line's last target on the following turns while the
/// side's ammunition lasts.
fn copy_on(world: &World, side: u8, next: &mut [Assignment], line: usize) {
    let ammo = usize::from(
        world
            .resource::<drumfire_core::rules::great_war::scenario::GwSides>()
            .get(side)
            .artillery_ammunition,
    );
    if let Some(Assignment {
        mission: Mission::PlannedFire { targets },
        ..
    }) = next.get_mut(line)
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

/// Writes the draft to the side's plan file under saves/, and says how it went.
fn export_plan(world: &mut World, side: u8, draft: &PlanDraft) {
    let path = plan_path(world, side);
    let id = world.resource::<drumfire_core::scenario::SideList>().0[usize::from(side)]
        .id
        .clone();
    let file = PlanFile {
        side: id,
        missions: draft.missions.clone(),
    };
    let text =
        ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default()).unwrap_or_default();
    let result = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&path, text));
    world.resource_mut::<UiStatus>().0 = match result {
        Ok(()) => format!("Plan written to {}.", path.display()),
        Err(e) => format!("Could not write {}: {e}", path.display()),
    };
}

/// Keeps the edited lines only if the plan still keeps the rules (a Move mission
/// may wait for its hex); else the draft keeps its lines and shows the refusal.
fn keep_if_lawful(
    world: &mut World,
    side: u8,
    edit: &PlanEdit,
    mut draft: PlanDraft,
    next: Vec<Assignment>,
) {
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
        let s = drumfire_core::scenario::parse(path, &text, &drumfire_core::rules::ALL).unwrap();
        drumfire_core::game::Game::new(&s, 1)
    }

    #[test]
    fn a_plan_exported_and_imported_is_the_same_plan() {
        let game = marcoing();
        let world = game.world();
        let missions = world
            .resource::<drumfire_core::rules::great_war::scenario::GwSides>()
            .get(0)
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

/// A plotted hex drawn on the map while the sheet is open.
#[derive(Component)]
pub struct PlanOverlay;

/// The fire plotted on one hex for one turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlottedHex {
    /// The target.
    pub hex: hexx::Hex,
    /// The batteries and factors firing at it, by id.
    pub sources: Vec<String>,
    /// Their combined strength.
    pub strength: u32,
    /// Drumfire will fall: one of them fires at the same hex as the turn before.
    pub drumfire: bool,
}

/// The fire plotted for one turn, hex by hex.
pub fn plotted_for_turn(world: &World, draft: &PlanDraft, turn: usize) -> Vec<PlottedHex> {
    let mut out: Vec<PlottedHex> = Vec::new();
    for a in &draft.missions {
        let Mission::PlannedFire { targets } = &a.mission else {
            continue;
        };
        let Some(Some(label)) = targets.get(turn) else {
            continue;
        };
        let Some(h) = drumfire_core::scenario::hex_of(label) else {
            continue;
        };
        let drumfire = turn > 0 && targets.get(turn - 1) == Some(&Some(label.clone()));
        let strength = drumfire_core::rules::great_war::resolve::source_strength(world, &a.source);
        match out.iter_mut().find(|p| p.hex == h) {
            Some(p) => {
                p.strength += strength;
                p.drumfire |= drumfire;
                p.sources.push(a.source.clone());
            }
            None => out.push(PlottedHex {
                hex: h,
                sources: vec![a.source.clone()],
                strength,
                drumfire,
            }),
        }
    }
    out
}

/// The words on the map for one plotted hex: turn, strength, Drumfire, who fires.
pub fn overlay_text(world: &World, turn: usize, p: &PlottedHex) -> String {
    let names: Vec<String> = p.sources.iter().map(|id| source_name(world, id)).collect();
    format!(
        "T{}: {}{}\n{}",
        turn + 1,
        p.strength,
        if p.drumfire { " DRUMFIRE" } else { "" },
        names.join("\n")
    )
}

/// A battery's or factor's name.
pub fn source_name(world: &World, id: &str) -> String {
    let factor = world
        .resource::<drumfire_core::rules::great_war::scenario::GwSides>()
        .0
        .iter()
        .flat_map(|s| s.off_board_artillery.iter())
        .find(|f| f.id == id)
        .map(|f| f.name.clone());
    factor
        .or_else(|| {
            world
                .resource::<drumfire_core::counters::PieceIds>()
                .get(id)
                .and_then(|e| world.get::<drumfire_core::counters::Counter>(e))
                .map(|c| c.name.clone())
        })
        .unwrap_or_else(|| id.to_owned())
}

/// Draws the chosen turn's plotted fire on the map: combined strength, and DRUMFIRE
/// where a battery or factor fires at the same hex as the turn before.
fn draw_plan_overlay(
    world: &mut World,
    mut drawn: Local<crate::screen::OfTheGame<Option<(Option<u8>, usize, Vec<Assignment>)>>>,
) {
    let drawn = drawn.in_world(world);
    let draft = world.resource::<PlanDraft>().clone();
    let key = (draft.side, draft.show_turn, draft.missions.clone());
    if drawn.as_ref() == Some(&key) {
        return;
    }
    let Some(geometry) = world
        .get_resource::<crate::board::geometry::BoardGeometry>()
        .cloned()
    else {
        return;
    };
    *drawn = Some(key);
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<PlanOverlay>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
    if draft.side.is_none() {
        return;
    }
    // Where Move missions head.
    let moves: Vec<(hexx::Hex, String)> = draft
        .missions
        .iter()
        .filter_map(|a| match &a.mission {
            Mission::Move { destination } => drumfire_core::scenario::hex_of(destination)
                .map(|h| (h, format!("Move here:\n{}", source_name(world, &a.source)))),
            _ => None,
        })
        .collect();
    let size = crate::board::geometry::HEX_SIZE;
    for (hex, text) in moves {
        let at = geometry.world_of(hex) - Vec2::Y * size * 0.2;
        world.spawn(label(
            text,
            Color::srgb(0.1, 0.25, 0.6),
            bevy::sprite::Anchor::TOP_CENTER,
            at,
        ));
    }
    for p in plotted_for_turn(world, &draft, draft.show_turn) {
        let at = geometry.world_of(p.hex) + Vec2::Y * size * 0.2;
        let text = overlay_text(world, draft.show_turn, &p);
        world.spawn(label(
            text,
            Color::srgb(0.72, 0.08, 0.04),
            bevy::sprite::Anchor::BOTTOM_CENTER,
            at,
        ));
    }
}

/// A plan label on the map: light words on a coloured band, above the counters.
fn label(text: String, band: Color, anchor: bevy::sprite::Anchor, at: Vec2) -> impl Bundle {
    (
        PlanOverlay,
        crate::board::text::board_text(text, 12.0, Color::srgb(0.98, 0.96, 0.92)),
        bevy::text::TextBackgroundColor(band),
        bevy::text::TextLayout::justify(bevy::text::Justify::Center),
        anchor,
        Transform::from_translation(at.extend(crate::board::z::COUNTER + 46.0)),
    )
}
