//! The Napoleonic rules' steps of the scripted-input mode (`play::script`), each doing
//! what a click on the panels does: `order ID Attack|Engage|Hold` (a pick on the
//! orders sheet), `give-orders` (its button), `click HEX` (a shaded hex: the selected
//! brigade moves there), `press WORDS...` (the selected brigade's button whose words
//! begin so), `pass` (the phase bar's end button); and the words the panels show, for
//! `dump-view`.

use super::play::OrdersDraft;
use crate::play::offers::OrderRequest;
use bevy::prelude::*;
use drumfire_core::rules::napoleonic::NpOrder;
use drumfire_core::rules::napoleonic::brigade::Command;

pub(super) fn step(world: &mut World, words: &[String]) -> Option<Result<bool, String>> {
    let args = &words[1..];
    let result = match words[0].as_str() {
        "order" => order(world, args),
        "give-orders" => give(world),
        "click" => crate::play::offers::click_step(world, args),
        "press" => crate::play::offers::press_step(world, args),
        "pass" => crate::play::offers::pass_step(world),
        _ => return None,
    };
    Some(result.map(|()| true))
}

fn order(world: &mut World, args: &[String]) -> Result<(), String> {
    let (Some(id), Some(c)) = (args.first(), args.get(1)) else {
        return Err("order needs a brigade id and Attack, Engage or Hold".into());
    };
    let command = Command::ALL
        .into_iter()
        .find(|x| x.name() == c)
        .ok_or_else(|| format!("`{c}` is not Attack, Engage or Hold"))?;
    let mut draft = world.resource_mut::<OrdersDraft>();
    let o = draft
        .orders
        .iter_mut()
        .find(|(b, _)| b == id)
        .ok_or_else(|| format!("`{id}` is not on the orders sheet"))?;
    o.1 = command;
    Ok(())
}

fn give(world: &mut World) -> Result<(), String> {
    let draft = world.resource::<OrdersDraft>().clone();
    let side = draft.side.ok_or("no orders sheet is open")?;
    world.resource_mut::<OrderRequest>().0 = Some(
        NpOrder::Orders {
            side,
            orders: draft.orders,
        }
        .into(),
    );
    Ok(())
}

/// The orders sheet and the selected brigade's buttons, with their odds.
pub(super) fn view_text(world: &mut World, out: &mut String) {
    use std::fmt::Write;
    let draft = world.resource::<OrdersDraft>();
    for (id, c) in &draft.orders {
        let _ = writeln!(out, "sheet: {id} {}", c.name());
    }
    crate::play::offers::view_text(world, out);
}
