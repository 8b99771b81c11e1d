//! Table mode: the scenario on the table with the rules switched off, for players
//! who want a table rather than a referee. Any counter moves anywhere, flips, takes
//! and loses markers, leaves the map and comes back; dice come from a dice tray.
//! Every hand move is still an [`Order`](crate::orders::Order) through the one door,
//! journaled, saved and replayed like any other, so a table session reloads to the
//! same state hash. No rule of the scenario's rule set runs: no leader draw, no
//! Artillery Plans, no phases; the game stays in [`Phase::Table`].

use crate::coords::MapCoord;
use crate::counters::{
    Counter, HexMarker, HexMarkerKind, Leader, MarkerKind, OffMap, OnHex, PieceIds, Printed,
    Stands, Steps, add_marker, has_marker, remove_marker,
};
use crate::dice::Dice;
use crate::flow::{Phase, Turn};
use crate::journal::{GameEvent, Journal};
use crate::map::HexIndex;
use crate::orders::{Order, OrderInbox, Refusal};
use crate::scenario::ScenarioInfo;
pub use crate::table_order::TableOrder;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;

/// Present while the game is played in table mode: rules enforcement is off.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableMode;

/// Is this game played in table mode?
pub fn is_table(world: &World) -> bool {
    world.contains_resource::<TableMode>()
}

/// Table mode's part in the door: at the table only hand moves, checked here; in a
/// refereed game no hand move.
pub const STAGE: crate::door::Stage = crate::door::Stage {
    decide,
    ..crate::door::Stage::NONE
};

/// Decides an order for table mode: a hand move at the table, and every other order at
/// a refereed game's, are table mode's to decide; the rest goes on.
fn decide(world: &World, order: &Order) -> Option<Result<(), Refusal>> {
    match (order, is_table(world)) {
        (Order::Table(o), true) => Some(validate(world, o)),
        (Order::Table(_), false) => Some(Err(Refusal(
            "Hand moves are for table mode; this game follows the rules.".into(),
        ))),
        (_, true) => Some(Err(Refusal(
            "The rules are off at this table: pieces move by hand.".into(),
        ))),
        (_, false) => None,
    }
}

/// Most dice the dice tray rolls at once.
pub const MAX_TRAY_DICE: u8 = 6;

/// What the dice tray's rolls are journaled as.
pub const TRAY_PURPOSE: &str = "dice tray";

/// The table-mode systems: carrying out hand moves, and the log line saying the
/// rules are off. They run only while [`TableMode`] is present.
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Table), announce)
        .add_systems(
            crate::flow::CarryOut,
            carry_out.run_if(resource_exists::<TableMode>),
        );
}

/// Puts the game in table mode before its first update (the app is being built).
pub fn enter(app: &mut App) {
    app.insert_resource(TableMode).insert_state(Phase::Table);
}

/// The table opens at turn 1, saying that the rules are off.
fn announce(mut journal: ResMut<Journal>, mut turn: ResMut<Turn>) {
    journal.push(GameEvent::Note {
        text: "Table mode: rules enforcement is off. Pieces move by hand; nothing is checked."
            .into(),
    });
    turn.0 = 1;
    journal.set_turn(1);
    journal.push(GameEvent::TurnBegan { turn: 1 });
}

fn carry_out(world: &mut World) {
    if !matches!(world.resource::<OrderInbox>().0, Some(Order::Table(_))) {
        return;
    }
    let Some(Order::Table(order)) = world.resource_mut::<OrderInbox>().0.take() else {
        return;
    };
    apply(world, &order);
}

/// A piece's entity by id.
fn piece(world: &World, id: &str) -> Result<Entity, Refusal> {
    world
        .resource::<PieceIds>()
        .get(id)
        .ok_or_else(|| Refusal(format!("There is no piece `{id}` in this scenario.")))
}

fn name(world: &World, e: Entity) -> String {
    world
        .get::<Counter>(e)
        .map_or_else(String::new, |c| c.name.clone())
}

/// A hex number on this map.
fn hex_on_map(world: &World, label: &str) -> Result<Hex, Refusal> {
    let coord = MapCoord::parse_label(label).map_err(Refusal)?;
    let hex = coord.to_hex();
    if !world.resource::<HexIndex>().contains(hex) {
        return Err(Refusal(format!("{label} is not on this map.")));
    }
    Ok(hex)
}

/// The checks of a hand move: it must name what is there. Nothing of the rules is checked.
pub fn validate(world: &World, order: &TableOrder) -> Result<(), Refusal> {
    match order {
        TableOrder::Move { piece: id, to } => {
            let e = piece(world, id)?;
            let hex = hex_on_map(world, to)?;
            if world.get::<OnHex>(e).is_some_and(|o| o.0 == hex) {
                return Err(Refusal(format!("{} is already in {to}.", name(world, e))));
            }
        }
        TableOrder::Remove { piece: id } => {
            let e = piece(world, id)?;
            if world.get::<OnHex>(e).is_none() {
                return Err(Refusal(format!(
                    "{} is already off the map.",
                    name(world, e)
                )));
            }
        }
        TableOrder::Flip { piece: id } => {
            let e = piece(world, id)?;
            flipped_steps(world, e)?;
        }
        TableOrder::Mark {
            piece: id,
            marker,
            on,
        } => {
            let e = piece(world, id)?;
            if world.get::<OnHex>(e).is_none() {
                return Err(Refusal(format!(
                    "{} is off the map: put it back on the map first.",
                    name(world, e)
                )));
            }
            let has = has_marker(&world.entity(e), *marker);
            if has == *on {
                let state = if has { "already carries" } else { "carries no" };
                return Err(Refusal(format!(
                    "{} {state} {} marker.",
                    name(world, e),
                    marker.label()
                )));
            }
        }
        TableOrder::MarkHex { hex, marker, on } => {
            let at = hex_on_map(world, hex)?;
            let has = hex_marker(world, at, *marker).is_some();
            if has == *on {
                let state = if has { "already has a" } else { "has no" };
                return Err(Refusal(format!("{hex} {state} {marker:?} marker.")));
            }
        }
        TableOrder::Roll { dice } => {
            if !(1..=MAX_TRAY_DICE).contains(dice) {
                return Err(Refusal(format!(
                    "The dice tray rolls 1 to {MAX_TRAY_DICE} dice, not {dice}."
                )));
            }
        }
        TableOrder::Stand {
            piece: id,
            stand,
            lost,
        } => {
            let e = piece(world, id)?;
            changed_stands(world, e, *stand, *lost)?;
        }
        TableOrder::NextTurn => {
            let last = world.resource::<ScenarioInfo>().turns;
            if world.resource::<Turn>().0 >= last {
                return Err(Refusal(format!(
                    "Turn {last} is the scenario's last: the turn marker goes no further."
                )));
            }
        }
    }
    Ok(())
}

/// A unit's stands once stand `index` is lost or put back, or why it cannot be.
fn changed_stands(world: &World, e: Entity, index: u8, lost: bool) -> Result<Stands, Refusal> {
    let mut stands = world.get::<Stands>(e).cloned().ok_or_else(|| {
        Refusal(format!(
            "{} is not made of stands: it loses steps.",
            name(world, e)
        ))
    })?;
    let changed = if lost {
        stands.lose(usize::from(index))
    } else {
        stands.restore(usize::from(index))
    };
    changed.map_err(|why| Refusal(format!("{}: {why}.", name(world, e))))?;
    Ok(stands)
}

/// The steps a unit shows after a flip, or why it cannot be flipped.
fn flipped_steps(world: &World, e: Entity) -> Result<Steps, Refusal> {
    if world.get::<Leader>(e).is_some() {
        return Err(Refusal(format!(
            "{} is a leader: a leader's counter has one side in play.",
            name(world, e)
        )));
    }
    let two_sided = world.get::<Printed>(e).is_some_and(|p| p.reduced.is_some());
    let steps = world.get::<Steps>(e).copied();
    match steps {
        Some(s) if two_sided && s.max > 1 => Ok(Steps {
            current: if s.is_reduced() { s.max } else { s.max - 1 },
            max: s.max,
        }),
        _ => Err(Refusal(format!(
            "{} has one side: there is nothing to flip.",
            name(world, e)
        ))),
    }
}

fn hex_marker(world: &World, at: Hex, kind: HexMarkerKind) -> Option<Entity> {
    let mut query = world.try_query::<(Entity, &HexMarker)>()?;
    query
        .iter(world)
        .find(|(_, m)| m.hex == at && m.kind == kind)
        .map(|(e, _)| e)
}

/// Carries out a hand move (already validated) and journals it.
fn apply(world: &mut World, order: &TableOrder) {
    let done = match order {
        TableOrder::Move { piece: id, to } => hand_move(world, id, to),
        TableOrder::Remove { piece: id } => hand_remove(world, id),
        TableOrder::Flip { piece: id } => hand_flip(world, id),
        TableOrder::Mark {
            piece: id,
            marker,
            on,
        } => hand_mark(world, id, *marker, *on),
        TableOrder::MarkHex { hex, marker, on } => hand_mark_hex(world, hex, *marker, *on),
        TableOrder::Roll { dice } => {
            hand_roll(world, *dice);
            false
        }
        TableOrder::Stand {
            piece: id,
            stand,
            lost,
        } => hand_stand(world, id, *stand, *lost),
        TableOrder::NextTurn => {
            hand_next_turn(world);
            false
        }
    };
    if done {
        world
            .resource_mut::<Journal>()
            .push(GameEvent::ByHand(order.clone()));
    }
}

/// Moves piece `id` onto hex `to` (back on the map if it was off); says whether it
/// was done.
fn hand_move(world: &mut World, id: &str, to: &str) -> bool {
    let (Ok(e), Ok(hex)) = (piece(world, id), hex_on_map(world, to)) else {
        return false;
    };
    let from = world.get::<OnHex>(e).map(|o| o.0);
    let mut index = world.resource_mut::<HexIndex>();
    if let Some(from) = from {
        index.remove(from, e);
    }
    index.place(hex, e);
    world.entity_mut(e).insert(OnHex(hex)).remove::<OffMap>();
    true
}

/// Takes piece `id` off the map as eliminated; says whether it was done.
fn hand_remove(world: &mut World, id: &str) -> bool {
    let Ok(e) = piece(world, id) else {
        return false;
    };
    if let Some(from) = world.get::<OnHex>(e).map(|o| o.0) {
        world.resource_mut::<HexIndex>().remove(from, e);
    }
    world
        .entity_mut(e)
        .remove::<OnHex>()
        .insert(OffMap::Eliminated);
    true
}

/// Flips piece `id` to its other side; says whether it was done.
fn hand_flip(world: &mut World, id: &str) -> bool {
    let Ok(e) = piece(world, id) else {
        return false;
    };
    if let Ok(steps) = flipped_steps(world, e) {
        world.entity_mut(e).insert(steps);
        return true;
    }
    false
}

/// Puts a marker on piece `id` (`on`) or takes it off; says whether it was done.
fn hand_mark(world: &mut World, id: &str, marker: MarkerKind, on: bool) -> bool {
    let Ok(e) = piece(world, id) else {
        return false;
    };
    let mut entity = world.entity_mut(e);
    if on {
        add_marker(&mut entity, marker);
    } else {
        remove_marker(&mut entity, marker);
    }
    true
}

/// Places a marker in hex `hex` (`on`) or takes one of its kind away; says whether
/// it was done.
fn hand_mark_hex(world: &mut World, hex: &str, marker: HexMarkerKind, on: bool) -> bool {
    let Ok(at) = hex_on_map(world, hex) else {
        return false;
    };
    if on {
        world.spawn(HexMarker {
            kind: marker,
            hex: at,
            side: 0,
            source: "table".into(),
        });
    } else if let Some(e) = hex_marker(world, at, marker) {
        world.despawn(e);
    }
    true
}

/// Rolls `dice` dice in the tray, journalled as the roll itself.
fn hand_roll(world: &mut World, dice: u8) {
    world.resource_scope(|world, mut d: Mut<Dice>| {
        d.roll(
            &mut world.resource_mut::<Journal>(),
            usize::from(dice),
            TRAY_PURPOSE,
        )
    });
}

/// Marks stand number `stand` of piece `id` lost or standing again; says whether it
/// was done.
fn hand_stand(world: &mut World, id: &str, stand: u8, lost: bool) -> bool {
    let Ok(e) = piece(world, id) else {
        return false;
    };
    if let Ok(stands) = changed_stands(world, e, stand, lost) {
        world.entity_mut(e).insert(stands);
        return true;
    }
    false
}

/// Begins the next turn, journalled as the turn beginning.
fn hand_next_turn(world: &mut World) {
    let next = world.resource::<Turn>().0 + 1;
    world.resource_mut::<Turn>().0 = next;
    let mut journal = world.resource_mut::<Journal>();
    journal.set_turn(next);
    journal.push(GameEvent::TurnBegan { turn: next });
}
