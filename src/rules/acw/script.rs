//! The ACW rules' steps of the scripted-input mode (`play::script`), each doing what a
//! click on the panels does: `chit ID NAME...` (a pick on the chits sheet),
//! `place-chits` (its button), `choose first|second` (the initiative), `face DIR|none`
//! (the hexside a move ends facing), `click HEX` (a shaded hex: the selected unit
//! moves or charges there), `press WORDS...` (the selected unit's button whose words
//! begin so: `Turn over`, `Charge ...`, `Fire at ... : stand N`), `place N [turned]`
//! (the domino looked at, behind the Nth pair of stands), `pass` (the end button, or
//! "Hold fire" at a charger), `wait-odds` (until the charges' odds are worked out);
//! and the words the panels show, for `dump-view`.

use super::play::{AcwOffers, ChitsDraft, EndFacing, OddsJobs, charges_now, viewer};
use crate::play::offers::{Offers, OrderRequest};
use bevy::prelude::*;
use drumfire_core::rules::acw::AcwOrder;
use drumfire_core::rules::acw::chit::Chit;
use drumfire_core::scenario::FacingDef;

pub(super) fn step(world: &mut World, words: &[String]) -> Option<Result<bool, String>> {
    let args = &words[1..];
    let result = match words[0].as_str() {
        "chit" => chit(world, args),
        "place-chits" => place_chits(world),
        "choose" => choose(world, args),
        "face" => face(world, args),
        "click" => crate::play::offers::click_step(world, args),
        "press" => crate::play::offers::press_step(world, args),
        "place" => place(world, args),
        "pass" => crate::play::offers::pass_step(world),
        "wait-odds" => return Some(Ok(!world.resource::<OddsJobs>().busy())),
        _ => return None,
    };
    Some(result.map(|()| true))
}

fn chit(world: &mut World, args: &[String]) -> Result<(), String> {
    let Some(id) = args.first() else {
        return Err("chit needs a unit id and a chit".into());
    };
    let name = args[1..].join(" ");
    let c = Chit::ALL
        .into_iter()
        .find(|c| c.name() == name)
        .ok_or_else(|| format!("`{name}` is not a chit"))?;
    let mut draft = world.resource_mut::<ChitsDraft>();
    let slot = draft
        .chits
        .iter_mut()
        .find(|(u, _)| u == id)
        .ok_or_else(|| format!("`{id}` is not on the chits sheet"))?;
    slot.1 = Some(c);
    Ok(())
}

fn place_chits(world: &mut World) -> Result<(), String> {
    let draft = world.resource::<ChitsDraft>().clone();
    let side = draft.side.ok_or("no chits sheet is open")?;
    let chits = draft.complete().ok_or("a unit has no chit on the sheet")?;
    world.resource_mut::<OrderRequest>().0 = Some(AcwOrder::Chits { side, chits }.into());
    Ok(())
}

fn choose(world: &mut World, args: &[String]) -> Result<(), String> {
    let first = match args.first().map(String::as_str) {
        Some("first") => true,
        Some("second") => false,
        _ => return Err("choose needs `first` or `second`".into()),
    };
    let side = drumfire_core::flow::awaiting(world).ok_or("no side is to choose")?;
    world.resource_mut::<OrderRequest>().0 = Some(AcwOrder::Choose { side, first }.into());
    Ok(())
}

fn face(world: &mut World, args: &[String]) -> Result<(), String> {
    let word = args.first().map_or("", String::as_str);
    let facing = if word == "none" {
        None
    } else {
        Some(
            FacingDef::ALL
                .into_iter()
                .find(|f| format!("{f:?}") == word)
                .ok_or_else(|| format!("`{word}` is not a hexside (North, NorthEast, ...)"))?,
        )
    };
    world.insert_resource(EndFacing(facing));
    Ok(())
}

fn place(world: &mut World, args: &[String]) -> Result<(), String> {
    let n: usize = args
        .first()
        .and_then(|a| a.parse().ok())
        .filter(|n| *n >= 1)
        .ok_or("place needs the place, 1 for the first pair of stands")?;
    let turned = args.get(1).is_some_and(|a| a == "turned");
    let state = world.resource::<drumfire_core::rules::acw::AcwState>();
    let (side, ..) = state.placing.ok_or("there is no domino to place")?;
    world.resource_mut::<OrderRequest>().0 = Some(
        AcwOrder::Place {
            side,
            place: n - 1,
            turned,
        }
        .into(),
    );
    Ok(())
}

/// The chits sheet, the selected unit's buttons, the shaded hexes and the charges
/// with their odds.
pub(super) fn view_text(world: &mut World, out: &mut String) {
    use std::fmt::Write;
    for (id, c) in &world.resource::<ChitsDraft>().chits {
        let _ = writeln!(out, "sheet: {id} {}", c.map_or("-", Chit::name));
    }
    for o in &world.resource::<Offers>().offers {
        let _ = writeln!(out, "button: {}", o.label);
    }
    for s in &world.resource::<AcwOffers>().shots {
        if let Some(odds) = &s.odds {
            let _ = writeln!(out, "odds: {}: {}", s.label, odds.summary());
        }
    }
    for f in &world.resource::<super::play::FoughtCharges>().fights {
        if let Some(r) = &f.charge.result {
            let names = [f.names[0].as_str(), f.names[1].as_str()];
            for (i, pair) in r.scores.iter().enumerate() {
                let line = drumfire_core::rules::acw::combat::pair_line(i, *pair, names);
                let _ = writeln!(out, "fought: {line}");
            }
            for (name, o) in names.iter().zip(&r.outcomes) {
                let _ = writeln!(out, "fought: {name}: {}", o.name());
            }
        }
    }
    let moves: Vec<String> = world
        .resource::<Offers>()
        .moves
        .keys()
        .map(|m| m.label())
        .collect();
    if !moves.is_empty() {
        let _ = writeln!(out, "shaded: {}", moves.join(" "));
    }
    let mut setups: Vec<(String, drumfire_core::rules::acw::combat::PreviewSetup)> = world
        .resource::<AcwOffers>()
        .charges
        .iter()
        .map(|c| (c.label.clone(), c.setup.clone()))
        .collect();
    let seen_by = viewer(world);
    for (k, setup) in charges_now(world, seen_by) {
        if let Some(s) = setup {
            setups.push((format!("charge {}", k + 1), s));
        }
    }
    for (label, setup) in setups {
        match world.resource_mut::<OddsJobs>().get(&setup) {
            Some(Some(odds)) => {
                for (who, charger) in [("charger", true), ("defender", false)] {
                    let line: Vec<String> = odds
                        .side(charger)
                        .iter()
                        .map(|(o, p)| format!("{} {:.1}%", o.name(), p * 100.0))
                        .collect();
                    let _ = writeln!(out, "charge odds: {label}: {who}: {}", line.join(" · "));
                }
            }
            _ => {
                let _ = writeln!(out, "charge odds: {label}: working out");
            }
        }
    }
}
