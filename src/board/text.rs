//! Text on the board (hex numbers, counter names and values, marker tags) stays crisp
//! at every zoom: each text is laid out at the size it has on the screen — its size on
//! the board times the camera's magnification, rounded up to a half-octave step so that
//! a zoom does not lay every text out again — and scaled back by the same factor, so
//! its glyphs are rasterised for the screen instead of stretched from a small bitmap.
//! Text too small to read at the current zoom is hidden (and not laid out). When the
//! zoom passes a step, only the text in view (with a margin) is laid out again, a few
//! hundred texts at most; text out of view keeps its old step (the right size, less
//! sharp) until it comes into view.
//!
//! The board's font is the project's own (`assets/fonts`), embedded in the binary: it
//! replaces Bevy's default font, so every `Text2d` uses it.

use bevy::prelude::*;

/// The board's font: DejaVu Sans Condensed Bold (`assets/fonts/LICENSE-DejaVu.txt`).
const BOARD_FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// Below this many pixels on the screen a text is not drawn.
pub const MIN_READABLE_PX: f32 = 5.0;
/// The largest factor text is rasterised at (the closest zoom).
const MAX_RASTER: f32 = 4.0;

/// A text on the board, with its size in board units.
#[derive(Component, Debug)]
pub struct BoardText {
    size: f32,
    /// The factor its font size and scale were last set for (0 before the first).
    raster: f32,
    /// The part of the board the text covers, relative to where it stands, for the
    /// test of whether it is in view (a point for a text of one line).
    extent: Rect,
}

/// A text on the board: `size` in board units, drawn at the zoom's resolution.
pub fn board_text(s: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (
        Text2d::new(s),
        TextFont::from_font_size(size),
        TextColor(colour),
        BoardText {
            size,
            raster: 0.0,
            extent: Rect::default(),
        },
    )
}

/// Lines of text on the board, one under the other `line_height` board units apart,
/// each centred on the text's position across, the first line's middle
/// `line_height / 2` below it: a column of hex numbers as one text. Tested for being
/// in view over all its lines.
pub fn board_text_lines(
    lines: &[String],
    size: f32,
    line_height: f32,
    colour: Color,
) -> impl Bundle {
    // A bound on its width for the test of being in view: no glyph is wider than its size.
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f32 * size;
    (
        Text2d::new(lines.join("\n")),
        TextFont::from_font_size(size),
        bevy::text::LineHeight::RelativeToFont(line_height / size),
        bevy::text::TextLayout::new(bevy::text::Justify::Center, bevy::text::LineBreak::NoWrap),
        bevy::sprite::Anchor::TOP_CENTER,
        TextColor(colour),
        BoardText {
            size,
            raster: 0.0,
            extent: Rect::new(
                -width / 2.0,
                -line_height * lines.len() as f32,
                width / 2.0,
                0.0,
            ),
        },
    )
}

/// The camera's magnification (screen pixels per board unit) and the factor text is
/// rasterised at for it.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct TextRaster {
    /// Screen pixels per board unit.
    pub magnification: f32,
    /// The half-octave step at or above the magnification that text is laid out at.
    pub raster: f32,
    /// The part of the board in view, with a margin, in board units.
    pub view: Rect,
    /// The part of the board in view, in board units.
    pub seen: Rect,
}

impl Default for TextRaster {
    fn default() -> Self {
        Self {
            magnification: 1.0,
            raster: 1.0,
            view: Rect::default(),
            seen: Rect::default(),
        }
    }
}

/// The raster factor for a magnification: the zoom step's magnification, at least 1
/// (zoomed out, where most text is in view, text is laid out once at its own size and
/// drawn smaller), at most [`MAX_RASTER`]. The steps are the board cache's: the hex
/// numbers in its tiles are laid out for the step the tiles are drawn at.
pub fn raster_for(magnification: f32) -> f32 {
    super::cache::step_scale(super::cache::step_for(magnification)).clamp(1.0, MAX_RASTER)
}

/// The systems that fit text to the zoom (what spawns board text runs before them).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct FitText;

/// The text plugin: the embedded font and the systems that fit text to the zoom.
pub fn plugin(app: &mut App) {
    let font = Font::from_bytes(BOARD_FONT.to_vec());
    if let Err(e) = app
        .world_mut()
        .resource_mut::<Assets<Font>>()
        .insert(AssetId::default(), font)
    {
        error!("the board's font could not replace the default font: {e}");
    }
    app.init_resource::<TextRaster>().add_systems(
        PostUpdate,
        (follow_zoom, fit_in_view, fit_new)
            .chain()
            .in_set(FitText)
            .before(bevy::text::Text2dUpdateSystems),
    );
}

fn follow_zoom(
    camera: Query<(&Projection, &GlobalTransform), With<super::cache::BoardCamera>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut raster: ResMut<TextRaster>,
) {
    let Some((Projection::Orthographic(ortho), at)) = camera.iter().next() else {
        return;
    };
    let magnification = 1.0 / ortho.scale;
    let step = super::cache::step_scale(super::cache::step_for(magnification));
    let size = window
        .iter()
        .next()
        .map_or(Vec2::new(1280.0, 800.0), Window::size);
    // The view with a tile of the board cache round it: what a pan soon brings in,
    // and what the cache draws ahead.
    let seen = size * ortho.scale / 2.0;
    let half = seen + Vec2::splat(super::cache::TILE_PX as f32 / step);
    let centre = at.translation().truncate();
    raster.set_if_neq(TextRaster {
        magnification,
        raster: raster_for(magnification),
        view: Rect::from_center_half_size(centre, half),
        seen: Rect::from_center_half_size(centre, seen),
    });
}

/// Shows a text at the raster factor, or hides it while too small to read; a text
/// out of view is shown or hidden but not laid out again.
fn fit(
    raster: &TextRaster,
    in_view: bool,
    text: &mut BoardText,
    font: &mut TextFont,
    transform: &mut Transform,
    visibility: &mut Visibility,
) -> bool {
    let readable = text.size * raster.magnification >= MIN_READABLE_PX;
    let shown = if readable {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    if *visibility != shown {
        *visibility = shown;
    }
    if readable && in_view && text.raster != raster.raster {
        text.raster = raster.raster;
        font.font_size = bevy::text::FontSize::Px(text.size * raster.raster);
        transform.scale = Vec3::new(1.0 / raster.raster, 1.0 / raster.raster, 1.0);
        return true;
    }
    false
}

/// How many texts are laid out again in a frame after the zoom passed a step: the
/// rest keep their old step (the right size, less sharp) for the frames after, those
/// in view first, so that a zoom step costs no frame much more than the others.
const RELAYOUT_BUDGET: usize = 120;

/// Where a text stands and the part of the board it covers.
fn covers(text: &BoardText, at: &GlobalTransform) -> (Vec2, Rect) {
    let here = at.translation().truncate();
    (
        here,
        Rect::from_corners(text.extent.min + here, text.extent.max + here),
    )
}

/// Whether a text standing at `here` and covering `area` lies in `view`.
fn within(view: Rect, here: Vec2, area: Rect) -> bool {
    !view.intersect(area).is_empty() || view.contains(here)
}

type Fitted<'a> = (
    &'a mut BoardText,
    &'a mut TextFont,
    &'a mut Transform,
    &'a mut Visibility,
);

fn fit_in_view(
    raster: Res<TextRaster>,
    mut texts: Query<(Fitted, &GlobalTransform)>,
    mut last: Local<Option<TextRaster>>,
) {
    // Nothing to do while neither the zoom nor the view moved, and every text that
    // the last change left to lay out again has been.
    if last.as_ref() == Some(&*raster) {
        return;
    }
    let mut budget = RELAYOUT_BUDGET;
    // First the texts in view, then those in the margin round it.
    for margin in [false, true] {
        for ((mut text, mut font, mut transform, mut visibility), at) in &mut texts {
            let (here, area) = covers(&text, at);
            let seen = within(raster.seen, here, area);
            if seen == margin {
                continue;
            }
            let in_view = budget > 0 && (seen || within(raster.view, here, area));
            if fit(
                &raster,
                in_view,
                &mut text,
                &mut font,
                &mut transform,
                &mut visibility,
            ) {
                budget -= 1;
            }
        }
    }
    // Left for the next frame while the budget ran out.
    *last = (budget > 0).then_some(*raster);
}

fn fit_new(raster: Res<TextRaster>, mut texts: Query<Fitted, Added<BoardText>>) {
    // A new text is laid out now anyway: at the zoom's step, wherever it is.
    for (mut text, mut font, mut transform, mut visibility) in &mut texts {
        fit(
            &raster,
            true,
            &mut text,
            &mut font,
            &mut transform,
            &mut visibility,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zoom_step_lays_out_the_texts_in_view_first_and_a_budget_a_frame() {
        let mut app = App::new();
        let seen = Rect::from_center_half_size(Vec2::ZERO, Vec2::splat(100.0));
        app.insert_resource(TextRaster {
            magnification: 2.0,
            raster: 2.0,
            view: Rect::from_center_half_size(Vec2::ZERO, Vec2::splat(1000.0)),
            seen,
        })
        .add_systems(Update, fit_in_view);
        let spawn = |app: &mut App, at: Vec2| {
            app.world_mut()
                .spawn((
                    board_text("0101", 9.0, Color::BLACK),
                    GlobalTransform::from_translation(at.extend(0.0)),
                    Transform::default(),
                    Visibility::default(),
                ))
                .id()
        };
        let margin: Vec<Entity> = (0..200)
            .map(|i| spawn(&mut app, Vec2::new(500.0, i as f32)))
            .collect();
        let in_view: Vec<Entity> = (0..50)
            .map(|i| spawn(&mut app, Vec2::new(0.0, i as f32)))
            .collect();
        // A text of lines standing above the view whose lines reach into it.
        let lines = app
            .world_mut()
            .spawn((
                board_text_lines(
                    &["0101".into(), "0102".into(), "0103".into()],
                    9.0,
                    70.0,
                    Color::BLACK,
                ),
                GlobalTransform::from_translation(Vec3::new(0.0, 150.0, 0.0)),
                Transform::default(),
                Visibility::default(),
            ))
            .id();
        let beyond = spawn(&mut app, Vec2::new(5000.0, 0.0));
        let laid_out = |app: &App, es: &[Entity]| {
            es.iter()
                .filter(|&&e| app.world().get::<BoardText>(e).map(|t| t.raster) == Some(2.0))
                .count()
        };
        app.update();
        assert_eq!(laid_out(&app, &in_view), 50, "the texts in view first");
        assert_eq!(laid_out(&app, &[lines]), 1, "lines reaching into the view");
        assert_eq!(laid_out(&app, &margin), RELAYOUT_BUDGET - 51);
        app.update();
        assert_eq!(laid_out(&app, &margin), 2 * RELAYOUT_BUDGET - 51);
        app.update();
        assert_eq!(laid_out(&app, &margin), 200, "the rest on the third frame");
        assert_eq!(
            laid_out(&app, &[beyond]),
            0,
            "out of view: left at its step"
        );
        let font = app.world().get::<TextFont>(in_view[0]).expect("a font");
        assert_eq!(font.font_size, bevy::text::FontSize::Px(18.0));
    }

    #[test]
    fn raster_is_one_zoomed_out_then_the_half_octave_step_at_or_above_the_magnification() {
        assert_eq!(raster_for(1.0), 1.0);
        assert!((raster_for(1.01) - 2f32.sqrt()).abs() < 1e-6);
        assert!((raster_for(1.2) - 2f32.sqrt()).abs() < 1e-6);
        assert_eq!(raster_for(2.0), 2.0);
        assert!((raster_for(2.5) - 2.0 * 2f32.sqrt()).abs() < 1e-6);
        assert_eq!(raster_for(0.6), 1.0);
        assert_eq!(raster_for(100.0), MAX_RASTER);
        assert_eq!(raster_for(0.01), 1.0);
        assert_eq!(raster_for(0.0), 1.0);
        assert_eq!(raster_for(f32::NAN), 1.0);
    }
}
