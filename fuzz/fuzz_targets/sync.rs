//! Any bytes as the other machine's game after a reconnection (`Sync`), given to a
//! host whose game is set up: refused with a reason or taken; nothing panics, and a
//! game that is taken is the host's own with at most a few orders more.
#![no_main]

#[path = "common.rs"]
mod common;

use drumfire_net::wire::Msg;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(record) = std::str::from_utf8(data) else {
        return;
    };
    let [mut host, _] = common::set_up();
    let before = host.orders();
    host.resync();
    if host
        .receive(Msg::Sync {
            record: record.to_owned(),
        })
        .is_ok()
    {
        assert!(host.orders() <= before + drumfire_net::session::MAX_AHEAD);
    }
});
