//! The plug-in point of a rule set: what the core asks of one ([`RuleSetInfo`]), and
//! the list of rule sets a game is played with ([`RuleSets`]), handed in by whoever
//! assembles the game (the `rules` registry, the desktop app, a test). The shared
//! modules know rule sets only through this file: none of them imports `rules/`.

use crate::data::RuleSetData;
use crate::flow::Phase;
use crate::orders::{Order, Refusal, RuleSetOrder};
use crate::scenario_file::{RulesSection, ScenarioFile, SideDef};
use bevy_app::App;
use bevy_ecs::world::World;
use std::collections::BTreeMap;
use std::sync::OnceLock;

mod info_of;
mod list;
mod pieces;
mod reading;

use info_of::*;
pub use info_of::{order_tag, rules_order};
pub use list::{OlderFormat, RuleSets};
pub use pieces::{PieceSealing, SealsInPieces};
pub use reading::{OrderSeed, order_names, read_variant};

/// A computer player's choice of order for a side, varied by a salt.
pub type Choose = fn(&World, u8, u64) -> Option<Order>;

/// The orders a computer player would weigh for a side, its own choice first.
pub type Shortlist = fn(&World, u8, u64) -> Vec<Order>;

/// A rule set's check that a side may give its secret order sealed now.
pub type MaySeal = fn(&World, u8) -> Result<(), Refusal>;

// ---- Its part in the scenario editor ------------------------------------------------

/// A piece a rule set's section places on the map itself (the Great War's leaders
/// pool), beside the core's counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionPiece {
    /// Its id (unique among every piece of the scenario).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its side's id.
    pub side: String,
    /// Its hex number.
    pub hex: String,
}

/// Is this hex number on the map?
pub type OnMap<'a> = dyn Fn(&str) -> bool + 'a;

/// How a rule set's section follows the core's edits: its own pieces moved, renamed
/// and removed like counters, and what it holds kept on a smaller map and within the
/// game's turns. [`SectionEditor::NONE`] for a section with nothing of the kind.
#[derive(Clone, Copy)]
pub struct SectionEditor {
    /// Its pieces on the map.
    pub pieces: fn(&ScenarioFile) -> Vec<SectionPiece>,
    /// Puts its piece `id` in hex `hex`: false when `id` is not one of its.
    pub move_piece: fn(&mut ScenarioFile, id: &str, hex: &str) -> bool,
    /// Renames its piece `id`: false when `id` is not one of its.
    pub rename_piece: fn(&mut ScenarioFile, id: &str, name: &str) -> bool,
    /// Piece `id` (its own or a counter) is gone: drops it and whatever names it.
    pub forget: fn(&mut ScenarioFile, id: &str),
    /// The map was cut down: drops what lies on no hex that `fits`.
    pub keep_on_map: fn(&mut ScenarioFile, fits: &OnMap<'_>),
    /// The game now lasts this many turns.
    pub set_turns: fn(&mut ScenarioFile, turns: u16),
    /// The hex of the piece of its own that a check's field path names
    /// (`great_war.leaders[2].rank`), for the validation panel to go to.
    pub field_hex: fn(&ScenarioFile, field: &str) -> Option<String>,
}

impl SectionEditor {
    /// For a section that places no pieces and holds nothing by hex or turn.
    pub const NONE: SectionEditor = SectionEditor {
        pieces: |_| Vec::new(),
        move_piece: |_, _, _| false,
        rename_piece: |_, _, _| false,
        forget: |_, _| {},
        keep_on_map: |_, _| {},
        set_turns: |_, _| {},
        field_hex: |_, _| None,
    };
}

/// A rule set the game can play, as the core holds it: the methods of its
/// [`RuleSet`] (and of the capabilities it has) as plain functions, made by
/// [`RuleSetInfo::of`]. Nothing here is written by hand.
pub struct RuleSetInfo {
    /// Id used by scenarios ("great_war"): [`RuleSet::ID`].
    pub id: &'static str,
    /// Name shown to players: [`RuleSet::NAME`].
    pub name: &'static str,
    /// Adds the rule set's systems to an app, once: [`RuleSet::systems`], its
    /// `carry_out` and the announcement of each of its phases. An app may hold several
    /// rule sets' systems, each run only while its game is played
    /// ([`crate::game::CorePlugin::every`]).
    pub plugin: fn(&mut App),
    /// Puts the rule set's own resources in place for a game of it, after the
    /// scenario's spawn: its sequence of play, its state, then [`RuleSet::reset`].
    pub install: fn(&mut World),
    /// What a copy of its game holds: its state and [`RuleSet::kept`].
    pub kept: fn(&mut crate::fork::Parts),
    /// The rule set's own checks of an order, after the core's.
    pub validate: fn(&World, &Order) -> Result<(), Refusal>,
    /// [`RuleSet::awaiting`].
    pub awaiting: fn(&World) -> Option<u8>,
    /// [`RuleSet::candidates`].
    pub candidates: fn(&World, u8, u64) -> Vec<Order>,
    /// Why piece `piece` cannot move to a hex: the rule its move along the direct route
    /// breaks, in the rules' own words; `None` where the rule set does not say
    /// ([`RuleSet::move_along`]).
    pub out_of_reach: fn(&World, &str, hexx::Hex) -> Option<String>,
    /// Why piece `piece` of side `side` has no order now: the rules' refusals of what
    /// a player might try with it ([`RuleSet::tries`]), each said once, in the order
    /// tried; empty where the rule set lists no tries or one of them is legal.
    pub why_idle: fn(&World, u8, &str) -> Vec<String>,
    /// [`RuleSet::odds`] of one of its orders; `None` for any other order.
    pub odds: fn(&World, &Order) -> Option<crate::odds::Odds>,
    /// [`ComputerPlayer::choose`], when it has one (see [`RuleSetInfo::computer`]).
    pub ai: Option<Choose>,
    /// [`ComputerPlayer::shortlist`], when it has a computer player.
    pub shortlist: Option<Shortlist>,
    /// [`ComputerPlayer::disguise`], when it has a computer player.
    pub disguise: Option<fn(&mut World, u8, u64)>,
    /// [`ComputerPlayer::LOOK_AHEAD`]: one game turn for a rule set without one.
    pub look_ahead: u16,
    /// [`RuleSet::state_text`].
    pub state_text: fn(&World) -> String,
    /// [`RuleSet::names`].
    pub names: fn(&World, &mut BTreeMap<String, String>),
    /// [`RuleSet::invariants`].
    pub invariants: fn(&World) -> Result<(), String>,
    /// [`RuleSet::check`].
    pub check: fn(&ScenarioFile) -> Vec<(String, String)>,
    /// Reads its section of a scenario file (written under its id).
    pub read_section:
        fn(&mut dyn erased_serde::Deserializer<'_>) -> Result<RulesSection, erased_serde::Error>,
    /// The section of a new scenario with these sides ([`RuleSet::new_section`]).
    pub new_section: fn(&[SideDef]) -> RulesSection,
    /// [`RuleSet::spawn`].
    pub spawn: fn(&mut World, &ScenarioFile),
    /// The name its orders are written under in saves ("GreatWar"): its id in camel
    /// case ([`order_tag`]).
    pub order_tag: &'static str,
    /// Reads one of its orders as a save writes it (inside the tag).
    pub read_order:
        fn(&mut dyn erased_serde::Deserializer<'_>) -> Result<Order, erased_serde::Error>,
    /// Its secrets, when it has them ([`Secrets`]).
    pub secrets: Option<SecretsInfo>,
    /// How its section follows the scenario editor's edits ([`EditorSection`]; its own
    /// edits are `editor::SectionEdit`s).
    pub editor: SectionEditor,
    /// Its terrain and unit types.
    pub data: DataFile,
}

/// What a rule set with secrets gives the core ([`Secrets`]).
#[derive(Clone, Copy)]
pub struct SecretsInfo {
    /// [`Secrets::reveal`].
    pub reveal: fn(u8, &str) -> Option<Order>,
    /// [`Secrets::SEALING`].
    pub sealing: Sealing,
}

/// How a rule set's secret orders travel between two machines, sealed.
#[derive(Clone, Copy)]
pub enum Sealing {
    /// Whole: the secret order is sealed and opened at once ([`crate::sealed`]), when
    /// the rule set says this side may seal now.
    Whole(MaySeal),
    /// Piece by piece, in the rule set's own orders.
    InPieces(&'static PieceSealing),
}

/// A rule set: its types, its sequence of play and its checks. The core asks nothing
/// else of it; what it may also have (secrets, an editor section, a computer player)
/// are traits of their own, given to [`RuleSetInfo::of`]'s builder.
///
/// Its phases are `Phase::Rules(n)`, named by `PHASES[n]` and played each turn in the
/// order of `SEQUENCE`; an accepted order waits in the core's inbox for
/// [`RuleSet::carry_out`] (`orders::take_for_rules`).
pub trait RuleSet: 'static {
    /// Its orders (their tag in saves is the rule set's).
    type Order: RuleSetOrder + serde::de::DeserializeOwned;
    /// Its section of a scenario (its key in the file is the rule set's id); a new
    /// scenario's is made by [`RuleSet::new_section`].
    type Section: crate::scenario_file::SectionData + Default + serde::de::DeserializeOwned;
    /// Its own state, a resource made at start-up and written into the state hash.
    type State: bevy_ecs::resource::Resource + Clone + Default + std::fmt::Debug;
    /// Its secrets: `Self` with [`Secrets`] implemented, or [`Without`].
    type Secrets: SecretsSlot;
    /// Its part in the scenario editor: `Self` with [`EditorSection`] implemented, or
    /// [`Without`].
    type EditorSection: EditorSlot;
    /// Its computer player: `Self` with [`ComputerPlayer`] implemented, or
    /// [`Without`].
    type ComputerPlayer: ComputerSlot;
    /// Id used by scenarios ("great_war"): its section's key in a scenario file.
    const ID: &'static str;
    /// Name shown to players.
    const NAME: &'static str;
    /// Its data file of terrain and unit types: the name in messages, and its text.
    const DATA: (&'static str, &'static str);
    /// The names of its phases, `Phase::Rules(n)` named by `PHASES[n]`.
    const PHASES: &'static [&'static str];

    /// Carries out the order the core accepted (an exclusive system in `CarryOut`).
    fn carry_out(world: &mut World);
    /// Its checks of one of its orders, after the core's (the side is the one awaited).
    fn validate(world: &World, order: &Self::Order) -> Result<(), Refusal>;
    /// May `side` pass now? (Its checks after the core's.)
    fn pass(world: &World, side: u8) -> Result<(), Refusal> {
        let _ = (world, side);
        Err(Refusal("There is nothing to pass now.".into()))
    }
    /// The side the game waits on for an order, if any.
    fn awaiting(world: &World) -> Option<u8>;
    /// Orders worth considering for a side now (every legal order where they can be
    /// listed; a sample where they cannot, varied by `salt`).
    fn candidates(world: &World, side: u8, salt: u64) -> Vec<Order>;
    /// Puts what its section of the scenario holds on the table, after the core's spawn.
    fn spawn(world: &mut World, file: &ScenarioFile);
    /// The exact odds of `order` as things stand, where it rolls for a result and the
    /// rules let them be known before (the Hint shows them with the order it gives);
    /// `None` (the default) for an order that rolls nothing or whose odds hang on what
    /// its player does not know.
    fn odds(world: &World, order: &Self::Order) -> Option<crate::odds::Odds> {
        let _ = (world, order);
        None
    }

    /// The order that moves one piece, `piece` of side `side`, along `path` (hex
    /// labels, the start not included), where the rule set moves pieces one by one: the
    /// window asks its checks why a hex is out of reach ([`RuleSetInfo::out_of_reach`]).
    /// `None` (the default): its window says so itself.
    fn move_along(side: u8, piece: &str, path: Vec<String>) -> Option<Self::Order> {
        let _ = (side, piece, path);
        None
    }

    /// The orders a player might try with `piece` (of side `side`) at this step of
    /// the turn: a fire at each enemy it might mean, a move of the kind this phase
    /// gives. Where none of them is legal, the window shows the rules' refusals of them
    /// as why the piece has no order ([`RuleSetInfo::why_idle`]). Empty (the default):
    /// the window says only that it has none.
    fn tries(world: &World, side: u8, piece: &str) -> Vec<Self::Order> {
        let _ = (world, side, piece);
        Vec::new()
    }

    /// Its phases in the order a turn plays them: by default in their numbers' order.
    fn sequence() -> Vec<Phase> {
        (0..Self::PHASES.len() as u8).map(Phase::Rules).collect()
    }
    /// The section of a new scenario with these sides: by default, the section's own
    /// default.
    fn new_section(sides: &[SideDef]) -> Self::Section {
        let _ = sides;
        Self::Section::default()
    }
    /// Its systems beyond the sequence and `carry_out`: what each phase does on entry.
    /// They are added once to an app that may play several games one after another,
    /// so nothing here may read a game (its map, its pieces): a game's own resources
    /// are made in [`RuleSet::reset`], which runs as each game is put in place.
    fn systems(app: &mut App) {
        let _ = app;
    }
    /// Its checks of a scenario file: (field path, message) for each error.
    fn check(file: &ScenarioFile) -> Vec<(String, String)> {
        let _ = file;
        Vec::new()
    }
    /// What a copy of its game holds beyond its state (which is always copied): every
    /// other resource and counter component its rules change in play
    /// ([`crate::fork`]). By default, nothing.
    fn kept(parts: &mut crate::fork::Parts) {
        let _ = parts;
    }
    /// Its state in a canonical text form, for the state hash.
    fn state_text(world: &World) -> String {
        format!("{:?}", world.resource::<Self::State>())
    }
    /// Puts its own state in place as it is before the set-up: as a game of it is put
    /// in place, and again for a reset (an undo). It runs after the scenario's spawn
    /// (with [`RuleSet::spawn`]), which may have put a fresh state in place from the
    /// scenario's section: that must not be undone. Its board as its rules read it, a
    /// flag for the core's flow ([`crate::flow::SetupOrders`]): whatever a game of it
    /// needs beyond its state is made here.
    fn reset(world: &mut World) {
        let _ = world;
    }
    /// Names, by id, of its pieces that are no counter on the map (the log names them
    /// too): `journal::piece_names` adds them to the counters'.
    fn names(world: &World, names: &mut BTreeMap<String, String>) {
        let _ = (world, names);
    }
    /// What must hold after every order, for the soak tests: `Err` says what broke.
    fn invariants(world: &World) -> Result<(), String> {
        let _ = world;
        Ok(())
    }
}

/// A rule set with orders kept secret until the rules show them
/// ([`RuleSetOrder::secret`]): network play needs commitments for them.
pub trait Secrets: RuleSet<Secrets = Self> {
    /// How they travel sealed between two machines.
    const SEALING: Sealing;
    /// The order back from its side and its secret's text, as
    /// [`RuleSetOrder::secret`] gave it (`None`: not one of its secrets).
    fn reveal(side: u8, text: &str) -> Option<Order>;
}

/// `first` and then up to `most` orders in all from `others` (leaving out `first`),
/// taken evenly through the list.
pub fn spread(first: Option<Order>, others: Vec<Order>, most: usize) -> Vec<Order> {
    let mut list: Vec<Order> = first.into_iter().collect();
    let others: Vec<Order> = others.into_iter().filter(|o| !list.contains(o)).collect();
    let room = most.saturating_sub(list.len());
    if others.len() <= room {
        list.extend(others);
    } else if room > 0 {
        let n = others.len();
        list.extend((0..room).map(|i| others[i * n / room].clone()));
    }
    list
}

/// Most orders the Hard player weighs at once.
pub const SHORTLIST: usize = 8;

/// A rule set the computer can play.
pub trait ComputerPlayer: RuleSet<ComputerPlayer = Self> {
    /// How many game turns past the present one the Hard player's plays go
    /// ([`crate::lookahead::Budget::turns_ahead`]): by default the next one;
    /// [`crate::lookahead::Budget::TO_THE_END`] plays on to the game's end, where a
    /// turn's play cannot see how the game ends (an attack that reaches the objectives
    /// later) and the rules are quick enough to play that far within the clock.
    const LOOK_AHEAD: u16 = 1;
    /// The computer player's order for a side now (`None` when it has none); the salt
    /// varies what it samples.
    fn choose(world: &World, side: u8, salt: u64) -> Option<Order>;
    /// The orders worth looking ahead at for a side now, the one [`Self::choose`]
    /// gives first, then the others it weighs best: what the Hard player
    /// ([`crate::lookahead`]) plays forward. By default, that order and up to
    /// [`SHORTLIST`] less one others of the rule set's candidates, taken evenly
    /// through its list.
    fn shortlist(world: &World, side: u8, salt: u64) -> Vec<Order> {
        let first = Self::choose(world, side, salt);
        let others = Self::candidates(world, side, salt);
        spread(first, others, SHORTLIST)
    }
    /// Puts a guess in place of what `viewer` does not know in a copy of the game
    /// ([`crate::fork`]): the other sides' secret orders, the order of cards or
    /// dominoes not yet turned, so that a search from the copy learns nothing of
    /// them. `salt` varies the guess. By default, nothing (a rule set with no
    /// secrets).
    fn disguise(world: &mut World, viewer: u8, salt: u64) {
        let _ = (world, viewer, salt);
    }
}

/// A rule set whose section places pieces of its own or holds things by hex or turn,
/// which the scenario editor's edits must carry along. Every method's default does
/// nothing.
pub trait EditorSection: RuleSet<EditorSection = Self> {
    /// Its pieces on the map.
    fn pieces(file: &ScenarioFile) -> Vec<SectionPiece> {
        let _ = file;
        Vec::new()
    }
    /// Puts its piece `id` in hex `hex`: false when `id` is not one of its.
    fn move_piece(file: &mut ScenarioFile, id: &str, hex: &str) -> bool {
        let _ = (file, id, hex);
        false
    }
    /// Renames its piece `id`: false when `id` is not one of its.
    fn rename_piece(file: &mut ScenarioFile, id: &str, name: &str) -> bool {
        let _ = (file, id, name);
        false
    }
    /// Piece `id` (its own or a counter) is gone: drops it and whatever names it.
    fn forget(file: &mut ScenarioFile, id: &str) {
        let _ = (file, id);
    }
    /// The map was cut down: drops what lies on no hex that `fits`.
    fn keep_on_map(file: &mut ScenarioFile, fits: &OnMap<'_>) {
        let _ = (file, fits);
    }
    /// The game now lasts this many turns.
    fn set_turns(file: &mut ScenarioFile, turns: u16) {
        let _ = (file, turns);
    }
    /// The hex of the piece of its own that a check's field path names
    /// (`great_war.leaders[2].rank`), for the validation panel to go to.
    fn field_hex(file: &ScenarioFile, field: &str) -> Option<String> {
        let _ = (file, field);
        None
    }
}

/// How many enemies a rule set's [`RuleSet::tries`] tries a fire or an attack at: the
/// nearest, as [`nearest`] picks them.
pub const TRIED_ENEMIES: usize = 4;

/// The [`TRIED_ENEMIES`] of `pieces` nearest `from` by hex distance, ties by id (`at`
/// gives a piece's hex and id): the enemies [`RuleSet::tries`] fires at or attacks.
pub fn nearest<T>(
    from: hexx::Hex,
    mut pieces: Vec<T>,
    at: impl Fn(&T) -> (hexx::Hex, &str),
) -> Vec<T> {
    pieces.sort_by(|a, b| {
        let ((ha, ia), (hb, ib)) = (at(a), at(b));
        (from.unsigned_distance_to(ha), ia).cmp(&(from.unsigned_distance_to(hb), ib))
    });
    pieces.truncate(TRIED_ENEMIES);
    pieces
}

/// The first hex of the direct route from `from` toward `to` (`None` where they are
/// the same hex): the move one hex toward the nearest enemy that [`RuleSet::tries`]
/// tries.
pub fn step_toward(from: hexx::Hex, to: hexx::Hex) -> Option<hexx::Hex> {
    crate::map::direct_route(from, to).first().copied()
}

impl RuleSetInfo {
    /// The core's view of rule set `R`, with the capabilities its type names
    /// ([`RuleSet::Secrets`], [`RuleSet::EditorSection`], [`RuleSet::ComputerPlayer`]).
    pub const fn of<R: RuleSet>() -> Self {
        Self {
            id: R::ID,
            name: R::NAME,
            plugin: plugin_for::<R>,
            install: install_for::<R>,
            kept: kept_for::<R>,
            validate: validate_for::<R>,
            awaiting: R::awaiting,
            candidates: R::candidates,
            out_of_reach: out_of_reach_for::<R>,
            why_idle: why_idle_for::<R>,
            odds: odds_for::<R>,
            ai: <R::ComputerPlayer as ComputerSlot>::CHOOSE,
            shortlist: <R::ComputerPlayer as ComputerSlot>::SHORTLIST,
            disguise: <R::ComputerPlayer as ComputerSlot>::DISGUISE,
            look_ahead: <R::ComputerPlayer as ComputerSlot>::LOOK_AHEAD,
            state_text: R::state_text,
            names: R::names,
            invariants: R::invariants,
            check: R::check,
            read_section: read_section::<R>,
            new_section: new_section_for::<R>,
            spawn: R::spawn,
            order_tag: order_tag::<R>(),
            read_order: read_order::<R>,
            secrets: <R::Secrets as SecretsSlot>::SECRETS,
            editor: <R::EditorSection as EditorSlot>::EDITOR,
            data: DataFile::new(R::DATA.0, R::DATA.1),
        }
    }

    /// Does it have orders with secrets? Network play needs commitments for them.
    pub fn has_secrets(&self) -> bool {
        self.secrets.is_some()
    }

    /// May this side give its secret order sealed now? `None`: its secrets are not
    /// sealed whole.
    pub fn may_seal(&self) -> Option<MaySeal> {
        match self.secrets?.sealing {
            Sealing::Whole(may) => Some(may),
            Sealing::InPieces(_) => None,
        }
    }

    /// Its secret sealed piece by piece, if it is.
    pub fn seal_in_pieces(&self) -> Option<&'static PieceSealing> {
        match self.secrets?.sealing {
            Sealing::InPieces(p) => Some(p),
            Sealing::Whole(_) => None,
        }
    }

    /// The order back from its side and its secret's text (`None`: not one of its
    /// secrets, or it has none).
    pub fn reveal(&self, side: u8, text: &str) -> Option<Order> {
        (self.secrets?.reveal)(side, text)
    }

    /// The computer's order for a side now: its computer player's, or, for a rule set
    /// without one, the first of its candidates that its rules accept.
    pub fn computer(&self, world: &World, side: u8, salt: u64) -> Option<Order> {
        match self.ai {
            Some(choose) => choose(world, side, salt),
            None => (self.candidates)(world, side, salt)
                .into_iter()
                .find(|o| (self.validate)(world, o).is_ok()),
        }
    }
    /// The orders the Hard player weighs for a side now ([`ComputerPlayer::shortlist`]);
    /// for a rule set without a computer player, its [`Self::computer`] order alone.
    pub fn shortlist(&self, world: &World, side: u8, salt: u64) -> Vec<Order> {
        match self.shortlist {
            Some(list) => list(world, side, salt),
            None => self.computer(world, side, salt).into_iter().collect(),
        }
    }

    /// Puts a guess in place of what `viewer` does not know in a copy of the game
    /// ([`ComputerPlayer::disguise`]).
    pub fn disguise(&self, world: &mut World, viewer: u8, salt: u64) {
        if let Some(disguise) = self.disguise {
            disguise(world, viewer, salt);
        }
    }

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

/// A capability a rule set has not: the type it names for one ([`RuleSet::Secrets`],
/// [`RuleSet::EditorSection`], [`RuleSet::ComputerPlayer`]) when it does not implement
/// its trait. A rule set that has one names itself (`type ComputerPlayer = Self;`)
/// and implements the trait, which requires it: so a capability is never implemented
/// and left unused, nor named and left unwritten — the compiler refuses both.
pub struct Without;

/// What the core takes of a rule set's secrets: [`Secrets`], or none ([`Without`]).
pub trait SecretsSlot {
    /// Its secrets, if it has them.
    const SECRETS: Option<SecretsInfo>;
}

impl SecretsSlot for Without {
    const SECRETS: Option<SecretsInfo> = None;
}

impl<R: Secrets> SecretsSlot for R {
    const SECRETS: Option<SecretsInfo> = Some(SecretsInfo {
        reveal: R::reveal,
        sealing: R::SEALING,
    });
}

/// What the core takes of a rule set's part in the scenario editor: [`EditorSection`],
/// or nothing of its own ([`Without`]).
pub trait EditorSlot {
    /// How its section follows the editor's edits.
    const EDITOR: SectionEditor;
}

impl EditorSlot for Without {
    const EDITOR: SectionEditor = SectionEditor::NONE;
}

impl<R: EditorSection> EditorSlot for R {
    const EDITOR: SectionEditor = SectionEditor {
        pieces: R::pieces,
        move_piece: R::move_piece,
        rename_piece: R::rename_piece,
        forget: R::forget,
        keep_on_map: R::keep_on_map,
        set_turns: R::set_turns,
        field_hex: R::field_hex,
    };
}

/// What the core takes of a rule set's computer player: [`ComputerPlayer`], or none
/// ([`Without`]).
pub trait ComputerSlot {
    /// [`ComputerPlayer::choose`].
    const CHOOSE: Option<Choose>;
    /// [`ComputerPlayer::shortlist`].
    const SHORTLIST: Option<Shortlist>;
    /// [`ComputerPlayer::disguise`].
    const DISGUISE: Option<fn(&mut World, u8, u64)>;
    /// [`ComputerPlayer::LOOK_AHEAD`]: one game turn without a computer player.
    const LOOK_AHEAD: u16;
}

impl ComputerSlot for Without {
    const CHOOSE: Option<Choose> = None;
    const SHORTLIST: Option<Shortlist> = None;
    const DISGUISE: Option<fn(&mut World, u8, u64)> = None;
    const LOOK_AHEAD: u16 = 1;
}

impl<R: ComputerPlayer> ComputerSlot for R {
    const CHOOSE: Option<Choose> = Some(R::choose);
    const SHORTLIST: Option<Shortlist> = Some(R::shortlist);
    const DISGUISE: Option<fn(&mut World, u8, u64)> = Some(R::disguise);
    const LOOK_AHEAD: u16 = R::LOOK_AHEAD;
}
