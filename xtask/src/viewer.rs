//! `cargo xtask viewer [--port P]`: builds the round viewer's WebAssembly module
//! (`crates/viewer_wasm` for `wasm32-unknown-unknown` with the workspace's `viewer` profile,
//! cargo's progress shown) and serves the
//! page (`viewer/`) and the module on `http://127.0.0.1:P/` until Ctrl-C.
//!
//! The server is a few lines of the standard library rather than an HTTP crate: it listens on
//! the loopback address only, answers `GET` and `HEAD` of exactly four files (read from disk
//! at each request, so an edit of the page shows on reload) and nothing else, reads at most
//! 8 KiB of a request's head and no body, and closes every connection after one answer. (The
//! small synchronous server crate, `tiny_http`, has had no release since 2022 and has open
//! request-smuggling reports; the async servers would add a runtime to the runner's build.)

use crate::ViewerArgs;
use crate::runner::{CliError, CliResult};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The wasm target the module is built for.
const TARGET: &str = "wasm32-unknown-unknown";

/// The cargo profile it is built with (the root `Cargo.toml`: release without debug info).
const PROFILE: &str = "viewer";

/// The most bytes of a request's head read.
const MAX_HEAD: u64 = 8 * 1024;

/// A file served: URL path, file, content type.
type Served = (&'static str, PathBuf, &'static str);

/// The files served.
fn files(root: &Path, wasm: &Path) -> Vec<Served> {
    let page = root.join("viewer");
    vec![
        ("/", page.join("index.html"), "text/html; charset=utf-8"),
        (
            "/viewer.js",
            page.join("viewer.js"),
            "text/javascript; charset=utf-8",
        ),
        (
            "/viewer.css",
            page.join("viewer.css"),
            "text/css; charset=utf-8",
        ),
        ("/viewer_wasm.wasm", wasm.to_path_buf(), "application/wasm"),
    ]
}

pub fn viewer(a: &ViewerArgs) -> CliResult {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .ok_or_else(|| CliError("the runner's crate has no parent directory".into()))?
        .to_path_buf();
    let wasm = build(&root)?;
    let files = std::sync::Arc::new(files(&root, &wasm));
    let listener = TcpListener::bind(("127.0.0.1", a.port)).map_err(|e| {
        CliError(format!(
            "cannot listen on 127.0.0.1:{} ({e}); choose another port with --port (0: any free port)",
            a.port
        ))
    })?;
    let port = listener.local_addr()?.port();
    // Ctrl-C (or SIGTERM) stops the server: a normal end, status 0 (the runner's one handler,
    // installed at its start, so it holds even where the shell started the runner with SIGINT
    // ignored, as a background job).
    crate::progress::stop_normally_on_interrupt("The round viewer stopped.");
    println!("The round viewer: http://127.0.0.1:{port}/   (Ctrl-C stops the server)");
    std::io::stdout().flush()?;
    for stream in listener.incoming() {
        // A connection that failed before it was accepted is the client's affair.
        let Ok(stream) = stream else { continue };
        let files = files.clone();
        // One thread per connection: a browser's idle preconnection does not hold up the rest.
        std::thread::spawn(move || {
            // A browser that went away mid-answer is no error of the server.
            let _ = answer(stream, &files);
        });
    }
    Ok(())
}

/// Reads one request's head and answers it.
fn answer(mut stream: TcpStream, files: &[Served]) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut head = BufReader::new((&stream).take(MAX_HEAD));
    let mut request_line = String::new();
    head.read_line(&mut request_line)?;
    // The rest of the head (headers) up to the empty line; no request here has a body.
    let mut line = String::new();
    while head.read_line(&mut line)? > 2 {
        line.clear();
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let path = target.split(['?', '#']).next().unwrap_or("");
    let path = if path == "/index.html" { "/" } else { path };
    let (status, kind, body) = match (method, files.iter().find(|(p, _, _)| *p == path)) {
        ("GET" | "HEAD", Some((_, file, kind))) => match std::fs::read(file) {
            Ok(bytes) => ("200 OK", *kind, bytes),
            Err(e) => (
                "500 Internal Server Error",
                "text/plain; charset=utf-8",
                format!("cannot read {}: {e}\n", file.display()).into_bytes(),
            ),
        },
        ("GET" | "HEAD", None) => (
            "404 Not Found",
            "text/plain; charset=utf-8",
            b"not found: the viewer serves /, /viewer.js, /viewer.css, /viewer_wasm.wasm\n"
                .to_vec(),
        ),
        _ => (
            "405 Method Not Allowed",
            "text/plain; charset=utf-8",
            b"only GET and HEAD\n".to_vec(),
        ),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    stream.flush()
}

/// Adds the WebAssembly target with rustup when rustup is there and the target is not
/// installed yet, so `cargo xtask viewer` works on a fresh clone after the README's set-up.
/// Without rustup nothing is done (the build then says what is missing).
fn ensure_target() {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output();
    let Ok(out) = installed else { return };
    if !out.status.success()
        || String::from_utf8_lossy(&out.stdout)
            .lines()
            .any(|l| l.trim() == TARGET)
    {
        return;
    }
    println!("Adding the {TARGET} target (rustup target add {TARGET}), once");
    // A failure shows in rustup's own output and again in the build's message.
    let _ = Command::new("rustup")
        .args(["target", "add", TARGET])
        .status();
}

/// Builds the module (release) and returns its path.
fn build(root: &Path) -> Result<PathBuf, CliError> {
    ensure_target();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    println!(
        "Building the round viewer's WebAssembly module \
         (cargo build -p viewer-wasm --target {TARGET} --profile {PROFILE})"
    );
    let status = Command::new(&cargo)
        .current_dir(root)
        .args([
            "build",
            "-p",
            "viewer-wasm",
            "--profile",
            PROFILE,
            "--target",
            TARGET,
        ])
        .status()
        .map_err(|e| {
            CliError(format!(
                "cannot run cargo ({}): {e}",
                cargo.to_string_lossy()
            ))
        })?;
    if !status.success() {
        return Err(CliError(format!(
            "building the WebAssembly module failed ({status}); if cargo said the target \
             {TARGET} is missing, add it with `rustup target add {TARGET}`"
        )));
    }
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map_or_else(|| root.join("target"), |d| root.join(d));
    Ok(target_dir
        .join(TARGET)
        .join(PROFILE)
        .join("viewer_wasm.wasm"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sends `request` to a server thread answering one connection; returns the response.
    fn exchange(request: &str) -> String {
        let dir = std::env::temp_dir().join(format!("viewer-test-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("viewer")).unwrap();
        std::fs::write(dir.join("viewer").join("index.html"), "<p>page</p>").unwrap();
        let files = files(&dir, &dir.join("none.wasm"));
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let addr = listener.local_addr().unwrap();
        let server = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            answer(stream, &files).unwrap();
        });
        let mut client = TcpStream::connect(addr).unwrap();
        client.write_all(request.as_bytes()).unwrap();
        let mut out = String::new();
        client.read_to_string(&mut out).unwrap();
        server.join().unwrap();
        out
    }

    #[test]
    fn serves_the_page_and_nothing_else() {
        let ok = exchange("GET /?game=moon-princess&round=3 HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(ok.starts_with("HTTP/1.1 200 OK\r\n"), "{ok}");
        assert!(ok.contains("Content-Type: text/html; charset=utf-8\r\nContent-Length: 11\r\n"));
        assert!(ok.ends_with("\r\n\r\n<p>page</p>"));
        let head = exchange("HEAD /index.html HTTP/1.1\r\n\r\n");
        assert!(
            head.starts_with("HTTP/1.1 200 OK") && head.ends_with("\r\n\r\n"),
            "{head}"
        );
        let missing = exchange("GET /../Cargo.toml HTTP/1.1\r\n\r\n");
        assert!(missing.starts_with("HTTP/1.1 404 Not Found"), "{missing}");
        let unreadable = exchange("GET /viewer_wasm.wasm HTTP/1.1\r\n\r\n");
        assert!(unreadable.starts_with("HTTP/1.1 500"), "{unreadable}");
        let post = exchange("POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
        assert!(post.starts_with("HTTP/1.1 405"), "{post}");
    }
}
