//! The exact odds of a charge: the chance of each pair of outcomes (the charger's and
//! the defender's: holds, retires, retires a full move, routs), over every way the
//! dominoes still in the set can be drawn behind the two lines, each blind domino
//! either way round, and every die a blank half rolls. Nothing is sampled.
//!
//! The dominoes are drawn without replacement from one set, so the stands' scores are
//! not independent: a domino behind one stand is not behind any other. The odds are
//! worked out block by block along the line (a block is the charger's domino and the
//! defender's domino that face each other: two stands a side), carrying for every set
//! of dominoes already drawn the chance of each state of the two lines so far (breaks,
//! stands lost, where the last run of losses stands). The last two blocks are summed
//! in closed form over the dominoes left, by inclusion and exclusion, so that the
//! number of sets carried is that of the first blocks only: a full-strength fight
//! (ten stands a side, five blocks) carries the sets of six dominoes, 376,740 of them.

use super::dominoes::{Domino, half_score};
use super::melee::{self, Outcome};

mod levels;

use levels::{choices, fight_states};

/// One side of a fight, as the odds see it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FightSide {
    /// Stands in its line when the fight begins.
    pub stands: usize,
    /// Stands it began the game with ("below half strength").
    pub full_strength: usize,
    /// The sum of its modifiers, the same for every stand (charging, the enemy
    /// uphill or in a wood, routed, a charge into the enemy's flank or rear: A-33);
    /// "Outflanked" is worked out here.
    pub modifier: i32,
    /// Hits from fire during the charge on the domino half behind each stand, by
    /// stand (missing entries: none).
    pub hits: Vec<u8>,
    /// The dominoes face up behind its line (the one its owner looked at and
    /// placed), by their place (0: behind stands 0 and 1), as they lie.
    pub known: Vec<(usize, Domino)>,
}

/// The odds of a fight: each pair of outcomes (the charger's, the defender's) with its
/// chance, most likely first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChargeOdds {
    /// (charger's outcome, defender's outcome, chance).
    pub outcomes: Vec<(Outcome, Outcome, f64)>,
}

impl ChargeOdds {
    /// The chance of each outcome for the charger (`true`) or the defender.
    pub fn side(&self, charger: bool) -> Vec<(Outcome, f64)> {
        let mut out: Vec<(Outcome, f64)> = Vec::new();
        for &(c, d, p) in &self.outcomes {
            let o = if charger { c } else { d };
            match out.iter_mut().find(|(k, _)| *k == o) {
                Some(slot) => slot.1 += p,
                None => out.push((o, p)),
            }
        }
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.name().cmp(&b.0.name())));
        out
    }

    /// The chance that the charger's outcome and the defender's satisfy `f`.
    pub fn chance(&self, f: impl Fn(Outcome, Outcome) -> bool) -> f64 {
        self.outcomes
            .iter()
            .filter(|(c, d, _)| f(*c, *d))
            .map(|o| o.2)
            .sum()
    }
}

/// What befalls one pair of stands: neither is lost, the defender's, or the charger's.
const NEITHER: usize = 0;
const DEFENDER_LOST: usize = 1;
const CHARGER_LOST: usize = 2;

/// A block's result: the first pair's (`r / 3`) and the second pair's (`r % 3`).
type Block = [f64; 9];

/// The chance of each result of one pair of stands, from the two halves facing each
/// other (after hits; `None`, a blank: a die) and each stand's modifiers.
fn pair_result(charger: Option<u8>, c_mod: i32, defender: Option<u8>, d_mod: i32) -> [f64; 3] {
    let faces = |half: Option<u8>| -> Vec<i32> {
        match half {
            Some(v) => vec![i32::from(v)],
            None => (1..=6).collect(),
        }
    };
    let (cs, ds) = (faces(charger), faces(defender));
    let weight = 1.0 / (cs.len() * ds.len()) as f64;
    let mut out = [0.0; 3];
    for c in &cs {
        for d in &ds {
            let slot = match melee::pairing(c + c_mod, d + d_mod) {
                melee::Pairing::ChargerWins => DEFENDER_LOST,
                melee::Pairing::DefenderWins => CHARGER_LOST,
                melee::Pairing::Tie => NEITHER,
            };
            out[slot] += weight;
        }
    }
    out
}

/// Where a block's domino comes from for one side.
#[derive(Clone, Copy)]
enum Slot {
    /// Drawn blind from the set: any domino left, either way round.
    Blind,
    /// Face up, as it lies.
    Known(Domino),
}

/// A side's state along its line so far: where the last run of losses stands
/// (0: no stand standing yet; 1: the last stand stands; 2: a run of losses after a
/// standing stand), its breaks (at most 3 count) and the stands it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
struct Line {
    phase: u8,
    breaks: u8,
    lost: u8,
}

impl Line {
    fn step(self, lost: bool) -> Line {
        let mut l = self;
        if lost {
            l.lost += 1;
            if l.phase == 1 {
                l.phase = 2;
            }
        } else {
            if l.phase == 2 {
                l.breaks = (l.breaks + 1).min(3);
            }
            l.phase = 1;
        }
        l
    }

    fn pack(self) -> u16 {
        u16::from(self.phase) | u16::from(self.breaks) << 2 | u16::from(self.lost) << 4
    }

    fn unpack(v: u16) -> Line {
        Line {
            phase: (v & 3) as u8,
            breaks: ((v >> 2) & 3) as u8,
            lost: (v >> 4) as u8,
        }
    }
}

/// Both lines' states, packed.
type State = u32;

fn pack(c: Line, d: Line) -> State {
    u32::from(c.pack()) | u32::from(d.pack()) << 16
}

fn unpack(s: State) -> (Line, Line) {
    (Line::unpack(s as u16), Line::unpack((s >> 16) as u16))
}

/// The state after a block's result `r` over its `pairs` meeting pairs (1 or 2).
fn advance(s: State, r: usize, pairs: usize) -> State {
    let (mut c, mut d) = unpack(s);
    for res in [r / 3, r % 3].into_iter().take(pairs) {
        c = c.step(res == CHARGER_LOST);
        d = d.step(res == DEFENDER_LOST);
    }
    pack(c, d)
}

/// One block of the fight: its two slots, how many pairs of stands meet in it, and
/// its result for every pair of options (charger's option × defender's option; a
/// blind slot's options are the dominoes left in the set, by index).
struct BlockTable {
    charger: Slot,
    defender: Slot,
    pairs: usize,
    /// Options on the defender's side (the row length).
    width: usize,
    table: Vec<Block>,
}

impl BlockTable {
    fn at(&self, c: usize, d: usize) -> &Block {
        &self.table[c * self.width + d]
    }
}

/// The dominoes a slot may hold, each with the weight of each way it lies.
fn options(slot: Slot, set: &[Domino]) -> Vec<Vec<Domino>> {
    match slot {
        Slot::Known(d) => vec![vec![d]],
        Slot::Blind => set.iter().map(|&d| vec![d, d.turned()]).collect(),
    }
}

/// The exact odds of a fight between `charger` and `defender`, the blind dominoes
/// drawn from `set` (the dominoes still in the set, as whoever asks knows it: the
/// dominoes face up behind either line are not in it). `None` when the fight cannot
/// be fought: a side with no stands, or too few dominoes left for the blind slots.
/// Ours — A-13 in docs/rules/acw.md: the odds a player sees are over what he does not
/// know; his opponent's looked-at domino is among the `set` he passes.
pub fn charge_odds(
    charger: &FightSide,
    defender: &FightSide,
    set: &[Domino],
) -> Option<ChargeOdds> {
    let meet = charger.stands.min(defender.stands);
    if meet == 0 || set.len() > 32 {
        return None;
    }
    let blocks = meet.div_ceil(2);
    let slot = |side: &FightSide, k: usize| {
        side.known
            .iter()
            .find(|(at, _)| *at == k)
            .map_or(Slot::Blind, |&(_, d)| Slot::Known(d))
    };
    let mut tables = Vec::with_capacity(blocks);
    let mut blind = 0;
    for k in 0..blocks {
        let (cs, ds) = (slot(charger, k), slot(defender, k));
        blind += usize::from(matches!(cs, Slot::Blind)) + usize::from(matches!(ds, Slot::Blind));
        tables.push(block_table(charger, defender, set, meet, k, cs, ds));
    }
    if blind > set.len() {
        return None;
    }
    let finals = fight_states(&tables, set.len());
    Some(ChargeOdds {
        outcomes: outcomes(charger, defender, meet, finals),
    })
}

/// Block `k` of the fight (stands `2k` and `2k + 1` of each line, as many of them as
/// meet), its slots `cs` and `ds`: the chance of each of its results for every pair
/// of dominoes the slots may hold, each either way round when blind.
fn block_table(
    charger: &FightSide,
    defender: &FightSide,
    set: &[Domino],
    meet: usize,
    k: usize,
    cs: Slot,
    ds: Slot,
) -> BlockTable {
    let stand_mod = |side: &FightSide, other: &FightSide, i: usize| {
        side.modifier
            + if melee::outflanked(i, side.stands, other.stands) {
                -2
            } else {
                0
            }
    };
    let hits = |side: &FightSide, i: usize| side.hits.get(i).copied().unwrap_or(0);
    let pairs = (meet - 2 * k).min(2);
    let (co, dopts) = (options(cs, set), options(ds, set));
    let mut table = Vec::with_capacity(co.len() * dopts.len());
    for cways in &co {
        for dways in &dopts {
            let mut block = [0.0; 9];
            let w = 1.0 / (cways.len() * dways.len()) as f64;
            for &c in cways {
                for &d in dways {
                    let mut per = [[1.0, 0.0, 0.0]; 2];
                    for (p, slot) in per.iter_mut().enumerate().take(pairs) {
                        let i = 2 * k + p;
                        *slot = pair_result(
                            half_score(c, p == 0, hits(charger, i)),
                            stand_mod(charger, defender, i),
                            half_score(d, p == 0, hits(defender, i)),
                            stand_mod(defender, charger, i),
                        );
                    }
                    for a in 0..3 {
                        for b in 0..3 {
                            block[a * 3 + b] += w * per[0][a] * per[1][b];
                        }
                    }
                }
            }
            table.push(block);
        }
    }
    BlockTable {
        charger: cs,
        defender: ds,
        pairs,
        width: dopts.len(),
        table,
    }
}

/// The pairs of outcomes of the fight's final states (`meet` stands a side having
/// met), each with its chance, most likely first.
fn outcomes(
    charger: &FightSide,
    defender: &FightSide,
    meet: usize,
    finals: Vec<(State, f64)>,
) -> Vec<(Outcome, Outcome, f64)> {
    let mut outcomes: Vec<(Outcome, Outcome, f64)> = Vec::new();
    for (state, p) in finals {
        let (c, d) = unpack(state);
        let end = |line: Line, side: &FightSide| {
            // The stands past the end of the shorter line did not fight: they stand.
            let line = if side.stands > meet {
                line.step(false)
            } else {
                line
            };
            (line, side.stands - usize::from(line.lost))
        };
        let ((c, c_standing), (d, d_standing)) = (end(c, charger), end(d, defender));
        let broken = |l: Line, standing: usize, side: &FightSide| melee::Broken {
            breaks: l.breaks.into(),
            lost: l.lost,
            standing,
            full_strength: side.full_strength,
        };
        let (co, dout) = melee::outcomes(
            broken(c, c_standing, charger),
            broken(d, d_standing, defender),
        );
        match outcomes.iter_mut().find(|o| o.0 == co && o.1 == dout) {
            Some(o) => o.2 += p,
            None => outcomes.push((co, dout, p)),
        }
    }
    outcomes.sort_by(|a, b| {
        b.2.total_cmp(&a.2)
            .then(a.0.name().cmp(&b.0.name()))
            .then(a.1.name().cmp(&b.1.name()))
    });
    outcomes
}

fn plus(a: &mut Block, b: &Block, sign: f64) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += sign * y;
    }
}

/// Sums over a block's table that the closed forms need, over the whole set: each
/// charger option's row (over the defender's options other than itself), each
/// defender option's column, and the whole table.
struct BlockSums {
    row: Vec<Block>,
    col: Vec<Block>,
    total: Block,
}

struct Sums {
    blocks: Vec<BlockSums>,
    /// For two closed-form blocks a and b, both blind on both sides: for every
    /// ordered pair x ≠ y, a(x, y) ⊗ (b(x, y) + b(y, x)), summed by row, by column
    /// and in all, for the pairs of a's dominoes that b cannot draw again.
    cross: Option<CrossSums>,
}

struct CrossSums {
    row: Vec<[[f64; 9]; 9]>,
    col: Vec<[[f64; 9]; 9]>,
    total: [[f64; 9]; 9],
}

fn blind(slot: Slot) -> bool {
    matches!(slot, Slot::Blind)
}

// The sums are products of small tables, written index by index as the formulas are.
#[allow(clippy::needless_range_loop)]
impl Sums {
    fn new(rest: &[BlockTable], n: usize) -> Sums {
        let blocks = rest
            .iter()
            .map(|t| {
                let (rows, cols) = (
                    if blind(t.charger) { n } else { 1 },
                    if blind(t.defender) { n } else { 1 },
                );
                let both = blind(t.charger) && blind(t.defender);
                let mut row = vec![[0.0; 9]; rows];
                let mut col = vec![[0.0; 9]; cols];
                let mut total = [0.0; 9];
                for (x, rsum) in row.iter_mut().enumerate() {
                    for (y, csum) in col.iter_mut().enumerate() {
                        if both && x == y {
                            continue;
                        }
                        let v = t.at(x, y);
                        plus(rsum, v, 1.0);
                        plus(csum, v, 1.0);
                        plus(&mut total, v, 1.0);
                    }
                }
                BlockSums { row, col, total }
            })
            .collect();
        let cross = match rest {
            [a, b]
                if [a.charger, a.defender, b.charger, b.defender]
                    .into_iter()
                    .all(blind) =>
            {
                let mut row = vec![[[0.0; 9]; 9]; n];
                let mut col = vec![[[0.0; 9]; 9]; n];
                let mut total = [[0.0; 9]; 9];
                for x in 0..n {
                    for y in 0..n {
                        if x == y {
                            continue;
                        }
                        let (av, b1, b2) = (a.at(x, y), b.at(x, y), b.at(y, x));
                        for ra in 0..9 {
                            if av[ra] == 0.0 {
                                continue;
                            }
                            for rb in 0..9 {
                                let v = av[ra] * (b1[rb] + b2[rb]);
                                row[x][ra][rb] += v;
                                col[y][ra][rb] += v;
                                total[ra][rb] += v;
                            }
                        }
                    }
                }
                Some(CrossSums { row, col, total })
            }
            _ => None,
        };
        Sums { blocks, cross }
    }

    /// The sum of block `t`'s table over the options left when `used` are drawn
    /// (unnormalised).
    fn free(&self, i: usize, t: &BlockTable, used: u32, n: usize) -> Block {
        let s = &self.blocks[i];
        let mut j = s.total;
        let in_use: Vec<usize> = (0..n).filter(|x| used & (1 << x) != 0).collect();
        match (blind(t.charger), blind(t.defender)) {
            (true, true) => {
                for &x in &in_use {
                    plus(&mut j, &s.row[x], -1.0);
                    plus(&mut j, &s.col[x], -1.0);
                }
                for &x in &in_use {
                    for &y in &in_use {
                        if x != y {
                            plus(&mut j, t.at(x, y), 1.0);
                        }
                    }
                }
            }
            (true, false) => {
                for &x in &in_use {
                    plus(&mut j, t.at(x, 0), -1.0);
                }
            }
            (false, true) => {
                for &y in &in_use {
                    plus(&mut j, t.at(0, y), -1.0);
                }
            }
            (false, false) => {}
        }
        j
    }

    /// The last block's result, its chance over the dominoes left.
    fn last(&self, i: usize, t: &BlockTable, used: u32, n: usize) -> Block {
        let mut j = self.free(i, t, used, n);
        let left = n - used.count_ones() as usize;
        let ways = draws(
            left,
            usize::from(blind(t.charger)) + usize::from(blind(t.defender)),
        );
        for v in &mut j {
            *v /= ways;
        }
        j
    }

    /// The last two blocks' results together, their chance over the dominoes left.
    fn last_two(&self, a: &BlockTable, b: &BlockTable, used: u32, n: usize) -> [[f64; 9]; 9] {
        let left = n - used.count_ones() as usize;
        let slots_a = usize::from(blind(a.charger)) + usize::from(blind(a.defender));
        let slots_b = usize::from(blind(b.charger)) + usize::from(blind(b.defender));
        let ways = draws(left, slots_a + slots_b);
        let mut k = [[0.0; 9]; 9];
        if let Some(cross) = &self.cross {
            // Both blocks blind on both sides. With A the dominoes left, g(x) the sum
            // of b's table over A on x's row and column, and J_b(A) b's sum over A:
            //   K = J_a(A) ⊗ J_b(A) − Σ_x row_a,A(x) ⊗ g(x) − Σ_y col_a,A(y) ⊗ g(y)
            //       + Σ_{x≠y in A} a(x,y) ⊗ (b(x,y) + b(y,x)).
            let in_use: Vec<usize> = (0..n).filter(|x| used & (1 << x) != 0).collect();
            let free: Vec<usize> = (0..n).filter(|x| used & (1 << x) == 0).collect();
            let ja = self.free(0, a, used, n);
            let jb = self.free(1, b, used, n);
            let (sa, sb) = (&self.blocks[0], &self.blocks[1]);
            for ra in 0..9 {
                for rb in 0..9 {
                    k[ra][rb] = ja[ra] * jb[rb];
                }
            }
            for &x in &free {
                // a's row and column over A, b's row plus column over A.
                let mut arow = sa.row[x];
                let mut acol = sa.col[x];
                let mut g = sb.row[x];
                plus(&mut g, &sb.col[x], 1.0);
                for &u in &in_use {
                    plus(&mut arow, a.at(x, u), -1.0);
                    plus(&mut acol, a.at(u, x), -1.0);
                    plus(&mut g, b.at(x, u), -1.0);
                    plus(&mut g, b.at(u, x), -1.0);
                }
                for ra in 0..9 {
                    let s = arow[ra] + acol[ra];
                    if s == 0.0 {
                        continue;
                    }
                    for rb in 0..9 {
                        k[ra][rb] -= s * g[rb];
                    }
                }
            }
            // The pairs of A: all pairs, less those touching a domino in use.
            let mut q = cross.total;
            for &u in &in_use {
                for ra in 0..9 {
                    for rb in 0..9 {
                        q[ra][rb] -= cross.row[u][ra][rb] + cross.col[u][ra][rb];
                    }
                }
            }
            for &x in &in_use {
                for &y in &in_use {
                    if x == y {
                        continue;
                    }
                    let (av, b1, b2) = (a.at(x, y), b.at(x, y), b.at(y, x));
                    for ra in 0..9 {
                        for rb in 0..9 {
                            q[ra][rb] += av[ra] * (b1[rb] + b2[rb]);
                        }
                    }
                }
            }
            for ra in 0..9 {
                for rb in 0..9 {
                    k[ra][rb] += q[ra][rb];
                }
            }
        } else {
            // A face-up domino in one of the two blocks: draw block a's options one
            // by one and sum block b in closed form over what is left.
            for (ci, cbit) in choices(a.charger, n, used) {
                for (di, dbit) in choices(a.defender, n, used | cbit) {
                    let av = a.at(ci, di);
                    let jb = self.free(1, b, used | cbit | dbit, n);
                    for ra in 0..9 {
                        if av[ra] == 0.0 {
                            continue;
                        }
                        for rb in 0..9 {
                            k[ra][rb] += av[ra] * jb[rb];
                        }
                    }
                }
            }
        }
        for row in &mut k {
            for v in row {
                *v /= ways;
            }
        }
        k
    }
}

/// Ordered draws of `k` dominoes from `left`.
fn draws(left: usize, k: usize) -> f64 {
    (0..k).map(|i| (left - i) as f64).product()
}
