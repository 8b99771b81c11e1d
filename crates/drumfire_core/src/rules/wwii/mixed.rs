//! Mixed assaults ("5.4"): who may engage whom when infantry, cavalry, heavy weapons and
//! tanks meet on both sides, and how a mixed assault splits into the assaults the dice
//! fight: the personnel engaging personnel in one, each enemy tank unit with the
//! infantry that chose it in another.

use std::collections::BTreeMap;

/// What a unit is, as an assault sorts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Infantry on foot (personnel).
    Infantry,
    /// Mounted cavalry (personnel).
    Cavalry,
    /// A mortar, machine gun or towed cannon: it does not take part in the rounds.
    HeavyWeapon,
    /// A tank.
    Tank,
    /// An armored car.
    ArmoredCar,
}

impl Kind {
    /// A personnel unit (infantry, cavalry or a heavy weapon's crew)?
    pub fn personnel(self) -> bool {
        matches!(self, Kind::Infantry | Kind::Cavalry | Kind::HeavyWeapon)
    }

    /// A vehicle?
    pub fn vehicle(self) -> bool {
        matches!(self, Kind::Tank | Kind::ArmoredCar)
    }
}

/// What a unit in the assault engages.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Engages {
    /// The enemy personnel (for a tank: with its machine guns).
    Personnel,
    /// One enemy vehicle unit, by id: infantry assaulting it, or a tank firing its
    /// guns at it "normally" (not an assault).
    Vehicle(String),
    /// Nothing: a heavy weapon, which fires in the fire phase and shares the fate of
    /// its stack.
    Nothing,
}

/// One unit of a side in a mixed assault.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Engaging {
    /// Its id.
    pub id: String,
    /// What it is.
    pub kind: Kind,
    /// Its anti-tank assault value, if it has one.
    pub at_assault: Option<u8>,
    /// What it engages.
    pub engages: Engages,
}

/// Why a side's choices in a mixed assault are not allowed, if they are not; `enemy`
/// is the other side's units.
pub fn check(side: &[Engaging], enemy: &[Engaging]) -> Result<(), String> {
    let enemy_kind = |id: &str| enemy.iter().find(|e| e.id == id).map(|e| e.kind);
    let enemy_personnel = enemy
        .iter()
        .any(|e| e.kind.personnel() && e.kind != Kind::HeavyWeapon);
    // "Involved infantry units may only engage one unit type opposing them in an
    // assault. They may not for example, "split" off bases": one entry a unit.
    for (i, u) in side.iter().enumerate() {
        if side[..i].iter().any(|v| v.id == u.id) {
            return Err(format!(
                "{}: a unit engages one enemy unit type, with all its bases",
                u.id
            ));
        }
    }
    for u in side {
        match (&u.kind, &u.engages) {
            // "Assaulted heavy weapons (mortars, machine guns and towed cannons) do not
            // participate in assault rounds."
            (Kind::HeavyWeapon, Engages::Nothing) => {}
            (Kind::HeavyWeapon, _) => {
                return Err(format!(
                    "{}: heavy weapons do not take part in assault rounds; they fire in the fire phase",
                    u.id
                ));
            }
            (_, Engages::Nothing) => {
                return Err(format!(
                    "{}: every unit but a heavy weapon engages someone",
                    u.id
                ));
            }
            (Kind::Infantry | Kind::Cavalry, Engages::Personnel) => {
                if !enemy_personnel && !enemy.iter().any(|e| e.kind == Kind::HeavyWeapon) {
                    return Err(format!("{}: there are no enemy personnel to engage", u.id));
                }
            }
            (Kind::Cavalry, Engages::Vehicle(_)) => {
                return Err(format!(
                    "{}: cavalry may not assault tanks or armored cars",
                    u.id
                ));
            }
            (Kind::Infantry, Engages::Vehicle(id)) => {
                if !enemy_kind(id).is_some_and(Kind::vehicle) {
                    return Err(format!(
                        "{}: `{id}` is no enemy vehicle in the assault",
                        u.id
                    ));
                }
                // "Units without an AT assault value are not capable of assaulting tanks."
                if u.at_assault.is_none() {
                    return Err(format!(
                        "{}: without an anti-tank assault value it cannot assault tanks",
                        u.id
                    ));
                }
            }
            (Kind::Tank | Kind::ArmoredCar, Engages::Personnel) => {
                if !enemy.iter().any(|e| e.kind.personnel()) {
                    return Err(format!("{}: there are no enemy personnel to fire on", u.id));
                }
            }
            // "Involved tank bases must either use machine gun fire on opposing infantry
            // or fire normally at opposing tanks, not both." "Tanks do not "assault"
            // other tanks": a tank engaging a vehicle fires its guns, no assault rounds.
            (Kind::Tank | Kind::ArmoredCar, Engages::Vehicle(id)) => {
                if !enemy_kind(id).is_some_and(Kind::vehicle) {
                    return Err(format!(
                        "{}: `{id}` is no enemy vehicle in the assault",
                        u.id
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A mixed assault split into the fights the dice resolve.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// The personnel assault: each side's infantry and cavalry engaging personnel.
    pub personnel: [Vec<String>; 2],
    /// Each tank assault, by the tank (or armored car) unit: the infantry of the other
    /// side that chose it. The tank's side is the key's first field.
    pub tank_assaults: BTreeMap<(usize, String), Vec<String>>,
    /// Tanks firing their machine guns at the enemy personnel no infantry of which
    /// chose them: they assault-fire without being assaulted.
    pub machine_guns: [Vec<String>; 2],
    /// Tanks firing their guns at enemy vehicles (normal fire, not an assault).
    pub gun_fire: [Vec<(String, String)>; 2],
    /// Heavy weapons, sharing the fate of their stack.
    pub heavy_weapons: [Vec<String>; 2],
}

/// Splits a mixed assault between `sides` (each already `check`ed).
/// Ours — W-D11 in docs/rules/wwii.md: a mixed assault is fought as one personnel
/// assault among the personnel engaging personnel, and one tank assault for each tank
/// unit that infantry chose; a tank no infantry chose fires its machine guns at the
/// personnel it engages unopposed.
pub fn split(sides: [&[Engaging]; 2]) -> Split {
    let mut out = Split::default();
    for (s, side) in sides.iter().enumerate() {
        for u in side.iter() {
            match (&u.kind, &u.engages) {
                (Kind::HeavyWeapon, _) | (_, Engages::Nothing) => {
                    out.heavy_weapons[s].push(u.id.clone())
                }
                (Kind::Infantry | Kind::Cavalry, Engages::Personnel) => {
                    out.personnel[s].push(u.id.clone())
                }
                (Kind::Infantry | Kind::Cavalry, Engages::Vehicle(t)) => out
                    .tank_assaults
                    .entry((1 - s, t.clone()))
                    .or_default()
                    .push(u.id.clone()),
                (Kind::Tank | Kind::ArmoredCar, Engages::Vehicle(t)) => {
                    out.gun_fire[s].push((u.id.clone(), t.clone()))
                }
                (Kind::Tank | Kind::ArmoredCar, Engages::Personnel) => {}
            }
        }
    }
    for (s, side) in sides.iter().enumerate() {
        for u in side.iter() {
            if u.kind.vehicle()
                && u.engages == Engages::Personnel
                && !out.tank_assaults.contains_key(&(s, u.id.clone()))
            {
                out.machine_guns[s].push(u.id.clone());
            }
        }
    }
    out
}
