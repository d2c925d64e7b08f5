//! The Python adapter, spoken to directly (see main.rs).

use super::*;

// ---- The Python adapter ----------------------------------------------------

/// Talks to the adapter directly with `bot_file`: sends `lines` after the
/// handshake and returns the replies and what the bot wrote to stderr.
pub(crate) fn adapter_session(bot_file: &Path, lines: &[&str]) -> (Vec<String>, String) {
    let adapter = warcaby::arena::python::Adapter::install().unwrap();
    let mut child = Command::new("python3")
        .arg(adapter.script())
        .arg(bot_file)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(
        stdin,
        "arena version=1\nnewgame variant=tournament color=white seed=1"
    )
    .unwrap();
    let mut replies = Vec::new();
    let mut line = String::new();
    // id, ready, and `started` for the new instance.
    for _ in 0..3 {
        line.clear();
        stdout.read_line(&mut line).unwrap();
        replies.push(line.trim().to_string());
    }
    for l in lines {
        writeln!(stdin, "{l}").unwrap();
        line.clear();
        stdout.read_line(&mut line).unwrap();
        replies.push(line.trim().to_string());
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(child.wait().unwrap().success(), "{err}");
    (replies, err)
}

pub(crate) const START_BOARD: &str =
    ".2.2.2.2 2.2.2.2. .2.2.2.2 0.0.0.0. .0.0.0.0 1.1.1.1. .1.1.1.1 1.1.1.1.";

pub(crate) fn start_ask(extra: &str) -> String {
    format!(
        "ask board={} steps=5041,5241,5243,5443,5445,5645,5647{extra}",
        START_BOARD.replace(' ', "")
    )
}

#[test]
pub(crate) fn adapter_gives_the_bot_the_referees_numpy_board_and_tuples() {
    python3_with_numpy();
    let probe = Path::new(ROOT).join("tests/bots/probe_bot.py");
    let (replies, err) = adapter_session(&probe, &[&start_ask("")]);
    assert_eq!(
        replies[0],
        "id name=\"probe_bot\" author=\"contest bot via the warcaby adapter\""
    );
    assert_eq!(replies[1], "ready");
    assert_eq!(replies[2], "started");
    assert!(replies[3].starts_with("step 5647 elapsed="), "{replies:?}");
    let shown: Value = serde_json::from_str(err.lines().next().unwrap()).unwrap();
    assert_eq!(shown["type"], "numpy.ndarray");
    assert_eq!(shown["dtype"], "object");
    assert_eq!(shown["shape"], serde_json::json!([8, 8]));
    assert_eq!(shown["ruchy_types"], serde_json::json!(["tuple"]));
    let board = &shown["plansza"];
    assert_eq!(board[0][1], 2);
    assert_eq!(board[7][0], 1);
    assert!(board[0][0].is_null());
    assert_eq!(shown["ruchy"][0], serde_json::json!([[5, 0], [4, 1]]));
}

/// The referee runs `gra.py` in the framework folder: a bot in `boty/` can
/// import the framework's modules, not its neighbours in `boty/`.
#[test]
pub(crate) fn adapter_puts_the_framework_folder_on_sys_path_as_the_referee_does() {
    python3_with_numpy();
    let layout = contest_dir().join("layout");
    let (replies, err) = adapter_session(&layout.join("boty/path_bot.py"), &[&start_ask("")]);
    assert!(replies[3].starts_with("step 5041 "), "{replies:?}");
    let seen: Value = serde_json::from_str(err.lines().next().unwrap()).unwrap();
    assert_eq!(seen["framework_helper"], true, "{seen}");
    assert_eq!(seen["sibling_helper"], false, "{seen}");
    assert_eq!(seen["cwd"], layout.to_str().unwrap(), "{seen}");
}

#[test]
pub(crate) fn adapter_reports_bad_answers_exceptions_timeouts_and_the_benchmark() {
    python3_with_numpy();
    let dir = out_dir("adapter-bots");
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, body: &str| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!(
                "import time\n\nclass bot:\n    def move(self, plansza, ruchy):\n        {body}\n"
            ),
        )
        .unwrap();
        path
    };
    let banana = write("banana.py", "return 'banana'");
    let (r, _) = adapter_session(&banana, &[&start_ask("")]);
    assert!(r[3].starts_with("invalid elapsed="), "{r:?}");
    assert!(r[3].contains("answer=\"'banana'\""), "{r:?}");
    let listy = write("listy.py", "return [list(ruchy[0][0]), list(ruchy[0][1])]");
    let (r, _) = adapter_session(&listy, &[&start_ask("")]);
    assert!(
        r[3].starts_with("invalid "),
        "a list is not the referee's tuple: {r:?}"
    );
    let raising = write("raising.py", "raise KeyError('oops')");
    let (r, err) = adapter_session(&raising, &[&start_ask("")]);
    assert!(r[3].starts_with("error elapsed="), "{r:?}");
    assert!(err.contains("KeyError: 'oops'"), "{err}");
    assert!(
        r[3].ends_with(
            "exception=\"KeyError: 'oops'\" where=\"raising.py:5 in move: raise KeyError('oops')\""
        ),
        "the exception and its innermost frame: {r:?}"
    );
    let failing_init = dir.join("failing_init.py");
    std::fs::write(
        &failing_init,
        "class bot:\n    def __init__(self):\n        raise RuntimeError('no tables')\n",
    )
    .unwrap();
    let (r, _) = adapter_session(&failing_init, &[]);
    assert!(
        r[2].starts_with("error elapsed=")
            && r[2].ends_with(
                "exception=\"RuntimeError: no tables\" where=\"failing_init.py:3 in __init__: raise RuntimeError('no tables')\""
            ),
        "newgame answers the exception of __init__: {r:?}"
    );
    let sleepy = write("sleepy.py", "time.sleep(2)\n        return ruchy[0]");
    let (r, _) = adapter_session(&sleepy, &[&start_ask(" limit=0.2")]);
    assert!(r[3].starts_with("timeout elapsed=0.2"), "{r:?}");
    let (r, _) = adapter_session(&banana, &["benchmark"]);
    let seconds: f64 = r[3]
        .strip_prefix("benchmark seconds=")
        .unwrap()
        .parse()
        .unwrap();
    assert!(seconds > 0.0, "{r:?}");
    let _ = std::fs::remove_dir_all(dir);
}
