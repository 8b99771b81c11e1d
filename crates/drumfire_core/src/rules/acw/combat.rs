//! Charges on the map: the dominoes drawn and placed at the start of the charger's
//! move (one looked at, the rest blind), hits from fire during the charge marked on
//! the dominoes, the defender's dominoes drawn when the Combat phase comes, the fight
//! stand against stand, and each unit's outcome carried out in the React phase.

use super::dominoes::{self, Domino};
use super::melee::{self, Outcome, Situation};
use super::state::AcwState;
use super::view::{self, Unit};
use bevy_ecs::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// One line's dominoes in a fight.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Behind {
    /// The dominoes by their place along the line (0 behind stands 0 and 1), as they
    /// lie; empty until placed.
    pub places: Vec<Domino>,
    /// The domino drawn and looked at, until its owner places it.
    pub hand: Option<Domino>,
    /// The dominoes drawn blind, until placed.
    pub blind: Vec<Domino>,
    /// The place of the domino its owner looked at (face up to him alone).
    pub face_up: Option<usize>,
    /// Hits from fire during the charge, by stand of the line fighting.
    pub hits: Vec<u8>,
}

impl Behind {
    /// Draws the dominoes for a line of `stands` from the top of `set`: the first is
    /// looked at, the rest are blind.
    pub fn draw(set: &mut Vec<Domino>, stands: usize) -> Behind {
        let n = dominoes::needed(stands).min(set.len());
        let mut drawn: Vec<Domino> = set.drain(..n).collect();
        let hand = (!drawn.is_empty()).then(|| drawn.remove(0));
        Behind {
            hand,
            blind: drawn,
            hits: vec![0; stands],
            ..Behind::default()
        }
    }

    /// Puts the looked-at domino at `place` (turned round if `turned`) and the blind
    /// ones in the other places in the order drawn.
    pub fn place(&mut self, place: usize, turned: bool) {
        let n = self.blind.len() + usize::from(self.hand.is_some());
        let mut blind = std::mem::take(&mut self.blind).into_iter();
        let hand = self.hand.take();
        self.places = (0..n)
            .filter_map(|i| {
                if i == place {
                    hand.map(|d| if turned { d.turned() } else { d })
                } else {
                    blind.next()
                }
            })
            .collect();
        self.face_up = Some(place);
    }

    /// Placed: every domino lies behind the line.
    pub fn placed(&self) -> bool {
        self.hand.is_none() && self.blind.is_empty()
    }
}

/// A charge made this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Charge {
    /// The charging unit.
    pub charger: String,
    /// The unit it charges: the enemy named in its order, else the one it contacts in
    /// front of it.
    pub target: String,
    /// The side of the unit charged.
    pub defender_side: u8,
    /// The path of its move, held until its dominoes are placed.
    pub path: Vec<String>,
    /// The charger's dominoes and the defender's.
    pub lines: [Behind; 2],
    /// The dominoes still in the set.
    pub set: Vec<Domino>,
    /// Fought.
    pub fought: bool,
    /// How the fight went, once fought.
    pub result: Option<FightResult>,
}

/// How a fight went: what the window shows of it once the dominoes are turned over.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FightResult {
    /// Each pair of stands' scores: the charger's, the defender's.
    pub scores: Vec<(i32, i32)>,
    /// Each unit's outcome: the charger's, the defender's.
    pub outcomes: [Outcome; 2],
}

/// What a fight left to be done in the React phase.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Aftermath {
    /// The unit.
    pub unit: String,
    /// Its outcome.
    pub outcome: Outcome,
    /// The enemy it fought (it retires away from it).
    pub enemy: String,
}

/// The stands of a unit standing, left to right: the line that fights.
/// Ours — A-18 in docs/rules/acw.md: stands shot away before a fight leave no gap.
pub fn line(u: &Unit) -> Vec<usize> {
    (0..u.stands.total())
        .filter(|i| !u.stands.0[*i].lost)
        .collect()
}

/// Each side's modifiers in the fight, the charger's first, for its stand `i`: the
/// charger's from its hex (where it strikes the defender's line, as the defender
/// faces: A-33).
pub fn situations(world: &World, charger: &Unit, defender: &Unit) -> [Situation; 2] {
    let state = world.resource::<AcwState>();
    let army = |side: u8| {
        state
            .armies
            .get(usize::from(side))
            .copied()
            .unwrap_or_default()
    };
    let (c, d) = (
        view::cell(world, charger.hex).unwrap_or_default(),
        view::cell(world, defender.hex).unwrap_or_default(),
    );
    [
        Situation {
            charging: Some(army(charger.side)),
            enemy_uphill_or_behind_obstacle: d.elevation > c.elevation || d.fenced,
            enemy_in_wood: d.wood,
            outflanked: false,
            routed: charger.routed,
            struck: super::geometry::struck(defender.hex, defender.facing, charger.hex),
        },
        Situation {
            charging: None,
            // Ours — A-14 in docs/rules/acw.md: a charger in fenced fields stands behind
            // its fences too.
            enemy_uphill_or_behind_obstacle: c.elevation > d.elevation || c.fenced,
            enemy_in_wood: c.wood,
            outflanked: false,
            routed: defender.routed,
            struck: super::geometry::Struck::Front,
        },
    ]
}

/// The free hexes next to `from`, farthest from `enemy` first.
pub fn away(world: &World, from: Hex, enemy: Hex) -> Vec<Hex> {
    crate::map::away_from(from, enemy, |h| {
        view::cell(world, h).is_some_and(|c| c.cost.is_some()) && view::unit_at(world, h).is_none()
    })
}

/// The fight of charge `k`: the charger goes in, the dominoes are turned over, a die
/// for each blank, stand against stand with the modifiers, the stands lost, and each
/// unit's outcome; the outcomes and the casualties are carried out in the React phase.
pub fn fight(world: &mut World, k: usize) {
    let charge = world.resource::<AcwState>().charges[k].clone();
    let (Some(c), Some(d)) = (
        view::unit(world, &charge.charger),
        view::unit(world, &charge.target),
    ) else {
        world.resource_mut::<AcwState>().charges[k].fought = true;
        return;
    };
    let show = |b: &Behind| {
        b.places
            .iter()
            .map(|d| d.label())
            .collect::<Vec<_>>()
            .join(" ")
    };
    super::note(
        world,
        crate::journal::GameEvent::WentIn {
            kind: "Charge".into(),
            side: c.side,
            attackers: vec![c.id.clone()],
            target: view::label(d.hex),
            text: format!(
                "{} goes in against {} at {}.",
                c.name,
                d.name,
                view::label(d.hex)
            ),
        },
    );
    super::say(
        world,
        format!(
            "The dominoes are turned over: {} {}; {} {}.",
            c.name,
            show(&charge.lines[0]),
            d.name,
            show(&charge.lines[1])
        ),
    );
    let (cl, dl) = (line(&c), line(&d));
    let bout = stand_against_stand(world, &charge, &c, &d);
    let (c_out, d_out) = melee::outcomes(
        melee::Broken::of(&bout.c_lost, c.stands.total()),
        melee::Broken::of(&bout.d_lost, d.stands.total()),
    );
    for p in bout.pairs {
        super::say(world, format!("{} charges {}: {p}.", c.name, d.name));
    }
    // "React ... Remove combat casualties": the stands lost stand until then.
    for (u, lost, l) in [(&c, &bout.c_lost, &cl), (&d, &bout.d_lost, &dl)] {
        let gone: Vec<usize> = lost
            .iter()
            .enumerate()
            .filter(|(_, gone)| **gone)
            .map(|(i, _)| l[i])
            .collect();
        if !gone.is_empty() {
            world
                .resource_mut::<AcwState>()
                .casualties
                .entry(u.id.clone())
                .or_default()
                .extend(gone);
        }
    }
    for (u, out, enemy) in [(&c, c_out, &d), (&d, d_out, &c)] {
        super::say(world, format!("{}: {}.", u.name, out.name()));
        world.resource_mut::<AcwState>().aftermath.push(Aftermath {
            unit: u.id.clone(),
            outcome: out,
            enemy: enemy.id.clone(),
        });
    }
    let mut state = world.resource_mut::<AcwState>();
    state.charges[k].fought = true;
    state.charges[k].result = Some(FightResult {
        scores: bout.scores,
        outcomes: [c_out, d_out],
    });
}

/// The stands of a fight, pair by pair: which of each line's are lost, each pair in
/// words, and each pair's scores (the charger's, the defender's).
struct Bout {
    c_lost: Vec<bool>,
    d_lost: Vec<bool>,
    pairs: Vec<String>,
    scores: Vec<(i32, i32)>,
}

/// Charger `c` against defender `d` in `charge`, stand against stand along the
/// shorter line: each half's score (a die for a blank, the charger's less the hits on
/// it), the modifiers, and who loses each pair.
fn stand_against_stand(world: &mut World, charge: &Charge, c: &Unit, d: &Unit) -> Bout {
    let (cl, dl) = (line(c), line(d));
    let meet = cl.len().min(dl.len());
    let [cs, ds] = situations(world, c, d);
    let mut c_lost = vec![false; cl.len()];
    let mut d_lost = vec![false; dl.len()];
    let mut pairs = Vec::new();
    let mut scores = Vec::new();
    for i in 0..meet {
        let half = |b: &Behind, hits: u8| {
            let (place, first) = dominoes::behind(i);
            b.places
                .get(place)
                .map_or(Some(0), |dom| dominoes::half_score(*dom, first, hits))
        };
        let ch = half(
            &charge.lines[0],
            charge.lines[0].hits.get(i).copied().unwrap_or(0),
        );
        let dh = half(&charge.lines[1], 0);
        let mut value = |h: Option<u8>, who: &Unit| match h {
            Some(v) => v,
            None => super::roll(
                world,
                1,
                format!("a blank domino: {}, stand {}", who.name, i + 1),
            )[0],
        };
        let (cv, dv) = (value(ch, c), value(dh, d));
        let cm = melee::modifiers(Situation {
            outflanked: melee::outflanked(i, cl.len(), dl.len()),
            ..cs
        });
        let dm = melee::modifiers(Situation {
            outflanked: melee::outflanked(i, dl.len(), cl.len()),
            ..ds
        });
        let (cscore, dscore) = (melee::score(cv, &cm), melee::score(dv, &dm));
        scores.push((cscore, dscore));
        let result = melee::pairing(cscore, dscore);
        match result {
            melee::Pairing::ChargerWins => d_lost[i] = true,
            melee::Pairing::DefenderWins => c_lost[i] = true,
            melee::Pairing::Tie => {}
        }
        pairs.push(pair_line(i, (cscore, dscore), [&c.name, &d.name]));
    }
    Bout {
        c_lost,
        d_lost,
        pairs,
        scores,
    }
}

/// One pair of stands in a fight, in words: "stand 3: 2 against 1 — the 83rd
/// Pennsylvania loses a stand" (`names`: the charger's, the defender's).
pub fn pair_line(i: usize, (charger, defender): (i32, i32), names: [&str; 2]) -> String {
    let what = match melee::pairing(charger, defender) {
        melee::Pairing::ChargerWins => format!("{} loses a stand", names[1]),
        melee::Pairing::DefenderWins => format!("{} loses a stand", names[0]),
        melee::Pairing::Tie => "both stand".to_owned(),
    };
    format!("stand {}: {charger} against {defender} — {what}", i + 1)
}

/// Hexes a unit falls back for its outcome: the hexes of "retire 2" for each stand
/// lost", a full move (4 hexes), or a rout's "two full moves" (8).
/// Ours — A-21 in docs/rules/acw.md: falling back on the map.
pub fn fall_back_hexes(outcome: Outcome) -> u8 {
    match outcome {
        Outcome::Holds => 0,
        Outcome::Retires(n) => n,
        Outcome::RetiresFullMove => super::chit::Chit::Move.hexes(),
        Outcome::Routs => 2 * super::chit::Chit::Move.hexes(),
    }
}

/// The React phase's "Retire from combat ... Remove routed units": each unit falls
/// back its hexes away from the enemy it fought, hex by hex to the free hex farthest
/// from it, paying for the ground as a move does; a routed unit hemmed in (or at the
/// map's edge) before its two full moves are done leaves the field. "Artillery is placed at the start of the game and do not move": a battery
/// holds its hex.
/// Ours — A-26 in docs/rules/acw.md: a battery that would retire holds its hex (its
/// guns lost in the fight are the price); a battery that routs cannot fall back, and
/// so, as A-21 has it, leaves the field.
/// Ours — A-30 in docs/rules/acw.md: a unit that fought twice takes both outcomes, in
/// the order fought, and routs when the two fights' casualties together leave it
/// below half strength. Then "Remove combat casualties": the stands the fights took.
pub fn react(world: &mut World) {
    let mut after = std::mem::take(&mut world.resource_mut::<AcwState>().aftermath);
    let casualties = std::mem::take(&mut world.resource_mut::<AcwState>().casualties);
    // The stands each unit's fights took that still stand, until they come off below.
    let lost = |u: &Unit| {
        casualties.get(&u.id).map_or(0, |c| {
            c.iter()
                .filter(|s| u.stands.0.get(**s).is_some_and(|st| !st.lost))
                .count()
        })
    };
    // Two fights' casualties together may leave a unit below half strength, which
    // routs it; an enemy it fought that would retire then forms up on the spot
    // ("unless enemy routed then form up on spot").
    let routed: Vec<String> = after
        .iter()
        .filter_map(|a| view::unit(world, &a.unit))
        .filter(|u| lost(u) < u.standing() && (u.standing() - lost(u)) * 2 < u.stands.total())
        .map(|u| u.base.id)
        .collect();
    for a in after.iter_mut() {
        if routed.contains(&a.unit) {
            a.outcome = Outcome::Routs;
        } else if routed.contains(&a.enemy)
            && matches!(a.outcome, Outcome::Retires(_) | Outcome::RetiresFullMove)
        {
            a.outcome = Outcome::Holds;
        }
    }
    for a in after {
        let Some(u) = view::unit(world, &a.unit) else {
            continue;
        };
        if lost(&u) >= u.standing() {
            // Every stand lost: it comes off with the casualties, and falls back nowhere.
            continue;
        }
        if a.outcome == Outcome::Routs {
            world.entity_mut(u.entity).insert(crate::counters::Routed);
        }
        let enemy = view::unit(world, &a.enemy).map_or(u.hex, |e| e.hex);
        let mut at = u.hex;
        let hexes = if u.battery {
            0
        } else {
            fall_back_hexes(a.outcome)
        };
        if u.battery && matches!(a.outcome, Outcome::Retires(_) | Outcome::RetiresFullMove) {
            super::say(
                world,
                format!("{}'s guns hold their hex: artillery does not move.", u.name),
            );
        }
        // Over the ground, as a move: each hex at what it costs to enter, the
        // first always; a unit with no free hex farther from the enemy is hemmed in.
        let (mut moved, mut spent, mut hemmed) = (0u8, 0u8, false);
        let mut via = Vec::new();
        while spent < hexes {
            let Some(next) = away(world, at, enemy).first().copied() else {
                hemmed = true;
                break;
            };
            let cost = view::cell(world, next).and_then(|c| c.cost).unwrap_or(1);
            if moved > 0 && spent.saturating_add(cost) > hexes {
                super::say(
                    world,
                    format!(
                        "{} is slowed by the ground: it falls back no farther.",
                        u.name
                    ),
                );
                break;
            }
            crate::map::move_counter(world, u.entity, at, next);
            if moved > 0 {
                via.push(view::label(at));
            }
            at = next;
            moved += 1;
            spent = spent.saturating_add(cost);
        }
        if moved > 0 {
            super::note(
                world,
                crate::journal::GameEvent::Moved {
                    pieces: vec![u.id.clone()],
                    from: view::label(u.hex),
                    to: view::label(at),
                    via,
                },
            );
        }
        if a.outcome == Outcome::Routs && (u.battery || hemmed) {
            // Every stand it leaves with is lost to its army, a point each to the enemy
            // its casualties among them.
            super::say(world, format!("{} routs from the field.", u.name));
            for s in line(&u) {
                if let Some(now) = view::unit(world, &u.id) {
                    super::shooting_phase::lose_stand(world, &now, s);
                }
            }
        }
    }
    // "Remove combat casualties": each stand lost in the turn's fights, once however
    // many fights took it, wherever its unit now stands.
    for (id, stands) in casualties {
        for s in stands {
            if let Some(now) = view::unit(world, &id) {
                super::shooting_phase::lose_stand(world, &now, s);
            }
        }
    }
}

/// What a player sees before committing a charge, or during it: each side's modifiers
/// with their causes, and the exact odds over the dominoes he does not know.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// The charger's modifiers (each stand), with their causes.
    pub charger: Vec<(i32, String)>,
    /// The defender's.
    pub defender: Vec<(i32, String)>,
    /// Which stand of which line is outflanked (−2 more), if one is.
    pub outflanked: Option<String>,
    /// The odds of each pair of outcomes.
    pub odds: super::charge_odds::ChargeOdds,
}

/// What a preview is worked out from: each side's modifiers and the figures of the
/// odds, read from the world at once; the odds themselves may take seconds at full
/// strength (docs/performance.md), so the window works them out away from the frame.
#[derive(Clone, Debug, PartialEq)]
pub struct PreviewSetup {
    /// The charger's modifiers (each stand), with their causes.
    pub charger: Vec<(i32, String)>,
    /// The defender's.
    pub defender: Vec<(i32, String)>,
    /// Which stand of which line is outflanked (−2 more), if one is.
    pub outflanked: Option<String>,
    /// The charger's side of the fight and the defender's, as the odds see them.
    pub sides: [super::charge_odds::FightSide; 2],
    /// The dominoes the viewer does not know.
    pub set: Vec<Domino>,
}

impl PreviewSetup {
    /// The exact odds (`None` where the lines are empty).
    pub fn odds(&self) -> Option<super::charge_odds::ChargeOdds> {
        super::charge_odds::charge_odds(&self.sides[0], &self.sides[1], &self.set)
    }

    /// The preview, with its odds worked out.
    pub fn into_preview(self) -> Option<Preview> {
        let odds = self.odds()?;
        Some(Preview {
            charger: self.charger,
            defender: self.defender,
            outflanked: self.outflanked,
            odds,
        })
    }
}

/// The preview of `charger` charging `defender` as `viewer` knows it: before the
/// charge, every domino blind; during it, the viewer's own face-up domino placed, the
/// hits on the charger's dominoes counted.
pub fn preview(world: &World, charger: &Unit, defender: &Unit, viewer: u8) -> Option<Preview> {
    preview_setup(world, charger, defender, viewer).into_preview()
}

/// What the preview of `charger` charging `defender` as `viewer` knows it is worked
/// out from ([`preview`]).
pub fn preview_setup(world: &World, charger: &Unit, defender: &Unit, viewer: u8) -> PreviewSetup {
    use super::charge_odds::FightSide;
    let [cs, ds] = situations(world, charger, defender);
    let (cm, dm) = (melee::modifiers(cs), melee::modifiers(ds));
    let (cl, dl) = (line(charger), line(defender));
    let charges = &world.resource::<AcwState>().charges;
    let k = charges
        .iter()
        .position(|c| c.charger == charger.id && c.target == defender.id && !c.fought);
    let charge = k.map(|k| charges[k].clone());
    // A domino dealt between two machines is known by its face as this machine read it.
    let known = |b: Option<&Behind>, side: u8| -> Vec<(usize, Domino)> {
        match (b, k, side == viewer) {
            (Some(b), Some(k), true) => b
                .face_up
                .and_then(|p| {
                    let d = super::deal::face_of(world, k, *b.places.get(p)?)?;
                    Some((p, d))
                })
                .into_iter()
                .collect(),
            _ => vec![],
        }
    };
    let c_known = known(charge.as_ref().map(|c| &c.lines[0]), charger.side);
    let d_known = known(charge.as_ref().map(|c| &c.lines[1]), defender.side);
    let fight_side = |l: &[usize], u: &Unit, mods: &[(i32, String)], known, hits| FightSide {
        stands: l.len(),
        full_strength: u.stands.total(),
        modifier: mods.iter().map(|m| m.0).sum(),
        hits,
        known,
    };
    let set: Vec<Domino> = dominoes::double_six()
        .into_iter()
        .filter(|d| {
            !c_known
                .iter()
                .chain(&d_known)
                .any(|(_, k)| *k == *d || k.turned() == *d)
        })
        .collect();
    let hits = charge
        .as_ref()
        .map(|c| c.lines[0].hits.clone())
        .unwrap_or_default();
    let sides = [
        fight_side(&cl, charger, &cm, c_known, hits),
        fight_side(&dl, defender, &dm, d_known, vec![]),
    ];
    let outflanked = match cl.len().cmp(&dl.len()) {
        std::cmp::Ordering::Greater => Some(format!(
            "{}'s stand {} is outflanked (−2)",
            defender.name,
            dl.len()
        )),
        std::cmp::Ordering::Less => Some(format!(
            "{}'s stand {} is outflanked (−2)",
            charger.name,
            cl.len()
        )),
        std::cmp::Ordering::Equal => None,
    };
    PreviewSetup {
        charger: cm,
        defender: dm,
        outflanked,
        sides,
        set,
    }
}
