//! Counters as entities: units and leaders, their printed values, and the
//! markers that sit on them.

use crate::data::{CounterFace, UnitClass};
use bevy_ecs::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// A playing piece on the map. Every unit and leader counter has one.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    /// Scenario id, unique in the game ("b_1_a_coy").
    pub id: String,
    /// Name printed on the counter ("A/1 Foot").
    pub name: String,
    /// Index of the owning side in the scenario's side list.
    pub side: u8,
    /// Unit type id in the rule set's data ("rifle_company"); leaders use their own kind.
    pub unit_type: String,
    /// Class, copied from the unit type for queries that need no lookup.
    pub class: UnitClass,
}

/// The hexside a counter faces, in rule sets where facing matters.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facing(pub hexx::EdgeDirection);

/// Where a counter stands.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnHex(pub Hex);

/// Steps left and the most it can have; a unit with one step left shows its reduced side.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    /// Steps remaining.
    pub current: u8,
    /// Steps at full strength.
    pub max: u8,
}

impl Steps {
    /// Does the counter show its reduced side?
    pub fn is_reduced(self) -> bool {
        self.current < self.max
    }
}

/// A short word a rule set prints on a counter where its values would go (a
/// brigade's formation: "LINE", "COL", "SQ").
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Label(pub String);

/// The most stands or bases a unit may have.
pub const MAX_STANDS: usize = 12;

/// One stand or base of a unit, in its place along the unit's front.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stand {
    /// Its kind, as the rule set names it ("infantry", "gun", "tank").
    pub kind: String,
    /// Has it been lost?
    pub lost: bool,
}

/// A unit made of stands or bases that are lost one by one, beside its steps or
/// instead of them: each stand in its place along the unit's front, left to right, so
/// that the rules can say which one is hit and where the line is broken.
#[derive(Component, Clone, Debug, PartialEq, Eq, Default)]
pub struct Stands(pub Vec<Stand>);

impl Stands {
    /// A unit of these kinds of stand, left to right, none lost.
    pub fn new<S: Into<String>>(kinds: impl IntoIterator<Item = S>) -> Self {
        Stands(
            kinds
                .into_iter()
                .map(|k| Stand {
                    kind: k.into(),
                    lost: false,
                })
                .collect(),
        )
    }

    /// Stands it began with.
    pub fn total(&self) -> usize {
        self.0.len()
    }

    /// Stands still standing.
    pub fn standing(&self) -> usize {
        self.0.iter().filter(|s| !s.lost).count()
    }

    /// Loses stand `index` (0 is the leftmost), or says why it cannot.
    pub fn lose(&mut self, index: usize) -> Result<(), String> {
        self.set_lost(index, true)
    }

    /// Puts lost stand `index` back, or says why it cannot.
    pub fn restore(&mut self, index: usize) -> Result<(), String> {
        self.set_lost(index, false)
    }

    fn set_lost(&mut self, index: usize, lost: bool) -> Result<(), String> {
        let total = self.total();
        let stand = self
            .0
            .get_mut(index)
            .ok_or_else(|| format!("there is no stand {} of {total}", index + 1))?;
        if stand.lost == lost {
            return Err(format!(
                "stand {} is {} already",
                index + 1,
                if lost { "lost" } else { "standing" }
            ));
        }
        stand.lost = lost;
        Ok(())
    }

    /// The places where the line is broken: each run of lost stands with a standing
    /// stand on both sides of it (losses at either end shorten the line, not break it).
    pub fn breaks(&self) -> usize {
        breaks_in(self.0.iter().map(|s| s.lost))
    }

    /// Is it below half its strength (fewer than half its stands standing)?
    pub fn below_half(&self) -> bool {
        self.standing() * 2 < self.total()
    }

    /// The line in one glance, left to right: ■ standing, □ lost.
    pub fn glance(&self) -> String {
        self.0
            .iter()
            .map(|s| if s.lost { '□' } else { '■' })
            .collect()
    }
}

/// Places a line is broken, from whether each stand along it is lost (left to
/// right): runs of lost stands with a standing stand on each side.
pub fn breaks_in(lost: impl IntoIterator<Item = bool>) -> usize {
    let mut breaks = 0;
    let mut seen_standing = false;
    let mut gap = false;
    for lost in lost {
        if lost {
            gap |= seen_standing;
        } else {
            if gap {
                breaks += 1;
            }
            gap = false;
            seen_standing = true;
        }
    }
    breaks
}

/// The morale a piece checks against (from the scenario for units, printed for leaders).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Morale(pub u8);

/// The values printed on both sides of a unit counter.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Printed {
    /// Full-strength side.
    pub full: CounterFace,
    /// Reduced side, if the unit has two steps.
    pub reduced: Option<CounterFace>,
}

impl Printed {
    /// The face showing at `steps`.
    pub fn face(&self, steps: Steps) -> CounterFace {
        match self.reduced {
            Some(r) if steps.is_reduced() => r,
            _ => self.full,
        }
    }
}

/// The two kinds of leader: each leads only units of his own type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LeaderKind {
    /// Leads non-cavalry units; movement allowance 4.
    Infantry,
    /// Leads cavalry units; movement allowance 6.
    Cavalry,
}

/// A leader counter's printed values.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leader {
    /// Infantry or cavalry.
    pub kind: LeaderKind,
    /// Rank: a leader activates leaders of lower rank.
    pub rank: u8,
    /// Combat modifier (lets adjacent units combine fire, shifts columns).
    pub combat: i8,
    /// Morale modifier added to own-type units in his hex and adjacent hexes.
    pub morale_mod: i8,
}

/// Markers that can sit on a counter. Each is also its own component, so that
/// rules query `With<Disrupted>`; this enum names them for files and journals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MarkerKind {
    /// Fires at half strength and moves one hex.
    Disrupted,
    /// Morale one lower; can only try to recover.
    Demoralized,
    /// Has moved this turn.
    Moved,
    /// Has fired this turn.
    Fired,
    /// Pinned in place (rule sets with pinning).
    Pinned,
    /// Ammunition low: fires at half strength.
    LowAmmo,
    /// Activated this turn without moving or firing (recovered, mounted,
    /// dismounted, loaded, or activated and did nothing).
    Done,
    /// Its ranks in disorder (rule sets with Disordered brigades).
    Disordered,
    /// Shaken: its spirit gone, it fights worse until it rallies.
    Shaken,
    /// Routed: in flight, it fights no more until it rallies.
    Routed,
}

impl MarkerKind {
    /// All marker kinds, in the order they are drawn and hashed.
    pub const ALL: [Self; 10] = [
        Self::Disrupted,
        Self::Demoralized,
        Self::Moved,
        Self::Fired,
        Self::Pinned,
        Self::LowAmmo,
        Self::Done,
        Self::Disordered,
        Self::Shaken,
        Self::Routed,
    ];

    /// Short text printed on the marker.
    pub fn label(self) -> &'static str {
        match self {
            Self::Disrupted => "DISR",
            Self::Demoralized => "DEMOR",
            Self::Moved => "MOVED",
            Self::Fired => "FIRED",
            Self::Pinned => "PINNED",
            Self::LowAmmo => "LOW AMMO",
            Self::Done => "DONE",
            Self::Disordered => "DISORD",
            Self::Shaken => "SHAKEN",
            Self::Routed => "ROUTED",
        }
    }
}

macro_rules! markers {
    ($($name:ident),*) => {$(
        #[doc = concat!("The ", stringify!($name), " marker on a counter.")]
        #[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;
    )*

        /// Puts a marker on a counter.
        pub fn add_marker(entity: &mut EntityWorldMut, kind: MarkerKind) {
            match kind { $(MarkerKind::$name => { entity.insert($name); })* }
        }

        /// Takes a marker off a counter.
        pub fn remove_marker(entity: &mut EntityWorldMut, kind: MarkerKind) {
            match kind { $(MarkerKind::$name => { entity.remove::<$name>(); })* }
        }

        /// Does the counter carry the marker?
        pub fn has_marker(entity: &EntityRef, kind: MarkerKind) -> bool {
            match kind { $(MarkerKind::$name => entity.contains::<$name>(),)* }
        }
    };
}

markers!(
    Disrupted,
    Demoralized,
    Moved,
    Fired,
    Pinned,
    LowAmmo,
    Done,
    Disordered,
    Shaken,
    Routed
);

/// The markers on a counter, in [`MarkerKind::ALL`] order.
pub fn markers_on(entity: &EntityRef) -> Vec<MarkerKind> {
    MarkerKind::ALL
        .into_iter()
        .filter(|k| has_marker(entity, *k))
        .collect()
}

/// Why a counter is no longer on the map.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OffMap {
    /// Destroyed: its last step was lost, it ran out of ammunition, or (a leader) it was captured.
    Eliminated,
    /// A leader drawn face-down in the set-up: not used in this game.
    SetAside,
}

/// Every counter's entity by its scenario id, on the map or not.
#[derive(Resource, Clone, Debug, Default)]
pub struct PieceIds(pub std::collections::BTreeMap<String, Entity>);

impl PieceIds {
    /// The entity of the counter with this id.
    pub fn get(&self, id: &str) -> Option<Entity> {
        self.0.get(id).copied()
    }
}

/// Markers that lie in a hex rather than on a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum HexMarkerKind {
    /// Repeated bombardment: pieces entering are attacked at once.
    Drumfire,
}

/// A marker lying in a hex (an entity of its own).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct HexMarker {
    /// Which marker.
    pub kind: HexMarkerKind,
    /// The hex it lies in.
    pub hex: Hex,
    /// Side that placed it.
    pub side: u8,
    /// What placed it (a counter id or an off-board factor id).
    pub source: String,
}

/// A query term that reads which markers a counter carries and nothing else,
/// so that it can sit beside mutable access to other components.
pub type MarkerFlags = (
    Has<Disrupted>,
    Has<Demoralized>,
    Has<Moved>,
    Has<Fired>,
    Has<Pinned>,
    Has<LowAmmo>,
    Has<Done>,
    Has<Disordered>,
    Has<Shaken>,
    Has<Routed>,
);

/// The markers named by a [`MarkerFlags`] item, in [`MarkerKind::ALL`] order.
pub fn marker_list(
    flags: (bool, bool, bool, bool, bool, bool, bool, bool, bool, bool),
) -> Vec<MarkerKind> {
    let (a, b, c, d, e, f, g, h, i, j) = flags;
    MarkerKind::ALL
        .into_iter()
        .zip([a, b, c, d, e, f, g, h, i, j])
        .filter(|(_, on)| *on)
        .map(|(k, _)| k)
        .collect()
}
