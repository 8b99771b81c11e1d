//! Playing with the mouse: what the selected piece may do, picking a hex to move
//! to, fire at or assault, the previews drawn on the map before anything is
//! committed, and the intents turned into orders. The window never edits the
//! game: every intent becomes an `Order` through the core's one door.

use crate::board::geometry::{BoardGeometry, HEX_SIZE};
use crate::board::z;
use crate::input::{Hover, MapArea, Selection};
use crate::ui::UiStatus;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;
use drumfire_core::coords::MapCoord;
use drumfire_core::counters::Counter;
use drumfire_core::journal::{GameEvent, Journal};
use drumfire_core::orders;
use drumfire_core::rules::great_war::fire::FireOdds;
use drumfire_core::rules::great_war::preview::{self, Intent, Offer, Pick};
use drumfire_core::rules::great_war::state::FirePlan;
use drumfire_core::rules::great_war::{GwState, view};
use hexx::Hex;
use std::collections::BTreeMap;

pub mod computer;
pub mod script;
pub mod session;
pub mod table;

/// A hex is being picked on the map for this action (`None`: browsing).
#[derive(Resource, Default, Debug, Clone)]
pub struct Mode(pub Option<Pick>);

/// The fire or assault target chosen and waiting for the player to confirm.
#[derive(Resource, Default, Debug, Clone)]
pub struct PendingTarget(pub Option<Hex>);

/// An intent from the panels or the map, turned into an order on the next update.
#[derive(Resource, Default, Debug)]
pub struct IntentQueue(pub Option<Intent>);

/// Everything the window shows before the player commits, worked out from the core.
#[derive(Resource, Default)]
pub struct Preview {
    /// Its actions.
    pub offers: Vec<Offer>,
    /// Hexes a leader's activation would reach (before activating).
    pub chain: Vec<Hex>,
    /// Reachable hexes with their cost (move picking).
    pub reach: BTreeMap<MapCoord, (u8, Vec<Hex>)>,
    /// The path to the hovered hex.
    pub path: Vec<Hex>,
    /// Why the hovered hex cannot be picked.
    pub refusal: Option<String>,
    /// Hexes that can be fired at or assaulted.
    pub targets: Vec<Hex>,
    /// The fire at the pending (or hovered) target and its exact odds, or why not.
    pub fire: Option<(Hex, Result<(FirePlan, FireOdds), String>)>,
    /// For an opportunity-fire question: each eligible unit's fire and its odds.
    pub prompt_odds: Vec<(String, Option<(FirePlan, FireOdds)>)>,
    /// Activated units that could join the fire group (id), while aiming a fire.
    pub fire_mates: Vec<String>,
    /// The first firer's hex, where the line of fire starts.
    pub fire_from: Option<Hex>,
    /// Changes whenever the preview does, so overlays redraw only then.
    pub generation: u64,
}

/// The last resolved fires, assaults, losses and morale checks, shown in the combat dialog.
#[derive(Resource, Default, Debug)]
pub struct CombatReport {
    /// The events, in order.
    pub events: Vec<GameEvent>,
    /// Is the dialog open?
    pub open: bool,
}

/// Where the map overlays are drawn: a rule set's input runs before it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawOverlays;

/// The play plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<Mode>()
        .init_resource::<PendingTarget>()
        .init_resource::<IntentQueue>()
        .init_resource::<Preview>()
        .init_resource::<CombatReport>()
        .init_resource::<session::NextUnitRequest>()
        .init_resource::<session::LosRequest>()
        .add_plugins((session::plugin, table::plugin, computer::plugin))
        .add_systems(
            Update,
            script::run_script
                .run_if(resource_exists::<script::Script>)
                .before(session::feed_replay),
        )
        .add_systems(Startup, make_overlay_assets)
        .add_systems(
            Update,
            (
                cancel_pick_on_escape,
                drag_to_move.run_if(not(egui_wants_any_pointer_input).and_then(great_war_rules)),
                pick_on_click.run_if(picking.and_then(not(egui_wants_any_pointer_input))),
                submit_intent.run_if(great_war_rules),
                update_preview.run_if(great_war_rules),
                draw_overlays.in_set(DrawOverlays),
            )
                .chain()
                .before(crate::input::InputSet),
        );
}

/// Is the game in the window played by the Great War rules (not at the table)?
pub fn great_war_rules(
    rules: Option<Res<drumfire_core::scenario::Rules>>,
    table: Option<Res<drumfire_core::table::TableMode>>,
) -> bool {
    table.is_none() && rules.is_some_and(|r| r.0.id == drumfire_core::rules::GREAT_WAR.id)
}

/// Is a hex being picked?
pub fn picking(mode: Res<Mode>) -> bool {
    mode.0.is_some()
}

fn cancel_pick_on_escape(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut mode: ResMut<Mode>,
    mut pending: ResMut<PendingTarget>,
) {
    if keys.just_pressed(KeyCode::Escape) && (mode.0.is_some() || pending.0.is_some()) {
        mode.0 = None;
        pending.0 = None;
        // The selection stays: Esc again clears it.
        keys.clear_just_pressed(KeyCode::Escape);
    }
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
    let result = preview::to_order(world, side, &intent).and_then(|o| orders::submit(world, o));
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
    let replaying = !world.resource::<session::ReplayQueue>().0.is_empty();
    if key.journal > from && !replaying {
        let events: Vec<GameEvent> = world.resource::<Journal>().entries()[from..]
            .iter()
            .map(|e| e.event.clone())
            .filter(|e| {
                matches!(
                    e,
                    GameEvent::Fired { .. }
                        | GameEvent::StepLost { .. }
                        | GameEvent::MoraleChecked { .. }
                )
            })
            .collect();
        if !events.is_empty() {
            let mut report = world.resource_mut::<CombatReport>();
            report.events = events;
            report.open = true;
        }
    }
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
    let chain: Vec<Hex> = match (&selected, world.resource::<GwState>().group.is_none()) {
        (Some(id), true) if view::by_id(world, id).is_some_and(|p| p.is_leader()) => {
            preview::chain(world, id)
                .iter()
                .filter_map(|id| view::by_id(world, id).map(|p| p.hex))
                .collect()
        }
        _ => vec![],
    };
    let mut p = world.remove_resource::<Preview>().unwrap_or_default();
    let (reach, targets) = if same_pick {
        (std::mem::take(&mut p.reach), std::mem::take(&mut p.targets))
    } else {
        match &key.mode {
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
    };
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
    let fire_from = match &key.mode {
        Some(Pick::Fire(firers)) => firers
            .first()
            .and_then(|id| view::by_id(world, id))
            .map(|p| p.hex),
        _ => None,
    };
    let prompt_odds = match world.resource::<GwState>().prompt.clone() {
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
    };
    let fire_mates = match (&key.mode, &world.resource::<GwState>().group) {
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
    };
    let generation = p.generation + 1;
    world.insert_resource(Preview {
        fire_mates,
        prompt_odds,
        fire_from,
        offers,
        chain,
        reach,
        path,
        refusal,
        targets,
        fire,
        generation,
    });
}

/// Meshes and colours of the map overlays.
#[derive(Resource)]
struct OverlayAssets {
    hex: Handle<Mesh>,
    ring: Handle<Mesh>,
    reach: Handle<ColorMaterial>,
    path: Handle<ColorMaterial>,
    target: Handle<ColorMaterial>,
    chain: Handle<ColorMaterial>,
}

/// A preview drawn on the map (removed and redrawn when the preview changes).
#[derive(Component)]
pub struct Overlay;

fn make_overlay_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    commands.insert_resource(OverlayAssets {
        ring: crate::input::hexagon_outline(&mut meshes),
        hex: meshes.add(RegularPolygon::new(HEX_SIZE - 3.0, 6)),
        reach: materials.add(ColorMaterial::from_color(Color::srgba(
            0.2, 0.45, 0.95, 0.28,
        ))),
        path: materials.add(ColorMaterial::from_color(Color::srgba(0.2, 0.5, 1.0, 0.6))),
        target: materials.add(ColorMaterial::from_color(Color::srgba(
            0.9, 0.15, 0.1, 0.35,
        ))),
        chain: materials.add(ColorMaterial::from_color(Color::srgba(
            0.25, 0.8, 0.3, 0.35,
        ))),
    });
}

fn draw_overlays(
    mut commands: Commands,
    preview: Res<Preview>,
    assets: Option<Res<OverlayAssets>>,
    geometry: Option<Res<BoardGeometry>>,
    old: Query<Entity, With<Overlay>>,
    mut drawn: Local<u64>,
) {
    let (Some(assets), Some(geometry)) = (assets, geometry) else {
        return;
    };
    if *drawn == preview.generation {
        return;
    }
    *drawn = preview.generation;
    for e in &old {
        commands.entity(e).despawn();
    }
    let fill = |commands: &mut Commands, hex: Hex, material: &Handle<ColorMaterial>, dz: f32| {
        let at = geometry.world_of(hex);
        commands.spawn((
            Overlay,
            Mesh2d(assets.hex.clone()),
            MeshMaterial2d(material.clone()),
            Transform::from_xyz(at.x, at.y, z::HIGHLIGHT - 0.5 + dz)
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_6)),
        ));
    };
    for (m, (cost, _)) in &preview.reach {
        let hex = m.to_hex();
        fill(&mut commands, hex, &assets.reach, 0.0);
        let at = geometry.world_of(hex);
        commands.spawn((
            Overlay,
            Text2d::new(format!("{cost}")),
            TextFont::from_font_size(15.0),
            TextColor(Color::srgb(0.05, 0.1, 0.35)),
            Transform::from_xyz(at.x, at.y - HEX_SIZE * 0.55, z::HIGHLIGHT + 0.2),
        ));
    }
    for hex in &preview.path {
        fill(&mut commands, *hex, &assets.path, 0.05);
    }
    // Targets and a leader's chain stand under counters: rings drawn above them.
    let ring = |commands: &mut Commands, hex: Hex, material: &Handle<ColorMaterial>| {
        let at = geometry.world_of(hex);
        commands.spawn((
            Overlay,
            Mesh2d(assets.ring.clone()),
            MeshMaterial2d(material.clone()),
            Transform::from_xyz(at.x, at.y, z::COUNTER + 45.0),
        ));
    };
    for hex in &preview.targets {
        ring(&mut commands, *hex, &assets.target);
    }
    for hex in &preview.chain {
        ring(&mut commands, *hex, &assets.chain);
    }
    // Line of fire from the firers to the target.
    if let Some((target, _)) = &preview.fire
        && let Some(from) = preview.fire_from
    {
        let (a, b) = (geometry.world_of(from), geometry.world_of(*target));
        let d = b - a;
        commands.spawn((
            Overlay,
            Sprite::from_color(
                Color::srgba(0.95, 0.2, 0.1, 0.85),
                Vec2::new(d.length(), 3.0),
            ),
            Transform::from_translation(((a + b) / 2.0).extend(z::HIGHLIGHT + 0.3))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
        ));
    }
}
