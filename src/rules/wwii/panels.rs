//! The panels of a WWII game: the phase bar's part (who acts, the button that ends the
//! side's movement or fire, the engagements, a follow-up); the selected unit's bases,
//! morale and orders with their exact odds, a tank's overruns before it moves and the
//! assault its group would fight; and the assaults fought, round by round. Buttons
//! only queue orders.

use super::play::WwiiOffers;
use crate::play::offers::{Offers, OrderRequest, buttons};
use crate::play::parts::PlayParts;
use crate::ui::play_panels::{awaited, end_button, odds_panel};
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::counters::Counter;
use drumfire_core::flow::Phase;
use drumfire_core::rules::wwii::state::Followup;
use drumfire_core::rules::wwii::{self, WwiiState, view};
use drumfire_core::scenario::FacingDef;

/// The WWII rules' parts of the play window.
impl PlayParts for drumfire_core::rules::wwii::Wwii {
    fn phase_bar(&self, ui: &mut egui::Ui, world: &mut World) {
        phase_bar(ui, world)
    }

    fn orders(&self, ui: &mut egui::Ui, world: &mut World) {
        orders(ui, world)
    }

    fn tools(&self, ui: &mut egui::Ui, world: &mut World) {
        tools(ui, world)
    }

    fn windows(&self, ctx: &egui::Context, world: &mut World) {
        windows(ctx, world)
    }

    fn reset(&self, world: &mut World) {
        super::play::reset(world)
    }

    fn help(&self) -> Option<(&'static str, &'static str)> {
        Some((
            "The WWII assault rules in brief",
            "Each turn: a die a side for the initiative; the winner moves first, then the \
         other side (select a unit, click a shaded hex). Personnel that move next to \
         enemy personnel stop there, locked in place until the assault is resolved or a \
         voluntary rout (a morale check) breaks contact. Tanks may overrun enemy \
         personnel next to them during their move, three rounds at a quarter of their \
         movement each, and drive on. Then each side fires in the same order: small arms \
         at personnel, guns at vehicles; assaulters fire only with assault weapons, or \
         three bases or fewer. In the assault phase every contact is fought: a die a \
         side a round, the loser losing the difference in bases, three rounds (two or one \
         with cavalry); infantry against tanks on the small arms chart with the weapon \
         differential. The overall loser checks morale; a winner that took every round \
         and left no enemy may break through. Every button shows its exact odds.",
        ))
    }

    fn script_step(&self, world: &mut World, words: &[String]) -> Option<Result<bool, String>> {
        super::script::step(world, words)
    }

    fn view_text(&self, world: &mut World, out: &mut String) {
        super::script::view_text(world, out)
    }
}

/// The phase bar's part: who acts and the button that ends it.
fn phase_bar(ui: &mut egui::Ui, world: &mut World) {
    let Some((side, name, colour)) = awaited(world) else {
        return;
    };
    let phase = *world.resource::<State<Phase>>().get();
    let state = world.resource::<WwiiState>().clone();
    ui.separator();
    let (what, end, why) = match phase {
        wwii::MOVEMENT => (
            format!("■ {name} moves"),
            "End movement",
            "Move no more units this turn",
        ),
        wwii::FIRE => (
            format!("■ {name} fires"),
            "End fire",
            "Fire no more this turn",
        ),
        wwii::ASSAULT if state.acting.is_some() => (
            format!("■ {name} chooses what its units engage"),
            "Fight the assaults",
            "Each unit with a choice engages what it is set to (by default the enemy personnel)",
        ),
        _ => {
            let f = state.followups.first().cloned();
            let (unit, how) = match &f {
                Some(Followup::Breakthrough { unit, reach }) => (
                    unit.clone(),
                    format!(
                        "breaks through: it may occupy uncontested ground within {reach} hexes"
                    ),
                ),
                Some(Followup::Cavalry { unit, left }) => (
                    unit.clone(),
                    format!("won: it may dismount or move on ({left} hexes)"),
                ),
                None => return,
            };
            let who = view::unit(world, &unit).map_or(unit, |u| u.base.name);
            (
                format!("■ {name}: {who} {how}"),
                "Stay where it is",
                "It holds its ground",
            )
        }
    };
    ui.colored_label(colour, what);
    end_button(ui, world, side, &name, end, why);
}

/// The selected unit: its bases, morale and facing, and its orders with their odds.
fn orders(ui: &mut egui::Ui, world: &mut World) {
    let Some(id) = world
        .resource::<crate::input::Selection>()
        .counter
        .and_then(|e| world.get::<Counter>(e))
        .map(|c| c.id.clone())
    else {
        return;
    };
    let hex = world.resource::<crate::input::Selection>().hex;
    let Some(u) = view::unit(world, &id).filter(|u| Some(u.hex) == hex) else {
        return;
    };
    let left = wwii::movement::left(world, &u);
    ui.separator();
    ui.strong(&u.name);
    ui.label(format!(
        "{} of {} bases {} · faces {:?} · {} · {} training{}",
        u.bases(),
        u.stands.total(),
        u.stands.glance(),
        FacingDef::of(u.facing),
        u.morale.name(),
        u.training.name(),
        if u.prone { " · prone" } else { "" },
    ));
    ui.label(format!(
        "Movement {left} of {} left this turn",
        u.figures.movement
    ));
    let offers = world.resource::<Offers>().offers.clone();
    let moves = world.resource::<Offers>().moves.len();
    let extra = world.resource::<WwiiOffers>().clone();
    if !offers.is_empty() || moves > 0 {
        ui.separator();
        ui.strong("Orders for the selected unit");
        if moves > 0 {
            ui.label(format!(
                "Move: click one of the {moves} shaded hexes (it ends facing the way it last steps)."
            ));
        }
        if let Some(order) = buttons(ui, &offers) {
            world.resource_mut::<OrderRequest>().0 = Some(order);
        }
    } else if extra.overruns.is_empty() {
        crate::play::offers::idle_panel(ui, world);
    }
    if !extra.overruns.is_empty() {
        ui.separator();
        ui.strong("Overruns within reach, before it moves");
        for (label, odds) in &extra.overruns {
            ui.label(label);
            ui.label(odds.summary());
            egui::CollapsingHeader::new("Odds, with every modifier")
                .id_salt(("overrun", label))
                .show(ui, |ui| odds_panel(ui, odds));
        }
    }
    if let Some(odds) = &extra.assault {
        ui.separator();
        ui.strong("Its assault, if fought now");
        ui.label(odds.summary());
        egui::CollapsingHeader::new("Odds, with every modifier")
            .id_salt("group_assault")
            .default_open(*world.resource::<State<Phase>>().get() == wwii::ASSAULT)
            .show(ui, |ui| odds_panel(ui, odds));
    }
}

/// Whether the assaults window is open.
#[derive(Resource, Default)]
pub struct AssaultsOpen(pub bool);

/// The bottom bar's button that opens the assaults fought.
fn tools(ui: &mut egui::Ui, world: &mut World) {
    let n = world.resource::<WwiiState>().fought.len();
    if n == 0 {
        return;
    }
    if ui
        .button(format!("Assaults ({n})"))
        .on_hover_text("The assaults and overruns fought, round by round")
        .clicked()
    {
        let mut open = world.get_resource_or_insert_with(AssaultsOpen::default);
        open.0 = !open.0;
    }
}

/// The assaults fought in the last assault phase and the overruns since: each side's
/// units and modifiers, the dice of every round, the bases lost and the ending.
fn windows(ctx: &egui::Context, world: &mut World) {
    let fought = world.resource::<WwiiState>().fought.clone();
    let mut open = world.get_resource_or_insert_with(AssaultsOpen::default).0;
    if !open || fought.is_empty() {
        return;
    }
    let known = drumfire_core::journal::piece_names(world);
    egui::Window::new("Assaults")
        .open(&mut open)
        .default_width(380.0)
        .show(ctx, |ui| {
            for f in &fought {
                let names: Vec<String> = f
                    .units
                    .iter()
                    .map(|side| {
                        side.iter()
                            .map(|id| known.get(id).cloned().unwrap_or_else(|| id.clone()))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    })
                    .collect();
                ui.strong(format!("{}: {} against {}", f.kind, names[0], names[1]));
                for (s, mods) in f.modifiers.iter().enumerate() {
                    if !mods.is_empty() {
                        let words: Vec<String> =
                            mods.iter().map(|(v, c)| format!("{v:+} {c}")).collect();
                        ui.small(format!("{}: {}", names[s], words.join(", ")));
                    }
                }
                for (r, dice) in f.rounds.iter().enumerate() {
                    let split = f.first_dice.get(r).copied().unwrap_or(0).min(dice.len());
                    let faces =
                        |d: &[u8]| d.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
                    ui.monospace(format!(
                        "Round {}: {} | {}",
                        r + 1,
                        faces(&dice[..split]),
                        faces(&dice[split..])
                    ));
                }
                ui.label(format!(
                    "Bases lost: {} {}, {} {}. {}.",
                    names[0], f.lost[0], names[1], f.lost[1], f.ending
                ));
                ui.separator();
            }
        });
    world.resource_mut::<AssaultsOpen>().0 = open;
}
