//! Asking before an order that cannot be taken back: a side ending its part of a phase
//! while it still has orders it could give, and (when the player wants it) an order
//! that rolls dice. The order waits, the question names what would be given up, and
//! the player gives it or goes back; "Don't ask again" turns the question off in the
//! settings. Orders a script gives are never held (a script says what it means).

use crate::settings::Settings;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use drumfire_core::door;
use drumfire_core::orders::Order;

/// The order waiting for the player's answer, and the question.
#[derive(Resource, Default)]
pub struct Asking(Option<Question>);

/// An order held, with what is asked about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The order, given as it is on yes.
    pub order: Order,
    /// The window's title.
    pub title: String,
    /// What would be given up.
    pub words: String,
    /// The button that gives it.
    pub give: String,
    /// Which setting "Don't ask again" turns off.
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Ending,
    Dice,
}

impl Asking {
    /// The question being asked, if any.
    pub fn question(&self) -> Option<&Question> {
        self.0.as_ref()
    }
}

/// The player's answer, carried out on the next update.
#[derive(Resource, Default)]
struct Answer(Option<(bool, bool)>);

/// The confirmation's resources, its window and the answer carried out.
pub fn plugin(app: &mut App) {
    app.init_resource::<Asking>()
        .init_resource::<Answer>()
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            ask.after(crate::screen::DrawUi),
        )
        .add_systems(Update, answer);
}

/// Is `order` held to be asked about first (then it is kept, and given or dropped when
/// the player answers)? `rolls_dice`: the order rolls for its result, as its odds say.
pub fn held(world: &mut World, order: &Order, rolls_dice: bool) -> bool {
    if world.contains_resource::<crate::input::ScriptedPointer>()
        || world.resource::<Asking>().0.is_some()
    {
        return false;
    }
    let Some(question) = question(world, order, rolls_dice) else {
        return false;
    };
    world.resource_mut::<Asking>().0 = Some(question);
    true
}

/// What to ask before `order`, if anything, as the settings say.
pub fn question(world: &World, order: &Order, rolls_dice: bool) -> Option<Question> {
    let settings = world.resource::<Settings>();
    if let Order::Pass { side } = *order {
        if !settings.ask_before_ending || door::validate(world, order).is_err() {
            return None;
        }
        let open = still_open(world, side);
        if open == 0 {
            return None;
        }
        let name = world
            .resource::<drumfire_core::scenario::SideList>()
            .name(side)
            .to_owned();
        return Some(Question {
            order: order.clone(),
            title: "Give up the orders left?".into(),
            words: format!(
                "{open} more order{} {} open to the {name} side now. Passing gives {} up, \
                 and cannot be taken back.",
                if open == 1 { "" } else { "s" },
                if open == 1 { "is" } else { "are" },
                if open == 1 { "it" } else { "them" },
            ),
            give: "Pass".into(),
            kind: Kind::Ending,
        });
    }
    (rolls_dice && settings.ask_before_dice).then(|| Question {
        order: order.clone(),
        title: "Roll the dice?".into(),
        words: "This order rolls dice: once they are rolled it cannot be undone.".into(),
        give: "Roll".into(),
        kind: Kind::Dice,
    })
}

/// How many orders besides passing `side` could give now, as its rules list them.
fn still_open(world: &World, side: u8) -> usize {
    let rules = world.resource::<drumfire_core::scenario::Rules>().0;
    (rules.candidates)(world, side, 0)
        .iter()
        .filter(|o| !matches!(o, Order::Pass { .. }))
        .count()
}

fn ask(
    mut contexts: EguiContexts,
    asking: Res<Asking>,
    mut answer: ResMut<Answer>,
    mut dont_ask: Local<bool>,
) -> Result {
    let Some(q) = &asking.0 else {
        *dont_ask = false;
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(q.title.as_str())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -170.0])
        .show(ctx, |ui| {
            ui.label(q.words.as_str());
            ui.checkbox(&mut dont_ask, "Don't ask again (Settings turn it back on)");
            ui.horizontal(|ui| {
                if ui.button(q.give.as_str()).clicked() {
                    answer.0 = Some((true, *dont_ask));
                }
                if ui.button("Go back").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape))
                {
                    answer.0 = Some((false, *dont_ask));
                }
            });
        });
    Ok(())
}

/// Gives the held order on yes (a refusal shows on the phase bar) or drops it, and
/// turns the question off when asked to.
fn answer(world: &mut World) {
    let Some((give, dont_ask)) = world.resource_mut::<Answer>().0.take() else {
        return;
    };
    let Some(q) = world.resource_mut::<Asking>().0.take() else {
        return;
    };
    if dont_ask {
        let mut settings = world.resource_mut::<Settings>();
        match q.kind {
            Kind::Ending => settings.ask_before_ending = false,
            Kind::Dice => settings.ask_before_dice = false,
        }
        if let Err(e) = settings.save() {
            warn!("the settings could not be kept: {e}");
        }
    }
    if give {
        let status = door::submit(world, q.order)
            .err()
            .map(|r| r.0)
            .unwrap_or_default();
        world.resource_mut::<crate::screen::UiStatus>().0 = status;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use drumfire_core::game::Game;
    use drumfire_core::testing::{shipped, shipped_scenarios};

    /// The first shipped game where the side to act may pass with orders still open:
    /// the game, the side, how many are open.
    fn a_pass_with_orders_left() -> (Game, u8, usize) {
        shipped_scenarios()
            .into_iter()
            .find_map(|(set, name)| {
                let mut game = Game::new(&shipped(&set, &name), 3);
                game.world_mut().insert_resource(Settings::default());
                let side = drumfire_core::flow::awaiting(game.world())?;
                let pass = Order::Pass { side };
                let open = still_open(game.world(), side);
                (door::validate(game.world(), &pass).is_ok() && open > 0)
                    .then_some((game, side, open))
            })
            .expect("a shipped game where a pass gives up orders")
    }

    /// A pass with orders still open is asked about, naming how many; not when the
    /// setting is off, nor when the pass is refused anyway; an order that rolls dice
    /// only when the player asked for it. The settings are the game's own, not the
    /// player's file.
    #[test]
    fn a_pass_that_gives_up_orders_is_asked_about_and_the_settings_turn_it_off() {
        let (mut game, side, open) = a_pass_with_orders_left();
        let pass = Order::Pass { side };
        let q = question(game.world(), &pass, false).expect("asked");
        assert_eq!(q.kind, Kind::Ending);
        let more = if open == 1 { "order is" } else { "orders are" };
        assert!(
            q.words
                .starts_with(&format!("{open} more {more} open to the ")),
            "{}",
            q.words
        );
        let other = Order::Pass { side: 1 - side };
        assert_eq!(
            question(game.world(), &other, false),
            None,
            "a pass refused is not asked about"
        );
        let any =
            Order::Table(drumfire_core::table_order::TableOrder::Remove { piece: "x".into() });
        assert_eq!(
            question(game.world(), &any, true),
            None,
            "dice: off by default"
        );
        game.world_mut().resource_mut::<Settings>().ask_before_dice = true;
        assert_eq!(
            question(game.world(), &any, true).map(|q| q.kind),
            Some(Kind::Dice)
        );
        assert_eq!(question(game.world(), &any, false), None);
        game.world_mut()
            .resource_mut::<Settings>()
            .ask_before_ending = false;
        assert_eq!(question(game.world(), &pass, false), None);
    }
}
