//! The Napoleonic brigade rules (seed `001_4530202de2a060fb`): brigades on Attack,
//! Engage or Hold orders, in line, column or square, fighting by skirmish (rule 11),
//! firefight (rule 12), hand to hand (rule 13) and inside built-up areas and woods
//! (rule 10). See `docs/rules/napoleonic.md` for the map from rule to code and test,
//! and for what we designed where the seed is silent.

pub mod brigade;
pub mod combat;
