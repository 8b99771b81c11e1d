//! The WWII unit types (`data.ron`, ours) as the assault rules read them: what kind of
//! unit each is, its fire points and machine guns, its gun, its anti-tank assault
//! value, and its traits.

use super::mixed::Kind;
use crate::data::{RuleSetData, UnitClass, UnitType};

/// The WWII data, parsed.
pub fn data() -> &'static RuleSetData {
    super::INFO.data()
}

/// A unit type's figures, as the rules read them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Figures {
    /// What kind of unit it is.
    pub kind: Kind,
    /// Small arms fire points a base (a tank's or armored car's: machine guns a base).
    pub fire_points: u32,
    /// Their range in hexes.
    pub range: u32,
    /// Its gun factor against armor (or a mortar's indirect fire), with its range.
    pub gun: Option<(u8, u32)>,
    /// Its anti-tank assault value (a vehicle's: the one infantry weighs against).
    pub at_assault: Option<u8>,
    /// Hexes a turn.
    pub movement: u32,
    /// It carries assault weapons (may fire while assaulting).
    pub assault_weapons: bool,
    /// It carries flamethrowers.
    pub flamethrowers: bool,
    /// Its gun fires indirectly (a mortar): at personnel only, on a friendly unit's sight.
    pub indirect: bool,
}

/// What kind of unit a type is.
pub fn kind_of(t: &UnitType) -> Kind {
    match t.class {
        UnitClass::Tank => Kind::Tank,
        UnitClass::ArmoredCar => Kind::ArmoredCar,
        UnitClass::Cavalry if t.mounted => Kind::Cavalry,
        _ if t.traits.iter().any(|x| x == "heavy") => Kind::HeavyWeapon,
        _ => Kind::Infantry,
    }
}

/// A unit type's figures.
pub fn figures(t: &UnitType) -> Figures {
    let trait_ = |name: &str| t.traits.iter().any(|x| x == name);
    Figures {
        kind: kind_of(t),
        fire_points: t.full.direct.map_or(0, |d| u32::from(d.strength)),
        range: t.full.direct.map_or(0, |d| u32::from(d.range)),
        gun: t.full.bombard.map(|b| (b.strength, u32::from(b.range))),
        at_assault: t.full.close_combat,
        movement: u32::from(t.full.movement),
        assault_weapons: trait_("assault_weapons"),
        flamethrowers: trait_("flamethrowers"),
        indirect: trait_("indirect"),
    }
}

/// The figures of unit type `id`, if there is one.
pub fn figures_of(id: &str) -> Option<Figures> {
    data().units.get(id).map(figures)
}

/// A cavalry troop's figures once it has dismounted: a rifle platoon's, moving and
/// fighting (fire points, range, anti-tank assault value) as one does.
/// Ours — W-D22 in docs/rules/wwii.md: a troop that dismounts stays on foot for the
/// rest of the game.
pub fn dismounted(f: Figures) -> Figures {
    figures_of("rifle_platoon").unwrap_or(Figures {
        kind: Kind::Infantry,
        ..f
    })
}
