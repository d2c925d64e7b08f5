//! Shared by the tests that run the `warcaby` binary.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `warcaby` with `args`, feeding `input` on stdin; without endgame
/// tables (`WARCABY_EGDB=none`), so that tables built in the user's data
/// directory change nothing the tests see.
pub(crate) fn run_warcaby(args: &[&str], input: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_warcaby"));
    command.env("WARCABY_EGDB", "none");
    run(command, args, input)
}

/// Runs `warcaby` with `args` as a user whose home (`HOME`, and
/// `XDG_DATA_HOME` below it unless `xdg` is false) is `home`, with no
/// `WARCABY_EGDB`: the default place of the endgame tables.
#[allow(dead_code)] // not every test crate that includes this module uses it
pub(crate) fn run_warcaby_at_home(home: &Path, xdg: bool, args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_warcaby"));
    command.env_remove("WARCABY_EGDB").env("HOME", home);
    match xdg {
        true => command.env("XDG_DATA_HOME", home.join("data")),
        false => command.env_remove("XDG_DATA_HOME"),
    };
    run(command, args, "")
}

fn run(mut command: Command, args: &[&str], input: &str) -> Output {
    let mut child = command
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
