//! Shared by the tests that run the `warcaby` binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `warcaby` with `args`, feeding `input` on stdin.
pub(crate) fn run_warcaby(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_warcaby"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start warcaby");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("warcaby runs")
}
