//! The window draws when something changes, not over and over: a turn-based game that
//! waits for a player should cost next to nothing. Winit wakes the app for input and
//! window events (a click, a key, the cursor over the window, a resize); everything that
//! moves without input asks for the frames it needs here:
//!
//! - a key or mouse button held (keys pan the map while they are down);
//! - the computer player waiting out the pause between its orders (`play::computer`);
//! - a save being replayed into the window, a script, a screenshot on the command line
//!   or the window benchmark ([`Continuous`]);
//! - an order waiting for the phase's systems, or a phase change, until it is done; a
//!   change to the game (the journal grew) draws two more frames, so that panels laid
//!   out before the change catch up;
//! - odds worked out on a thread wake the window when they are ready
//!   ([`Waker`], the ACW charge odds);
//! - egui asks for its own repaints (tooltips, animations) through bevy_egui.
//!
//! bevy_egui 0.42 hands egui the keyboard modifiers as an event every frame, changed or
//! not, and egui asks for another frame whenever a frame had events: the window would
//! never rest. [`drop_unchanged_modifiers`] passes the event on only when the modifiers
//! changed (egui keeps the last ones it was given).

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};
use bevy_egui::{EguiInput, EguiInputSet, EguiPreUpdateSet, egui};
use std::time::Duration;

/// Orders still to be fed to the game (a loaded save, an undo), one as soon as it is ready
/// for each: the window keeps drawing while any wait.
#[derive(Resource, Default)]
pub struct ReplayQueue(pub std::collections::VecDeque<drumfire_core::orders::Order>);

/// With nothing happening, the window still updates this often while it has the focus.
const FOCUSED_WAIT: Duration = Duration::from_secs(5);
/// And this often when it does not.
const UNFOCUSED_WAIT: Duration = Duration::from_secs(60);
/// Frames drawn after a change to the game.
const SETTLE_FRAMES: u32 = 2;

/// While present, the window updates every frame (a script, a screenshot, a benchmark).
#[derive(Resource, Default)]
pub struct Continuous;

/// The redraw plugin: reactive updates and the frames asked for on top of them.
pub fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(FOCUSED_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(UNFOCUSED_WAIT),
    })
    .add_systems(Last, keep_awake)
    .add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .after(EguiInputSet::WriteEguiEvents)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// Wakes the window from another thread (when work done away from the frame is ready).
#[derive(Clone)]
pub struct Waker(Option<bevy::winit::EventLoopProxy<WinitUserEvent>>);

impl Waker {
    /// The window's waker; one that does nothing where there is no window (headless).
    pub fn of(proxy: Option<&EventLoopProxyWrapper>) -> Self {
        Self(proxy.map(|p| (**p).clone()))
    }

    /// Asks the window for a frame.
    pub fn wake(&self) {
        if let Some(proxy) = &self.0 {
            // The window may have closed in the meantime; then there is nothing to draw.
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    }
}

/// Is any key or mouse button held down?
fn input_held(keys: &ButtonInput<KeyCode>, buttons: &ButtonInput<MouseButton>) -> bool {
    keys.get_pressed().next().is_some() || buttons.get_pressed().next().is_some()
}

fn keep_awake(world: &mut World, mut seen: Local<usize>, mut settle: Local<u32>) {
    let entries = world
        .get_resource::<drumfire_core::journal::Journal>()
        .map_or(0, |j| j.entries().len());
    if entries != *seen {
        *seen = entries;
        *settle = SETTLE_FRAMES;
    }
    let held = match (
        world.get_resource::<ButtonInput<KeyCode>>(),
        world.get_resource::<ButtonInput<MouseButton>>(),
    ) {
        (Some(k), Some(b)) => input_held(k, b),
        _ => false,
    };
    // An order waits in the inbox, or a phase change, until the next frame.
    let unsettled = !drumfire_core::orders::is_settled(world);
    let busy = world.contains_resource::<Continuous>()
        || world
            .get_resource::<ReplayQueue>()
            .is_some_and(|r| !r.0.is_empty());
    if held || busy || unsettled || *settle > 0 {
        *settle = settle.saturating_sub(1);
        world.write_message(RequestRedraw);
    }
}

/// Drops the keyboard modifiers' event from egui's input when they are what egui was
/// last given, so that a frame without input does not ask for another.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| match event {
            egui::Event::ModifiersChanged(m) => {
                let changed = *last != Some(*m);
                *last = Some(*m);
                changed
            }
            _ => true,
        });
    }
}

/// `--idle-frames SECONDS`: counts the frames the window draws while nobody touches it.
#[derive(Resource)]
struct IdleProbe {
    start: std::time::Instant,
    settle: Duration,
    seconds: Duration,
    frames: Vec<std::time::Instant>,
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// Seconds the window is given to open and settle before the idle frames are counted.
const PROBE_SETTLE: Duration = Duration::from_secs(3);

/// After [`PROBE_SETTLE`], counts the frames drawn in the next `seconds` with no input,
/// prints `idle frames: N in S s` and quits (the window tests check that it rests).
pub fn probe_idle(app: &mut App, seconds: f32) {
    app.insert_resource(IdleProbe {
        start: std::time::Instant::now(),
        settle: PROBE_SETTLE,
        seconds: Duration::from_secs_f32(seconds.clamp(0.1, 600.0)),
        frames: Vec::new(),
        done: Default::default(),
    })
    .add_systems(Startup, start_probe_timer)
    .add_systems(First, |mut probe: ResMut<IdleProbe>| {
        probe.frames.push(std::time::Instant::now())
    })
    .add_systems(Last, end_probe);
}

fn start_probe_timer(probe: Res<IdleProbe>, proxy: Option<Res<EventLoopProxyWrapper>>) {
    let waker = Waker::of(proxy.as_deref());
    let done = probe.done.clone();
    let wait = probe.settle + probe.seconds;
    std::thread::spawn(move || {
        std::thread::sleep(wait);
        done.store(true, std::sync::atomic::Ordering::SeqCst);
        waker.wake();
    });
}

fn end_probe(probe: Res<IdleProbe>, mut exit: MessageWriter<AppExit>) {
    if !probe.done.load(std::sync::atomic::Ordering::SeqCst) {
        return;
    }
    let from = probe.start + probe.settle;
    let to = from + probe.seconds;
    let frames = probe
        .frames
        .iter()
        .filter(|t| **t >= from && **t < to)
        .count();
    say!("idle frames: {frames} in {} s", probe.seconds.as_secs_f32());
    exit.write(AppExit::Success);
}

/// The screenshot requested on the command line.
#[derive(Resource)]
struct ScreenshotPlan {
    path: std::path::PathBuf,
    frame: u32,
}

/// Saves a PNG of the window once it has settled, then quits.
pub fn screenshot_then_quit(app: &mut App, path: std::path::PathBuf) {
    app.insert_resource(ScreenshotPlan { path, frame: 0 })
        .init_resource::<Continuous>()
        .add_systems(Last, take_screenshot_and_quit);
}

/// Frames to wait before the screenshot: the window, fonts and textures settle first.
const SCREENSHOT_FRAME: u32 = 45;
/// Frames after it before quitting, so the PNG is written.
const QUIT_FRAME: u32 = SCREENSHOT_FRAME + 30;
/// Frames after which a screenshot that never arrived is an error, not a hang.
const GIVE_UP_FRAME: u32 = QUIT_FRAME + 900;

fn take_screenshot_and_quit(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    replay: Option<Res<ReplayQueue>>,
    mut exit: MessageWriter<AppExit>,
) {
    if replay.is_some_and(|r| !r.0.is_empty()) {
        return;
    }
    plan.frame += 1;
    if plan.frame == SCREENSHOT_FRAME {
        commands
            .spawn(bevy::render::view::screenshot::Screenshot::primary_window())
            .observe(bevy::render::view::screenshot::save_to_disk(
                plan.path.clone(),
            ));
    }
    if plan.frame >= QUIT_FRAME && plan.path.exists() {
        exit.write(AppExit::Success);
    } else if plan.frame >= GIVE_UP_FRAME {
        error!("the screenshot {} was never written", plan.path.display());
        exit.write(AppExit::error());
    }
}
