//! > "To start a turn, each player rolls one die and adds his or her side's
//! > initiative (specified in scenario instructions) to the die-roll. The player
//! > who rolls higher will fire first in the Bombardment Phase and will take the
//! > first action segment during the Action Phase (re-roll ties)."

use crate::dice::Dice;
use crate::flow::{Initiative, Phase, SequenceOfPlay, finish_phase};
use crate::journal::{GameEvent, Journal};
use crate::scenario::SideList;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

/// Each side rolls 1d6 + initiative; ties are re-rolled; the higher total wins.
pub fn roll_for_initiative(
    mut dice: ResMut<Dice>,
    mut journal: ResMut<Journal>,
    sides: Res<SideList>,
    figures: Res<super::scenario::GwSides>,
    mut initiative: ResMut<Initiative>,
    sequence: Res<SequenceOfPlay>,
    mut next: ResMut<NextState<Phase>>,
) {
    loop {
        let totals: Vec<i16> = sides
            .0
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let die = dice.roll(&mut journal, 1, format!("initiative: {}", s.name))[0];
                i16::from(die) + i16::from(figures.get(i as u8).initiative)
            })
            .collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        let winners: Vec<usize> = (0..totals.len()).filter(|i| totals[*i] == best).collect();
        if let [winner] = winners[..] {
            initiative.0 = Some(winner as u8);
            journal.push(GameEvent::InitiativeWon {
                side: winner as u8,
                totals,
            });
            break;
        }
    }
    finish_phase(&sequence, super::INITIATIVE, &mut next);
}
