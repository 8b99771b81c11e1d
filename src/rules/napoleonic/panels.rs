//! The panels of a Napoleonic game: who acts and the button that ends the side's
//! movement or combat; the selected brigade's order, formation, grades and battalions,
//! with its formations and fights (each fight with its exact odds); and the orders
//! sheet on which a side gives each brigade its order in secret. Buttons only queue
//! orders.

use super::play::OrdersDraft;
use crate::play::offers::{Offers, OrderRequest, buttons};
use crate::play::parts::{HandoffWords, PlayParts};
use crate::play::session::Handoff;
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::counters::Counter;
use drumfire_core::flow::Phase;
use drumfire_core::rules::napoleonic::brigade::Command;
use drumfire_core::rules::napoleonic::check_orders;
use drumfire_core::rules::napoleonic::{self, NpOrder, view};
use drumfire_core::scenario::SideList;

/// The Napoleonic rules' parts of the play window.
impl PlayParts for drumfire_core::rules::napoleonic::Napoleonic {
    fn phase_bar(&self, ui: &mut egui::Ui, world: &mut World) {
        phase_bar(ui, world)
    }

    fn orders(&self, ui: &mut egui::Ui, world: &mut World) {
        orders(ui, world)
    }

    fn windows(&self, ctx: &egui::Context, world: &mut World) {
        windows(ctx, world)
    }

    fn reset(&self, world: &mut World) {
        super::play::reset(world)
    }

    fn hides_table(&self, world: &World) -> bool {
        *world.resource::<State<Phase>>().get() == napoleonic::ORDERS
    }

    fn handoff(&self) -> Option<HandoffWords> {
        Some(HandoffWords {
            hidden: "Each side gives its brigades their orders in secret.",
            secret: "orders are secret until both sides have given theirs",
            show: "show my orders",
        })
    }

    fn help(&self) -> Option<(&'static str, &'static str)> {
        Some((
            "The Napoleonic brigade rules in brief",
            "Each turn: both sides give every brigade its order in secret (Attack, Engage or \
         Hold; an order changes one step a turn), then roll for who moves and fights \
         first. In Movement a brigade moves by its formation (line 1 hex, attack column 2, \
         march column 3, 4 along a road; square not at all; one hex always, whatever the \
         ground) or changes formation; it halts beside the enemy. In Combat a brigade on Hold or Engage skirmishes across \
         one empty hex or fights a firefight with the enemy beside it in the open; on \
         Attack it fights hand to hand (or storms a battery); on Attack or Engage it fights \
         for a built-up area or wood. Cavalry (line 3 hexes, march column 4) charges on \
         Attack orders, in line; infantry in square stands against it, and infantry on \
         Engage or Hold volleys at horse or guns beside it. A battery moves \
         limbered (2 hexes) and fires deployed, on Engage or Hold, up to 3 hexes: a die a \
         gun section, 6 to kill. The side with the higher combat factors rolls 2d6 plus the \
         difference: routs, retreats Shaken, or a draw. Select a brigade to see its orders with their \
         exact odds; click a shaded hex to move it there. Space ends the side's movement \
         or combat.",
        ))
    }

    fn script_step(&self, world: &mut World, words: &[String]) -> Option<Result<bool, String>> {
        super::script::step(world, words)
    }

    fn view_text(&self, world: &mut World, out: &mut String) {
        super::script::view_text(world, out)
    }
}

/// The phase bar's part: who acts, and the button that ends its movement or combat.
fn phase_bar(ui: &mut egui::Ui, world: &mut World) {
    let phase = *world.resource::<State<Phase>>().get();
    let Some((side, name, colour)) = crate::ui::play_panels::awaited(world) else {
        return;
    };
    ui.separator();
    let (what, end, why) = match phase {
        napoleonic::ORDERS => {
            ui.colored_label(
                colour,
                format!("■ The {name} side gives its brigades their orders"),
            );
            return;
        }
        napoleonic::MOVEMENT => (
            format!("■ {name} moves"),
            "End movement",
            "Move no more brigades this turn; the other side moves next, or combat begins",
        ),
        _ => (
            format!("■ {name} fights"),
            "End combat",
            "Start no more fights this turn",
        ),
    };
    ui.colored_label(colour, what);
    crate::ui::play_panels::end_button(ui, world, side, &name, end, why);
}

/// The selected brigade: its order, formation, grades and battalions, then what it
/// may do now, each fight with its exact odds.
fn orders(ui: &mut egui::Ui, world: &mut World) {
    let Some(id) = world
        .resource::<crate::input::Selection>()
        .counter
        .and_then(|e| world.get::<Counter>(e))
        .map(|c| c.id.clone())
    else {
        return;
    };
    // Only the brigade in the selected hex (not one that has moved or retired out).
    let hex = world.resource::<crate::input::Selection>().hex;
    let Some(p) = view::piece(world, &id).filter(|p| Some(p.hex) == hex) else {
        return;
    };
    let b = p.brigade;
    ui.separator();
    ui.strong(&p.name);
    let (what, parts) = match p.arm {
        napoleonic::brigade::Arm::Artillery => ("Battery", "gun sections"),
        napoleonic::brigade::Arm::Cavalry => ("Cavalry", "regiments"),
        napoleonic::brigade::Arm::Infantry => ("Infantry", "battalions"),
    };
    ui.label(format!(
        "{what} · {} orders · {} · {parts} {} of {}",
        b.command.name(),
        b.formation.name(),
        p.standing,
        p.total
    ));
    // Skirmishers and firepower are infantry's; horse and guns have a class only.
    if p.arm == napoleonic::brigade::Arm::Infantry {
        ui.label(format!(
            "Class {} · Skirmish {} · Fire {}",
            b.grades.class.letter(),
            b.grades.skirmish.letter(),
            b.grades.fire.letter()
        ));
    } else {
        ui.label(format!("Class {}", b.grades.class.letter()));
    }
    let offers = world.resource::<Offers>();
    let moves = offers.moves.len();
    let list = offers.offers.clone();
    if list.is_empty() && moves == 0 {
        crate::play::offers::idle_panel(ui, world);
        return;
    }
    ui.separator();
    ui.strong("Orders for the selected brigade");
    if moves > 0 {
        ui.label(format!(
            "Move: click one of the {moves} shaded hexes (it halts beside the enemy)."
        ));
    }
    if let Some(order) = buttons(ui, &list) {
        world.resource_mut::<OrderRequest>().0 = Some(order);
    }
}

/// The orders sheet, while a side played by a person gives its orders (behind the
/// hand-off screen in a game between two people).
fn windows(ctx: &egui::Context, world: &mut World) {
    let draft = world.resource::<OrdersDraft>().clone();
    let Some(side) = draft.side else {
        return;
    };
    if crate::play::not_at_this_screen(world, side)
        || world.resource::<Handoff>().waiting_for.is_some()
        || crate::play::viewer::watching(world)
    {
        return;
    }
    let name = world.resource::<SideList>().name(side).to_owned();
    let pieces: Vec<view::Piece> = view::pieces(world)
        .into_iter()
        .filter(|p| p.side == side && !p.routed)
        .collect();
    let valid = check_orders(world, side, &draft.orders);
    let mut changed = draft.clone();
    let mut give = false;
    let title = format!("Orders: {name}");
    let hexes: Vec<hexx::Hex> = pieces.iter().map(|p| p.hex).collect();
    let at = crate::ui::aside::clear_of(ctx, world, &title, egui::Align2::LEFT_BOTTOM, &hexes);
    let window = egui::Window::new(title.as_str())
        .collapsible(false)
        .resizable(false);
    crate::ui::aside::placed(window, &title, at, egui::Align2::LEFT_BOTTOM, [10.0, -140.0])
        .show(ctx, |ui| {
            ui.label("Give each brigade its order for this turn. An order changes one step a turn (Hold, Engage, Attack); a Shaken brigade may not attack, a battery never does. The other side sees them when it has given its own.");
            egui::Grid::new("np_orders").striped(true).show(ui, |ui| {
                for p in &pieces {
                    ui.label(&p.name);
                    ui.small(format!("now {}", p.brigade.command.name()));
                    let current = changed
                        .orders
                        .iter()
                        .find(|(id, _)| *id == p.id)
                        .map_or(p.brigade.command, |o| o.1);
                    for c in Command::ALL {
                        let allowed = p.brigade.command.steps_to(c) <= 1
                            && p.arm.commands().contains(&c)
                            && !(c == Command::Attack && p.shaken);
                        let pick = ui.add_enabled(
                            allowed,
                            egui::Button::selectable(current == c, c.name()),
                        );
                        if pick.clicked()
                            && let Some(o) = changed.orders.iter_mut().find(|(id, _)| *id == p.id)
                        {
                            o.1 = c;
                        }
                    }
                    ui.end_row();
                }
            });
            give = crate::ui::play_panels::sheet_button(
                ui,
                &valid,
                &format!("Give the {name} orders"),
            );
        });
    if changed != draft {
        world.insert_resource(changed.clone());
    }
    if give {
        world.resource_mut::<OrderRequest>().0 = Some(
            NpOrder::Orders {
                side,
                orders: changed.orders,
            }
            .into(),
        );
    }
}
