//! The ACW one-page infantry rules (seed `002_2b8bc2a186719e25`): order chits behind
//! every unit, the CinC's initiative die and ability rating, alternate movement,
//! aimed fire and artillery, charges fought out with dominoes stand against stand,
//! and lines broken in one, two or three places. See `docs/rules/acw.md` for the map
//! from rule to code and test, and for what we designed where the seed is silent.
//!
//! What is here so far is the rules' arithmetic, pure functions of the figures: the
//! order chits (`chit`), shooting (`fire`), the commanders (`commander`), the
//! dominoes (`dominoes`), the fight stand against stand with its outcome (`melee`),
//! and the lines on hexes: the arc and the stand beside a nominated one (`geometry`).
//! The rule set is not yet in the game's list of rule sets (`rules::ALL`): its
//! phases, orders, map and window come next (docs/rules/acw.md, "Status").

pub mod charge_odds;
pub mod chit;
pub mod commander;
pub mod dominoes;
pub mod fire;
pub mod geometry;
pub mod melee;
