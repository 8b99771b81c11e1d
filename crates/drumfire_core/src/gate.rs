//! Systems added under a run condition as a whole: what a plugin adds to every
//! schedule is run only while the condition holds. One app then holds every rule
//! set's systems, each rule set's run only while its game is played
//! ([`crate::game::CorePlugin::every`]), and a window's game systems run only while
//! a game is on the screen: the plugins themselves are written as for an app of
//! their own.

use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{ConditionWithAccess, InternedScheduleLabel, SystemKey};
use std::collections::{BTreeSet, HashMap};

/// Adds what `add` adds to `app`, each of its systems in every schedule run only when
/// `condition` holds (beside any condition it has of its own). Its resources, sets and
/// schedules are added as `add` adds them. Call it while the app is being built,
/// before any schedule has run.
///
/// Bevy evaluates every condition of a system, the gate's and its own alike, so a
/// system's own condition must hold its tongue while the gate is shut: one that reads
/// a resource only a game has asks whether it exists first
/// (`resource_exists_and_changed`, not `resource_changed`).
pub fn gated<M>(
    app: &mut App,
    condition: impl SystemCondition<M> + Clone,
    add: impl FnOnce(&mut App),
) {
    let before = keys(app.world());
    add(app);
    let mut schedules = app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        let old = before.get(&schedule.label());
        let new: Vec<SystemKey> = schedule
            .graph()
            .systems
            .iter()
            .map(|(key, _, _)| key)
            .filter(|key| old.is_none_or(|old| !old.contains(key)))
            .collect();
        for key in new {
            let condition: bevy_ecs::schedule::BoxedCondition =
                Box::new(IntoSystem::into_system(condition.clone()));
            schedule
                .graph_mut()
                .systems
                .get_conditions_mut(key)
                .expect("every system in a schedule has its list of conditions")
                .push(ConditionWithAccess::new(condition));
        }
    }
}

/// The systems in each schedule of the app, by key.
fn keys(world: &World) -> HashMap<InternedScheduleLabel, BTreeSet<SystemKey>> {
    world
        .resource::<Schedules>()
        .iter()
        .map(|(_, schedule)| {
            let keys = schedule.graph().systems.iter().map(|(k, _, _)| k).collect();
            (schedule.label(), keys)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_app::Update;

    #[derive(Resource, Default)]
    struct Counted(Vec<&'static str>);

    #[derive(Resource)]
    struct Open;

    fn inside(mut c: ResMut<Counted>) {
        c.0.push("inside");
    }

    fn also_inside(mut c: ResMut<Counted>) {
        c.0.push("also inside");
    }

    fn outside(mut c: ResMut<Counted>) {
        c.0.push("outside");
    }

    /// What the block adds runs only while the condition holds, in every schedule it
    /// added to, its own conditions kept; what was added before or after runs always.
    #[test]
    fn a_gated_block_runs_only_while_its_condition_holds() {
        let mut app = App::new();
        app.init_resource::<Counted>().add_systems(Update, outside);
        gated(&mut app, resource_exists::<Open>, |app| {
            app.add_systems(Update, inside.after(outside))
                .add_systems(bevy_app::Last, also_inside.run_if(|| true).after(inside));
        });
        app.update();
        assert_eq!(app.world().resource::<Counted>().0, ["outside"]);
        app.insert_resource(Open);
        app.update();
        assert_eq!(
            app.world().resource::<Counted>().0,
            ["outside", "outside", "inside", "also inside"]
        );
    }
}
