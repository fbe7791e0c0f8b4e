//! JSON read from outside (model files, variant files, records, stored rounds) with errors that
//! name the field that was wrong, not only a line and column, such as
//! ``field `reels.base[2]`: invalid type: string "x", expected a sequence at line 12 column 20``.

use serde::de::DeserializeOwned;

/// Why a JSON text was refused: the path of the field that was wrong (`reels.base[2]`, `.` for
/// the whole text) and the parser's message (which gives the line and column).
#[derive(Debug)]
pub struct JsonError {
    path: String,
    error: serde_json::Error,
}

impl JsonError {
    /// The path of the field that was wrong, as `a.b[2].c` (`.` for the document itself).
    #[must_use]
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The parser's error (its line and column).
    #[must_use]
    pub fn inner(&self) -> &serde_json::Error {
        &self.error
    }
}

impl std::fmt::Display for JsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path == "." || self.path.is_empty() {
            write!(f, "{}", self.error)
        } else {
            write!(f, "field `{}`: {}", self.path, self.error)
        }
    }
}

impl std::error::Error for JsonError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Reads a `T` from `text`, naming the field that was wrong when it cannot.
///
/// # Errors
/// [`JsonError`]: not JSON, or not the shape of a `T` (the path of the first field found
/// wrong, with the line and column).
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, JsonError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| JsonError {
        path: known_path(&e.path().to_string()),
        error: e.into_inner(),
    })?;
    // Trailing characters after the value are refused, as `serde_json::from_str` does.
    de.end().map_err(|error| JsonError {
        path: ".".into(),
        error,
    })?;
    Ok(value)
}

/// The path without the segments the path tracker could not name (`?`, inside a value read
/// through a buffer): `sums.?` is the field `sums`.
fn known_path(path: &str) -> String {
    let known: Vec<&str> = path.split('.').filter(|s| *s != "?").collect();
    if known.is_empty() {
        ".".into()
    } else {
        known.join(".")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        weights: Vec<u32>,
    }

    #[derive(Debug, serde::Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Model {
        name: String,
        reels: Vec<Inner>,
    }

    #[test]
    fn errors_name_the_field() {
        let e =
            from_str::<Model>(r#"{"name": "m", "reels": [{"weights": [1]}, {"weights": "x"}]}"#)
                .unwrap_err();
        assert_eq!(e.path(), "reels[1].weights");
        let text = e.to_string();
        assert!(
            text.starts_with("field `reels[1].weights`: invalid type: string"),
            "{text}"
        );
        assert!(text.contains("line 1 column"), "{text}");
        let e =
            from_str::<Model>(r#"{"name": "m", "reels": [{"weights": [1], "w": 2}]}"#).unwrap_err();
        assert!(e.to_string().contains("unknown field `w`"), "{e}");
        assert_eq!(e.path(), "reels[0].w");
        assert_eq!(known_path("sums.?"), "sums");
        assert_eq!(known_path("?"), ".");
        // Trailing text and broken JSON: no field to name, the position is given.
        let e = from_str::<Model>(r#"{"name": "m", "reels": []} x"#).unwrap_err();
        assert!(e.to_string().starts_with("trailing characters"), "{e}");
        assert_eq!(
            from_str::<Model>(r#"{"name": "m", "reels": []}"#).unwrap(),
            Model {
                name: "m".into(),
                reels: vec![]
            }
        );
    }
}
