//! What the network fuzz targets share: two players' fixed chains and a scenario, made
//! once (a chain takes 2^20 hashes), and sessions built from them for each input.
#![allow(dead_code)]

use drumfire_core::scenario::Scenario;
use drumfire_core::shared_dice::{Chain, unhex};
use drumfire_net::session::Session;
use drumfire_net::wire::Msg;
use std::sync::OnceLock;

/// The scenario every network input plays: the Portable rules' Ukhozi Drift.
pub fn scenario() -> Scenario {
    static SCENARIO: OnceLock<Scenario> = OnceLock::new();
    SCENARIO
        .get_or_init(|| {
            let text = include_str!("../../scenarios/portable/ukhozi_drift.ron");
            drumfire_core::scenario::parse("ukhozi_drift.ron", text, &drumfire_core::rules::ALL)
                .expect("the shipped scenario reads")
        })
        .clone()
}

/// Side `side`'s chain: the secret `[side + 1; 32]`, as in the corpus.
pub fn chain(side: usize) -> Chain {
    static CHAINS: OnceLock<[Chain; 2]> = OnceLock::new();
    CHAINS.get_or_init(|| [Chain::new([1; 32]), Chain::new([2; 32])])[side].clone()
}

/// A host on side 0 before anyone joined.
pub fn host() -> Session {
    Session::host(scenario(), 0, chain(0))
}

/// A joining machine on side 1 that has sent its commitment and reveal 0.
pub fn joiner() -> Session {
    let Msg::Welcome {
        commitment, key, ..
    } = host().welcome()
    else {
        unreachable!("a host welcomes")
    };
    let (session, _) = Session::join(
        scenario(),
        1,
        unhex(&commitment).expect("hex"),
        unhex(&key).expect("hex"),
        chain(1),
    );
    session
}

/// A host and a joining machine with the game set up between them.
pub fn set_up() -> [Session; 2] {
    let mut host = host();
    let Msg::Welcome {
        commitment, key, ..
    } = host.welcome()
    else {
        unreachable!("a host welcomes")
    };
    let (mut joiner, out) = drumfire_net::session::Session::join(
        scenario(),
        1,
        unhex(&commitment).expect("hex"),
        unhex(&key).expect("hex"),
        chain(1),
    );
    let mut to_host: Vec<Msg> = out;
    while let Some(msg) = to_host.pop() {
        let (answers, _) = host.receive(msg).expect("the set-up goes through");
        for answer in answers {
            let (back, _) = joiner.receive(answer).expect("the set-up goes through");
            to_host.extend(back);
        }
    }
    assert!(host.game().is_some() && joiner.game().is_some());
    [host, joiner]
}
