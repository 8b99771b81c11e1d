//! The sequence of play: the [`Phase`] state, the turn counter, and the
//! generic turn skeleton every rule set builds on. A rule set declares its
//! phases as a [`SequenceOfPlay`] and adds its systems to the [`PhaseSystems`]
//! set of each phase (and to `OnEnter(phase)` for automatic steps).

use crate::counters::{Counter, Done, Fired, HexMarker, Moved, OnHex};
use crate::journal::{GameEvent, Journal};
use crate::map::{HexCell, HexIndex, Objective};
pub use crate::sides::StepsLost;
use crate::sides::{ScenarioInfo, SideList};
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

/// Where the game is in its sequence of play. The core knows only the phases every
/// game has; the phases of a turn belong to the rule set, which numbers them
/// ([`Phase::Rules`]), names them ([`RuleSetPhases`]) and orders them
/// ([`SequenceOfPlay`]).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Before the first turn: the scenario is on the table.
    #[default]
    Setup,
    /// One of the rule set's phases, by the rule set's own number for it.
    Rules(u8),
    /// Markers come off; the next turn begins or the game ends.
    EndOfTurn,
    /// The game is decided.
    GameOver,
    /// Table mode: the rules are off and no phase follows another.
    Table,
}

impl Phase {
    /// The number the state hash reads for the phase. The core's phases keep 0, 4, 5
    /// and 6; a rule set's phase `n` reads `1 + n` for the first three and `4 + n`
    /// after, so no two phases share a number.
    pub fn hash_code(self) -> u64 {
        match self {
            Self::Setup => 0,
            Self::Rules(n) if n < 3 => 1 + u64::from(n),
            Self::Rules(n) => 4 + u64::from(n),
            Self::EndOfTurn => 4,
            Self::GameOver => 5,
            Self::Table => 6,
        }
    }

    /// The name players read on the phase bar: the rule set names its own phases.
    pub fn name(self, names: &RuleSetPhases) -> &'static str {
        match self {
            Self::Setup => "Set-up",
            Self::Rules(n) => names.0.get(usize::from(n)).copied().unwrap_or("Turn"),
            Self::EndOfTurn => "End of Turn",
            Self::GameOver => "Game Over",
            Self::Table => "Table",
        }
    }
}

/// The rule set's names of its phases, by their number in [`Phase::Rules`].
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleSetPhases(pub &'static [&'static str]);

/// The rule set's phases for one turn, in order (without Setup and GameOver).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SequenceOfPlay(pub Vec<Phase>);

/// A rule set's sequence of play, its systems: each phase of `order` announced in
/// the log as it begins.
pub fn announce_sequence(app: &mut App, order: &[Phase]) {
    for phase in order {
        app.add_systems(OnEnter(*phase), announce_phase(*phase).in_set(Announce));
    }
}

/// A rule set's sequence of play, in a game of it: its phases in `order` (End of
/// Turn added last) and their `names`.
pub fn insert_sequence(world: &mut World, names: &'static [&'static str], order: &[Phase]) {
    let mut sequence = order.to_vec();
    sequence.push(Phase::EndOfTurn);
    world.insert_resource(RuleSetPhases(names));
    world.insert_resource(SequenceOfPlay(sequence));
}

/// The turn being played, from 1.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turn(pub u16);

/// The side that won this turn's initiative.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Initiative(pub Option<u8>);

/// Whose action segment it is, and how many sides have passed in a row.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActionSegment {
    /// The side acting now.
    pub side: u8,
    /// Consecutive passes; when every side has passed the phase ends.
    pub passes_in_row: u8,
}

/// The outcome, once the game is over.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Winner, or `None` for a draw.
    pub winner: Option<u8>,
    /// Victory points by side.
    pub points: Vec<u32>,
}

/// The schedule where a rule set carries out the order in the inbox (and whatever
/// follows it at once). [`crate::game::CorePlugin`] runs it in each `Update`;
/// [`crate::game::settle_now`] runs it with the phase transitions until the game
/// waits, within one frame.
#[derive(bevy_ecs::schedule::ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CarryOut;

/// The core flow: phases, turn counter, action segments, end of turn, victory.
pub fn plugin(app: &mut App) {
    // An app of every rule set has set the phase up already, outside its gate.
    if !app.world().contains_resource::<State<Phase>>() {
        app.init_state::<Phase>();
    }
    app.init_resource::<Turn>()
        .init_resource::<Initiative>()
        .init_resource::<ActionSegment>()
        .init_resource::<StepsLost>()
        .init_resource::<RuleSetPhases>()
        .add_systems(
            OnEnter(Phase::Setup),
            begin_first_turn.run_if(not(resource_exists::<SetupOrders>)),
        )
        .add_systems(OnEnter(Phase::EndOfTurn), end_turn.after(Announce))
        .add_systems(OnEnter(Phase::GameOver), decide_victory);
    app.add_systems(
        OnEnter(Phase::EndOfTurn),
        announce_phase(Phase::EndOfTurn).in_set(Announce),
    );
}

/// The journal line naming a phase as it begins. A rule set's systems entering a
/// phase run `.after(Announce)`, so the log reads the phase before what happens in it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Announce;

fn announce_phase(phase: Phase) -> impl FnMut(ResMut<Journal>, Res<RuleSetPhases>) {
    move |mut journal: ResMut<Journal>, names: Res<RuleSetPhases>| {
        let name = phase.name(&names);
        journal.push(GameEvent::PhaseBegan { phase: name.into() })
    }
}

/// The phase after `current` in the sequence, or `None` after the last.
pub fn next_phase(sequence: &SequenceOfPlay, current: Phase) -> Option<Phase> {
    let at = sequence.0.iter().position(|p| *p == current)?;
    sequence.0.get(at + 1).copied()
}

/// Ends the current phase: on to the next in the sequence (End of Turn is always last).
pub fn finish_phase(sequence: &SequenceOfPlay, current: Phase, next: &mut NextState<Phase>) {
    next.set(next_phase(sequence, current).unwrap_or(Phase::EndOfTurn));
}

/// [`finish_phase`] from an exclusive system.
pub fn finish_phase_in(world: &mut World, current: Phase) {
    let sequence = world.resource::<SequenceOfPlay>().clone();
    finish_phase(
        &sequence,
        current,
        &mut world.resource_mut::<NextState<Phase>>(),
    );
}

/// Present when the rule set takes orders in the Set-up phase; it then starts
/// the first turn itself (with [`begin_first_turn`]) once set-up is done.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct SetupOrders;

/// Starts turn 1 with the first phase of the sequence of play.
pub fn begin_first_turn(world: &mut World) {
    world.resource_mut::<Turn>().0 = 1;
    let mut journal = world.resource_mut::<Journal>();
    journal.set_turn(1);
    journal.push(GameEvent::TurnBegan { turn: 1 });
    let first = world
        .resource::<SequenceOfPlay>()
        .0
        .first()
        .copied()
        .unwrap_or(Phase::EndOfTurn);
    world.resource_mut::<NextState<Phase>>().set(first);
}

/// A d6 for each side, rolled again until one side alone has the highest: that side
/// has the initiative (set in [`Initiative`] and journaled), and is returned.
pub fn roll_for_initiative(world: &mut World) -> u8 {
    let names: Vec<String> = world
        .resource::<SideList>()
        .0
        .iter()
        .map(|s| s.name.clone())
        .collect();
    loop {
        let totals: Vec<i16> = names
            .iter()
            .map(|n| i16::from(crate::dice::roll_in(world, 1, format!("initiative: {n}"))[0]))
            .collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        let winners: Vec<usize> = (0..totals.len()).filter(|i| totals[*i] == best).collect();
        if let [winner] = winners[..] {
            let side = winner as u8;
            world.resource_mut::<Initiative>().0 = Some(side);
            crate::journal::note(world, GameEvent::InitiativeWon { side, totals });
            return side;
        }
    }
}

/// Gives the first action segment to the initiative winner: a rule set with
/// alternating action segments runs it on entering its action phase.
pub fn begin_action_phase(
    initiative: Res<Initiative>,
    mut segment: ResMut<ActionSegment>,
    mut journal: ResMut<Journal>,
) {
    let first = initiative.0.unwrap_or(0);
    *segment = ActionSegment {
        side: first,
        passes_in_row: 0,
    };
    journal.push(GameEvent::SegmentBegan { side: first });
}

/// Records a pass by `side`; returns true when every side has now passed in a row.
pub fn record_pass(
    segment: &mut ActionSegment,
    journal: &mut Journal,
    side: u8,
    sides: usize,
) -> bool {
    journal.push(GameEvent::Passed { side });
    segment.passes_in_row += 1;
    usize::from(segment.passes_in_row) >= sides.max(1)
}

/// Removes Moved, Fired, Done and Drumfire markers, then starts the next turn or ends the game.
pub fn end_turn(
    mut commands: Commands,
    moved: Query<Entity, With<Moved>>,
    fired: Query<Entity, With<Fired>>,
    done: Query<Entity, With<Done>>,
    hex_markers: Query<Entity, With<HexMarker>>,
    mut turn: ResMut<Turn>,
    info: Res<ScenarioInfo>,
    mut journal: ResMut<Journal>,
    sequence: Res<SequenceOfPlay>,
    mut next: ResMut<NextState<Phase>>,
) {
    let mut count = 0;
    for e in &moved {
        commands.entity(e).remove::<Moved>();
        count += 1;
    }
    for e in &fired {
        commands.entity(e).remove::<Fired>();
        count += 1;
    }
    for e in &done {
        commands.entity(e).remove::<Done>();
        count += 1;
    }
    for e in &hex_markers {
        commands.entity(e).despawn();
        count += 1;
    }
    journal.push(GameEvent::MarkersCleared { count });
    if turn.0 >= info.turns {
        next.set(Phase::GameOver);
        return;
    }
    turn.0 += 1;
    journal.set_turn(turn.0);
    journal.push(GameEvent::TurnBegan { turn: turn.0 });
    next.set(sequence.0.first().copied().unwrap_or(Phase::EndOfTurn));
}

/// Victory points: objectives held plus enemy steps destroyed; more points wins.
fn decide_victory(
    mut commands: Commands,
    mut objectives: Query<(&HexCell, &mut Objective)>,
    counters: Query<&Counter, With<OnHex>>,
    index: Res<HexIndex>,
    sides: Res<SideList>,
    lost: Res<StepsLost>,
    info: Res<ScenarioInfo>,
    mut journal: ResMut<Journal>,
) {
    let n = sides.0.len();
    let mut points = vec![0u32; n];
    for (cell, mut objective) in &mut objectives {
        let holders: Vec<u8> = index
            .occupants(cell.hex)
            .iter()
            .filter_map(|e| counters.get(*e).ok())
            .filter(|c| crate::map::holds_objectives(c))
            .map(|c| c.side)
            .collect();
        if let Some(first) = holders.first()
            && holders.iter().all(|s| s == first)
        {
            objective.held_by = Some(*first);
        }
        if let Some(p) = objective
            .held_by
            .and_then(|s| points.get_mut(usize::from(s)))
        {
            *p += objective.points;
        }
    }
    for (side, p) in points.iter_mut().enumerate() {
        let inflicted: u32 = (0..n)
            .filter(|s| *s != side)
            .map(|s| lost.0.get(s).copied().unwrap_or(0))
            .sum();
        *p += inflicted * info.step_loss_points;
    }
    let best = points.iter().copied().max().unwrap_or(0);
    let leaders: Vec<usize> = (0..n).filter(|s| points[*s] == best).collect();
    let winner = (leaders.len() == 1).then(|| leaders[0] as u8);
    journal.push(GameEvent::GameEnded {
        winner,
        points: points.clone(),
    });
    commands.insert_resource(Outcome { winner, points });
}

/// Each side's victory points as [`decide_victory`] would count them if the game
/// ended now: an objective goes to the side alone in it, else stays with its holder.
pub fn points_now(world: &World) -> Vec<u32> {
    let n = world.resource::<SideList>().0.len();
    let index = world.resource::<HexIndex>();
    let mut points = vec![0u32; n];
    for (hex, worth, held_by) in crate::map::objectives(world) {
        let mut holders = index
            .occupants(hex)
            .iter()
            .filter(|e| world.get::<OnHex>(**e).is_some())
            .filter_map(|e| world.get::<Counter>(*e))
            .filter(|c| crate::map::holds_objectives(c))
            .map(|c| c.side);
        let holder = match holders.next() {
            Some(first) if holders.all(|s| s == first) => Some(first),
            _ => held_by,
        };
        if let Some(p) = holder.and_then(|s| points.get_mut(usize::from(s))) {
            *p += worth;
        }
    }
    let lost = world.resource::<StepsLost>();
    let per_step = world.resource::<ScenarioInfo>().step_loss_points;
    for (side, p) in points.iter_mut().enumerate() {
        let inflicted: u32 = (0..n)
            .filter(|s| *s != side)
            .map(|s| lost.0.get(s).copied().unwrap_or(0))
            .sum();
        *p += inflicted * per_step;
    }
    points
}

/// The side the game waits on for an order, if any (the rule set decides).
pub fn awaiting(world: &World) -> Option<u8> {
    world
        .get_resource::<Awaiting>()
        .and_then(|rules| (rules.0)(world))
}

/// Where the game's rule set says which side it waits on (its `RuleSetInfo::awaiting`),
/// put on the table with the scenario.
#[derive(Resource, Clone, Copy)]
pub struct Awaiting(pub fn(&World) -> Option<u8>);
