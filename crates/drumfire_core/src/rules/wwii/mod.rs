//! The WWII assault rules (seed `004_90e94974d09abb59`): personnel against personnel
//! over three rounds, cavalry, tanks against personnel, armored overruns, mixed
//! assaults and the assault modifiers. The seed is the assault section of a larger
//! game; the movement, fire, morale and small arms chart around it are ours. See
//! `docs/rules/wwii.md` for the map from rule to code and test, and for what we
//! designed where the seed is silent.
//!
//! The rules' arithmetic is pure functions of the figures: the rounds of a personnel
//! assault, how it ends and its exact odds (`personnel_assault`), the modifiers from the units
//! involved (`modifiers`), contact and a unit's four sides on hexes (`contact`), who
//! may fire while an assault is under way and fire at range (`fire_chart`), what the winner
//! of an assault may do next (`followup`), morale checks and the voluntary rout
//! (`morale`), who may engage whom in a mixed assault and how it splits (`mixed`),
//! tanks against personnel with the small arms chart at close quarters, the weapon
//! differential, the overrun's cost and a tank's move (`tanks`), and the terrain and
//! unit types (`data.ron`) as the rules read them (`units`). The turn in play: the
//! scenario's section (`scenario`), the orders and state (`state`), the phases
//! (`resolve`, `validate`): Initiative, Movement (`movement`, with overruns and
//! voluntary routs), Fire (`fire_phase`), Assault (`assault_phase`) and Rally; what fire and
//! assaults do to units (`effects`); the computer player (`ai`).

use crate::flow::{self, Phase};
use crate::orders::{Order, Refusal};
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

mod actions;
pub mod ai;
pub mod assault_phase;
pub mod contact;
pub mod editor;
pub mod effects;
pub mod fire_chart;
pub mod fire_phase;
pub mod followup;
pub mod invariants;
pub mod mixed;
pub mod modifiers;
pub mod morale;
pub mod movement;
pub mod odds_tables;
pub mod personnel_assault;
pub(crate) mod resolve;
pub mod scenario;
pub mod state;
pub mod tanks;
pub mod units;
mod validate;
pub mod view;

pub use actions::{actions, any_action};
pub use resolve::followup_paths;
pub use state::{WwiiOrder, WwiiState};
pub use validate::validate;

/// The WWII rule set.
pub struct Wwii;

/// The exact odds of an order before it is given: a voluntary rout's morale check, an
/// overrun's first tank assault (the tank as it stands, before any gun in the hex fires
/// at it: said in the odds' basis), a fire, infantry engaging a tank (the weapon
/// differential, as if no other infantry fought it first); none for the rest (a move,
/// and the assault engagements whose dice hang on the whole group's choices).
pub fn order_odds(world: &World, order: &WwiiOrder) -> Option<crate::odds::Odds> {
    let u = view::unit(world, order.unit())?;
    let target = |id: &str| view::unit(world, id);
    match order {
        WwiiOrder::Rout { .. } => Some(effects::rout_odds(world, &u)),
        WwiiOrder::Overrun { target, .. } => {
            let h = crate::scenario::hex_of(target)?;
            let mut odds = assault_phase::overrun_odds(world, &u, u.hex, h)
                .into_iter()
                .next()?;
            let guns = view::units_at(world, h).into_iter().any(|g| {
                g.figures.gun.is_some() && !g.figures.indirect && g.kind() != mixed::Kind::Infantry
            });
            if guns {
                odds.basis.push(format!(
                    "{} as it stands: the guns in {target} fire at it first",
                    u.name
                ));
            }
            Some(odds)
        }
        WwiiOrder::Fire { target: t, .. } => {
            let t = target(t)?;
            let shot = fire_phase::can_fire(world, &u, &t).ok()?;
            Some(fire_phase::odds(&u, &t, &shot))
        }
        WwiiOrder::Engage { target: t, .. } => {
            let t = target(t)?;
            if !t.kind().vehicle() || u.kind().vehicle() {
                return None;
            }
            let group = assault_phase::groups(world)
                .into_iter()
                .find(|g| g.iter().any(|x| x.id == u.id))
                .unwrap_or_default();
            Some(assault_phase::tank_odds(
                world,
                &group,
                &t,
                &u,
                "Tank assault",
            ))
        }
        _ => None,
    }
}

/// The WWII rule set, as the core holds it.
pub static INFO: crate::rule_set::RuleSetInfo = crate::rule_set::RuleSetInfo::of::<Wwii>();

impl crate::rule_set::RuleSet for Wwii {
    type Secrets = crate::rule_set::Without;
    type EditorSection = crate::rule_set::Without;
    type ComputerPlayer = Self;
    const ID: &'static str = "wwii";
    type Order = WwiiOrder;
    type Section = scenario::WwiiScenario;
    type State = WwiiState;
    const NAME: &'static str = "WWII assault rules";
    const DATA: (&'static str, &'static str) = ("rules/wwii/data.ron", include_str!("data.ron"));
    const PHASES: &'static [&'static str] = PHASE_NAMES;

    fn carry_out(world: &mut World) {
        resolve::carry_out(world);
    }
    fn move_along(side: u8, piece: &str, path: Vec<String>) -> Option<WwiiOrder> {
        Some(WwiiOrder::Move {
            side,
            unit: piece.to_owned(),
            path,
            facing: None,
        })
    }

    fn tries(world: &World, side: u8, piece: &str) -> Vec<WwiiOrder> {
        actions::tries(world, side, piece)
    }

    fn validate(world: &World, order: &WwiiOrder) -> Result<(), Refusal> {
        validate(world, order)
    }
    fn pass(world: &World, _side: u8) -> Result<(), Refusal> {
        validate::pass(world)
    }
    fn awaiting(world: &World) -> Option<u8> {
        awaiting(world)
    }
    fn candidates(world: &World, side: u8, _salt: u64) -> Vec<Order> {
        candidates(world, side)
    }
    fn new_section(sides: &[crate::scenario::SideDef]) -> scenario::WwiiScenario {
        scenario::new_section(sides)
    }
    fn odds(world: &World, order: &WwiiOrder) -> Option<crate::odds::Odds> {
        order_odds(world, order)
    }
    fn spawn(world: &mut World, file: &crate::scenario::ScenarioFile) {
        scenario::spawn(world, file);
    }
    /// The WWII systems of each phase.
    fn systems(app: &mut App) {
        app.add_systems(
            OnEnter(INITIATIVE),
            resolve::roll_for_initiative.after(flow::Announce),
        )
        .add_systems(
            OnEnter(MOVEMENT),
            resolve::begin_turns.after(flow::Announce),
        )
        .add_systems(OnEnter(FIRE), resolve::begin_turns.after(flow::Announce))
        .add_systems(
            OnEnter(ASSAULT),
            resolve::begin_assault.after(flow::Announce),
        )
        .add_systems(OnEnter(RALLY), resolve::rally.after(flow::Announce))
        .add_systems(
            crate::flow::CarryOut,
            view::label_morale
                .after(<Wwii as crate::rule_set::RuleSet>::carry_out)
                .run_if(resource_exists_and_changed::<WwiiState>),
        );
        let world = app.world_mut();
        world.register_component::<crate::counters::Stands>();
        world.register_component::<crate::counters::Facing>();
    }
    fn check(file: &crate::scenario::ScenarioFile) -> Vec<(String, String)> {
        scenario::check(file)
    }
    /// Back to the state before the set-up: the scenario's spawn, run just before, has
    /// put a fresh [`WwiiState`] in place with the scenario's own section; what is left
    /// is the board as the rules read it.
    fn reset(world: &mut World) {
        view::install_board(world);
    }
    fn invariants(world: &World) -> Result<(), String> {
        invariants::invariants(world)
    }
}

impl crate::rule_set::ComputerPlayer for Wwii {
    fn choose(world: &World, side: u8, _salt: u64) -> Option<Order> {
        ai::choose(world, side)
    }
}

/// The Initiative phase: a die a side; the higher moves and fires first.
pub const INITIATIVE: Phase = Phase::Rules(0);
/// The Movement phase: each side moves in turn (tanks may overrun; units locked in
/// contact may order a voluntary rout).
pub const MOVEMENT: Phase = Phase::Rules(1);
/// The Fire phase: each side fires in turn.
pub const FIRE: Phase = Phase::Rules(2);
/// The Assault phase: every contact fought out.
pub const ASSAULT: Phase = Phase::Rules(3);
/// The Rally: units come back a step from earlier morale results.
pub const RALLY: Phase = Phase::Rules(4);
/// The names of the phases, by their number.
pub const PHASE_NAMES: &[&str] = &["Initiative", "Movement", "Fire", "Assault", "Rally"];

/// The side the game waits on: the side moving or firing; in the assault phase the
/// side choosing engagements, then the side whose unit may follow up a win.
pub fn awaiting(world: &World) -> Option<u8> {
    let state = world.resource::<WwiiState>();
    match *world.resource::<State<Phase>>().get() {
        MOVEMENT | FIRE => state.acting,
        ASSAULT if state.acting.is_some() => state.acting,
        ASSAULT => state
            .followups
            .first()
            .and_then(|f| view::unit(world, f.unit()))
            .map(|u| u.side),
        _ => None,
    }
}

/// Every legal order for a side now: passing and each of its actions, when the game
/// waits on it.
pub fn candidates(world: &World, side: u8) -> Vec<Order> {
    if awaiting(world) != Some(side) {
        return vec![];
    }
    let mut out = vec![Order::Pass { side }];
    out.extend(actions(world, side));
    out
}

pub(crate) use crate::dice::roll_in as roll;
pub(crate) use crate::journal::{note, say};

/// A refusal.
pub(crate) fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(why.into()))
}
