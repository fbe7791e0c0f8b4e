//! The C ABI of the `.wasm` module (see the crate docs): two buffers the module owns, the
//! request and the response, `play` between them, and `games`, which writes the list of
//! games as the response. The page writes the request's bytes
//! into the buffer `request_buffer` returned and reads the response at `response_ptr`; Rust
//! never reads memory through a pointer, so the only `unsafe` is the `no_mangle` attribute
//! that gives each export its plain name.

#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    /// The request's bytes, as the page wrote them.
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last response (UTF-8 JSON).
    static RESPONSE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A zeroed buffer of `len` bytes for the request; returns where it starts. Valid until the
/// next call of `request_buffer`.
#[unsafe(no_mangle)]
pub extern "C" fn request_buffer(len: usize) -> *mut u8 {
    REQUEST.with_borrow_mut(|r| {
        r.clear();
        r.resize(len, 0);
        r.as_mut_ptr()
    })
}

/// Answers the request in the first `len` bytes of the request buffer (at most its length)
/// with [`crate::respond`]; returns the response's length in bytes (read it at
/// [`response_ptr`]). A request that is not UTF-8 gets an error response.
#[unsafe(no_mangle)]
pub extern "C" fn play(len: usize) -> usize {
    let response = REQUEST.with_borrow(|r| match std::str::from_utf8(&r[..len.min(r.len())]) {
        Ok(text) => crate::respond(text),
        Err(e) => serde_json::json!({ "error": format!("the request is not UTF-8 text: {e}") })
            .to_string(),
    });
    RESPONSE.with_borrow_mut(|out| {
        *out = response.into_bytes();
        out.len()
    })
}

/// Writes the list of games ([`crate::games_json`]) as the response; returns its length in
/// bytes (read it at [`response_ptr`]).
#[unsafe(no_mangle)]
pub extern "C" fn games() -> usize {
    RESPONSE.with_borrow_mut(|out| {
        *out = crate::games_json().into_bytes();
        out.len()
    })
}

/// Where the last response starts (its length is what `play` or `games` returned).
#[unsafe(no_mangle)]
pub extern "C" fn response_ptr() -> *const u8 {
    RESPONSE.with_borrow(|out| out.as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_buffers_carry_a_request_and_its_answer() {
        let request = br#"{"game":"pacman"}"#;
        let p = request_buffer(request.len());
        assert!(!p.is_null());
        REQUEST.with_borrow_mut(|r| r.copy_from_slice(request));
        let n = play(request.len());
        let text = RESPONSE.with_borrow(|r| String::from_utf8(r.clone()).unwrap());
        assert_eq!(n, text.len());
        assert_eq!(response_ptr(), RESPONSE.with_borrow(|r| r.as_ptr()));
        assert!(
            text.starts_with(r#"{"error":"unknown game 'pacman'"#),
            "{text}"
        );
        // A length beyond the buffer reads the buffer; bytes that are not UTF-8 are refused.
        REQUEST.with_borrow_mut(|r| r[0] = 0xff);
        play(1000);
        let text = RESPONSE.with_borrow(|r| String::from_utf8(r.clone()).unwrap());
        assert!(text.contains("not UTF-8"), "{text}");
        // The list of games, read where a response is read.
        let n = games();
        let text = RESPONSE.with_borrow(|r| String::from_utf8(r.clone()).unwrap());
        assert_eq!(
            (n, text.as_str()),
            (text.len(), crate::games_json().as_str())
        );
        assert!(
            text.starts_with(r#"{"games":[{"name":"moon-princess""#),
            "{text}"
        );
    }
}
