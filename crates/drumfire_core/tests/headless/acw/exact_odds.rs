//! The exact odds of an ACW charge over the dominoes still in the set, checked against
//! a plain enumeration of every draw, every way round and every die.

use drumfire_core::rules::acw::charge_odds::{ChargeOdds, FightSide, charge_odds};
use drumfire_core::rules::acw::dominoes::{Domino, double_six, half_score};
use drumfire_core::rules::acw::melee::{self, Outcome};

/// Every draw of the blind dominoes from `set` (without replacement, the charger's
/// block by block, then the defender's), each either way round, every die a blank
/// rolls: the chance of each pair of outcomes, worked out stand by stand with
/// `melee::outcome` on the lines as the fight leaves them.
fn enumerate(charger: &FightSide, defender: &FightSide, set: &[Domino]) -> ChargeOdds {
    let meet = charger.stands.min(defender.stands);
    let blocks = meet.div_ceil(2);
    // Slots in drawing order: (side 0 charger / 1 defender, block).
    let slots: Vec<(usize, usize)> = (0..blocks).flat_map(|k| [(0, k), (1, k)]).collect();
    let mut out = ChargeOdds::default();
    let mut draw = Draw {
        slots: &slots,
        used: vec![false; set.len()],
        placed: vec![[None, None]; blocks],
        sides: [charger, defender],
        set,
    };
    draw.go(0, 1.0, &mut out);
    out
}

/// The enumeration's place: the slots to fill, the dominoes drawn and where they lie.
struct Draw<'a> {
    slots: &'a [(usize, usize)],
    used: Vec<bool>,
    placed: Vec<[Option<Domino>; 2]>,
    sides: [&'a FightSide; 2],
    set: &'a [Domino],
}

impl Draw<'_> {
    /// Fills slot `i` and the rest every way they can be drawn (at chance `p` so far),
    /// fighting each full placing into `out`.
    fn go(&mut self, i: usize, p: f64, out: &mut ChargeOdds) {
        if i == self.slots.len() {
            fight(p, &self.placed, self.sides, out);
            return;
        }
        let (side, k) = self.slots[i];
        if let Some(&(_, d)) = self.sides[side].known.iter().find(|(at, _)| *at == k) {
            self.placed[k][side] = Some(d);
            self.go(i + 1, p, out);
            return;
        }
        let left = self.used.iter().filter(|u| !**u).count() as f64;
        for j in 0..self.set.len() {
            if self.used[j] {
                continue;
            }
            self.used[j] = true;
            for d in [self.set[j], self.set[j].turned()] {
                self.placed[k][side] = Some(d);
                self.go(i + 1, p / left / 2.0, out);
            }
            self.used[j] = false;
        }
    }
}

/// Each meeting stand's half (or `None` for a die to roll), both sides.
fn halves(placed: &[[Option<Domino>; 2]], sides: [&FightSide; 2]) -> Vec<[Option<u8>; 2]> {
    let meet = sides[0].stands.min(sides[1].stands);
    let mut halves: Vec<[Option<u8>; 2]> = Vec::new();
    for i in 0..meet {
        let mut h = [None, None];
        for s in 0..2 {
            let d = placed[i / 2][s].unwrap();
            let hits = sides[s].hits.get(i).copied().unwrap_or(0);
            h[s] = half_score(d, i % 2 == 0, hits);
        }
        halves.push(h);
    }
    halves
}

/// Fights one placing of the dominoes (at chance `p`) under every roll of the dice,
/// adding each pair of outcomes' chance to `out`.
fn fight(p: f64, placed: &[[Option<Domino>; 2]], sides: [&FightSide; 2], out: &mut ChargeOdds) {
    let halves = halves(placed, sides);
    let blanks: usize = halves.iter().flatten().filter(|h| h.is_none()).count();
    let rolls = 6usize.pow(blanks as u32);
    for roll in 0..rolls {
        let lines = broken_lines(&halves, roll, sides);
        let lost = |l: &Vec<bool>| l.iter().filter(|x| **x).count() as u8;
        let routs = |s: usize| {
            melee::outcome(&lines[s], lost(&lines[s]), sides[s].full_strength, false)
                == Outcome::Routs
        };
        let (cr, dr) = (routs(0), routs(1));
        let c = melee::outcome(&lines[0], lost(&lines[0]), sides[0].full_strength, dr);
        let d = melee::outcome(&lines[1], lost(&lines[1]), sides[1].full_strength, cr);
        let w = p / rolls as f64;
        match out.outcomes.iter_mut().find(|o| o.0 == c && o.1 == d) {
            Some(o) => o.2 += w,
            None => out.outcomes.push((c, d, w)),
        }
    }
}

/// Each side's line after the stands meet, a stand lost marked `true`, with the dice
/// for the blanks read in turn from the digits of `roll` in base 6.
fn broken_lines(halves: &[[Option<u8>; 2]], roll: usize, sides: [&FightSide; 2]) -> [Vec<bool>; 2] {
    let mut dice = roll;
    let mut lines = [vec![false; sides[0].stands], vec![false; sides[1].stands]];
    for (i, h) in halves.iter().enumerate() {
        let mut score = [0i32; 2];
        for s in 0..2 {
            let v = match h[s] {
                Some(v) => i32::from(v),
                None => {
                    let d = (dice % 6) as i32 + 1;
                    dice /= 6;
                    d
                }
            };
            let flank = if melee::outflanked(i, sides[s].stands, sides[1 - s].stands) {
                -2
            } else {
                0
            };
            score[s] = v + sides[s].modifier + flank;
        }
        match melee::pairing(score[0], score[1]) {
            melee::Pairing::ChargerWins => lines[1][i] = true,
            melee::Pairing::DefenderWins => lines[0][i] = true,
            melee::Pairing::Tie => {}
        }
    }
    lines
}

fn side(stands: usize, modifier: i32) -> FightSide {
    FightSide {
        stands,
        full_strength: stands,
        modifier,
        ..FightSide::default()
    }
}

/// The two answers agree outcome by outcome to within rounding, and each sums to 1.
fn agree(fast: &ChargeOdds, slow: &ChargeOdds) {
    let total = |o: &ChargeOdds| o.outcomes.iter().map(|x| x.2).sum::<f64>();
    assert!((total(fast) - 1.0).abs() < 1e-9, "{fast:?}");
    assert!((total(slow) - 1.0).abs() < 1e-9, "{} {slow:?}", total(slow));
    for &(c, d, p) in &slow.outcomes {
        let q = fast.chance(|x, y| x == c && y == d);
        assert!(
            (p - q).abs() < 1e-9,
            "{c:?} {d:?}: {p} by every draw, {q} fast"
        );
    }
    assert_eq!(fast.outcomes.len(), slow.outcomes.len());
}

fn some(set: &[usize]) -> Vec<Domino> {
    let all = double_six();
    set.iter().map(|&i| all[i]).collect()
}

#[test]
fn a_charge_of_three_blocks_by_every_draw_from_eight_dominoes() {
    // Six stands a side: one block's sets carried, the last two in closed form.
    let set = some(&[1, 4, 8, 11, 15, 19, 23, 27]);
    let (c, d) = (side(6, 2), side(6, 0));
    agree(
        &charge_odds(&c, &d, &set).unwrap(),
        &enumerate(&c, &d, &set),
    );
}

#[test]
fn blanks_roll_a_die_and_hits_take_spots_off_by_every_draw() {
    // Blanks (0|0, 0|3) fight with a die; the charger took hits on two dominoes.
    let set = some(&[0, 3, 9, 14, 20, 27]);
    let mut c = side(4, 1);
    c.hits = vec![1, 0, 2, 0];
    let d = FightSide {
        full_strength: 6,
        ..side(4, -1)
    };
    agree(
        &charge_odds(&c, &d, &set).unwrap(),
        &enumerate(&c, &d, &set),
    );
}

#[test]
fn an_outflanked_odd_line_with_a_domino_face_up_by_every_draw() {
    // Seven charging stands against eight: the charger's last stand is outflanked and
    // has its domino sideways; the defender's last stand does not fight. Each side has
    // one domino face up (the one its owner looked at and placed).
    let set = some(&[2, 5, 7, 12, 16, 18, 22, 25, 26]);
    let mut c = side(7, 2);
    c.known = vec![(1, Domino(6, 1))];
    let mut d = side(8, -1);
    d.known = vec![(3, Domino(2, 5))];
    agree(
        &charge_odds(&c, &d, &set).unwrap(),
        &enumerate(&c, &d, &set),
    );
}

#[test]
fn four_blocks_carry_two_and_sum_two_by_every_draw() {
    // Eight a side: two blocks carried (each with a domino face up), the last two
    // blind on both sides and summed in closed form.
    let set = some(&[4, 6, 10, 13, 17, 21, 24, 26]);
    let mut c = side(8, 1);
    c.known = vec![(0, Domino(5, 5))];
    let mut d = side(8, 0);
    d.known = vec![(1, Domino(3, 1))];
    agree(
        &charge_odds(&c, &d, &set).unwrap(),
        &enumerate(&c, &d, &set),
    );
}

#[test]
fn five_blocks_at_full_strength_by_every_draw() {
    // Ten charging stands against nine (the defender's last stand outflanked, its last
    // domino sideways): two blocks carried set by set, one taken set by set, the last
    // two blind and summed in closed form. Four dominoes face up keep the enumeration
    // short: six blind from seven.
    let set = some(&[3, 7, 11, 16, 20, 24, 27]);
    let mut c = side(10, 2);
    c.known = vec![(0, Domino(4, 2)), (2, Domino(1, 6))];
    let mut d = FightSide {
        full_strength: 10,
        ..side(9, 0)
    };
    d.known = vec![(1, Domino(5, 3)), (2, Domino(0, 2))];
    agree(
        &charge_odds(&c, &d, &set).unwrap(),
        &enumerate(&c, &d, &set),
    );
}

#[test]
fn a_charge_into_the_flank_or_rear_the_published_odds() {
    // A-33 in docs/rules/acw.md: a Union line of four charging a line of four, all else
    // level (Union charging +1), into the front, a flank (+1 more) and the rear (+2
    // more); a Confederate line (+2) into the rear (+4 in all). Each side's outcomes,
    // in per cent to one place, over the whole set.
    let pct = |odds: &ChargeOdds, charger: bool, o: Outcome| {
        let p = odds
            .side(charger)
            .iter()
            .find(|x| x.0 == o)
            .map_or(0.0, |x| x.1);
        (p * 1000.0).round() / 10.0
    };
    let published = [
        // (modifier, the defender's routs, holds, retires 1 hex; the charger's holds,
        // retires 1 hex, routs)
        (1, [44.1, 34.6, 21.3], [71.8, 20.0, 8.1]),
        (2, [68.0, 18.8, 13.3], [86.1, 11.8, 2.1]),
        (3, [85.7, 8.3, 6.0], [94.8, 4.9, 0.3]),
        (4, [95.7, 2.6, 1.7], [98.9, 1.1, 0.0]),
    ];
    for (modifier, defender, charger) in published {
        let odds = charge_odds(&side(4, modifier), &side(4, 0), &double_six()).unwrap();
        let d = [Outcome::Routs, Outcome::Holds, Outcome::Retires(1)];
        let c = [Outcome::Holds, Outcome::Retires(1), Outcome::Routs];
        assert_eq!(d.map(|o| pct(&odds, false, o)), defender, "{modifier:+}");
        assert_eq!(c.map(|o| pct(&odds, true, o)), charger, "{modifier:+}");
        assert_eq!(odds.side(true).len() + odds.side(false).len(), 6);
    }
}
