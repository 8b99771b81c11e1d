//! Checks for tests of the ACW between two machines: each charge's dominoes hidden
//! until its fight, and each machine reading only its own looked-at dominoes.

/// The ACW looked-at dominoes machines have read between two machines: by turn, the
/// charger's name and line (0 the charger's), the domino (lower half first).
pub type LookedAt = std::collections::BTreeMap<(u16, String, usize), super::dominoes::Domino>;

/// Between two machines, an ACW game as one machine has it after an order: no domino
/// of a charge not yet fought has a face, and the looked-at dominoes this machine has
/// read (`OwnDominoes`) are its own side's, which go into `looked`.
pub fn acw_dealt_face_down(
    world: &bevy_ecs::world::World,
    machine: u8,
    looked: &mut LookedAt,
) -> Result<(), String> {
    use super::{AcwState, deal::OwnDominoes, view};
    let state = world.resource::<AcwState>();
    for c in state.charges.iter().filter(|c| c.result.is_none()) {
        let lines = c.lines.iter();
        let all = lines.flat_map(|l| l.places.iter().chain(&l.blind).chain(&l.hand));
        if let Some(d) = all.chain(&c.set).find(|d| d.face_down_place().is_none()) {
            return Err(format!("{} charging: a face known, {d:?}", c.charger));
        }
    }
    let Some(own) = world.get_resource::<OwnDominoes>() else {
        return Ok(());
    };
    if own.side != machine {
        return Err(format!(
            "machine {machine} reads side {}'s dominoes",
            own.side
        ));
    }
    let turn = world.resource::<crate::flow::Turn>().0;
    for (&(k, place), (face, _)) in &own.faces {
        let line = usize::from(place != 0);
        let charge = &state.charges[k];
        let charger = view::unit(world, &charge.charger).ok_or("no charger")?;
        let owner = [charger.side, charge.defender_side][line];
        if owner != own.side {
            return Err(format!(
                "charge {k}: side {} reads side {owner}'s domino",
                own.side
            ));
        }
        looked.insert((turn, charger.base.name, line), *face);
    }
    Ok(())
}

/// Each ACW fight's dominoes as the log shows them turned over, checked against the
/// looked-at dominoes the machines read before (`looked`); the computer player places
/// its looked-at domino first in the line. Returns the looked-at dominoes checked.
pub fn acw_turned_over_as_read(
    journal: &crate::journal::Journal,
    looked: &LookedAt,
) -> Result<usize, String> {
    use crate::journal::GameEvent;
    let mut checked = 0;
    for e in journal.entries() {
        let GameEvent::Note { text } = &e.event else {
            continue;
        };
        let Some(rest) = text.strip_prefix("The dominoes are turned over: ") else {
            continue;
        };
        let firsts: Vec<&str> = rest
            .split("; ")
            .map(|line| line.split(' ').find(|w| w.contains('|')).unwrap_or(""))
            .collect();
        for ((turn, name, line), face) in looked {
            if *turn == e.turn && rest.starts_with(&format!("{name} ")) {
                let shown = firsts.get(*line).map_or("", |f| f.trim_end_matches('.'));
                let (a, b) = (face.label(), face.turned().label());
                if shown != a && shown != b {
                    return Err(format!(
                        "turn {turn}, {name}: {shown} turned over, {a} read"
                    ));
                }
                checked += 1;
            }
        }
    }
    Ok(checked)
}

/// Between two machines, no set of dominoes outlives the Combat phase of its turn
/// unproved: outside the phases from Movement (where charges are dealt) to Combat
/// (which waits for every lock), no deal is under way.
pub fn acw_no_deal_outlives_combat(world: &bevy_ecs::world::World) -> Result<(), String> {
    use bevy_state::prelude::State;
    let phase = *world.resource::<State<crate::flow::Phase>>().get();
    let open = world
        .get_resource::<super::deal::Deals>()
        .map_or(0, |d| d.0.len());
    if open > 0 && ![super::MOVEMENT, super::SHOOTING, super::COMBAT].contains(&phase) {
        return Err(format!("{open} sets still dealt in {phase:?}"));
    }
    Ok(())
}
