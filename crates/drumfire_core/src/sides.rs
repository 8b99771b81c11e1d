//! What a game knows of its sides and its scenario once spawned, as plain resources:
//! the sides in play, the scenario's facts, the steps each side has lost. The
//! scenario puts them on the table; the log, the map and the flow of play read them.

use bevy_ecs::prelude::*;

/// What a game knows of its scenario once spawned.
#[derive(Resource, Clone, Debug)]
pub struct ScenarioInfo {
    /// Title.
    pub title: String,
    /// Briefing.
    pub briefing: String,
    /// Last turn.
    pub turns: u16,
    /// Rule set id.
    pub rules: &'static str,
    /// Points per enemy step destroyed.
    pub step_loss_points: u32,
}

/// One side in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideInfo {
    /// Id from the scenario.
    pub id: String,
    /// Name.
    pub name: String,
    /// Counter colour.
    pub colour: [u8; 3],
}

/// The sides, indexed by the `side` of [`Counter`](crate::counters::Counter).
#[derive(Resource, Clone, Debug, Default)]
pub struct SideList(pub Vec<SideInfo>);

impl SideList {
    /// The side's name, or a placeholder-free fallback for a bad index.
    pub fn name(&self, side: u8) -> &str {
        self.0
            .get(usize::from(side))
            .map_or("?", |s| s.name.as_str())
    }
}

/// Steps each side has lost, for victory points.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct StepsLost(pub Vec<u32>);

impl StepsLost {
    /// One more step lost by `side`.
    pub fn count(&mut self, side: u8) {
        let at = usize::from(side);
        if self.0.len() <= at {
            self.0.resize(at + 1, 0);
        }
        self.0[at] += 1;
    }
}
