//! Seals for records that pass through untrusted storage: HMAC-SHA-256 (RFC 2104, FIPS 180-4)
//! over a record's canonical JSON form, with a key only the game server holds
//! (RustCrypto's `hmac` and `sha2`).
//!
//! A server that stores a paused round outside its own trust boundary (a client, a cache, a
//! database others can write) seals it when storing and checks the seal when resuming: any
//! change of any field, even one that keeps the record consistent, is refused. The check is
//! in constant time. Keys are never printed (`Debug` shows `SealKey { .. }`).
//!
//! Also here: [`RoundId`], the server's name for a round, which every sealed record carries so
//! that a seal cannot be moved from one round to another.

use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// The server's secret key for sealing: 32 to 64 bytes (256 to 512 bits; RFC 2104 asks for
/// at least the hash's output length, 32 bytes for SHA-256).
#[derive(Clone)]
pub struct SealKey(Vec<u8>);

impl std::fmt::Debug for SealKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealKey { .. }")
    }
}

/// A key that is too short or too long.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "a seal key has {len} bytes; use 32 to 64 random bytes from the operating system (e.g. getrandom)"
)]
pub struct SealKeyError {
    /// Bytes given.
    pub len: usize,
}

impl SealKey {
    /// The fewest bytes a key has: 32 (the hash's output length).
    pub const MIN_BYTES: usize = 32;

    /// The most bytes a key has: 64 (SHA-256's block length). A key file is read only up to
    /// this many bytes (and one more, to refuse a longer file at once).
    pub const MAX_BYTES: usize = 64;

    /// The key `bytes` ([`SealKey::MIN_BYTES`] to [`SealKey::MAX_BYTES`] of them; take them
    /// from a CSPRNG or a key store).
    ///
    /// # Errors
    /// [`SealKeyError`] for fewer than 32 or more than 64 bytes.
    pub fn new(bytes: &[u8]) -> Result<SealKey, SealKeyError> {
        if !(Self::MIN_BYTES..=Self::MAX_BYTES).contains(&bytes.len()) {
            return Err(SealKeyError { len: bytes.len() });
        }
        Ok(SealKey(bytes.to_vec()))
    }

    fn mac(&self) -> Hmac<Sha256> {
        // HMAC takes keys of any length; `new` has bounded it already.
        <Hmac<Sha256> as KeyInit>::new_from_slice(&self.0).unwrap_or_else(|_| unreachable!())
    }

    /// The seal of `bytes` (the canonical form of a record).
    pub fn seal(&self, bytes: &[u8]) -> Seal {
        let mut mac = self.mac();
        mac.update(bytes);
        Seal(mac.finalize().into_bytes().into())
    }

    /// True if `seal` is the seal of `bytes` under this key (constant-time comparison).
    pub fn verify(&self, bytes: &[u8], seal: &Seal) -> bool {
        let mut mac = self.mac();
        mac.update(bytes);
        mac.verify_slice(&seal.0).is_ok()
    }
}

/// An HMAC-SHA-256 tag: 64 lowercase hexadecimal digits in JSON.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seal([u8; 32]);

impl std::fmt::Debug for Seal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Seal({self})")
    }
}

impl std::fmt::Display for Seal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// Text that is not a seal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a seal; a seal is 64 hexadecimal digits (HMAC-SHA-256)")]
pub struct SealError {
    /// The text given (at most its first 80 characters).
    pub text: String,
}

impl std::str::FromStr for Seal {
    type Err = SealError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Same text form as a fingerprint: 64 hex digits.
        let f: crate::fingerprint::Fingerprint = s.parse().map_err(|_| SealError {
            text: s.chars().take(80).collect(),
        })?;
        Ok(Seal(*f.bytes()))
    }
}

impl Serialize for Seal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Seal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The game server's identifier of a round: 1 to 64 characters from `A-Z a-z 0-9 . _ : -`.
/// A server resumes each round id at most once (see the paused-round docs of Moon Princess).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoundId(String);

/// Text that is not a round id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{text}' is not a round id: use 1 to 64 characters from A-Z a-z 0-9 . _ : - (a server-chosen id such as a UUID)"
)]
pub struct RoundIdError {
    /// The text given (at most its first 80 characters).
    pub text: String,
}

impl RoundId {
    /// The id `text`.
    ///
    /// # Errors
    /// [`RoundIdError`] for an empty text, more than 64 characters, or another character.
    pub fn new(text: &str) -> Result<RoundId, RoundIdError> {
        let ok = (1..=64).contains(&text.len())
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._:-".contains(&b));
        if !ok {
            return Err(RoundIdError {
                text: text.chars().take(80).collect(),
            });
        }
        Ok(RoundId(text.to_string()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for RoundId {
    type Error = RoundIdError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        RoundId::new(&s)
    }
}

impl From<RoundId> for String {
    fn from(r: RoundId) -> String {
        r.0
    }
}

impl std::fmt::Display for RoundId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seal_that_is_not_64_hex_digits_is_named_a_seal() {
        let e = "".parse::<Seal>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "'' is not a seal; a seal is 64 hexadecimal digits (HMAC-SHA-256)"
        );
        assert!("zz".repeat(32).parse::<Seal>().is_err());
        let key = SealKey::new(&[7; 32]).unwrap();
        let seal = key.seal(b"record");
        assert_eq!(seal.to_string().parse::<Seal>().unwrap(), seal);
    }

    #[test]
    fn hmac_sha256_matches_rfc_4231_test_case_2() {
        // RFC 4231, test case 2 (key "Jefe", shorter than SealKey allows, so through the
        // same hmac type SealKey uses).
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(b"Jefe").unwrap();
        mac.update(b"what do ya want for nothing?");
        let tag: [u8; 32] = mac.finalize().into_bytes().into();
        assert_eq!(
            Seal(tag).to_string(),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn a_seal_detects_any_change_and_another_key() {
        let k = SealKey::new(&[7u8; 32]).unwrap();
        let other = SealKey::new(&[8u8; 32]).unwrap();
        let s = k.seal(b"{\"win\":100}");
        assert!(k.verify(b"{\"win\":100}", &s));
        assert!(!k.verify(b"{\"win\":101}", &s));
        assert!(!other.verify(b"{\"win\":100}", &s));
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<Seal>(&text).unwrap(), s);
        assert_eq!(format!("{k:?}"), "SealKey { .. }");
    }

    #[test]
    fn keys_and_round_ids_are_checked() {
        assert_eq!(
            SealKey::new(&[1; 31]).unwrap_err(),
            SealKeyError { len: 31 }
        );
        assert!(SealKey::new(&[1; 65]).is_err());
        assert!(RoundId::new("round-2026-11-30:0001").is_ok());
        for bad in ["", "a b", "é", &"x".repeat(65), "a/b"] {
            assert!(RoundId::new(bad).is_err(), "{bad}");
            assert!(serde_json::from_str::<RoundId>(&format!("{bad:?}")).is_err());
        }
    }
}
