//! The shared dice's tests: the hash chains, the record's checks and the keys it gives,
//! and dice rolled while they are locked.

use super::*;

fn secret(n: u8) -> Digest32 {
    [n; 32]
}

#[test]
fn each_reveal_follows_from_the_one_before_and_the_commitment() {
    let chain = Chain::new(secret(7));
    let mut last = chain.commitment();
    for index in [0usize, 1, 2, 1022, 1023, 1024, 1025, 5000] {
        let r = chain.reveal(index).expect("inside the chain");
        if index == 0 {
            assert_eq!(step(&r), last);
        }
        if index > 0 {
            assert_eq!(step(&r), chain.reveal(index - 1).expect("inside"));
        }
        last = r;
    }
    // The top link is the secret: never shown as a reveal.
    assert_eq!(step(&secret(7)), chain.reveal(CHAIN_LENGTH - 2).unwrap());
    assert_eq!(chain.reveal(CHAIN_LENGTH - 1), None);
    assert_eq!(chain.reveal(CHAIN_LENGTH), None);
    assert_eq!(chain.secret(), secret(7));
}

#[test]
fn a_record_verifies_and_gives_the_seed_and_keys() {
    let (a, b) = (Chain::new(secret(1)), Chain::new(secret(2)));
    let mut record = SharedDice::new([a.commitment(), b.commitment()]);
    for i in 0..4 {
        record
            .push([a.reveal(i).unwrap(), b.reveal(i).unwrap()])
            .expect("true reveals");
    }
    let v = record.verify().expect("a true record");
    let r0 = [a.reveal(0).unwrap(), b.reveal(0).unwrap()];
    assert_eq!(v.seed, Some(setup_seed(&r0)));
    assert_eq!(v.keys.len(), 3);
    assert_eq!(
        v.keys[2],
        order_key(3, &[a.reveal(3).unwrap(), b.reveal(3).unwrap()])
    );
    // Fixed secrets give fixed dice.
    assert_eq!(v.seed, Some(2_618_085_222_456_391_768));
}

#[test]
fn a_forged_reveal_is_refused_and_named() {
    let (a, b) = (Chain::new(secret(1)), Chain::new(secret(2)));
    let mut record = SharedDice::new([a.commitment(), b.commitment()]);
    record
        .push([a.reveal(0).unwrap(), b.reveal(0).unwrap()])
        .unwrap();
    // Side 1 sends a link of its own choosing for order 1.
    let forged = [a.reveal(1).unwrap(), [9u8; 32]];
    let err = record.push(forged).expect_err("a forged link");
    assert_eq!(err.field, "shared_dice.reveals[1][1]");
    assert_eq!(record.reveals.len(), 1, "a refused reveal changes nothing");
    // The same forgery in a file is found on loading.
    record.reveals.push(forged.iter().map(|r| hex(r)).collect());
    let err = record.verify().expect_err("a forged link in the file");
    assert_eq!(err.field, "shared_dice.reveals[1][1]");
    assert!(err.message.contains("tampered"), "{}", err.message);
    // A link skipped (reveal 2 in place of reveal 1) does not follow either.
    record.reveals[1] = vec![hex(&a.reveal(2).unwrap()), hex(&b.reveal(1).unwrap())];
    assert_eq!(
        record.verify().expect_err("a skipped link").field,
        "shared_dice.reveals[1][0]"
    );
}

#[test]
fn bad_hex_is_named() {
    let mut record = SharedDice::new([[0; 32], [1; 32]]);
    record.commitments[1] = "zz".into();
    let err = record.verify().expect_err("not hex");
    assert_eq!(err.field, "shared_dice.commitments[1]");
    record.commitments.pop();
    assert!(record.verify().is_err());
}

/// By e-mail only the orders that roll dice are keyed: the record names them, one
/// per reveal after the set-up's, going up; anything else is named.
#[test]
fn a_record_by_post_names_its_keyed_orders_and_is_checked() {
    let chains = [Chain::new(secret(3)), Chain::new(secret(4))];
    let reveal = |i: usize| [chains[0].reveal(i).unwrap(), chains[1].reveal(i).unwrap()];
    let mut record = SharedDice::by_post([chains[0].commitment(), chains[1].commitment()]);
    for i in 0..3 {
        record.push(reveal(i)).unwrap();
    }
    record.keyed = Some(vec![4, 9]);
    let verified = record.verify().unwrap();
    assert_eq!(verified.keys.len(), 2);
    assert_eq!(verified.keys[1], order_key(2, &reveal(2)));
    assert_eq!(record.keyed_order(2), Some(9));
    assert_eq!(record.keyed_order(3), None);

    let mut short = record.clone();
    short.keyed = Some(vec![4]);
    let err = short.verify().unwrap_err();
    assert_eq!(err.field, "shared_dice.keyed");
    assert!(err.message.contains("1 orders keyed"), "{err}");

    let mut down = record.clone();
    down.keyed = Some(vec![9, 4]);
    assert_eq!(down.verify().unwrap_err().field, "shared_dice.keyed[1]");

    let mut zero = record.clone();
    zero.keyed = Some(vec![0, 4]);
    assert_eq!(zero.verify().unwrap_err().field, "shared_dice.keyed[0]");

    // Between two machines, reveal k keys order k.
    let mut network = record;
    network.keyed = None;
    assert_eq!(network.keyed_order(2), Some(2));
}

/// An order given with the dice locked that rolls anyway is counted, and a key
/// unlocks them.
#[test]
fn locked_dice_count_what_they_roll() {
    let mut dice = crate::dice::Dice::new(5);
    let mut journal = crate::journal::Journal::default();
    dice.lock();
    assert_eq!(dice.unkeyed_rolls(), 0);
    dice.roll(&mut journal, 2, "test");
    dice.below(6);
    assert_eq!(dice.unkeyed_rolls(), 3);
    dice.set_key([1; 32]);
    assert_eq!(dice.unkeyed_rolls(), 0);
    dice.roll(&mut journal, 1, "test");
    assert_eq!(dice.unkeyed_rolls(), 0);
}
