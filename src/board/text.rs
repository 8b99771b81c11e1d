//! Text on the board (hex numbers, counter names and values, marker tags) stays crisp
//! at every zoom: each text is laid out at the size it has on the screen — its size on
//! the board times the camera's magnification, rounded up to a half-octave step so that
//! a zoom does not lay every text out again — and scaled back by the same factor, so
//! its glyphs are rasterised for the screen instead of stretched from a small bitmap.
//! Text too small to read at the current zoom is hidden (and not laid out).
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
/// The smallest.
const MIN_RASTER: f32 = 0.25;

/// A text on the board, with its size in board units.
#[derive(Component, Debug)]
pub struct BoardText {
    size: f32,
    /// The factor its font size and scale were last set for (0 before the first).
    raster: f32,
}

/// A text on the board: `size` in board units, drawn at the zoom's resolution.
pub fn board_text(s: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (
        Text2d::new(s),
        TextFont::from_font_size(size),
        TextColor(colour),
        BoardText { size, raster: 0.0 },
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
}

impl Default for TextRaster {
    fn default() -> Self {
        Self {
            magnification: 1.0,
            raster: 1.0,
        }
    }
}

/// The raster factor for a magnification: the next half-octave step up, within bounds.
pub fn raster_for(magnification: f32) -> f32 {
    if !magnification.is_finite() || magnification <= 0.0 {
        return 1.0;
    }
    let steps = (magnification.log2() * 2.0 - 1e-3).ceil();
    2f32.powf(steps / 2.0).clamp(MIN_RASTER, MAX_RASTER)
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
        (
            follow_zoom,
            fit_all.run_if(resource_changed::<TextRaster>),
            fit_new,
        )
            .chain()
            .in_set(FitText)
            .before(bevy::text::Text2dUpdateSystems),
    );
}

fn follow_zoom(camera: Query<&Projection, With<Camera2d>>, mut raster: ResMut<TextRaster>) {
    let Some(Projection::Orthographic(ortho)) = camera.iter().next() else {
        return;
    };
    let magnification = 1.0 / ortho.scale;
    let now = TextRaster {
        magnification,
        raster: raster_for(magnification),
    };
    // Only a step or a change of readability matters; a change of magnification
    // within a step changes nothing drawn.
    raster.set_if_neq(now);
}

/// Shows a text at the raster factor, or hides it while too small to read.
fn fit(
    raster: &TextRaster,
    text: &mut BoardText,
    font: &mut TextFont,
    transform: &mut Transform,
    visibility: &mut Visibility,
) {
    let readable = text.size * raster.magnification >= MIN_READABLE_PX;
    let shown = if readable {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    if *visibility != shown {
        *visibility = shown;
    }
    if readable && text.raster != raster.raster {
        text.raster = raster.raster;
        font.font_size = bevy::text::FontSize::Px(text.size * raster.raster);
        transform.scale = Vec3::new(1.0 / raster.raster, 1.0 / raster.raster, 1.0);
    }
}

type Fitted<'a> = (
    &'a mut BoardText,
    &'a mut TextFont,
    &'a mut Transform,
    &'a mut Visibility,
);

fn fit_all(raster: Res<TextRaster>, mut texts: Query<Fitted>) {
    for (mut text, mut font, mut transform, mut visibility) in &mut texts {
        fit(
            &raster,
            &mut text,
            &mut font,
            &mut transform,
            &mut visibility,
        );
    }
}

fn fit_new(raster: Res<TextRaster>, mut texts: Query<Fitted, Added<BoardText>>) {
    for (mut text, mut font, mut transform, mut visibility) in &mut texts {
        fit(
            &raster,
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
    fn raster_is_the_half_octave_step_at_or_above_the_magnification() {
        assert_eq!(raster_for(1.0), 1.0);
        assert_eq!(raster_for(2.0), 2.0);
        assert!((raster_for(1.2) - 2f32.sqrt()).abs() < 1e-6);
        assert!((raster_for(0.6) - 2f32.sqrt() / 2.0).abs() < 1e-6);
        assert_eq!(raster_for(0.4), 0.5);
        assert_eq!(raster_for(100.0), MAX_RASTER);
        assert_eq!(raster_for(0.01), MIN_RASTER);
        assert_eq!(raster_for(0.0), 1.0);
        assert_eq!(raster_for(f32::NAN), 1.0);
    }
}
