//! The player's settings, kept between runs in `settings.ron` in the config folder
//! (`drumfire_core::paths::config`): the size of the panels' text, full screen or the
//! window's size, how fast the keys pan and the wheel zooms, the computer's pace, how
//! long an order takes to show on the board, the
//! sides' colours (the scenario's, or colours a colour-blind player tells apart) and
//! which orders are asked about before they are given.
//! Changed in the Settings window (from the start screen and the game menu), applied at
//! once and written at once; a file that does not read is reported and the defaults used.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::{EguiContexts, egui};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The settings.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The size of the panels' text and buttons (1 is 100 %).
    pub interface_scale: f32,
    /// The window fills the screen.
    pub full_screen: bool,
    /// The window's width and height when it does not.
    pub window_size: (u32, u32),
    /// How fast the arrow keys pan (1 is the game's own pace).
    pub pan_speed: f32,
    /// How far a step of the wheel zooms (1 is the game's own step).
    pub zoom_speed: f32,
    /// Seconds between the computer's orders at its readable pace.
    pub computer_pace: f32,
    /// Seconds an order takes to show on the board (a counter's glide over a hex, a
    /// fire's line and result); 0 shows none. None either when the computer plays fast.
    pub order_pace: f32,
    /// How the sides are coloured: as the scenario says, or in colours that a
    /// colour-blind player tells apart.
    pub side_colours: Palette,
    /// Ask before a side ends its part of a phase while it still has orders to give.
    pub ask_before_ending: bool,
    /// Ask before an order that rolls dice (it cannot be undone).
    pub ask_before_dice: bool,
    /// The view follows the orders shown on the board (the computer's, the other
    /// player's, a replay's) where they happen off the screen.
    pub follow_orders: bool,
}

/// How the sides are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Palette {
    /// The scenario's own colours.
    #[default]
    Scenario,
    /// Blue, vermilion, bluish green and reddish purple (Okabe and Ito's colours), told
    /// apart with every common kind of colour blindness, white lettering readable on each.
    ColourBlindSafe,
}

/// The colours of [`Palette::ColourBlindSafe`], side by side.
const COLOUR_BLIND_SAFE: [[u8; 3]; 4] =
    [[0, 114, 178], [213, 94, 0], [0, 158, 115], [204, 121, 167]];

/// Each side's colour as the window shows it: the scenario's, or the colour-blind safe
/// palette's, as the settings say.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct SideColours(pub Vec<[u8; 3]>);

impl SideColours {
    /// The sides' colours under `palette`.
    pub fn of(sides: &drumfire_core::scenario::SideList, palette: Palette) -> Self {
        Self(
            sides
                .0
                .iter()
                .enumerate()
                .map(|(i, s)| match palette {
                    Palette::Scenario => s.colour,
                    Palette::ColourBlindSafe => COLOUR_BLIND_SAFE[i % COLOUR_BLIND_SAFE.len()],
                })
                .collect(),
        )
    }

    /// A side's colour (grey for a side there is not).
    pub fn rgb(&self, side: u8) -> [u8; 3] {
        self.0
            .get(usize::from(side))
            .copied()
            .unwrap_or([128, 128, 128])
    }

    /// A side's colour on its counters and markers.
    pub fn counter(&self, side: u8) -> Color {
        let [r, g, b] = self.rgb(side);
        Color::srgb_u8(r, g, b)
    }

    /// A side's colour for its name and square in the panels: a dark colour lightened
    /// until it reads on the dark panels (a dark grey side stays grey, not black).
    pub fn text(&self, side: u8) -> egui::Color32 {
        let [r, g, b] = readable(self.rgb(side));
        egui::Color32::from_rgb(r, g, b)
    }
}

/// The lightness a side's colour is raised to when it is read on the dark panels.
const READABLE: f32 = 150.0;

/// `rgb` mixed with white until its lightness is at least [`READABLE`].
fn readable(rgb: [u8; 3]) -> [u8; 3] {
    let [r, g, b] = rgb.map(f32::from);
    let lightness = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    if lightness >= READABLE {
        return rgb;
    }
    let t = (READABLE - lightness) / (255.0 - lightness);
    rgb.map(|c| (f32::from(c) + (255.0 - f32::from(c)) * t).round() as u8)
}

/// Keeps [`SideColours`] the settings' and the game's (changed only when they differ,
/// so the board is drawn again only then); without settings (the editor), the
/// scenario's colours. Run by the board.
pub fn keep_side_colours(
    settings: Option<Res<Settings>>,
    sides: Option<Res<drumfire_core::scenario::SideList>>,
    mut colours: ResMut<SideColours>,
) {
    let palette = settings.map_or(Palette::Scenario, |s| s.side_colours);
    let wanted = sides.map_or_else(SideColours::default, |s| SideColours::of(&s, palette));
    if *colours != wanted {
        *colours = wanted;
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            interface_scale: 1.0,
            full_screen: false,
            window_size: (1280, 800),
            pan_speed: 1.0,
            zoom_speed: 1.0,
            computer_pace: 0.7,
            order_pace: 0.25,
            side_colours: Palette::Scenario,
            ask_before_ending: true,
            ask_before_dice: false,
            follow_orders: true,
        }
    }
}

/// Each setting's bounds.
/// The text grows to 150 %: the play window's bottom bar wraps onto more rows where its
/// buttons do not fit across.
const SCALE: (f32, f32) = (0.75, 1.5);
const SPEED: (f32, f32) = (0.25, 4.0);
const PACE: (f32, f32) = (0.0, 3.0);
const ORDER_PACE: (f32, f32) = (0.0, 1.0);
const WIDTH: (u32, u32) = (800, 7680);
const HEIGHT: (u32, u32) = (600, 4320);

impl Settings {
    /// Where they are kept.
    pub fn path() -> PathBuf {
        drumfire_core::paths::config().join("settings.ron")
    }

    /// The settings kept, and what was wrong with the file if it did not read (then the
    /// defaults). No file: the defaults, nothing wrong.
    pub fn load() -> (Self, Option<String>) {
        let path = Self::path();
        if !path.exists() {
            return (Self::default(), None);
        }
        let read = drumfire_core::error::read_file(&path).and_then(|text| {
            drumfire_core::error::read_ron::<Self>(&path.display().to_string(), &text)
        });
        match read {
            Ok(s) => (s.within_bounds(), None),
            Err(e) => (
                Self::default(),
                Some(format!("{e} (the settings are back to their defaults)")),
            ),
        }
    }

    /// Writes them, atomically.
    pub fn save(&self) -> std::io::Result<()> {
        let path = Self::path();
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let body = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new())
            .map_err(std::io::Error::other)?;
        let tmp = path.with_extension("ron.tmp");
        std::fs::write(&tmp, format!("// Drumfire settings\n{body}\n"))?;
        std::fs::rename(&tmp, &path)
    }

    /// Every setting within its bounds (a hand-edited file may hold anything).
    pub fn within_bounds(self) -> Self {
        let clamp = |v: f32, (lo, hi): (f32, f32), default: f32| {
            if v.is_finite() {
                v.clamp(lo, hi)
            } else {
                default
            }
        };
        let d = Self::default();
        Self {
            interface_scale: clamp(self.interface_scale, SCALE, d.interface_scale),
            full_screen: self.full_screen,
            window_size: (
                self.window_size.0.clamp(WIDTH.0, WIDTH.1),
                self.window_size.1.clamp(HEIGHT.0, HEIGHT.1),
            ),
            pan_speed: clamp(self.pan_speed, SPEED, d.pan_speed),
            zoom_speed: clamp(self.zoom_speed, SPEED, d.zoom_speed),
            computer_pace: clamp(self.computer_pace, PACE, d.computer_pace),
            order_pace: clamp(self.order_pace, ORDER_PACE, d.order_pace),
            ..self
        }
    }

    /// The window mode they ask for.
    pub fn window_mode(&self) -> WindowMode {
        if self.full_screen {
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        }
    }
}

/// Is the Settings window open?
#[derive(Resource, Default)]
pub struct SettingsOpen(pub bool);

/// What was wrong with the settings file when it was read (the window opens on it).
#[derive(Resource, Default)]
pub struct Trouble(pub Option<String>);

/// The settings plugin: the settings read at start, the Settings window, and the
/// interface scale and window mode applied when they change.
pub fn plugin(app: &mut App) {
    let (settings, trouble) = Settings::load();
    if let Some(trouble) = &trouble {
        tell!("{trouble}");
    }
    app.insert_resource(settings)
        .insert_resource(SettingsOpen(trouble.is_some()))
        .insert_resource(Trouble(trouble))
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (apply_scale, settings_window),
        )
        .add_systems(
            Update,
            apply_window.run_if(
                resource_changed::<Settings>
                    .and_then(|fixed: Option<Res<FixedWindow>>| !fixed.is_some_and(|f| f.0)),
            ),
        );
}

/// The window keeps the size it was opened at (a test's picture, a benchmark).
#[derive(Resource, Default)]
pub struct FixedWindow(pub bool);

fn apply_scale(mut contexts: EguiContexts, settings: Res<Settings>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - settings.interface_scale).abs() > f32::EPSILON {
        ctx.set_zoom_factor(settings.interface_scale);
    }
    Ok(())
}

fn apply_window(settings: Res<Settings>, mut window: Single<&mut Window, With<PrimaryWindow>>) {
    let mode = settings.window_mode();
    if window.mode != mode {
        window.mode = mode;
    }
    let (w, h) = settings.window_size;
    if !settings.full_screen
        && (
            window.resolution.width() as u32,
            window.resolution.height() as u32,
        ) != (w, h)
    {
        window.resolution.set(w as f32, h as f32);
    }
}

fn settings_window(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut open: ResMut<SettingsOpen>,
    mut trouble: ResMut<Trouble>,
    mut status: Local<String>,
) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut edited = settings.clone();
    let mut shown = true;
    egui::Window::new("Settings")
        .open(&mut shown)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            if let Some(t) = &trouble.0 {
                ui.colored_label(egui::Color32::from_rgb(230, 110, 90), t);
                ui.separator();
            }
            settings_grid(ui, &mut edited);
            if ui.button("Back to the defaults").clicked() {
                edited = Settings::default();
            }
            ui.weak(format!("Kept in {}", Settings::path().display()));
            if !status.is_empty() {
                ui.label(status.as_str());
            }
        });
    open.0 = shown;
    let edited = edited.within_bounds();
    if !shown {
        trouble.0 = None;
    }
    if edited != *settings {
        *status = match edited.save() {
            Ok(()) => String::new(),
            Err(e) => format!("Could not keep them in {}: {e}", Settings::path().display()),
        };
        *settings = edited;
    }
    Ok(())
}

/// The settings, one a row, as `edited` holds them.
fn settings_grid(ui: &mut egui::Ui, edited: &mut Settings) {
    egui::Grid::new("settings").num_columns(2).show(ui, |ui| {
        ui.label("Text and buttons");
        ui.add(
            egui::Slider::new(&mut edited.interface_scale, SCALE.0..=SCALE.1)
                .step_by(0.05)
                .custom_formatter(|v, _| format!("{:.0} %", v * 100.0)),
        );
        ui.end_row();
        ui.label("Full screen");
        ui.checkbox(&mut edited.full_screen, "");
        ui.end_row();
        ui.label("Window size");
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut edited.window_size.0).range(WIDTH.0..=WIDTH.1));
            ui.label("×");
            ui.add(egui::DragValue::new(&mut edited.window_size.1).range(HEIGHT.0..=HEIGHT.1));
        });
        ui.end_row();
        ui.label("Arrow keys pan");
        ui.add(egui::Slider::new(&mut edited.pan_speed, SPEED.0..=SPEED.1).suffix("×"));
        ui.end_row();
        ui.label("The wheel zooms");
        ui.add(egui::Slider::new(&mut edited.zoom_speed, SPEED.0..=SPEED.1).suffix("×"));
        ui.end_row();
        ui.label("The computer's pace");
        ui.add(
            egui::Slider::new(&mut edited.computer_pace, PACE.0..=PACE.1)
                .step_by(0.1)
                .suffix(" s an order"),
        );
        ui.end_row();
        ui.label("Orders shown on the board");
        ui.add(
            egui::Slider::new(&mut edited.order_pace, ORDER_PACE.0..=ORDER_PACE.1)
                .step_by(0.05)
                .suffix(" s a hex"),
        )
        .on_hover_text("How long a counter takes over each hex, and a fire's line stays (0: orders are not shown moving). A click or a key finishes the showing.");
        ui.end_row();
        ui.label("Side colours");
        ui.horizontal(|ui| {
            ui.radio_value(
                &mut edited.side_colours,
                Palette::Scenario,
                "The scenario's",
            );
            ui.radio_value(
                &mut edited.side_colours,
                Palette::ColourBlindSafe,
                "Colour-blind safe",
            );
        });
        ui.end_row();
        ui.label("Ask first");
        ui.vertical(|ui| {
            ui.checkbox(
                &mut edited.ask_before_ending,
                "before ending a phase with orders left to give",
            );
            ui.checkbox(
                &mut edited.ask_before_dice,
                "before an order that rolls dice (it cannot be undone)",
            );
        });
        ui.end_row();
        ui.label("The view");
        ui.checkbox(
            &mut edited.follow_orders,
            "follows the orders shown off the screen",
        );
        ui.end_row();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Settings written read back the same; a file out of bounds is brought within them;
    /// a file that does not read says where and gives the defaults.
    #[test]
    fn settings_are_kept_between_runs_and_checked_when_read() {
        let dir = std::env::temp_dir().join(format!("drumfire-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.ron");
        let kept = Settings {
            interface_scale: 1.25,
            computer_pace: 0.2,
            ..Settings::default()
        };
        let text = ron::ser::to_string_pretty(&kept, ron::ser::PrettyConfig::new()).unwrap();
        let back: Settings = drumfire_core::error::read_ron("settings.ron", &text).unwrap();
        assert_eq!(back, kept);
        let wild = Settings {
            interface_scale: 9.0,
            window_size: (10, 100_000),
            pan_speed: f32::NAN,
            ..Settings::default()
        }
        .within_bounds();
        assert_eq!(
            (wild.interface_scale, wild.window_size, wild.pan_speed),
            (1.5, (800, 4320), 1.0)
        );
        std::fs::write(&path, "(interface_scale: \"big\")").unwrap();
        let err = drumfire_core::error::read_ron::<Settings>(
            "settings.ron",
            "(interface_scale: \"big\")",
        )
        .unwrap_err();
        assert!(err.to_string().starts_with("settings.ron:1:"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
