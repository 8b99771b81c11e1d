//! A rule set's figures for each side of a scenario, as its section lists them: made
//! one a side for a new scenario, checked against the scenario's sides, found by side
//! number or id, and changed by the editor. Written as a plain list.

use super::SideDef;
use serde::{Deserialize, Serialize};
use std::ops::{Deref, DerefMut};

/// Errors as (field path, message), located by the core.
type Errors = Vec<(String, String)>;

/// One entry for each side of a scenario, in a section (`sides: [...]`,
/// `armies: [Union, Confederate]`) or in play. Written and read as a plain list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerSide<T>(pub Vec<T>);

impl<T> Default for PerSide<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T> Deref for PerSide<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T> DerefMut for PerSide<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

impl<T: PartialEq> PartialEq<Vec<T>> for PerSide<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.0 == *other
    }
}

impl<T> From<Vec<T>> for PerSide<T> {
    fn from(entries: Vec<T>) -> Self {
        Self(entries)
    }
}

impl<T> FromIterator<T> for PerSide<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Self(iter.into_iter().collect())
    }
}

impl<'a, T> IntoIterator for &'a PerSide<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut PerSide<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter_mut()
    }
}

impl<T> PerSide<T> {
    /// One entry a side of `sides`, made from the side's number and definition.
    pub fn new(sides: &[SideDef], make: impl FnMut((usize, &SideDef)) -> T) -> Self {
        Self(sides.iter().enumerate().map(make).collect())
    }

    /// Side number `side`'s entry (the `side` of a counter), if listed.
    pub fn side(&self, side: u8) -> Option<&T> {
        self.0.get(usize::from(side))
    }

    /// The error of a list given in the order of the sides that has not one entry a
    /// side: at `field`, naming the `entries` ("armies") and what to give each side
    /// (`each`: "army").
    pub fn count_error(
        &self,
        sides: &[SideDef],
        field: &str,
        entries: &str,
        each: &str,
    ) -> Option<(String, String)> {
        (self.0.len() != sides.len()).then(|| {
            (
                field.to_owned(),
                format!(
                    "{} sides but {} {entries}: give each side its {each}, in the order the sides are listed",
                    sides.len(),
                    self.0.len()
                ),
            )
        })
    }

    /// Sets side number `index`'s entry, of `sides` sides, to `value`; a list too short
    /// (a hand-written file) is first filled with `fill` of each missing number.
    pub fn set(
        &mut self,
        sides: usize,
        index: usize,
        value: T,
        mut fill: impl FnMut(usize) -> T,
    ) -> Result<(), String> {
        if index >= sides {
            return Err(format!("there is no side number {index}"));
        }
        while self.0.len() < sides {
            let next = fill(self.0.len());
            self.0.push(next);
        }
        self.0[index] = value;
        Ok(())
    }
}

/// An entry that names its side by id (`(side: "red", ...)`): a list of them may give
/// the sides in any order.
pub trait SideEntry: Clone + Default {
    /// The id of the side it is for.
    fn side_id(&self) -> &str;
}

impl<T: SideEntry> PerSide<T> {
    /// The entry for side `id`, if listed.
    pub fn by_id(&self, id: &str) -> Option<&T> {
        self.0.iter().find(|e| e.side_id() == id)
    }

    /// The entry for side `id`, to change; `make` adds it at the end when not listed.
    pub fn by_id_mut(&mut self, id: &str, make: impl FnOnce() -> T) -> &mut T {
        let at = match self.0.iter().position(|e| e.side_id() == id) {
            Some(at) => at,
            None => {
                self.0.push(make());
                self.0.len() - 1
            }
        };
        &mut self.0[at]
    }

    /// The entries in the order of `sides`, one a side (the default entry for a side
    /// not listed): what is put in play, indexed by side number.
    pub fn in_side_order(&self, sides: &[SideDef]) -> PerSide<T> {
        sides
            .iter()
            .map(|s| self.by_id(&s.id).cloned().unwrap_or_default())
            .collect()
    }

    /// Checks that each entry names a side of `sides`, once, and that every side has
    /// one: errors at `field` (`great_war.sides`), a missing side's naming what its
    /// entry gives (`needs`: "its morale at least"). `each` checks an entry's own
    /// figures, after its side.
    pub fn check_sides(
        &self,
        sides: &[SideDef],
        field: &str,
        needs: &str,
        mut each: impl FnMut(usize, &T, &mut Errors),
    ) -> Errors {
        let mut errs = Errors::new();
        let mut listed = std::collections::BTreeSet::new();
        for (i, entry) in self.0.iter().enumerate() {
            let id = entry.side_id();
            if !sides.iter().any(|s| s.id == id) {
                let known: Vec<&str> = sides.iter().map(|s| s.id.as_str()).collect();
                errs.push((
                    format!("{field}[{i}].side"),
                    format!("unknown side `{id}`; sides are: {}", known.join(", ")),
                ));
            } else if !listed.insert(id) {
                errs.push((
                    format!("{field}[{i}].side"),
                    format!("side `{id}` is listed twice"),
                ));
            }
            each(i, entry, &mut errs);
        }
        for s in sides.iter().filter(|s| !listed.contains(s.id.as_str())) {
            errs.push((
                field.to_owned(),
                format!("side `{}` has no entry here ({needs})", s.id),
            ));
        }
        errs
    }
}
