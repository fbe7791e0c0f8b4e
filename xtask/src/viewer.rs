//! `cargo xtask viewer [--port P]`: builds the round viewer's WebAssembly module
//! (`crates/viewer_wasm` for `wasm32-unknown-unknown`, cargo's progress shown) and serves the
//! page (`viewer/`) and the module on `http://127.0.0.1:P/` until Ctrl-C.
//!
//! The server is `tiny_http` (a small synchronous HTTP server): it answers `GET` (and
//! `HEAD`) of the page's four files and nothing else, read from disk at each request, so an
//! edit of the page shows on reload.

use crate::ViewerArgs;
use crate::runner::{CliError, CliResult};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The wasm target the module is built for.
const TARGET: &str = "wasm32-unknown-unknown";

/// The files served: URL path, file, content type.
fn files(root: &Path, wasm: &Path) -> [(&'static str, PathBuf, &'static str); 4] {
    let page = root.join("viewer");
    [
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
    let files = files(&root, &wasm);
    let server = tiny_http::Server::http(("127.0.0.1", a.port)).map_err(|e| {
        CliError(format!(
            "cannot listen on 127.0.0.1:{} ({e}); choose another port with --port (0: any free port)",
            a.port
        ))
    })?;
    let port = server
        .server_addr()
        .to_ip()
        .map_or(a.port, |addr| addr.port());
    println!("The round viewer: http://127.0.0.1:{port}/   (Ctrl-C stops the server)");
    use std::io::Write;
    std::io::stdout().flush()?;
    for request in server.incoming_requests() {
        let path = request.url().split(['?', '#']).next().unwrap_or("/");
        let path = if path == "/index.html" { "/" } else { path };
        let found = files.iter().find(|(p, _, _)| *p == path);
        let response = match (request.method(), found) {
            (tiny_http::Method::Get | tiny_http::Method::Head, Some((_, file, kind))) => {
                match std::fs::read(file) {
                    Ok(bytes) => tiny_http::Response::from_data(bytes)
                        .with_header(header("Content-Type", kind))
                        .with_header(header("Cache-Control", "no-store")),
                    Err(e) => text(500, &format!("cannot read {}: {e}", file.display())),
                }
            }
            (tiny_http::Method::Get | tiny_http::Method::Head, None) => text(
                404,
                "not found: the viewer serves /, /viewer.js, /viewer.css, /viewer_wasm.wasm",
            ),
            _ => text(405, "only GET and HEAD"),
        };
        // A browser that went away mid-answer is no error of the server.
        let _ = request.respond(response);
    }
    Ok(())
}

/// Builds the module (release) and returns its path.
fn build(root: &Path) -> Result<PathBuf, CliError> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    println!(
        "Building the round viewer's WebAssembly module (cargo build -p viewer-wasm --target {TARGET} --release)"
    );
    let status = Command::new(&cargo)
        .current_dir(root)
        .args([
            "build",
            "-p",
            "viewer-wasm",
            "--release",
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
        .join("release")
        .join("viewer_wasm.wasm"))
}

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes())
        .expect("the header names and values are ASCII constants")
}

fn text(status: u16, body: &str) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    tiny_http::Response::from_string(body)
        .with_status_code(status)
        .with_header(header("Content-Type", "text/plain; charset=utf-8"))
}
