//! The server example runs to its end with nothing but the game crate behind it.

#[test]
fn the_server_example_runs() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wish-upon-a-star-server"))
        .output()
        .expect("the example binary starts");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("1000 rounds"), "{text}");
}
