//! Reading pieces for the rules: one plain value per piece with everything a
//! rule asks about it.

use super::orders::Mission;
use super::state::GwState;
use crate::coords::MapCoord;
use crate::counters::{
    Counter, Demoralized, Disrupted, Done, Fired, Leader, LeaderKind, LowAmmo, Morale, Moved,
    OnHex, PieceIds, Printed, Steps,
};
use crate::data::{CounterFace, FireValue, UnitClass};
use crate::map::HexIndex;
use crate::scenario::Rules;
use crate::view::PieceBase;
use bevy_ecs::prelude::*;
use hexx::Hex;

/// A piece on the map, as the rules see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Its id, name, side, class and hex.
    pub base: PieceBase,
    /// Unit type id.
    pub unit_type: String,
    /// Steps.
    pub steps: Steps,
    /// Morale as printed or set by the scenario.
    pub morale: u8,
    /// The face showing.
    pub face: CounterFace,
    /// Leader values, for leaders.
    pub leader: Option<Leader>,
    /// Disrupted marker.
    pub disrupted: bool,
    /// Demoralized marker.
    pub demoralized: bool,
    /// Moved marker.
    pub moved: bool,
    /// Fired marker.
    pub fired: bool,
    /// Done marker.
    pub done: bool,
    /// Low ammunition.
    pub low_ammo: bool,
}

crate::view::reads_as_base!(PieceView);

impl PieceView {
    /// Is it a leader?
    pub fn is_leader(&self) -> bool {
        self.leader.is_some()
    }

    /// Has it activated this turn (moved, fired or done)?
    pub fn spent(&self) -> bool {
        self.moved || self.fired || self.done
    }

    /// The leader type that leads it: cavalry leaders lead cavalry, infantry leaders the rest.
    pub fn leader_type(&self) -> LeaderKind {
        match (&self.leader, self.class) {
            (Some(l), _) => l.kind,
            (None, UnitClass::Cavalry) => LeaderKind::Cavalry,
            (None, _) => LeaderKind::Infantry,
        }
    }

    /// Counts against the two-company limit.
    pub fn is_company(&self) -> bool {
        self.class.is_company()
    }
}

type PieceData = (
    &'static Counter,
    &'static OnHex,
    &'static Steps,
    Option<&'static Morale>,
    Option<&'static Printed>,
    Option<&'static Leader>,
    (
        Has<Disrupted>,
        Has<Demoralized>,
        Has<Moved>,
        Has<Fired>,
        Has<Done>,
        Has<LowAmmo>,
    ),
);

/// A query kept ready for reading pieces from a shared `&World`: the rules look
/// pieces up many times per order, and a cached query is much cheaper than
/// fetching each component by type.
#[derive(Resource)]
pub struct PieceQuery(std::sync::Mutex<QueryState<PieceData>>);

impl PieceQuery {
    /// Builds the query for a world.
    pub fn new(world: &mut World) -> Self {
        Self(std::sync::Mutex::new(world.query::<PieceData>()))
    }
}

/// The piece of this entity, if it is on the map.
pub fn piece(world: &World, entity: Entity) -> Option<PieceView> {
    with_viewer(world, |view| view(entity))
}

/// Runs `f` with a function that views one entity, through one lock of the cached
/// query however many entities it views.
fn with_viewer<R>(
    world: &World,
    f: impl FnOnce(&mut dyn FnMut(Entity) -> Option<PieceView>) -> R,
) -> R {
    let Some(cache) = world.get_resource::<PieceQuery>() else {
        return f(&mut |e| piece_slow(world, e));
    };
    let mut q = cache
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    q.update_archetypes(world);
    f(&mut |e| {
        let (counter, on, steps, morale, printed, leader, m) = q.get_manual(world, e).ok()?;
        Some(make(
            world, e, counter, on, *steps, morale, printed, leader, m,
        ))
    })
}

/// The face a piece shows: its printed one for its steps, or its unit type's full face.
fn face_of(
    world: &World,
    counter: &Counter,
    steps: Steps,
    printed: Option<&Printed>,
) -> CounterFace {
    face_from(
        &world.resource::<Rules>().0.data().units,
        counter,
        steps,
        printed,
    )
}

/// [`face_of`] with the rule set's unit table at hand.
fn face_from(
    units: &std::collections::BTreeMap<String, crate::data::UnitType>,
    counter: &Counter,
    steps: Steps,
    printed: Option<&Printed>,
) -> CounterFace {
    match printed {
        Some(p) => p.face(steps),
        None => units
            .get(&counter.unit_type)
            .map(|u| u.full)
            .unwrap_or(CounterFace {
                direct: None,
                bombard: None,
                movement: 0,
                close_combat: None,
            }),
    }
}

#[allow(clippy::too_many_arguments)]
fn make(
    world: &World,
    entity: Entity,
    counter: &Counter,
    on: &OnHex,
    steps: Steps,
    morale: Option<&Morale>,
    printed: Option<&Printed>,
    leader: Option<&Leader>,
    m: (bool, bool, bool, bool, bool, bool),
) -> PieceView {
    let face = face_of(world, counter, steps, printed);
    PieceView {
        base: PieceBase::new(entity, counter, on),
        unit_type: counter.unit_type.clone(),
        steps,
        morale: morale.map_or(0, |m| m.0),
        face,
        leader: leader.copied(),
        disrupted: m.0,
        demoralized: m.1,
        moved: m.2,
        fired: m.3,
        done: m.4,
        low_ammo: m.5,
    }
}

fn piece_slow(world: &World, entity: Entity) -> Option<PieceView> {
    let e = world.get_entity(entity).ok()?;
    Some(make(
        world,
        entity,
        e.get::<Counter>()?,
        e.get::<OnHex>()?,
        *e.get::<Steps>()?,
        e.get::<Morale>(),
        e.get::<Printed>(),
        e.get::<Leader>(),
        (
            e.contains::<Disrupted>(),
            e.contains::<Demoralized>(),
            e.contains::<Moved>(),
            e.contains::<Fired>(),
            e.contains::<Done>(),
            e.contains::<LowAmmo>(),
        ),
    ))
}

/// The piece with this id, if it is on the map.
pub fn by_id(world: &World, id: &str) -> Option<PieceView> {
    piece(world, world.resource::<PieceIds>().get(id)?)
}

/// The pieces in a hex, bottom of the stack first.
pub fn in_hex(world: &World, hex: Hex) -> Vec<PieceView> {
    view_each(
        world,
        world.resource::<HexIndex>().occupants(hex).iter().copied(),
    )
}

/// Views of these entities (those on the map), reading them all through one lock of
/// the cached query.
fn view_each(world: &World, entities: impl Iterator<Item = Entity>) -> Vec<PieceView> {
    with_viewer(world, |view| entities.filter_map(view).collect())
}

/// Every entity on the map, in map order.
fn on_map(world: &World) -> impl Iterator<Item = Entity> + '_ {
    world
        .resource::<HexIndex>()
        .stacks()
        .flat_map(|(_, s)| s.iter().copied())
}

/// Every piece on the map, in map order.
pub fn all(world: &World) -> Vec<PieceView> {
    view_each(world, on_map(world))
}

/// Every entity of one side on the map, in map order.
fn side_on_map(world: &World, side: u8) -> impl Iterator<Item = Entity> + '_ {
    on_map(world).filter(move |e| world.get::<Counter>(*e).is_some_and(|c| c.side == side))
}

/// Every piece of one side on the map, in map order (the others are not viewed).
pub fn of_side(world: &World, side: u8) -> Vec<PieceView> {
    view_each(world, side_on_map(world, side))
}

/// What a piece's markers say, read with its counter before the piece is viewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    /// Disrupted.
    pub disrupted: bool,
    /// Demoralized.
    pub demoralized: bool,
    /// Moved this turn.
    pub moved: bool,
    /// Fired this turn.
    pub fired: bool,
    /// Done this turn.
    pub done: bool,
}

impl Marks {
    /// Moved, fired or done this turn ([`PieceView::spent`]).
    pub fn spent(self) -> bool {
        self.moved || self.fired || self.done
    }
}

/// The pieces of one side on the map, in map order, for which `keep` holds of the
/// counter, its hex, the face it shows and its markers: only those are viewed (a
/// question about a few pieces of a side need not copy the names of all the others).
pub fn of_side_where(
    world: &World,
    side: u8,
    keep: impl FnMut(&Counter, Hex, &CounterFace, Marks) -> bool,
) -> Vec<PieceView> {
    of_side_among(world, side, on_map(world), keep)
}

/// [`of_side_where`] for the pieces within `radius` hexes of `centre` only: the
/// stacks farther off are passed over before any of their pieces is read.
pub fn of_side_within(
    world: &World,
    side: u8,
    centre: Hex,
    radius: u32,
    keep: impl FnMut(&Counter, Hex, &CounterFace, Marks) -> bool,
) -> Vec<PieceView> {
    let near = world
        .resource::<HexIndex>()
        .stacks()
        .filter(move |(h, _)| h.unsigned_distance_to(centre) <= radius)
        .flat_map(|(_, s)| s.iter().copied());
    of_side_among(world, side, near, keep)
}

/// The pieces of `side` among `entities` (in their order) for which `keep` holds.
fn of_side_among(
    world: &World,
    side: u8,
    entities: impl Iterator<Item = Entity>,
    mut keep: impl FnMut(&Counter, Hex, &CounterFace, Marks) -> bool,
) -> Vec<PieceView> {
    let Some(cache) = world.get_resource::<PieceQuery>() else {
        return entities
            .filter(|e| world.get::<Counter>(*e).is_some_and(|c| c.side == side))
            .filter_map(|e| {
                let p = piece_slow(world, e)?;
                let marks = Marks {
                    disrupted: p.disrupted,
                    demoralized: p.demoralized,
                    moved: p.moved,
                    fired: p.fired,
                    done: p.done,
                };
                keep(world.get::<Counter>(e)?, p.hex, &p.face, marks).then_some(p)
            })
            .collect();
    };
    let mut q = cache
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    q.update_archetypes(world);
    let units = &world.resource::<Rules>().0.data().units;
    // The side read from the counter the query fetches anyway, the unit table once.
    entities
        .filter_map(|e| {
            let (counter, on, steps, morale, printed, leader, m) = q.get_manual(world, e).ok()?;
            if counter.side != side {
                return None;
            }
            let face = face_from(units, counter, *steps, printed);
            let marks = Marks {
                disrupted: m.0,
                demoralized: m.1,
                moved: m.2,
                fired: m.3,
                done: m.4,
            };
            keep(counter, on.0, &face, marks)
                .then(|| make(world, e, counter, on, *steps, morale, printed, leader, m))
        })
        .collect()
}

/// Is there a piece of `side` on the map for which `test` holds? Pieces are viewed one
/// at a time and the search stops at the first.
pub fn any_of_side(world: &World, side: u8, mut test: impl FnMut(&PieceView) -> bool) -> bool {
    side_on_map(world, side).any(|e| piece(world, e).is_some_and(|p| test(&p)))
}

/// Every piece on the map as its hex and counter only, in map order: for the checks
/// that need no more (who stands where, of which side and class), without the cost
/// of a whole [`PieceView`] each.
pub fn counters(world: &World) -> impl Iterator<Item = (Hex, &Counter)> + '_ {
    world
        .resource::<HexIndex>()
        .stacks()
        .flat_map(move |(h, s)| {
            s.iter()
                .filter_map(move |e| Some((h, world.get::<Counter>(*e)?)))
        })
}

/// Is this unit carried by a transport?
pub fn is_cargo(state: &GwState, id: &str) -> bool {
    state.loaded.values().any(|c| c == id)
}

/// The fire value a unit uses: Direct Fire, or Bombardment when its mission lets it
/// fire in action segments (Open Sights).
pub fn action_fire(state: &GwState, p: &PieceView) -> Option<(FireValue, bool)> {
    if let Some(d) = p.face.direct {
        return Some((d, false));
    }
    let b = p.face.bombard?;
    matches!(state.missions.get(&p.id), Some(Mission::OpenSights)).then_some((b, true))
}

/// Fire strength after halving: half (rounded up) when Disrupted, and again when low on ammunition.
/// Ours — D-6 in docs/rules/great-war.md: half strength.
pub fn halved(strength: u8, p: &PieceView) -> u32 {
    let mut s = u32::from(strength);
    if p.disrupted {
        s = s.div_ceil(2);
    }
    if p.low_ammo {
        s = s.div_ceil(2);
    }
    s
}

/// Morale a piece checks against: its own, one less when Demoralized, plus the best
/// morale modifier of a friendly leader of its type in its hex or adjacent (units only).
/// A Demoralized leader "can do nothing [...] but try to recover morale": he lends no
/// modifier.
pub fn effective_morale(world: &World, p: &PieceView) -> i32 {
    let mut m = i32::from(p.morale) - i32::from(p.demoralized);
    if !p.is_leader() {
        let best = leaders_near(world, p.side, p.hex, p.leader_type())
            .iter()
            .filter(|l| !l.demoralized)
            .map(|l| i32::from(l.leader.map_or(0, |x| x.morale_mod)))
            .max()
            .unwrap_or(0);
        m += best.max(0);
    }
    m
}

/// Friendly leaders of a type in a hex and the hexes around it.
pub fn leaders_near(world: &World, side: u8, hex: Hex, kind: LeaderKind) -> Vec<PieceView> {
    std::iter::once(hex)
        .chain(hex.all_neighbors())
        .flat_map(|h| in_hex(world, h))
        .filter(|p| p.side == side && p.leader.is_some_and(|l| l.kind == kind))
        .collect()
}

/// The enemy units (not leaders) of `side` on the map, by hex.
pub fn enemy_unit_hexes(world: &World, side: u8) -> Vec<Hex> {
    let mut out: Vec<Hex> = counters(world)
        .filter(|(_, c)| c.side != side && c.class != UnitClass::Leader)
        .map(|(h, _)| h)
        .collect();
    out.sort_by_key(|h| MapCoord::from_hex(*h));
    out.dedup();
    out
}

/// Distance from `hex` to the nearest of `enemies` (u32::MAX when there are none).
pub fn nearest(enemies: &[Hex], hex: Hex) -> u32 {
    enemies
        .iter()
        .map(|e| e.unsigned_distance_to(hex))
        .min()
        .unwrap_or(u32::MAX)
}

/// Does a hex hold pieces of a side other than `side`?
pub fn enemy_in(world: &World, side: u8, hex: Hex) -> bool {
    in_hex(world, hex).iter().any(|p| p.side != side)
}

/// The hex label for messages.
pub fn label(hex: Hex) -> String {
    crate::coords::hex_label(hex)
}
