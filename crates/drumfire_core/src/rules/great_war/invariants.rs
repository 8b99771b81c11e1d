//! What must hold after every order in a Great War game (checked by the soak tests).

use bevy_ecs::world::World;

/// No hex over-stacked or shared by both sides (but while an assault there waits on a
/// step loss), steps within bounds, no piece on impassable terrain, no piece both
/// Disrupted and Demoralized, and no order open to the side awaited that has a
/// Demoralized piece do anything but try to recover.
pub fn invariants(world: &World) -> Result<(), String> {
    demoralized_only_recover(world)?;
    use super::{board::Board, view};
    use std::collections::BTreeMap;
    let data = world.resource::<crate::scenario::Rules>().0.data();
    let board = world.resource::<Board>();
    let mut stacks: BTreeMap<(Option<crate::coords::MapCoord>, u8), (u8, u8)> = BTreeMap::new();
    let mut owners: BTreeMap<Option<crate::coords::MapCoord>, u8> = BTreeMap::new();
    // Both sides share a hex only while an assault there waits on a step-loss choice.
    let assaulted: Vec<hexx::Hex> = world
        .resource::<super::GwState>()
        .queue
        .iter()
        .filter_map(|s| match s {
            super::state::Step::AssaultEnd { hex, .. } => Some(*hex),
            _ => None,
        })
        .collect();
    for p in view::all(world) {
        let at = crate::coords::MapCoord::from_hex(p.hex);
        if *owners.entry(at).or_insert(p.side) != p.side && !assaulted.contains(&p.hex) {
            return Err(format!("hex {} holds both sides", view::label(p.hex)));
        }
        if p.steps.current == 0 || p.steps.current > p.steps.max {
            return Err(format!(
                "{} has {} of {} steps",
                p.id, p.steps.current, p.steps.max
            ));
        }
        if board.cell(p.hex).is_none_or(|c| c.cost.is_none()) {
            return Err(format!(
                "{} stands on impassable terrain or off the map",
                p.id
            ));
        }
        if p.disrupted && p.demoralized {
            return Err(format!("{} is both Disrupted and Demoralized", p.id));
        }
        if !p.is_leader() {
            let s = stacks.entry((at, p.side)).or_default();
            s.0 += 1;
            s.1 += u8::from(p.is_company());
            if s.0 > data.stack_limit || s.1 > data.company_stack_limit {
                return Err(format!("hex {} is over-stacked", view::label(p.hex)));
            }
        }
    }
    Ok(())
}

/// "A Demoralized piece can do nothing on future action phases but try to recover
/// morale": of every order the side awaited may give now, none has a Demoralized
/// piece move, fire, assault, mount, dismount, load or unload (it may be activated, to
/// recover, and take a step loss).
fn demoralized_only_recover(world: &World) -> Result<(), String> {
    use super::GwOrder;
    if world
        .resource::<bevy_state::state::State<crate::flow::Phase>>()
        .get()
        != &super::ACTION
    {
        return Ok(());
    }
    let Some(side) = crate::flow::awaiting(world) else {
        return Ok(());
    };
    for order in super::candidates::candidates(world, side, 0) {
        let named: Vec<&String> = match order.rules::<GwOrder>() {
            Some(GwOrder::Move { pieces, .. } | GwOrder::Assault { pieces, .. }) => {
                pieces.iter().collect()
            }
            Some(GwOrder::Fire { firers, .. } | GwOrder::OpportunityFire { firers, .. }) => {
                firers.iter().collect()
            }
            Some(GwOrder::MountOrDismount { piece, .. }) => vec![piece],
            Some(GwOrder::Load {
                transport, piece, ..
            }) => vec![transport, piece],
            Some(GwOrder::Unload { transport, .. }) => vec![transport],
            _ => continue,
        };
        if let Some(p) = named
            .iter()
            .filter_map(|id| super::view::by_id(world, id))
            .find(|p| p.demoralized)
        {
            return Err(format!(
                "{} is Demoralized, yet the side may give {order:?}",
                p.id
            ));
        }
    }
    Ok(())
}
