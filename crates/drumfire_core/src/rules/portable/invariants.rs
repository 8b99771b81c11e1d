//! What must hold after every order in a Portable game (checked by the soak tests).

use bevy_ecs::world::World;

/// One unit a hex, every unit in the hex index where it stands and facing
/// a hexside, nobody left standing in a river without bridge or ford.
pub fn invariants(world: &World) -> Result<(), String> {
    let units = super::view::units(world);
    let index = world.resource::<crate::map::HexIndex>();
    for u in &units {
        if units.iter().filter(|o| o.hex == u.hex).count() > 1 {
            return Err(format!(
                "hex {} holds more than one unit",
                super::view::label(u.hex)
            ));
        }
        if !index.occupants(u.hex).contains(&u.entity) {
            return Err(format!(
                "{} is not in the hex index at {}",
                u.id,
                super::view::label(u.hex)
            ));
        }
        if world.get::<crate::counters::Facing>(u.entity).is_none() {
            return Err(format!("{} faces no hexside", u.id));
        }
        if super::view::cell(world, u.hex).is_none_or(|c| c.deep_river()) {
            return Err(format!("{} stands in a river or off the map", u.id));
        }
    }
    let listed: usize = index.stacks().map(|(_, s)| s.len()).sum();
    if listed != units.len() {
        return Err(format!(
            "the hex index lists {listed} units, the map has {}",
            units.len()
        ));
    }
    Ok(())
}
