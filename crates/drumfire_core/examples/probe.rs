use drumfire_core::orders::Order;
use drumfire_core::rules::great_war::preview::{self, Intent};
use drumfire_core::rules::great_war::{board::Board, view};
fn main() {
    let mut g = drumfire_core::testing::tutorial_started(7);
    println!("awaiting {:?}", g.awaiting());
    let o = preview::to_order(g.world(), 0, &Intent::Activate("g_maj".into())).unwrap();
    g.submit(o).unwrap();
    let w = g.world();
    let board = w.resource::<Board>();
    let enemies: Vec<_> = view::all(w)
        .into_iter()
        .filter(|p| p.side == 1 && !p.is_leader())
        .collect();
    for id in ["g_1", "g_2", "g_mg"] {
        let reach = preview::reachable(w, &[id.to_string()]);
        let p = view::by_id(w, id).unwrap();
        let range = p.face.direct.unwrap().range;
        for (m, (cost, path)) in &reach {
            let h = m.to_hex();
            for e in &enemies {
                let d = h.unsigned_distance_to(e.hex);
                if d <= u32::from(range) && d > 1 && board.line_of_sight(h, e.hex) {
                    println!(
                        "{id} -> {} (cost {cost}, path {:?}) sees {} at {} d{d}",
                        m.label(),
                        path.iter().map(|x| view::label(*x)).collect::<Vec<_>>(),
                        e.id,
                        view::label(e.hex)
                    );
                }
            }
        }
    }
    let _ = Order::Pass { side: 0 };
}
