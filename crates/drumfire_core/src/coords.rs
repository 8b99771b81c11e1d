//! Map coordinates: the printed hex numbers a player reads ("0304") and the
//! axial [`Hex`] the rules compute with.
//!
//! Maps are flat-topped hexes in columns, numbered like a printed wargame map:
//! column then row, both from 01, row 01 at the top. Odd columns (0-based) sit
//! half a hex higher than even ones. The axial coordinate is `q = col`,
//! `r = -row - floor(col / 2)`, which matches `hexx::HexLayout::flat()` with
//! its y axis pointing up.

use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A hex by its place on a rectangular map: 0-based column and row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MapCoord {
    /// Column, 0-based, left to right.
    pub col: u16,
    /// Row, 0-based, top to bottom.
    pub row: u16,
}

impl MapCoord {
    /// A coordinate from a 0-based column and row.
    pub const fn new(col: u16, row: u16) -> Self {
        Self { col, row }
    }

    /// The axial hex of this map coordinate.
    pub fn to_hex(self) -> Hex {
        let col = i32::from(self.col);
        let row = i32::from(self.row);
        Hex::new(col, -row - col.div_euclid(2))
    }

    /// The map coordinate of an axial hex, if it has non-negative offsets that fit.
    pub fn from_hex(hex: Hex) -> Option<Self> {
        let col = hex.x();
        let row = -hex.y() - col.div_euclid(2);
        Some(Self {
            col: u16::try_from(col).ok()?,
            row: u16::try_from(row).ok()?,
        })
    }

    /// Parses a printed hex number: four or more digits, the column then the row,
    /// each half as many digits ("0304" is column 3, row 4; "102215" is column 102, row 215).
    pub fn parse_label(label: &str) -> Result<Self, String> {
        let ok = !label.is_empty() && label.len().is_multiple_of(2) && label.len() >= 4;
        if !ok || !label.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "`{label}` is not a hex number: expected column then row as digits, like \"0304\""
            ));
        }
        let half = label.len() / 2;
        let col: u16 = label[..half]
            .parse()
            .map_err(|_| format!("column of `{label}` is too large"))?;
        let row: u16 = label[half..]
            .parse()
            .map_err(|_| format!("row of `{label}` is too large"))?;
        if col == 0 || row == 0 {
            return Err(format!("`{label}`: hex numbers start at 01, not 00"));
        }
        Ok(Self {
            col: col - 1,
            row: row - 1,
        })
    }

    /// The printed hex number, "CCRR" (wider when the map is larger than 99).
    pub fn label(self) -> String {
        let (c, r) = (self.col + 1, self.row + 1);
        let width = if c > 99 || r > 99 { 3 } else { 2 };
        let mut s = String::with_capacity(2 * width);
        push_padded(&mut s, c, width);
        push_padded(&mut s, r, width);
        s
    }
}

impl fmt::Display for MapCoord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, r) = (self.col + 1, self.row + 1);
        let width = if c > 99 || r > 99 { 3 } else { 2 };
        write!(f, "{c:0width$}{r:0width$}")
    }
}

/// Writes `n` in decimal with leading zeros to `width` digits (as `{n:0width$}`),
/// without the formatting machinery: labels are written for every move listed.
fn push_padded(s: &mut String, n: u16, width: usize) {
    let digits = n.checked_ilog10().map_or(1, |d| d as usize + 1);
    s.extend(std::iter::repeat_n('0', width.saturating_sub(digits)));
    let mut div = 10u16.pow(digits as u32 - 1);
    while div > 0 {
        s.push(char::from(b'0' + (n / div % 10) as u8));
        div /= 10;
    }
}

/// The label of an axial hex, for messages ("0304", or the axial pair when off any map).
pub fn hex_label(hex: Hex) -> String {
    MapCoord::from_hex(hex).map_or_else(|| format!("({}, {})", hex.x(), hex.y()), |m| m.label())
}

/// [`hex_label`] written only when it is formatted: a check that names hexes in its
/// refusals holds one for each hex it reads, and most are never written.
#[derive(Clone, Copy, Debug)]
pub struct HexLabel(pub Hex);

impl fmt::Display for HexLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match MapCoord::from_hex(self.0) {
            Some(m) => m.fmt(f),
            None => write!(f, "({}, {})", self.0.x(), self.0.y()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hex_label_written_late_is_the_label() {
        for hex in [
            MapCoord::new(2, 3).to_hex(),
            MapCoord::new(101, 7).to_hex(),
            Hex::new(-2, 1),
        ] {
            assert_eq!(HexLabel(hex).to_string(), hex_label(hex));
        }
        assert_eq!(HexLabel(MapCoord::new(2, 3).to_hex()).to_string(), "0304");
    }

    #[test]
    fn map_coord_and_hex_round_trip_over_a_large_map() {
        for col in 0..60 {
            for row in 0..45 {
                let m = MapCoord::new(col, row);
                assert_eq!(MapCoord::from_hex(m.to_hex()), Some(m));
            }
        }
    }

    #[test]
    fn odd_columns_sit_half_a_hex_higher() {
        let layout = hexx::HexLayout::flat();
        let even = layout.hex_to_world_pos(MapCoord::new(0, 0).to_hex());
        let odd = layout.hex_to_world_pos(MapCoord::new(1, 0).to_hex());
        let below = layout.hex_to_world_pos(MapCoord::new(0, 1).to_hex());
        assert!(odd.y > even.y, "odd column is higher (y up)");
        assert!(below.y < even.y, "row 2 is below row 1");
        assert!(odd.x > even.x);
    }

    #[test]
    fn neighbours_on_the_printed_map_are_axial_neighbours() {
        // 0202 (col 1,row 1, an odd column) touches 0101, 0201, 0301, 0102, 0302, 0203.
        let centre = MapCoord::parse_label("0202").unwrap().to_hex();
        let mut around: Vec<String> = centre
            .all_neighbors()
            .iter()
            .map(|h| hex_label(*h))
            .collect();
        around.sort();
        assert_eq!(around, ["0101", "0102", "0201", "0203", "0301", "0302"]);
    }

    #[test]
    fn labels_parse_and_print() {
        assert_eq!(MapCoord::parse_label("0304"), Ok(MapCoord::new(2, 3)));
        assert_eq!(MapCoord::new(2, 3).label(), "0304");
        assert_eq!(MapCoord::parse_label("102215"), Ok(MapCoord::new(101, 214)));
        assert!(MapCoord::parse_label("034").is_err());
        assert!(MapCoord::parse_label("ab12").is_err());
        assert!(MapCoord::parse_label("0004").is_err());
        for (col, row) in [
            (0, 0),
            (8, 9),
            (9, 98),
            (99, 0),
            (998, 5),
            (9999, 1),
            (65534, 0),
        ] {
            let m = MapCoord::new(col, row);
            assert_eq!(m.label(), m.to_string());
        }
    }
}
