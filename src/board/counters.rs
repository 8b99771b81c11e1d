//! Counters drawn as wargame counters: side colour, NATO-style type symbol,
//! printed values (Direct Fire in black, Bombardment in white on a dark band,
//! movement on the right), a stripe on the reduced side, leaders on a darker
//! face with a gold edge, markers as tags beside them, and stacks fanned so
//! every counter's edge and name show, with a badge giving the stack's size.
//!
//! The view is rebuilt from the core whenever the journal grows (every change
//! to the game is journaled) or the selection changes.

use super::Selection;
use super::geometry::{BoardGeometry, HEX_SIZE};
use super::text::board_text;
use super::z;
use bevy::prelude::*;
use drumfire_core::counters::{
    Counter, HexMarker, HexMarkerKind, Leader, MarkerFlags, MarkerKind, OnHex, Printed, Steps,
    marker_list,
};
use drumfire_core::data::{CounterFace, UnitClass};
use drumfire_core::journal::Journal;
use drumfire_core::map::HexIndex;

/// Counter edge length in world units.
pub const COUNTER: f32 = 54.0;
/// How far each counter below the top of a stack peeks out.
const FAN: f32 = 8.0;
/// Marker tags sit this far above their counter, over any stack.
const MARKER_Z: f32 = 30.0;

/// The drawing of one core counter (the root of its sprites and texts).
#[derive(Component, Debug)]
pub struct CounterView;

/// The counters drawn again where the game changed.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Redraw;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        redraw_counters
            .run_if(resource_exists::<BoardGeometry>.and_then(view_is_stale))
            .in_set(Redraw)
            .before(super::text::FitText),
    );
}

#[derive(Default)]
struct Seen {
    journal: usize,
}

fn view_is_stale(
    journal: Res<Journal>,
    selection: Res<Selection>,
    epoch: Res<super::BoardEpoch>,
    colours: Res<crate::settings::SideColours>,
    mut seen: Local<Option<Seen>>,
) -> bool {
    let stale = seen
        .as_ref()
        .is_none_or(|s| s.journal != journal.entries().len())
        || selection.is_changed()
        || epoch.is_changed()
        || colours.is_changed();
    *seen = Some(Seen {
        journal: journal.entries().len(),
    });
    stale
}

fn redraw_counters(
    mut commands: Commands,
    old: Query<Entity, With<CounterView>>,
    index: Res<HexIndex>,
    geometry: Res<BoardGeometry>,
    colours: Res<crate::settings::SideColours>,
    selection: Res<Selection>,
    rules: Res<drumfire_core::scenario::Rules>,
    hex_markers: Query<&HexMarker>,
    counters: Query<(
        MarkerFlags,
        &Counter,
        &OnHex,
        &Steps,
        Option<&Printed>,
        Option<&Leader>,
        Option<&drumfire_core::counters::Facing>,
        Option<&drumfire_core::counters::Stands>,
        Option<&drumfire_core::counters::Label>,
    )>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    for marker in &hex_markers {
        let colour = colours.counter(marker.side);
        let at = geometry.world_of(marker.hex);
        commands
            .spawn((
                CounterView,
                Name::new(format!("{:?} marker", marker.kind)),
                Transform::from_translation(at.extend(z::COUNTER - 1.0)),
                Visibility::default(),
            ))
            .with_children(|p| draw_hex_marker(p, marker.kind, colour));
    }
    let mut hexes: Vec<_> = counters.iter().map(|(_, _, on, ..)| on.0).collect();
    hexes.sort_by_key(|h| (h.x(), h.y()));
    hexes.dedup();
    for hex in hexes {
        let stack = index.occupants(hex);
        let n = stack.len();
        for (i, &entity) in stack.iter().enumerate() {
            let Ok((e, counter, _, steps, printed, leader, facing, stands, label)) =
                counters.get(entity)
            else {
                continue;
            };
            let pointing = facing.map(|f| {
                (geometry.world_of(hex.neighbor(f.0)) - geometry.world_of(hex)).normalize_or_zero()
            });
            let depth = (n - 1 - i) as f32;
            let at = geometry.world_of(hex) + Vec2::new(-depth * FAN, depth * FAN);
            let colour = colours.counter(counter.side);
            let selected = selection.counter == Some(entity);
            let root = commands
                .spawn((
                    CounterView,
                    super::motion::PieceView {
                        id: counter.id.clone(),
                        home: at.extend(z::COUNTER + i as f32),
                    },
                    Name::new(format!("Counter {}", counter.id)),
                    Transform::from_translation(at.extend(z::COUNTER + i as f32)),
                    Visibility::default(),
                ))
                .id();
            let markers = marker_list(e);
            let top = i + 1 == n;
            commands.entity(root).with_children(|p| {
                draw_frame(p, colour, leader.is_some(), selected);
                match (leader, printed) {
                    (Some(l), _) => draw_leader(p, counter, l),
                    (None, Some(printed)) => {
                        let mounted = rules
                            .0
                            .data()
                            .units
                            .get(&counter.unit_type)
                            .is_some_and(|u| u.mounted);
                        let face = printed.face(*steps);
                        let ink = ink_on(colour);
                        draw_unit(p, counter, steps, &face, (mounted, ink), label)
                    }
                    (None, None) => {}
                }
                if top && n > 1 {
                    draw_badge(p, n);
                }
                draw_markers(p, &markers);
                if let Some(v) = pointing {
                    draw_facing(p, v);
                }
                if let Some(stands) = stands {
                    draw_stands(p, stands, colour, pointing);
                }
            });
        }
    }
}

/// The way a counter faces: a chevron outside the edge it faces.
fn draw_facing(p: &mut ChildSpawnerCommands, v: Vec2) {
    let ink = Color::srgb(0.95, 0.85, 0.2);
    let across = Vec2::new(-v.y, v.x);
    let base = COUNTER * 0.5 + 3.0;
    let tip = v * (base + 10.0);
    for side in [-1.0, 1.0] {
        let foot = v * base + across * 9.0 * side;
        line(p, foot, tip, 5.0, Color::srgb(0.1, 0.1, 0.1));
        line(p, foot, tip, 2.5, ink);
    }
}

/// A unit's stands as a row of small blocks behind the counter, left to right as it
/// faces (across the back of a unit that faces `front`, under one that faces no way):
/// in the side's colour while standing, an empty outline once lost.
fn draw_stands(
    p: &mut ChildSpawnerCommands,
    stands: &drumfire_core::counters::Stands,
    colour: Color,
    front: Option<Vec2>,
) {
    let front = front.unwrap_or(Vec2::Y);
    // Its left as it faces: the front turned a quarter anticlockwise.
    let left = Vec2::new(-front.y, front.x);
    let turn = Quat::from_rotation_z(left.to_angle() - std::f32::consts::PI);
    let n = stands.total() as f32;
    let width = ((COUNTER - 4.0) / n).min(9.0);
    let back = -front * (COUNTER * 0.5 + 5.0);
    for (i, stand) in stands.0.iter().enumerate() {
        let at = back + left * ((n - 1.0) * 0.5 - i as f32) * width;
        let size = Vec2::new(width - 2.0, 6.0);
        let block = |p: &mut ChildSpawnerCommands, colour: Color, size: Vec2, z: f32| {
            p.spawn((
                Sprite::from_color(colour, size),
                Transform::from_translation(at.extend(z)).with_rotation(turn),
            ));
        };
        block(p, Color::srgb(0.08, 0.08, 0.08), size + 2.0, 0.5);
        let fill = if stand.lost {
            Color::srgb(0.35, 0.35, 0.35)
        } else {
            colour
        };
        let inner = if stand.lost { size - 2.0 } else { size };
        block(p, fill, inner, 0.55);
        if stand.lost {
            block(p, Color::srgb(0.08, 0.08, 0.08), inner - 2.0, 0.6);
        }
    }
}

fn sprite(p: &mut ChildSpawnerCommands, colour: Color, size: Vec2, at: Vec2, z: f32) {
    p.spawn((
        Sprite::from_color(colour, size),
        Transform::from_translation(at.extend(z)),
    ));
}

fn line(p: &mut ChildSpawnerCommands, a: Vec2, b: Vec2, width: f32, colour: Color) {
    let d = b - a;
    p.spawn((
        Sprite::from_color(colour, Vec2::new(d.length() + width * 0.5, width)),
        Transform::from_translation(((a + b) / 2.0).extend(0.3))
            .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
    ));
}

fn text(p: &mut ChildSpawnerCommands, s: impl Into<String>, size: f32, colour: Color, at: Vec2) {
    p.spawn((
        board_text(s, size, colour),
        Transform::from_translation(at.extend(0.4)),
    ));
}

fn draw_frame(p: &mut ChildSpawnerCommands, colour: Color, leader: bool, selected: bool) {
    let edge = if selected {
        Color::srgb(1.0, 0.85, 0.1)
    } else if leader {
        Color::srgb(0.78, 0.62, 0.2)
    } else {
        Color::srgb(0.12, 0.12, 0.12)
    };
    let pad = if selected {
        6.0
    } else if leader {
        4.0
    } else {
        2.0
    };
    // A soft shadow, the edge, then the face.
    sprite(
        p,
        Color::srgba(0.0, 0.0, 0.0, 0.35),
        Vec2::splat(COUNTER + 2.0),
        Vec2::new(3.0, -3.0),
        -0.03,
    );
    sprite(p, edge, Vec2::splat(COUNTER + pad), Vec2::ZERO, -0.02);
    let face = if leader { colour.darker(0.25) } else { colour };
    sprite(p, face, Vec2::splat(COUNTER), Vec2::ZERO, -0.01);
}

/// The NATO symbol box and its contents for a unit class.
fn draw_symbol(p: &mut ChildSpawnerCommands, class: UnitClass, mounted: bool) {
    let ink = Color::srgb(0.08, 0.08, 0.08);
    let (w, h, cy) = (28.0, 16.0, 4.0);
    let (l, r, t, b) = (-w / 2.0, w / 2.0, cy + h / 2.0, cy - h / 2.0);
    sprite(
        p,
        Color::srgba(1.0, 1.0, 1.0, 0.35),
        Vec2::new(w, h),
        Vec2::new(0.0, cy),
        0.1,
    );
    for (a, bb) in [
        ((l, t), (r, t)),
        ((l, b), (r, b)),
        ((l, b), (l, t)),
        ((r, b), (r, t)),
    ] {
        line(p, Vec2::from(a), Vec2::from(bb), 1.4, ink);
    }
    match class {
        UnitClass::Infantry => {
            line(p, Vec2::new(l, b), Vec2::new(r, t), 1.4, ink);
            line(p, Vec2::new(l, t), Vec2::new(r, b), 1.4, ink);
        }
        UnitClass::Cavalry => {
            line(p, Vec2::new(l, b), Vec2::new(r, t), 1.4, ink);
            if !mounted {
                // Dismounted cavalry fights as infantry: the infantry cross, half drawn.
                line(p, Vec2::new(l, t), Vec2::new(0.0, cy), 1.4, ink);
            }
        }
        UnitClass::Engineer => {
            line(
                p,
                Vec2::new(-7.0, cy + 2.0),
                Vec2::new(7.0, cy + 2.0),
                1.4,
                ink,
            );
            for x in [-7.0, 0.0, 7.0] {
                line(p, Vec2::new(x, cy + 2.0), Vec2::new(x, cy - 3.0), 1.4, ink);
            }
        }
        UnitClass::Machinegun => weapon_arrow(p, b, t, ink),
        UnitClass::Mortar => {
            weapon_arrow(p, b, t, ink);
            sprite(p, ink, Vec2::splat(3.5), Vec2::new(0.0, b + 2.5), 0.3);
        }
        UnitClass::Artillery => sprite(p, ink, Vec2::splat(5.0), Vec2::new(0.0, cy), 0.3),
        UnitClass::Transport => {
            // Wheels under the box: the NATO sign for a transport column.
            for x in [-5.0, 5.0] {
                sprite(p, ink, Vec2::splat(3.5), Vec2::new(x, b + 2.5), 0.3);
            }
        }
        UnitClass::Command => headquarters_staff(p, l, b, t, ink),
        UnitClass::Tank | UnitClass::ArmoredCar => {
            // Armor: the NATO track, a long rounded shape inside the box; an armored
            // car adds the reconnaissance slash.
            armour_track(p, cy, ink);
            if class == UnitClass::ArmoredCar {
                line(p, Vec2::new(l, b), Vec2::new(r, t), 1.4, ink);
            }
        }
        UnitClass::Leader => {}
    }
}

/// The sign of a weapon (a machinegun, a mortar): an arrow up the middle of the
/// symbol box, whose bottom is at `b` and top at `t`.
fn weapon_arrow(p: &mut ChildSpawnerCommands, b: f32, t: f32, ink: Color) {
    line(
        p,
        Vec2::new(0.0, b + 2.0),
        Vec2::new(0.0, t - 2.0),
        1.4,
        ink,
    );
    line(
        p,
        Vec2::new(0.0, t - 2.0),
        Vec2::new(-3.5, t - 6.0),
        1.4,
        ink,
    );
    line(
        p,
        Vec2::new(0.0, t - 2.0),
        Vec2::new(3.5, t - 6.0),
        1.4,
        ink,
    );
}

/// The headquarters staff: a line down from the symbol box's lower left corner
/// (left `l`, bottom `b`), and a pennant in the box (top `t`).
fn headquarters_staff(p: &mut ChildSpawnerCommands, l: f32, b: f32, t: f32, ink: Color) {
    line(p, Vec2::new(l, b), Vec2::new(l, b - 9.0), 1.6, ink);
    line(
        p,
        Vec2::new(-6.0, b + 2.0),
        Vec2::new(-6.0, t - 2.0),
        1.4,
        ink,
    );
    sprite(p, ink, Vec2::new(9.0, 5.0), Vec2::new(-1.0, t - 4.5), 0.3);
}

/// The NATO track of armor: a long rounded shape inside the symbol box, centred at
/// height `cy`.
fn armour_track(p: &mut ChildSpawnerCommands, cy: f32, ink: Color) {
    let (hw, hh) = (9.0, 4.0);
    let mut track: Vec<Vec2> = Vec::new();
    for k in 0..=8 {
        let a = std::f32::consts::PI * (0.5 + k as f32 / 8.0);
        track.push(Vec2::new(-hw + hh * a.cos(), cy + hh * a.sin()));
    }
    for k in 0..=8 {
        let a = std::f32::consts::PI * (1.5 + k as f32 / 8.0);
        track.push(Vec2::new(hw + hh * a.cos(), cy + hh * a.sin()));
    }
    track.push(track[0]);
    for pair in track.windows(2) {
        line(p, pair[0], pair[1], 1.4, ink);
    }
}

/// A unit counter: its name, its symbol, then its values. Rule sets with Close
/// Combat Power print it first ("4-3": power 4, range 3); the others their fire
/// strength and range. Artillery values sit on a dark box.
fn draw_unit(
    p: &mut ChildSpawnerCommands,
    counter: &Counter,
    steps: &Steps,
    face: &CounterFace,
    (mounted, ink): (bool, Color),
    label: Option<&drumfire_core::counters::Label>,
) {
    if steps.is_reduced() {
        // The reduced side: a pale stripe across the top behind the name.
        sprite(
            p,
            Color::srgba(1.0, 1.0, 1.0, 0.75),
            Vec2::new(COUNTER, 10.0),
            Vec2::new(0.0, 17.0),
            0.05,
        );
    }
    let name = short_name(&counter.name, 13);
    let size = name_size(&name);
    text(p, name, size, ink, Vec2::new(0.0, 17.0));
    draw_symbol(p, counter.class, mounted);
    let first = |strength: u8| face.close_combat.unwrap_or(strength);
    if let (Some(power), None, None) = (face.close_combat, face.direct, face.bombard) {
        text(p, power.to_string(), 12.0, ink, Vec2::new(-7.0, -14.0));
    } else if let Some(d) = face.direct {
        text(
            p,
            format!("{}-{}", first(d.strength), d.range),
            12.0,
            ink,
            Vec2::new(-7.0, -14.0),
        );
    } else if let Some(word) = label.filter(|_| face.bombard.is_none()) {
        // A rule set's word in place of the values (a brigade's formation and move).
        text(p, word.0.clone(), 9.0, ink, Vec2::new(0.0, -14.0));
        return;
    } else if let Some(b) = face.bombard {
        sprite(
            p,
            Color::srgb(0.1, 0.1, 0.1),
            Vec2::new(26.0, 13.0),
            Vec2::new(-7.0, -14.0),
            0.2,
        );
        text(
            p,
            format!("{}-{}", first(b.strength), b.range),
            11.0,
            Color::WHITE,
            Vec2::new(-7.0, -14.0),
        );
    }
    text(
        p,
        face.movement.to_string(),
        12.0,
        ink,
        Vec2::new(15.0, -14.0),
    );
}

fn draw_leader(p: &mut ChildSpawnerCommands, counter: &Counter, leader: &Leader) {
    let light = Color::srgb(0.98, 0.95, 0.86);
    let gold = Color::srgb(0.95, 0.8, 0.3);
    text(
        p,
        short_name(&counter.name, 13),
        7.5,
        light,
        Vec2::new(0.0, 16.0),
    );
    // Rank as gold pips under the name.
    let pips = leader.rank.min(5);
    for k in 0..pips {
        let x = (f32::from(k) - f32::from(pips - 1) / 2.0) * 8.0;
        sprite(p, gold, Vec2::splat(5.5), Vec2::new(x, 8.0), 0.2);
    }
    let kind = match leader.kind {
        drumfire_core::counters::LeaderKind::Infantry => "INF",
        drumfire_core::counters::LeaderKind::Cavalry => "CAV",
    };
    text(p, kind, 8.5, light, Vec2::new(0.0, -2.0));
    text(
        p,
        format!("{:+} {:+}", leader.combat, leader.morale_mod),
        13.0,
        light,
        Vec2::new(0.0, -16.0),
    );
}

fn draw_badge(p: &mut ChildSpawnerCommands, n: usize) {
    sprite(
        p,
        Color::srgb(0.1, 0.1, 0.1),
        Vec2::splat(13.0),
        Vec2::new(COUNTER / 2.0, COUNTER / 2.0),
        0.5,
    );
    p.spawn((
        board_text(n.to_string(), 10.0, Color::WHITE),
        Transform::from_translation(Vec3::new(COUNTER / 2.0, COUNTER / 2.0, 0.6)),
    ));
}

fn marker_colour(m: MarkerKind) -> Color {
    match m {
        MarkerKind::Disrupted => Color::srgb(0.95, 0.8, 0.15),
        MarkerKind::Demoralized => Color::srgb(0.85, 0.2, 0.15),
        MarkerKind::Moved => Color::srgb(0.3, 0.55, 0.85),
        MarkerKind::Fired => Color::srgb(0.9, 0.45, 0.15),
        MarkerKind::Pinned => Color::srgb(0.6, 0.35, 0.7),
        MarkerKind::LowAmmo => Color::srgb(0.55, 0.55, 0.55),
        MarkerKind::Done => Color::srgb(0.4, 0.45, 0.4),
        MarkerKind::Disordered => Color::srgb(0.95, 0.7, 0.2),
        MarkerKind::Shaken => Color::srgb(0.9, 0.35, 0.2),
        MarkerKind::Routed => Color::srgb(0.75, 0.1, 0.1),
    }
}

/// Width of a marker tag, from its text.
fn tag_width(m: MarkerKind) -> f32 {
    8.0 + 4.1 * m.label().len() as f32
}

/// The marker tags: a row floating just above the counter's top edge, drawn
/// over the whole stack so that no counter above hides them.
fn draw_markers(p: &mut ChildSpawnerCommands, markers: &[MarkerKind]) {
    let total: f32 = markers.iter().map(|m| tag_width(*m) + 1.0).sum::<f32>() - 1.0;
    let mut left = -total / 2.0;
    for m in markers {
        let w = tag_width(*m);
        let at = Vec2::new(left + w / 2.0, COUNTER / 2.0 + 5.0);
        left += w + 1.0;
        sprite(
            p,
            Color::srgb(0.1, 0.1, 0.1),
            Vec2::new(w, 10.0),
            at,
            MARKER_Z,
        );
        sprite(
            p,
            marker_colour(*m),
            Vec2::new(w - 2.0, 8.0),
            at,
            MARKER_Z + 0.01,
        );
        p.spawn((
            board_text(m.label(), 6.0, Color::BLACK),
            Transform::from_translation(at.extend(MARKER_Z + 0.02)),
        ));
    }
}

/// The lettering on a counter of colour `colour`: near black, or near white on a dark
/// colour (a deep red, a navy blue), where black would not read.
fn ink_on(colour: Color) -> Color {
    let l = colour.to_linear();
    let luminance = 0.2126 * l.red + 0.7152 * l.green + 0.0722 * l.blue;
    if luminance < 0.12 {
        Color::srgb(0.97, 0.96, 0.92)
    } else {
        Color::srgb(0.05, 0.05, 0.05)
    }
}

/// The size of a counter's name: as large as the counter's width lets it be, from the
/// smallest that still fits thirteen letters to a size that reads at the opening zoom.
fn name_size(name: &str) -> f32 {
    // The board font's letters are a little over half their size wide.
    let letters = name.chars().count().max(1) as f32;
    (COUNTER * 0.92 / (0.56 * letters)).clamp(7.5, 10.0)
}

/// Words a counter's name may shorten, the way order-of-battle sheets write them.
const SHORTER: [(&str, &str); 17] = [
    ("Brigade", "Bde"),
    ("Platoon", "Pl."),
    ("Battery", "Bty"),
    ("Company", "Coy"),
    ("Regiment", "Rgt"),
    ("Battalion", "Bn"),
    ("Section", "Sec."),
    ("Abteilung", "Abt."),
    ("Artillery", "Art."),
    ("Fussartillerie", "Fussart."),
    ("Infantry", "Inf."),
    ("Cavalry", "Cav."),
    ("howitzers", "how."),
    ("dismounted", "dism."),
    ("Landwehr", "Lw"),
    ("Chasseurs", "Chass."),
    ("Light", "Lt"),
];

/// A counter's name in at most `max` letters: its long words shortened as an
/// order-of-battle sheet would, one at a time until it fits, and cut only then.
pub(super) fn short_name(name: &str, max: usize) -> String {
    let fits = |s: &str| s.chars().count() <= max;
    let mut short = name.to_owned();
    for (long, abbreviation) in SHORTER {
        if fits(&short) {
            return short;
        }
        short = short
            .split(' ')
            .map(|w| match w.strip_suffix(',') {
                Some(stem) if stem == long => format!("{abbreviation},"),
                _ if w == long => abbreviation.to_owned(),
                _ => w.to_owned(),
            })
            .collect::<Vec<_>>()
            .join(" ");
    }
    if !fits(&short) {
        short = short.replace(", ", " ");
    }
    if fits(&short) {
        short
    } else {
        short.chars().take(max - 1).chain(['.']).collect()
    }
}

/// A marker lying in a hex: a ring just inside the hexsides, in the marker's
/// colour, with its name on a band along the bottom, edged in the placing side's colour.
fn draw_hex_marker(p: &mut ChildSpawnerCommands, kind: HexMarkerKind, side: Color) {
    let (colour, label) = match kind {
        HexMarkerKind::Drumfire => (Color::srgb(0.85, 0.14, 0.08), "DRUMFIRE"),
    };
    let r = HEX_SIZE * 0.9;
    let corners: Vec<Vec2> = (0..6)
        .map(|i| Vec2::from_angle(std::f32::consts::FRAC_PI_3 * i as f32) * r)
        .collect();
    for i in 0..6 {
        let (a, b) = (corners[i], corners[(i + 1) % 6]);
        let d = b - a;
        p.spawn((
            Sprite::from_color(colour, Vec2::new(d.length(), 3.5)),
            Transform::from_translation(((a + b) / 2.0).extend(-0.5))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
        ));
    }
    let band = Vec2::new(0.0, -HEX_SIZE * 0.74);
    sprite(p, side, Vec2::new(50.0, 12.0), band, MARKER_Z - 1.0);
    sprite(p, colour, Vec2::new(47.0, 9.5), band, MARKER_Z - 0.99);
    p.spawn((
        board_text(label, 7.0, Color::WHITE),
        Transform::from_translation(band.extend(MARKER_Z - 0.98)),
    ));
}

#[cfg(test)]
mod tests {
    use super::short_name;

    #[test]
    fn a_long_name_shortens_its_words_before_it_is_cut() {
        assert_eq!(short_name("Brigade Dufour", 13), "Bde Dufour");
        assert_eq!(short_name("Brigade Chemineau", 13), "Bde Chemineau");
        assert_eq!(short_name("3rd Platoon, E Coy", 13), "3rd Pl. E Coy");
        assert_eq!(short_name("Landwehr Brigade Hiller", 13), "Lw Bde Hiller");
        assert_eq!(short_name("11th Pennsylvania", 13), "11th Pennsyl.");
        assert_eq!(short_name("2nd Wisconsin", 13), "2nd Wisconsin");
        assert_eq!(short_name("Light Tank Platoon", 13), "Lt Tank Pl.");
    }
}
