//! The exact odds of the WWII rules as `docs/rules/wwii.md` publishes them ("Exact
//! odds"): fire at range, the small arms chart at close quarters, guns against armor,
//! high explosive, personnel assaults, tank assaults and morale checks, each computed by the rules' own
//! functions. A test compares the doc with `markdown()`.

use super::fire_chart::{gun_needs, he_needs, needs_at_range};
use super::modifiers::Training;
use super::morale::{self, State};
use super::personnel_assault::{Ending, Meeting, Result, Side, assault_odds};
use super::tanks::{self, Infantry, Tanks};
use std::fmt::Write;

/// A face needed, as the doc shows it: "5-6 (2/6)", or "no kill".
fn face(n: Option<u8>) -> String {
    match n {
        Some(6) => "6 (1/6)".to_owned(),
        Some(n) => format!("{n}-6 ({}/6)", 7 - n),
        None => "no kill".to_owned(),
    }
}

/// The columns of an assault's endings, side 0 the attacker (or the tanks).
const ENDINGS: [&str; 6] = [
    "attacker eliminates the defender",
    "defender demoralized",
    "tie",
    "attacker demoralized",
    "defender eliminates the attacker",
    "heroic survivor",
];

/// Which column an ending falls in.
fn column(r: &Result) -> usize {
    match r.ending {
        Ending::Eliminated { winner: 0, .. } => 0,
        Ending::Demoralized(1) => 1,
        Ending::Tie => 2,
        Ending::Demoralized(_) => 3,
        Ending::Eliminated { .. } => 4,
        Ending::Heroic(_) => 5,
    }
}

/// A chance as a percentage to the tenth.
fn percent(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// The personnel assaults the doc shows: (what, attacker, defender, meeting).
pub fn assault_examples() -> Vec<(&'static str, Side, Side, Meeting)> {
    let s = |bases, modifier| Side { bases, modifier };
    vec![
        (
            "4 bases against 4, no modifiers",
            s(4, 0),
            s(4, 0),
            Meeting::Personnel,
        ),
        (
            "4 against 4, the defender in solid cover (+1)",
            s(4, 0),
            s(4, 1),
            Meeting::Personnel,
        ),
        (
            "4 against 4, the defender hit in rear (−2)",
            s(4, 0),
            s(4, -2),
            Meeting::Personnel,
        ),
        (
            "6 against 3, no modifiers",
            s(6, 0),
            s(3, 0),
            Meeting::Personnel,
        ),
        (
            "4 mounted cavalry against 4 (+1, two rounds)",
            s(4, 1),
            s(4, 0),
            Meeting::CavalryAgainstPersonnel,
        ),
    ]
}

/// The tank assaults the doc shows: (what, tanks, infantry).
pub fn tank_examples() -> Vec<(&'static str, Tanks, Infantry)> {
    let tank = |bases, machine_guns, at_assault, modifier| Tanks {
        bases,
        machine_guns,
        at_assault,
        modifier,
    };
    let foot = |bases, at_assault, modifier| Infantry {
        bases,
        at_assault: Some(at_assault),
        modifier,
    };
    vec![
        (
            "3 light tanks against a rifle platoon of 4, in the open",
            tank(3, 1, 2, 0),
            foot(4, 1, 0),
        ),
        (
            "3 medium tanks against 4 assault engineers, in the open",
            tank(3, 2, 3, 0),
            foot(4, 3, 0),
        ),
        (
            "3 medium tanks against an anti-tank rocket team of 2, in a wood",
            tank(3, 2, 3, -1),
            foot(2, 4, 1),
        ),
        (
            "3 medium tanks against a rifle platoon of 4 in buildings",
            tank(3, 2, 3, -2),
            foot(4, 1, 1),
        ),
    ]
}

/// The "Exact odds" tables of `docs/rules/wwii.md`, as the code computes them.
pub fn markdown() -> String {
    let mut out = String::new();
    let w = &mut out;
    fire_at_range(w);
    close_quarters(w);
    guns_against_armor(w);
    high_explosive(w);
    personnel_assaults(w);
    tank_assaults(w);
    morale_checks(w);
    out
}

/// Fire at range (W-D13).
fn fire_at_range(w: &mut String) {
    let _ = writeln!(
        w,
        "**Fire at range** (W-D13): the face each die (a fire point) needs to kill a base, \
         by the sum of the modifiers (W-D12).\n"
    );
    let _ = writeln!(w, "| modifier | up to half range | beyond half range |");
    let _ = writeln!(w, "| --- | --- | --- |");
    for m in [0, -1, -2, -3, -4] {
        let _ = writeln!(
            w,
            "| {m:+} | {} | {} |",
            face(needs_at_range(1, 2, m)),
            face(needs_at_range(2, 2, m))
        );
    }
}

/// Close quarters (W-D6) and the weapon differential (WW-22).
fn close_quarters(w: &mut String) {
    let _ = writeln!(
        w,
        "\n**The small arms chart at close quarters** (W-D6): each die of a tank assault \
         (a machine gun a tank base; an infantry base, its weapon differential and its \
         assault modifiers added).\n"
    );
    let _ = writeln!(w, "| modifier | kills on |");
    let _ = writeln!(w, "| --- | --- |");
    for m in [3, 2, 1, 0, -1, -2] {
        let _ = writeln!(w, "| {m:+} | {} |", face(tanks::needs(m)));
    }
}

/// Guns against armor (W-D14).
fn guns_against_armor(w: &mut String) {
    let _ = writeln!(
        w,
        "\n**Guns against armor** (W-D14): a die a gun base, by the gun factor less the \
         armor (the target's anti-tank assault value).\n"
    );
    let _ = writeln!(w, "| gun less armor | kills on |");
    let _ = writeln!(w, "| --- | --- |");
    for d in [3, 2, 1, 0, -1, -2] {
        let (gun, armor) = if d >= 0 {
            (d as u8, 0)
        } else {
            (0, (-d) as u8)
        };
        let _ = writeln!(w, "| {d:+} | {} |", face(gun_needs(gun, armor, 0)));
    }
}

/// High explosive (W-D29).
fn high_explosive(w: &mut String) {
    let _ = writeln!(
        w,
        "\n**High explosive** (W-D29): a die a gun base of a tank, armored car or towed gun \
         firing at personnel, by its gun factor (the target in buildings or a bunker −1, \
         prone −1, the firer moved −1, pinned −1).\n"
    );
    let _ = writeln!(
        w,
        "| gun factor | up to half range | beyond half range | in full cover, up to half range |"
    );
    let _ = writeln!(w, "| --- | --- | --- | --- |");
    for (what, gun) in [("1 or 2", 2), ("3 or 4", 4), ("5 or more", 5)] {
        let _ = writeln!(
            w,
            "| {what} | {} | {} | {} |",
            face(he_needs(gun, 1, 2, 0)),
            face(he_needs(gun, 2, 2, 0)),
            face(he_needs(gun, 1, 2, -1))
        );
    }
}

/// Personnel assaults (WW-20).
fn personnel_assaults(w: &mut String) {
    let _ = writeln!(
        w,
        "\n**Personnel assaults** (WW-20): the chance of each ending over every roll of every \
         round (ways out of 36 to the power of the rounds), the attacker first.\n"
    );
    let _ = writeln!(w, "| assault | {} |", ENDINGS.join(" | "));
    let _ = writeln!(w, "| --- |{}", " --- |".repeat(ENDINGS.len()));
    for (what, a, d, meeting) in assault_examples() {
        let odds = assault_odds([a, d], meeting);
        let mut ways = [0u64; 6];
        for (r, n) in &odds.results {
            ways[column(r)] += n;
        }
        let cells: Vec<String> = ways
            .iter()
            .map(|n| format!("{n}/{} ({})", odds.of, percent(*n as f64 / odds.of as f64)))
            .collect();
        let _ = writeln!(w, "| {what} | {} |", cells.join(" | "));
    }
}

/// Tank assaults (W-D7).
fn tank_assaults(w: &mut String) {
    let _ = writeln!(
        w,
        "\n**Tank assaults** (W-D7): three rounds, the tanks as the attacker; the chance of \
         each ending to the tenth of a per cent.\n"
    );
    let _ = writeln!(
        w,
        "| tank assault | tanks' die | infantry's die | {} |",
        ENDINGS.join(" | ")
    );
    let _ = writeln!(w, "| --- | --- | --- |{}", " --- |".repeat(ENDINGS.len()));
    for (what, t, i) in tank_examples() {
        let mut p = [0f64; 6];
        for (r, q) in tanks::tank_assault_odds(&t, &i) {
            p[column(&r)] += q;
        }
        let cells: Vec<String> = p.iter().map(|q| percent(*q)).collect();
        let _ = writeln!(
            w,
            "| {what} | {} | {} | {} |",
            face(tanks::needs(t.modifier)),
            face(i.against(&t).and_then(tanks::needs)),
            cells.join(" | ")
        );
    }
}

/// Morale (W-D15).
fn morale_checks(w: &mut String) {
    let _ = writeln!(
        w,
        "\n**Morale checks** (W-D15): two dice against the unit's morale, ways out of 36 of \
         each result for a unit in good order.\n"
    );
    let _ = writeln!(
        w,
        "| training (morale) | modifier | passes | pinned | withdrawn | routed |"
    );
    let _ = writeln!(w, "| --- | --- | --- | --- | --- | --- |");
    for t in Training::ALL {
        for m in [-1, 0, 1, 2] {
            let odds = morale::check_odds(morale::morale(t), m, State::Good);
            let of =
                |s: State| -> u64 { odds.iter().filter(|(k, _)| *k == s).map(|(_, n)| *n).sum() };
            let _ = writeln!(
                w,
                "| {} ({}) | {m:+} | {}/36 | {}/36 | {}/36 | {}/36 |",
                t.name(),
                morale::morale(t),
                of(State::Good),
                of(State::Pinned),
                of(State::Withdrawn),
                of(State::Routed)
            );
        }
    }
}
