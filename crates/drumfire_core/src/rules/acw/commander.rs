//! The seed's commanders: each side's CinC rolls two dice at the start of the game
//! for his ability rating, which says how many units he may move in each of his turns
//! of the movement phase.

/// A CinC's ability rating for the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Rating {
    /// 10-12: "What a brilliant tactician. Inspirational and may move up to three units
    /// per movement phase."
    Brilliant,
    /// 7-9: "Average leader and may move up to two units per movement phase."
    Average,
    /// 2-6: "Was that left or right? ... May only move one unit per movement phase."
    Poor,
}

impl Rating {
    /// The rating two dice give.
    pub fn of(total: u8) -> Rating {
        match total {
            10.. => Rating::Brilliant,
            7..=9 => Rating::Average,
            _ => Rating::Poor,
        }
    }

    /// Units he may move each time his side moves in the movement phase.
    pub fn units(self) -> u8 {
        match self {
            Rating::Brilliant => 3,
            Rating::Average => 2,
            Rating::Poor => 1,
        }
    }

    /// The rating as the seed describes it.
    pub fn describe(self) -> &'static str {
        match self {
            Rating::Brilliant => "a brilliant tactician: three units at a time",
            Rating::Average => "an average leader: two units at a time",
            Rating::Poor => "good family connections: one unit at a time",
        }
    }

    /// Ways out of 36 that two dice give each rating: brilliant, average, poor.
    pub fn ways() -> [(Rating, u64); 3] {
        let mut ways = [0u64; 3];
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                ways[Rating::of(a + b) as usize] += 1;
            }
        }
        [
            (Rating::Brilliant, ways[0]),
            (Rating::Average, ways[1]),
            (Rating::Poor, ways[2]),
        ]
    }
}
