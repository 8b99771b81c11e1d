//! The Portable turn: set-up, the artillery fire at the start of the turn, initiative,
//! and each side's part of the Action phase, moved on past every step with nothing
//! left to decide.

use super::*;

// ---- The set-up -----------------------------------------------------------

/// Ours: a unit the scenario gives no facing faces the nearest enemy unit.
/// Ours — P-7 in docs/rules/portable.md: facing.
pub(super) fn face_the_enemy(world: &mut World) {
    let all = view::units(world);
    let unfaced: Vec<Entity> = {
        let mut q = world.query_filtered::<Entity, (With<Counter>, With<OnHex>, Without<Facing>)>();
        q.iter(world).collect()
    };
    for u in all.iter().filter(|u| unfaced.contains(&u.entity)) {
        let nearest = view::enemies(&all, u.side)
            .min_by_key(|e| (e.hex.unsigned_distance_to(u.hex), e.id.clone()));
        let facing = nearest.map_or(EdgeDirection::FLAT_TOP, |e| u.hex.main_direction_to(e.hex));
        world.entity_mut(u.entity).insert(Facing(facing));
    }
}

// ---- The artillery fire at the start of the turn ----------------------------

pub(super) fn begin_artillery_fire(world: &mut World) {
    let mut state = world.resource_mut::<PtState>();
    state.artillery_done.clear();
    state.artillery_hits.clear();
    settle(world);
}

/// Can this side's artillery fire at anything now?
pub(super) fn artillery_can_fire(world: &World, side: u8) -> bool {
    let all = view::units(world);
    all.iter()
        .filter(|u| u.side == side && u.is_artillery())
        .any(|u| view::enemies(&all, side).any(|e| fire::plan(world, &all, u, e.hex, true).is_ok()))
}

/// Casualties of the artillery fire come off once every side has fired.
pub(super) fn end_artillery_fire(world: &mut World) {
    let hits = std::mem::take(&mut world.resource_mut::<PtState>().artillery_hits);
    for (id, destroyed) in hits {
        if destroyed {
            destroy(world, &id);
        } else {
            mark(world, &id, MarkerKind::Pinned);
        }
    }
    flow::finish_phase_in(world, ARTILLERY_FIRE);
}

// ---- Initiative ----------------------------------------------------------------

/// Both sides roll a d6; the higher activates first. Ours: ties are rolled again.
/// Ours — P-2 in docs/rules/portable.md: ties for who activates first.
pub(super) fn roll_for_first(world: &mut World) {
    flow::roll_for_initiative(world);
    flow::finish_phase_in(world, INITIATIVE);
}

// ---- The Action Phase -------------------------------------------------------------

/// Ours — P-15 in docs/rules/portable.md: "pinned at the beginning of the turn".
pub(super) fn begin_action(world: &mut World) {
    // Ours: the artillery fire is "at the beginning of the turn" too, so cavalry it
    // pinned is pinned at the beginning of the turn; cavalry pinned later, during the
    // activations, is not made to charge until the next turn.
    let pinned: Vec<String> = view::units(world)
        .into_iter()
        .filter(|u| u.regular && u.mounted && u.pinned)
        .map(|u| u.base.id)
        .collect();
    let mut state = world.resource_mut::<PtState>();
    state.pinned_at_start = pinned;
    state.sides_done.clear();
    let side = world.resource::<ActionSegment>().side;
    start_side(world, side);
}

/// A side's turn to act: it throws its activation dice; their total is how many
/// units it may activate (ours: the scenario gives each side its number of dice).
/// Ours — P-3 in docs/rules/portable.md: activation dice.
pub(super) fn start_side(world: &mut World, side: u8) {
    let (name, dice) = {
        let dice = world
            .resource::<super::scenario::PtSides>()
            .0
            .side(side)
            .map_or(1, |s| s.activation_dice.max(1));
        (world.resource::<SideList>().name(side).to_owned(), dice)
    };
    let faces = roll(world, usize::from(dice), format!("activation dice: {name}"));
    let activations: u8 = faces.iter().sum();
    say(
        world,
        format!("{name} may activate {activations} units this turn."),
    );
    let mut state = world.resource_mut::<PtState>();
    state.activations = activations;
    state.step = Step::Activating;
    settle(world);
}

/// Pinned regular European cavalry of `side` that must be dealt with now, before any
/// other activation: unpinned or sent toward the enemy (empty unless `side` is the one
/// the game waits on for it, `deciding_side`).
pub fn cavalry_due(world: &World, side: u8) -> Vec<Unit> {
    if deciding_side(world) == Some(side) {
        pinned_cavalry(world, side)
    } else {
        Vec::new()
    }
}

/// The pinned regular cavalry of `side` still to be dealt with this turn: pinned when the
/// turn's activations began (P-15), not yet activated nor charged. For the side acting,
/// those whose unpinning was decided before the turn's first activation are among them
/// while it has activations to unpin them with; for a side yet to act, they are not (its
/// decision is made).
fn pinned_cavalry(world: &World, side: u8) -> Vec<Unit> {
    let state = world.resource::<PtState>();
    // None pinned when the activations began (most turns): no unit need be read.
    if state.pinned_at_start.is_empty() {
        return Vec::new();
    }
    let acting = world.resource::<ActionSegment>().side;
    view::units(world)
        .into_iter()
        .filter(|u| {
            u.side == side
                && u.regular
                && u.mounted
                && u.pinned
                && !u.activated()
                && state.pinned_at_start.contains(&u.id)
                && (!state.unpin_due.contains(&u.id) || (side == acting && state.activations > 0))
        })
        .collect()
}

/// The side whose pinned regular cavalry must be dealt with now, if any.
///
/// > "If a 'pinned' Regular European Cavalry Unit is not 'unpinned', the automatic
/// > movement towards the nearest enemy Unit takes place before any other Units are
/// > activated [...]. The decision to 'unpin' or not to 'unpin' [...] takes priority
/// > over all other decisions about activations and must be completed before other
/// > activations take place."
///
/// "Any other Units", of either side: once the side activating first has thrown its
/// activation dice and dealt with its own cavalry, every side yet to act decides for its
/// cavalry, in turn, before the first side's first other activation; a charge is made at
/// once, an unpinning waits for that side's own part, where it is its first activation.
/// Ours — P-16 in docs/rules/portable.md: the decision before the turn's first activation.
pub fn deciding_side(world: &World) -> Option<u8> {
    if *world.resource::<State<Phase>>().get() != ACTION {
        return None;
    }
    let state = world.resource::<PtState>();
    if state.step != Step::Activating {
        return None;
    }
    let acting = world.resource::<ActionSegment>().side;
    if !pinned_cavalry(world, acting).is_empty() {
        return Some(acting);
    }
    // Only in the first side's part (it cannot activate anything else before they are
    // done): every side that has not acted yet, in the order they follow it. Cavalry they
    // have dealt with has charged (and is activated) or is to be unpinned in their part.
    if !state.sides_done.is_empty() {
        return None;
    }
    let sides = world.resource::<SideList>().0.len() as u8;
    (1..sides)
        .map(|k| (acting + k) % sides)
        .find(|s| !pinned_cavalry(world, *s).is_empty())
}

/// Units of the side that could still be activated.
pub(super) fn can_activate(world: &World, side: u8) -> bool {
    let all = view::units(world);
    all.iter()
        .filter(|u| u.side == side && !u.activated())
        .any(|u| {
            u.pinned
                || !movement::reach(world, &all, u).is_empty()
                || view::enemies(&all, side)
                    .any(|e| fire::plan(world, &all, u, e.hex, false).is_ok())
        })
}

/// Can the side fight any close combat?
pub(super) fn can_fight(world: &World, side: u8) -> bool {
    let all = view::units(world);
    let fought = &world.resource::<PtState>().fought;
    all.iter()
        .filter(|u| u.side == side && !fought.contains(&u.id))
        .any(|u| {
            view::enemies(&all, side).any(|e| {
                e.hex.unsigned_distance_to(u.hex) == 1
                    && combat::plan(world, &all, side, std::slice::from_ref(&u.id), &e.id).is_ok()
            })
        })
}

/// Moves the turn on past every step that has nothing left to decide.
pub(super) fn settle(world: &mut World) {
    loop {
        match *world.resource::<State<Phase>>().get() {
            ARTILLERY_FIRE => {
                let sides = world.resource::<SideList>().0.len() as u8;
                let next =
                    (0..sides).find(|s| !world.resource::<PtState>().artillery_done.contains(s));
                match next {
                    Some(s) if !artillery_can_fire(world, s) => {
                        world.resource_mut::<PtState>().artillery_done.push(s);
                    }
                    Some(_) => return,
                    None => return end_artillery_fire(world),
                }
            }
            ACTION => {
                let side = world.resource::<ActionSegment>().side;
                let state = world.resource::<PtState>().clone();
                match state.step {
                    Step::Activating => {
                        let due = deciding_side(world).is_some();
                        if !due && (state.activations == 0 || !can_activate(world, side)) {
                            world.resource_mut::<PtState>().step = Step::CloseCombat;
                        } else {
                            return;
                        }
                    }
                    Step::CloseCombat => {
                        if can_fight(world, side) {
                            return;
                        }
                        end_side(world, side);
                        if world.resource::<PtState>().step == Step::Idle {
                            return;
                        }
                    }
                    Step::Idle => return,
                }
            }
            _ => return,
        }
    }
}

/// The side has finished; the other side acts, or the phase ends.
pub(super) fn end_side(world: &mut World, side: u8) {
    let sides = world.resource::<SideList>().0.len() as u8;
    let mut state = world.resource_mut::<PtState>();
    state.sides_done.push(side);
    state.step = Step::Idle;
    let next = (0..sides).find(|s| !state.sides_done.contains(s));
    match next {
        Some(other) => {
            world.resource_mut::<ActionSegment>().side = other;
            note(world, GameEvent::SegmentBegan { side: other });
            start_side(world, other);
        }
        None => {
            flow::finish_phase_in(world, ACTION);
        }
    }
}

pub(super) fn clear_turn(mut state: ResMut<PtState>) {
    state.artillery_done.clear();
    state.pinned_at_start.clear();
    state.unpin_due.clear();
    state.sides_done.clear();
    state.fought.clear();
    state.bombarded.clear();
    state.activations = 0;
    state.step = Step::Idle;
}
