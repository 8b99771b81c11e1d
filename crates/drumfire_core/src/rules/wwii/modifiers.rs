//! The assault modifiers ("5.5"): each applies to a side's every roll when half or
//! more of its involved bases meet its condition (a majority, for "hit in rear"). The
//! seed names the modifiers and, in its example, gives "a minus one" for a unit hit
//! on two sides; the other values are ours.

use super::personnel_assault::Meeting;

/// A unit's training.
/// Ours — W-D5 in docs/rules/wwii.md: three grades; outstanding counts as great too,
/// and a side gets one training modifier, the better.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Training {
    /// "Outstanding training".
    Outstanding,
    /// "Great training".
    Great,
    /// Everyone else.
    #[default]
    Regular,
}

impl Training {
    /// Every grade, the best first.
    pub const ALL: [Training; 3] = [Training::Outstanding, Training::Great, Training::Regular];

    /// In words.
    pub fn name(self) -> &'static str {
        match self {
            Training::Outstanding => "Outstanding",
            Training::Great => "Great",
            Training::Regular => "Regular",
        }
    }
}

/// One unit's part in an assault, as the modifiers read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Involved {
    /// Its bases in the assault.
    pub bases: u32,
    /// "Pinned or worse" (pinned, withdrawn, routed...).
    pub pinned_or_worse: bool,
    /// Enemy front edges in contact with its rear edges, or limbered artillery
    /// ("Limbered artillery bases are always considered to be hit in rear").
    pub hit_in_rear: bool,
    /// How many of its four sides (front, left, right, rear) enemy bases touch.
    pub sides_in_contact: u8,
    /// Prone.
    pub prone: bool,
    /// In solid or hard cover.
    pub solid_cover: bool,
    /// Inside full cover: a bunker, pillbox, building or trench.
    pub full_cover: bool,
    /// Armed with flamethrowers.
    pub flamethrowers: bool,
    /// Its training.
    pub training: Training,
    /// Mounted cavalry.
    pub mounted: bool,
    /// A heavy weapon that sits out the assault rounds ("Assaulted heavy weapons ... do
    /// not participate in assault rounds") but whose bases count among its side's for
    /// "hit in rear": limbered artillery ("Limbered artillery bases are always
    /// considered to be hit in rear"). No other modifier counts it.
    pub sits_out: bool,
}

/// Do half or more of `side`'s bases meet `f`? Heavy weapons that sit out the rounds
/// are not counted.
pub fn half_or_more(side: &[Involved], f: impl Fn(&Involved) -> bool) -> bool {
    let fighting = || side.iter().filter(|u| !u.sits_out);
    let total: u32 = fighting().map(|u| u.bases).sum();
    let meeting: u32 = fighting().filter(|u| f(u)).map(|u| u.bases).sum();
    total > 0 && 2 * meeting >= total
}

/// Do most of `side`'s bases meet `f`? (The "majority of defending bases" of "hit in
/// rear": limbered artillery with the side counts, always hit in rear.)
pub fn majority(side: &[Involved], f: impl Fn(&Involved) -> bool) -> bool {
    let total: u32 = side.iter().map(|u| u.bases).sum();
    let meeting: u32 = side.iter().filter(|u| f(u)).map(|u| u.bases).sum();
    2 * meeting > total
}

/// Is a side mounted: half or more of its bases mounted cavalry?
/// Ours — W-D4 in docs/rules/wwii.md: a side counts as cavalry when half or more of its
/// involved bases are mounted.
pub fn mounted(side: &[Involved]) -> bool {
    half_or_more(side, |u| u.mounted)
}

/// Who meets whom, from the two sides' bases.
pub fn meeting(attacker: &[Involved], defender: &[Involved]) -> Meeting {
    match (mounted(attacker), mounted(defender)) {
        (true, true) => Meeting::CavalryAgainstCavalry,
        (true, false) | (false, true) => Meeting::CavalryAgainstPersonnel,
        (false, false) => Meeting::Personnel,
    }
}

/// Each modifier to `side`'s assault rolls against `enemy`, with its cause.
/// Ours — W-D1 in docs/rules/wwii.md: the values (the seed gives only the −1 for a unit
/// hit on two sides).
pub fn assault_modifiers(side: &[Involved], enemy: &[Involved]) -> Vec<(i32, String)> {
    let mut out = Vec::new();
    let mut add = |applies: bool, value: i32, cause: &str| {
        if applies {
            out.push((value, cause.to_owned()));
        }
    };
    add(
        half_or_more(side, |u| u.pinned_or_worse),
        -1,
        "pinned or worse",
    );
    add(majority(side, |u| u.hit_in_rear), -2, "hit in rear");
    add(
        half_or_more(side, |u| u.sides_in_contact >= 2),
        -1,
        "hit on two or more sides",
    );
    add(half_or_more(side, |u| u.prone), -1, "prone");
    add(
        half_or_more(side, |u| u.solid_cover || u.full_cover),
        1,
        "in solid cover or better",
    );
    add(
        half_or_more(side, |u| u.training == Training::Outstanding),
        2,
        "outstanding training",
    );
    // Outstanding training is great training and more: the two never add up.
    add(
        !half_or_more(side, |u| u.training == Training::Outstanding)
            && half_or_more(side, |u| u.training != Training::Regular),
        1,
        "great training",
    );
    // "Does not apply if the personnel targets in question are armed with
    // flamethrowers, or are inside of bunkers, pillboxes, buildings, trenches or
    // other full cover."
    let shielded = half_or_more(enemy, |u| u.flamethrowers || u.full_cover);
    add(mounted(side) && !shielded, 1, "cavalry");
    out
}

/// Why mounted cavalry may not assault these defenders, if it may not: "Cavalry units
/// may not assault tanks or armored cars, nor may they assault troops in buildings,
/// bunkers, pillboxes, trenches or other enclosed cover."
pub fn cavalry_may_not_assault(defenders: &[Involved], vehicles: bool) -> Option<&'static str> {
    if vehicles {
        Some("cavalry may not assault tanks or armored cars")
    } else if defenders.iter().any(|u| u.full_cover) {
        Some("cavalry may not assault troops in buildings, bunkers, pillboxes or trenches")
    } else {
        None
    }
}
