//! Fingerprints of math models: SHA-256 over a model's canonical JSON form.
//!
//! A fingerprint names a math model by its data, not by a hand-kept number: any change of a
//! strip, a weight or a value gives another fingerprint, so a stored paused round, a
//! simulation report or a committed certification figure can say exactly which model it
//! belongs to, and a re-tune cannot forget to change it.
//!
//! The canonical form is the model serialised by `serde_json` in compact form: struct fields
//! in declaration order, no white space, integers and strings only (the models hold no floats
//! and no maps), so the same model gives the same bytes on every platform and build.
//! SHA-256 is FIPS 180-4, computed by RustCrypto's `sha2`.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The SHA-256 digest of a math model's canonical JSON form. Written (`Display`, serde) as 64
/// lowercase hexadecimal digits, and read back from exactly that form (`str::parse`, serde):
/// `"ba78...15ad".parse::<Fingerprint>()`; anything else is a [`FingerprintError`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint([u8; 32]);

impl Fingerprint {
    /// The fingerprint of `model`: SHA-256 of `serde_json::to_vec(model)`.
    ///
    /// # Panics
    /// Never for the games' math models (plain structs of integers, strings and arrays);
    /// `serde_json` fails only for maps with non-string keys or a failing `Serialize` impl,
    /// which a model type would have to add on purpose.
    pub fn of<T: Serialize + ?Sized>(model: &T) -> Fingerprint {
        let bytes = serde_json::to_vec(model)
            .expect("a math model serialises to JSON (no maps with non-string keys)");
        Fingerprint::of_bytes(&bytes)
    }

    /// SHA-256 of `bytes`.
    pub fn of_bytes(bytes: &[u8]) -> Fingerprint {
        Fingerprint(Sha256::digest(bytes).into())
    }

    /// The 32 digest bytes.
    pub const fn bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The first 12 hexadecimal digits, for reports and messages (48 bits: enough to tell
    /// models apart by eye; comparisons always use all 256 bits).
    pub fn short(&self) -> String {
        self.to_string()[..12].to_string()
    }
}

impl std::fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl std::fmt::Debug for Fingerprint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Fingerprint({self})")
    }
}

/// Text that is not a fingerprint.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a model fingerprint; write 64 lowercase hexadecimal digits (SHA-256)")]
pub struct FingerprintError {
    /// The text given (at most its first 80 characters).
    pub text: String,
}

impl std::str::FromStr for Fingerprint {
    type Err = FingerprintError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || FingerprintError {
            text: s.chars().take(80).collect(),
        };
        let digit = |c: u8| match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            _ => None,
        };
        let text = s.as_bytes();
        if text.len() != 64 {
            return Err(err());
        }
        let mut out = [0u8; 32];
        for (b, pair) in out.iter_mut().zip(text.chunks_exact(2)) {
            *b = digit(pair[0]).ok_or_else(err)? << 4 | digit(pair[1]).ok_or_else(err)?;
        }
        Ok(Fingerprint(out))
    }
}

impl Serialize for Fingerprint {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Fingerprint {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Fingerprint {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Fingerprint".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^[0-9a-f]{64}$",
            "description": "SHA-256 of a math model's canonical JSON form, 64 lowercase hexadecimal digits"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Model {
        weights: [u32; 3],
        strip: &'static str,
    }

    #[test]
    fn known_digest_and_round_trip() {
        // FIPS 180-4 test vector: SHA-256("abc").
        let f = Fingerprint::of_bytes(b"abc");
        assert_eq!(
            f.to_string(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(f.short(), "ba7816bf8f01");
        let back: Fingerprint = f.to_string().parse().unwrap();
        assert_eq!(back, f);
        // Every byte value survives the round trip through its text.
        let mut all = [0u8; 32];
        for k in 0..8u8 {
            for (i, b) in all.iter_mut().enumerate() {
                *b = (i as u8).wrapping_mul(8).wrapping_add(k);
            }
            let f = Fingerprint(all);
            assert_eq!(f.to_string().parse::<Fingerprint>(), Ok(f));
        }
        let json = serde_json::to_string(&f).unwrap();
        assert_eq!(serde_json::from_str::<Fingerprint>(&json).unwrap(), f);
    }

    #[test]
    fn any_change_of_the_data_changes_the_fingerprint() {
        let a = Model {
            weights: [1, 2, 3],
            strip: "ci st",
        };
        let b = Model {
            weights: [1, 2, 4],
            strip: "ci st",
        };
        assert_eq!(
            Fingerprint::of(&a),
            Fingerprint::of_bytes(br#"{"weights":[1,2,3],"strip":"ci st"}"#)
        );
        assert_ne!(Fingerprint::of(&a), Fingerprint::of(&b));
    }

    #[test]
    fn bad_text_is_refused() {
        let good = Fingerprint::of_bytes(b"abc").to_string();
        let upper = good.to_uppercase();
        let plus = format!("+{}", &good[1..]);
        let long = format!("{good}0");
        for bad in [
            "",
            "abc",
            &"g".repeat(64),
            &"é".repeat(32),
            &upper,
            &plus,
            &good[..63],
            &long,
        ] {
            let e = bad.parse::<Fingerprint>().unwrap_err();
            assert!(
                e.to_string().contains("64 lowercase hexadecimal digits"),
                "{e}"
            );
            assert_eq!(e.text, bad.chars().take(80).collect::<String>());
        }
    }
}
