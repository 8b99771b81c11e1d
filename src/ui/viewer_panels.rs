//! The replay viewer's panels: the bar under the phase bar (to either end, a phase or
//! an order either way, play and pause, the slider over every moment, where the board
//! stands, Play on) and the Replay window (the bookmarks, and each turn's phases to
//! jump to). Every control asks the viewer for a moment; nothing here edits the game.

use super::UiStatus;
use crate::play::session::SessionRequest;
use crate::play::viewer::{self, Viewer};
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::flow::Outcome;

/// The viewer's bar, under the phase bar.
pub fn bar(root: &mut egui::Ui, world: &mut World) {
    egui::Panel::top("replay_bar").show(root, |ui| {
        let by_post = world.contains_non_send::<crate::play::post::PostPlay>();
        super::with::<(ResMut<Viewer>, ResMut<SessionRequest>, Option<Res<Outcome>>), _>(
            world,
            |(mut viewer, mut session, outcome)| {
                let over = outcome.is_some();
                ui.horizontal(|ui| controls(ui, &mut viewer, &mut session, over, by_post));
            },
        );
    });
}

fn controls(
    ui: &mut egui::Ui,
    viewer: &mut Viewer,
    session: &mut SessionRequest,
    over: bool,
    by_post: bool,
) {
    let name = viewer
        .path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    ui.strong("Replay")
        .on_hover_text(viewer.path.display().to_string());
    ui.label(name);
    ui.separator();
    let (at, n) = (viewer.at, viewer.end());
    if ui
        .add_enabled(at > 0, egui::Button::new("|<"))
        .on_hover_text("To the start (Home)")
        .clicked()
    {
        viewer.go(0);
    }
    if ui
        .add_enabled(at > 0, egui::Button::new("<< Phase"))
        .on_hover_text("To the start of this phase, or of the one before (Page Up)")
        .clicked()
    {
        viewer.previous_phase();
    }
    if ui
        .add_enabled(at > 0, egui::Button::new("< Order"))
        .on_hover_text("One order back (,)")
        .clicked()
    {
        viewer.go(at - 1);
    }
    let play = if viewer.playing { "Pause" } else { "Play" };
    if ui
        .add_enabled(n > 0, egui::Button::new(play))
        .on_hover_text(format!(
            "Play the orders one after another, one each {:.1} s (Space)",
            viewer::PACE.as_secs_f32()
        ))
        .clicked()
    {
        viewer::toggle_play(viewer);
    }
    if ui
        .add_enabled(at < n, egui::Button::new("Order >"))
        .on_hover_text("One order on (.)")
        .clicked()
    {
        viewer.go(at + 1);
    }
    if ui
        .add_enabled(at < n, egui::Button::new("Phase >>"))
        .on_hover_text("To the start of the next phase (Page Down)")
        .clicked()
    {
        viewer.next_phase();
    }
    if ui
        .add_enabled(at < n, egui::Button::new(">|"))
        .on_hover_text("To the end (End)")
        .clicked()
    {
        viewer.go(n);
    }
    if n > 0 {
        let mut k = viewer.target;
        let slider = ui.add(
            egui::Slider::new(&mut k, 0..=n)
                .show_value(false)
                .trailing_fill(true),
        );
        if slider.changed() {
            viewer.go(k);
        }
    }
    ui.strong(viewer.position());
    if at == n && (by_post || !viewer.shared_dice) && !over {
        ui.separator();
        if ui
            .button("Play on")
            .on_hover_text("Take the game up where the save stops, as `drumfire play` would")
            .clicked()
        {
            *session = SessionRequest::PlayOn;
        }
    }
}

/// The Replay window: the bookmarks, with a note for the next, and every turn's
/// phases, each a jump to where it begins.
pub fn index_window(ctx: &egui::Context, world: &mut World) {
    egui::Window::new("Replay")
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(8.0, 84.0))
        .default_width(250.0)
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            super::with::<(ResMut<Viewer>, ResMut<UiStatus>), _>(
                world,
                |(mut viewer, mut status)| {
                    bookmarks(ui, &mut viewer, &mut status);
                    ui.separator();
                    chapters(ui, &mut viewer);
                },
            );
        });
}

fn bookmarks(ui: &mut egui::Ui, viewer: &mut Viewer, status: &mut UiStatus) {
    ui.strong("Bookmarks");
    let mut remove = None;
    let mut go = None;
    for (i, b) in viewer.bookmarks.iter().enumerate() {
        ui.horizontal(|ui| {
            let label = viewer.timeline.moment(b.order).label();
            let text = if b.note.is_empty() {
                format!("{label} · order {}", b.order)
            } else {
                format!("{label} · {}", b.note)
            };
            if ui
                .small_button("x")
                .on_hover_text("Remove this bookmark")
                .clicked()
            {
                remove = Some(i);
            }
            if ui
                .selectable_label(b.order == viewer.at, text)
                .on_hover_text(format!("Order {}", b.order))
                .clicked()
            {
                go = Some(b.order);
            }
        });
    }
    if viewer.bookmarks.is_empty() {
        ui.weak("None yet.");
    }
    if let Some(k) = go {
        viewer.go(k);
    }
    if let Some(i) = remove {
        status.0 = viewer.unmark(i);
    }
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut viewer.note)
                .hint_text("a note")
                .desired_width(130.0),
        );
        if ui
            .button("Bookmark")
            .on_hover_text("Mark this moment with the note (B)")
            .clicked()
        {
            status.0 = viewer.bookmark();
        }
    });
}

fn chapters(ui: &mut egui::Ui, viewer: &mut Viewer) {
    ui.strong("Turns and phases");
    let here = viewer.chapter();
    let chapters = viewer.timeline.chapters();
    let mut go = None;
    egui::ScrollArea::vertical()
        .max_height(360.0)
        .show(ui, |ui| {
            let mut turns: Vec<u16> = chapters.iter().map(|c| c.turn).collect();
            turns.dedup();
            for turn in turns {
                let title = if turn == 0 {
                    "Before the first turn".to_owned()
                } else {
                    format!("Turn {turn}")
                };
                let open = here.as_ref().map(|c| c.turn) == Some(turn);
                egui::CollapsingHeader::new(title)
                    .id_salt(("replay_turn", turn))
                    .open(open.then_some(true))
                    .show(ui, |ui| {
                        for c in chapters.iter().filter(|c| c.turn == turn) {
                            let current = here.as_ref() == Some(c);
                            if ui
                                .selectable_label(current, format!("{} (order {})", c.phase, c.at))
                                .clicked()
                            {
                                go = Some(c.at);
                            }
                        }
                    });
            }
        });
    if let Some(k) = go {
        viewer.go(k);
    }
}
