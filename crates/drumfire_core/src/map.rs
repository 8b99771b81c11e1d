//! The map as entities: one entity per hex, and the [`HexIndex`] from hex to
//! entity and occupants.

use crate::coords::MapCoord;
use bevy_ecs::prelude::*;
use hexx::{EdgeDirection, Hex};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A hex of the map. Every hex entity has one.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexCell {
    /// Axial coordinate.
    pub hex: Hex,
    /// Printed map coordinate.
    pub coord: MapCoord,
}

/// The terrain type of a hex, by id into the rule set's terrain chart.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Terrain(pub String);

/// Height of a hex in contour levels; 0 is the valley floor.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Elevation(pub u8);

/// The six hexsides as a bit set, bit `i` for [`EdgeDirection::ALL_DIRECTIONS`]`[i]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sides(pub u8);

impl Sides {
    /// Adds the side facing `dir`.
    pub fn insert(&mut self, dir: EdgeDirection) {
        self.0 |= 1 << dir.index();
    }

    /// Is the side facing `dir` in the set?
    pub fn contains(self, dir: EdgeDirection) -> bool {
        self.0 & (1 << dir.index()) != 0
    }

    /// The directions in the set, in a fixed order.
    pub fn iter(self) -> impl Iterator<Item = EdgeDirection> {
        EdgeDirection::ALL_DIRECTIONS
            .into_iter()
            .filter(move |d| self.contains(*d))
    }

    /// No side set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A road runs through this hex out of the sides in the set.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Road(pub Sides);

/// How a river hex may be crossed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Crossing {
    /// No crossing: the river is a barrier here.
    None,
    /// A bridge carries the road over.
    Bridge,
    /// The river can be waded here.
    Ford,
}

/// A river flows through this hex out of the sides in the set.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct River {
    /// Sides the river leaves by.
    pub sides: Sides,
    /// Bridge, ford or neither.
    pub crossing: Crossing,
}

/// A victory objective in this hex.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// Victory points for holding it at the end.
    pub points: u32,
    /// Side index that holds it now (last side to have a unit in it).
    pub held_by: Option<u8>,
}

/// Finds hexes and what stands in them without a query.
#[derive(Resource, Clone, Debug, Default)]
pub struct HexIndex {
    /// Map width in columns.
    pub width: u16,
    /// Map height in rows.
    pub height: u16,
    hexes: BTreeMap<MapCoord, Entity>,
    occupants: BTreeMap<MapCoord, Vec<Entity>>,
}

impl HexIndex {
    /// An index for a `width` x `height` map with no hexes yet.
    pub fn new(width: u16, height: u16) -> Self {
        Self {
            width,
            height,
            ..Default::default()
        }
    }

    /// Is the hex on the map?
    pub fn contains(&self, hex: Hex) -> bool {
        MapCoord::from_hex(hex).is_some_and(|m| m.col < self.width && m.row < self.height)
    }

    /// The same index in another world, each entity in it put through `to`.
    pub fn translated(&self, to: impl Fn(Entity) -> Entity) -> Self {
        Self {
            width: self.width,
            height: self.height,
            hexes: self.hexes.iter().map(|(c, e)| (*c, to(*e))).collect(),
            occupants: self
                .occupants
                .iter()
                .map(|(c, v)| (*c, v.iter().map(|e| to(*e)).collect()))
                .collect(),
        }
    }

    /// Records the entity of a hex.
    pub fn insert_hex(&mut self, coord: MapCoord, entity: Entity) {
        self.hexes.insert(coord, entity);
    }

    /// The entity of a hex on the map.
    pub fn hex_entity(&self, hex: Hex) -> Option<Entity> {
        self.hexes.get(&MapCoord::from_hex(hex)?).copied()
    }

    /// Every hex entity, in map order (column, then row).
    pub fn hexes(&self) -> impl Iterator<Item = (MapCoord, Entity)> + '_ {
        self.hexes.iter().map(|(c, e)| (*c, *e))
    }

    /// The pieces in a hex, in the order they were placed (bottom of the stack first).
    pub fn occupants(&self, hex: Hex) -> &[Entity] {
        MapCoord::from_hex(hex)
            .and_then(|m| self.occupants.get(&m))
            .map_or(&[], Vec::as_slice)
    }

    /// Every occupied hex with its pieces, in map order.
    pub fn stacks(&self) -> impl Iterator<Item = (Hex, &[Entity])> + '_ {
        self.occupants
            .iter()
            .map(|(c, v)| (c.to_hex(), v.as_slice()))
    }

    /// Puts a piece on top of a hex's stack.
    pub fn place(&mut self, hex: Hex, piece: Entity) {
        if let Some(m) = MapCoord::from_hex(hex) {
            self.occupants.entry(m).or_default().push(piece);
        }
    }

    /// Takes a piece out of a hex's stack.
    pub fn remove(&mut self, hex: Hex, piece: Entity) {
        if let Some(m) = MapCoord::from_hex(hex)
            && let Some(stack) = self.occupants.get_mut(&m)
        {
            stack.retain(|e| *e != piece);
            if stack.is_empty() {
                self.occupants.remove(&m);
            }
        }
    }
}

/// Does this counter hold an objective it stands in? Every piece but a leader: a
/// leader alone holds none (the Great War's D-16 in docs/rules/great-war.md; no other
/// rule set has leaders).
pub fn holds_objectives(c: &crate::counters::Counter) -> bool {
    c.class != crate::data::UnitClass::Leader
}

/// Moves counter `e` from hex `from` to hex `to` (the index and its `OnHex`); an
/// objective it enters is held by its side from then on.
pub fn move_counter(world: &mut World, e: Entity, from: Hex, to: Hex) {
    let side = world
        .get::<crate::counters::Counter>(e)
        .filter(|c| holds_objectives(c))
        .map(|c| c.side);
    let mut index = world.resource_mut::<HexIndex>();
    index.remove(from, e);
    index.place(to, e);
    let cell = index.hex_entity(to);
    world.entity_mut(e).insert(crate::counters::OnHex(to));
    if let (Some(c), Some(side)) = (cell, side)
        && let Some(mut o) = world.get_mut::<Objective>(c)
    {
        o.held_by = Some(side);
    }
}

/// Every objective hex with its points and the side holding it, in no set order.
pub fn objectives(world: &World) -> Vec<(Hex, u32, Option<u8>)> {
    let Some(mut q) = world.try_query::<(&HexCell, &Objective)>() else {
        return vec![];
    };
    q.iter(world)
        .map(|(c, o)| (c.hex, o.points, o.held_by))
        .collect()
}

/// The line of sight, written once for every rule set: can `from` see `to` when each
/// hex between them blocks or not as `blocks` says (a rule set's reading of its
/// terrain, heights and pieces)? The line is [`sight_line`]'s; where it runs exactly
/// along a hexside it is blocked only when the hexes on both sides block.
pub fn sees(from: Hex, to: Hex, blocks: impl Fn(Hex) -> bool) -> bool {
    sight_line(from, to)
        .into_iter()
        .all(|(left, right)| !(blocks(left) && blocks(right)))
}

/// The hexes a line from `from` to `to` passes through, both ends left out: one pair
/// per step, the same hex twice where the line crosses a hex, the two hexes on either
/// side where it runs exactly along a hexside. Integer arithmetic only, so the answer
/// is the same on every machine.
pub fn sight_line(from: Hex, to: Hex) -> Vec<(Hex, Hex)> {
    let n = i64::from(from.unsigned_distance_to(to));
    (1..n)
        .map(|i| (lerp_hex(from, to, i, n, 1), lerp_hex(from, to, i, n, -1)))
        .collect()
}

/// The hex at step `i` of `n` on the line from `a` to `b`, nudged a hair to one
/// side (`sign` +1 or -1) so that points on a hexside fall into one hex or the other.
fn lerp_hex(a: Hex, b: Hex, i: i64, n: i64, sign: i64) -> Hex {
    const K: i64 = 1 << 20;
    let cube = |h: Hex| {
        [
            i64::from(h.x),
            i64::from(h.y),
            -i64::from(h.x) - i64::from(h.y),
        ]
    };
    let (ca, cb) = (cube(a), cube(b));
    let nudge = [sign, 2 * sign, -3 * sign];
    let d = n * K;
    let mut v = [0i64; 3];
    let mut r = [0i64; 3];
    for k in 0..3 {
        v[k] = (ca[k] * (n - i) + cb[k] * i) * K + nudge[k];
        r[k] = (2 * v[k] + d).div_euclid(2 * d);
    }
    let diff = |k: usize| (r[k] * d - v[k]).abs();
    let (dx, dy, dz) = (diff(0), diff(1), diff(2));
    if dx > dy && dx > dz {
        r[0] = -r[1] - r[2];
    } else if dy > dz {
        r[1] = -r[0] - r[2];
    }
    Hex::new(r[0] as i32, r[1] as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_reads_back_every_hex_and_nothing_off_the_map_or_in_a_gap() {
        let coords = [(0u16, 0u16), (0, 2), (3, 1), (4, 4)];
        let cells = coords
            .iter()
            .map(|&(col, row)| (MapCoord { col, row }, (col, row)))
            .collect();
        let board = Board::from_cells(cells);
        for (col, row) in coords {
            let hex = MapCoord { col, row }.to_hex();
            assert_eq!(board.at(hex), Some((col, row)), "{col},{row}");
        }
        // A hole in the map, a row past the last, a column past the last, a hex
        // that has no column or row at all.
        for (col, row) in [(0u16, 1u16), (3, 5), (5, 0)] {
            assert_eq!(
                board.at(MapCoord { col, row }.to_hex()),
                None,
                "{col},{row}"
            );
        }
        assert_eq!(board.at(Hex::new(-1, 0)), None);
        assert_eq!(Board::<u8>::from_cells(Vec::new()).at(Hex::ZERO), None);
    }

    #[test]
    fn the_line_between_two_hexes_passes_through_adjacent_hexes() {
        let a = Hex::new(0, 0);
        let b = Hex::new(4, -2);
        let n = 4;
        let mut prev = a;
        for i in 1..=n {
            for sign in [1, -1] {
                let h = lerp_hex(a, b, i, n, sign);
                assert!(h.unsigned_distance_to(a) == i as u32, "{h:?}");
            }
            let h = lerp_hex(a, b, i, n, 1);
            assert_eq!(h.unsigned_distance_to(prev), 1);
            prev = h;
        }
        assert_eq!(prev, b);
        assert_eq!(sight_line(a, b).len(), 3);
    }

    #[test]
    fn a_line_along_a_hexside_splits_into_two_hexes() {
        // (2,-1) is two hexes from (0,0) along the side between (1,-1) and (1,0).
        let a = Hex::new(0, 0);
        let b = Hex::new(2, -1);
        let [(l, r)] = sight_line(a, b)[..] else {
            panic!("one hex between");
        };
        assert_ne!(l, r);
        assert_eq!(l.unsigned_distance_to(a), 1);
        assert_eq!(r.unsigned_distance_to(b), 1);
    }

    /// A hex `n` steps from `from` the way `dir` goes.
    fn ahead(from: Hex, dir: EdgeDirection, n: u32) -> Hex {
        (0..n).fold(from, |h, _| h.neighbor(dir))
    }

    #[test]
    fn a_wall_and_a_costly_hex_send_the_way_round_and_a_budget_cuts_it() {
        let start = MapCoord::new(5, 5).to_hex();
        let dir = EdgeDirection::ALL_DIRECTIONS[0];
        let (near, far) = (ahead(start, dir, 1), ahead(start, dir, 2));
        let near_costs =
            |cost: Option<u32>| move |_: Hex, to: Hex| (to != near).then_some(1).or(cost);
        let open = reachable(start, 3, near_costs(Some(1)));
        assert_eq!(open[&MapCoord::from_hex(far).unwrap()].cost, 2);
        assert_eq!(
            open[&MapCoord::from_hex(far).unwrap()].path,
            vec![near, far]
        );
        for cost in [None, Some(3)] {
            let round = reachable(start, 3, near_costs(cost));
            let way = &round[&MapCoord::from_hex(far).unwrap()];
            assert_eq!(way.cost, 3, "{cost:?}");
            assert_eq!(way.path.len(), 3);
            assert!(!way.path.contains(&near));
            assert_eq!(way.path.last(), Some(&far));
        }
        let walled = reachable(start, 2, near_costs(None));
        assert!(!walled.contains_key(&MapCoord::from_hex(far).unwrap()));
        assert!(!walled.contains_key(&MapCoord::from_hex(near).unwrap()));
        assert_eq!(reachable(start, 1, near_costs(Some(1))).len(), 6);
        assert!(reachable(start, 0, near_costs(Some(1))).is_empty());
    }

    #[test]
    fn a_mark_keeps_a_dearer_way_that_the_rule_needs() {
        // At most one wood a move: the straight way to `third` enters two.
        let start = MapCoord::new(5, 5).to_hex();
        let dir = EdgeDirection::ALL_DIRECTIONS[0];
        let [first, second, third] = [1, 2, 3].map(|n| ahead(start, dir, n));
        // The only other hexes: a way round `first` to `second`, in two.
        let beside = |a: Hex, b: Hex| {
            a.all_neighbors()
                .into_iter()
                .find(|h| h.unsigned_distance_to(b) == 1 && *h != first)
                .unwrap()
        };
        let round = beside(start, first);
        let round = [round, beside(round, second)];
        let open = |h: Hex| [first, second, third].contains(&h) || round.contains(&h);
        let wood = |h: Hex| h == first || h == third;
        for order in [Order::Breadth, Order::Cheapest] {
            let found = search(start, 0u8, 0u32, order, |way, to| {
                let (woods, cost) = (way.label().mark + u8::from(wood(to)), way.label().cost + 1);
                (open(to) && woods <= 1 && cost <= 4).then_some((woods, cost))
            });
            let f = &found;
            let at = |h: Hex| f.best().filter(move |i| f.labels()[*i].hex == h);
            // Two ways kept to `second`: through the wood for 2, round it for 3.
            let mut costs: Vec<u32> = at(second).map(|i| found.labels()[i].cost).collect();
            costs.sort();
            assert_eq!(costs, vec![2, 3], "{order:?}");
            let ends: Vec<usize> = at(third).collect();
            let [end] = ends[..] else {
                panic!("one way to the third hex: {ends:?}");
            };
            assert_eq!(found.labels()[end].cost, 4);
            assert_eq!(found.labels()[end].steps, 4);
            let path = found.path(end);
            assert_eq!(path, vec![round[0], round[1], second, third]);
        }
        // Without the mark the cheaper way through the wood shuts out the other.
        let found = search(start, (), (0u32, 0u8), Order::Cheapest, |way, to| {
            let (cost, woods) = way.label().cost;
            let woods = woods + u8::from(wood(to));
            (open(to) && woods <= 1 && cost < 4).then_some(((), (cost + 1, woods)))
        });
        assert!(!found.labels().iter().any(|l| l.hex == third));
    }
}

/// What the map holds on one hex, for a rule set to read into its own [`Board`].
#[derive(Clone, Copy, Debug)]
pub struct HexFacts<'a> {
    /// The terrain's id.
    pub terrain: &'a str,
    /// The terrain's type in the rule set's data, if it has one.
    pub kind: Option<&'a crate::data::TerrainType>,
    /// Its height in contour levels.
    pub elevation: u8,
    /// Road sides, as bits of [`Sides`].
    pub road: u8,
    /// A river through it, and its crossing.
    pub river: Option<Crossing>,
}

/// The map as a rule set reads it (its own `T` for each hex), read once from the hex
/// entities when the rule set starts or resets: terrain never changes in play. Kept
/// in a table by column and row, so reading a hex is an index, not a search: the
/// rules and the computer players read hexes more than anything else.
#[derive(Resource, Clone, Debug)]
pub struct Board<T: Send + Sync + 'static> {
    /// Rows in the table (the highest row of a hex, plus one).
    rows: usize,
    /// By column, then row; `None` where the map has no hex.
    cells: Vec<Option<T>>,
}

impl<T: Copy + Send + Sync + 'static> Board<T> {
    /// Reads every hex through `read` and puts the board in the world.
    pub fn install(
        world: &mut World,
        data: &crate::data::RuleSetData,
        read: impl Fn(&HexFacts) -> T,
    ) {
        let mut q = world.query::<(
            &HexCell,
            &Terrain,
            Option<&Elevation>,
            Option<&Road>,
            Option<&River>,
        )>();
        let read: Vec<(MapCoord, T)> = q
            .iter(world)
            .map(|(h, t, e, road, river)| {
                let facts = HexFacts {
                    terrain: &t.0,
                    kind: data.terrain.get(&t.0),
                    elevation: e.map_or(0, |e| e.0),
                    road: road.map_or(0, |r| (r.0).0),
                    river: river.map(|r| r.crossing),
                };
                (h.coord, read(&facts))
            })
            .collect();
        world.insert_resource(Self::from_cells(read));
    }

    /// A board of the given hexes.
    fn from_cells(read: Vec<(MapCoord, T)>) -> Self {
        let cols = read.iter().map(|(m, _)| usize::from(m.col) + 1).max();
        let rows = read.iter().map(|(m, _)| usize::from(m.row) + 1).max();
        let rows = rows.unwrap_or(0);
        let mut cells = vec![None; cols.unwrap_or(0) * rows];
        for (m, cell) in read {
            cells[usize::from(m.col) * rows + usize::from(m.row)] = Some(cell);
        }
        Self { rows, cells }
    }

    /// The hex as the rule set reads it, `None` off the map.
    pub fn get(world: &World, hex: Hex) -> Option<T> {
        world.resource::<Self>().at(hex)
    }

    /// The hex as the rule set reads it, `None` off the map (for a caller that reads
    /// many hexes of a board it holds).
    pub fn at(&self, hex: Hex) -> Option<T> {
        let m = MapCoord::from_hex(hex)?;
        let row = usize::from(m.row);
        if row >= self.rows {
            return None;
        }
        self.cells
            .get(usize::from(m.col) * self.rows + row)
            .copied()
            .flatten()
    }
}

/// The hexes next to `from` that `open` allows (enterable, free), each farther from
/// `enemy` than `from` is, the farthest first (then in map order): where a unit falls
/// back to.
pub fn away_from(from: Hex, enemy: Hex, open: impl Fn(Hex) -> bool) -> Vec<Hex> {
    let mut options: Vec<Hex> = from
        .all_neighbors()
        .into_iter()
        .filter(|h| open(*h))
        .filter(|h| h.unsigned_distance_to(enemy) > from.unsigned_distance_to(enemy))
        .collect();
    options.sort_by_key(|h| {
        (
            std::cmp::Reverse(h.unsigned_distance_to(enemy)),
            crate::coords::MapCoord::from_hex(*h),
        )
    });
    options
}

/// A hex a piece can reach: the cheapest cost of getting there and the hexes entered
/// on the way, the hex itself last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// What the way costs, summed from `step_cost`.
    pub cost: u32,
    /// The hexes entered, in order.
    pub path: Vec<Hex>,
}

/// The straight line from `from` to `to`, hex by hex (`from` not included): the route a
/// refusal of a hex out of reach is worked out on.
pub fn direct_route(from: Hex, to: Hex) -> Vec<Hex> {
    let n = from.unsigned_distance_to(to) as usize;
    from.line_to(to).skip(1).take(n).collect()
}

/// Every hex reachable from `start` for at most `budget`, where `step_cost(from, to)`
/// is what entering neighbour `to` from `from` costs (`None`: it cannot be entered
/// that way), with the cheapest way there; `start` itself is not listed. Of ways that
/// cost the same, the one found first from the lower map coordinates is kept, so the
/// answer is the same on every machine. The simple case of [`search`].
pub fn reachable(
    start: Hex,
    budget: u32,
    step_cost: impl Fn(Hex, Hex) -> Option<u32>,
) -> BTreeMap<MapCoord, Reach> {
    if MapCoord::from_hex(start).is_none() {
        return BTreeMap::new();
    }
    let found = search(start, (), 0u32, Order::Cheapest, |way, to| {
        let at = way.label();
        let (Some(_), Some(step)) = (MapCoord::from_hex(to), step_cost(at.hex, to)) else {
            return None;
        };
        let cost = at.cost + step;
        (cost <= budget).then_some(((), cost))
    });
    found
        .best()
        .filter_map(|i| {
            let label = &found.labels()[i];
            let reach = Reach {
                cost: label.cost,
                path: found.path(i),
            };
            Some((MapCoord::from_hex(label.hex)?, reach))
        })
        .collect()
}

/// In what order a [`search`] takes up the labels it has found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// First found, first taken further (breadth first, so the first label found at a
    /// hex has the fewest steps). Every label kept is taken further, even one that a
    /// cheaper label at its hex and mark has bettered since.
    Breadth,
    /// Cheapest first (Dijkstra), of labels that cost the same the one at the lower
    /// map coordinates first, then the one found first. A label bettered before its
    /// turn is dropped.
    Cheapest,
}

/// One way a [`search`] found to a hex: the hex, the rule set's state on arriving, and
/// the label it stepped from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label<M, C> {
    /// The hex reached.
    pub hex: Hex,
    /// What else tells ways to one hex apart for the rule set (whether every step was
    /// along the road, the contours climbed); `()` when nothing does.
    pub mark: M,
    /// What the way costs: of labels at one hex with one mark, only one cheaper than
    /// every one before is kept.
    pub cost: C,
    /// Hexes entered on the way.
    pub steps: usize,
    /// The label stepped from, `None` for the start.
    from: Option<usize>,
    /// A cheaper label at its hex and mark has been found since.
    bettered: bool,
}

/// What a [`search`] found: every label it kept, in the order found, the start first.
#[derive(Clone, Debug)]
pub struct Search<M, C> {
    labels: Vec<Label<M, C>>,
    /// The cheapest label at each hex and mark (only looked up, never walked through,
    /// so its order decides nothing).
    best: bevy_platform::collections::HashMap<((i32, i32), M), usize>,
}

impl<M: std::hash::Hash + Eq + Clone, C: Ord + Clone> Search<M, C> {
    /// The labels kept, in the order found; the start is the first.
    pub fn labels(&self) -> &[Label<M, C>] {
        &self.labels
    }

    /// The hexes entered on the way to label `i`, in order, its own hex last (none for
    /// the start).
    pub fn path(&self, i: usize) -> Vec<Hex> {
        let mut path = Vec::with_capacity(self.labels[i].steps);
        let mut at = Some(i);
        while let Some(label) = at.map(|i| &self.labels[i]).filter(|l| l.from.is_some()) {
            path.push(label.hex);
            at = label.from;
        }
        path.reverse();
        path
    }

    /// Is label `i` the cheapest found at its hex with its mark?
    pub fn is_best(&self, i: usize) -> bool {
        !self.labels[i].bettered
    }

    /// The labels that are the cheapest at their hex and mark, in the order found, the
    /// start left out.
    pub fn best(&self) -> impl Iterator<Item = usize> + '_ {
        (1..self.labels.len()).filter(|i| self.is_best(*i))
    }

    /// Keeps a label reached from label `from`, unless one as cheap is there already.
    fn keep(&mut self, from: usize, hex: Hex, mark: M, cost: C) -> Option<usize> {
        use bevy_platform::collections::hash_map::Entry;
        let i = self.labels.len();
        match self.best.entry(((hex.x, hex.y), mark.clone())) {
            Entry::Occupied(mut best) => {
                let b = *best.get();
                if self.labels[b].cost <= cost {
                    return None;
                }
                self.labels[b].bettered = true;
                best.insert(i);
            }
            Entry::Vacant(best) => {
                best.insert(i);
            }
        }
        self.labels.push(Label {
            hex,
            mark,
            cost,
            steps: self.labels[from].steps + 1,
            from: Some(from),
            bettered: false,
        });
        Some(i)
    }
}

/// The label a step is taken from, as a [`search`]'s step function sees it.
pub struct Way<'a, M, C> {
    search: &'a Search<M, C>,
    at: usize,
    path: std::cell::OnceCell<Vec<Hex>>,
}

impl<M: std::hash::Hash + Eq + Clone, C: Ord + Clone> Way<'_, M, C> {
    /// The label itself.
    pub fn label(&self) -> &Label<M, C> {
        &self.search.labels[self.at]
    }

    /// The hexes entered on the way here, in order (worked out once, when asked).
    pub fn path(&self) -> &[Hex] {
        self.path.get_or_init(|| self.search.path(self.at))
    }
}

/// The labels waiting to be taken further.
enum Queue<C> {
    Breadth(std::collections::VecDeque<usize>),
    Cheapest(std::collections::BinaryHeap<std::cmp::Reverse<(C, MapCoord, usize)>>),
}

impl<C: Ord + Clone> Queue<C> {
    fn push<M>(&mut self, search: &Search<M, C>, i: usize) {
        match self {
            Queue::Breadth(q) => q.push_back(i),
            Queue::Cheapest(q) => {
                let l = &search.labels[i];
                let at = MapCoord::from_hex(l.hex).unwrap_or(MapCoord::new(u16::MAX, u16::MAX));
                q.push(std::cmp::Reverse((l.cost.clone(), at, i)));
            }
        }
    }

    fn pop(&mut self) -> Option<usize> {
        match self {
            Queue::Breadth(q) => q.pop_front(),
            Queue::Cheapest(q) => q.pop().map(|std::cmp::Reverse((_, _, i))| i),
        }
    }
}

/// The one reach search of the rule sets: every way from `start` (marked `mark`, cost
/// `cost`) that `step` allows, taken up in `order`. `step(way, to)` is the mark and
/// cost on entering neighbour `to` from the end of `way` (`None`: it may not), asked
/// of the six neighbours in [`Hex::all_neighbors`] order; a label is kept when no
/// label at its hex with its mark costs as little, so a rule set whose way depends on
/// more than its cost puts that in the mark. What is kept is the same on every
/// machine: the order depends on nothing but the map and `step`.
pub fn search<M: std::hash::Hash + Eq + Clone, C: Ord + Clone>(
    start: Hex,
    mark: M,
    cost: C,
    order: Order,
    mut step: impl FnMut(&Way<'_, M, C>, Hex) -> Option<(M, C)>,
) -> Search<M, C> {
    let mut found = Search {
        labels: vec![Label {
            hex: start,
            mark: mark.clone(),
            cost,
            steps: 0,
            from: None,
            bettered: false,
        }],
        best: [(((start.x, start.y), mark), 0)].into_iter().collect(),
    };
    let mut queue = match order {
        Order::Breadth => Queue::Breadth(Default::default()),
        Order::Cheapest => Queue::Cheapest(Default::default()),
    };
    queue.push(&found, 0);
    while let Some(at) = queue.pop() {
        if order == Order::Cheapest && !found.is_best(at) {
            continue;
        }
        let from = found.labels[at].hex;
        let way = Way {
            search: &found,
            at,
            path: Default::default(),
        };
        // The six neighbours are six hexes: keeping one label changes no other's test.
        let next = from
            .all_neighbors()
            .map(|to| step(&way, to).map(|s| (to, s)));
        for (to, (mark, cost)) in next.into_iter().flatten() {
            if let Some(i) = found.keep(at, to, mark, cost) {
                queue.push(&found, i);
            }
        }
    }
    found
}

/// Takes counter `e` off the map for good, for reason `why` (the hex index and its
/// `OnHex`); it stays in the world, off the map.
pub fn take_off(world: &mut World, e: Entity, why: crate::counters::OffMap) {
    if let Some(hex) = world.get::<crate::counters::OnHex>(e).map(|o| o.0) {
        world.resource_mut::<HexIndex>().remove(hex, e);
    }
    world
        .entity_mut(e)
        .remove::<crate::counters::OnHex>()
        .insert(why);
}

/// Unit `e`, made of stands or bases, loses stand `stand` (0 is the leftmost): counted
/// for victory points (each stand lost is a point to the enemy, the scenario's
/// `step_loss_points`), journaled, and off the map when none stands. Returns the stands
/// still standing, `None` when it had no such stand standing.
pub fn lose_stand(world: &mut World, e: Entity, stand: usize) -> Option<usize> {
    let mut stands = world.get_mut::<crate::counters::Stands>(e)?;
    stands.lose(stand).ok()?;
    let standing = stands.standing();
    let counter = world.get::<crate::counters::Counter>(e)?.clone();
    let sides = world.resource::<crate::sides::SideList>().0.len();
    let mut lost = world.resource_mut::<crate::sides::StepsLost>();
    if lost.0.len() < sides {
        lost.0.resize(sides, 0);
    }
    lost.count(counter.side);
    crate::journal::note(
        world,
        crate::journal::GameEvent::StandLost {
            piece: counter.id.clone(),
            stand: stand as u8,
            standing: standing as u8,
        },
    );
    if standing == 0 {
        take_off(world, e, crate::counters::OffMap::Eliminated);
        crate::journal::say(world, format!("{} is gone from the field.", counter.name));
    }
    Some(standing)
}

/// Counter `e` (scenario id `id`, in hex `from`) marches along `path` to its last hex,
/// facing the way it last stepped; journaled as one move. Nothing happens for an
/// empty path.
pub fn march(world: &mut World, e: Entity, id: &str, from: Hex, path: &[Hex]) {
    let Some(&last) = path.last() else {
        return;
    };
    let before = path.len().checked_sub(2).map_or(from, |i| path[i]);
    move_counter(world, e, from, last);
    if let Some(d) = before.neighbor_direction(last) {
        world.entity_mut(e).insert(crate::counters::Facing(d));
    }
    crate::journal::note(
        world,
        crate::journal::GameEvent::Moved {
            pieces: vec![id.to_owned()],
            from: crate::coords::hex_label(from),
            to: crate::coords::hex_label(last),
            via: path[..path.len() - 1]
                .iter()
                .map(|h| crate::coords::hex_label(*h))
                .collect(),
        },
    );
}
