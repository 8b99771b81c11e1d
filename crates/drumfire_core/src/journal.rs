//! The journal: every effect of play, in order. Dialogs, the log panel,
//! animations and tests read it; nothing else records what happened.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

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
    /// The game ended.
    GameEnded {
        /// The winning side, or `None` for a draw.
        winner: Option<u8>,
        /// Victory points by side.
        points: Vec<u32>,
    },
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
}

impl Journal {
    /// Records an event.
    pub fn push(&mut self, event: GameEvent) {
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

    /// Sets the count of orders applied, stamped on new entries.
    pub fn set_order(&mut self, order: usize) {
        self.order = order;
    }
}
