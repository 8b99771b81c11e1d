//! Where a piece can go: the one reach search of the rule sets, each way a label kept
//! by hex and mark and taken up breadth first or cheapest first, and its simple case,
//! the cheapest way to every hex within a budget.

use crate::coords::MapCoord;
use hexx::Hex;
use std::collections::BTreeMap;

/// A hex a piece can reach: the cheapest cost of getting there and the hexes entered
/// on the way, the hex itself last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// What the way costs, summed from `step_cost`.
    pub cost: u32,
    /// The hexes entered, in order.
    pub path: Vec<Hex>,
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
