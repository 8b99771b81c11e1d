//! Tests of `ui/play_panels`.

use super::*;

/// One frame at `time` s with the pointer at `at`, clicking when `click`: whether the
/// button with `words` was pressed, and where it is.
fn frame(
    ctx: &egui::Context,
    time: f64,
    at: egui::Pos2,
    click: bool,
    words: &str,
) -> (bool, egui::Rect) {
    let mut events = vec![egui::Event::PointerMoved(at)];
    if click {
        for pressed in [true, false] {
            events.push(egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
    }
    let input = egui::RawInput {
        time: Some(time),
        events,
        ..Default::default()
    };
    let mut out = (false, egui::Rect::NOTHING);
    let mut output = ctx.run_ui(input, |ui| {
        let pressed = steady_button(ui, "end", words.to_owned(), "why");
        out = (pressed, ui.min_rect());
    });
    output.textures_delta.clear();
    out
}

/// A click on the end button just after its words changed under the pointer does
/// nothing; a second later, or once the pointer has left it and come back, it
/// presses.
#[test]
fn a_button_whose_words_just_changed_under_the_pointer_ignores_a_click() {
    let ctx = egui::Context::default();
    let (_, rect) = frame(&ctx, 0.0, egui::pos2(-10.0, -10.0), false, "End activation");
    let on = rect.left_top() + egui::vec2(12.0, 8.0);
    frame(&ctx, 0.1, on, false, "End activation");
    assert!(frame(&ctx, 0.2, on, true, "End activation").0, "it presses");
    frame(&ctx, 0.3, on, false, "Pass");
    assert!(!frame(&ctx, 0.4, on, true, "Pass").0, "just changed: shut");
    // The frame a second later that the button asked for draws it open.
    frame(&ctx, 1.4, on, false, "Pass");
    assert!(frame(&ctx, 1.5, on, true, "Pass").0, "a second later: open");
    frame(&ctx, 1.6, on, false, "End activation");
    frame(&ctx, 1.7, egui::pos2(-10.0, -10.0), false, "End activation");
    frame(&ctx, 1.8, on, false, "End activation");
    assert!(
        frame(&ctx, 1.9, on, true, "End activation").0,
        "the pointer left and came back: open"
    );
}
