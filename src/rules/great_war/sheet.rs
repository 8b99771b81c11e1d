//! The Great War's panels of play: the leader draw of the set-up, the menu of
//! Artillery Plans to show, and the Artillery Plan sheet itself.

use super::panels::GwView;
use super::plan::{PlanDraft, PlanEdit};
use crate::ui::play_panels::name_of;
use bevy::prelude::World;
use bevy_egui::egui;
use drumfire_core::journal::GameEvent;
use drumfire_core::rules::great_war::scenario::GwSide;
use drumfire_core::rules::great_war::{Assignment, Mission};
use std::collections::BTreeMap;

/// The leader draw of the set-up, from the journal: each leader of the pool, its
/// die and whether it takes command or is set aside.
pub fn leader_draw(ui: &mut egui::Ui, play: &GwView) {
    let names = play.names();
    let entries = play.journal.entries();
    // Each leader's flip is the last die rolled before the journal says how he landed.
    let drawn: Vec<(String, bool, Option<u8>)> = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match &e.event {
            GameEvent::LeaderDrawn { piece, face_up } => {
                let die = entries[..i].iter().rev().find_map(|d| match &d.event {
                    GameEvent::DiceRolled { purpose, faces }
                        if purpose.starts_with("leader flip") =>
                    {
                        faces.first().copied()
                    }
                    _ => None,
                });
                Some((piece.clone(), *face_up, die))
            }
            _ => None,
        })
        .collect();
    if drawn.is_empty() {
        return;
    }
    ui.separator();
    ui.heading("Leader draw");
    ui.label(format!(
        "Each leader of the pool is flipped (one die: {}-6 face-up). Face-down leaders are set aside for the whole game.",
        drumfire_core::rules::great_war::setup::FACE_UP_FROM
    ));
    for (id, face_up, die) in drawn {
        let side = play.names.iter().find(|c| c.id == id).map(|c| c.side);
        let colour = side.map_or(egui::Color32::GRAY, |s| play.colours.text(s));
        egui::Frame::group(ui.style())
            .fill(if face_up {
                egui::Color32::from_gray(38)
            } else {
                egui::Color32::from_gray(24)
            })
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.colored_label(colour, "■");
                    let name = egui::RichText::new(name_of(&names, &id));
                    if face_up {
                        ui.strong(name);
                    } else {
                        ui.label(name.strikethrough().weak());
                    }
                    if let Some(d) = die {
                        ui.label(format!("die {d}"));
                    }
                    if face_up {
                        ui.colored_label(
                            egui::Color32::from_rgb(120, 200, 120),
                            "face-up: in command",
                        );
                    } else {
                        ui.weak("face-down: set aside");
                    }
                });
            });
    }
}

/// The sides with a filed plan, for the menu that shows one during play.
fn sides_with_plans(play: &GwView) -> Vec<u8> {
    let Some(gw) = play.gw.as_ref() else {
        return Vec::new();
    };
    let mut out: Vec<u8> = gw
        .missions
        .keys()
        .filter_map(|id| {
            gw.factors
                .get(id)
                .map(|(s, _)| *s)
                .or_else(|| play.names.iter().find(|c| &c.id == id).map(|c| c.side))
        })
        .collect();
    out.extend(play.own_plan.as_ref().map(|o| o.side));
    out.sort_unstable();
    out.dedup();
    out
}

/// "Artillery Plans" during play: a side's filed plan, shown after the hand-off screen.
pub fn plans_menu(ui: &mut egui::Ui, play: &mut GwView) {
    use drumfire_core::flow::Phase;
    if *play.phase.get() == Phase::Setup {
        return;
    }
    let mut sides = sides_with_plans(play);
    if let Some(here) = play.played_here.as_ref().map(|h| h.0) {
        // Between two machines: this player's own plan, with no hand-off screen (the
        // other player has a screen of their own).
        sides.retain(|s| *s == here);
        if sides.is_empty() {
            return;
        }
        ui.menu_button("Artillery Plans", |ui| {
            let name = play.sides.name(here).to_owned();
            if ui
                .button(format!("My plan ({name})"))
                .on_hover_text("Your whole plan, kept on this machine; the other player has only what its fire has shown")
                .clicked()
            {
                play.edits.0.push(PlanEdit::Show(here));
                ui.close();
            }
        });
        return;
    }
    if sides.is_empty() {
        return;
    }
    ui.menu_button("Artillery Plans", |ui| {
        for side in sides {
            let name = play.sides.name(side).to_owned();
            if ui
                .button(format!("{name}'s plan"))
                .on_hover_text("Hidden from the other side: the hand-off screen comes first")
                .clicked()
            {
                play.handoff.waiting_for = Some(side);
                play.handoff.show_secret = true;
                ui.close();
            }
        }
    });
}

/// Turns (0-based) of a source's Planned Fire that fired, from the journal.
fn fired_turns(play: &GwView, source: &str) -> Vec<usize> {
    play.journal
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::Fired { kind, firers, .. }
                if kind == "Planned Fire" && firers.iter().any(|f| f == source) =>
            {
                Some(usize::from(e.turn.max(1) - 1))
            }
            _ => None,
        })
        .collect()
}

/// Has the Bombardment Phase of this turn (0-based) been played?
fn bombarded(play: &GwView, turn: usize) -> bool {
    use drumfire_core::flow::Phase;
    let now = usize::from(play.turn.0);
    let past = matches!(
        *play.phase.get(),
        drumfire_core::rules::great_war::ACTION | Phase::EndOfTurn | Phase::GameOver
    );
    now > turn + 1 || (now == turn + 1 && past)
}

/// The plan sheet's window id (its title changes with the side and the phase).
const PLAN_SHEET: &str = "artillery plan sheet";

/// Where the plan sheet goes: clear of the batteries it plans for, where it can be.
pub fn plan_sheet_place(ctx: &egui::Context, world: &mut World) -> Option<egui::Pos2> {
    let draft = world.resource::<PlanDraft>();
    draft.side?;
    let sources: Vec<String> = draft.missions.iter().map(|m| m.source.clone()).collect();
    let hexes = crate::ui::aside::hexes_of(world, sources.iter().map(String::as_str));
    crate::ui::aside::clear_of(ctx, world, PLAN_SHEET, egui::Align2::LEFT_BOTTOM, &hexes)
}

/// Height of the plan sheet's rows before they scroll: fifteen batteries or so.
const PLAN_ROWS_HEIGHT: f32 = 330.0;

/// The Artillery Plan sheet: one line per battery and factor, one column per turn.
/// In the set-up it is the side's draft, edited cell by cell; during play a filed
/// plan, read-only, with the turns that fired ticked.
pub fn plan_sheet(ctx: &egui::Context, play: &mut GwView, at: Option<egui::Pos2>) {
    let Some(side) = play.draft.side else {
        return;
    };
    if play.handoff.waiting_for.is_some() || (play.draft.editable && play.watching.is_some()) {
        return;
    }
    let names = play.names();
    let turns = usize::from(play.info.turns);
    let side_info = play
        .gw_sides
        .as_ref()
        .map(|g| g.get(side).clone())
        .unwrap_or_default();
    let ammo = side_info.artillery_ammunition;
    let bombard: BTreeMap<String, (u8, u8)> = play
        .printed
        .iter()
        .filter_map(|(c, p)| {
            p.full
                .bombard
                .map(|b| (c.id.clone(), (b.strength, b.range)))
        })
        .collect();
    let draft = play.draft.clone();
    let mut edits = Vec::new();
    let title = plan_title(play, side, draft.editable);
    let sheet = PlanSheet {
        names: &names,
        turns,
        side_info: &side_info,
        ammo,
        bombard: &bombard,
        draft: &draft,
    };
    let window = egui::Window::new(title).collapsible(false).resizable(false);
    crate::ui::aside::placed(
        window,
        PLAN_SHEET,
        at,
        egui::Align2::LEFT_BOTTOM,
        [10.0, -140.0],
    )
    .show(ctx, |ui| plan_sheet_body(ui, play, &sheet, &mut edits));
    play.edits.0.extend(edits);
}

/// What every part of the plan sheet reads: the draft, the side's figures and
/// the names of the pieces.
struct PlanSheet<'a> {
    /// Piece names by id.
    names: &'a BTreeMap<String, String>,
    /// The scenario's number of turns.
    turns: usize,
    /// The side's figures: its ammunition and off-board factors.
    side_info: &'a GwSide,
    /// The side's Artillery Ammunition.
    ammo: u8,
    /// Each on-board battery's bombard strength and range, by id.
    bombard: &'a BTreeMap<String, (u8, u8)>,
    /// The plan shown, as it was when the frame began.
    draft: &'a PlanDraft,
}

/// The plan sheet's title: the side, and whether the plan is filed or sealed.
fn plan_title(play: &GwView, side: u8, editable: bool) -> String {
    let sealed = play.own_plan.as_ref().is_some_and(|o| o.side == side);
    if editable {
        format!("Artillery Plan: {}", play.sides.name(side))
    } else if sealed {
        format!(
            "Artillery Plan: {} (filed sealed: the turns to come are on this machine only)",
            play.sides.name(side)
        )
    } else {
        format!("Artillery Plan: {} (filed)", play.sides.name(side))
    }
}

/// The plan sheet's contents: the words on top, the grid of lines, the refusal,
/// and either the Close button or the hex entry and the filing buttons.
fn plan_sheet_body(
    ui: &mut egui::Ui,
    play: &mut GwView,
    sheet: &PlanSheet,
    edits: &mut Vec<PlanEdit>,
) {
    let ammo = sheet.ammo;
    let draft = sheet.draft;
    if draft.editable {
        ui.label(format!(
            "Artillery Ammunition {ammo}: each battery or factor fires on at most {ammo} turns. Click a cell, then a hex on the map (or type it below); right-click a cell for NO FIRE."
        ));
    } else {
        ui.label(format!(
            "Filed before the first turn. ✔ fired; ○ its turn came but it did not fire (an empty hex, out of range or gone). Artillery Ammunition {ammo}."
        ));
    }
    // Many batteries scroll rather than push the buttons off the screen.
    egui::ScrollArea::vertical()
        .max_height(PLAN_ROWS_HEIGHT)
        .show(ui, |ui| {
            egui::Grid::new("plan").striped(true).show(ui, |ui| {
                plan_header(ui, sheet);
                for (line, a) in draft.missions.iter().enumerate() {
                    plan_line(ui, play, sheet, line, a, edits);
                }
            });
        });
    if let Some(why) = &draft.refusal {
        ui.colored_label(egui::Color32::from_rgb(230, 110, 90), why);
    }
    if !draft.editable {
        if ui.button("Close").clicked() {
            edits.push(PlanEdit::Close);
        }
        return;
    }
    if let Some((line, t)) = draft.cell {
        plan_hex_entry(ui, play, sheet, line, t, edits);
    }
    ui.horizontal(|ui| {
        if ui.button("File the plan").clicked() {
            edits.push(PlanEdit::File);
        }
        if ui
            .button("Export")
            .on_hover_text("Write this plan to a RON file under saves/")
            .clicked()
        {
            edits.push(PlanEdit::Export);
        }
        if ui
            .button("Import")
            .on_hover_text("Read this side's plan file back, checked like a scenario")
            .clicked()
        {
            edits.push(PlanEdit::Import);
        }
    });
}

/// The grid's header row: the battery, its mission, one column per turn (the one
/// the map shows picked out) and the turns it fires.
fn plan_header(ui: &mut egui::Ui, sheet: &PlanSheet) {
    ui.strong("Battery");
    ui.strong("Mission");
    for t in 1..=sheet.turns {
        // The turn whose fire the map shows is picked out.
        if sheet.draft.show_turn + 1 == t {
            ui.label(
                egui::RichText::new(format!("T{t}"))
                    .strong()
                    .color(egui::Color32::from_rgb(240, 120, 90)),
            )
            .on_hover_text("The map shows this turn's plotted fire");
        } else {
            ui.strong(format!("T{t}"));
        }
    }
    ui.strong("Turns");
    ui.end_row();
}

/// One line of the sheet: the battery or factor, its mission, its cells and its
/// count of turns.
fn plan_line(
    ui: &mut egui::Ui,
    play: &mut GwView,
    sheet: &PlanSheet,
    line: usize,
    a: &Assignment,
    edits: &mut Vec<PlanEdit>,
) {
    let editable = sheet.draft.editable;
    let factor = sheet
        .side_info
        .off_board_artillery
        .iter()
        .find(|f| f.id == a.source);
    let what = match (factor, sheet.bombard.get(&a.source)) {
        (Some(f), _) => format!("{} ({}, off-board)", f.name, f.strength),
        (None, Some((s, r))) => format!("{} ({s}-{r})", name_of(sheet.names, &a.source)),
        (None, None) => name_of(sheet.names, &a.source),
    };
    ui.label(what);
    plan_mission(ui, line, a, factor.is_some() || !editable, edits);
    match &a.mission {
        Mission::PlannedFire { targets } if editable => {
            plan_targets_editable(ui, play, sheet, line, targets, edits);
        }
        Mission::PlannedFire { targets } => plan_targets_filed(ui, play, sheet, &a.source, targets),
        Mission::OpenSights => {
            for _ in 0..sheet.turns {
                ui.label("");
            }
            ui.label("fires at what it sees");
        }
        Mission::Move { destination } => {
            let selected = sheet.draft.cell == Some((line, 0));
            let text = if destination.is_empty() {
                "pick a hex".to_owned()
            } else {
                format!("to {destination}")
            };
            if editable {
                if ui.selectable_label(selected, text).clicked() {
                    play.cell.0 = Some((line, 0));
                }
            } else {
                ui.label(text);
            }
            for _ in 1..sheet.turns {
                ui.label("");
            }
            ui.label("then Open Sights");
        }
    }
    ui.end_row();
}

/// A line's mission: a label when it is fixed (an off-board factor, or a filed
/// plan), else a menu whose change is queued as an edit.
fn plan_mission(
    ui: &mut egui::Ui,
    line: usize,
    a: &Assignment,
    fixed: bool,
    edits: &mut Vec<PlanEdit>,
) {
    let kind = match &a.mission {
        Mission::PlannedFire { .. } => 0,
        Mission::OpenSights => 1,
        Mission::Move { .. } => 2,
    };
    let kinds = ["Planned Fire", "Open Sights", "Move"];
    if fixed {
        ui.label(kinds[usize::from(kind)]);
    } else {
        let mut chosen = kind;
        egui::ComboBox::from_id_salt(("mission", line))
            .selected_text(kinds[usize::from(kind)])
            .show_ui(ui, |ui| {
                for (k, name) in kinds.iter().enumerate() {
                    ui.selectable_value(&mut chosen, k as u8, *name);
                }
            });
        if chosen != kind {
            edits.push(PlanEdit::Mission(line, chosen));
        }
    }
}

/// A Planned Fire line of the draft: a cell per turn to click (or right-click for
/// NO FIRE), the ammunition used and the button that copies the last target on.
fn plan_targets_editable(
    ui: &mut egui::Ui,
    play: &mut GwView,
    sheet: &PlanSheet,
    line: usize,
    targets: &[Option<String>],
    edits: &mut Vec<PlanEdit>,
) {
    let ammo = sheet.ammo;
    for (t, target) in targets.iter().enumerate() {
        let selected = sheet.draft.cell == Some((line, t));
        let text = target.clone().unwrap_or_else(|| "—".into());
        let b = ui.selectable_label(selected, text);
        if b.clicked() {
            play.cell.0 = Some((line, t));
        }
        if b.secondary_clicked() {
            edits.push(PlanEdit::Cell(line, t, None));
        }
    }
    let used = targets.iter().filter(|t| t.is_some()).count();
    ui.horizontal(|ui| {
        ui.label(format!("{used}/{ammo}"));
        if ui
            .small_button("copy on")
            .on_hover_text(
                "Repeat the last target on the following turns while ammunition lasts (Drumfire)",
            )
            .clicked()
        {
            edits.push(PlanEdit::CopyOn(line));
        }
    });
}

/// A Planned Fire line of a filed plan: each turn's hex, ticked when it fired or
/// ringed when its turn came and it did not, and the ammunition spent and to come.
fn plan_targets_filed(
    ui: &mut egui::Ui,
    play: &GwView,
    sheet: &PlanSheet,
    source: &str,
    targets: &[Option<String>],
) {
    let ammo = sheet.ammo;
    let fired = fired_turns(play, source);
    for (t, target) in targets.iter().enumerate() {
        let Some(hex) = target else {
            ui.label("—");
            continue;
        };
        if fired.contains(&t) {
            ui.colored_label(egui::Color32::from_rgb(120, 200, 120), format!("{hex} ✔"))
                .on_hover_text(format!("Fired on turn {}", t + 1));
        } else if bombarded(play, t) {
            ui.weak(format!("{hex} ○")).on_hover_text(format!(
                "Turn {}: did not fire (the hex was empty, out of range, or the battery gone)",
                t + 1
            ));
        } else {
            ui.label(hex);
        }
    }
    let plotted = targets.iter().filter(|t| t.is_some()).count();
    let spent = targets
        .iter()
        .enumerate()
        .filter(|(t, x)| x.is_some() && bombarded(play, *t))
        .count();
    ui.label(format!(
        "fired {}, {} to come",
        fired.len(),
        plotted - spent
    ))
    .on_hover_text(format!(
        "Ammunition left: {} of {ammo}",
        usize::from(ammo).saturating_sub(spent)
    ));
}

/// The hex entry for the cell picked: its battery and turn (or its move), a field
/// for the hex and the Plot button.
fn plan_hex_entry(
    ui: &mut egui::Ui,
    play: &mut GwView,
    sheet: &PlanSheet,
    line: usize,
    t: usize,
    edits: &mut Vec<PlanEdit>,
) {
    let draft = sheet.draft;
    let source = draft
        .missions
        .get(line)
        .map(|a| name_of(sheet.names, &a.source))
        .unwrap_or_default();
    let moving = matches!(
        draft.missions.get(line).map(|a| &a.mission),
        Some(Mission::Move { .. })
    );
    ui.horizontal(|ui| {
        if moving {
            ui.label(format!("{source} moves to hex"));
        } else {
            ui.label(format!("{source}, turn {}: hex", t + 1));
        }
        let field = ui.add(
            egui::TextEdit::singleline(&mut *play.hex_text)
                .desired_width(60.0)
                .hint_text("1608"),
        );
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button("Plot").clicked() || entered) && !play.hex_text.trim().is_empty() {
            edits.push(PlanEdit::Cell(
                line,
                t,
                Some(play.hex_text.trim().to_owned()),
            ));
            play.hex_text.clear();
        }
        ui.weak("or click the hex on the map");
    });
}
