//! Playing a turn by e-mail: this player's orders given (one that rolls dice kept
//! pending for the other player's reveal), the file to send back, the computer's
//! play, and what the player is told of the news and of where the game stands.

use super::*;

/// What a player's order did in a game by e-mail.
#[derive(Debug, PartialEq, Eq)]
pub enum Given {
    /// Carried out: it rolled no dice.
    Done,
    /// It rolls dice: it goes in the file with this player's reveal, its result
    /// unknown until the other player answers. The game stands as before it.
    Pending,
}

impl Opened {
    /// The side the game waits on, when it is this player's and nothing is pending.
    pub fn my_move(&self) -> bool {
        self.file.pending.is_none()
            && self
                .game
                .as_ref()
                .is_some_and(|g| !g.is_over() && g.awaiting() == Some(self.me))
    }

    /// Gives one of this player's orders: carried out if it rolls no dice, else kept
    /// pending for the other player's reveal. `Err` when the rules refuse it. A secret
    /// order goes sealed (its text kept in the seat, written before the file); when the
    /// rules then call for this player's seal to be opened, the opening follows.
    pub fn give(&mut self, order: Order) -> Result<Given, String> {
        let given = self.give_one(order)?;
        if given == Given::Done {
            self.open_due()?;
        }
        Ok(if self.file.pending.is_some() {
            Given::Pending
        } else {
            Given::Done
        })
    }

    /// Opens this player's seal while the game waits on it to be opened.
    pub(super) fn open_due(&mut self) -> Result<(), String> {
        while self.my_move() {
            let game = self.game.as_ref().expect("my move has a game");
            let Some(opening) =
                crate::session::opening(game, self.me, &self.seat.chain, &self.seat.sealed)
            else {
                return Ok(());
            };
            if self.give_one(opening)? == Given::Pending {
                return Ok(());
            }
        }
        Ok(())
    }

    fn give_one(&mut self, order: Order) -> Result<Given, String> {
        let Some(game) = self.game.as_mut() else {
            return Err("the game is not set up yet".into());
        };
        if self.file.pending.is_some() {
            return Err("an order already waits for the other player's reveal".into());
        }
        let number = game.orders().len() + 1;
        let order = crate::session::seal_secret(
            game,
            order,
            &self.seat.chain,
            number,
            &mut self.seat.sealed,
        )
        .map_err(|r| r.0)?;
        let before = save::save_of(game, &self.scenario, seed_of(game));
        let commitments = game
            .world()
            .resource::<shared_dice::DiceKeys>()
            .record
            .commitments()
            .map_err(|f| f.to_string())?;
        let signature = OrderKey::of(&self.seat.chain.secret()).sign(&commitments, number, &order);
        let kept = game.submit(order.clone());
        if kept.is_ok() {
            game.world_mut()
                .resource_mut::<shared_dice::DiceKeys>()
                .sign_next(&signature);
            crate::session::keep_secret(
                game.world_mut(),
                self.me,
                &self.seat.chain,
                &self.seat.sealed,
            );
        }
        match kept {
            Ok(()) => Ok(Given::Done),
            Err(_)
                if game
                    .world()
                    .resource::<drumfire_core::dice::Dice>()
                    .unkeyed_rolls()
                    > 0 =>
            {
                // The try rolled dice nobody may know yet: back to before it.
                let checked = checked_save("the game", &before)?;
                let (again, replayed) = save::replay(&checked);
                replayed.map_err(|d| d.to_string())?;
                *game = again;
                crate::session::keep_secret(
                    game.world_mut(),
                    self.me,
                    &self.seat.chain,
                    &self.seat.sealed,
                );
                let j = game
                    .world()
                    .resource::<shared_dice::DiceKeys>()
                    .record
                    .reveals
                    .len();
                self.file.pending = Some(Pending {
                    side: self.me,
                    reveal: hex(&reveal(&self.seat.chain, j)?),
                    order: Some(order),
                    signature: Some(hex(&signature)),
                });
                Ok(Given::Pending)
            }
            Err(r) => {
                if matches!(order, Order::Sealed { .. }) {
                    self.seat.sealed.remove(&number);
                }
                Err(r.0)
            }
        }
    }

    /// The file to send: the game as it stands, what is pending, to the other
    /// player; the seat and a copy are kept.
    pub fn finish(&mut self) -> Result<TurnFile, String> {
        if let Some(game) = self.game.as_mut() {
            let seed = seed_of(game);
            self.file.game = Some(save::save_of(game, &self.scenario, seed));
        }
        self.file.to = 1 - self.me;
        keep(&self.dir, &self.seat, &self.file)?;
        Ok(self.file.clone())
    }
}

/// Plays this player's side with the computer until the file must go back.
pub fn play_with(opened: &mut Opened, kind: PlayerKind) -> Result<(), String> {
    let salt = opened.game.as_ref().map_or(0, |g| g.orders().len() as u64);
    let mut bot = Bot::new(kind, salt ^ u64::from(opened.me));
    while opened.my_move() {
        let game = opened.game.as_ref().expect("my move has a game");
        let order = bot
            .choose(game, opened.me)
            .ok_or("the computer has no order to give")?;
        if opened.give(order)? == Given::Pending {
            break;
        }
    }
    Ok(())
}

/// The log of what happened since this player last saw the game, a line each.
pub fn news(opened: &Opened) -> Vec<String> {
    let Some(game) = opened.game.as_ref() else {
        return Vec::new();
    };
    let world = game.world();
    let sides = world.resource::<drumfire_core::scenario::SideList>();
    let names = drumfire_core::journal::piece_names(world);
    game.journal()
        .entries()
        .iter()
        .filter(|e| opened.seen.is_none_or(|seen| e.order > seen))
        .map(|e| format!("T{} · {}", e.turn, e.event.describe(sides, &names)))
        .collect()
}

/// The side's name.
pub fn side_name(opened: &Opened, side: u8) -> String {
    opened
        .scenario
        .file
        .sides
        .get(usize::from(side))
        .map_or_else(|| format!("side {}", side + 1), |s| s.name.clone())
}

/// Says what happened since the player last saw the game, and whose move it is.
pub fn tell_news(opened: &Opened, out: &mut dyn Write) {
    let _ = writeln!(out, "You play {}.", side_name(opened, opened.me));
    for line in news(opened) {
        let _ = writeln!(out, "{line}");
    }
}

/// What the file sent holds, for the player: the order waiting for the other
/// player's dice, the end of the game, where the file is.
pub fn where_it_stands(opened: &Opened) -> String {
    let other = side_name(opened, 1 - opened.me);
    let Some(game) = opened.game.as_ref() else {
        return format!("The set-up waits for the {other} player's answer.");
    };
    if let Some(outcome) = game.outcome() {
        let winner = outcome.winner.map_or_else(
            || "a draw".to_owned(),
            |w| format!("{} wins", side_name(opened, w)),
        );
        return format!("The game is over: {winner}.");
    }
    match &opened.file.pending {
        Some(Pending {
            order: Some(Order::Open { .. }),
            ..
        }) => format!(
            "Your sealed orders are opened (order {}), and the turn goes on to dice: that is \
             carried out when the {other} player opens the file and adds their reveal.",
            game.orders().len() + 1
        ),
        Some(p) if p.order.is_some() => format!(
            "Your order {} rolls dice: it is carried out when the {other} player opens the \
             file and adds their reveal.",
            game.orders().len() + 1
        ),
        _ if opened.my_move() => "Your move.".into(),
        _ => format!("The {other} player's move."),
    }
}

/// Says where the game stands and where the file to send is.
pub fn tell_sent(opened: &Opened, path: &Path, out: &mut dyn Write) {
    let _ = writeln!(out, "{}", where_it_stands(opened));
    let _ = writeln!(
        out,
        "Wrote {}: send it to the {} player.",
        path.display(),
        side_name(opened, 1 - opened.me)
    );
}
