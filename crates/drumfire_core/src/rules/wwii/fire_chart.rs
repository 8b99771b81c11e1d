//! Who may fire in a fire phase while an assault is under way ("5.1"), and the fire at
//! range around the assault, which the seed leaves to its small arms chart (ours): a
//! die a fire point, the number needed by range and modifiers.

/// A unit's part in an assault, for its fire phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InAssault {
    /// Not in contact with the enemy.
    No,
    /// It assaulted (it moved into contact).
    Assaulting,
    /// It is being assaulted.
    Defending,
}

/// What decides whether a unit may fire in its fire phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FireStatus {
    /// Its part in an assault.
    pub assault: InAssault,
    /// A tank (or armored car) unit.
    pub vehicle: bool,
    /// Its bases carry assault weapons (submachine guns, flamethrowers) of their own.
    pub assault_weapons: bool,
    /// A "host" unit of normally equipped bases with assault-weapon bases attached.
    pub host: bool,
    /// Its strength when the game began, in bases.
    pub original_bases: u32,
}

/// Why a unit may not fire in its fire phase, if it may not.
pub fn may_not_fire(u: FireStatus) -> Option<&'static str> {
    match u.assault {
        // "Defending personnel units involved in an assault may still employ small
        // arms fire during their respective fire phase." "Tank bases (both assaulting
        // and defending) may also fire during their respective fire phase".
        InAssault::No | InAssault::Defending => None,
        InAssault::Assaulting if u.vehicle => None,
        // "This assault-fire ability does not extend to normally equipped "host"
        // personnel bases or units which have assault weapon bases attached to them."
        InAssault::Assaulting if u.host => Some(
            "a unit with assault-weapon bases attached may not fire while assaulting: only the attached bases may",
        ),
        // "Assaulting units or bases which are equipped with assault weapons may fire
        // during their respective fire phase, as may any units whose original strength
        // was three bases or less."
        InAssault::Assaulting if u.assault_weapons || u.original_bases <= 3 => None,
        // "Normally equipped assaulting personnel units may not fire during their fire
        // phase".
        InAssault::Assaulting => {
            Some("normally equipped assaulting units may not fire while they assault")
        }
    }
}

/// The modifiers to a unit's fire at range or in assault, with their causes (each
/// moves the number a die needs by one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FireCase {
    /// The firer moved this turn ("a fire modifier for having moved").
    pub moved: bool,
    /// The firer is pinned or worse.
    pub pinned: bool,
    /// The target is in solid or hard cover.
    pub target_in_cover: bool,
    /// The target is inside full cover (a bunker, pillbox, building or trench).
    pub target_in_full_cover: bool,
    /// The target is prone.
    pub target_prone: bool,
    /// The firer is mounted cavalry, firing from the saddle.
    pub mounted: bool,
}

/// Each modifier with its cause: negative makes the fire harder.
/// Ours — W-D12 in docs/rules/wwii.md: the small arms modifiers: moved −1, pinned −1,
/// target prone −1, in solid cover −1, in full cover −2.
pub fn fire_modifiers(c: FireCase) -> Vec<(i32, &'static str)> {
    let mut out = Vec::new();
    if c.moved {
        out.push((-1, "the firer moved"));
    }
    if c.pinned {
        out.push((-1, "the firer is pinned"));
    }
    // Ours — W-D31 in docs/rules/wwii.md: mounted cavalry fires from the saddle at −1.
    if c.mounted {
        out.push((-1, "the firer is mounted"));
    }
    if c.target_in_full_cover {
        out.push((-2, "the target is in full cover"));
    } else if c.target_in_cover {
        out.push((-1, "the target is in solid cover"));
    }
    if c.target_prone {
        out.push((-1, "the target is prone"));
    }
    out
}

/// The lowest face that kills for small arms at `hexes` from a weapon of `range`
/// hexes, with `modifier` in all; `None` out of range or when no face can.
/// Ours — W-D13 in docs/rules/wwii.md: fire at range is a die a fire point, a kill on
/// 5 or 6 up to half the weapon's range (rounded up), on 6 beyond; the modifiers move
/// the number, a 1 never kills, and within half range a 6 always does.
pub fn needs_at_range(hexes: u32, range: u32, modifier: i32) -> Option<u8> {
    if hexes == 0 || hexes > range {
        return None;
    }
    let base = if hexes <= range.div_ceil(2) { 5 } else { 6 };
    // Within half range a 6 always kills, whatever the modifiers.
    let most = if base == 5 { 6 } else { 7 };
    let n = (base - modifier).clamp(2, most);
    (n <= 6).then_some(n as u8)
}

/// The lowest face with which a gun of `gun` factor kills an armored base of `armor`,
/// with `modifier`; `None` when none can.
/// Ours — W-D14 in docs/rules/wwii.md: a gun against armor kills on 5 or 6 when it
/// matches the armor, each point of difference moving the number by one.
pub fn gun_needs(gun: u8, armor: u8, modifier: i32) -> Option<u8> {
    let n = (5 - (i32::from(gun) - i32::from(armor)) - modifier).max(2);
    (n <= 6).then_some(n as u8)
}

/// The lowest face with which a gun of `gun` factor firing high explosive at personnel
/// `hexes` off, its range `range`, kills a base, with `modifier`; `None` out of range or
/// when no face can.
/// Ours — W-D29 in docs/rules/wwii.md: a die a gun base; a gun of factor 1 or 2 kills on
/// 6, of 3 or 4 on 4 to 6, of 5 or more on 3 to 6, a face worse beyond half its range;
/// the modifiers move the number, a 1 never kills.
pub fn he_needs(gun: u8, hexes: u32, range: u32, modifier: i32) -> Option<u8> {
    if hexes == 0 || hexes > range {
        return None;
    }
    let by_gun = match gun {
        0 => return None,
        1..=2 => 6,
        3..=4 => 4,
        _ => 3,
    };
    let far = i32::from(hexes > range.div_ceil(2));
    let n = (by_gun + far - modifier).max(2);
    (n <= 6).then_some(n as u8)
}

/// The ways out of `6^dice` that `dice` dice each needing `needs` kill 0, 1, ...
/// `dice` bases.
pub fn kills(dice: u32, needs: Option<u8>) -> Vec<u64> {
    let faces = needs.map_or(0, |n| u64::from(7 - n));
    crate::odds::binomial_ways(dice, faces, 6)
}
