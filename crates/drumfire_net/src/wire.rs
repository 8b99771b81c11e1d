//! What the two machines say to each other: messages in RON, one to a frame (a
//! four-byte big-endian length, then the text) on one QUIC stream.

use serde::{Deserialize, Serialize};

/// The protocol's version: both machines must speak the same.
pub const PROTOCOL: u32 = 3;
/// The longest message read (a save of a long game is well under this).
pub const MAX_FRAME: usize = 16 << 20;

/// A message between host and joining machine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Msg {
    /// Joining machine → host, first: its protocol, the token from the join code, and
    /// when it comes back to a game it left, its commitment (which names the game).
    Hello {
        /// [`PROTOCOL`].
        protocol: u32,
        /// The join code's token, hex.
        token: String,
        /// The joining player's commitment, hex, when resuming.
        resume: Option<String>,
    },
    /// Host → a joining machine coming back to a game: prove you are the player who
    /// joined it ([`drumfire_core::signed::OrderKey::prove`]).
    Challenge {
        /// 32 fresh random bytes, hex.
        nonce: String,
    },
    /// Joining machine → host: the proof, its order key's signature on the challenge.
    Proof {
        /// The signature, hex.
        signature: String,
    },
    /// Host → joining machine: not let in, and why.
    Refused {
        /// Why.
        reason: String,
    },
    /// Host → joining machine: the game.
    Welcome {
        /// The side the joining machine plays.
        your_side: u8,
        /// Where the scenario was read from.
        scenario_name: String,
        /// The scenario's text.
        scenario: String,
        /// The host's commitment, hex.
        commitment: String,
        /// The host's public order key, hex ([`drumfire_core::signed`]).
        key: String,
        /// Has the game begun (a joining machine must come back with its seat)?
        under_way: bool,
    },
    /// Joining machine → host, in a new game: its commitment, its public order key and
    /// its reveal 0.
    Commit {
        /// The commitment, hex.
        commitment: String,
        /// The public order key, hex ([`drumfire_core::signed`]).
        key: String,
        /// Reveal 0, hex.
        link: String,
    },
    /// A reveal: 0 the set-up's (host → joining machine), `k` the sender's for the
    /// other side's order `k`.
    Reveal {
        /// The index: 0 the set-up, `k` order `k`.
        index: usize,
        /// The link, hex.
        link: String,
    },
    /// An order of the sender's side, with the sender's reveal for it and its
    /// signature by the sender's order key.
    Order {
        /// Its number (1 for the first).
        index: usize,
        /// The order, RON as a save writes it.
        order: String,
        /// The sender's reveal for it, hex.
        link: String,
        /// The sender's signature on it, hex ([`drumfire_core::signed`]).
        signature: String,
    },
    /// The sender's state hash after order `index` (0: after the set-up).
    Hash {
        /// The order.
        index: usize,
        /// 16 hex digits.
        hash: String,
    },
    /// After a reconnection: the sender's game as a save; the shorter side catches up.
    Sync {
        /// The save's text.
        record: String,
    },
    /// The sender stops: the game is over and checked, or something broke.
    Bye {
        /// Why.
        reason: String,
    },
}

impl Msg {
    /// The frame of a message.
    pub fn frame(&self) -> Vec<u8> {
        let text = ron::to_string(self).expect("messages serialise");
        let mut out = Vec::with_capacity(text.len() + 4);
        out.extend_from_slice(&(text.len() as u32).to_be_bytes());
        out.extend_from_slice(text.as_bytes());
        out
    }

    /// A message from a frame's text.
    pub fn parse(text: &[u8]) -> Result<Self, String> {
        let text = std::str::from_utf8(text).map_err(|e| format!("not UTF-8: {e}"))?;
        ron::from_str(text).map_err(|e| format!("not a message: {e}"))
    }
}

/// An order as a message carries it: as a save writes it.
pub fn order_text(order: &drumfire_core::orders::Order) -> String {
    drumfire_core::signed::order_text(order)
}

/// Text from the other machine as this one prints it: control characters (a terminal's
/// escape sequences among them) written as escapes, on one line of at most 600
/// characters ([`drumfire_core::error::one_line`]).
pub fn shown(text: &str) -> String {
    drumfire_core::error::one_line(text, 600)
}

/// An order back from a message, read with the rule sets of the game's scenario.
pub fn read_order(
    text: &str,
    rule_sets: &'static drumfire_core::rule_set::RuleSets,
) -> Result<drumfire_core::orders::Order, String> {
    drumfire_core::error::read_ron_seed(
        "order",
        text,
        drumfire_core::rule_set::OrderSeed(rule_sets),
    )
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_the_other_machine_is_printed_with_its_control_characters_escaped() {
        let hostile = "wrong\u{1b}[2J\u{1b}]0;pwned\u{7}\r\nok\u{202e}";
        let out = shown(hostile);
        assert!(!out.chars().any(|c| c.is_control()), "{out:?}");
        assert_eq!(out, "wrong\\u{1b}[2J\\u{1b}]0;pwned\\u{7}\\r\\nok\\u{202e}");
        assert_eq!(shown("the game is over"), "the game is over");
        assert_eq!(shown(&"x".repeat(10_000)).chars().count(), 601);
    }

    #[test]
    fn a_message_reads_back_from_its_frame() {
        let msg = Msg::Order {
            index: 3,
            order: "Pass(side: 1)".into(),
            link: "ab".repeat(32),
            signature: "cd".repeat(64),
        };
        let frame = msg.frame();
        let len = u32::from_be_bytes(frame[..4].try_into().unwrap()) as usize;
        assert_eq!(len, frame.len() - 4);
        assert_eq!(Msg::parse(&frame[4..]), Ok(msg));
        assert!(Msg::parse(b"Order(index: -1)").is_err());
    }

    #[test]
    fn an_order_reads_back_from_its_text() {
        let order = drumfire_core::orders::Order::Pass { side: 1 };
        assert_eq!(
            read_order(&order_text(&order), &drumfire_core::rules::ALL),
            Ok(order)
        );
        assert!(read_order("Pass(side: 300)", &drumfire_core::rules::ALL).is_err());
    }
}
