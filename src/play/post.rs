//! A game by e-mail in the window (`drumfire post open FILE`): the window opens in the
//! replay viewer at the moment this player last saw, so that the other player's
//! orders since then can be stepped through with their log and combat dialog; Play on
//! at the end gives the player the board. Each order is caught at the door (the
//! world's [`Outbox`]) and given to the turn file's game first
//! ([`drumfire_net::post::Opened::give`]): one that rolls no dice is carried out on the
//! board too; one that rolls dice waits in the file for the other player's reveal.
//! When the player's move is over, the file is written, to be sent back.

use super::network::NetView;
use crate::screen::UiStatus;
use bevy::prelude::*;
use drumfire_core::door;
use drumfire_core::orders::{self, OrderLog};
use drumfire_core::shared_dice::{DiceKeys, Outbox};
use drumfire_net::post::{self, Given, Opened};
use std::path::PathBuf;

/// The turn file's game, beside the window's.
pub struct PostPlay {
    /// The turn file (written again when the player's move is over).
    pub path: PathBuf,
    /// The game as the file holds it.
    pub opened: Opened,
    /// Has the file been written for the other player?
    pub written: bool,
    /// What happened last, for the Game by e-mail window.
    pub status: String,
    /// The board's order count when this player's own secret was last put where its
    /// screen reads it.
    kept_at: Option<usize>,
}

impl PostPlay {
    /// The game of a turn file opened here; the file is written at once when there is
    /// nothing for this player to do but send it back.
    pub fn new(path: PathBuf, opened: Opened) -> Self {
        let mut play = Self {
            path,
            opened,
            written: false,
            status: String::new(),
            kept_at: None,
        };
        if play.opened.ended_before {
            // The end, as the other player sent it: nothing to send back.
            play.status = post::where_it_stands(&play.opened);
        } else if !play.opened.my_move() {
            play.send();
        } else {
            play.status = post::where_it_stands(&play.opened);
        }
        play
    }

    /// Writes the file for the other player.
    fn send(&mut self) {
        let written = self
            .opened
            .finish()
            .and_then(|file| post::write(&self.path, &file));
        self.status = match written {
            Ok(()) => {
                self.written = true;
                format!(
                    "{} Wrote {}: send it to the {} player.",
                    post::where_it_stands(&self.opened),
                    self.path.display(),
                    post::side_name(&self.opened, 1 - self.opened.me)
                )
            }
            Err(e) => format!("Could not write the turn file: {e}"),
        };
    }

    fn view(&self) -> NetView {
        NetView {
            title: "Game by e-mail".into(),
            role: format!("Turn file {}", self.path.display()),
            invite: None,
            me: post::side_name(&self.opened, self.opened.me),
            set_up: true,
            status: self.status.clone(),
            stopped: None,
            save: self.path.display().to_string(),
        }
    }
}

/// The plugin of a game by e-mail.
pub fn plugin(app: &mut App) {
    app.init_resource::<NetView>().add_systems(PostUpdate, step);
}

/// Takes the player's order from the outbox to the turn file's game, and on to the
/// board when it rolled no dice.
fn step(world: &mut World) {
    let Some(mut play) = world.remove_non_send::<PostPlay>() else {
        return;
    };
    // This player's own secret (its sealed chits) where its screen reads them.
    let at = world.resource::<OrderLog>().0.len();
    if play.kept_at != Some(at) {
        let (me, seat) = (play.opened.me, &play.opened.seat);
        drumfire_net::session::keep_secret(world, me, &seat.chain, &seat.sealed);
        play.kept_at = Some(at);
    }
    let order = world
        .get_resource_mut::<Outbox>()
        .and_then(|mut o| o.0.take());
    if let Some(order) = order {
        give(world, &mut play, order);
    }
    world.insert_resource(play.view());
    world.insert_non_send(play);
}

fn give(world: &mut World, play: &mut PostPlay, order: orders::Order) {
    if !play.opened.my_move() {
        world.resource_mut::<UiStatus>().0 = if play.written {
            format!(
                "Your move is over: send {} to the other player.",
                play.path.display()
            )
        } else {
            "Not your move.".into()
        };
        return;
    }
    match play.opened.give(order.clone()) {
        Ok(Given::Done) => {
            // A move: the selection follows the piece, as when a move is carried out.
            if let Some(to) = super::offers::destination(world, &order) {
                world.resource_mut::<crate::input::Selection>().hex = Some(to);
            }
            world.resource_mut::<UiStatus>().0 = match catch_up(world, play) {
                Ok(()) => String::new(),
                Err(r) => format!("The board could not follow the order: {r}"),
            };
            if !play.opened.my_move() {
                play.send();
            } else {
                play.status = post::where_it_stands(&play.opened);
            }
        }
        Ok(Given::Pending) => {
            play.send();
            world.resource_mut::<UiStatus>().0 = play.status.clone();
        }
        Err(refusal) => world.resource_mut::<UiStatus>().0 = refusal,
    }
    world.write_message(bevy::window::RequestRedraw);
}

/// The board carries out the orders the file's game has and it has not: the player's
/// order (sealed, if it was a secret) and the opening that may follow it, their dice
/// locked as in the file's game.
fn catch_up(world: &mut World, play: &PostPlay) -> Result<(), String> {
    let Some(game) = play.opened.game.as_ref() else {
        return Ok(());
    };
    world.insert_resource(game.world().resource::<DiceKeys>().clone());
    let outbox = world.remove_resource::<Outbox>();
    let mut shown = Ok(());
    for order in game
        .orders()
        .iter()
        .skip(world.resource::<OrderLog>().0.len())
    {
        shown = door::submit(world, order.clone())
            .map_err(|r| r.0)
            .and_then(|()| drumfire_core::game::settle_now(world));
        if shown.is_err() {
            break;
        }
    }
    if let Some(o) = outbox {
        world.insert_resource(o);
    }
    shown
}

/// Play on in the viewer: the board is the player's, its orders caught at the door.
pub fn take_the_board(world: &mut World) {
    world.init_resource::<Outbox>();
}
