//! Playing the Great War with the mouse: picking a hex to move to, fire at or assault,
//! dragging a counter to move it, the previews worked out from the core's
//! `rules::great_war::preview`, and the intents turned into orders.

use crate::input::{Hover, MapArea, Selection};
use crate::play::{CancelPick, CombatReport, Picking, RulesInput, playing, session};
use crate::ui::UiStatus;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;
use drumfire_core::coords::MapCoord;
use drumfire_core::counters::Counter;
use drumfire_core::door;
use drumfire_core::journal::Journal;
use drumfire_core::orders;
use drumfire_core::rules::great_war::fire::FireOdds;
use drumfire_core::rules::great_war::preview::{self, Intent, Offer, Pick};
use drumfire_core::rules::great_war::state::FirePlan;
use drumfire_core::rules::great_war::{GwState, view};
use hexx::Hex;
use std::collections::BTreeMap;

/// A hex is being picked on the map for this action (`None`: browsing).
#[derive(Resource, Default, Debug, Clone)]
pub struct Mode(pub Option<Pick>);

/// The fire or assault target chosen and waiting for the player to confirm.
#[derive(Resource, Default, Debug, Clone)]
pub struct PendingTarget(pub Option<Hex>);

/// An intent from the panels or the map, turned into an order on the next update.
#[derive(Resource, Default, Debug)]
pub struct IntentQueue(pub Option<Intent>);

/// What the Great War's panels show before the player commits (the map's part is
/// the shared `Preview`).
#[derive(Resource, Default)]
pub struct GwPreview {
    /// The selected piece's actions.
    pub offers: Vec<Offer>,
    /// Why the hovered hex cannot be picked.
    pub refusal: Option<String>,
    /// The fire at the pending (or hovered) target and its exact odds, or why not.
    pub fire: Option<(Hex, Result<(FirePlan, FireOdds), String>)>,
    /// For an opportunity-fire question: each eligible unit's fire and its odds.
    pub prompt_odds: Vec<(String, Option<(FirePlan, FireOdds)>)>,
    /// Activated units that could join the fire group (id), while aiming a fire.
    pub fire_mates: Vec<String>,
}

/// Is the game in the window played by the Great War rules (not at the table)?
pub fn great_war_rules(
    rules: Option<Res<drumfire_core::scenario::Rules>>,
    table: Option<Res<drumfire_core::table::TableMode>>,
) -> bool {
    playing(drumfire_core::rules::GREAT_WAR.id)(rules, table)
}

/// The Great War's input systems, between Esc cancelling a pick and the overlays.
pub fn plugin(app: &mut App) {
    app.init_resource::<Mode>()
        .init_resource::<PendingTarget>()
        .init_resource::<IntentQueue>()
        .init_resource::<GwPreview>()
        .add_systems(Update, cancel_pick_on_escape.in_set(CancelPick))
        .add_systems(
            Update,
            (
                answer_requests.run_if(great_war_rules),
                drag_to_move.run_if(not(egui_wants_any_pointer_input).and_then(great_war_rules)),
                pick_on_click.run_if(
                    (|m: Res<Mode>| m.0.is_some()).and_then(not(egui_wants_any_pointer_input)),
                ),
                submit_intent.run_if(great_war_rules),
                update_preview.run_if(great_war_rules),
                show_picking,
            )
                .chain()
                .in_set(RulesInput)
                .after(CancelPick)
                .before(crate::input::InputSet),
        );
}

/// Forgets the pick under way and what it previewed (a new game).
pub fn reset(world: &mut World) {
    world.insert_resource(Mode::default());
    world.insert_resource(PendingTarget::default());
    world.insert_resource(IntentQueue::default());
    world.insert_resource(GwPreview::default());
    // The last game's plotted missions are not this one's.
    world.insert_resource(super::plan::PlanDraft::default());
}

/// Tells the board whether a hex is being picked, so that its clicks are the pick's.
fn show_picking(mode: Res<Mode>, mut picking: ResMut<Picking>) {
    picking.set_if_neq(Picking(mode.0.is_some()));
}

/// Esc, or a right click (pressed and let go without dragging the map), cancels the
/// fire or move being aimed; the selection stays (Esc again clears it).
fn cancel_pick_on_escape(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut pressed: Local<Option<Vec2>>,
    mut mode: ResMut<Mode>,
    mut pending: ResMut<PendingTarget>,
) {
    let cursor = window.and_then(|w| w.cursor_position());
    if buttons.just_pressed(MouseButton::Right) {
        *pressed = cursor;
    }
    let right_click = buttons.just_released(MouseButton::Right)
        && pressed
            .take()
            .zip(cursor)
            .is_some_and(|(a, b)| a.distance(b) < 5.0);
    let escape = keys.just_pressed(KeyCode::Escape);
    if (escape || right_click) && (mode.0.is_some() || pending.0.is_some()) {
        mode.0 = None;
        pending.0 = None;
        if escape {
            keys.clear_just_pressed(KeyCode::Escape);
        }
    }
}

/// The session's requests, as the Great War reads them: Space passes (ends the
/// activation or the segment), N selects the next piece that can still act, L picks a
/// hex to draw the line of sight to from the selected piece.
fn answer_requests(world: &mut World) {
    if world.resource::<session::PassRequest>().0 {
        world.resource_mut::<IntentQueue>().0 = Some(Intent::Pass);
    }
    if world.resource::<session::NextUnitRequest>().0 {
        next_unit(world);
    }
    if world.resource::<session::LosRequest>().0 {
        let id = world
            .resource::<Selection>()
            .counter
            .and_then(|e| world.get::<Counter>(e))
            .map(|c| c.id.clone());
        match id {
            Some(id) => {
                world.resource_mut::<Mode>().0 = Some(Pick::Fire(vec![id]));
                world.resource_mut::<PendingTarget>().0 = None;
            }
            None => {
                world.resource_mut::<UiStatus>().0 =
                    "Select a counter first: the line of sight is drawn from it.".into()
            }
        }
    }
}

/// Selects the next piece of the side to act that can still act (activated pieces
/// that have not acted first, while an activation is under way).
fn next_unit(world: &mut World) {
    let Some(side) = drumfire_core::flow::awaiting(world) else {
        return;
    };
    let Some(group) = world.get_resource::<GwState>().map(|g| g.group.clone()) else {
        return;
    };
    let mut ready: Vec<view::PieceView> = view::all(world)
        .into_iter()
        .filter(|p| p.side == side)
        .filter(|p| match &group {
            Some(g) => g.members.get(&p.id).is_some_and(|m| !m.acted),
            None => drumfire_core::rules::great_war::action::activatable(world, p),
        })
        .collect();
    ready.sort_by_key(|p| p.id.clone());
    if ready.is_empty() {
        world.resource_mut::<UiStatus>().0 = "No piece of this side can act now.".into();
        return;
    }
    let current = world.resource::<Selection>().counter;
    let at = current.and_then(|c| ready.iter().position(|p| p.entity == c));
    let next = &ready[at.map_or(0, |i| (i + 1) % ready.len())];
    let mut sel = world.resource_mut::<Selection>();
    sel.hex = Some(next.hex);
    sel.counter = Some(next.entity);
}

fn pick_on_click(
    mut buttons: ResMut<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    window: Single<&Window, With<PrimaryWindow>>,
    area: Res<MapArea>,
    mode: Res<Mode>,
    mut pending: ResMut<PendingTarget>,
    mut intents: ResMut<IntentQueue>,
) {
    let on_map = match (window.cursor_position(), area.0) {
        (Some(p), Some(r)) => r.contains(p),
        (Some(_), None) => true,
        _ => false,
    };
    if !on_map || !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let (Some(hex), Some(pick)) = (hover.0, &mode.0) else {
        return;
    };
    // The click is the pick's; the board's selection must not see it too.
    buttons.clear_just_pressed(MouseButton::Left);
    match pick {
        Pick::Move(pieces) => intents.0 = Some(Intent::Move(pieces.clone(), hex)),
        Pick::Fire(_) | Pick::Assault(_) => pending.0 = Some(hex),
    }
}

/// A counter being dragged: its id, the hex it was picked up from, and whether the
/// drag started the move picking (so the release ends it).
#[derive(Default)]
struct Drag {
    piece: Option<(String, Hex, Entity)>,
    started: bool,
}

/// Drag the selected counter to a hex to move it there: while the button is held
/// off its hex the reachable hexes show; releasing over one moves it. A press and
/// release on the same hex stays a click (which cycles the stack).
fn drag_to_move(
    buttons: Res<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    mut selection: ResMut<Selection>,
    counters: Query<&Counter>,
    mut mode: ResMut<Mode>,
    mut intents: ResMut<IntentQueue>,
    mut drag: Local<Drag>,
) {
    if buttons.just_pressed(MouseButton::Left) && mode.0.is_none() {
        drag.piece = match (selection.hex, selection.counter, hover.0) {
            (Some(at), Some(e), Some(h)) if at == h => {
                counters.get(e).ok().map(|c| (c.id.clone(), h, e))
            }
            _ => None,
        };
        drag.started = false;
        return;
    }
    let Some((id, from, entity)) = drag.piece.clone() else {
        return;
    };
    if buttons.pressed(MouseButton::Left) {
        if !drag.started && hover.0.is_some_and(|h| h != from) {
            // The press cycled the stack; the drag is of the counter picked up.
            selection.counter = Some(entity);
            mode.0 = Some(Pick::Move(vec![id.clone()]));
            drag.started = true;
        }
        return;
    }
    if buttons.just_released(MouseButton::Left) {
        if drag.started
            && let Some(h) = hover.0
            && h != from
        {
            intents.0 = Some(Intent::Move(vec![id], h));
        } else if drag.started {
            mode.0 = None;
        }
        *drag = Drag::default();
    }
}

/// Turns the queued intent into an order and submits it; a refusal shows on the phase bar.
pub fn submit_intent(world: &mut World) {
    let Some(intent) = world.resource_mut::<IntentQueue>().0.take() else {
        return;
    };
    let Some(side) = drumfire_core::flow::awaiting(world) else {
        return;
    };
    let result = preview::to_order(world, side, &intent).and_then(|o| door::submit(world, o));
    match result {
        Ok(()) => {
            world.resource_mut::<UiStatus>().0.clear();
            world.resource_mut::<Mode>().0 = None;
            world.resource_mut::<PendingTarget>().0 = None;
            world.resource_mut::<CombatReport>().open = false;
        }
        Err(r) => world.resource_mut::<UiStatus>().0 = r.0,
    }
}

#[derive(Default, PartialEq, Clone)]
struct PreviewKey {
    selected: Option<Entity>,
    hover: Option<Hex>,
    mode: Option<Pick>,
    pending: Option<Hex>,
    journal: usize,
}

fn update_preview(world: &mut World, mut last: Local<Option<PreviewKey>>) {
    let key = PreviewKey {
        selected: world.resource::<Selection>().counter,
        hover: world.resource::<Hover>().0,
        mode: world.resource::<Mode>().0.clone(),
        pending: world.resource::<PendingTarget>().0,
        journal: world.resource::<Journal>().entries().len(),
    };
    if last.as_ref() == Some(&key) || !orders::is_settled(world) {
        return;
    }
    // A combat report of whatever the journal gained since last time: fires (planned
    // fire in the Bombardment Phase included), losses, morale checks. Not while a
    // save or an undo is being replayed.
    let from = last
        .as_ref()
        .map_or(key.journal, |l| l.journal)
        .min(key.journal);
    crate::play::offers::report_combats(world, from);
    let same_pick = last.as_ref().is_some_and(|l| {
        l.mode == key.mode && l.journal == key.journal && l.selected == key.selected
    });
    *last = Some(key.clone());
    let selected = key
        .selected
        .and_then(|e| world.get::<Counter>(e))
        .map(|c| c.id.clone());
    let offers = selected
        .as_deref()
        .map_or_else(Vec::new, |id| preview::offers(world, id));
    let chain = leader_chain(world, selected.as_deref());
    let mut p = world
        .remove_resource::<crate::play::Preview>()
        .unwrap_or_default();
    let (reach, targets) = if same_pick {
        (std::mem::take(&mut p.reach), std::mem::take(&mut p.targets))
    } else {
        pick_reach(world, key.mode.as_ref())
    };
    let (path, refusal, fire) = hover_preview(world, &key, &reach, &targets);
    let fire_from = match &key.mode {
        Some(Pick::Fire(firers)) => firers
            .first()
            .and_then(|id| view::by_id(world, id))
            .map(|p| p.hex),
        _ => None,
    };
    let prompt_odds = opportunity_odds(world);
    let fire_mates = fire_mates(world, key.mode.as_ref());
    let line = fire_from.zip(fire.as_ref().map(|(t, _)| *t));
    world.insert_resource(crate::play::Preview {
        reach,
        path,
        targets,
        chain,
        line,
        generation: p.generation + 1,
    });
    world.insert_resource(GwPreview {
        offers,
        refusal,
        fire,
        prompt_odds,
        fire_mates,
    });
}

/// The hexes of the chain of command under the selected leader (none outside an
/// activation's group being formed, or for a piece that is no leader).
fn leader_chain(world: &World, selected: Option<&str>) -> Vec<Hex> {
    match (selected, world.resource::<GwState>().group.is_none()) {
        (Some(id), true) if view::by_id(world, id).is_some_and(|p| p.is_leader()) => {
            preview::chain(world, id)
                .iter()
                .filter_map(|id| view::by_id(world, id).map(|p| p.hex))
                .collect()
        }
        _ => vec![],
    }
}

/// The hexes a pick under way can reach (a move), and the hexes it can target (a
/// fire, or an assault on the enemy hexes next to the attackers).
fn pick_reach(
    world: &World,
    mode: Option<&Pick>,
) -> (BTreeMap<MapCoord, (u8, Vec<Hex>)>, Vec<Hex>) {
    match mode {
        Some(Pick::Move(pieces)) => (preview::reachable(world, pieces), vec![]),
        Some(Pick::Fire(firers)) => (BTreeMap::new(), preview::fire_targets(world, firers)),
        Some(Pick::Assault(pieces)) => {
            let from = pieces.first().and_then(|id| view::by_id(world, id));
            let t = from
                .map(|f| {
                    f.hex
                        .all_neighbors()
                        .into_iter()
                        .filter(|n| view::enemy_in(world, f.side, *n))
                        .collect()
                })
                .unwrap_or_default();
            (BTreeMap::new(), t)
        }
        None => (BTreeMap::new(), vec![]),
    }
}

/// The hovered (or pending) hex of a pick under way: the path of a move to it or
/// why not, the fire at it with its odds, or why it cannot be assaulted.
fn hover_preview(
    world: &World,
    key: &PreviewKey,
    reach: &BTreeMap<MapCoord, (u8, Vec<Hex>)>,
    targets: &[Hex],
) -> (
    Vec<Hex>,
    Option<String>,
    Option<(Hex, Result<(FirePlan, FireOdds), String>)>,
) {
    let (mut path, mut refusal, mut fire) = (vec![], None, None);
    match (&key.mode, key.hover) {
        (Some(Pick::Move(pieces)), Some(h)) => {
            match MapCoord::from_hex(h).and_then(|m| reach.get(&m)) {
                Some((_, route)) => path = route.clone(),
                None => refusal = Some(preview::move_refusal(world, pieces, h)),
            }
        }
        (Some(Pick::Fire(firers)), hover) => {
            if let Some(t) = key.pending.or(hover) {
                fire = Some((t, preview::fire_preview(world, firers, t).map_err(|r| r.0)));
            }
        }
        (Some(Pick::Assault(_)), hover) => {
            if let Some(t) = key.pending.or(hover)
                && !targets.contains(&t)
            {
                refusal = Some(format!(
                    "{} is not an enemy hex next to the attackers.",
                    view::label(t)
                ));
            }
        }
        _ => {}
    }
    (path, refusal, fire)
}

/// For an opportunity-fire question: each eligible unit's fire at the hex and its
/// odds.
fn opportunity_odds(world: &World) -> Vec<(String, Option<(FirePlan, FireOdds)>)> {
    match world.resource::<GwState>().prompt.clone() {
        Some(drumfire_core::rules::great_war::state::Prompt::OpportunityFire {
            hex,
            eligible,
            ..
        }) => eligible
            .into_iter()
            .map(|id| {
                let odds = preview::fire_preview(world, std::slice::from_ref(&id), hex).ok();
                (id, odds)
            })
            .collect(),
        _ => vec![],
    }
}

/// While a fire is being aimed, the activated units of the group that have not
/// acted and could join it.
fn fire_mates(world: &World, mode: Option<&Pick>) -> Vec<String> {
    match (mode, &world.resource::<GwState>().group) {
        (Some(Pick::Fire(_)), Some(g)) => {
            let state = world.resource::<GwState>();
            g.members
                .iter()
                .filter(|(_, m)| !m.acted)
                .filter(|(id, _)| {
                    view::by_id(world, id).is_some_and(|p| view::action_fire(state, &p).is_some())
                })
                .map(|(id, _)| id.clone())
                .collect()
        }
        _ => vec![],
    }
}

#[cfg(test)]
mod cancelling {
    use super::*;

    /// A fire being aimed, the right button pressed at `down` and let go at `up`: is the
    /// fire still aimed?
    fn still_aimed(down: Vec2, up: Vec2) -> bool {
        let mut world = World::new();
        world.insert_resource(Mode(Some(Pick::Fire(vec!["g_bty".into()]))));
        world.init_resource::<PendingTarget>();
        world.init_resource::<ButtonInput<KeyCode>>();
        world.init_resource::<ButtonInput<MouseButton>>();
        let mut window = Window::default();
        window.set_cursor_position(Some(down));
        let w = world.spawn((window, PrimaryWindow)).id();
        world
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Right);
        world.run_system_cached(cancel_pick_on_escape).unwrap();
        world
            .get_mut::<Window>(w)
            .unwrap()
            .set_cursor_position(Some(up));
        let mut buttons = world.resource_mut::<ButtonInput<MouseButton>>();
        buttons.clear();
        buttons.release(MouseButton::Right);
        world.run_system_cached(cancel_pick_on_escape).unwrap();
        world.resource::<Mode>().0.is_some()
    }

    #[test]
    fn a_right_click_cancels_the_fire_being_aimed_and_a_right_drag_does_not() {
        let at = Vec2::new(400.0, 300.0);
        assert!(
            !still_aimed(at, at + Vec2::new(2.0, 1.0)),
            "a click cancels"
        );
        assert!(
            still_aimed(at, at + Vec2::new(120.0, 0.0)),
            "a drag pans the map and keeps the aim"
        );
    }
}
