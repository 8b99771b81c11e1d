//! The Great War's parts of the play window: the phase bar's set-up and action
//! segment (filing a plan, the initiative, the question under way, pass), the pick
//! under way with its path or exact odds, the selected piece's actions, the questions
//! the rules ask (opportunity fire, step losses), and the bottom bar's tools. Every
//! button queues an intent or an order; nothing here edits the game.

use super::plan::{PlanDraft, PlanEdit, PlanEdits, SheetCell};
use super::play::{GwPreview, IntentQueue, Mode, PendingTarget};
use crate::play::parts::{HandoffWords, PlayParts};
use crate::play::session::{Handoff, LosRequest, NextUnitRequest};
use crate::ui::play_panels::{name_of, odds_panel};
use crate::ui::{PieceNames, UiOrder, side_colour, with};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::coords::hex_label;
use drumfire_core::counters::{Counter, Printed};
use drumfire_core::flow::{ActionSegment, Phase, Turn};
use drumfire_core::journal::{GameEvent, Journal};
use drumfire_core::odds::Chance;
use drumfire_core::orders::Order;
use drumfire_core::rules::great_war::fire::shown_odds;
use drumfire_core::rules::great_war::preview::{Intent, Pick};
use drumfire_core::rules::great_war::scenario::GwSides;
use drumfire_core::rules::great_war::state::Prompt;
use drumfire_core::rules::great_war::tables::FireResult;
use drumfire_core::rules::great_war::view::label;
use drumfire_core::rules::great_war::{self, GwOrder, GwState};
use drumfire_core::scenario::{ScenarioInfo, SideList};
use std::collections::BTreeMap;

/// The Great War's parts of the play window.
impl PlayParts for drumfire_core::rules::great_war::GreatWar {
    fn phase_bar(&self, ui: &mut egui::Ui, world: &mut World) {
        phase_bar(ui, world)
    }

    fn banner(&self, ui: &mut egui::Ui, world: &mut World) {
        with::<GwView, _>(world, |mut gw| picking(ui, &mut gw));
    }

    fn briefing(&self, ui: &mut egui::Ui, world: &mut World) {
        with::<GwView, _>(world, |gw| super::sheet::leader_draw(ui, &gw));
    }

    fn orders(&self, ui: &mut egui::Ui, world: &mut World) {
        with::<GwView, _>(world, |mut gw| actions(ui, &mut gw));
    }

    fn tools(&self, ui: &mut egui::Ui, world: &mut World) {
        tools(ui, world)
    }

    fn windows(&self, ctx: &egui::Context, world: &mut World) {
        let at = super::sheet::plan_sheet_place(ctx, world);
        with::<GwView, _>(world, |mut gw| {
            prompt_window(ctx, &mut gw);
            super::sheet::plan_sheet(ctx, &mut gw, at);
        });
    }

    fn reset(&self, world: &mut World) {
        super::play::reset(world)
    }

    fn hides_table(&self, world: &World) -> bool {
        *world.resource::<State<Phase>>().get() == Phase::Setup
    }

    fn handoff(&self) -> Option<HandoffWords> {
        Some(HandoffWords {
            hidden: "Each side plots its artillery in secret.",
            secret: "Artillery Plan is secret until its fire lands",
            show: "show my plan",
        })
    }

    fn show_secret(&self, world: &mut World, side: u8) {
        world
            .resource_mut::<PlanEdits>()
            .0
            .push(PlanEdit::Show(side))
    }

    fn help(&self) -> Option<(&'static str, &'static str)> {
        Some((
            "The Great War in brief",
            "Each turn: both sides roll for initiative; plotted artillery fires (the winner first; \
         firing at the same hex two turns running lays Drumfire, which attacks anyone who \
         enters); then the sides alternate action segments. In a segment, activate one unit, \
         one leader (who brings his own type around him, and lower leaders theirs) or one \
         stack; each activated piece moves or fires once. Units may not move closer to the \
         enemy unless a leader of their type activated them. Enemy units that have not \
         activated may fire at your pieces as they move. Fire results: M/M1/M2 call for \
         morale checks (Disrupted at 1-2 over, Demoralized at 3+); X removes a step. Two \
         passes in a row end the turn. Space passes or ends the activation, N selects the \
         next piece that can act, L draws the line of sight from the selected counter.",
        ))
    }

    fn script_step(&self, world: &mut World, words: &[String]) -> Option<Result<bool, String>> {
        super::script::step(world, words)
    }

    fn view_text(&self, world: &mut World, out: &mut String) {
        super::script::view_text(world, out)
    }
}

/// What the Great War's panels read and write.
#[derive(SystemParam)]
pub struct GwView<'w, 's> {
    pub(crate) preview: Res<'w, GwPreview>,
    pub(crate) map: Res<'w, crate::play::Preview>,
    pub(crate) mode: ResMut<'w, Mode>,
    pub(crate) pending: ResMut<'w, PendingTarget>,
    pub(crate) intents: ResMut<'w, IntentQueue>,
    pub(crate) names: Query<'w, 's, &'static Counter>,
    pub(crate) piece_names: Res<'w, PieceNames>,
    pub(crate) printed: Query<'w, 's, (&'static Counter, &'static Printed)>,
    pub(crate) handoff: ResMut<'w, Handoff>,
    pub(crate) info: Res<'w, ScenarioInfo>,
    pub(crate) sides: Res<'w, SideList>,
    pub(crate) colours: Res<'w, crate::settings::SideColours>,
    pub(crate) journal: Res<'w, Journal>,
    pub(crate) turn: Res<'w, Turn>,
    pub(crate) phase: Res<'w, State<Phase>>,
    pub(crate) segment: Res<'w, ActionSegment>,
    pub(crate) draft: Res<'w, PlanDraft>,
    pub(crate) edits: ResMut<'w, PlanEdits>,
    pub(crate) cell: ResMut<'w, SheetCell>,
    pub(crate) hex_text: Local<'s, String>,
    pub(crate) gw: Option<Res<'w, GwState>>,
    pub(crate) gw_sides: Option<Res<'w, GwSides>>,
    /// Between two machines, the side played at this screen.
    pub(crate) played_here: Option<Res<'w, crate::play::PlayedHere>>,
    /// Between two machines, this side's own plan while it is sealed.
    pub(crate) own_plan: Option<Res<'w, drumfire_core::rules::great_war::sealing::OwnPlan>>,
    pub(crate) order: ResMut<'w, UiOrder>,
    pub(crate) los: ResMut<'w, LosRequest>,
    pub(crate) next_unit: ResMut<'w, NextUnitRequest>,
    /// A replay is being watched: the rules ask nobody anything.
    pub(crate) watching: Option<Res<'w, drumfire_core::door::Watching>>,
}

impl GwView<'_, '_> {
    /// Piece names by id, as the log names them.
    pub fn names(&self) -> BTreeMap<String, String> {
        self.piece_names.0.clone()
    }
}

/// The phase bar's part: in the set-up, the side that must file its plan and the
/// ready-made plans; in the Action Phase, the initiative, the side whose segment it
/// is, the question under way and the button that passes or ends the activation.
fn phase_bar(ui: &mut egui::Ui, world: &mut World) {
    // Nobody at this screen ends the computer's segments, nor a replay's.
    let watching = crate::play::viewer::watching(world);
    let by_computer = watching
        || world
            .get_resource::<ActionSegment>()
            .is_some_and(|a| crate::play::not_at_this_screen(world, a.side));
    let file = with::<GwView, _>(world, |mut gw| match *gw.phase.get() {
        Phase::Setup if !watching => setup_bar(ui, &gw),
        great_war::ACTION => {
            action_bar(ui, &mut gw, by_computer);
            None
        }
        _ => None,
    })
    .flatten();
    // A ready-made plan: the scenario's own, or Open Sights for every battery.
    if let Some((side, scenario_plan)) = file {
        let missions = if scenario_plan {
            world.resource::<GwSides>().get(side).artillery_plan.clone()
        } else {
            great_war::setup::open_sights_plan(world, side)
        };
        world.resource_mut::<UiOrder>().0 = Some(Order::from(GwOrder::Plan { side, missions }));
    }
}

/// The side that must file its plan, and the buttons that file a ready-made one:
/// returns the side and whether the scenario's plan (or Open Sights) was asked for.
fn setup_bar(ui: &mut egui::Ui, gw: &GwView) -> Option<(u8, bool)> {
    let side = gw.gw.as_ref().and_then(|g| g.plans_due.first().copied())?;
    let sides = &gw.sides;
    ui.separator();
    ui.colored_label(
        side_colour(&gw.colours, side),
        format!(
            "■ The {} side must file its Artillery Plan",
            sides.name(side)
        ),
    );
    let mut asked = None;
    let has_plan = gw
        .gw_sides
        .as_ref()
        .is_some_and(|g| !g.get(side).artillery_plan.is_empty());
    if has_plan {
        let planned = ui
            .button("File the scenario's plan")
            .on_hover_text("The missions and Planned Fire the scenario gives this side");
        if planned.clicked() {
            planned.surrender_focus();
            asked = Some((side, true));
        }
    }
    let quiet = ui.button("Open Sights for every battery").on_hover_text(
        "Plot no fire: on-board artillery fires at what it can see in action \
         segments; off-board factors stay silent",
    );
    if quiet.clicked() {
        quiet.surrender_focus();
        asked = Some((side, false));
    }
    asked
}

fn action_bar(ui: &mut egui::Ui, gw: &mut GwView, by_computer: bool) {
    let sides = gw.sides.clone();
    // This turn's initiative, as rolled: each side's die plus its initiative.
    if let Some(line) = initiative_line(&gw.journal, &sides, gw.gw_sides.as_deref()) {
        ui.separator();
        ui.label(line).on_hover_text(
            "Each side's die plus its initiative; the higher acts first (ties are re-rolled)",
        );
    }
    ui.separator();
    let side = gw.segment.side;
    ui.colored_label(
        side_colour(&gw.colours, side),
        format!("■ {} action segment", sides.name(side)),
    );
    if let Some(p) = gw.gw.as_ref().and_then(|g| g.prompt.as_ref()) {
        let (who, what) = match p {
            Prompt::OpportunityFire { side, hex, .. } => {
                (*side, format!("opportunity fire at {}?", hex_label(*hex)))
            }
            Prompt::StepLoss { side, hex, .. } => (
                *side,
                format!("which unit in {} takes the loss?", hex_label(*hex)),
            ),
            Prompt::OpenPlot { side, turn } => (
                *side,
                format!("opening its sealed Artillery Plan for turn {turn}"),
            ),
        };
        ui.colored_label(
            side_colour(&gw.colours, who),
            format!("Waiting for {}: {what}", sides.name(who)),
        );
    }
    // The computer ends its own segments.
    if by_computer {
        return;
    }
    let active = gw.gw.as_ref().is_some_and(|g| g.group.is_some());
    let (words, why) = if active {
        (
            format!("End activation ({})", sides.name(side)),
            "End this action segment; pieces that have not acted stay as they are",
        )
    } else {
        (
            format!("Pass ({})", sides.name(side)),
            "End this action segment without activating anything",
        )
    };
    if crate::ui::play_panels::steady_button(ui, "end", words, why) {
        gw.order.0 = Some(Order::Pass { side });
    }
}

/// "Initiative: German 4+1=5, British 3+0=3" from the deciding roll of this turn.
fn initiative_line(
    journal: &Journal,
    sides: &SideList,
    figures: Option<&GwSides>,
) -> Option<String> {
    let entries = journal.entries();
    let won = entries
        .iter()
        .rposition(|e| matches!(e.event, GameEvent::InitiativeWon { .. }))?;
    let dice: Vec<u8> = entries[..won]
        .iter()
        .rev()
        .filter_map(|e| match &e.event {
            GameEvent::DiceRolled { purpose, faces } if purpose.starts_with("initiative") => {
                faces.first().copied()
            }
            _ => None,
        })
        .take(sides.0.len())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let parts: Vec<String> = sides
        .0
        .iter()
        .zip(dice)
        .enumerate()
        .map(|(i, (s, d))| {
            let initiative = figures.map_or(0, |f| f.get(i as u8).initiative);
            format!(
                "{} {d}{:+}={}",
                s.name,
                initiative,
                i16::from(d) + i16::from(initiative)
            )
        })
        .collect();
    Some(format!("Initiative: {}", parts.join(", ")))
}

/// The bottom bar's tools: line of sight, next piece, and the filed plans.
fn tools(ui: &mut egui::Ui, world: &mut World) {
    with::<GwView, _>(world, |mut gw| {
        ui.separator();
        if ui
            .button("Sight (L)")
            .on_hover_text("Line of sight from the selected counter to the hex under the mouse")
            .clicked()
        {
            gw.los.0 = true;
        }
        if ui
            .button("Next (N)")
            .on_hover_text("Select the next piece of the side to act that can still act")
            .clicked()
        {
            gw.next_unit.0 = true;
        }
        super::sheet::plans_menu(ui, &mut gw);
    });
}

/// The actions open to the selected piece, as buttons (greyed with the reason when closed).
fn actions(ui: &mut egui::Ui, gw: &mut GwView) {
    if gw.preview.offers.is_empty() {
        return;
    }
    ui.separator();
    ui.strong("Orders for the selected counter");
    for offer in gw.preview.offers.clone() {
        let enabled = offer.refused.is_none();
        let button = ui.add_enabled(enabled, egui::Button::new(&offer.label));
        let button = match &offer.refused {
            Some(why) => button.on_disabled_hover_text(why),
            None => button,
        };
        if button.clicked() {
            button.surrender_focus();
            if let Some(i) = offer.intent {
                gw.intents.0 = Some(i);
            } else if let Some(p) = offer.pick {
                gw.mode.0 = Some(p);
                gw.pending.0 = None;
            }
        }
        if let Some(why) = &offer.refused
            && offer.label != "Act"
        {
            ui.small(why);
        }
        if let Some(why) = offer.refused.as_ref().filter(|_| offer.label == "Act") {
            ui.label(why);
        }
    }
}

/// The banner while a hex is picked on the map, with the path, the reason, or the odds.
fn picking(ui: &mut egui::Ui, gw: &mut GwView) {
    let Some(pick) = gw.mode.0.clone() else {
        return;
    };
    let names = gw.names();
    let who = |ids: &[String]| {
        ids.iter()
            .map(|i| name_of(&names, i))
            .collect::<Vec<_>>()
            .join(", ")
    };
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(
            2.0,
            egui::Color32::from_rgb(90, 140, 240),
        ))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            match &pick {
                Pick::Move(p) => {
                    ui.strong(format!("Move {}", who(p)));
                    ui.label("Click a blue hex (the number is its cost in movement points).");
                    move_path(ui, gw);
                }
                Pick::Fire(f) => {
                    ui.strong(format!("Fire: {}", who(f)));
                    ui.label("Click a red hex to aim; the odds show before you fire.");
                    if gw.preview.fire_mates.len() > 1 {
                        fire_group(ui, gw, &names, f);
                    }
                }
                Pick::Assault(a) => {
                    ui.strong(format!("Assault with {}", who(a)));
                    ui.label("Click an enemy hex next to them.");
                }
            }
            if let Some(why) = &gw.preview.refusal {
                ui.colored_label(egui::Color32::from_rgb(230, 110, 90), why);
            }
            if let Some((target, result)) = &gw.preview.fire {
                match result {
                    Ok((plan, odds)) => {
                        odds_panel(ui, &shown_odds(plan, odds, &|id: &str| name_of(&names, id)))
                    }
                    Err(why) => {
                        ui.colored_label(
                            egui::Color32::from_rgb(230, 110, 90),
                            format!("{}: {why}", label(*target)),
                        );
                    }
                }
            }
            ui.horizontal(|ui| pick_buttons(ui, gw, &pick));
        });
}

/// The path of the move to the hovered hex: its cost and the hexes it goes by.
fn move_path(ui: &mut egui::Ui, gw: &GwView) {
    if let Some(last) = gw.map.path.last() {
        let cost = drumfire_core::coords::MapCoord::from_hex(*last)
            .and_then(|m| gw.map.reach.get(&m))
            .map_or(0, |r| r.0);
        let route: Vec<String> = gw.map.path.iter().map(|h| label(*h)).collect();
        ui.label(format!(
            "To {}: {} MP, by {}",
            label(*last),
            cost,
            route.join(" ")
        ));
    }
}

/// The fire group being aimed: a box for each unit that could join the firers `f`
/// (the last one cannot be taken out), the pick changed as they are ticked.
fn fire_group(ui: &mut egui::Ui, gw: &mut GwView, names: &BTreeMap<String, String>, f: &[String]) {
    ui.label(
        "Fire group (units stacked together, or led by a leader with a combat modifier, combine):",
    );
    let mut group = f.to_vec();
    for id in &gw.preview.fire_mates {
        let mut on = group.contains(id);
        if ui.checkbox(&mut on, name_of(names, id)).changed() {
            if on {
                group.push(id.clone());
            } else if group.len() > 1 {
                group.retain(|g| g != id);
            }
        }
    }
    if group != *f {
        gw.mode.0 = Some(Pick::Fire(group));
    }
}

/// The pick's buttons: fire at or assault the target picked (once it may be), and
/// cancel.
fn pick_buttons(ui: &mut egui::Ui, gw: &mut GwView, pick: &Pick) {
    if let (Some(t), Pick::Fire(f)) = (gw.pending.0, pick)
        && gw
            .preview
            .fire
            .as_ref()
            .is_some_and(|(h, r)| *h == t && r.is_ok())
        && ui.button(format!("Fire at {}", label(t))).clicked()
    {
        gw.intents.0 = Some(Intent::Fire(f.clone(), t));
    }
    if let (Some(t), Pick::Assault(a)) = (gw.pending.0, pick)
        && gw.preview.refusal.is_none()
        && ui.button(format!("Assault {}", label(t))).clicked()
    {
        gw.intents.0 = Some(Intent::Assault(a.clone(), t));
    }
    if ui.button("Cancel (Esc)").clicked() {
        gw.mode.0 = None;
        gw.pending.0 = None;
    }
}

/// The question the rules ask, as a window the answer closes.
fn prompt_window(ctx: &egui::Context, gw: &mut GwView) {
    let Some(prompt) = gw.gw.as_ref().and_then(|g| g.prompt.clone()) else {
        return;
    };
    if gw.watching.is_some() {
        return;
    }
    let names = gw.names();
    match prompt {
        Prompt::OpportunityFire { hex, eligible, .. } => {
            egui::Window::new("Opportunity fire")
                .collapsible(false)
                .resizable(false)
                .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
                .show(ctx, |ui| {
                    ui.label(format!(
                        "The enemy has moved into {}. Fire at it?",
                        label(hex)
                    ));
                    for id in &eligible {
                        ui.horizontal(|ui| {
                            if ui.button(format!("Fire {}", name_of(&names, id))).clicked() {
                                gw.intents.0 = Some(Intent::OpportunityFire(vec![id.clone()]));
                            }
                            if let Some((_, Some((plan, odds)))) =
                                gw.preview.prompt_odds.iter().find(|(f, _)| f == id)
                            {
                                let hits: u32 = odds
                                    .results
                                    .results
                                    .iter()
                                    .filter(|(r, _)| *r != FireResult::NoEffect)
                                    .map(|r| r.1)
                                    .sum();
                                ui.small(format!(
                                    "strength {}, column {}, some effect {}",
                                    plan.strength,
                                    plan.table.column_label(plan.column),
                                    Chance::new(hits, odds.results.rolls).percent()
                                ));
                            }
                        });
                    }
                    if ui.button("Hold fire").clicked() {
                        gw.intents.0 = Some(Intent::HoldFire);
                    }
                });
        }
        Prompt::StepLoss {
            hex,
            count,
            candidates,
            ..
        } => {
            egui::Window::new("Step loss")
                .collapsible(false)
                .resizable(false)
                .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
                .show(ctx, |ui| {
                    ui.label(format!(
                        "{count} step loss{} in {}: choose the unit that takes the next one (it then checks morale at +2).",
                        if count > 1 { "es" } else { "" },
                        label(hex)
                    ));
                    for id in &candidates {
                        if ui.button(name_of(&names, id)).clicked() {
                            gw.intents.0 = Some(Intent::TakeStepLoss(id.clone()));
                        }
                    }
                });
        }
        // The machine that keeps the plan opens it by itself (the phase bar says so).
        Prompt::OpenPlot { .. } => {}
    }
}
