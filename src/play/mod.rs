//! Playing with the mouse, shared by the rule sets: whether a hex is being picked, the
//! previews drawn on the map before anything is committed, the combat dialog's
//! report, sessions, the computer player and table mode. A rule set's own input, its
//! picks and what they preview, is in its folder under `rules/`. The window never
//! edits the game: every intent becomes an `Order` through the core's one door.

use crate::board::geometry::{BoardGeometry, HEX_SIZE};
use crate::board::z;
use bevy::prelude::*;
use drumfire_core::coords::MapCoord;
use drumfire_core::journal::GameEvent;
use drumfire_core::scenario::Rules;
use drumfire_core::table::TableMode;
use hexx::Hex;
use std::collections::BTreeMap;

pub mod computer;
pub mod confirm;
pub mod hint;
pub mod menu;
pub mod network;
pub mod offers;
pub mod parts;
pub mod post;
pub mod script;
pub mod session;
pub mod table;
pub mod thinking;
pub mod viewer;

/// The side played at this screen in a game between two machines (over the network or
/// by e-mail): the other side's sheets and end buttons are not shown here. Absent in a
/// game at one screen.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedHere(pub u8);

/// Is `side` played by nobody at this screen: by the computer, or on the other
/// player's machine, or by no one yet (a game between two machines waiting for its
/// set-up)? Then its sheets and end buttons are not offered here.
pub fn not_at_this_screen(world: &World, side: u8) -> bool {
    let not_set_up = world
        .get_resource::<drumfire_core::shared_dice::DiceKeys>()
        .is_some_and(|k| k.record.reveals.is_empty());
    computer::plays(world, side)
        || not_set_up
        || world
            .get_resource::<PlayedHere>()
            .is_some_and(|h| h.0 != side)
}

/// What the map shows before the player commits, filled by the rule set's input and
/// drawn by the overlays.
#[derive(Resource, Default)]
pub struct Preview {
    /// Reachable hexes with their cost (move picking).
    pub reach: BTreeMap<MapCoord, (u8, Vec<Hex>)>,
    /// The path to the hovered hex.
    pub path: Vec<Hex>,
    /// Hexes that can be fired at or attacked.
    pub targets: Vec<Hex>,
    /// Friendly hexes that would act together (a leader's activation).
    pub chain: Vec<Hex>,
    /// A line of fire, from the firers' hex to the target.
    pub line: Option<(Hex, Hex)>,
    /// Changes whenever the preview does, so overlays redraw only then.
    pub generation: u64,
}

/// The phase bar's Rules button pressed by a script (`look-up`): the rules window opens
/// at the rules that best match the refusal shown.
#[derive(Resource, Default)]
pub struct LookUpRequest(pub bool);

/// The last resolved fires, assaults, losses and morale checks, shown in the combat dialog.
#[derive(Resource, Default, Debug)]
pub struct CombatReport {
    /// The events, in order.
    pub events: Vec<GameEvent>,
    /// Is the dialog open?
    pub open: bool,
}

/// Where Esc cancels a pick (a rule set's own system): before the board's Esc
/// clears the selection, and before the rule sets' input.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CancelPick;

/// Where a rule set's input runs: after the session's shortcuts and requests, which it
/// may answer (a pass, the next unit, the line of sight), and before they are cleared.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RulesInput;

/// Where the map overlays are drawn: a rule set's input runs before it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawOverlays;

pub use crate::input::Picking;

/// The play plugin.
pub fn plugin(app: &mut App) {
    app.insert_resource(crate::input::HomeSide(home_side))
        .init_resource::<Preview>()
        .init_resource::<CombatReport>()
        .init_resource::<LookUpRequest>()
        .init_resource::<session::NextUnitRequest>()
        .init_resource::<session::LosRequest>()
        .init_resource::<session::PassRequest>()
        .init_resource::<menu::GameMenu>()
        .init_resource::<crate::screen::RulesWindow>()
        .init_resource::<menu::Relaunch>()
        .init_resource::<hint::Hint>()
        .add_systems(
            Update,
            (
                hint::key
                    .run_if(not(bevy_egui::input::egui_wants_any_keyboard_input))
                    .before(crate::input::InputSet),
                hint::advance,
            )
                .chain(),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            menu::menu.after(crate::screen::DrawUi),
        )
        .add_systems(
            Update,
            menu::escape_opens_menu
                .run_if(not(bevy_egui::input::egui_wants_any_keyboard_input))
                .before(crate::input::InputSet),
        )
        .add_plugins((
            session::plugin,
            table::plugin,
            computer::plugin,
            offers::plugin,
            viewer::plugin,
            confirm::plugin,
        ))
        .add_systems(
            Update,
            script::run_script
                .run_if(resource_exists::<script::Script>)
                .before(session::feed_replay)
                .before(RulesInput),
        )
        .add_systems(
            OnEnter(crate::screen::Screen::Game),
            make_overlay_assets.run_if(not(resource_exists::<OverlayAssets>)),
        )
        .configure_sets(Update, CancelPick.before(RulesInput))
        .add_systems(
            Update,
            draw_overlays
                .in_set(DrawOverlays)
                .after(RulesInput)
                .before(crate::input::InputSet),
        );
}

/// A run condition: is the game in the window played by rule set `id` (not at the table)?
pub fn playing(
    id: &'static str,
) -> impl Fn(Option<Res<Rules>>, Option<Res<TableMode>>) -> bool + Clone {
    move |rules, table| table.is_none() && rules.is_some_and(|r| r.0.id == id)
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
            crate::board::text::board_text(format!("{cost}"), 15.0, Color::srgb(0.05, 0.1, 0.35)),
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
    if let Some((from, target)) = preview.line {
        let (a, b) = (geometry.world_of(from), geometry.world_of(target));
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

/// The side whose pieces the first view shows: the side played at this machine in a
/// game between two (or by post), the first side a person plays beside a computer, in
/// hot seat the side the game waits on first; none when the computer plays every side.
fn home_side(world: &World) -> Option<u8> {
    if let Some(here) = world.get_resource::<PlayedHere>() {
        return Some(here.0);
    }
    let computer = world.get_resource::<computer::Computer>()?;
    if computer.sides.contains(&true) {
        return computer
            .sides
            .iter()
            .position(|plays| !plays)
            .and_then(|i| u8::try_from(i).ok());
    }
    drumfire_core::flow::awaiting(world)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_played_by_the_computer_or_on_the_other_machine_is_not_at_this_screen() {
        let mut world = World::new();
        world.insert_resource(computer::Computer {
            sides: vec![false, true],
            fast: false,
            hard: Vec::new(),
        });
        // One screen, the computer on side 2.
        assert!(!not_at_this_screen(&world, 0));
        assert!(not_at_this_screen(&world, 1));
        // Two machines: this one plays side 2, the other side 1.
        world.insert_resource(computer::Computer {
            sides: vec![false, false],
            fast: false,
            hard: Vec::new(),
        });
        world.insert_resource(PlayedHere(1));
        assert!(not_at_this_screen(&world, 0));
        assert!(!not_at_this_screen(&world, 1));
        // Before the set-up nobody plays; after it, each machine its own side.
        world.insert_resource(drumfire_core::shared_dice::DiceKeys {
            record: drumfire_core::shared_dice::SharedDice::default(),
            keys: Vec::new(),
        });
        assert!(not_at_this_screen(&world, 0) && not_at_this_screen(&world, 1));
        let mut record = drumfire_core::shared_dice::SharedDice::default();
        record.reveals.push(vec!["00".into(), "00".into()]);
        world.insert_resource(drumfire_core::shared_dice::DiceKeys {
            record,
            keys: Vec::new(),
        });
        assert!(not_at_this_screen(&world, 0));
        assert!(!not_at_this_screen(&world, 1));
    }
}
