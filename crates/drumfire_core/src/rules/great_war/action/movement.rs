//! Movement: the rules a move obeys hex by hex, and the hexes a group can reach.

use super::*;

/// What moving pieces share: their start, allowance and the limits on where they go,
/// read from the world once for all the steps of a move or a reach.
pub struct MoveRules<'w> {
    /// The board the steps cross.
    board: &'w Board,
    /// Start hex.
    pub start: Hex,
    /// Movement points.
    pub allowance: u8,
    /// Disrupted pieces move one hex.
    pub one_hex: bool,
    /// Some mover may not move closer to the enemy (a unit not led by a leader of its type).
    pub keep_distance: bool,
    /// Enemy unit hexes.
    pub enemies: Vec<Hex>,
    /// Each hex's distance to the nearest of `enemies`, by board cell, worked out the
    /// first time a step asks (`u32::MAX`: not yet).
    nearest: Vec<std::cell::Cell<u32>>,
    /// Move-mission destinations the movers must head for.
    pub destinations: Vec<Hex>,
    /// Every occupied hex but the movers' own pieces, by board cell: its side, units
    /// and companies.
    occupied: Vec<Option<(u8, u8, u8)>>,
    /// Units and companies among the movers (cargo included).
    pub moving: (u8, u8),
    /// The stacking limits: units and companies in a hex.
    pub limits: (u8, u8),
}

/// Checks the movers themselves and returns what limits their move.
/// Ours — D-11 in docs/rules/great-war.md: moving stacks.
pub fn move_rules<'w>(
    world: &'w World,
    group: &Group,
    side: u8,
    movers: &[PieceView],
) -> Result<MoveRules<'w>, Refusal> {
    let state = world.resource::<GwState>();
    let board = world.resource::<Board>();
    let Some(first) = movers.first() else {
        return refuse("Name at least one piece to move.");
    };
    let mut allowance = u8::MAX;
    let mut destinations = Vec::new();
    for p in movers {
        if p.side != side {
            return refuse(format!("{} is not yours.", p.name));
        }
        if p.hex != first.hex {
            return refuse("Pieces moving together must start in the same hex.");
        }
        if p.demoralized {
            return refuse(format!(
                "{} is Demoralized: it can only try to recover.",
                p.name
            ));
        }
        if is_cargo(state, &p.id) {
            return refuse(format!("{} is loaded: move its transport.", p.name));
        }
        let ma = movement_allowance(world, p);
        if ma == 0 {
            return refuse(format!(
                "{} has a movement allowance of 0: it must load onto a transport to move.",
                p.name
            ));
        }
        allowance = allowance.min(ma);
        let cargo = state.loaded.get(&p.id);
        for who in std::iter::once(&p.id).chain(cargo) {
            if let Some(Mission::Move { destination }) = state.missions.get(who)
                && let Some(h) = hex_of(destination)
            {
                destinations.push(h);
            }
        }
    }
    let keep_distance = movers
        .iter()
        .any(|p| !p.is_leader() && !group.members.get(&p.id).is_some_and(|m| m.led));
    let moving_ids = moving_ids(state, movers);
    let mut occupied: Vec<Option<(u8, u8, u8)>> = vec![None; board.cells()];
    let mut moving = (0u8, 0u8);
    // The enemy unit hexes as `view::enemy_unit_hexes` lists them, from the same pass.
    let mut enemies = Vec::new();
    for (hex, c) in view::counters(world) {
        let unit = u8::from(c.class != UnitClass::Leader);
        let company = u8::from(c.class.is_company());
        if c.side != side && unit == 1 {
            enemies.push(hex);
        }
        // The movers and their cargo all stand in the start hex.
        if hex == first.hex && moving_ids.contains(c.id.as_str()) {
            moving.0 += unit;
            moving.1 += company;
            continue;
        }
        let Some(k) = board.index(hex) else {
            continue;
        };
        let e = occupied[k].get_or_insert((c.side, 0, 0));
        if c.side != side {
            e.0 = c.side;
        }
        e.1 += unit;
        e.2 += company;
    }
    enemies.sort_by_key(|h| MapCoord::from_hex(*h));
    enemies.dedup();
    let d = data(world);
    Ok(MoveRules {
        board,
        nearest: vec![std::cell::Cell::new(u32::MAX); board.cells()],
        start: first.hex,
        allowance,
        one_hex: movers.iter().any(|p| p.disrupted),
        keep_distance,
        enemies,
        destinations,
        occupied,
        moving,
        limits: (d.stack_limit, d.company_stack_limit),
    })
}

/// Why a step is refused; put in words only when a person is told (the reach of a
/// piece tries thousands of steps and words none of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepRefusal {
    /// The hexes are not adjacent.
    NotAdjacent(Hex, Hex),
    /// A Disrupted piece already moved its one hex.
    OneHex,
    /// Impassable.
    Impassable(Hex),
    /// Over the allowance: the total it would cost and the allowance.
    TooFar(Hex, u8, u8),
    /// The enemy holds it.
    Enemy(Hex),
    /// Over the stacking limits.
    OverStacked(Hex),
    /// Closer to the enemy without a leader's activation.
    Closer(Hex),
}

impl std::fmt::Display for StepRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            StepRefusal::NotAdjacent(to, from) => {
                write!(f, "{} is not next to {}", label(to), label(from))
            }
            StepRefusal::OneHex => write!(f, "a Disrupted piece moves only one hex"),
            StepRefusal::Impassable(to) => write!(f, "{} cannot be entered", label(to)),
            StepRefusal::TooFar(to, total, allowance) => write!(
                f,
                "{} needs {total} movement points; the allowance is {allowance}",
                label(to)
            ),
            StepRefusal::Enemy(to) => {
                write!(f, "{} holds the enemy (assault it instead)", label(to))
            }
            StepRefusal::OverStacked(to) => write!(
                f,
                "{} would be over-stacked (at most 3 units, 2 of them companies)",
                label(to)
            ),
            StepRefusal::Closer(to) => write!(
                f,
                "{} is closer to the enemy, and only units activated by a leader of their type may move closer",
                label(to)
            ),
        }
    }
}

impl MoveRules<'_> {
    /// The distance from `hex` to the nearest enemy unit ([`view::nearest`]), each
    /// hex's worked out once.
    fn nearest_enemy(&self, hex: Hex) -> u32 {
        let Some(cell) = self.board.index(hex).map(|k| &self.nearest[k]) else {
            return view::nearest(&self.enemies, hex);
        };
        if cell.get() == u32::MAX {
            cell.set(view::nearest(&self.enemies, hex));
        }
        cell.get()
    }
}

/// Can the movers step from `from` into `to` having spent `spent`? Returns the new total.
pub fn step(
    rules: &MoveRules,
    side: u8,
    from: Hex,
    to: Hex,
    spent: u8,
    index: usize,
) -> Result<u8, StepRefusal> {
    let board = rules.board;
    if from.unsigned_distance_to(to) != 1 {
        return Err(StepRefusal::NotAdjacent(to, from));
    }
    if rules.one_hex && index > 0 {
        return Err(StepRefusal::OneHex);
    }
    let cost = board
        .enter_cost(from, to)
        .ok_or(StepRefusal::Impassable(to))?;
    let total = spent.saturating_add(cost);
    if total > rules.allowance {
        return Err(StepRefusal::TooFar(to, total, rules.allowance));
    }
    if let Some((owner, units, companies)) = board.index(to).and_then(|k| rules.occupied[k]) {
        if owner != side {
            return Err(StepRefusal::Enemy(to));
        }
        if units + rules.moving.0 > rules.limits.0 || companies + rules.moving.1 > rules.limits.1 {
            return Err(StepRefusal::OverStacked(to));
        }
    }
    if rules.keep_distance && rules.nearest_enemy(to) < rules.nearest_enemy(from) {
        return Err(StepRefusal::Closer(to));
    }
    Ok(total)
}

/// Checks a whole path; returns the movement points it costs.
pub fn check_move(
    world: &World,
    group: &Group,
    side: u8,
    movers: &[PieceView],
    path: &[Hex],
) -> Result<u8, Refusal> {
    let rules = move_rules(world, group, side, movers)?;
    if path.is_empty() {
        return refuse("The path is empty: name the hexes to enter.");
    }
    let mut at = rules.start;
    let mut spent = 0;
    for (i, h) in path.iter().enumerate() {
        spent = step(&rules, side, at, *h, spent, i)
            .map_err(|e| Refusal(format!("Cannot move: {e}.")))?;
        at = *h;
    }
    for d in &rules.destinations {
        let reached = path.contains(d);
        if !reached && d.unsigned_distance_to(at) >= d.unsigned_distance_to(rules.start) {
            return refuse(format!(
                "A unit on a Move mission must head for its destination {}.",
                label(*d)
            ));
        }
    }
    Ok(spent)
}

/// Every hex the movers can reach, with its cost and the path there (cheapest, then fewest hexes).
pub fn reach(
    world: &World,
    group: &Group,
    side: u8,
    movers: &[PieceView],
) -> BTreeMap<MapCoord, (u8, Vec<Hex>)> {
    let mut out = BTreeMap::new();
    let Ok(rules) = move_rules(world, group, side, movers) else {
        return out;
    };
    // Cheapest, then fewest hexes, ties to the lower map coordinates.
    let found = crate::map::search(
        rules.start,
        (),
        (0u8, 0usize),
        crate::map::Order::Cheapest,
        |way, n| {
            let (cost, len) = way.label().cost;
            if n == rules.start {
                return None;
            }
            let total = step(&rules, side, way.label().hex, n, cost, len).ok()?;
            Some(((), (total, len + 1)))
        },
    );
    for i in found.best() {
        let (h, (cost, _)) = (found.labels()[i].hex, found.labels()[i].cost);
        let path = found.path(i);
        let ok = rules.destinations.iter().all(|d| {
            path.contains(d) || d.unsigned_distance_to(h) < d.unsigned_distance_to(rules.start)
        });
        if let (true, Some(k)) = (ok, MapCoord::from_hex(h)) {
            out.insert(k, (cost, path));
        }
    }
    out
}
