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

/// Runs `warcaby` with `args` and `input`: exit code, stdout and stderr.
#[allow(dead_code)] // not every test crate that includes this module uses it
pub(crate) fn warcaby_texts(args: &[&str], input: &str) -> (i32, String, String) {
    let out = run_warcaby(args, input);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
