//! What a side does not know, put out of sight in a copy of the game for the Hard
//! player's look-ahead ([`crate::rule_set::ComputerPlayer::disguise`]).

use super::combat::Behind;
use super::dominoes::Domino;
use super::shooting_phase::HeldFire;
use super::state::AcwState;
use bevy_ecs::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// In the Orders phase the other side's chits, given or not, are taken back (it gives
/// them again in the copy, as the Normal player would); later in the turn each of its
/// chits still face down becomes the one the Normal player would give that unit now,
/// and holds its fire at a charger as that chit would have it hold.
/// Every domino `viewer` has not seen (the set, the other line's, its own drawn blind)
/// is shuffled among the places they lie in.
pub fn disguise(world: &mut World, viewer: u8, salt: u64) {
    let in_orders = *world
        .resource::<bevy_state::state::State<crate::flow::Phase>>()
        .get()
        == super::ORDERS;
    let guesses: Vec<(u8, Vec<(String, super::chit::Chit)>)> = {
        let state = world.resource::<AcwState>();
        state
            .chits
            .keys()
            .filter(|s| **s != viewer)
            .map(|s| (*s, super::ai::chits_for(world, *s)))
            .collect()
    };
    let mut state = world.resource_mut::<AcwState>();
    for (side, guess) in guesses {
        if in_orders {
            state.chits.remove(&side);
            continue;
        }
        let revealed = state.revealed.clone();
        if let Some(chits) = state.chits.get_mut(&side) {
            for (unit, chit) in chits.iter_mut() {
                if revealed.contains(unit) {
                    continue;
                }
                if let Some((_, g)) = guess.iter().find(|(u, _)| u == unit) {
                    *chit = *g;
                }
            }
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(salt ^ 0xd0_3140);
    for charge in state.charges.iter_mut().filter(|c| !c.fought) {
        let own = usize::from(charge.defender_side == viewer);
        shuffle_unseen(&mut charge.set, &mut charge.lines, own, &mut rng);
    }
    hold_fire_as_guessed(world, viewer);
}

/// Which of the other side's units held their fire at a charger tells which of
/// them are on a Fire or Opportunity Fire chit: in the copy, each of its units whose
/// chit is still face down holds its fire at the chargers whose fire window it passed
/// (which all could see) as the rules would have it hold on its guessed chit
/// ([`super::resolve::charge_shots`], as `hold_fire` asks it).
fn hold_fire_as_guessed(world: &mut World, viewer: u8) {
    let Some(held) = world.get_resource::<HeldFire>().cloned() else {
        return;
    };
    let state = world.resource::<AcwState>();
    let hidden: BTreeSet<String> = super::view::units(world)
        .into_iter()
        .filter(|u| u.side != viewer && !state.revealed.contains(&u.id))
        .map(|u| u.base.id)
        .collect();
    // The windows passed by the other side: those of the charges it defends.
    let passed: Vec<usize> = (0..state.charges.len())
        .filter(|k| {
            let charge = &state.charges[*k];
            charge.defender_side != viewer && held.0.iter().any(|(_, c)| *c == charge.charger)
        })
        .collect();
    let mut kept: BTreeSet<(String, String)> = held
        .0
        .into_iter()
        .filter(|(u, _)| !hidden.contains(u))
        .collect();
    // The units' own past holds must not bar them while they are weighed again.
    world.insert_resource(HeldFire(kept.clone()));
    for k in passed {
        let charger = world.resource::<AcwState>().charges[k].charger.clone();
        for u in super::resolve::charge_shots(world, k) {
            if hidden.contains(&u.base.id) {
                kept.insert((u.base.id, charger.clone()));
            }
        }
    }
    world.insert_resource(HeldFire(kept));
}

/// Shuffles the dominoes of a charge that the owner of line `own` has not seen: the
/// result depends on which dominoes they are, not on where they lay.
fn shuffle_unseen(set: &mut [Domino], lines: &mut [Behind; 2], own: usize, rng: &mut ChaCha8Rng) {
    let mut slots: Vec<&mut Domino> = set.iter_mut().collect();
    for (i, line) in lines.iter_mut().enumerate() {
        let seen = if i == own { line.face_up } else { None };
        if i != own
            && let Some(hand) = line.hand.as_mut()
        {
            slots.push(hand);
        }
        slots.extend(line.blind.iter_mut());
        slots.extend(
            line.places
                .iter_mut()
                .enumerate()
                .filter(|(k, _)| Some(*k) != seen)
                .map(|(_, d)| d),
        );
    }
    // What lies where, and which way round, must not show through: the pool is put
    // in one order, each domino one way round, before it is shuffled.
    let mut pool: Vec<Domino> = slots
        .iter()
        .map(|d| Domino(d.0.min(d.1), d.0.max(d.1)))
        .collect();
    pool.sort();
    for i in (1..pool.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        pool.swap(i, j);
    }
    for d in &mut pool {
        if rng.next_u64() & 1 == 1 {
            *d = d.turned();
        }
    }
    for (slot, d) in slots.into_iter().zip(pool) {
        *slot = d;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(
        hand: Option<Domino>,
        blind: &[Domino],
        places: &[Domino],
        face_up: Option<usize>,
    ) -> Behind {
        Behind {
            places: places.to_vec(),
            hand,
            blind: blind.to_vec(),
            face_up,
            hits: Vec::new(),
        }
    }

    /// The defender's line (own) has placed its dominoes, the one it looked at in
    /// place 1; the charger has one in hand and two blind. What the defender has not
    /// seen lies elsewhere in the second charge (the set in another order, the blind
    /// ones and the charger's hand swapped, one turned round): after the shuffle both
    /// are alike, and the domino it looked at has not moved.
    #[test]
    fn dominoes_unseen_are_shuffled_alike_wherever_they_lay() {
        let (a, b, c, d) = (Domino(6, 1), Domino(2, 3), Domino(5, 5), Domino(0, 4));
        let (e, f, g) = (Domino(1, 1), Domino(6, 6), Domino(3, 4));
        let mut first_set = vec![e, f, g];
        let mut first = [
            line(Some(a), &[b, c], &[], None),
            line(None, &[], &[d, Domino(2, 2), Domino(1, 5)], Some(1)),
        ];
        let mut second_set = vec![g.turned(), e, f];
        let mut second = [
            line(Some(c), &[a, b], &[], None),
            line(None, &[], &[Domino(1, 5), Domino(2, 2), d], Some(1)),
        ];
        shuffle_unseen(
            &mut first_set,
            &mut first,
            1,
            &mut ChaCha8Rng::seed_from_u64(3),
        );
        shuffle_unseen(
            &mut second_set,
            &mut second,
            1,
            &mut ChaCha8Rng::seed_from_u64(3),
        );
        assert_eq!(first_set, second_set);
        assert_eq!(first, second);
        assert_eq!(first[1].places[1], Domino(2, 2));
    }
}
