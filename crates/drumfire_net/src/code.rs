//! The join code: what the host reads out to the other player. It names the host's
//! certificate (the first 60 bits of its SHA-256, so the joining machine knows it
//! reached the right host and nobody sits between them) and a 40-bit token the host
//! checks (so only the player given the code can join). Written as 20 letters and
//! digits of Crockford's base 32 in groups of four: `7KQ2-M9XD-H4TA-0RVC-E1W5`.

use sha2::{Digest, Sha256};

/// Bits of the certificate's fingerprint in the code.
pub const FINGERPRINT_BITS: u32 = 60;
/// Bits of the token in the code.
pub const TOKEN_BITS: u32 = 40;
const DIGITS: usize = ((FINGERPRINT_BITS + TOKEN_BITS) / 5) as usize;
/// Crockford's base 32: no I, L, O or U, so a code read aloud is not misread.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A join code.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct JoinCode {
    /// The first [`FINGERPRINT_BITS`] of the SHA-256 of the host's certificate (DER).
    pub fingerprint: u64,
    /// The token the joining player shows the host ([`TOKEN_BITS`] bits).
    pub token: u64,
}

impl std::fmt::Debug for JoinCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "JoinCode({self})")
    }
}

/// The first [`FINGERPRINT_BITS`] of a certificate's SHA-256.
pub fn fingerprint(cert_der: &[u8]) -> u64 {
    let digest: [u8; 32] = Sha256::digest(cert_der).into();
    u64::from_be_bytes(digest[..8].try_into().expect("8 bytes")) >> (64 - FINGERPRINT_BITS)
}

impl JoinCode {
    /// A code for a certificate with a token (cut to [`TOKEN_BITS`]).
    pub fn new(fingerprint: u64, token: u64) -> Self {
        Self {
            fingerprint: fingerprint & ((1 << FINGERPRINT_BITS) - 1),
            token: token & ((1 << TOKEN_BITS) - 1),
        }
    }

    /// Does a token shown by a joining player match this code's? Compared in
    /// constant time.
    pub fn token_matches(&self, token: u64) -> bool {
        (self.token ^ token) == 0
    }
}

impl std::fmt::Display for JoinCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bits = u128::from(self.fingerprint) << TOKEN_BITS | u128::from(self.token);
        for i in 0..DIGITS {
            if i > 0 && i % 4 == 0 {
                f.write_str("-")?;
            }
            let d = ((bits >> (5 * (DIGITS - 1 - i))) & 31) as usize;
            write!(f, "{}", ALPHABET[d] as char)?;
        }
        Ok(())
    }
}

impl std::str::FromStr for JoinCode {
    type Err = String;

    /// Reads a code as a person types it: any case, with or without dashes and spaces,
    /// O read as 0 and I or L as 1.
    fn from_str(s: &str) -> Result<Self, String> {
        let mut bits: u128 = 0;
        let mut count = 0;
        for c in s.trim().chars() {
            let c = match c.to_ascii_uppercase() {
                '-' | ' ' => continue,
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            let Some(d) = ALPHABET.iter().position(|&a| a as char == c) else {
                return Err(format!(
                    "`{c}` is not in a join code (letters and digits, like 7KQ2-M9XD-H4TA-0RVC-E1W5)"
                ));
            };
            if count < DIGITS {
                bits = bits << 5 | d as u128;
            }
            count += 1;
        }
        if count != DIGITS {
            return Err(format!(
                "a join code has {DIGITS} letters and digits; this one has {count}"
            ));
        }
        Ok(Self::new(
            (bits >> TOKEN_BITS) as u64,
            (bits & ((1 << TOKEN_BITS) - 1)) as u64,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_as_written_and_as_typed() {
        let code = JoinCode::new(0x0012_3456_789a_bcde, 0x00fe_dcba_9876);
        let text = code.to_string();
        assert_eq!(text, "04HM-ASW9-NF6Y-ZVEB-N63P");
        assert_eq!(text.parse::<JoinCode>(), Ok(code));
        let typed = text.to_lowercase().replace('-', " ").replace('1', "l");
        assert_eq!(typed.parse::<JoinCode>(), Ok(code));
        assert!(code.token_matches(0xfe_dcba_9876));
        assert!(!code.token_matches(0xfe_dcba_9877));
        // Different certificates, different codes.
        assert_ne!(fingerprint(b"one"), fingerprint(b"two"));
        assert!(fingerprint(b"one") < 1 << FINGERPRINT_BITS);
    }

    #[test]
    fn a_mistyped_code_is_named() {
        assert!("04HM-AST9".parse::<JoinCode>().unwrap_err().contains("20"));
        assert!(
            "04HM-AST9-NF6Y-XZQW-Q9XU"
                .parse::<JoinCode>()
                .unwrap_err()
                .contains("`U`")
        );
        assert!(
            "04HM-AST9-NF6Y-XZQW-Q9X1W"
                .parse::<JoinCode>()
                .unwrap_err()
                .contains("has 21")
        );
    }
}
