//! The plug-in point of a rule set: what the core asks of one ([`RuleSetInfo`]), and
//! the list of rule sets a game is played with ([`RuleSets`]), handed in by whoever
//! assembles the game (the `rules` registry, the desktop app, a test). The shared
//! modules know rule sets only through this file: none of them imports `rules/`.

use crate::data::RuleSetData;
use crate::orders::{Order, Refusal, RuleSetOrder, RulesOrder};
use crate::scenario::{RuleSetSection, RulesSection, Scenario, ScenarioFile, SideDef};
use bevy_app::App;
use bevy_ecs::world::World;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

/// A rule set's check that a side may give its secret order sealed now.
pub type MaySeal = fn(&World, u8) -> Result<(), Refusal>;

/// How a rule set whose secret is shown bit by bit (the Great War's Artillery Plan:
/// a turn's Planned Fire at a time) seals it piece by piece, in its own orders.
pub struct PieceSealing {
    /// The secret order as it travels sealed (the order that carries a seal for
    /// each piece), and the text the player keeps: `None` when it is no secret.
    /// The nonce is the player's, for this order.
    pub seal: fn(&World, &Order, &str) -> Option<(Order, String)>,
    /// The order that opens what the rules now show of `side`'s secret, from the
    /// kept text and the nonce it was sealed with: `None` when nothing is due.
    pub opening: fn(&World, u8, &str, &str) -> Option<Order>,
    /// The seals an order gives and the pieces it opens (for `drumfire replay`).
    pub tally: fn(&Order) -> (usize, usize),
    /// An order that turns over a piece of its side's secret as its player gives it
    /// (the ACW: a unit acting on a chit still face down), with that piece shown from
    /// what the player's own machine keeps ([`PieceSealing::keep`]): `None` when the
    /// order shows nothing.
    pub show: fn(&World, &Order) -> Option<Order>,
    /// Puts `side`'s kept secret (its text and nonce) where this machine's own screen
    /// and computer player read it, and the rules never do when they decide what
    /// happens: it is in no state hash and no save. A text that is not the secret
    /// sealed now takes it away.
    pub keep: fn(&mut World, u8, &str, &str),
    /// What else a replay of `orders` checked of the secrets, in a line for
    /// `drumfire replay` (the ACW: its dominoes dealt locked): `None` when nothing.
    pub checked: fn(&[Order]) -> Option<String>,
}

/// A rule set the game can play.
pub struct RuleSetInfo {
    /// Id used by scenarios ("great_war").
    pub id: &'static str,
    /// Name shown to players.
    pub name: &'static str,
    /// Adds the rule set's phases and systems.
    pub plugin: fn(&mut App),
    /// The rule set's own checks of an order, after the core's.
    pub validate: fn(&World, &Order) -> Result<(), Refusal>,
    /// The side the game waits on for an order, if any.
    pub awaiting: fn(&World) -> Option<u8>,
    /// Orders worth considering for a side now (every legal order where they can be
    /// listed; a sample where they cannot, such as whole artillery plans, varied by `salt`).
    pub candidates: fn(&World, u8, u64) -> Vec<Order>,
    /// The computer player's order for a side now (`None` when it has none); the
    /// salt varies what a rule set samples.
    pub ai: fn(&World, u8, u64) -> Option<Order>,
    /// The rule set's own state in a canonical text form, for the state hash.
    pub state_text: fn(&World) -> String,
    /// Names, by id, of its pieces that are no counter on the map (the log names
    /// them too): `journal::piece_names` adds them to the counters'.
    pub names: fn(&World, &mut BTreeMap<String, String>),
    /// What must hold after every order, for the soak tests: `Err` says what broke.
    pub invariants: fn(&World) -> Result<(), String>,
    /// Puts the rule set's own state back as it was before the set-up (for a reset).
    /// It runs after the scenario's spawn (with this rule set's `spawn`), which may have put
    /// a fresh state in place from the scenario's section: that must not be undone.
    pub reset: fn(&mut World),
    /// The rule set's own checks of a scenario file: (field path, message) for each error.
    pub check: fn(&ScenarioFile) -> Vec<(String, String)>,
    /// Reads its section of a scenario file (written under its id).
    pub read_section:
        fn(&mut dyn erased_serde::Deserializer<'_>) -> Result<RulesSection, erased_serde::Error>,
    /// The section of a new scenario with these sides.
    pub new_section: fn(&[SideDef]) -> RulesSection,
    /// Puts what its section holds on the table, after the core's spawn.
    pub spawn: fn(&mut World, &Scenario),
    /// The name its orders are written under in saves ("GreatWar"): its order type's
    /// `RuleSetOrder::TAG`.
    pub order_tag: &'static str,
    /// Reads one of its orders as a save writes it (inside the tag).
    pub read_order:
        fn(&mut dyn erased_serde::Deserializer<'_>) -> Result<Order, erased_serde::Error>,
    /// The order back from its side and its secret's text, as its
    /// [`RuleSetOrder::secret`] gave it (`None`: not one of its secrets).
    pub reveal: fn(u8, &str) -> Option<Order>,
    /// Does it have orders with secrets ([`crate::orders::RuleSetOrder::secret`])? Network play
    /// needs commitments for them.
    pub has_secrets: bool,
    /// May this side give its secret order sealed now ([`crate::sealed`])? `None`: the
    /// rule set's secrets cannot travel sealed, so it is not played on two machines.
    pub may_seal: Option<MaySeal>,
    /// Its secret sealed piece by piece instead ([`PieceSealing`]).
    pub seal_in_pieces: Option<&'static PieceSealing>,
    /// How its section follows the scenario editor's edits (its own edits are
    /// `editor::SectionEdit`s).
    pub editor: crate::editor::SectionEditor,
    /// Its terrain and unit types.
    pub data: DataFile,
}

impl RuleSetInfo {
    /// The rule set's terrain and unit types. The files are compiled in and
    /// checked by the test suite, so a parse failure is a build defect.
    pub fn data(&self) -> &RuleSetData {
        self.data.get()
    }
}

impl std::fmt::Debug for RuleSetInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RuleSetInfo")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

/// A rule set's data file (terrain and unit types), compiled in and read on first use.
pub struct DataFile {
    file: &'static str,
    text: &'static str,
    parsed: OnceLock<RuleSetData>,
}

impl DataFile {
    /// The file `file` (named in messages) with its text.
    pub const fn new(file: &'static str, text: &'static str) -> Self {
        Self {
            file,
            text,
            parsed: OnceLock::new(),
        }
    }

    /// The data, parsed once. The built-in files are checked by the test suite, so
    /// this cannot fail in a release.
    pub fn get(&self) -> &RuleSetData {
        self.parsed.get_or_init(|| {
            RuleSetData::parse(self.file, self.text)
                .unwrap_or_else(|e| panic!("built-in rule data is broken: {e}"))
        })
    }
}

/// Reads a rule set's order of type `T`: for [`RuleSetInfo::read_order`].
pub fn read_order<T: RuleSetOrder + serde::de::DeserializeOwned>(
    d: &mut dyn erased_serde::Deserializer<'_>,
) -> Result<Order, erased_serde::Error> {
    erased_serde::deserialize::<T>(d).map(|o| Order::Rules(RulesOrder::new(o)))
}

/// Reads a rule set's section of type `T`: for [`RuleSetInfo::read_section`].
pub fn read_section<T: RuleSetSection>(
    d: &mut dyn erased_serde::Deserializer<'_>,
) -> Result<RulesSection, erased_serde::Error> {
    erased_serde::deserialize::<T>(d).map(|s| RulesSection::new(T::RULES, s))
}

/// For a rule set with no secrets: [`RuleSetInfo::reveal`] that opens nothing.
pub fn no_reveal(_: u8, _: &str) -> Option<Order> {
    None
}

/// Reads a scenario file in a format older than the rule sets' sections into the
/// present one (`None`: not such a file).
pub type OlderFormat = fn(source: &str, text: &str) -> Option<ScenarioFile>;

/// The rule sets a game may be played with, first the one a new scenario gets.
pub struct RuleSets {
    list: &'static [&'static RuleSetInfo],
    older_format: Option<OlderFormat>,
    /// Lists of names made from the rule sets (for readers' messages), by purpose.
    names: Mutex<BTreeMap<&'static str, &'static [&'static str]>>,
}

impl RuleSets {
    /// These rule sets; `older_format` reads scenarios written before sections.
    pub const fn new(
        list: &'static [&'static RuleSetInfo],
        older_format: Option<OlderFormat>,
    ) -> Self {
        Self {
            list,
            older_format,
            names: Mutex::new(BTreeMap::new()),
        }
    }

    /// Every rule set, in order.
    pub fn iter(&self) -> impl Iterator<Item = &'static RuleSetInfo> + use<> {
        self.list.iter().copied()
    }

    /// The first rule set (a new scenario's, when none is named).
    pub fn first(&self) -> Option<&'static RuleSetInfo> {
        self.list.first().copied()
    }

    /// The rule set with this id.
    pub fn find(&self, id: &str) -> Option<&'static RuleSetInfo> {
        self.iter().find(|r| r.id == id)
    }

    /// The rule set whose orders are written under this tag.
    pub fn by_order_tag(&self, tag: &str) -> Option<&'static RuleSetInfo> {
        self.iter().find(|r| r.order_tag == tag)
    }

    /// The ids, in order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.iter().map(|r| r.id).collect()
    }

    /// The reader of scenarios in the format before sections, if these rule sets had one.
    pub fn older_format(&self) -> Option<OlderFormat> {
        self.older_format
    }

    /// A list of names made from these rule sets, made once per `purpose` (the names
    /// a reader may meet, for its messages: serde asks for them as `'static`). `make`
    /// must not ask for another list: it runs under the lock that keeps them.
    pub fn names(
        &'static self,
        purpose: &'static str,
        make: impl FnOnce(&Self) -> Vec<&'static str>,
    ) -> &'static [&'static str] {
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        names
            .entry(purpose)
            .or_insert_with(|| Vec::leak(make(self)))
    }
}

impl std::fmt::Debug for RuleSets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.ids()).finish()
    }
}

thread_local! {
    /// The rule sets that files being read on this thread are read with.
    static READING: Cell<Option<&'static RuleSets>> = const { Cell::new(None) };
}

/// Runs `read` with `rule_sets` as the ones a rule set's orders and sections are read
/// with (a reader cannot be handed them: serde builds it). Restores the previous ones
/// after, so readings nest.
pub fn reading<R>(rule_sets: &'static RuleSets, read: impl FnOnce() -> R) -> R {
    struct Restore(Option<&'static RuleSets>);
    impl Drop for Restore {
        fn drop(&mut self) {
            READING.with(|r| r.set(self.0));
        }
    }
    let _restore = Restore(READING.with(|r| r.replace(Some(rule_sets))));
    read()
}

/// The rule sets of the reading under way on this thread, if any.
pub(crate) fn current() -> Option<&'static RuleSets> {
    READING.with(Cell::get)
}
