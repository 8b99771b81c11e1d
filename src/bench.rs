//! `--bench-window OUT.json`: the window benchmark behind `scripts/bench-window.sh`.
//!
//! From the start of the process it waits for the first frame that shows the map (read
//! back from the window: most of the map area no longer the clear colour), then drives
//! the camera along a fixed path for a fixed number of frames: panning across the whole
//! map twice while zooming from the closest view out to the whole map and back three
//! times (with `DRUMFIRE_BENCH_CAMERA=still` the camera stays where the scenario opens:
//! the frames a player watching the computer play sees). It records the wall time between
//! frames, the process's peak resident memory
//! (lavapipe renders on the CPU, so its buffers count too), writes the figures as JSON,
//! saves the first map frame and the last frame as PNGs beside it, and quits.

use crate::board::geometry::{BoardGeometry, HEX_SIZE};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use serde_json::json;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

/// When the process started (set first thing in `main`).
static START: OnceLock<Instant> = OnceLock::new();

/// Marks the start of the process, the zero of "time to first frame".
pub fn mark_start() {
    START.get_or_init(Instant::now);
}

fn since_start_ms() -> f64 {
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// How long to wait for a frame that shows the map before giving up.
const GIVE_UP_MS: f64 = 120_000.0;

/// What the benchmark is doing.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stage {
    /// Reading frames back until one shows the map.
    WaitingForMap,
    /// Driving the camera; the frame number on the path.
    Running(u32),
    /// The last frame's screenshot is on its way.
    Finishing,
}

/// Shared with the screenshot observers, which run outside the benchmark's systems.
#[derive(Default)]
struct Readback {
    in_flight: bool,
    first_map_ms: Option<f64>,
    last_written: bool,
}

/// The benchmark's state.
#[derive(Resource)]
pub struct WindowBench {
    out: PathBuf,
    frames: u32,
    stage: Stage,
    readback: Arc<Mutex<Readback>>,
    last_frame: Option<Instant>,
    frame_ms: Vec<f64>,
    since_finish: u32,
    /// The floor: the panels over an empty board (any drawn frame counts as the first).
    floor: bool,
    /// The camera left where the scenario opens (`DRUMFIRE_BENCH_CAMERA=still`): frames
    /// as a player watching the board sees them.
    still: bool,
}

impl WindowBench {
    /// A benchmark of `frames` frames, its figures written to `out`.
    pub fn new(out: PathBuf, frames: u32) -> Self {
        Self {
            out,
            frames: frames.max(10),
            stage: Stage::WaitingForMap,
            readback: Arc::default(),
            last_frame: None,
            frame_ms: Vec::new(),
            since_finish: 0,
            floor: false,
            still: std::env::var("DRUMFIRE_BENCH_CAMERA").is_ok_and(|v| v.trim() == "still"),
        }
    }
}

/// `drumfire bench-floor OUT.json`: the floor the window benchmark is measured against.
/// The same window (1280x800, no vsync) and renderer, the board camera with the same
/// multisampling, and the play screen's three panels at their sizes filled with text
/// of the same kind (phase bar, side panel, log), over an empty board. A scenario's
/// frame time over the floor's is the board's own cost.
pub fn run_floor(out: PathBuf, frames: u32) -> std::process::ExitCode {
    use bevy::window::{PresentMode, WindowResolution};
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Drumfire — window benchmark floor".into(),
            resolution: WindowResolution::new(1280, 800),
            present_mode: PresentMode::AutoNoVsync,
            ..default()
        }),
        ..default()
    }))
    .insert_resource(ClearColor(crate::board::CLEAR_COLOUR))
    .add_plugins(bevy_egui::EguiPlugin::default())
    .add_plugins(crate::redraw::plugin)
    .init_resource::<crate::redraw::Continuous>()
    .insert_resource(WindowBench {
        floor: true,
        ..WindowBench::new(out, frames)
    })
    .add_systems(Startup, crate::input::spawn_board_camera)
    .add_systems(bevy_egui::EguiPrimaryContextPass, floor_panels)
    .add_plugins(plugin);
    match app.run() {
        AppExit::Success => std::process::ExitCode::SUCCESS,
        AppExit::Error(_) => std::process::ExitCode::FAILURE,
    }
}

/// The floor's panels: the play screen's phase bar, side panel and log at their sizes,
/// with as much text as they hold in play.
fn floor_panels(mut contexts: bevy_egui::EguiContexts, mut frame: Local<u32>) {
    use bevy_egui::egui;
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    *frame += 1;
    // One root `Ui` for the three panels, as the play screen lays them out.
    let mut root = crate::screen::root_ui(ctx, "floor_root");
    let root = &mut root;
    egui::Panel::top("phase_bar").show(root, |ui| {
        ui.horizontal(|ui| {
            ui.heading("The floor");
            ui.separator();
            ui.strong("Turn 1 of 12");
            ui.separator();
            ui.label("Action Phase");
            ui.separator();
            let _ = ui.button("End activation");
        });
    });
    egui::Panel::bottom("log")
        .exact_size(125.0)
        .resizable(false)
        .show(root, |ui| {
            ui.horizontal(|ui| {
                ui.label("0705 Woods, level 1");
                for b in ["Undo", "Save", "Load", "Help"] {
                    let _ = ui.button(b);
                }
            });
            egui::ScrollArea::vertical().show(ui, |ui| {
                for i in 0..40 {
                    ui.monospace(format!(
                        "T1 Action: 2nd Battalion fires at 0706: rolled 4 + 2 = 6 against 5 (frame {})",
                        *frame + i
                    ));
                }
            });
        });
    egui::Panel::right("stack_viewer")
        .exact_size(crate::input::SIDE_PANEL_WIDTH)
        .resizable(false)
        .show(root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading("0706 Farm");
                for i in 0..30 {
                    ui.label(format!("Line {i}: a counter, its values and its orders"));
                    if i % 5 == 0 {
                        let _ = ui.button("Move");
                    }
                }
            });
        });
}

/// Adds the benchmark's systems.
pub fn plugin(app: &mut App) {
    app.insert_resource(Hidden::from_env())
        .add_systems(First, time_frame)
        .add_systems(Update, (drive_camera, hide_layers))
        .add_systems(Last, (look_for_map, finish).chain());
}

/// The board's layers left out of a run, to see what each costs: the environment
/// variable `DRUMFIRE_BENCH_HIDE`, a comma-separated list of `terrain` (the tilemap),
/// `overlays` (roads, rivers, contours, objectives), `text` (every text on the board)
/// and `counters`.
#[derive(Resource, Default, Debug)]
struct Hidden {
    terrain: bool,
    overlays: bool,
    text: bool,
    counters: bool,
}

impl Hidden {
    fn from_env() -> Self {
        let list = std::env::var("DRUMFIRE_BENCH_HIDE").unwrap_or_default();
        let has = |name: &str| list.split(',').any(|x| x.trim() == name);
        Self {
            terrain: has("terrain"),
            overlays: has("overlays"),
            text: has("text"),
            counters: has("counters"),
        }
    }
}

type Layer<'a> = (
    Entity,
    &'a mut Visibility,
    Has<bevy_ecs_tilemap::prelude::TilemapType>,
    Has<crate::board::BoardPiece>,
    Has<crate::board::text::BoardText>,
    Has<crate::board::CounterView>,
);

fn hide_layers(mut commands: Commands, hidden: Res<Hidden>, mut layers: Query<Layer>) {
    for (entity, mut visibility, terrain, overlay, text, counter) in &mut layers {
        if text && hidden.text {
            // Out of the zoom's hands, which would show it again.
            commands
                .entity(entity)
                .remove::<crate::board::text::BoardText>();
        }
        let hide = (terrain && hidden.terrain)
            || (overlay && !text && hidden.overlays)
            || (text && hidden.text)
            || (counter && hidden.counters);
        if hide && *visibility != Visibility::Hidden {
            *visibility = Visibility::Hidden;
        }
    }
}

fn time_frame(mut bench: ResMut<WindowBench>) {
    let now = Instant::now();
    if let (Stage::Running(_), Some(last)) = (bench.stage, bench.last_frame) {
        let ms = (now - last).as_secs_f64() * 1000.0;
        bench.frame_ms.push(ms);
    }
    bench.last_frame = Some(now);
}

/// True when most sampled points of the map area differ from the clear colour.
fn shows_map(image: &Image) -> bool {
    let clear = crate::board::CLEAR_COLOUR.to_srgba();
    let (w, h) = (image.width(), image.height());
    // The map area: below the top bar, left of the side panel, above the lower sheets.
    let (x0, x1, y0, y1) = (w / 50, w * 3 / 4, h / 10, h / 2);
    let mut seen = 0;
    let mut drawn = 0;
    for i in 0..16 {
        for j in 0..16 {
            let x = x0 + (x1 - x0) * i / 16;
            let y = y0 + (y1 - y0) * j / 16;
            if let Ok(c) = image.get_color_at(x, y) {
                let c = c.to_srgba();
                seen += 1;
                let d = (c.red - clear.red).abs()
                    + (c.green - clear.green).abs()
                    + (c.blue - clear.blue).abs();
                // Black is a frame not yet drawn at all.
                let lit = c.red + c.green + c.blue;
                if d > 0.06 && lit > 0.15 {
                    drawn += 1;
                }
            }
        }
    }
    seen > 0 && drawn * 10 >= seen * 9
}

fn png_beside(out: &std::path::Path, suffix: &str) -> PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "bench".into());
    out.with_file_name(format!("{stem}-{suffix}.png"))
}

fn save_png(image: &Image, path: &std::path::Path) {
    match image.clone().try_into_dynamic() {
        Ok(img) => {
            if let Err(e) = img.to_rgb8().save(path) {
                error!("cannot write {}: {e}", path.display());
            }
        }
        Err(e) => error!("cannot convert the screenshot: {e:?}"),
    }
}

fn look_for_map(mut commands: Commands, mut bench: ResMut<WindowBench>, hidden: Res<Hidden>) {
    if bench.stage != Stage::WaitingForMap {
        return;
    }
    let first = bench.readback.lock().map(|r| r.first_map_ms).ok().flatten();
    if first.is_some() {
        bench.stage = Stage::Running(0);
        bench.last_frame = None;
        return;
    }
    let Ok(mut readback) = bench.readback.lock() else {
        return;
    };
    if readback.in_flight {
        return;
    }
    readback.in_flight = true;
    drop(readback);
    let shared = bench.readback.clone();
    let png = png_beside(&bench.out, "first");
    // With no terrain drawn there is no map to see: any frame counts.
    let floor = bench.floor || hidden.terrain;
    commands
        .spawn(Screenshot::primary_window())
        .observe(move |shot: On<ScreenshotCaptured>| {
            let at = since_start_ms();
            let Ok(mut r) = shared.lock() else { return };
            r.in_flight = false;
            if r.first_map_ms.is_none() && (floor || shows_map(&shot.image)) {
                r.first_map_ms = Some(at);
                save_png(&shot.image, &png);
            }
        });
}

/// The camera on frame `i` of `n`: a sweep across the whole map and back, twice, while
/// the zoom goes from the closest view to the whole map and back, two and a half
/// times (so the last frame shows the whole map, centred).
fn camera_at(i: u32, n: u32, geometry: &BoardGeometry, window: Vec2) -> (Vec2, f32) {
    let t = i as f32 / n as f32;
    let tau = std::f32::consts::TAU;
    let map_w = 1.5 * HEX_SIZE * f32::from(geometry.width.saturating_sub(1)) + 2.0 * HEX_SIZE;
    let map_h = 3f32.sqrt() * HEX_SIZE * (f32::from(geometry.height) + 0.5);
    let fit = (map_w / window.x).max(map_h / window.y).max(0.25);
    let zoom = 0.5 - 0.5 * (tau * 2.5 * t).cos();
    let scale = 0.25 + (fit - 0.25) * zoom;
    let offset = (1.0 - zoom)
        * Vec2::new(
            0.45 * map_w * (tau * 2.0 * t).sin(),
            0.45 * map_h * (tau * 2.0 * t + tau / 4.0).sin(),
        );
    (geometry.centre() + offset, scale)
}

fn drive_camera(
    bench: Res<WindowBench>,
    geometry: Option<Res<BoardGeometry>>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<crate::board::cache::BoardCamera>>,
) {
    let (Stage::Running(i), Some(geometry)) = (bench.stage, geometry) else {
        return;
    };
    if bench.still {
        return;
    }
    let (at, scale) = camera_at(i, bench.frames, &geometry, window.size());
    let (mut transform, mut projection) = camera.into_inner();
    transform.translation = at.extend(transform.translation.z);
    if let Projection::Orthographic(ortho) = projection.as_mut() {
        ortho.scale = scale;
    }
}

/// Peak and current resident memory of this process in MiB, from `/proc/self/status`.
fn memory_mib() -> (Option<f64>, Option<f64>) {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return (None, None);
    };
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<f64>()
                    .ok()
            })
            .map(|kb| kb / 1024.0)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (p / 100.0 * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn finish(
    mut commands: Commands,
    mut bench: ResMut<WindowBench>,
    source: Option<Res<crate::play::session::GameSource>>,
    cache: Option<Res<crate::board::cache::BoardCache>>,
    mut exit: MessageWriter<AppExit>,
) {
    match bench.stage {
        Stage::WaitingForMap => {
            if since_start_ms() > GIVE_UP_MS {
                error!("no frame showed the map within {} s", GIVE_UP_MS / 1000.0);
                exit.write(AppExit::error());
            }
        }
        Stage::Running(i) if i + 1 < bench.frames => bench.stage = Stage::Running(i + 1),
        Stage::Running(_) => {
            bench.stage = Stage::Finishing;
            let shared = bench.readback.clone();
            let png = png_beside(&bench.out, "last");
            commands.spawn(Screenshot::primary_window()).observe(
                move |shot: On<ScreenshotCaptured>| {
                    save_png(&shot.image, &png);
                    if let Ok(mut r) = shared.lock() {
                        r.last_written = true;
                    }
                },
            );
            let mut sorted = bench.frame_ms.clone();
            sorted.sort_by(f64::total_cmp);
            let (peak, now) = memory_mib();
            let first = bench.readback.lock().ok().and_then(|r| r.first_map_ms);
            let mean = sorted.iter().sum::<f64>() / sorted.len().max(1) as f64;
            let scenario = source.as_ref().map(|s| &s.scenario);
            let figures = json!({
                "scenario": scenario.map_or("floor (the panels over an empty board)".into(), |s| s.file.title.clone()),
                "map": scenario.map(|s| format!("{}x{}", s.file.map.width, s.file.map.height)),
                "counters": scenario.map(|s| s.file.counters.len()),
                "leaders": scenario.map(|s| (s.rules.editor.pieces)(&s.file).len()),
                "frames": sorted.len(),
                "first_map_frame_ms": first,
                "median_frame_ms": percentile(&sorted, 50.0),
                "p99_frame_ms": percentile(&sorted, 99.0),
                "mean_frame_ms": mean,
                "max_frame_ms": sorted.last().copied().unwrap_or(0.0),
                "peak_rss_mib": peak,
                "end_rss_mib": now,
                "board_tiles_drawn": cache.as_ref().map(|c| c.drawn),
                "board_tiles_kept": cache.as_ref().map(|c| c.len()),
                "frames_board_from_tiles": cache.as_ref().map(|c| c.frames_from_tiles),
                "frames_board_drawn_directly": cache.as_ref().map(|c| c.frames_direct),
            });
            let text = serde_json::to_string_pretty(&figures).unwrap_or_default();
            if let Err(e) = std::fs::write(&bench.out, text + "\n") {
                error!("cannot write {}: {e}", bench.out.display());
                exit.write(AppExit::error());
                return;
            }
            say!("{figures}");
        }
        Stage::Finishing => {
            bench.since_finish += 1;
            let written = bench.readback.lock().is_ok_and(|r| r.last_written);
            if written || bench.since_finish > 600 {
                exit.write(AppExit::Success);
            }
        }
    }
}
