//! The journal: every effect of play, in order. Dialogs, the log panel,
//! animations and tests read it; nothing else records what happened.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// Journals an event.
pub fn note(world: &mut World, event: GameEvent) {
    world.resource_mut::<Journal>().push(event);
}

/// Journals a line of text.
pub fn say(world: &mut World, text: String) {
    note(world, GameEvent::Note { text });
}

/// Every piece's name by id, as the log names them: the counters', and the rule
/// set's pieces that are no counter ([`MoreNames`]).
pub fn piece_names(world: &World) -> std::collections::BTreeMap<String, String> {
    let mut names: std::collections::BTreeMap<String, String> = world
        .try_query::<&crate::counters::Counter>()
        .map(|mut q| {
            q.iter(world)
                .map(|c| (c.id.clone(), c.name.clone()))
                .collect()
        })
        .unwrap_or_default();
    if let Some(more) = world.get_resource::<MoreNames>() {
        (more.0)(world, &mut names);
    }
    names
}

/// Where the game's rule set names its pieces that are no counter (its
/// `RuleSetInfo::names`), put on the table with the scenario.
#[derive(Resource, Clone, Copy)]
pub struct MoreNames(pub fn(&World, &mut std::collections::BTreeMap<String, String>));

/// Something that happened in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEvent {
    /// A game began.
    GameStarted {
        /// Scenario title.
        title: String,
        /// Dice seed.
        seed: u64,
    },
    /// A new turn began.
    TurnBegan {
        /// Turn number, from 1.
        turn: u16,
    },
    /// A phase of the sequence of play began.
    PhaseBegan {
        /// The phase's name.
        phase: String,
    },
    /// Dice were rolled.
    DiceRolled {
        /// Why (read by players in the dice log).
        purpose: String,
        /// The faces, in the order rolled.
        faces: Vec<u8>,
    },
    /// Something was shuffled face down by the dice (a set of dominoes): how many
    /// draws of what size, not what they drew.
    Shuffled {
        /// What was shuffled.
        purpose: String,
        /// The size of each draw, in order (each drew a number below it).
        bounds: Vec<u32>,
    },
    /// The initiative was decided.
    InitiativeWon {
        /// The winning side.
        side: u8,
        /// Each side's die plus initiative, in side order (of the deciding roll).
        totals: Vec<i16>,
    },
    /// A side's action segment began.
    SegmentBegan {
        /// Whose segment.
        side: u8,
    },
    /// A side passed its segment.
    Passed {
        /// Who passed.
        side: u8,
    },
    /// End-of-turn markers were removed.
    MarkersCleared {
        /// How many counter and hex markers came off.
        count: u32,
    },
    /// A leader of the pool was flipped in the set-up.
    LeaderDrawn {
        /// The leader's id.
        piece: String,
        /// Face-up leaders are used; face-down ones are set aside.
        face_up: bool,
    },
    /// Pieces were activated for an action segment.
    Activated {
        /// The side.
        side: u8,
        /// The pieces, the one chosen first.
        pieces: Vec<String>,
    },
    /// Pieces moved, one hex or along a way of several.
    Moved {
        /// The pieces.
        pieces: Vec<String>,
        /// Hex left.
        from: String,
        /// Hex entered.
        to: String,
        /// The hexes passed through between them, in order (none for one hex).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        via: Vec<String>,
    },
    /// A fire was resolved.
    Fired {
        /// Planned Fire, Direct Fire, Opportunity Fire, Open Sights, Drumfire, Assault...
        kind: String,
        /// The table used.
        table: String,
        /// Firing side.
        side: u8,
        /// Firing units or factors.
        firers: Vec<String>,
        /// Target hex.
        target: String,
        /// Total fire strength.
        strength: u32,
        /// Column shifts and their causes.
        shifts: Vec<(i32, String)>,
        /// The column used, as headed on the table.
        column: String,
        /// The dice.
        dice: Vec<u8>,
        /// The result as printed on the table.
        result: String,
    },
    /// A unit lost a step.
    StepLost {
        /// The unit.
        piece: String,
        /// Removed from play (it was reduced or one-sided).
        eliminated: bool,
    },
    /// A unit made of stands lost one of them.
    StandLost {
        /// The unit.
        piece: String,
        /// Which stand (0 is the leftmost).
        stand: u8,
        /// Stands still standing (none: removed from play).
        standing: u8,
    },
    /// A piece checked morale.
    MoraleChecked {
        /// The piece.
        piece: String,
        /// The dice.
        dice: Vec<u8>,
        /// Added to the dice (M1, M2).
        plus: u8,
        /// The morale checked against.
        morale: i32,
        /// Unaffected, Disrupted or Demoralized.
        outcome: String,
    },
    /// A marker was placed in a hex.
    HexMarkerPlaced {
        /// Marker name.
        kind: String,
        /// The hex.
        hex: String,
        /// What placed it.
        source: String,
    },
    /// Pieces went in to fight at close quarters where the fight is no fire (an ACW
    /// charge, a WWII assault or overrun), told before its dice and results; the board
    /// shows the attackers closing in on the target.
    WentIn {
        /// "Charge", "Assault", "Armored overrun".
        kind: String,
        /// The attacking side.
        side: u8,
        /// The pieces going in.
        attackers: Vec<String>,
        /// The hex they go in against.
        target: String,
        /// The fight in words, as the log tells it.
        text: String,
    },
    /// A move made by hand in table mode.
    ByHand(crate::table_order::TableOrder),
    /// Anything else the rules did, in words.
    Note {
        /// What happened.
        text: String,
    },
    /// The game ended.
    GameEnded {
        /// The winning side, or `None` for a draw.
        winner: Option<u8>,
        /// Victory points by side.
        points: Vec<u32>,
    },
}

impl GameEvent {
    /// The event in words, as the log shows it; `names` gives counter names by id
    /// (ids stand for themselves when missing).
    pub fn describe(
        &self,
        sides: &crate::sides::SideList,
        names: &std::collections::BTreeMap<String, String>,
    ) -> String {
        let w = Words { sides, names };
        match self {
            Self::GameStarted { title, seed } => format!("{title} begins (seed {seed})."),
            Self::TurnBegan { turn } => format!("Turn {turn} begins."),
            Self::PhaseBegan { phase } => format!("{phase} Phase."),
            Self::DiceRolled { purpose, faces } => {
                let f: Vec<String> = faces.iter().map(u8::to_string).collect();
                format!("Dice, {purpose}: {}", f.join(", "))
            }
            Self::Shuffled { purpose, .. } => format!("{purpose} shuffled face down."),
            Self::InitiativeWon { side, totals } => format!(
                "{} wins the initiative ({}).",
                w.name(*side),
                w.per_side(totals.iter().map(ToString::to_string).collect(), " vs ")
            ),
            Self::SegmentBegan { side } => format!("{} action segment.", w.name(*side)),
            Self::Passed { side } => format!("{} passes.", w.name(*side)),
            Self::MarkersCleared { count } => format!("End of turn: {count} markers removed."),
            Self::LeaderDrawn { piece: id, face_up } => w.leader_drawn(id, *face_up),
            Self::Activated { side, pieces } => {
                format!("{} activates {}.", w.name(*side), w.list(pieces))
            }
            Self::Moved {
                pieces, from, to, ..
            } => format!("{} {from} -> {to}.", w.list(pieces)),
            Self::Fired {
                kind,
                table,
                firers,
                target,
                strength,
                shifts,
                column,
                dice,
                result,
                ..
            } => {
                let how = fire_how(*strength, shifts, table, column);
                w.fired(kind, firers, target, &how, table, dice, result)
            }
            Self::StepLost {
                piece: id,
                eliminated,
            } => w.step_lost(id, *eliminated),
            Self::StandLost {
                piece: id,
                stand,
                standing,
            } => w.stand_lost(id, *stand, *standing),
            Self::MoraleChecked {
                piece: id,
                dice,
                plus,
                morale,
                outcome,
            } => w.morale_checked(id, dice, *plus, *morale, outcome),
            Self::HexMarkerPlaced { kind, hex, source } => {
                format!("{kind} marker placed in {hex} by {}.", w.piece(source))
            }
            Self::WentIn { text, .. } => text.clone(),
            Self::ByHand(order) => order.describe(names),
            Self::Note { text } => text.clone(),
            Self::GameEnded { winner, points } => w.game_ended(*winner, points),
        }
    }
}

/// What [`GameEvent::describe`] names things by: the sides, and the counters' names
/// by id.
struct Words<'a> {
    /// The sides, for their names.
    sides: &'a crate::sides::SideList,
    /// Counter names by id.
    names: &'a std::collections::BTreeMap<String, String>,
}

impl Words<'_> {
    /// The name of side `s`.
    fn name(&self, s: u8) -> String {
        self.sides.name(s).to_owned()
    }

    /// The name of piece `id`, or the id where it has none.
    fn piece(&self, id: &str) -> String {
        self.names.get(id).cloned().unwrap_or_else(|| id.to_owned())
    }

    /// One value per side, each after its side's name, joined by `sep`.
    fn per_side(&self, values: Vec<String>, sep: &str) -> String {
        values
            .iter()
            .enumerate()
            .map(|(s, v)| format!("{} {v}", self.name(s as u8)))
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// The names of pieces, comma-separated.
    fn list(&self, v: &[String]) -> String {
        v.iter()
            .map(|id| self.piece(id))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A leader drawn, face-up to take command or face-down to be set aside.
    fn leader_drawn(&self, id: &str, face_up: bool) -> String {
        if face_up {
            format!("{} lands face-up and takes command.", self.piece(id))
        } else {
            format!("{} lands face-down and is set aside.", self.piece(id))
        }
    }

    /// A fire: who fired at what, how it was worked out (`how`), the dice as the table
    /// reads them (`roll_text`), and the result.
    fn fired(
        &self,
        kind: &str,
        firers: &[String],
        target: &str,
        how: &str,
        table: &str,
        dice: &[u8],
        result: &str,
    ) -> String {
        format!(
            "{kind}: {} at {target}, {how}, {}: {result}.",
            self.list(firers),
            roll_text(table, dice)
        )
    }

    /// A step lost: the piece flips to its reduced side, or is removed with its last.
    fn step_lost(&self, id: &str, eliminated: bool) -> String {
        if eliminated {
            format!("{} loses its last step and is removed.", self.piece(id))
        } else {
            format!(
                "{} loses a step and flips to its reduced side.",
                self.piece(id)
            )
        }
    }

    /// A stand lost (numbered from 1), with how many still stand, or the piece removed
    /// with its last.
    fn stand_lost(&self, id: &str, stand: u8, standing: u8) -> String {
        if standing == 0 {
            format!("{} loses its last stand and is removed.", self.piece(id))
        } else {
            format!(
                "{} loses stand {} ({standing} standing).",
                self.piece(id),
                u16::from(stand) + 1
            )
        }
    }

    /// A morale check: the dice, what was added, the total, the morale and the outcome.
    fn morale_checked(
        &self,
        id: &str,
        dice: &[u8],
        plus: u8,
        morale: i32,
        outcome: &str,
    ) -> String {
        let total: i32 = dice.iter().map(|d| i32::from(*d)).sum::<i32>() + i32::from(plus);
        let plus = if plus > 0 {
            format!(" plus {plus}")
        } else {
            String::new()
        };
        let faces = dice
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" + ");
        let sum = if dice.len() > 1 || !plus.is_empty() {
            format!("{faces}{plus} = {total}")
        } else {
            faces
        };
        format!(
            "{} checks morale: {sum} against {morale}: {outcome}.",
            self.piece(id)
        )
    }

    /// The end of the game: the winner or a draw, and the points of each side.
    fn game_ended(&self, winner: Option<u8>, points: &[u32]) -> String {
        let p = self.per_side(points.iter().map(ToString::to_string).collect(), " to ");
        match winner {
            Some(w) => format!("Game over: {} wins, {}.", self.name(w), p),
            None => format!("Game over: a draw, {p}."),
        }
    }
}

/// How a fire in the log was worked out: "strength 9 (+1 uphill) -> Fire column
/// 8-10" where the rules read a strength on a table's columns, or the table, its
/// shifts and the column (`strength` 0) where they read one die on a table.
fn fire_how(strength: u32, shifts: &[(i32, String)], table: &str, column: &str) -> String {
    if strength > 0 {
        format!(
            "strength {strength}{} -> {table} column {column}",
            shifts_text(shifts)
        )
    } else {
        format!("{table}{}, {column}", shifts_text(shifts))
    }
}

/// How a fire was worked out, for the combat dialog: "Strength 9 (+1 uphill): Fire
/// table, column 8-10" where the rules read a strength on a table's columns, or
/// "Fire effect, target in cover (-1 firer pinned), range 3" (`strength` 0) where
/// they read one die on a table.
pub fn fire_line(strength: u32, shifts: &[(i32, String)], table: &str, column: &str) -> String {
    if strength > 0 {
        format!(
            "Strength {strength}{}: {table} table, column {column}",
            shifts_text(shifts)
        )
    } else {
        format!("{table}{}, {column}", shifts_text(shifts))
    }
}

/// Does a fire on this table read each die on its own ("needs 6": a die a gun
/// section or a stand, each hitting or not; "no hit": dice that cannot hurt; "Close
/// combat": each side's die against its own power), so that the dice are not summed?
pub fn per_die(table: &str) -> bool {
    table.starts_with("needs ") || table == "no hit" || table == "Close combat"
}

/// A fire's dice as its table reads them: "die 4" for one, "dice 6, 1, 4, 2" where
/// each die is read on its own, and "dice 4 + 2 = 6" where the table reads their sum.
pub fn roll_text(table: &str, dice: &[u8]) -> String {
    let faces: Vec<String> = dice.iter().map(u8::to_string).collect();
    match dice {
        [one] => format!("die {one}"),
        _ if per_die(table) => format!("dice {}", faces.join(", ")),
        _ => format!(
            "dice {} = {}",
            faces.join(" + "),
            dice.iter().map(|x| u32::from(*x)).sum::<u32>()
        ),
    }
}

/// The dice of a roll read one by one that do something, in words, each face once with
/// how many showed it: "a 6 and a 4 kill", "two 5s hit", "no die kills". `does` and
/// `do_` are the verb for one die and for several.
pub fn dice_that(dice: &[u8], counts: impl Fn(u8) -> bool, does: &str, do_: &str) -> String {
    let mut faces: Vec<(u8, usize)> = Vec::new();
    for d in dice.iter().copied().filter(|d| counts(*d)) {
        match faces.iter_mut().find(|(f, _)| *f == d) {
            Some((_, n)) => *n += 1,
            None => faces.push((d, 1)),
        }
    }
    faces.sort_by_key(|f| std::cmp::Reverse(f.0));
    let many: usize = faces.iter().map(|(_, n)| n).sum();
    if many == 0 {
        return format!("no die {does}");
    }
    let words: Vec<String> = faces
        .iter()
        .map(|(f, n)| match n {
            1 => format!("a {f}"),
            _ => format!("{} {f}s", number_word(*n)),
        })
        .collect();
    let list = match words.as_slice() {
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => String::new(),
    };
    format!("{list} {}", if many == 1 { does } else { do_ })
}

/// A small count in words ("two", "three"), figures past twelve.
fn number_word(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_owned())
}

/// A fire's column shifts in words, as " (+1 uphill, -1 cover)", or "" when none.
pub fn shifts_text(shifts: &[(i32, String)]) -> String {
    if shifts.is_empty() {
        return String::new();
    }
    let sh: Vec<String> = shifts
        .iter()
        .map(|(n, why)| format!("{n:+} {why}"))
        .collect();
    format!(" ({})", sh.join(", "))
}

/// One journal line: when it happened and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Turn (0 before the first turn).
    pub turn: u16,
    /// Number of orders applied before it.
    pub order: usize,
    /// What happened.
    pub event: GameEvent,
}

/// The game's journal.
#[derive(Resource, Clone, Debug, Default)]
pub struct Journal {
    entries: Vec<Entry>,
    turn: u16,
    order: usize,
    /// The count of orders applied when the phase now under way began.
    phase_from: usize,
}

impl Journal {
    /// An empty journal at the same turn and order: a copy's, to look ahead in.
    pub fn forked(&self) -> Self {
        Self {
            entries: Vec::new(),
            turn: self.turn,
            order: self.order,
            phase_from: self.phase_from,
        }
    }

    /// Records an event.
    pub fn push(&mut self, event: GameEvent) {
        if matches!(event, GameEvent::PhaseBegan { .. }) {
            self.phase_from = self.order;
        }
        self.entries.push(Entry {
            turn: self.turn,
            order: self.order,
            event,
        });
    }

    /// Every entry so far.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Sets the turn that new entries belong to.
    pub fn set_turn(&mut self, turn: u16) {
        self.turn = turn;
    }

    /// How many orders have been applied since the phase now under way began.
    pub fn orders_this_phase(&self) -> usize {
        self.order.saturating_sub(self.phase_from)
    }

    /// Sets the count of orders applied, stamped on new entries.
    pub fn set_order(&mut self, order: usize) {
        self.order = order;
    }
}
