//! What a rule set that lists its legal orders offers the player: the selected piece's
//! orders as buttons (each with its exact odds) and its moves by destination hex, a
//! click on a shaded hex to move, the order a button asks for submitted through the
//! one door, and the combat dialog opened on what the journal gained. The Portable and
//! Napoleonic rules fill it; each works out its own offers.

use super::{CombatReport, session::ReplayQueue};
use crate::input::{Hover, MapArea, Selection, over_map};
use crate::screen::UiStatus;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui;
use drumfire_core::coords::MapCoord;
use drumfire_core::door;
use drumfire_core::journal::{GameEvent, Journal};
use drumfire_core::odds::Odds;
use drumfire_core::orders::{self, Order};
use std::collections::BTreeMap;

/// One order the selected piece may give now, as a button shows it.
#[derive(Clone, Debug)]
pub struct Offer {
    /// The button's words.
    pub label: String,
    /// The exact odds, when the order rolls for a result.
    pub odds: Option<Odds>,
    /// The order.
    pub order: Order,
}

/// The selected piece's orders, and its moves by destination hex.
#[derive(Resource, Default)]
pub struct Offers {
    /// Orders for the selected piece, as buttons.
    pub offers: Vec<Offer>,
    /// Move orders by destination hex (for clicks on the map).
    pub moves: BTreeMap<MapCoord, Order>,
}

impl Offers {
    /// A move along `path` (hex labels, the start not included): its destination is
    /// shaded on the map with the hexes it takes, and a click there gives `order`.
    pub fn add_move(
        &mut self,
        reach: &mut BTreeMap<MapCoord, (u8, Vec<hexx::Hex>)>,
        path: &[String],
        order: &Order,
    ) {
        let hexes: Vec<hexx::Hex> = path
            .iter()
            .filter_map(|l| drumfire_core::scenario::hex_of(l))
            .collect();
        if let Some(m) = hexes.last().copied().and_then(MapCoord::from_hex) {
            reach.insert(m, (hexes.len() as u8, hexes));
            self.moves.insert(m, order.clone());
        }
    }
}

/// Puts the offers worked out in place, with their reach and targets on the map.
pub fn show(
    world: &mut World,
    offers: Offers,
    reach: BTreeMap<MapCoord, (u8, Vec<hexx::Hex>)>,
    targets: Vec<hexx::Hex>,
) {
    let generation = world.resource::<super::Preview>().generation + 1;
    world.insert_resource(super::Preview {
        reach,
        targets,
        generation,
        ..Default::default()
    });
    world.insert_resource(offers);
}

/// The script's `click HEX`: a click on a shaded hex (the selected piece moves there).
pub fn click_step(world: &mut World, args: &[String]) -> Result<(), String> {
    let h = super::script::hex(args.first())?;
    let m = MapCoord::from_hex(h).ok_or("off the map")?;
    if !world.resource::<Offers>().moves.contains_key(&m) && refused_click(world, h) {
        return Ok(());
    }
    let order = world
        .resource::<Offers>()
        .moves
        .get(&m)
        .cloned()
        .ok_or_else(|| format!("{} is not a shaded hex", m.label()))?;
    world.resource_mut::<OrderRequest>().0 = Some(order);
    Ok(())
}

/// The script's `press WORDS...`: the selected piece's button whose words begin so.
pub fn press_step(world: &mut World, args: &[String]) -> Result<(), String> {
    let words = args.join(" ");
    let order = world
        .resource::<Offers>()
        .offers
        .iter()
        .find(|o| o.label.starts_with(&words))
        .map(|o| o.order.clone())
        .ok_or_else(|| format!("no button begins `{words}`"))?;
    world.resource_mut::<OrderRequest>().0 = Some(order);
    Ok(())
}

/// The script's `pass`: the phase bar's end button, for the side to act.
pub fn pass_step(world: &mut World) -> Result<(), String> {
    let side = drumfire_core::flow::awaiting(world).ok_or("no side is to act")?;
    world.resource_mut::<OrderRequest>().0 = Some(Order::Pass { side });
    Ok(())
}

/// Why the selected piece cannot move to the hex under the mouse, in the rules' words
/// (their refusal of its move along the direct route), for a hex it cannot reach.
#[derive(Resource, Default)]
pub struct OutOfReach(pub Option<(hexx::Hex, String)>);

/// Works out [`OutOfReach`] when the selected piece, the hex under the mouse or the
/// game changed: for a piece of the side to act, played at this screen, and a hex that
/// is neither where it stands nor among its moves.
fn explain_out_of_reach(
    world: &mut World,
    mut seen: Local<
        crate::screen::OfTheGame<Option<(Option<Entity>, Option<hexx::Hex>, GameMoment)>>,
    >,
) {
    let seen = seen.in_world(world);
    let selected = world.resource::<Selection>().counter;
    let hover = world.resource::<Hover>().0;
    let key = (selected, hover, GameMoment::of(world));
    if seen.as_ref() == Some(&key) {
        return;
    }
    *seen = Some(key);
    let why = (|| {
        let (e, hex) = (selected?, hover?);
        let counter = world.get::<drumfire_core::counters::Counter>(e)?;
        let on = world.get::<drumfire_core::counters::OnHex>(e)?;
        let side = drumfire_core::flow::awaiting(world).filter(|s| *s == counter.side)?;
        let offered = MapCoord::from_hex(hex)
            .is_some_and(|m| world.resource::<Offers>().moves.contains_key(&m));
        if on.0 == hex || offered || super::not_at_this_screen(world, side) {
            return None;
        }
        let rules = world.resource::<drumfire_core::scenario::Rules>().0;
        (rules.out_of_reach)(world, &counter.id, hex).map(|words| (hex, words))
    })();
    world.resource_mut::<OutOfReach>().0 = why;
}

/// A click on `hex`, empty and out of the selected piece's reach (worked out for it
/// under the mouse): the reason goes on the phase bar; true when it was such a click.
pub fn refused_click(world: &mut World, hex: hexx::Hex) -> bool {
    let why = world
        .resource::<OutOfReach>()
        .0
        .clone()
        .filter(|(at, _)| *at == hex)
        .filter(|_| {
            world
                .resource::<drumfire_core::map::HexIndex>()
                .occupants(hex)
                .is_empty()
        });
    let Some((_, why)) = why else {
        return false;
    };
    world.resource_mut::<UiStatus>().0 = why;
    true
}

/// Why the selected piece has no order, and why the side to act has none at all in
/// this phase: what the window says where it would offer orders.
#[derive(Resource, Default, Clone, PartialEq, Debug)]
pub struct Idle {
    /// The selected piece's name and why it has no order now (the rules' refusals of
    /// what a player might try with it, each on a line of its own).
    pub piece: Option<(String, Vec<String>)>,
    /// The side to act has no order but to end the phase: said with the phase's name.
    pub phase: Option<String>,
}

/// Where the game stands, for what is worked out again when it moves on: the journal's
/// and the order log's lengths and the side awaited (an order that hands the turn over
/// without a journal entry still counts).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct GameMoment(usize, usize, Option<u8>);

impl GameMoment {
    fn of(world: &World) -> Self {
        Self(
            world.resource::<Journal>().entries().len(),
            world.resource::<orders::OrderLog>().0.len(),
            drumfire_core::flow::awaiting(world),
        )
    }
}

/// Works out [`Idle`] when the selection or the game changed.
fn explain_idle(
    world: &mut World,
    mut seen: Local<crate::screen::OfTheGame<Option<(Option<Entity>, GameMoment)>>>,
) {
    let seen = seen.in_world(world);
    let selected = world.resource::<Selection>().counter;
    let key = (selected, GameMoment::of(world));
    if seen.as_ref() == Some(&key) || !orders::is_settled(world) {
        return;
    }
    *seen = Some(key);
    let idle = Idle {
        piece: selected.and_then(|e| idle_piece(world, e)),
        phase: idle_phase(world),
    };
    if *world.resource::<Idle>() != idle {
        world.insert_resource(idle);
    }
}

/// Why piece `e` has no order now: it is the other side's turn, the side is played
/// elsewhere, or the rules refuse what a player might try with it.
fn idle_piece(world: &World, e: Entity) -> Option<(String, Vec<String>)> {
    let counter = world.get::<drumfire_core::counters::Counter>(e)?;
    let side = drumfire_core::flow::awaiting(world)?;
    let sides = world.resource::<drumfire_core::scenario::SideList>();
    let name = counter.name.clone();
    if counter.side != side {
        let why = format!(
            "It is a {} unit, and the {} side acts now.",
            sides.name(counter.side),
            sides.name(side)
        );
        return Some((name, vec![why]));
    }
    if super::not_at_this_screen(world, side) {
        return None;
    }
    let rules = world.resource::<drumfire_core::scenario::Rules>().0;
    Some((name, (rules.why_idle)(world, side, &counter.id)))
}

/// The phase's name, when the side to act (played at this screen) has no order but to
/// end it.
fn idle_phase(world: &World) -> Option<String> {
    let side = drumfire_core::flow::awaiting(world)?;
    if super::not_at_this_screen(world, side) {
        return None;
    }
    let rules = world.resource::<drumfire_core::scenario::Rules>().0;
    let only_pass = (rules.candidates)(world, side, 0)
        .iter()
        .all(|o| matches!(o, Order::Pass { .. }));
    if !only_pass {
        return None;
    }
    let phase = *world.resource::<State<drumfire_core::flow::Phase>>().get();
    let names = world.resource::<drumfire_core::flow::RuleSetPhases>();
    let sides = world.resource::<drumfire_core::scenario::SideList>();
    Some(format!(
        "No {side} unit has an order in the {phase}: end it with the button at the top.",
        side = sides.name(side),
        phase = phase_words(phase.name(names))
    ))
}

/// A phase's name as a sentence says it: "the combat phase".
fn phase_words(name: &str) -> String {
    let name = name.to_lowercase();
    if name.ends_with("phase") {
        name
    } else {
        format!("{name} phase")
    }
}

/// Under the selected piece, where its orders would be: why it has none.
pub fn idle_panel(ui: &mut egui::Ui, world: &World) {
    idle_lines(ui, world.resource::<Idle>());
}

/// [`idle_panel`] from the worked-out [`Idle`].
pub fn idle_lines(ui: &mut egui::Ui, idle: &Idle) {
    // Where the rules list nothing to try (orders given on a sheet for the whole side),
    // there is nothing to explain.
    let Some((name, why)) = idle.piece.clone().filter(|(_, why)| !why.is_empty()) else {
        return;
    };
    ui.separator();
    ui.strong(format!("No order for {name} now"));
    for line in why {
        ui.label(format!("• {line}"));
    }
}

/// At the top of the side panel: the side to act has nothing to do but end the phase.
pub fn idle_phase_line(ui: &mut egui::Ui, world: &World) {
    if let Some(line) = world.get_resource::<Idle>().and_then(|i| i.phase.clone()) {
        ui.colored_label(egui::Color32::from_rgb(235, 190, 90), line);
    }
}

/// An order asked for by a button or a key, submitted on the next update.
#[derive(Resource, Default)]
pub struct OrderRequest(pub Option<Order>);

/// The offers plugin: its resources (the rule sets add its systems with
/// [`add_systems`]).
pub fn plugin(app: &mut App) {
    app.init_resource::<Offers>()
        .init_resource::<OrderRequest>()
        .init_resource::<OutOfReach>()
        .init_resource::<Idle>();
}

/// Adds a rule set's offer systems, for games of rule set `rules`: Space passes for
/// the side to act, a click on a shaded hex moves, the order asked for is submitted,
/// then `work_out` fills the offers again.
pub fn add_systems<M>(
    app: &mut App,
    rules: &'static str,
    work_out: impl IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, M>,
) {
    app.add_systems(
        Update,
        (
            pass_on_space,
            move_on_click.run_if(not(bevy_egui::input::egui_wants_any_pointer_input)),
            submit_request,
            work_out,
            explain_out_of_reach,
            explain_idle,
        )
            .chain()
            .run_if(super::playing(rules))
            .in_set(super::RulesInput)
            .before(super::DrawOverlays)
            .before(crate::input::InputSet),
    );
}

/// Space is the phase bar's end button: the side to act passes (a refusal, where
/// the phase does not end by passing, shows on the phase bar).
fn pass_on_space(world: &mut World) {
    if !world.resource::<super::session::PassRequest>().0 {
        return;
    }
    if let Some(side) = drumfire_core::flow::awaiting(world) {
        world.resource_mut::<OrderRequest>().0 = Some(Order::Pass { side });
    }
}

/// What the offers were last worked out for.
#[derive(PartialEq, Clone, Default)]
pub struct Seen {
    game: crate::screen::GameSerial,
    selected: Option<Entity>,
    journal: usize,
}

/// Are the offers to be worked out again (the selection or the journal changed, and
/// the game is settled)? If so, the combat dialog opens on what the journal gained.
pub fn due(world: &mut World, last: &mut Option<Seen>) -> bool {
    if !orders::is_settled(world) {
        return false;
    }
    let now = Seen {
        game: world
            .get_resource::<crate::screen::GameSerial>()
            .copied()
            .unwrap_or_default(),
        selected: world.resource::<Selection>().counter,
        journal: world.resource::<Journal>().entries().len(),
    };
    if last.as_ref() == Some(&now) {
        return false;
    }
    let from = last
        .as_ref()
        .map_or(now.journal, |l| l.journal)
        .min(now.journal);
    *last = Some(now);
    report_combats(world, from);
    true
}

/// A click on a hex the selected piece can reach moves it there; a click on an empty
/// hex it cannot reach says why on the phase bar, and keeps the piece selected.
#[allow(clippy::too_many_arguments)]
fn move_on_click(
    mut buttons: ResMut<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    area: Res<MapArea>,
    hover: Res<Hover>,
    offers: Res<Offers>,
    out_of_reach: Res<OutOfReach>,
    index: Res<drumfire_core::map::HexIndex>,
    mut status: ResMut<UiStatus>,
    mut request: ResMut<OrderRequest>,
) {
    if !buttons.just_pressed(MouseButton::Left) || !over_map(&window, &area) {
        return;
    }
    let Some(order) = hover
        .0
        .and_then(MapCoord::from_hex)
        .and_then(|m| offers.moves.get(&m))
    else {
        if let Some((hex, why)) = &out_of_reach.0
            && hover.0 == Some(*hex)
            && index.occupants(*hex).is_empty()
        {
            buttons.clear_just_pressed(MouseButton::Left);
            status.0 = why.clone();
        }
        return;
    };
    // The click is the move's; the board's selection must not see it too.
    buttons.clear_just_pressed(MouseButton::Left);
    request.0 = Some(order.clone());
}

/// Where `order` takes the selected piece, when it is one of the moves on offer (the
/// selection follows a piece to where it moved).
pub fn destination(world: &World, order: &Order) -> Option<hexx::Hex> {
    world
        .get_resource::<Offers>()?
        .moves
        .iter()
        .find(|(_, o)| *o == order)
        .map(|(m, _)| m.to_hex())
}

/// Submits the order asked for; a refusal shows on the phase bar. After a move the
/// selection follows the piece to its new hex.
fn submit_request(world: &mut World) {
    if !orders::is_settled(world) {
        return;
    }
    let Some(order) = world.resource_mut::<OrderRequest>().0.take() else {
        return;
    };
    let rolls_dice = world
        .resource::<Offers>()
        .offers
        .iter()
        .any(|o| o.order == order && o.odds.is_some());
    if super::confirm::held(world, &order, rolls_dice) {
        return;
    }
    let moved_to = destination(world, &order);
    let status = match door::submit(world, order) {
        Ok(()) => {
            if let Some(to) = moved_to {
                world.resource_mut::<Selection>().hex = Some(to);
            }
            String::new()
        }
        Err(r) => r.0,
    };
    world.resource_mut::<UiStatus>().0 = status;
}

/// Does the combat dialog show this event (a fire or fight, a loss, a morale check)?
pub fn in_combat_dialog(event: &GameEvent) -> bool {
    matches!(
        event,
        GameEvent::Fired { .. }
            | GameEvent::StepLost { .. }
            | GameEvent::StandLost { .. }
            | GameEvent::MoraleChecked { .. }
    )
}

/// Opens the combat dialog on the fights, losses and morale checks the journal gained
/// since entry `from` (not while a save or an undo is being replayed, nor in the
/// replay viewer, which shows the combats of the order it stands at).
pub fn report_combats(world: &mut World, from: usize) {
    if !world.resource::<ReplayQueue>().0.is_empty() || super::viewer::watching(world) {
        return;
    }
    let events: Vec<GameEvent> = world.resource::<Journal>().entries()[from..]
        .iter()
        .map(|e| e.event.clone())
        .filter(in_combat_dialog)
        .collect();
    if !events.is_empty() {
        let mut report = world.resource_mut::<CombatReport>();
        report.events = events;
        report.open = true;
    }
}

/// The selected piece's orders as buttons, each with its odds on one line and, folded,
/// with every modifier; returns the order of the button pressed.
pub fn buttons(ui: &mut egui::Ui, offers: &[Offer]) -> Option<Order> {
    let mut asked = None;
    for offer in offers {
        let button = ui.button(&offer.label);
        if let Some(odds) = &offer.odds {
            let possible = odds.outcomes.iter().filter(|o| o.chance.ways > 0).count();
            if possible == 1 {
                // Only one result can come of it (a shot no die can make tell): said
                // before it is given.
                ui.colored_label(
                    egui::Color32::from_rgb(235, 190, 90),
                    format!("Certain: {}", odds.summary()),
                );
            } else {
                ui.label(odds.summary());
            }
            egui::CollapsingHeader::new("Odds, with every modifier")
                .id_salt(("odds", &offer.label))
                .show(ui, |ui| crate::screen::odds_panel(ui, odds));
        }
        if button.clicked() {
            button.surrender_focus();
            asked = Some(offer.order.clone());
        }
    }
    asked
}

/// The selected piece's buttons with their odds and the shaded hexes, as the script's
/// `dump-view` writes them ("button: ...", "odds: ...", "shaded: 0504 0505").
pub fn view_text(world: &World, out: &mut String) {
    use std::fmt::Write;
    let offers = world.resource::<Offers>();
    for o in &offers.offers {
        let _ = writeln!(out, "button: {}", o.label);
        if let Some(odds) = &o.odds {
            let _ = writeln!(out, "odds: {}", odds.summary());
        }
    }
    let moves: Vec<String> = offers.moves.keys().map(|m| m.label()).collect();
    if !moves.is_empty() {
        let _ = writeln!(out, "shaded: {}", moves.join(" "));
    }
    let idle = world.resource::<Idle>();
    if let Some(line) = &idle.phase {
        let _ = writeln!(out, "idle phase: {line}");
    }
    if let (Some((name, why)), true) = (&idle.piece, offers.offers.is_empty() && moves.is_empty()) {
        let _ = writeln!(out, "no order for {name}: {}", why.join(" | "));
    }
}
