//! The panels of a Portable game: who acts and how many activations are left, the
//! button that ends the side's artillery fire, activations or close combats, and
//! the selected unit's orders with their exact odds. Buttons only queue orders.

use crate::play::offers::{Offers, OrderRequest, buttons};
use crate::play::parts::PlayParts;
use crate::ui::{side_colour, with};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::flow::Phase;
use drumfire_core::orders::Order;
use drumfire_core::rules::portable::{self, PtState, Step};
use drumfire_core::scenario::SideList;

/// The Portable rules' parts of the play window.
impl PlayParts for drumfire_core::rules::portable::Portable {
    fn phase_bar(&self, ui: &mut egui::Ui, world: &mut World) {
        let by_computer = drumfire_core::flow::awaiting(world)
            .is_some_and(|s| crate::play::not_at_this_screen(world, s))
            || crate::play::viewer::watching(world);
        let deciding = portable::deciding_side(world);
        with::<PtView, _>(world, |mut pt| {
            phase_info(ui, &mut pt, by_computer, deciding)
        });
    }

    fn orders(&self, ui: &mut egui::Ui, world: &mut World) {
        with::<PtView, _>(world, |mut pt| orders(ui, &mut pt));
    }

    fn help(&self) -> Option<(&'static str, &'static str)> {
        Some((
            "The Portable rules in brief",
            "Each turn: artillery in range fires first. Then each side rolls a die; the higher \
         activates first: it throws its activation dice for the number of units it may \
         activate, and each activated unit moves, fires or is unpinned; its close combats \
         follow. Then the other side does the same. Select a unit to see its orders with \
         their exact odds; click a shaded hex to move it there. Space ends the side's \
         artillery fire, activations or close combats.",
        ))
    }
}

/// What the Portable panels read and write.
#[derive(SystemParam)]
pub struct PtView<'w> {
    state: Option<Res<'w, PtState>>,
    offers: Res<'w, Offers>,
    idle: Res<'w, crate::play::offers::Idle>,
    request: ResMut<'w, OrderRequest>,
    phase: Res<'w, State<Phase>>,
    segment: Res<'w, drumfire_core::flow::ActionSegment>,
    sides: Res<'w, SideList>,
    colours: Res<'w, crate::settings::SideColours>,
}

impl PtView<'_> {
    /// The side asked to act, in the phases where one is.
    fn acting(&self) -> Option<u8> {
        let state = self.state.as_deref()?;
        match *self.phase.get() {
            portable::ARTILLERY_FIRE => {
                (0..self.sides.0.len() as u8).find(|s| !state.artillery_done.contains(s))
            }
            portable::ACTION if state.step != Step::Idle => Some(self.segment.side),
            _ => None,
        }
    }
}

/// The phase bar's part: who acts, what is left, and the button to end it. While the
/// side acting second decides for its pinned cavalry before the first side activates
/// (`deciding`, P-16), it says so, with no button: the cavalry's orders decide.
fn phase_info(ui: &mut egui::Ui, pt: &mut PtView, by_computer: bool, deciding: Option<u8>) {
    let phase = *pt.phase.get();
    let Some(side) = pt.acting() else {
        return;
    };
    let name = pt.sides.name(side).to_owned();
    let state = pt.state.as_deref().cloned().unwrap_or_default();
    ui.separator();
    if let Some(first) = deciding.filter(|&d| d != side && state.step == Step::Activating) {
        let who = pt.sides.name(first).to_owned();
        ui.colored_label(
            side_colour(&pt.colours, first),
            format!(
                "■ {who} pinned cavalry first: charge now, or unpin it in the {who} side's own part \
                 ({name} then activates: {} left)",
                state.activations
            ),
        );
        return;
    }
    let (what, end, why) = match (phase, state.step) {
        (portable::ARTILLERY_FIRE, _) => (
            format!("■ {name} artillery fires"),
            "End artillery fire",
            "No more artillery fire from this side this turn",
        ),
        (_, Step::Activating) => (
            format!(
                "■ {name} activates: {} activation{} left",
                state.activations,
                if state.activations == 1 { "" } else { "s" }
            ),
            "End activations",
            "Activate no more units this turn; close combats come next",
        ),
        _ => (
            format!("■ {name} close combats"),
            "End close combats",
            "Fight no more close combats this turn",
        ),
    };
    ui.colored_label(side_colour(&pt.colours, side), what);
    // The computer ends its own segments.
    if by_computer {
        return;
    }
    if crate::ui::play_panels::steady_button(ui, "end", format!("{end} ({name})"), why) {
        pt.request.0 = Some(Order::Pass { side });
    }
}

/// The selected unit's orders, each with its exact odds.
fn orders(ui: &mut egui::Ui, pt: &mut PtView) {
    let moves = pt.offers.moves.len();
    if pt.offers.offers.is_empty() && moves == 0 {
        crate::play::offers::idle_lines(ui, &pt.idle);
        return;
    }
    ui.separator();
    ui.strong("Orders for the selected unit");
    if moves > 0 {
        ui.label(format!(
            "Move: click one of the {moves} shaded hexes (half a hex along roads and through built-up areas)."
        ));
    }
    if let Some(order) = buttons(ui, &pt.offers.offers) {
        pt.request.0 = Some(order);
    }
}
