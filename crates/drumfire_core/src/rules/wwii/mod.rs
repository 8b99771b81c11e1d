//! The WWII assault rules (seed `004_90e94974d09abb59`): personnel against personnel
//! over three rounds, cavalry, tanks against personnel, armored overruns, mixed
//! assaults and the assault modifiers. The seed is the assault section of a larger
//! game; the movement, fire, morale and small arms chart around it are ours. See
//! `docs/rules/wwii.md` for the map from rule to code and test, and for what we
//! designed where the seed is silent.
//!
//! Built so far, as pure functions of the figures: the rounds of a personnel
//! assault, how it ends and its exact odds (`assault`), the modifiers from the units
//! involved (`modifiers`), contact and a unit's four sides on hexes (`contact`), who
//! may fire while an assault is under way and fire at range (`fire`), what the winner
//! of an assault may do next (`followup`), morale checks and the voluntary rout
//! (`morale`), who may engage whom in a mixed assault and how it splits (`mixed`),
//! tanks against personnel with the small arms chart at close quarters, the weapon
//! differential, the overrun's cost and a tank's move (`tanks`), and the terrain and
//! unit types (`data.ron`) as the rules read them (`units`). The rule set is not yet
//! in the game's list of rule sets (`rules::ALL`): its turn, its window and its
//! scenarios come next.

pub mod assault;
pub mod contact;
pub mod fire;
pub mod followup;
pub mod mixed;
pub mod modifiers;
pub mod morale;
pub mod tanks;
pub mod units;
