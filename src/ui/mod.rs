//! The egui overlay: the phase bar (with the orders the phase allows), the
//! stack viewer for the selected hex, the hover readout, and the journal with
//! every die roll. Orders go through the core's order door like any other.

use crate::input::{Hover, MapArea, SIDE_PANEL_WIDTH, Selection};
use crate::play::parts::PlayParts;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use drumfire_core::coords::hex_label;
use drumfire_core::counters::{
    Counter, Leader, LeaderKind, MarkerFlags, Morale, OnHex, Printed, Stands, Steps, marker_list,
};
use drumfire_core::data::FireValue;
use drumfire_core::door;
use drumfire_core::flow::{Outcome, Phase, Turn};
use drumfire_core::journal::Journal;
use drumfire_core::map::{Crossing, Elevation, HexIndex, Objective, River, Road, Terrain};
use drumfire_core::orders::Order;
use std::collections::BTreeMap;

pub mod aside;
pub mod play_panels;
pub mod rules_book;
mod side_panel;
use side_panel::{CounterQuery, HexQuery};
pub mod table_panels;
pub mod viewer_panels;
use drumfire_core::scenario::{Rules, ScenarioInfo, SideList};
use hexx::Hex;

pub use crate::screen::{DrawUi, UiStatus, root_ui, with};

/// An order the UI asks for, submitted at the next exclusive step.
#[derive(Resource, Default)]
pub struct UiOrder(pub Option<Order>);

/// Every piece's name by id, as the log names them, worked out once a frame.
#[derive(Resource, Default)]
pub struct PieceNames(pub BTreeMap<String, String>);

/// The UI plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<UiOrder>()
        .init_resource::<rules_book::RulesBook>()
        .init_resource::<UiStatus>()
        .init_resource::<PieceNames>()
        .add_systems(EguiPrimaryContextPass, draw_ui.in_set(DrawUi))
        .add_systems(Update, submit_ui_order);
}

/// Hands the UI's order to the order door; a refusal is shown, not lost.
fn submit_ui_order(world: &mut World) {
    let Some(order) = world.resource_mut::<UiOrder>().0.take() else {
        return;
    };
    if crate::play::confirm::held(world, &order, false) {
        return;
    }
    let status = match door::submit(world, order) {
        Ok(()) => String::new(),
        Err(refusal) => refusal.0,
    };
    world.resource_mut::<UiStatus>().0 = status;
}

fn side_name(sides: &SideList, side: u8) -> String {
    sides.name(side).to_owned()
}

/// One value per side, each after its side's name: "German 5 vs British 3".
fn per_side(sides: &SideList, values: &[impl std::fmt::Display], separator: &str) -> String {
    let parts: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(s, v)| format!("{} {v}", side_name(sides, s as u8)))
        .collect();
    parts.join(separator)
}

/// A side's colour, for its name and the square before it (read on the dark panels).
pub fn side_colour(colours: &crate::settings::SideColours, side: u8) -> egui::Color32 {
    colours.text(side)
}

/// What the panels read of the game.
#[derive(SystemParam)]
struct GameView<'w, 's> {
    info: Res<'w, ScenarioInfo>,
    rules: Res<'w, Rules>,
    turn: Res<'w, Turn>,
    phase: Res<'w, State<Phase>>,
    phase_names: Res<'w, drumfire_core::flow::RuleSetPhases>,
    sides: Res<'w, SideList>,
    colours: Res<'w, crate::settings::SideColours>,
    outcome: Option<Res<'w, Outcome>>,
    index: Res<'w, HexIndex>,
    journal: Res<'w, Journal>,
    hexes: HexQuery<'w, 's>,
    counters: CounterQuery<'w, 's>,
}

/// The shared panels' parameters.
#[derive(SystemParam)]
struct Panels<'w, 's> {
    view: GameView<'w, 's>,
    play: play_panels::PlayView<'w, 's>,
    table: table_panels::TableView<'w, 's>,
    computer: ResMut<'w, crate::play::computer::Computer>,
    thinking: Res<'w, crate::play::computer::Thinking>,
    hint: ResMut<'w, crate::play::hint::Hint>,
    selection: Res<'w, Selection>,
    hover: Res<'w, Hover>,
    out_of_reach: Option<Res<'w, crate::play::offers::OutOfReach>>,
    names: Res<'w, PieceNames>,
}

/// All panels, laid out in one root `Ui` so that they share the window without
/// overlapping; the rule set's parts are drawn where they belong.
fn draw_ui(world: &mut World) {
    let Some(ctx) = with::<EguiContexts, _>(world, |mut c| c.ctx_mut().ok().cloned()).flatten()
    else {
        return;
    };
    let names = drumfire_core::journal::piece_names(world);
    world.resource_mut::<PieceNames>().0 = names;
    let parts = crate::play::parts::playing(world);
    let mut root = crate::ui::root_ui(&ctx, "drumfire_root");
    phase_bar(&mut root, world, parts);
    if world.contains_resource::<crate::play::viewer::Viewer>() {
        viewer_panels::bar(&mut root, world);
    }
    bottom_log(&mut root, world, parts);
    side_panel::side_panel(&mut root, world, parts);
    let why_not = world
        .get_resource::<crate::play::session::GameSource>()
        .and_then(|s| drumfire_net::play::check_for_two(&s.scenario).err());
    let book = with::<Panels, _>(world, |mut p| {
        if p.play.two.open {
            play_panels::two_machines_window(&ctx, &mut p.play, why_not.as_deref());
        }
        play_panels::combat_window(&ctx, &mut p.play);
        let book = play_panels::help_window(&ctx, &mut p.play, parts.and_then(|p| p.help()));
        play_panels::victory_window(&ctx, &mut p.play);
        book
    });
    if book == Some(true)
        && let Some(rules) = world.get_resource::<Rules>().map(|r| r.0.id)
    {
        world.resource_mut::<rules_book::RulesBook>().open_on(rules);
    }
    world.resource_scope(|world, mut book: Mut<rules_book::RulesBook>| {
        let mut shown = world.resource_mut::<crate::screen::RulesWindow>();
        if std::mem::take(&mut shown.close) {
            book.open = false;
        }
        rules_book::window(&ctx, &mut book);
        shown.open = book.open;
    });
    if let Some(parts) = parts {
        parts.windows(&ctx, world);
    }
    crate::play::hint::window(&ctx, world);
    if let Some(view) = world.get_resource::<crate::play::network::NetView>() {
        network_window(&ctx, view);
    }
    if world.contains_resource::<crate::play::viewer::Viewer>() {
        viewer_panels::index_window(&ctx, world);
    }
    let shown = with::<play_panels::PlayView, _>(world, |mut p| {
        play_panels::handoff_screen(&ctx, &mut p, parts.and_then(|p| p.handoff()))
    });
    if let (Some(side), Some(parts)) = (shown.flatten(), parts) {
        parts.show_secret(world, side);
    }
    // egui lays out in points; the map's input reads the window's logical pixels.
    let free = root.available_rect_before_wrap();
    let k = ctx.zoom_factor();
    world.resource_mut::<MapArea>().0 = Some(Rect::new(
        free.min.x * k,
        free.min.y * k,
        free.max.x * k,
        free.max.y * k,
    ));
    with::<table_panels::TableView, _>(world, |table| {
        if table.on() {
            table_panels::frame_the_map(&root, free);
        }
    });
}

/// The phase bar: the scenario, the turn, the phase, the rule set's part (who acts,
/// its buttons) or the table's, the result once the game is over, the last refusal.
fn phase_bar(root: &mut egui::Ui, world: &mut World, parts: Option<&'static dyn PlayParts>) {
    egui::Panel::top("phase_bar").show(root, |ui| {
        ui.horizontal(|ui| {
            with::<GameView, _>(world, |view| {
                ui.heading(&view.info.title)
                    .on_hover_text(format!("{} rules", view.rules.0.name));
                ui.separator();
                ui.strong(format!(
                    "Turn {} of {}",
                    view.turn.0.max(1),
                    view.info.turns
                ));
                ui.separator();
                let phase = *view.phase.get();
                if phase != Phase::Table {
                    let name = phase.name(&view.phase_names);
                    ui.strong(match phase {
                        Phase::Setup | Phase::GameOver => name.to_owned(),
                        _ => format!("{name} Phase"),
                    });
                }
            });
            match parts {
                // In a replay nobody gives orders: the rule set's part says who acted,
                // its buttons greyed.
                Some(parts) if crate::play::viewer::watching(world) => {
                    ui.add_enabled_ui(false, |ui| parts.phase_bar(ui, world))
                        .response
                        .on_disabled_hover_text("A replay: nobody gives orders here.");
                }
                Some(parts) => parts.phase_bar(ui, world),
                None => {
                    with::<table_panels::TableView, _>(world, |mut table| {
                        if table.on() {
                            table_panels::banner(ui, &mut table);
                        }
                    });
                }
            }
            with::<GameView, _>(world, |view| {
                if let Some(o) = view.outcome.as_ref() {
                    ui.separator();
                    let winner = o.winner.map_or_else(
                        || "Draw".to_owned(),
                        |w| format!("{} wins", side_name(&view.sides, w)),
                    );
                    ui.strong(format!(
                        "{winner} ({})",
                        per_side(&view.sides, &o.points, " – ")
                    ));
                }
            });
        });
        let status = world.resource::<UiStatus>().0.clone();
        if !status.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(235, 190, 90), &status);
            look_up_button(ui, world, &status);
        }
    });
}

/// Beside a refusal on the phase bar: "Rules", which opens the rules window at the
/// rules whose words best match it (none for a message no rule matches).
fn look_up_button(ui: &mut egui::Ui, world: &mut World, status: &str) {
    let Some(id) = world.get_resource::<Rules>().map(|r| r.0.id) else {
        return;
    };
    let mut book = world.resource_mut::<rules_book::RulesBook>();
    let found = book.matches(id, status);
    if found.is_empty() {
        return;
    }
    let button = ui.small_button(format!("Rules: {}", found.join(", "))).on_hover_text(
        "Open the rules at the rules whose words best match this (a match of words, not a ruling)",
    );
    let scripted = std::mem::take(&mut world.resource_mut::<crate::play::LookUpRequest>().0);
    if button.clicked() || scripted {
        world
            .resource_mut::<rules_book::RulesBook>()
            .look_up(id, status);
    }
}

/// A game between two machines: who plays here, the connection, whose move, and while
/// the host waits, the address and code to give the other player.
fn network_window(ctx: &egui::Context, view: &crate::play::network::NetView) {
    // Before the set-up the board is only the scenario: the window sits in the middle.
    let (align, offset) = if view.set_up {
        (egui::Align2::RIGHT_TOP, egui::vec2(-300.0, 48.0))
    } else {
        (egui::Align2::CENTER_CENTER, egui::vec2(-150.0, 0.0))
    };
    egui::Window::new(&view.title)
        .anchor(align, offset)
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.label(format!("{}: you play {}.", view.role, view.me));
            if let Some((addr, code)) = &view.invite {
                ui.separator();
                ui.label("Give the other player this address and code:");
                ui.monospace(addr);
                ui.heading(egui::RichText::new(code).monospace().strong());
                ui.label(
                    egui::RichText::new(format!("drumfire join {addr} --code {code}"))
                        .monospace()
                        .small(),
                );
                ui.label(
                    egui::RichText::new(
                        "(use this machine's address on your network in place of [::])",
                    )
                    .small(),
                );
                ui.separator();
            }
            ui.strong(&view.status);
            if let Some(stopped) = &view.stopped {
                ui.colored_label(egui::Color32::from_rgb(230, 90, 70), stopped);
            }
            ui.label(egui::RichText::new(format!("Kept in {}", view.save)).small());
        });
}

/// Which sides the computer plays, at which level, and whether it plays fast; the
/// Hint button, and how far the Hard computer has got while it thinks.
fn computer_toggles(
    ui: &mut egui::Ui,
    sides: &SideList,
    computer: &mut crate::play::computer::Computer,
    thinking: Option<f32>,
    hint: &mut crate::play::hint::Hint,
) {
    computer.sides.resize(sides.0.len(), false);
    computer.hard.resize(sides.0.len(), false);
    if ui
        .button("Hint")
        .on_hover_text("The order the Hard computer would give now for your side (H)")
        .clicked()
    {
        hint.request = true;
    }
    if let Some(p) = thinking {
        ui.add(
            egui::ProgressBar::new(p)
                .desired_width(110.0)
                .text(format!("Thinking {:.0}%", p * 100.0)),
        );
    }
    ui.checkbox(&mut computer.fast, "Fast")
        .on_hover_text("The computer gives its orders without pausing between them");
    let mut hard = computer.hard.iter().any(|h| *h);
    if ui
        .checkbox(&mut hard, "Hard")
        .on_hover_text(
            "The computer looks ahead: it plays its best orders forward against your replies before it gives one (a few seconds an order)",
        )
        .changed()
    {
        computer.hard.iter_mut().for_each(|h| *h = hard);
    }
    for (i, s) in sides.0.iter().enumerate().rev() {
        ui.checkbox(&mut computer.sides[i], &s.name)
            .on_hover_text(format!("The computer plays {}", s.name));
    }
    ui.label("Computer:");
}

/// The height of the bottom panel's log, below its bar.
const LOG_HEIGHT: f32 = 101.0;
/// The least width the hover readout is given beside the bar's buttons.
const READOUT_WIDTH: f32 = 360.0;

/// The bottom bar: the hover readout, the session's buttons and the rule set's
/// tools, the computer's toggles, and the log with every die roll.
fn bottom_log(root: &mut egui::Ui, world: &mut World, parts: Option<&'static dyn PlayParts>) {
    // The bar wraps onto more rows when its buttons do not fit across (large text, a
    // narrow window): the panel grows by what its rows took last frame.
    let rows_id = egui::Id::new("bottom_bar_rows");
    let rows = root
        .ctx()
        .data(|d| d.get_temp::<f32>(rows_id))
        .unwrap_or(24.0);
    egui::Panel::bottom("log")
        .exact_size(LOG_HEIGHT + rows)
        .resizable(false)
        .show(root, |ui| {
            let at_table = with::<Panels, _>(world, |p| p.table.on()).unwrap_or(false);
            // Right to left: the buttons first, then the readout in what is left, on a
            // row of its own when too little is.
            let wrapping = egui::Layout::right_to_left(egui::Align::Center).with_main_wrap(true);
            let row = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
            let bar = ui.allocate_ui_with_layout(row, wrapping, |ui| {
                let watching = world.contains_resource::<drumfire_core::door::Watching>();
                // A game between two machines already (network or e-mail).
                let two = world.contains_resource::<crate::play::network::NetView>();
                with::<Panels, _>(world, |mut p| {
                    play_panels::session_buttons(ui, &mut p.play, at_table, watching, two)
                });
                if let Some(parts) = parts {
                    parts.tools(ui, world);
                }
                let network =
                    world.contains_resource::<crate::play::network::NetView>() || watching;
                with::<Panels, _>(world, |mut p| {
                    if !at_table && !network {
                        ui.separator();
                        let thinking = p.thinking.0.as_ref().map(|t| t.progress());
                        computer_toggles(ui, &p.view.sides, &mut p.computer, thinking, &mut p.hint);
                    }
                    ui.separator();
                    play_panels::log_controls(ui, &mut p.play, p.view.turn.0);
                    if ui.available_size_before_wrap().x < READOUT_WIDTH {
                        ui.end_row();
                    }
                    let line = egui::RichText::new(readout(&p.view, &p.hover)).strong();
                    // Why the selected piece cannot go where the mouse points.
                    let why = p.out_of_reach.as_ref().and_then(|o| o.0.clone());
                    ui.with_layout(
                        egui::Layout::left_to_right(egui::Align::Center),
                        |ui| match why.filter(|(hex, _)| p.hover.0 == Some(*hex)) {
                            Some((_, why)) => {
                                let words = egui::RichText::new(why.as_str())
                                    .color(egui::Color32::from_rgb(235, 190, 90));
                                ui.add(egui::Label::new(words).truncate())
                                    .on_hover_text(why);
                            }
                            None => {
                                ui.add(egui::Label::new(line).truncate());
                            }
                        },
                    );
                });
            });
            let height = bar.response.rect.height();
            ui.ctx().data_mut(|d| d.insert_temp(rows_id, height));
            ui.separator();
            with::<Panels, _>(world, |mut p| {
                let only = play_panels::log_turn(&mut p.play);
                egui::ScrollArea::vertical()
                    .stick_to_bottom(true)
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        for entry in p
                            .view
                            .journal
                            .entries()
                            .iter()
                            .filter(|e| only.is_none_or(|t| e.turn == t))
                        {
                            ui.label(format!(
                                "T{} · {}",
                                entry.turn,
                                entry.event.describe(&p.view.sides, &p.names.0)
                            ));
                        }
                    });
            });
        });
}

/// A unit's stands in one line: the line at a glance, how many stand, where it is
/// broken, and whether it is below half.
fn stands_line(stands: &Stands) -> String {
    let mut line = format!(
        "Stands {} ({} of {} standing",
        stands.glance(),
        stands.standing(),
        stands.total()
    );
    match stands.breaks() {
        0 => {}
        1 => line.push_str("; line broken in 1 place"),
        n => line.push_str(&format!("; line broken in {n} places")),
    }
    if stands.below_half() {
        line.push_str("; below half");
    }
    line.push(')');
    line
}

/// The hovered hex in one line, with its counters.
fn readout(view: &GameView, hover: &Hover) -> String {
    let Some(hex) = hover.0 else {
        return "Point at a hex to read it.".to_owned();
    };
    let mut line = side_panel::hex_line(hex, &view.index, &view.hexes, &view.rules, &view.sides)
        .unwrap_or_default();
    let names: Vec<String> = view
        .index
        .occupants(hex)
        .iter()
        .rev()
        .filter_map(|e| view.counters.get(*e).ok())
        .map(|(_, c, ..)| c.name.clone())
        .collect();
    if !names.is_empty() {
        line.push_str(&format!(" · {}", names.join(", ")));
    }
    line
}
