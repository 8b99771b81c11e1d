//! Drumfire's game without a screen: the table as entities (hexes, counters,
//! markers), the sequence of play as states and system sets, orders in, events
//! out, seeded dice, scenarios and saves. Every plugin here works without
//! rendering; the desktop app adds its view on top.
#![deny(missing_docs)]

pub mod coords;
pub mod counters;
pub mod data;
pub mod dice;
pub mod digest;
pub mod door;
pub mod editor;
pub mod error;
pub mod flow;
pub mod fork;
pub mod game;
pub mod gate;
pub mod hash;
pub mod journal;
pub mod locked_deck;
pub mod lookahead;
pub mod map;
pub mod odds;
pub mod orders;
pub mod paths;
pub mod players;
pub mod ron_spans;
pub mod rule_set;
pub mod rules;
pub mod save;
pub mod scenario;
pub mod scenario_file;
pub mod sealed;
pub mod seeded;
pub mod shared_dice;
pub mod sides;
pub mod signed;
pub mod table;
pub mod table_order;
pub mod timeline;
pub mod view;

pub mod testing;
