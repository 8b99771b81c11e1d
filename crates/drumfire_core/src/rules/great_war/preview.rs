//! What a player at the window can do with the pieces in front of him, worked out
//! before he commits: the actions open to a piece, where it can move and at what
//! cost, why it cannot go somewhere, what a fire would do. The window turns the
//! player's intent into an [`Order`] here, and the order goes through the same door
//! as any other.

use super::action::{activatable, activation_group, check_move, reach};
use super::fire::{self, FireOdds, plan_action_fire};
use super::orders::GwOrder;
use super::state::{FirePlan, Group, GwState, Prompt};
use super::view::{self, PieceView, action_fire, is_cargo, label};
use crate::coords::MapCoord;
use crate::door;
use crate::flow::{ActionSegment, Phase};
use crate::orders::{Order, Refusal};
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

/// Something a player wants done, in the terms of the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Activate this piece (a leader brings his chain).
    Activate(String),
    /// Activate every piece of the side in this hex.
    ActivateStack(Hex),
    /// Move these pieces (standing together) to this hex by the cheapest path.
    Move(Vec<String>, Hex),
    /// Fire these units at this hex.
    Fire(Vec<String>, Hex),
    /// Assault this hex with these pieces.
    Assault(Vec<String>, Hex),
    /// Try to recover.
    Recover(String),
    /// Mount or dismount.
    MountOrDismount(String),
    /// Load the second piece on the first (a transport).
    Load(String, String),
    /// Unload this transport.
    Unload(String),
    /// Answer an opportunity prompt by firing these units.
    OpportunityFire(Vec<String>),
    /// Answer an opportunity prompt by holding fire.
    HoldFire,
    /// Answer a step-loss prompt.
    TakeStepLoss(String),
    /// Pass, or end the activation under way.
    Pass,
}

/// The order for an intent of `side`, checked: exactly what `submit` would accept.
pub fn to_order(world: &World, side: u8, intent: &Intent) -> Result<Order, Refusal> {
    let gw = |o: GwOrder| Order::from(o);
    let order = match intent {
        Intent::Activate(p) => gw(GwOrder::Activate {
            side,
            piece: p.clone(),
        }),
        Intent::ActivateStack(h) => gw(GwOrder::ActivateStack {
            side,
            hex: label(*h),
        }),
        Intent::Move(pieces, to) => {
            let movers: Vec<PieceView> = pieces
                .iter()
                .filter_map(|id| view::by_id(world, id))
                .collect();
            let Some(group) = world.resource::<GwState>().group.clone() else {
                return Err(Refusal(
                    "Activate a unit, a leader or a stack first.".into(),
                ));
            };
            let path = match MapCoord::from_hex(*to)
                .and_then(|m| reach(world, &group, side, &movers).remove(&m))
            {
                Some((_, path)) => path,
                None => return Err(Refusal(move_refusal(world, pieces, *to))),
            };
            gw(GwOrder::Move {
                side,
                pieces: pieces.clone(),
                path: path.iter().map(|h| label(*h)).collect(),
            })
        }
        Intent::Fire(firers, t) => gw(GwOrder::Fire {
            side,
            firers: firers.clone(),
            target: label(*t),
        }),
        Intent::Assault(pieces, t) => gw(GwOrder::Assault {
            side,
            pieces: pieces.clone(),
            target: label(*t),
        }),
        Intent::Recover(p) => gw(GwOrder::Recover {
            side,
            piece: p.clone(),
        }),
        Intent::MountOrDismount(p) => gw(GwOrder::MountOrDismount {
            side,
            piece: p.clone(),
        }),
        Intent::Load(t, p) => gw(GwOrder::Load {
            side,
            transport: t.clone(),
            piece: p.clone(),
        }),
        Intent::Unload(t) => gw(GwOrder::Unload {
            side,
            transport: t.clone(),
        }),
        Intent::OpportunityFire(f) => gw(GwOrder::OpportunityFire {
            side,
            firers: f.clone(),
        }),
        Intent::HoldFire => gw(GwOrder::HoldFire { side }),
        Intent::TakeStepLoss(p) => gw(GwOrder::TakeStepLoss {
            side,
            piece: p.clone(),
        }),
        Intent::Pass => Order::Pass { side },
    };
    door::validate(world, &order)?;
    Ok(order)
}

/// Where the pieces can move this activation: cost and path by hex.
pub fn reachable(world: &World, pieces: &[String]) -> BTreeMap<MapCoord, (u8, Vec<Hex>)> {
    let state = world.resource::<GwState>();
    let Some(group) = &state.group else {
        return BTreeMap::new();
    };
    let movers: Vec<PieceView> = pieces
        .iter()
        .filter_map(|id| view::by_id(world, id))
        .collect();
    reach(world, group, group.side, &movers)
}

/// Why the pieces cannot move to `to`: the first rule a direct path breaks.
pub fn move_refusal(world: &World, pieces: &[String], to: Hex) -> String {
    let state = world.resource::<GwState>();
    let Some(group) = &state.group else {
        return "Activate a unit, a leader or a stack first.".into();
    };
    let movers: Vec<PieceView> = pieces
        .iter()
        .filter_map(|id| view::by_id(world, id))
        .collect();
    let Some(first) = movers.first() else {
        return "Choose the pieces to move.".into();
    };
    if first.hex == to {
        return "The pieces are already there.".into();
    }
    let path = crate::map::direct_route(first.hex, to);
    match check_move(world, group, group.side, &movers, &path) {
        Err(r) => format!(
            "{} is out of reach. On the direct route: {}",
            label(to),
            r.0.trim_start_matches("Cannot move: ")
        ),
        Ok(_) => format!(
            "{} cannot be reached this way; try a path round.",
            label(to)
        ),
    }
}

/// What a fire would be and do, before it is ordered.
pub fn fire_preview(
    world: &World,
    firers: &[String],
    target: Hex,
) -> Result<(FirePlan, FireOdds), Refusal> {
    let state = world.resource::<GwState>();
    let pieces: Vec<PieceView> = firers
        .iter()
        .filter_map(|id| view::by_id(world, id))
        .collect();
    let side = pieces.first().map_or(0, |p| p.side);
    let plan = match &state.prompt {
        Some(Prompt::OpportunityFire { hex, .. }) if *hex == target => {
            plan_action_fire(world, side, &pieces, target, None)?
        }
        _ => {
            // Not activated (the line-of-sight tool): a fire as if activated alone.
            let alone = super::state::Group {
                side,
                members: BTreeMap::new(),
            };
            plan_action_fire(
                world,
                side,
                &pieces,
                target,
                Some(state.group.as_ref().unwrap_or(&alone)),
            )?
        }
    };
    let target_side = fire::occupant_side(world, target).unwrap_or(1 - side.min(1));
    let odds = fire::odds(world, &plan, target_side);
    Ok((plan, odds))
}

/// The exact odds of a fire order as things stand (a fire of the activation under way,
/// or at the enemy moving under an opportunity prompt), in the shape every rule set's
/// odds are shown in; none for any other order.
pub fn order_odds(world: &World, order: &GwOrder) -> Option<crate::odds::Odds> {
    let (firers, target) = match order {
        GwOrder::Fire { firers, target, .. } => (firers, crate::scenario::hex_of(target)?),
        GwOrder::OpportunityFire { firers, .. } => match &world.resource::<GwState>().prompt {
            Some(Prompt::OpportunityFire { hex, .. }) => (firers, *hex),
            _ => return None,
        },
        _ => return None,
    };
    let (plan, odds) = fire_preview(world, firers, target).ok()?;
    let names = crate::journal::piece_names(world);
    let name = |id: &str| names.get(id).cloned().unwrap_or_else(|| id.to_owned());
    Some(fire::shown_odds(&plan, &odds, &name))
}

/// The pieces a leader's activation would bring in, him first.
pub fn chain(world: &World, piece: &str) -> Vec<String> {
    let Some(p) = view::by_id(world, piece) else {
        return vec![];
    };
    let g = activation_group(world, p.side, std::slice::from_ref(&p));
    let mut out = vec![p.id.clone()];
    out.extend(g.members.into_keys().filter(|k| *k != p.id));
    out
}

/// One action the window can offer for a piece, and whether it is open now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// Button text.
    pub label: String,
    /// What it does; `None` for actions that need a hex picked on the map next.
    pub intent: Option<Intent>,
    /// The mode it starts when it needs a hex.
    pub pick: Option<Pick>,
    /// Why not, when it is not open.
    pub refused: Option<String>,
}

/// A hex to pick on the map next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A destination for these pieces.
    Move(Vec<String>),
    /// A target for these firers.
    Fire(Vec<String>),
    /// An enemy hex to assault with these pieces.
    Assault(Vec<String>),
}

/// The actions open to `piece` of the side whose segment it is.
pub fn offers(world: &World, piece: &str) -> Vec<Offer> {
    let Some(p) = view::by_id(world, piece) else {
        return vec![];
    };
    if *world.resource::<State<Phase>>().get() != super::ACTION {
        return vec![];
    }
    let state = world.resource::<GwState>();
    let side = world.resource::<ActionSegment>().side;
    if p.side != side || state.prompt.is_some() {
        return vec![];
    }
    match &state.group {
        None => activation_offers(world, side, &p),
        Some(g) => member_offers(world, side, g, &p),
    }
}

/// An offer of `intent`, refused for the reason `submit` would give.
fn offer(world: &World, side: u8, label: &str, intent: Intent) -> Offer {
    Offer {
        label: label.into(),
        refused: to_order(world, side, &intent).err().map(|r| r.0),
        intent: Some(intent),
        pick: None,
    }
}

/// An offer that needs a hex picked on the map next.
fn pick(label: &str, pick: Pick, refused: Option<String>) -> Offer {
    Offer {
        label: label.into(),
        intent: None,
        pick: Some(pick),
        refused,
    }
}

/// An offer refused outright, for `why`.
fn refused(label: &str, why: String) -> Offer {
    Offer {
        label: label.into(),
        intent: None,
        pick: None,
        refused: Some(why),
    }
}

/// With no activation under way: activate the piece (a leader with his chain), or
/// its whole stack; or why it cannot.
fn activation_offers(world: &World, side: u8, p: &PieceView) -> Vec<Offer> {
    let state = world.resource::<GwState>();
    let mut out = Vec::new();
    if activatable(world, p) {
        let what = if p.is_leader() {
            "Activate (with his chain)"
        } else {
            "Activate"
        };
        out.push(offer(world, side, what, Intent::Activate(p.id.clone())));
        let stack = view::in_hex(world, p.hex)
            .iter()
            .filter(|q| q.side == side && activatable(world, q))
            .count();
        if stack > 1 {
            out.push(offer(
                world,
                side,
                "Activate the stack",
                Intent::ActivateStack(p.hex),
            ));
        }
    } else {
        out.push(refused(
            "Activate",
            if p.spent() {
                format!("{} has already activated this turn.", p.name)
            } else if is_cargo(state, &p.id) {
                format!("{} is loaded: activate its transport.", p.name)
            } else {
                format!("{} has nothing to do in an action segment.", p.name)
            },
        ));
    }
    out
}

/// For a piece of the activated group `g`: move, fire and assault (alone or with its
/// stack), then what it can do on its own.
fn member_offers(world: &World, side: u8, g: &Group, p: &PieceView) -> Vec<Offer> {
    let state = world.resource::<GwState>();
    let Some(m) = g.members.get(&p.id) else {
        return vec![refused(
            "Act",
            format!("{} was not activated in this segment.", p.name),
        )];
    };
    if m.acted {
        return vec![refused("Act", format!("{} has already acted.", p.name))];
    }
    let mut out = Vec::new();
    let mates: Vec<String> = view::in_hex(world, p.hex)
        .into_iter()
        .filter(|q| g.members.get(&q.id).is_some_and(|m| !m.acted))
        .map(|q| q.id.clone())
        .collect();
    let moves = reachable(world, std::slice::from_ref(&p.id));
    let none = |why: &str| (moves.is_empty()).then(|| why.to_owned());
    out.push(pick(
        "Move",
        Pick::Move(vec![p.id.clone()]),
        none("It has nowhere it may move."),
    ));
    if mates.len() > 1 {
        out.push(pick("Move the stack", Pick::Move(mates.clone()), None));
    }
    if action_fire(state, p).is_some() {
        out.push(pick("Fire", Pick::Fire(vec![p.id.clone()]), None));
        let firers: Vec<String> = mates
            .iter()
            .filter(|id| view::by_id(world, id).is_some_and(|q| action_fire(state, &q).is_some()))
            .cloned()
            .collect();
        if firers.len() > 1 {
            out.push(pick("Fire with the stack", Pick::Fire(firers), None));
        }
    }
    let enemy_next = p
        .hex
        .all_neighbors()
        .iter()
        .any(|n| view::enemy_in(world, p.side, *n));
    if enemy_next && m.start == p.hex {
        out.push(pick("Assault", Pick::Assault(mates.clone()), None));
    }
    out.extend(own_offers(world, side, p));
    out
}

/// What an activated piece can do on its own: recover, mount or dismount, load or
/// unload (a transport).
fn own_offers(world: &World, side: u8, p: &PieceView) -> Vec<Offer> {
    let state = world.resource::<GwState>();
    let mut out = Vec::new();
    if p.disrupted || p.demoralized {
        out.push(offer(world, side, "Recover", Intent::Recover(p.id.clone())));
    }
    if super::data(world)
        .units
        .get(&p.unit_type)
        .is_some_and(|u| u.counterpart.is_some())
    {
        let what = if p.face.movement >= 6 {
            "Dismount"
        } else {
            "Mount"
        };
        out.push(offer(
            world,
            side,
            what,
            Intent::MountOrDismount(p.id.clone()),
        ));
    }
    if p.class == crate::data::UnitClass::Transport {
        if state.loaded.contains_key(&p.id) {
            out.push(offer(world, side, "Unload", Intent::Unload(p.id.clone())));
        } else {
            for c in view::in_hex(world, p.hex).into_iter().filter(|c| {
                c.id != p.id && c.side == p.side && !c.is_leader() && c.face.movement == 0
            }) {
                out.push(offer(
                    world,
                    side,
                    &format!("Load {}", c.name),
                    Intent::Load(p.id.clone(), c.id.clone()),
                ));
            }
        }
    }
    out
}

/// The enemy hexes the firers could fire at now (in range and sight), for highlighting.
pub fn fire_targets(world: &World, firers: &[String]) -> Vec<Hex> {
    let mut hexes: Vec<Hex> = view::all(world)
        .into_iter()
        .filter(|p| {
            firers
                .first()
                .and_then(|f| view::by_id(world, f))
                .is_some_and(|f| f.side != p.side)
        })
        .map(|p| p.hex)
        .collect();
    hexes.sort_by_key(|h| MapCoord::from_hex(*h));
    hexes.dedup();
    hexes.retain(|h| fire_preview(world, firers, *h).is_ok());
    hexes
}
