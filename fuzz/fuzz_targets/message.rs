//! Any bytes as what the other machine sends: frames (a zero byte between them) read
//! as messages and given to a host waiting for its guest, or to a joining machine
//! waiting for the host's reveal 0 (the first byte's low bit picks which). Each is
//! read and taken or refused with a reason; nothing panics.
#![no_main]

#[path = "common.rs"]
mod common;

use drumfire_net::wire::Msg;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let mut session = if first & 1 == 0 {
        common::host()
    } else {
        common::joiner()
    };
    for frame in rest.split(|b| *b == 0).take(8) {
        let Ok(msg) = Msg::parse(frame) else {
            continue;
        };
        let _ = session.resync();
        if session.receive(msg).is_err() {
            return;
        }
    }
});
