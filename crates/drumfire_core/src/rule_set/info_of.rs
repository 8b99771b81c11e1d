//! The plain functions [`RuleSetInfo::of`] makes of a rule set's methods: the core's
//! check of an order, its odds, why a piece cannot move or has no order, the plugin,
//! and the readers of its orders and of its section.

use super::*;
use crate::orders::RulesOrder;

/// [`RuleSetInfo::out_of_reach`] for rule set `R`: its move of the piece along the
/// straight line to `to`, checked by its own rules.
pub(super) fn out_of_reach_for<R: RuleSet>(
    world: &World,
    piece: &str,
    to: hexx::Hex,
) -> Option<String> {
    let e = world.resource::<crate::counters::PieceIds>().get(piece)?;
    let (counter, on) = (
        world.get::<crate::counters::Counter>(e)?,
        world.get::<crate::counters::OnHex>(e)?,
    );
    let label = |h: hexx::Hex| crate::coords::MapCoord::from_hex(h).map(|m| m.label());
    let path = crate::map::direct_route(on.0, to)
        .into_iter()
        .map(label)
        .collect::<Option<Vec<String>>>()?;
    if path.is_empty() {
        return None;
    }
    if R::awaiting(world) != Some(counter.side) {
        return None;
    }
    let order = R::move_along(counter.side, piece, path)?;
    let to = label(to)?;
    Some(match R::validate(world, &order) {
        Err(r) => format!("{to} is out of reach. On the direct route: {}", r.0),
        Ok(()) => format!("{to} cannot be reached this way; try a path round."),
    })
}

/// The side of the piece with id `piece`, if it is on the table.
fn side_of(world: &World, piece: &str) -> Option<u8> {
    let e = world.resource::<crate::counters::PieceIds>().get(piece)?;
    world.get::<crate::counters::Counter>(e).map(|c| c.side)
}

/// [`RuleSetInfo::why_idle`] for rule set `R`.
pub(super) fn why_idle_for<R: RuleSet>(world: &World, side: u8, piece: &str) -> Vec<String> {
    // Only for a piece of the side the game waits on: the rules' checks of another
    // side's orders could read what that side keeps hidden.
    if R::awaiting(world) != Some(side) || side_of(world, piece) != Some(side) {
        return Vec::new();
    }
    let mut why: Vec<String> = Vec::new();
    for order in R::tries(world, side, piece) {
        match R::validate(world, &order) {
            Ok(()) => return Vec::new(),
            Err(r) if !why.contains(&r.0) => why.push(r.0),
            Err(_) => {}
        }
    }
    why
}

/// The core's check of an order for rule set `R`: a pass, or one of its own orders.
pub(super) fn validate_for<R: RuleSet>(world: &World, order: &Order) -> Result<(), Refusal> {
    match order {
        Order::Pass { side } => R::pass(world, *side),
        Order::Rules(o) => match o.get::<R::Order>() {
            Some(o) => R::validate(world, o),
            None => Err(Refusal(format!(
                "That is not an order of these rules ({}).",
                R::NAME
            ))),
        },
        // Hand moves are table mode's to decide and seals the sealing stage's (`door::Stage`):
        // one that reaches the rule set was taken by no stage, and is no order of its.
        Order::Table(_) => Err(Refusal(
            "Hand moves are for table mode; this game follows the rules.".into(),
        )),
        Order::Sealed { .. } | Order::Open { .. } => Err(Refusal(format!(
            "The {} rules take no sealed order here.",
            R::NAME
        ))),
    }
}

/// [`RuleSet::odds`] of an order of rule set `R`; none for any other order.
pub(super) fn odds_for<R: RuleSet>(world: &World, order: &Order) -> Option<crate::odds::Odds> {
    match order {
        Order::Rules(o) => R::odds(world, o.get::<R::Order>()?),
        _ => None,
    }
}

/// The systems of rule set `R`, added once to an app: the announcement of each of
/// its phases, its `carry_out` and its own systems.
pub(super) fn plugin_for<R: RuleSet>(app: &mut App) {
    crate::flow::announce_sequence(app, &R::sequence());
    app.add_systems(crate::flow::CarryOut, R::carry_out);
    R::systems(app);
}

/// A game of rule set `R` put in place, after the scenario's spawn: its sequence of
/// play, its state (unless the spawn put one from the scenario's section), and the
/// rest of what its [`RuleSet::reset`] makes.
pub(super) fn install_for<R: RuleSet>(world: &mut World) {
    crate::flow::insert_sequence(world, R::PHASES, &R::sequence());
    world.init_resource::<R::State>();
    R::reset(world);
}

/// What a copy of a game of rule set `R` holds: its state and what it keeps.
pub(super) fn kept_for<R: RuleSet>(parts: &mut crate::fork::Parts) {
    parts.resource::<R::State>();
    R::kept(parts);
}

pub(super) fn new_section_for<R: RuleSet>(sides: &[SideDef]) -> RulesSection {
    RulesSection::new(R::ID, R::new_section(sides))
}

/// Reads an order of rule set `R`: for [`RuleSetInfo::read_order`].
pub(super) fn read_order<R: RuleSet>(
    d: &mut dyn erased_serde::Deserializer<'_>,
) -> Result<Order, erased_serde::Error> {
    erased_serde::deserialize::<R::Order>(d).map(rules_order::<R>)
}

/// Rule set `R`'s order as the core holds it, written under `R`'s tag ([`order_tag`]).
pub fn rules_order<R: RuleSet>(order: R::Order) -> Order {
    Order::Rules(RulesOrder::new(order, Tag::<R>::TAG))
}

/// The name rule set `R`'s orders are written under in saves: its id in camel case
/// (`great_war` gives `GreatWar`), so that the id is the one spelling of the rule set.
pub const fn order_tag<R: RuleSet>() -> &'static str {
    Tag::<R>::TAG
}

/// The most bytes an order tag has.
const MOST_TAG: usize = 64;

/// Rule set `R`'s order tag, worked out from its id when the program is built.
struct Tag<R>(std::marker::PhantomData<R>);

impl<R: RuleSet> Tag<R> {
    const CAMEL: ([u8; MOST_TAG], usize) = camel_case(R::ID);
    const BYTES: [u8; MOST_TAG] = Self::CAMEL.0;
    const ALL: &'static [u8] = &Self::BYTES;
    const TAG: &'static str = match std::str::from_utf8(Self::ALL.split_at(Self::CAMEL.1).0) {
        Ok(tag) => tag,
        Err(_) => panic!("a rule set's id is ASCII"),
    };
}

/// `id` in camel case: each word after an underscore begins with a capital, the
/// underscores dropped.
const fn camel_case(id: &str) -> ([u8; MOST_TAG], usize) {
    let bytes = id.as_bytes();
    let mut out = [0u8; MOST_TAG];
    let (mut n, mut i, mut capital) = (0, 0, true);
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'_' {
            capital = true;
        } else {
            assert!(
                b.is_ascii() && n < MOST_TAG,
                "a rule set's id is short and ASCII"
            );
            out[n] = if capital { b.to_ascii_uppercase() } else { b };
            n += 1;
            capital = false;
        }
        i += 1;
    }
    (out, n)
}

/// Reads the section of rule set `R`: for [`RuleSetInfo::read_section`].
pub(super) fn read_section<R: RuleSet>(
    d: &mut dyn erased_serde::Deserializer<'_>,
) -> Result<RulesSection, erased_serde::Error> {
    erased_serde::deserialize::<R::Section>(d).map(|s| RulesSection::new(R::ID, s))
}
