//! The map's tests: boards read back, lines of sight, and the reach search.

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
    let near_costs = |cost: Option<u32>| move |_: Hex, to: Hex| (to != near).then_some(1).or(cost);
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
