//! A Hint for the side a person plays: the order the Hard computer would give now
//! (H, or the Hint button), worked out in threads of its own ([`super::thinking`]) and
//! shown with what it does before any die, its odds where the rule set offers them,
//! and what the look-ahead expects of it; "Give it" gives it through the one door.
//! There is none in a game between two machines, nor in a replay.

use super::thinking::{Found, Thought};
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::journal::GameEvent;
use drumfire_core::lookahead::Budget;
use drumfire_core::orders::{Order, OrderLog};

/// The Hint asked for, being worked out, or shown.
#[derive(Resource, Default)]
pub struct Hint {
    /// H was pressed or the button clicked.
    pub request: bool,
    /// The look-ahead under way.
    pub thought: Option<Thought>,
    /// The hint to show.
    pub shown: Option<Shown>,
}

/// A hint as the window shows it.
#[derive(Clone, Debug)]
pub struct Shown {
    /// The orders in the game when it was worked out: it goes once the game moves on.
    pub moment: usize,
    /// The order.
    pub order: Order,
    /// What it does, in the log's words, up to its first die.
    pub lines: Vec<String>,
    /// Its button's words and odds, or the odds the rule set gives it.
    pub offer: Option<String>,
    /// What the look-ahead found.
    pub expects: String,
}

/// May a person ask for a hint here? Not in a game between two machines, nor in a
/// replay, nor at the table.
pub fn offered(world: &World) -> bool {
    !world.contains_resource::<super::network::NetView>()
        && !world.contains_resource::<drumfire_core::door::Watching>()
        && !world.contains_resource::<drumfire_core::table::TableMode>()
        && world.contains_resource::<super::session::GameSource>()
}

/// The side a hint would be for: the side awaited, when a person plays it here.
fn person_awaited(world: &World) -> Option<u8> {
    drumfire_core::flow::awaiting(world).filter(|s| !super::not_at_this_screen(world, *s))
}

/// H asks for a hint.
pub fn key(keys: Res<ButtonInput<KeyCode>>, mut hint: ResMut<Hint>) {
    if keys.just_pressed(KeyCode::KeyH) {
        hint.request = true;
    }
}

/// Works the hint out: started when asked (for a person's side awaited), shown when
/// found, dropped when the game moves on.
pub fn advance(world: &mut World, mut salt: Local<crate::screen::OfTheGame<u64>>) {
    let salt = salt.in_world(world);
    let moment = world.resource::<OrderLog>().0.len();
    let asked = std::mem::take(&mut world.resource_mut::<Hint>().request);
    if world
        .resource::<Hint>()
        .shown
        .as_ref()
        .is_some_and(|s| s.moment != moment)
    {
        world.resource_mut::<Hint>().shown = None;
    }
    if asked
        && offered(world)
        && let Some(side) = person_awaited(world)
    {
        *salt = salt.wrapping_add(1);
        let scenario = world
            .resource::<super::session::GameSource>()
            .scenario
            .clone();
        let budget = drumfire_core::lookahead::Budget::for_player(world);
        let thought = Thought::start(world, &scenario, (side, *salt), budget);
        let mut hint = world.resource_mut::<Hint>();
        hint.thought = Some(thought);
        hint.shown = None;
    }
    let Some(thought) = world.resource_mut::<Hint>().thought.take() else {
        return;
    };
    if !thought.current(world) {
        return;
    }
    let Some(found) = thought.found().cloned() else {
        world.resource_mut::<Hint>().thought = Some(thought);
        world.write_message(bevy::window::RequestRedraw);
        return;
    };
    let ahead = thought.budget().turns_ahead;
    let shown = shown(world, moment, (found, ahead), thought.events());
    world.resource_mut::<Hint>().shown = shown;
    world.write_message(bevy::window::RequestRedraw);
}

/// What the window shows of a finished look-ahead, its plays `ahead` game turns past
/// the present one.
fn shown(
    world: &World,
    moment: usize,
    (found, ahead): (Found, u16),
    events: &[GameEvent],
) -> Option<Shown> {
    let (order, weighed) = found?;
    let sides = world.resource::<drumfire_core::scenario::SideList>();
    let names = drumfire_core::journal::piece_names(world);
    let mut lines: Vec<String> = events.iter().map(|e| e.describe(sides, &names)).collect();
    if let Some((_, text)) = order.secret() {
        lines.push(format!(
            "Given in secret, shown when the rules show it: {text}"
        ));
    }
    // Its button where the selected piece offers it, and its odds: the button's, or
    // the rule set's.
    let button = world
        .get_resource::<super::offers::Offers>()
        .and_then(|o| o.offers.iter().find(|x| x.order == order).cloned());
    let odds = button.as_ref().and_then(|b| b.odds.clone()).or_else(|| {
        let rules = world.get_resource::<drumfire_core::scenario::Rules>()?;
        (rules.0.odds)(world, &order)
    });
    let offer = match (button, odds) {
        (Some(b), Some(odds)) => Some(format!("{}: {}", b.label, odds.summary())),
        (Some(b), None) => Some(b.label),
        (None, Some(odds)) => Some(format!("{}: {}", odds.title, odds.summary())),
        (None, None) => None,
    };
    Some(Shown {
        moment,
        expects: expects(&order, &weighed, ahead),
        order,
        lines,
        offer,
    })
}

/// What the look-ahead found for the order, its plays `ahead` game turns past the
/// present one, in words.
fn expects(order: &Order, weighed: &[drumfire_core::lookahead::Weighed], ahead: u16) -> String {
    let horizon = match ahead {
        1 => "the end of next turn".to_owned(),
        Budget::TO_THE_END => "the game's end".to_owned(),
        n => format!("{n} turns on"),
    };
    let Some(mine) = weighed.iter().find(|w| w.order == *order) else {
        return "It is the only order worth weighing here.".into();
    };
    let normal = &weighed[0];
    let plays = mine.worths.iter().filter(|w| !w.is_nan()).count();
    let mut text = format!(
        "Played forward {plays} times to {horizon} with dice of its own: on average {:+.1} victory points against the enemy's.",
        mine.mean
    );
    if normal.order == *order {
        text.push_str(&format!(
            " It is also the Normal computer's choice; {} other orders were weighed.",
            weighed.len() - 1
        ));
    } else {
        text.push_str(&format!(
            " {:+.1} points better than the Normal computer's choice over the same plays.",
            mine.ahead
        ));
    }
    text
}

/// The Hint window, and the thinking line while it is worked out.
pub fn window(ctx: &egui::Context, world: &mut World) {
    if let Some(t) = world.resource::<Hint>().thought.as_ref() {
        let p = t.progress();
        egui::Window::new("Hint")
            .collapsible(false)
            .resizable(false)
            .movable(false)
            .anchor(egui::Align2::RIGHT_TOP, [-12.0, 60.0])
            .show(ctx, |ui| {
                ui.label("Looking ahead…");
                ui.add(
                    egui::ProgressBar::new(p)
                        .desired_width(220.0)
                        .show_percentage(),
                );
            });
        return;
    }
    let Some(shown) = world.resource::<Hint>().shown.clone() else {
        return;
    };
    let mut open = true;
    let mut give = false;
    egui::Window::new("Hint")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .movable(false)
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 60.0])
        .default_width(340.0)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new("The Hard computer would give:").strong());
            for line in &shown.lines {
                ui.label(line);
            }
            if let Some(offer) = &shown.offer {
                ui.label(offer);
            }
            ui.label(egui::RichText::new(&shown.expects).small());
            ui.horizontal(|ui| {
                give = ui.button("Give it").clicked();
            });
        });
    if give {
        world.resource_mut::<super::offers::OrderRequest>().0 = Some(shown.order);
    }
    if give || !open {
        world.resource_mut::<Hint>().shown = None;
    }
}

/// The script's steps of the Hint and the computer's thinking: `hint` asks for a
/// hint once a person's side is awaited; `hinted` waits until it is shown;
/// `give-hint` gives it as "Give it" does; `thinking` waits until the Hard computer
/// is thinking and holds it from giving its order (so that a picture taken next shows
/// it thinking however quick it is); `go-on` lets it give its order. `None` for another
/// step; `Some(true)` while the step waits.
pub fn script_step(world: &mut World, words: &[String]) -> Option<bool> {
    match words.first()?.as_str() {
        "hint" if person_awaited(world).is_none() => Some(true),
        "hint" => {
            world.resource_mut::<Hint>().request = true;
            Some(false)
        }
        "hinted" => Some(world.resource::<Hint>().shown.is_none()),
        "give-hint" => {
            let shown = world.resource_mut::<Hint>().shown.take()?;
            world.resource_mut::<super::offers::OrderRequest>().0 = Some(shown.order);
            Some(false)
        }
        "thinking" => {
            let waits = world
                .get_resource::<super::computer::Thinking>()
                .is_none_or(|t| t.0.is_none());
            if !waits {
                world.resource_mut::<super::computer::Hold>().0 = true;
            }
            Some(waits)
        }
        "go-on" => {
            world.resource_mut::<super::computer::Hold>().0 = false;
            Some(false)
        }
        _ => None,
    }
}

/// The hint shown, as the script's `dump-view` writes it ("hint: ..." for each line,
/// "hint order: ..." for the order itself).
pub fn view_text(world: &World, out: &mut String) {
    use std::fmt::Write;
    let Some(shown) = world.get_resource::<Hint>().and_then(|h| h.shown.as_ref()) else {
        return;
    };
    for line in shown
        .lines
        .iter()
        .chain(&shown.offer)
        .chain([&shown.expects])
    {
        let _ = writeln!(out, "hint: {line}");
    }
    let _ = writeln!(out, "hint order: {:?}", shown.order);
}

#[cfg(test)]
mod tests {
    use super::*;
    use drumfire_core::game::Game;
    use drumfire_core::players::{Bot, PlayerKind};

    /// In every shipped scenario the first order the computer's side could give with
    /// odds, hinted with no piece selected (no button offers it): the hint shows the
    /// rule set's exact odds of it, with their title.
    #[test]
    fn a_hinted_order_shows_the_rule_sets_odds_with_no_button_selected() {
        for (set, name) in drumfire_core::testing::shipped_scenarios() {
            let scenario = drumfire_core::testing::shipped(&set, &name);
            let mut game = Game::new(&scenario, 3);
            let mut bots = [Bot::new(PlayerKind::Ai, 1), Bot::new(PlayerKind::Ai, 2)];
            let rules = game.world().resource::<drumfire_core::scenario::Rules>().0;
            let found = (0..600).find_map(|_| {
                let side = game.awaiting().expect("a side to act");
                let world = game.world();
                let with_odds = (rules.candidates)(world, side, 0)
                    .into_iter()
                    .find_map(|o| Some(((rules.odds)(world, &o)?, o)));
                if with_odds.is_none() {
                    let order = bots[usize::from(side)].choose(&game, side).unwrap();
                    game.submit(order).unwrap();
                }
                with_odds
            });
            let (odds, order) = found.unwrap_or_else(|| panic!("{name}: no order with odds"));
            let shown = shown(game.world(), 7, (Some((order.clone(), vec![])), 1), &[]).unwrap();
            assert_eq!((shown.order, shown.moment), (order, 7), "{name}");
            assert!(!odds.title.is_empty(), "{name}");
            assert_eq!(
                shown.offer,
                Some(format!("{}: {}", odds.title, odds.summary())),
                "{name}"
            );
        }
    }
}
