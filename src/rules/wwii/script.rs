//! The WWII rules' steps of the scripted-input mode (`play::script`), each doing what a
//! click on the panels does: `click HEX` (a shaded hex: the selected unit moves or
//! breaks through there), `press WORDS...` (the selected unit's button whose words
//! begin so), `pass` (the phase bar's end button), `assaults` (the bottom bar's
//! button); and the words the panels show, for `dump-view`.

use super::play::WwiiOffers;
use bevy::prelude::*;

pub(super) fn step(world: &mut World, words: &[String]) -> Option<Result<bool, String>> {
    let args = &words[1..];
    let result = match words[0].as_str() {
        "click" => crate::play::offers::click_step(world, args),
        "press" => crate::play::offers::press_step(world, args),
        "pass" => crate::play::offers::pass_step(world),
        "assaults" => {
            world
                .get_resource_or_insert_with(super::panels::AssaultsOpen::default)
                .0 = true;
            Ok(())
        }
        _ => return None,
    };
    Some(result.map(|()| true))
}

/// The selected unit's buttons with their odds, the shaded hexes, the overruns within
/// reach and the assault its group would fight.
pub(super) fn view_text(world: &mut World, out: &mut String) {
    use std::fmt::Write;
    crate::play::offers::view_text(world, out);
    let extra = world.resource::<WwiiOffers>();
    for (label, odds) in &extra.overruns {
        let _ = writeln!(out, "overrun: {label}: {}", odds.summary());
    }
    if let Some(odds) = &extra.assault {
        let _ = writeln!(out, "assault: {}: {}", odds.title, odds.summary());
        for m in &odds.modifiers {
            let _ = writeln!(out, "modifier: {m}");
        }
    }
    for f in &world
        .resource::<drumfire_core::rules::wwii::WwiiState>()
        .fought
    {
        let _ = writeln!(
            out,
            "fought: {} {:?}: rounds {:?}, lost {:?}, {}",
            f.kind, f.units, f.rounds, f.lost, f.ending
        );
    }
}
