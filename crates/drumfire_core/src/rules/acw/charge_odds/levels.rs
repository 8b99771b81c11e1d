//! The chance of every final state of the two lines, carried block by block over the
//! sets of dominoes drawn, the sets drawn before the last two blocks taken in parts
//! over threads.

use super::*;
use std::collections::HashMap;

/// The states of the two lines reachable after some blocks, each with its index.
struct States {
    list: Vec<State>,
}

impl States {
    fn of(list: Vec<State>) -> States {
        States { list }
    }

    /// The states after one more block of `pairs` pairs, and where each state goes on
    /// each of the block's results.
    fn next(&self, pairs: usize) -> (States, Vec<[usize; 9]>) {
        let mut list = Vec::new();
        let mut index: HashMap<State, usize> = HashMap::new();
        let mut goes = Vec::with_capacity(self.list.len());
        for &s in &self.list {
            let mut to = [0; 9];
            for (r, slot) in to.iter_mut().enumerate() {
                let n = advance(s, r, pairs);
                *slot = *index.entry(n).or_insert_with(|| {
                    list.push(n);
                    list.len() - 1
                });
            }
            goes.push(to);
        }
        (States { list }, goes)
    }
}

/// After some blocks: for each set of dominoes drawn (a bit each), the chance of each
/// state of the two lines.
struct Level {
    states: States,
    rows: HashMap<u32, usize>,
    /// `rows × states`.
    data: Vec<f64>,
}

impl Level {
    fn row(&self, mask: u32) -> Option<&[f64]> {
        let w = self.states.list.len();
        self.rows
            .get(&mask)
            .map(|&r| &self.data[r * w..(r + 1) * w])
    }
}

/// The assignments of a block's slots: (charger's option, defender's option, bits of
/// the set they take), for slots blind or face up, from the dominoes `free`.
fn assignments(t: &BlockTable, n: usize, free: u32) -> Vec<(usize, usize, u32)> {
    let mut out = Vec::new();
    for (ci, cbit) in choices(t.charger, n, !free) {
        for (di, dbit) in choices(t.defender, n, !free | cbit) {
            out.push((ci, di, cbit | dbit));
        }
    }
    out
}

/// Blind slots in a block.
fn blind_slots(t: &BlockTable) -> u32 {
    u32::from(blind(t.charger)) + u32::from(blind(t.defender))
}

/// The chance of every final state of the two lines. The chance of each state for
/// each set of dominoes drawn is carried block by block for all but the last three
/// blocks; the sets drawn by the third block from the end are then taken one at a
/// time (split over threads in a fixed number of parts, summed in order, so that the
/// answer is the same on every machine), and the last two blocks summed over the
/// dominoes left in closed form (`Sums::last_two`).
pub(super) fn fight_states(tables: &[BlockTable], n: usize) -> Vec<(State, f64)> {
    let start = pack(Line::default(), Line::default());
    let sums = Sums::new(&tables[tables.len().saturating_sub(2)..], n);
    let mut finals: HashMap<State, f64> = HashMap::new();
    if tables.len() == 1 {
        let j = sums.last(0, &tables[0], 0, n);
        for (r, &p) in j.iter().enumerate() {
            *finals
                .entry(advance(start, r, tables[0].pairs))
                .or_default() += p;
        }
        return in_state_order(finals);
    }
    let stored = tables.len().saturating_sub(3);
    let mut level = Level {
        states: States::of(vec![start]),
        rows: HashMap::from([(0, 0)]),
        data: vec![1.0],
    };
    for t in &tables[..stored] {
        level = level.carry(t, n);
    }
    let (a, b) = (&tables[tables.len() - 2], &tables[tables.len() - 1]);
    // The block before the last two, when there is one, taken set by set.
    let (third, states, goes) = match tables.len() {
        2 => (None, States::of(vec![start]), vec![[0; 9]]),
        _ => {
            let t = &tables[tables.len() - 3];
            let (states, goes) = level.states.next(t.pairs);
            (Some(t), states, goes)
        }
    };
    let w = states.list.len();
    let drawn =
        level.rows.keys().next().map_or(0, |m| m.count_ones()) + third.map_or(0, blind_slots);
    let masks = subsets(n, drawn);
    let last = LastBlocks {
        level: &level,
        third,
        goes: &goes,
        sums: &sums,
        a,
        b,
        n,
        w,
    };
    let m = in_parts(&masks, w * 81, |chunk| last.sum(chunk));
    for (s, &state) in states.list.iter().enumerate() {
        for ra in 0..9 {
            for rb in 0..9 {
                let p = m[s * 81 + ra * 9 + rb];
                if p != 0.0 {
                    let end = advance(advance(state, ra, a.pairs), rb, b.pairs);
                    *finals.entry(end).or_default() += p;
                }
            }
        }
    }
    in_state_order(finals)
}

/// The final states in the order of their numbers: summed later in a fixed order, so
/// that the odds are the same to the last bit on every run (a hash map's order is not).
fn in_state_order(finals: HashMap<State, f64>) -> Vec<(State, f64)> {
    let mut list: Vec<(State, f64)> = finals.into_iter().collect();
    list.sort_by_key(|(state, _)| *state);
    list
}

impl Level {
    /// The level after one more block `t`, of the `n` dominoes in the set: each set
    /// drawn so far with each assignment of the block's slots from the dominoes left.
    fn carry(&self, t: &BlockTable, n: usize) -> Level {
        let (states, goes) = self.states.next(t.pairs);
        let w = states.list.len();
        let mut next = Level {
            states,
            rows: HashMap::new(),
            data: Vec::new(),
        };
        let mut masks: Vec<u32> = self.rows.keys().copied().collect();
        masks.sort_unstable();
        for used in masks {
            let from = self.row(used).expect("a row").to_vec();
            let left = n - used.count_ones() as usize;
            for (ci, di, bits) in assignments(t, n, !used & full(n)) {
                let p = 1.0 / draws(left, bits.count_ones() as usize);
                let row = *next.rows.entry(used | bits).or_insert_with(|| {
                    next.data.resize(next.data.len() + w, 0.0);
                    next.data.len() / w - 1
                });
                let to = &mut next.data[row * w..(row + 1) * w];
                for (r, &pr) in t.at(ci, di).iter().enumerate() {
                    if pr == 0.0 {
                        continue;
                    }
                    for (s, &ps) in from.iter().enumerate() {
                        to[goes[s][r]] += ps * p * pr;
                    }
                }
            }
        }
        next
    }
}

/// The last three blocks of a fight: the level carried before them, the third from
/// the end (when there is one) with where each state goes on its results, and the
/// closed-form sums of the last two, `a` and `b`.
struct LastBlocks<'a> {
    level: &'a Level,
    third: Option<&'a BlockTable>,
    goes: &'a [[usize; 9]],
    sums: &'a Sums,
    a: &'a BlockTable,
    b: &'a BlockTable,
    /// Dominoes in the set.
    n: usize,
    /// States after the third block from the end.
    w: usize,
}

impl LastBlocks<'_> {
    /// For the sets drawn by the third block from the end in `chunk`: the chance of
    /// each state after it and each pair of results of the last two blocks
    /// (`states × 81`).
    fn sum(&self, chunk: &[u32]) -> Vec<f64> {
        let (n, w) = (self.n, self.w);
        let mut m = vec![0.0; w * 81];
        let mut here = vec![0.0; w];
        for &mask in chunk {
            match self.third {
                None => here[0] = 1.0,
                Some(t) => {
                    here.iter_mut().for_each(|x| *x = 0.0);
                    for (ci, di, bits) in assignments(t, n, mask) {
                        let prev = mask & !bits;
                        let Some(from) = self.level.row(prev) else {
                            continue;
                        };
                        let left = n - prev.count_ones() as usize;
                        let p = 1.0 / draws(left, bits.count_ones() as usize);
                        for (r, &pr) in t.at(ci, di).iter().enumerate() {
                            if pr == 0.0 {
                                continue;
                            }
                            for (s, &ps) in from.iter().enumerate() {
                                here[self.goes[s][r]] += ps * p * pr;
                            }
                        }
                    }
                }
            }
            let k = self.sums.last_two(self.a, self.b, mask, n);
            for (s, &ps) in here.iter().enumerate() {
                if ps == 0.0 {
                    continue;
                }
                let row = &mut m[s * 81..(s + 1) * 81];
                for (ra, kr) in k.iter().enumerate() {
                    for (rb, &pk) in kr.iter().enumerate() {
                        row[ra * 9 + rb] += ps * pk;
                    }
                }
            }
        }
        m
    }
}

/// `work` over `masks` split in a fixed number of parts, run on as many threads as
/// the machine has, and the parts' results (each `size` long) summed in order, so
/// that the answer is the same on every machine.
fn in_parts(masks: &[u32], size: usize, work: impl Fn(&[u32]) -> Vec<f64> + Sync) -> Vec<f64> {
    const PARTS: usize = 16;
    let part = masks.len().div_ceil(PARTS).max(1);
    let chunks: Vec<&[u32]> = masks.chunks(part).collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(chunks.len());
    let mut results: Vec<Option<Vec<f64>>> = vec![None; chunks.len()];
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= chunks.len() {
                            break done;
                        }
                        done.push((i, work(chunks[i])));
                    }
                })
            })
            .collect();
        for h in handles {
            for (i, m) in h.join().expect("the odds' arithmetic does not panic") {
                results[i] = Some(m);
            }
        }
    });
    let mut m = vec![0.0; size];
    for part in results.into_iter().flatten() {
        for (x, y) in m.iter_mut().zip(part) {
            *x += y;
        }
    }
    m
}

/// The indices a slot may take given the dominoes `used` (a bit each), with the bit
/// each takes: a face-up domino takes none of the set (the one option, index 0).
pub(super) fn choices(slot: Slot, n: usize, used: u32) -> Vec<(usize, u32)> {
    match slot {
        Slot::Known(_) => vec![(0, 0)],
        Slot::Blind => (0..n)
            .filter(|i| used & (1 << i) == 0)
            .map(|i| (i, 1 << i))
            .collect(),
    }
}

/// The bits of a set of `n` dominoes.
fn full(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// Every set of `k` of `n` dominoes, as bits, in increasing order (Gosper's hack).
fn subsets(n: usize, k: u32) -> Vec<u32> {
    if k == 0 {
        return vec![0];
    }
    if k as usize > n {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut v: u64 = (1u64 << k) - 1;
    while v < 1u64 << n {
        out.push(v as u32);
        let t = v | (v - 1);
        v = (t + 1) | (((!t & (t + 1)) - 1) >> (v.trailing_zeros() + 1));
    }
    out
}
