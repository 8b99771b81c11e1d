//! `drumfire edit [FILE]`: the scenario editor in the window. The map and counters
//! are drawn by the same board as play; the mouse turns strokes into
//! [`drumfire_core::editor::Edit`]s, and every change is checked live by the same
//! checks as `drumfire check`.

pub mod ui;

use crate::input::{Hover, MapArea};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use drumfire_core::counters::Counter;
use drumfire_core::editor::{CrossingEdit, Edit, Editor};
use drumfire_core::error::LocatedError;
use drumfire_core::scenario::{CounterDef, ScenarioFile};
use std::path::{Path, PathBuf};

/// What a click or drag on the map does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Paint terrain (or fill, when [`Doc::fill`] is set).
    Terrain(char),
    /// Raise or lower contours.
    Elevation(bool),
    /// Draw roads hex to hex.
    Road,
    /// Draw rivers hex to hex.
    River,
    /// Bridge or ford on a river hex.
    Crossing(CrossingEdit),
    /// Take roads and rivers off a hex.
    EraseLines,
    /// Place a unit of this type for the palette's side.
    Unit(String),
    /// A rule set's own placement tool (its key, read by [`EditorParts::place`]):
    /// a Great War leader of a kind and rank.
    Rules(String),
    /// Pick up a counter and drop it elsewhere.
    Select,
    /// Remove the top counter of a hex.
    Delete,
    /// Make a hex an objective (points from [`Doc::points`]; 0 removes).
    Objective,
}

/// A rule set's parts of the editor's window, each method defaulting to nothing. Each
/// draws into the panel the editor gives it and turns what the designer does into
/// edits, its own (`SectionEdit`s) or the core's. The app hands the editor the parts
/// of the scenario's rule set from its registry.
pub trait EditorParts: Sync + 'static {
    /// Its placement tools, after the unit types (the Great War's leaders pool).
    fn tools(&self, _ui: &mut egui::Ui, _doc: &mut Doc) {}
    /// The edit its tool `key` makes at hex `hex` for side `side`.
    fn place(&self, _key: &str, _side: String, _hex: String) -> Option<Edit> {
        None
    }
    /// Its rows in the inspector of a unit (the Portable facing).
    fn unit(
        &self,
        _ui: &mut egui::Ui,
        _file: &ScenarioFile,
        _c: &CounterDef,
        _edits: &mut Vec<Edit>,
    ) {
    }
    /// The inspector of one of its own pieces (a Great War leader); `false` when `id`
    /// is none of its.
    fn piece(
        &self,
        _ui: &mut egui::Ui,
        _file: &ScenarioFile,
        _id: &str,
        _edits: &mut Vec<Edit>,
    ) -> bool {
        false
    }
    /// A side's own figures in the settings window, after its name and colour.
    fn side(&self, _ui: &mut egui::Ui, _file: &ScenarioFile, _side: usize, _edits: &mut Vec<Edit>) {
    }
    /// What follows the sides in the settings window (the Artillery Plans).
    fn settings(
        &self,
        _ui: &mut egui::Ui,
        _doc: &Doc,
        _edits: &mut Vec<Edit>,
        _buffers: &mut ui::Buffers,
    ) {
    }
}

/// The editor parts of a rule set with nothing of its own to edit.
pub struct NoEditorParts;

impl EditorParts for NoEditorParts {}

/// An inspector row for a unit made of stands: how many it has at the start, 1 to
/// `most`, each of kind `kind` (`hint` on hover). A unit with none yet shows 0 until
/// the designer sets them: the number is not clamped into range just by being shown.
pub fn stands_row(
    ui: &mut egui::Ui,
    c: &CounterDef,
    edits: &mut Vec<Edit>,
    (label, hint): (&str, &str),
    most: usize,
    kind: &str,
) {
    ui.horizontal(|ui| {
        ui.label(label).on_hover_text(hint);
        let mut n = c.stands.len();
        let drag = egui::DragValue::new(&mut n)
            .range(1..=most)
            .clamp_existing_to_range(false);
        if ui.add(drag).changed() && n != c.stands.len() {
            edits.push(Edit::Stands {
                id: c.id.clone(),
                stands: vec![kind.to_owned(); n],
            });
        }
    });
}

/// An inspector row for the hexside a unit faces at the start, for rule sets where
/// every unit faces one ("choose a hexside" until it does).
pub fn facing_row(ui: &mut egui::Ui, c: &CounterDef, edits: &mut Vec<Edit>) {
    use drumfire_core::scenario::FacingDef;
    ui.horizontal(|ui| {
        ui.label("Faces");
        egui::ComboBox::from_id_salt("required_facing")
            .selected_text(
                c.facing
                    .map_or("choose a hexside".to_owned(), |f| format!("{f:?}")),
            )
            .show_ui(ui, |ui| {
                for f in FacingDef::ALL {
                    if ui
                        .selectable_label(c.facing == Some(f), format!("{f:?}"))
                        .clicked()
                        && c.facing != Some(f)
                    {
                        edits.push(Edit::Facing {
                            id: c.id.clone(),
                            facing: Some(f),
                        });
                    }
                }
            });
    });
}

/// The scenario being edited and the editor's state.
#[derive(Resource)]
pub struct Doc {
    /// The scenario and its undo history.
    pub editor: Editor,
    /// Its rule set's parts of the window.
    pub panels: &'static dyn EditorParts,
    /// Where it is saved.
    pub path: PathBuf,
    /// The checks' errors, as `drumfire check` prints them.
    pub errors: Vec<LocatedError>,
    /// The tool in hand.
    pub tool: Tool,
    /// Terrain fills joined hexes instead of painting one.
    pub fill: bool,
    /// The side units and leaders are placed for.
    pub side: usize,
    /// Points for the objective tool.
    pub points: u32,
    /// The counter picked up (id).
    pub selected: Option<String>,
    /// A line for the status bar.
    pub status: String,
    /// The settings window is open.
    pub settings: bool,
    /// The scenario as last saved (to tell unsaved changes); none before the first save
    /// of a new file.
    pub saved: Option<drumfire_core::scenario::ScenarioFile>,
    /// Leave was asked for with changes not saved: asked again, the editor leaves.
    pub leaving: bool,
    /// The map size the camera was last fitted to.
    framed: Option<(u16, u16)>,
}

impl Doc {
    fn refresh_errors(&mut self) {
        self.errors = self.editor.check().err().unwrap_or_default();
    }

    /// Are there changes not saved?
    pub fn unsaved(&self) -> bool {
        self.saved.as_ref() != Some(&self.editor.file)
    }
}

/// Edits asked for by the panels or the mouse this frame: (edit, joins the last).
#[derive(Resource, Default)]
pub struct EditQueue(pub Vec<(Edit, bool)>);

/// Commands of the editor's bars.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub enum EditorCommand {
    /// Nothing.
    #[default]
    None,
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Save to the file.
    Save,
    /// Save, then play the scenario (in this window, in place of the editor).
    Play,
    /// Back to the start screen (asked twice when there are changes not saved).
    Leave,
    /// Centre the map on a hex.
    Goto(String),
}

/// The file `drumfire edit` works on: a file that exists as it is; a short name in the
/// player's scenarios folder (`NAME.ron`), where a shipped scenario's name gives a
/// copy of it, `my_NAME.ron`, written there the first time (a shipped scenario is
/// never edited in place); no name, `new_scenario.ron` there; any other path as given
/// (a new file).
fn editable(path: Option<PathBuf>) -> Result<PathBuf, String> {
    let folder = drumfire_core::paths::scenarios();
    let Some(path) = path else {
        return Ok(folder.join("new_scenario.ron"));
    };
    let name = path.to_string_lossy().into_owned();
    if path.exists() || name.contains(['/', '\\', '.']) || name.is_empty() {
        return Ok(path);
    }
    let own = folder.join(format!("{name}.ron"));
    if own.exists() {
        return Ok(own);
    }
    let Some(shipped) = drumfire_core::rules::shipped::find(&name) else {
        return Ok(own);
    };
    let copy = folder.join(format!("my_{}.ron", shipped.name));
    if !copy.exists() {
        std::fs::create_dir_all(&folder)
            .and_then(|()| std::fs::write(&copy, shipped.text))
            .map_err(|e| format!("{}:1:1: cannot write the copy: {e}", copy.display()))?;
    }
    Ok(copy)
}

/// The scenario `drumfire edit [FILE] [--rules ID]` opens (the rule set is for a new
/// file), its rule set's parts from `panels_of`; why not, with file, line and column.
pub fn doc_of(
    path: Option<PathBuf>,
    rules: Option<&str>,
    panels_of: fn(&str) -> &'static dyn EditorParts,
) -> Result<Doc, String> {
    let path = editable(path)?;
    let name = path.display().to_string();
    let editor = open_editor(&path, &name, rules)?;
    Ok(new_doc(editor, path, panels_of))
}

/// The editor's systems, for the window to run while the editor is on its screen
/// (beside the board's and the input's, which it shares with a game): the scenario
/// spawned as the screen comes on, the map framed, the mouse's tools, the keys, the
/// edits applied, the panels.
pub fn plugin(app: &mut App) {
    app.init_resource::<EditQueue>()
        .init_resource::<EditorCommand>()
        .add_systems(
            OnEnter(crate::screen::Screen::Editor),
            spawn_doc.before(crate::board::BoardDrawn),
        )
        .add_systems(
            Update,
            frame_map.run_if(resource_exists::<crate::board::geometry::BoardGeometry>),
        )
        .add_plugins(ui::plugin)
        .add_systems(
            Update,
            (
                mouse_tools
                    .run_if(not(egui_wants_any_pointer_input))
                    .after(crate::input::InputSet),
                shortcuts.run_if(not(egui_wants_any_keyboard_input)),
                apply_edits,
            )
                .chain(),
        );
}

/// The editor on the file at `path` (named `name` in messages), or on a new
/// scenario of rule set `rules` (the first one by default) when there is no such
/// file yet; or why not.
fn open_editor(path: &Path, name: &str, rules: Option<&str>) -> Result<Editor, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            Editor::open(name, &text, &drumfire_core::rules::ALL).map_err(|e| e.to_string())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let all = &drumfire_core::rules::ALL;
            let rules = rules.or(all.first().map(|r| r.id)).unwrap_or_default();
            match all.find(rules) {
                Some(r) => Ok(Editor::new(all, r, name)),
                None => Err(format!(
                    "--rules: unknown rule set `{rules}`; known: {}",
                    all.ids().join(", ")
                )),
            }
        }
        Err(e) => Err(format!("{name}:1:1: cannot read the file: {e}")),
    }
}

/// The document being edited: the editor on its file, the rule set's panels, the
/// terrain brush of the map's first hex, and the checks run once.
fn new_doc(editor: Editor, path: PathBuf, panels_of: fn(&str) -> &'static dyn EditorParts) -> Doc {
    let saved = path.exists().then(|| editor.file.clone());
    let glyph = editor
        .file
        .map
        .terrain
        .first()
        .and_then(|r| r.chars().next())
        .unwrap_or('.');
    let mut doc = Doc {
        panels: panels_of(editor.rules().id),
        editor,
        path,
        errors: Vec::new(),
        tool: Tool::Terrain(glyph),
        fill: false,
        side: 0,
        points: 1,
        selected: None,
        status: String::new(),
        settings: false,
        saved,
        leaving: false,
        framed: None,
    };
    doc.refresh_errors();
    doc
}

/// Puts the scenario on the table (hexes, counters, resources), as spawned for play.
fn spawn_doc(world: &mut World) {
    drumfire_core::game::despawn_the_table(world);
    if let Some(s) = world.resource::<Doc>().editor.as_scenario() {
        drumfire_core::scenario::spawn(world, &s);
    }
}

/// Fits the map between the editor's panels when it opens and whenever its size
/// changes.
fn frame_map(
    geometry: Res<crate::board::geometry::BoardGeometry>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<crate::board::cache::BoardCamera>>,
    mut doc: ResMut<Doc>,
) {
    if doc.framed == Some((geometry.width, geometry.height)) {
        return;
    }
    doc.framed = Some((geometry.width, geometry.height));
    let insets = crate::input::Insets {
        left: ui::LEFT_WIDTH,
        right: ui::RIGHT_WIDTH,
        top: 40.0,
        bottom: ui::BOTTOM_HEIGHT,
    };
    crate::input::fit_camera(&geometry, &window, camera.into_inner(), insets, (4.0, None));
}

fn apply_edits(world: &mut World) {
    let edits = std::mem::take(&mut world.resource_mut::<EditQueue>().0);
    let command = std::mem::take(&mut *world.resource_mut::<EditorCommand>());
    let mut doc = world.resource_mut::<Doc>();
    let before = doc.editor.file.clone();
    for (edit, joins) in edits {
        let result = if joins {
            doc.editor.apply_continuing(&edit)
        } else {
            doc.editor.apply(&edit)
        };
        if let Err(why) = result {
            doc.status = why;
        }
    }
    match command {
        EditorCommand::Undo => {
            if !doc.editor.undo() {
                doc.status = "Nothing to undo.".into();
            }
        }
        EditorCommand::Redo => {
            if !doc.editor.redo() {
                doc.status = "Nothing to redo.".into();
            }
        }
        EditorCommand::Save => save(&mut doc),
        EditorCommand::Play => {
            if doc.errors.is_empty() {
                save(&mut doc);
                if !doc.unsaved() {
                    let play = vec!["play".into(), doc.path.clone().into_os_string()];
                    world.insert_resource(crate::screen::Launch(play));
                    return;
                }
            } else {
                doc.status = "Fix the errors below before playing.".into();
            }
        }
        EditorCommand::Leave => {
            if !doc.unsaved() || doc.leaving {
                let left = format!("Left the editor ({}).", doc.path.display());
                world.insert_resource(crate::screen::ToStart(left));
                return;
            }
            doc.leaving = true;
            doc.status = "Changes not saved: Leave again to drop them, or Save first.".into();
        }
        EditorCommand::Goto(_) | EditorCommand::None => {}
    }
    let changed = doc.editor.file != before;
    if changed {
        doc.leaving = false;
        doc.refresh_errors();
        let map_changed = doc.editor.file.map != before.map
            || doc.editor.file.victory != before.victory
            || doc.editor.file.sides != before.sides;
        spawn_doc(world);
        if map_changed
            || world
                .get_resource::<crate::board::geometry::BoardGeometry>()
                .is_none()
        {
            world.resource_mut::<crate::board::BoardEpoch>().0 += 1;
        } else {
            world
                .resource_mut::<crate::board::BoardEpoch>()
                .set_changed();
        }
    }
    if let EditorCommand::Goto(hex) = command {
        ui::centre_on(world, &hex);
    }
}

fn save(doc: &mut Doc) {
    match doc.editor.save(&doc.path) {
        Ok(()) => {
            doc.saved = Some(doc.editor.file.clone());
            doc.status = format!("Saved {}.", doc.path.display());
        }
        Err(e) => doc.status = format!("Could not save {}: {e}", doc.path.display()),
    }
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut command: ResMut<EditorCommand>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        *command = if shift {
            EditorCommand::Redo
        } else {
            EditorCommand::Undo
        };
    } else if ctrl && keys.just_pressed(KeyCode::KeyY) {
        *command = EditorCommand::Redo;
    } else if ctrl && keys.just_pressed(KeyCode::KeyS) {
        *command = EditorCommand::Save;
    } else if keys.just_pressed(KeyCode::Escape) {
        *command = EditorCommand::Leave;
    }
}

/// The hex the stroke last touched and whether the stroke has made an edit.
#[derive(Default)]
struct Stroke {
    last: Option<hexx::Hex>,
    started: bool,
}

#[allow(clippy::too_many_arguments)]
fn mouse_tools(
    buttons: Res<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    window: Single<&Window, With<PrimaryWindow>>,
    area: Res<MapArea>,
    mut doc: ResMut<Doc>,
    mut queue: ResMut<EditQueue>,
    index: Res<drumfire_core::map::HexIndex>,
    counters: Query<&Counter>,
    mut stroke: Local<Stroke>,
) {
    let on_map = match (window.cursor_position(), area.0) {
        (Some(p), Some(r)) => r.contains(p),
        _ => false,
    };
    // A press and its release may come in the same frame (a quick click).
    let pressed_now = buttons.just_pressed(MouseButton::Left);
    let held = buttons.pressed(MouseButton::Left) || pressed_now;
    if let (Some(hex), true, true) = (hover.0, on_map, held)
        && (pressed_now || stroke.last != Some(hex))
    {
        stroke_at(
            hex,
            pressed_now,
            &mut doc,
            &mut queue,
            &index,
            &counters,
            &mut stroke,
        );
    }
    if buttons.just_released(MouseButton::Left) {
        if let (Tool::Select, Some(id), Some(hex)) = (&doc.tool, doc.selected.clone(), hover.0)
            && stroke.last.is_some_and(|h| h != hex)
            && on_map
        {
            queue.0.push((
                Edit::Move {
                    id,
                    hex: drumfire_core::coords::hex_label(hex),
                },
                false,
            ));
        }
        *stroke = Stroke::default();
    }
}

/// The tool applied to a hex under the pressed button.
fn stroke_at(
    hex: hexx::Hex,
    pressed_now: bool,
    doc: &mut Doc,
    queue: &mut EditQueue,
    index: &drumfire_core::map::HexIndex,
    counters: &Query<&Counter>,
    stroke: &mut Stroke,
) {
    let label = drumfire_core::coords::hex_label(hex);
    let side = doc
        .editor
        .file
        .sides
        .get(doc.side)
        .map(|s| s.id.clone())
        .unwrap_or_default();
    let top = index
        .occupants(hex)
        .last()
        .and_then(|e| counters.get(*e).ok())
        .map(|c| c.id.clone());
    let previous = stroke.last;
    let edit = match doc.tool.clone() {
        Tool::Terrain(glyph) if doc.fill => pressed_now.then_some(Edit::Fill { hex: label, glyph }),
        Tool::Terrain(glyph) => Some(Edit::Paint { hex: label, glyph }),
        Tool::Elevation(up) => pressed_now.then_some(Edit::Elevation { hex: label, up }),
        Tool::Road | Tool::River => {
            previous
                .filter(|p| p.unsigned_distance_to(hex) == 1)
                .map(|p| {
                    let from = drumfire_core::coords::hex_label(p);
                    if doc.tool == Tool::Road {
                        Edit::Road { from, to: label }
                    } else {
                        Edit::River { from, to: label }
                    }
                })
        }
        Tool::Crossing(kind) => pressed_now.then_some(Edit::Crossing { hex: label, kind }),
        Tool::EraseLines => Some(Edit::EraseLines { hex: label }),
        Tool::Unit(unit) => pressed_now.then_some(Edit::PlaceUnit {
            side,
            unit,
            hex: label,
        }),
        Tool::Rules(key) => pressed_now
            .then(|| doc.panels.place(&key, side, label))
            .flatten(),
        Tool::Select => {
            if pressed_now {
                doc.selected = top;
            }
            None
        }
        Tool::Delete => pressed_now
            .then_some(())
            .and(top)
            .map(|id| Edit::Delete { id }),
        Tool::Objective => pressed_now.then_some(Edit::Objective {
            hex: label,
            points: doc.points,
            held_by: None,
        }),
    };
    // Pick up remembers the hex it pressed on; the other tools the hex last touched.
    if pressed_now || !matches!(doc.tool, Tool::Select) {
        stroke.last = Some(hex);
    }
    if let Some(edit) = edit {
        queue.0.push((edit, stroke.started));
        stroke.started = true;
    }
}
