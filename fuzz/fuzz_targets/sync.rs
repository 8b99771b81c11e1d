//! Any bytes as the other machine's game after a reconnection (`Sync`), given to a
//! host whose game is set up: refused with a reason or taken; nothing panics, and a
//! game that is taken is the host's own with at most a few orders more.
#![no_main]

#[path = "common.rs"]
mod common;

use drumfire_net::session::Session;
use drumfire_net::wire::Msg;
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;

thread_local! {
    /// The host, set up once and made again only after it took a game: a refusal
    /// changes nothing (asserted), so the next input finds it as it was.
    static HOST: RefCell<Option<Session>> = const { RefCell::new(None) };
}

fuzz_target!(|data: &[u8]| {
    let Ok(record) = std::str::from_utf8(data) else {
        return;
    };
    HOST.with_borrow_mut(|kept| {
        let host = kept.get_or_insert_with(|| {
            let [host, _] = common::set_up();
            host
        });
        let before = host.orders();
        let hash = host.game_mut().map(|g| g.state_hash());
        host.resync();
        let taken = host
            .receive(Msg::Sync {
                record: record.to_owned(),
            })
            .is_ok();
        if taken {
            assert!(host.orders() <= before + drumfire_net::session::MAX_AHEAD);
            *kept = None;
        } else {
            assert_eq!(host.orders(), before);
            assert_eq!(host.game_mut().map(|g| g.state_hash()), hash);
        }
    });
});
