//! Saves: the scenario text, the seed and the orders, with the state hash they
//! lead to. Loading replays the orders; a save is written atomically.

use crate::error::{LocatedError, TextPos};
use crate::game::Game;
use crate::hash::StateHash;
use crate::orders::Order;
use crate::ron_spans::{locate_nearest, path, path_at};
use crate::rule_set::RuleSets;
use crate::scenario::{self, Scenario};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// The save format this build writes. Format 2 embeds scenarios whose rule set's
/// fields are in its own section; format 1 embedded first-format scenarios, which
/// this build still reads (`rules::first_format`), so it reads both.
pub const SAVE_FORMAT: u32 = 2;
/// The oldest save format this build reads.
pub const OLDEST_SAVE_FORMAT: u32 = 1;

/// A save file as written.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename = "Save")]
pub struct SaveFile {
    /// Format version ([`SAVE_FORMAT`]).
    pub format: u32,
    /// Where the scenario was read from (for messages).
    pub scenario_name: String,
    /// The scenario's full text, so a save stands alone.
    pub scenario: String,
    /// Dice seed.
    pub seed: u64,
    /// Played in table mode, with the rules off (absent: by the rules).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub table: bool,
    /// Every order accepted, in order (Artillery Plans sealed, see [`sealed`]).
    #[serde(serialize_with = "sealed::serialize")]
    pub orders: Vec<Order>,
    /// State hash after the last order, 16 hex digits.
    pub state_hash: String,
    /// A game between two machines: the dice come from both players' secrets, and
    /// these are their commitments and reveals (absent: the seed's dice).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shared_dice: Option<crate::shared_dice::SharedDice>,
    /// Who played each side at the table it was saved at, in scenario order, for the
    /// game to go on as it was (absent: not said, everyone a person; a game between two
    /// machines or by e-mail says nothing, each machine knowing its own side).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<Seat>,
}

/// Who plays a side at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Seat {
    /// A person.
    Person,
    /// The computer, at its Normal level.
    Computer,
    /// The computer at its Hard level (it looks ahead).
    HardComputer,
}

impl SaveFile {
    /// The mode the game was played in.
    pub fn mode(&self) -> crate::game::Mode {
        if self.table {
            crate::game::Mode::Table
        } else {
            crate::game::Mode::Rules
        }
    }
}

/// The fields of a save, in the order they are written.
const SAVE_FIELDS: &[&str] = &[
    "format",
    "scenario_name",
    "scenario",
    "seed",
    "table",
    "orders",
    "state_hash",
    "shared_dice",
    "players",
];

/// Reads a save file whose orders are of one of the rule sets it holds.
#[derive(Clone, Copy)]
pub struct SaveSeed(pub &'static RuleSets);

impl<'de> serde::de::DeserializeSeed<'de> for SaveSeed {
    type Value = SaveFile;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<SaveFile, D::Error> {
        d.deserialize_struct("Save", SAVE_FIELDS, self)
    }
}

impl<'de> serde::de::Visitor<'de> for SaveSeed {
    type Value = SaveFile;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a save: Save(format: ..., scenario: ..., seed: ..., orders: [...], ...)")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<SaveFile, A::Error> {
        use crate::seeded::{once, required};
        let (mut format, mut scenario_name, mut scenario, mut seed) = (None, None, None, None);
        let (mut table, mut orders, mut state_hash, mut shared_dice) = (None, None, None, None);
        let mut players = None;
        while let Some(crate::error::Identifier(key)) = map.next_key()? {
            match key.as_str() {
                "format" => once(&mut format, "format", map.next_value()?)?,
                "scenario_name" => once(&mut scenario_name, "scenario_name", map.next_value()?)?,
                "scenario" => once(&mut scenario, "scenario", map.next_value()?)?,
                "seed" => once(&mut seed, "seed", map.next_value()?)?,
                "table" => once(&mut table, "table", map.next_value()?)?,
                "orders" => once(
                    &mut orders,
                    "orders",
                    map.next_value_seed(sealed::OrdersSeed(self.0))?,
                )?,
                "state_hash" => once(&mut state_hash, "state_hash", map.next_value()?)?,
                "shared_dice" => once(&mut shared_dice, "shared_dice", map.next_value()?)?,
                "players" => once(&mut players, "players", map.next_value()?)?,
                other => return Err(serde::de::Error::unknown_field(other, SAVE_FIELDS)),
            }
        }
        Ok(SaveFile {
            format: required(format, "format")?,
            scenario_name: required(scenario_name, "scenario_name")?,
            scenario: required(scenario, "scenario")?,
            seed: required(seed, "seed")?,
            table: table.unwrap_or_default(),
            orders: required(orders, "orders")?,
            state_hash: required(state_hash, "state_hash")?,
            shared_dice: shared_dice.unwrap_or_default(),
            players: players.unwrap_or_default(),
        })
    }
}

/// A checked save: its scenario parsed.
#[derive(Clone, Debug)]
pub struct Save {
    /// The file.
    pub file: SaveFile,
    /// The scenario inside it.
    pub scenario: Scenario,
    /// The recorded hash.
    pub state_hash: StateHash,
    /// The keys of its orders' dice when both players shared them, checked.
    pub dice_keys: Option<crate::shared_dice::DiceKeys>,
}

/// Is this text a save rather than a scenario?
pub fn looks_like_save(text: &str) -> bool {
    let body = crate::error::without_bom(text)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .unwrap_or("");
    body.starts_with("Save(") || body.starts_with("(format:")
}

/// Makes the save of a game.
pub fn save_of(game: &mut Game, scenario: &Scenario, seed: u64) -> SaveFile {
    SaveFile {
        format: SAVE_FORMAT,
        scenario_name: scenario.source.clone(),
        scenario: scenario.text.clone(),
        seed,
        table: game.mode() == crate::game::Mode::Table,
        orders: game.orders().to_vec(),
        state_hash: game.state_hash().to_string(),
        shared_dice: game
            .world()
            .get_resource::<crate::shared_dice::DiceKeys>()
            .map(|k| k.record.clone()),
        players: Vec::new(),
    }
}

/// The save of a game running in any `World` (the window's).
pub fn save_of_world(
    world: &mut bevy_ecs::world::World,
    scenario: &Scenario,
    seed: u64,
) -> SaveFile {
    SaveFile {
        format: SAVE_FORMAT,
        scenario_name: scenario.source.clone(),
        scenario: scenario.text.clone(),
        seed,
        table: crate::table::is_table(world),
        orders: world.resource::<crate::orders::OrderLog>().0.clone(),
        state_hash: crate::hash::state_hash(world).to_string(),
        shared_dice: world
            .get_resource::<crate::shared_dice::DiceKeys>()
            .map(|k| k.record.clone()),
        players: Vec::new(),
    }
}

/// The text of a save file, exactly as [`write`] puts it on disk.
pub fn to_text(save: &SaveFile) -> Result<String, ron::Error> {
    let body = ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::new().struct_names(true))?;
    Ok(format!(
        "// Drumfire save: scenario, seed and orders.\n{body}\n"
    ))
}

/// Writes a save atomically: a temporary file beside it, flushed, then renamed over.
pub fn write(path: &Path, save: &SaveFile) -> std::io::Result<()> {
    let text = to_text(save).map_err(std::io::Error::other)?;
    let tmp = path.with_extension("ron.tmp");
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Reads and checks a save (format, scenario, hash syntax) of a game of one of
/// `rule_sets`. Does not replay.
pub fn parse(
    source: &str,
    text: &str,
    rule_sets: &'static RuleSets,
) -> Result<Save, Vec<LocatedError>> {
    let text = crate::error::without_bom(text);
    let file = read_save_file(source, text, rule_sets)?;
    let at = |field: &str, message: String| located(source, text, field, message);
    if !(OLDEST_SAVE_FORMAT..=SAVE_FORMAT).contains(&file.format) {
        return Err(vec![at(
            "format",
            format!(
                "save format {} is not supported (this build reads {OLDEST_SAVE_FORMAT} to {SAVE_FORMAT})",
                file.format
            ),
        )]);
    }
    let state_hash: StateHash = file
        .state_hash
        .parse()
        .map_err(|m| vec![at("state_hash", m)])?;
    let mut dice_keys = None;
    if let Some(shared) = &file.shared_dice {
        dice_keys = Some(check_shared_dice(source, text, &file, shared)?);
    }
    let inner = format!("{source} (scenario {})", file.scenario_name);
    let scenario = scenario::parse(&inner, &file.scenario, rule_sets).map_err(|errs| {
        errs.into_iter()
            .map(|e| at("scenario", e.to_string()))
            .collect::<Vec<_>>()
    })?;
    let sides = scenario.file.sides.len();
    if !file.players.is_empty() && file.players.len() != sides {
        return Err(vec![at(
            "players",
            format!(
                "{} players for a scenario of {sides} sides: one per side, in its order",
                file.players.len()
            ),
        )]);
    }
    Ok(Save {
        file,
        scenario,
        state_hash,
        dice_keys,
    })
}

/// Reads the RON of a save (its BOM already off), an error located by its field.
fn read_save_file(
    source: &str,
    text: &str,
    rule_sets: &'static RuleSets,
) -> Result<SaveFile, Vec<LocatedError>> {
    crate::error::read_ron_seed(source, text, SaveSeed(rule_sets)).map_err(|mut err| {
        err.field = path_at(
            text,
            TextPos {
                line: err.line,
                col: err.col,
            },
        );
        vec![err]
    })
}

/// An error of the save `source`, located in its text at `field`.
fn located(source: &str, text: &str, field: &str, message: String) -> LocatedError {
    let pos = locate_nearest(text, &path(field));
    LocatedError {
        file: source.to_owned(),
        line: pos.line,
        col: pos.col,
        field: field.to_owned(),
        message,
    }
}

/// Checks the record of a game's shared dice against the save: the reveals and
/// signatures, the seed they make, and a key for every order; gives the dice keys.
fn check_shared_dice(
    source: &str,
    text: &str,
    file: &SaveFile,
    shared: &crate::shared_dice::SharedDice,
) -> Result<crate::shared_dice::DiceKeys, Vec<LocatedError>> {
    let at = |field: &str, message: String| located(source, text, field, message);
    let fault = |f: crate::shared_dice::DiceFault| vec![at(&f.field, f.message)];
    let verified = shared.verify().map_err(fault)?;
    shared.check_signatures(&file.orders).map_err(fault)?;
    if verified.seed != Some(file.seed) {
        return Err(vec![at(
            "seed",
            match verified.seed {
                Some(seed) => format!(
                    "the seed is not the one both players' first reveals make ({seed}): \
                     the dice were tampered with"
                ),
                None => "a game with shared dice has both players' first reveals".into(),
            },
        )]);
    }
    let beyond = shared
        .keyed
        .as_ref()
        .and_then(|k| k.last())
        .is_some_and(|last| *last > file.orders.len());
    if beyond {
        return Err(vec![at(
            "shared_dice.keyed",
            format!(
                "a key for an order past the last of the save's {}",
                file.orders.len()
            ),
        )]);
    }
    if shared.keyed.is_none() && verified.keys.len() < file.orders.len() {
        return Err(vec![at(
            "shared_dice.reveals",
            format!(
                "{} orders, but reveals for the dice of only {}",
                file.orders.len(),
                verified.keys.len()
            ),
        )]);
    }
    Ok(crate::shared_dice::DiceKeys {
        record: shared.clone(),
        keys: verified.keys,
    })
}

/// Where a replay first went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Divergence {
    /// An order was refused: the save's orders do not fit its scenario.
    Refused {
        /// 0-based index of the order.
        index: usize,
        /// Why.
        reason: String,
    },
    /// All orders applied but the hash differs.
    Hash {
        /// The hash in the save.
        recorded: StateHash,
        /// The hash the replay reached.
        replayed: StateHash,
    },
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Refused { index, reason } => write!(
                f,
                "order {} (orders[{index}]) was refused: {reason}",
                index + 1
            ),
            Self::Hash { recorded, replayed } => write!(
                f,
                "state hash {replayed} after all orders, but the save records {recorded}"
            ),
        }
    }
}

/// Replays a save's orders into a game.
pub fn replay(save: &Save) -> (Game, Result<StateHash, Divergence>) {
    let mut game = Game::with_mode(&save.scenario, save.file.seed, save.file.mode());
    if let Some(keys) = &save.dice_keys {
        game.world_mut().insert_resource(keys.clone());
    }
    for (index, order) in save.file.orders.iter().enumerate() {
        if let Err(r) = game.submit(order.clone()) {
            return (game, Err(Divergence::Refused { index, reason: r.0 }));
        }
    }
    let replayed = game.state_hash();
    let result = if replayed == save.state_hash {
        Ok(replayed)
    } else {
        Err(Divergence::Hash {
            recorded: save.state_hash,
            replayed,
        })
    };
    (game, result)
}

/// Some orders carry a secret until the rules reveal it (the Great War's Artillery
/// Plans): the rule set says which (`RuleSetInfo::secret`), and a save writes each one
/// sealed: `SealedPlan(side: 0, plan: "…")`, the secret's RON scrambled with a fixed
/// key and written as hex digits. An envelope, not a lock: it keeps the plan out of
/// sight of a player who opens the file, not out of reach of one set on reading it.
/// Every other order is written as it is. Saves with plain `Plan` orders still load.
pub mod sealed {
    use crate::orders::Order;
    use crate::rule_set::RuleSets;
    use serde::de::DeserializeSeed;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// An order as the save file holds it: as it is, or its secret sealed.
    enum Stored {
        SealedPlan { side: u8, plan: String },
        Plain(Order),
    }

    impl Serialize for Stored {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeStructVariant;
            match self {
                Self::Plain(o) => o.serialize(s),
                Self::SealedPlan { side, plan } => {
                    let mut v = s.serialize_struct_variant("Order", 3, "SealedPlan", 2)?;
                    v.serialize_field("side", side)?;
                    v.serialize_field("plan", plan)?;
                    v.end()
                }
            }
        }
    }

    /// Reads a stored order of one of the rule sets it holds.
    #[derive(Clone, Copy)]
    struct StoredSeed(&'static RuleSets);

    impl<'de> DeserializeSeed<'de> for StoredSeed {
        type Value = Stored;

        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Stored, D::Error> {
            d.deserialize_enum("Order", stored_names(self.0), self)
        }
    }

    /// The names a stored order is written under: an order's, and `SealedPlan`.
    fn stored_names(rule_sets: &'static RuleSets) -> &'static [&'static str] {
        // Taken before the list below is made: both come from the same lock.
        let orders = crate::rule_set::order_names(rule_sets);
        rule_sets.names("saved orders", |_| {
            orders.iter().copied().chain(["SealedPlan"]).collect()
        })
    }

    impl<'de> serde::de::Visitor<'de> for StoredSeed {
        type Value = Stored;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an order, or a sealed plan")
        }

        fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Stored, A::Error> {
            use serde::de::VariantAccess;
            let (crate::error::Identifier(name), variant) = data.variant()?;
            if name != "SealedPlan" {
                return crate::rule_set::read_variant(self.0, &name, variant, stored_names(self.0))
                    .map(Stored::Plain);
            }
            #[derive(Deserialize)]
            #[serde(deny_unknown_fields)]
            struct Sealed {
                side: u8,
                plan: String,
            }
            struct SealedVisitor;
            impl<'de> serde::de::Visitor<'de> for SealedVisitor {
                type Value = Sealed;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("a sealed plan: (side: N, plan: \"…\")")
                }
                fn visit_map<M: serde::de::MapAccess<'de>>(
                    self,
                    map: M,
                ) -> Result<Sealed, M::Error> {
                    Sealed::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                }
            }
            let sealed = variant.struct_variant(&["side", "plan"], SealedVisitor)?;
            Ok(Stored::SealedPlan {
                side: sealed.side,
                plan: sealed.plan,
            })
        }
    }

    /// The key stream: splitmix64 from a fixed start per side.
    fn key(side: u8) -> impl Iterator<Item = u8> {
        let mut state = 0x5EA1_ED00_D2F1_u64 ^ u64::from(side);
        std::iter::repeat_with(move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z ^ (z >> 31)).to_le_bytes()
        })
        .flatten()
    }

    /// Seals a side's secret text.
    pub fn seal(side: u8, text: &str) -> String {
        text.bytes()
            .zip(key(side))
            .map(|(b, k)| format!("{:02x}", b ^ k))
            .collect()
    }

    /// Opens a sealed secret: its text.
    pub fn open(side: u8, sealed: &str) -> Result<String, String> {
        let digits = sealed.as_bytes();
        if !digits.len().is_multiple_of(2) {
            return Err("a sealed plan has an even number of hex digits".into());
        }
        let bytes: Vec<u8> = digits
            .chunks(2)
            .map(|pair| {
                std::str::from_utf8(pair)
                    .ok()
                    .and_then(|p| u8::from_str_radix(p, 16).ok())
                    .ok_or_else(|| "a sealed plan is written in hex digits only".to_owned())
            })
            .zip(key(side))
            .map(|(b, k)| b.map(|b| b ^ k))
            .collect::<Result<_, _>>()?;
        String::from_utf8(bytes)
            .map_err(|_| "this sealed plan is damaged (or sealed for another side)".to_owned())
    }

    /// The order a sealed secret holds: the first rule set (of those the save is read
    /// with) that reads it.
    fn reveal(rule_sets: &'static RuleSets, side: u8, sealed: &str) -> Result<Order, String> {
        let text = open(side, sealed)?;
        rule_sets
            .iter()
            .find_map(|r| r.reveal(side, &text))
            .ok_or_else(|| "this sealed plan is damaged (or sealed for another side)".to_owned())
    }

    /// Writes the orders, secrets sealed.
    pub fn serialize<S: Serializer>(orders: &[Order], s: S) -> Result<S::Ok, S::Error> {
        let stored: Vec<Stored> = orders
            .iter()
            .map(|o| match o.secret() {
                Some((side, text)) => Stored::SealedPlan {
                    side,
                    plan: seal(side, &text),
                },
                None => Stored::Plain(o.clone()),
            })
            .collect();
        stored.serialize(s)
    }

    /// Reads the orders of one of the rule sets it holds, opening sealed secrets.
    #[derive(Clone, Copy)]
    pub struct OrdersSeed(pub &'static RuleSets);

    impl<'de> DeserializeSeed<'de> for OrdersSeed {
        type Value = Vec<Order>;

        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Order>, D::Error> {
            crate::seeded::ListSeed(StoredSeed(self.0))
                .deserialize(d)?
                .into_iter()
                .map(|s| match s {
                    Stored::Plain(o) => Ok(o),
                    Stored::SealedPlan { side, plan } => {
                        reveal(self.0, side, &plan).map_err(serde::de::Error::custom)
                    }
                })
                .collect()
        }
    }
}
