//! Playing the ACW rules with the mouse: the side's order chits drafted on the chits
//! sheet; the selected unit's chit turned over where it stands or its move, with the
//! hexside it ends facing; the hexes it can reach shaded on the map (a click there
//! moves it) and the enemies it can fire at or charge ringed; every shot with the
//! stand it nominates; and each charge's exact odds, worked out away from the frame
//! (a fight at full strength takes seconds).

use crate::input::Selection;
use crate::play::offers::{Offer, Offers, Seen, due};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use drumfire_core::coords::MapCoord;
use drumfire_core::counters::Counter;
use drumfire_core::rules::acw::charge_odds::ChargeOdds;
use drumfire_core::rules::acw::chit::Chit;
use drumfire_core::rules::acw::combat::PreviewSetup;
use drumfire_core::rules::acw::{self, AcwOrder, AcwState, combat, movement, shooting_phase, view};
use drumfire_core::scenario::FacingDef;
use hexx::Hex;
use std::collections::{BTreeMap, VecDeque};

/// The chits sheet: the chit drafted for each unit of the side placing its chits.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct ChitsDraft {
    /// The side whose sheet it is.
    pub side: Option<u8>,
    /// Each unit's drafted chit (`None`: none chosen yet).
    pub chits: Vec<(String, Option<Chit>)>,
}

impl ChitsDraft {
    /// The chits as an order gives them, when every unit has one.
    pub fn complete(&self) -> Option<Vec<(String, Chit)>> {
        self.chits
            .iter()
            .map(|(id, c)| c.map(|c| (id.clone(), c)))
            .collect()
    }
}

/// The hexside the selected unit is to end its move facing (`None`: the way it last
/// steps, or as it stands).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndFacing(pub Option<FacingDef>);

/// A charge the selected unit may make, as the panel shows it.
#[derive(Clone, Debug)]
pub struct ChargeOffer {
    /// The button's words.
    pub label: String,
    /// The name of the unit charged.
    pub target: String,
    /// Each side's modifiers and the figures of the odds, as the viewer knows them.
    pub setup: PreviewSetup,
    /// The order.
    pub order: drumfire_core::orders::Order,
}

/// The selected unit's shots: each target with the odds of the stands it loses and
/// the orders nominating each of its stands.
#[derive(Clone, Debug)]
pub struct ShotOffer {
    /// The target's name and hex.
    pub label: String,
    /// The distribution of stands lost.
    pub odds: Option<drumfire_core::odds::Odds>,
    /// Each stand left to right: `Some(order)` while it stands.
    pub stands: Vec<Option<drumfire_core::orders::Order>>,
}

/// What the ACW panels show beyond the shared offers.
#[derive(Resource, Default)]
pub struct AcwOffers {
    /// The selected unit's charges.
    pub charges: Vec<ChargeOffer>,
    /// The selected unit's shots.
    pub shots: Vec<ShotOffer>,
}

/// The odds of charges, worked out one at a time on a thread of their own and kept
/// by what they were worked out from.
#[derive(Resource, Default)]
pub struct OddsJobs {
    done: BTreeMap<String, Option<ChargeOdds>>,
    queue: VecDeque<(String, PreviewSetup)>,
    running: Option<(String, std::thread::JoinHandle<Option<ChargeOdds>>)>,
}

impl OddsJobs {
    fn key(setup: &PreviewSetup) -> String {
        format!("{:?}{:?}", setup.sides, setup.set)
    }

    /// The odds of `setup` if worked out; else it is queued and `None` comes back.
    pub fn get(&mut self, setup: &PreviewSetup) -> Option<Option<ChargeOdds>> {
        let key = Self::key(setup);
        if let Some(odds) = self.done.get(&key) {
            return Some(odds.clone());
        }
        let queued = self.queue.iter().any(|(k, _)| *k == key)
            || self.running.as_ref().is_some_and(|(k, _)| *k == key);
        if !queued {
            self.queue.push_back((key, setup.clone()));
        }
        None
    }

    /// Are odds still being worked out?
    pub fn busy(&self) -> bool {
        self.running.is_some() || !self.queue.is_empty()
    }
}

/// Collects the odds worked out and starts the next; the thread wakes the window when
/// its odds are ready.
fn run_odds_jobs(
    mut jobs: ResMut<OddsJobs>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    if jobs
        .running
        .as_ref()
        .is_some_and(|(_, handle)| handle.is_finished())
        && let Some((key, handle)) = jobs.running.take()
    {
        let odds = handle.join().ok().flatten();
        jobs.done.insert(key, odds);
    }
    if jobs.running.is_none()
        && let Some((key, setup)) = jobs.queue.pop_front()
    {
        let waker = crate::redraw::Waker::of(proxy.as_deref());
        jobs.running = Some((
            key,
            std::thread::spawn(move || {
                let odds = setup.odds();
                waker.wake();
                odds
            }),
        ));
    }
}

/// Odds asked for by the panels after this frame's jobs were started: one more frame
/// starts them.
fn wake_for_queued_odds(jobs: Res<OddsJobs>, mut redraw: MessageWriter<RequestRedraw>) {
    if !jobs.queue.is_empty() {
        redraw.write(RequestRedraw);
    }
}

/// A charge fought, as the charges window shows it after the fight: the dominoes
/// turned over, each pair of stands' scores and both outcomes (`Charge::result`).
#[derive(Clone, Debug)]
pub struct Fought {
    /// The charge, as it was fought.
    pub charge: combat::Charge,
    /// The charger's name and the defender's.
    pub names: [String; 2],
}

/// The charges fought, the latest turn's (until the window is closed).
#[derive(Resource, Default)]
pub struct FoughtCharges {
    /// The fights.
    pub fights: Vec<Fought>,
    /// The window was closed on these fights.
    pub closed: bool,
}

/// Keeps each charge as it is fought, for the charges window (the state forgets the
/// turn's charges when the next turn's chits are placed).
fn keep_fought(world: &mut World) {
    let Some(state) = world.get_resource::<AcwState>() else {
        return;
    };
    let kept = world.resource::<FoughtCharges>();
    let new: Vec<combat::Charge> = state
        .charges
        .iter()
        .filter(|c| c.fought && !kept.fights.iter().any(|f| f.charge == **c))
        .cloned()
        .collect();
    if new.is_empty() {
        return;
    }
    let names = drumfire_core::journal::piece_names(world);
    let charges = state.charges.clone();
    let mut kept = world.resource_mut::<FoughtCharges>();
    // The fights of an earlier turn give way to this turn's.
    kept.fights.retain(|f| charges.contains(&f.charge));
    kept.closed = false;
    for c in new {
        let name = |id: &str| names.get(id).cloned().unwrap_or_else(|| id.to_owned());
        let names = [name(&c.charger), name(&c.target)];
        kept.fights.push(Fought { charge: c, names });
    }
}

/// The ACW play plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<ChitsDraft>()
        .init_resource::<EndFacing>()
        .init_resource::<AcwOffers>()
        .init_resource::<OddsJobs>()
        .init_resource::<FoughtCharges>()
        .add_systems(
            Update,
            (
                run_odds_jobs,
                keep_fought.run_if(crate::play::playing(drumfire_core::rules::ACW.id)),
            ),
        )
        .add_systems(Last, wake_for_queued_odds);
    crate::play::offers::add_systems(app, drumfire_core::rules::ACW.id, work_out_offers);
}

/// Forgets the offers, the drafts and the odds (a new game).
pub fn reset(world: &mut World) {
    world.insert_resource(Offers::default());
    world.insert_resource(crate::play::offers::OrderRequest::default());
    world.insert_resource(ChitsDraft::default());
    world.insert_resource(EndFacing::default());
    world.insert_resource(AcwOffers::default());
    world.insert_resource(OddsJobs::default());
    world.insert_resource(FoughtCharges::default());
}

/// The side whose secrets the screen shows: the one side a person plays against the
/// computer; between two people, the side the game waits on (the hand-off screen has
/// gone to it) or the one it waited on last; `None` when the computer plays both.
pub fn viewer(world: &World) -> Option<u8> {
    let sides = world
        .resource::<drumfire_core::scenario::SideList>()
        .0
        .len() as u8;
    let people: Vec<u8> = (0..sides)
        .filter(|s| !crate::play::not_at_this_screen(world, *s))
        .collect();
    match people.len() {
        0 => None,
        1 => Some(people[0]),
        _ => drumfire_core::flow::awaiting(world)
            .filter(|s| people.contains(s))
            .or(world.resource::<crate::play::session::Handoff>().last),
    }
}

/// Works out the selected unit's orders, reach, targets and charges from the rule
/// set's list of legal orders; the chits sheet for the side placing chits; and the
/// combat dialog from what the journal gained.
fn work_out_offers(
    world: &mut World,
    mut last: Local<Option<Seen>>,
    mut facing: Local<Option<EndFacing>>,
) {
    let now = *world.resource::<EndFacing>();
    if *facing != Some(now) {
        *facing = Some(now);
        *last = None;
    }
    if !due(world, &mut last) {
        return;
    }
    draft_chits(world);
    let selected = world
        .resource::<Selection>()
        .counter
        .and_then(|e| world.get::<Counter>(e))
        .map(|c| c.id.clone());
    let side = drumfire_core::flow::awaiting(world);
    let legal = match (side, &selected) {
        (Some(s), Some(_)) => acw::candidates(world, s, 0),
        _ => Vec::new(),
    };
    let mut gathered = Gathered::default();
    let all = view::units(world);
    for order in legal {
        let Some(o) = order.rules::<AcwOrder>().cloned() else {
            continue;
        };
        match o {
            AcwOrder::Act {
                side,
                unit,
                path,
                charge: None,
                ..
            } if Some(&unit) == selected.as_ref() => {
                offer_act(world, &mut gathered, &all, now.0, side, unit, path);
            }
            AcwOrder::Fire {
                unit,
                target,
                stand,
                ..
            } if Some(&unit) == selected.as_ref() => {
                offer_fire(world, &mut gathered, &unit, &target, stand, order);
            }
            _ => {}
        }
    }
    let Gathered {
        mut offers,
        extra,
        reach,
        mut targets,
    } = gathered;
    for c in &extra.charges {
        offers.offers.push(Offer {
            label: c.label.clone(),
            odds: None,
            order: c.order.clone(),
        });
    }
    targets.sort_by_key(|h| (h.x, h.y));
    targets.dedup();
    crate::play::offers::show(world, offers, reach, targets);
    world.insert_resource(extra);
}

/// What the selected unit's legal orders offer, gathered one order at a time.
#[derive(Default)]
struct Gathered {
    /// The orders the panel lists.
    offers: Offers,
    /// The charges and shots, as the ACW panels show them.
    extra: AcwOffers,
    /// The hexes it can reach, with the moves that reach them.
    reach: BTreeMap<MapCoord, (u8, Vec<Hex>)>,
    /// The hexes of the enemies it can fire at or charge.
    targets: Vec<Hex>,
}

/// A legal move (or chit turned over where it stands) of the selected unit: the
/// order offered, facing the hexside chosen, and any charges from where it ends.
fn offer_act(
    world: &World,
    gathered: &mut Gathered,
    all: &[view::Unit],
    facing: Option<FacingDef>,
    side: u8,
    unit: String,
    path: Vec<String>,
) {
    let Some(u) = view::unit(world, &unit) else {
        return;
    };
    let order: drumfire_core::orders::Order = AcwOrder::Act {
        side,
        unit: unit.clone(),
        path: path.clone(),
        facing,
        charge: None,
    }
    .into();
    let chit = view::chit_known(world, &unit);
    if path.is_empty() {
        offer_turn_over(world, gathered, &u, chit, order, side, unit, path);
        return;
    }
    let hexes = view::hexes(&path);
    if chit == Some(Chit::Charge)
        && let Some(end) = hexes.last().copied()
        && movement::in_contact(all, side, end)
    {
        offer_charges(world, gathered, &u, facing, side, &unit, &path, &hexes, end);
    }
    gathered.offers.add_move(&mut gathered.reach, &path, &order);
}

/// The order that turns the unit's chit over where it stands, facing the hexside
/// chosen unless the unit may not move (then it may not turn either).
fn offer_turn_over(
    world: &World,
    gathered: &mut Gathered,
    u: &view::Unit,
    chit: Option<Chit>,
    order: drumfire_core::orders::Order,
    side: u8,
    unit: String,
    path: Vec<String>,
) {
    let moves = movement::cannot_move(world, u).is_none();
    let label = match chit {
        Some(c) if moves => {
            format!("Turn over its chit ({}) and stay", c.name())
        }
        Some(c) => format!("Turn over its chit ({})", c.name()),
        None => "Turn over its chit".to_owned(),
    };
    // A unit that may not move may not turn: its order faces as it is.
    let order = if moves {
        order
    } else {
        AcwOrder::Act {
            side,
            unit,
            path,
            facing: None,
            charge: None,
        }
        .into()
    };
    gathered.offers.offers.push(Offer {
        label,
        odds: None,
        order,
    });
}

/// One charge for each enemy the unit may charge from the hex its move ends in,
/// each named in its order (a click on the hex charges the first).
fn offer_charges(
    world: &World,
    gathered: &mut Gathered,
    u: &view::Unit,
    facing: Option<FacingDef>,
    side: u8,
    unit: &str,
    path: &[String],
    hexes: &[Hex],
    end: Hex,
) {
    let mut at = u.clone();
    at.hex = end;
    let seen_by = viewer(world).unwrap_or(side);
    for target in acw::chargeable(world, u, hexes) {
        gathered.targets.push(target.hex);
        gathered.extra.charges.push(ChargeOffer {
            label: format!("Charge {} from {}", target.name, view::label(end)),
            target: target.name.clone(),
            setup: combat::preview_setup(world, &at, &target, seen_by),
            order: AcwOrder::Act {
                side,
                unit: unit.to_owned(),
                path: path.to_vec(),
                facing,
                charge: Some(view::label(target.hex)),
            }
            .into(),
        });
    }
}

/// A legal shot of the selected unit with one of its stands: the shot at the
/// target (listed once, with its odds) gains the stand's order.
fn offer_fire(
    world: &World,
    gathered: &mut Gathered,
    unit: &str,
    target: &str,
    stand: usize,
    order: drumfire_core::orders::Order,
) {
    let (Some(u), Some(t)) = (
        view::unit(world, unit),
        drumfire_core::scenario::hex_of(target).and_then(|h| view::unit_at(world, h)),
    ) else {
        return;
    };
    let extra = &mut gathered.extra;
    let label = format!("Fire at {} in {target}", t.name);
    let k = match extra.shots.iter().position(|s| s.label == label) {
        Some(k) => k,
        None => {
            gathered.targets.push(t.hex);
            let phase = *world.resource::<State<drumfire_core::flow::Phase>>().get();
            let chits = acw::fire_chits(world, phase);
            let odds = shooting_phase::can_fire(world, &u, &t, &chits)
                .ok()
                .and_then(|shot| shooting_phase::fire_odds(world, &u, &t, shot, None));
            extra.shots.push(ShotOffer {
                label: label.clone(),
                odds,
                stands: vec![None; t.stands.total()],
            });
            extra.shots.len() - 1
        }
    };
    if let Some(slot) = extra.shots[k].stands.get_mut(stand) {
        *slot = Some(order.clone());
    }
    gathered.offers.offers.push(Offer {
        label: format!("{label}: stand {}", stand + 1),
        odds: None,
        order,
    });
}

/// The sheet for the side placing its chits: each of its units with no chit chosen
/// yet, until the player chooses.
fn draft_chits(world: &mut World) {
    let phase = *world.resource::<State<drumfire_core::flow::Phase>>().get();
    let side = drumfire_core::flow::awaiting(world).filter(|_| phase == acw::ORDERS);
    if world.resource::<ChitsDraft>().side == side {
        return;
    }
    let chits = match side {
        Some(s) => view::units(world)
            .into_iter()
            .filter(|u| u.side == s)
            .map(|u| (u.base.id, None))
            .collect(),
        None => Vec::new(),
    };
    world.insert_resource(ChitsDraft { side, chits });
}

/// The chits a unit may be given: a battery fires only, a routed unit moves or fires.
pub fn allowed_chits(u: &view::Unit) -> Vec<Chit> {
    Chit::ALL
        .into_iter()
        .filter(|c| (!u.battery || c.for_artillery()) && (!u.routed || c.for_routed()))
        .collect()
}

/// The charges of this turn, with their odds as `viewer` knows them (none once fought).
pub fn charges_now(world: &World, viewer: Option<u8>) -> Vec<(usize, Option<PreviewSetup>)> {
    let state = world.resource::<AcwState>();
    state
        .charges
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let setup = match (
                c.fought,
                view::unit(world, &c.charger),
                view::unit(world, &c.target),
            ) {
                (false, Some(ch), Some(d)) => {
                    // Before its dominoes are placed the charger has not yet moved: it
                    // fights from the end of its path.
                    let end = view::hexes(&c.path).last().copied().unwrap_or(ch.hex);
                    let mut ch = ch;
                    ch.hex = end;
                    Some(combat::preview_setup(
                        world,
                        &ch,
                        &d,
                        viewer.unwrap_or(u8::MAX),
                    ))
                }
                _ => None,
            };
            (k, setup)
        })
        .collect()
}
