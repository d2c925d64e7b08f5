//! The contest, exactly: bots written the way the contest's README teaches
//! run unchanged through the Python adapter (numpy board, `np.where`, an
//! import of the framework's `silnik` module from the bot's parent folder),
//! and `warcaby arena --contest` referees as the contest's program does —
//! time flags and random replacements for slow, raising and dying bots, the
//! referee's draw rules, the tie-break on time, a whole folder of bots.
//!
//! The bots are in `tests/bots/contest/`: `boty/` holds three student-style
//! bots and `silnik.py` beside it is our own small stand-in for the
//! framework's module; `faulty/` holds bots that misbehave on purpose.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

mod arena_common;

use arena_common::{arena, games, out_dir, python3_with_numpy};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use warcaby::checkers::rules::{Progress, TOURNAMENT_CONTEST};
use warcaby::{DrawReason, Game, Outcome, Position, Role, Square, Variant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn contest_dir() -> PathBuf {
    Path::new(ROOT).join("tests/bots/contest")
}

fn bot(path: &str) -> String {
    format!("python:{}", contest_dir().join(path).display())
}

/// Runs `warcaby arena --quiet` into a fresh directory; stdout and results.json.
fn run_arena(name: &str, args: &[&str]) -> (String, Value) {
    let dir = out_dir(name);
    let mut all = vec!["--quiet"];
    all.extend_from_slice(args);
    let out = arena(&dir, &all);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

const RULE_ENDS: [&str; 4] = [
    "no_pieces",
    "blocked",
    "threefold_repetition",
    "no_progress",
];

fn ended_by_rules(g: &Value) -> bool {
    RULE_ENDS.contains(&g["end"]["kind"].as_str().unwrap())
}

/// The contest log of `label`'s side in game `g`.
fn side<'a>(g: &'a Value, label: &str) -> &'a Value {
    if g["white"] == label {
        &g["contest"]["white"]
    } else {
        assert_eq!(g["black"], label);
        &g["contest"]["black"]
    }
}

fn reasons(side: &Value) -> Vec<String> {
    let mut r: Vec<String> = side["substitutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["reason"].as_str().unwrap().to_string())
        .collect();
    r.sort();
    r
}

fn label(path: &str) -> String {
    format!(
        "python:{}",
        Path::new(path).file_name().unwrap().to_str().unwrap()
    )
}

// ---- The referee's game-end rules, as Rules data --------------------------

fn contest_game(fen: &str) -> Game {
    let pos = Position::from_fen(fen, Variant::Tournament).unwrap();
    Game::from_position(pos.under_rules(&TOURNAMENT_CONTEST).unwrap())
}

/// White's men walk up the a-d files while Black's king shuffles in its
/// corner: no capture, no crowning for 20 plies. The written rules count the
/// man moves as progress; the referee counts only captures and crownings,
/// and draws after 20 turns.
#[test]
fn referee_draws_after_20_turns_without_capture_or_crowning_even_with_men_moving() {
    let fen = "W:W21,29,30,25:BK4";
    let written_start = Position::from_fen(fen, Variant::Tournament).unwrap();
    let mut written = Game::from_position(written_start);
    let mut referee = contest_game(fen);
    let corner = [Square::new(6, 6).unwrap(), Square::new(7, 7).unwrap()];
    for ply in 0..20 {
        assert_eq!(referee.outcome(), None, "ply {ply}");
        let legal = referee.legal_moves();
        let pos = *referee.position();
        let mv = legal
            .iter()
            .copied()
            .find(|m| match pos.piece_at(m.from()).unwrap().role {
                Role::King => corner.contains(&m.to()),
                Role::Man => m.to().rank() < 6,
            })
            .expect("a quiet move");
        assert!(!mv.is_capture() && !mv.promotes(), "{mv:?}");
        referee.play(&mv).unwrap();
        written.play(&mv).unwrap();
    }
    assert_eq!(
        referee.outcome(),
        Some(Outcome::Draw(DrawReason::NoProgress {
            plies: 20,
            progress: Progress::CaptureOrCrowning
        }))
    );
    assert_eq!(
        written.outcome(),
        None,
        "men moved: progress by the written rules"
    );
}

/// Two kings shuffle. The written rules count the start position, so its
/// third occurrence (ply 8) draws; the referee never counts the start, so
/// the first position to occur three times is the one after ply 1 (plies 1,
/// 5, 9).
#[test]
fn referee_repetition_does_not_count_the_start_position() {
    let fen = "W:WK29:BK4";
    let shuffle = ["29-25", "4-8", "25-29", "8-4"];
    let mut written = Game::from_position(Position::from_fen(fen, Variant::Tournament).unwrap());
    let mut referee = contest_game(fen);
    let mut written_end = None;
    let mut referee_end = None;
    for ply in 1..=12 {
        let text = shuffle[(ply - 1) % 4];
        if written_end.is_none() {
            written.play_text(text).unwrap();
            if written.outcome().is_some() {
                written_end = Some(ply);
            }
        }
        if referee_end.is_none() {
            referee.play_text(text).unwrap();
            if referee.outcome().is_some() {
                referee_end = Some(ply);
            }
        }
    }
    assert_eq!(written_end, Some(8));
    assert_eq!(referee_end, Some(9));
    assert_eq!(
        referee.outcome(),
        Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
    );
}

/// The referee hashes the board as the mover sees it: a position and its
/// colour-reversed twin (board turned round, colours swapped, the other side
/// to move) are one position; another placement is not.
#[test]
fn the_movers_view_makes_a_position_and_its_colour_reversed_twin_equal() {
    let p = |fen| Position::from_fen(fen, Variant::Tournament).unwrap();
    // White man 21 (a3) and king 30 (c1) against a black man on 12 (h6):
    // turned round, a3 is h6, c1 is f8 (3) and h6 is a3 (21).
    let white_to_move = p("W:W21,K30:B12");
    let twin = p("B:W21:B12,K3");
    assert_eq!(white_to_move.mover_view(), twin.mover_view());
    assert_ne!(white_to_move.mover_view(), p("B:W21,K30:B12").mover_view());
}

// ---- The Python adapter ----------------------------------------------------

/// Talks to the adapter directly with `bot_file`: sends `lines` after the
/// handshake and returns the replies and what the bot wrote to stderr.
fn adapter_session(bot_file: &Path, lines: &[&str]) -> (Vec<String>, String) {
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

const START_BOARD: &str = ".2.2.2.2 2.2.2.2. .2.2.2.2 0.0.0.0. .0.0.0.0 1.1.1.1. .1.1.1.1 1.1.1.1.";

fn start_ask(extra: &str) -> String {
    format!(
        "ask board={} steps=5041,5241,5243,5443,5445,5645,5647{extra}",
        START_BOARD.replace(' ', "")
    )
}

#[test]
fn adapter_gives_the_bot_the_referees_numpy_board_and_tuples() {
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
fn adapter_puts_the_framework_folder_on_sys_path_as_the_referee_does() {
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
fn adapter_reports_bad_answers_exceptions_timeouts_and_the_benchmark() {
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

// ---- Student-style bots, normal and contest mode --------------------------

const STUDENTS: [&str; 3] = [
    "boty/numpy_bot.py",
    "boty/where_bot.py",
    "boty/silnik_bot.py",
];

#[test]
fn student_bots_beat_random_in_a_normal_arena() {
    python3_with_numpy();
    let mut args = vec!["--seed", "11", "--jobs", "2", "--bots", "random"];
    let specs: Vec<String> = STUDENTS.iter().map(|s| bot(s)).collect();
    args.extend(specs.iter().map(String::as_str));
    let (_, results) = run_arena("students", &args);
    for g in games(&results) {
        assert!(ended_by_rules(g), "{g}");
        if g["white"] == "random" || g["black"] == "random" {
            assert_ne!(g["winner"], "random", "{g}");
            assert!(g["winner"].is_string(), "students beat random: {g}");
        }
    }
}

#[test]
fn contest_mode_runs_a_whole_folder_of_bots() {
    python3_with_numpy();
    let folder = contest_dir().join("boty");
    let (stdout, results) = run_arena(
        "folder",
        &[
            "--contest",
            folder.to_str().unwrap(),
            "--move-time",
            "500",
            "--seed",
            "2",
            "--jobs",
            "2",
            "--bots",
            "random",
        ],
    );
    let bots: Vec<&str> = results["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        bots,
        [
            "random",
            "python:numpy_bot.py",
            "python:silnik_bot.py",
            "python:where_bot.py"
        ]
    );
    assert_eq!(results["contest"]["flags"], 3);
    assert!(stdout.contains("tie-break wins"), "{stdout}");
    for g in games(&results) {
        assert!(ended_by_rules(g), "{g}");
        assert_eq!(g["contest"]["move_time_ms"], 500.0);
        assert_eq!(g["contest"]["move_time_source"], "fixed");
        for s in [&g["contest"]["white"], &g["contest"]["black"]] {
            assert_eq!(s["substitutions"], serde_json::json!([]), "{g}");
        }
        let draw = g["result"] == "1/2-1/2";
        assert_eq!(g["tiebreak_winner"].is_string(), draw, "{g}");
    }
    for s in results["standings"].as_array().unwrap() {
        if s["bot"] != "random" {
            assert!(s["points"].as_f64().unwrap() >= 1.0, "{s}");
        }
    }
}

#[test]
fn contest_mode_spends_flags_then_replaces_slow_moves() {
    python3_with_numpy();
    let slow = "faulty/slow_bot.py";
    let (_, results) = run_arena(
        "slow",
        &[
            "--contest",
            "--move-time",
            "200",
            "--seed",
            "4",
            "--jobs",
            "2",
            "--bots",
            &bot(slow),
            "random",
        ],
    );
    for g in games(&results) {
        assert!(ended_by_rules(g), "{g}");
        let s = side(g, &label(slow));
        assert!(s["questions"].as_u64().unwrap() >= 7, "{g}");
        assert_eq!(s["flags_used"], 3, "{g}");
        assert_eq!(reasons(s), ["slow_no_flags", "timeout", "timeout"], "{g}");
        let other = if g["white"] == "random" {
            &g["contest"]["white"]
        } else {
            &g["contest"]["black"]
        };
        assert_eq!(other["flags_used"], 0);
    }
    // The benchmark's T is used when no --move-time is given.
    let (_, results) = run_arena(
        "benchmark",
        &[
            "--contest",
            "--seed",
            "4",
            "--bots",
            &bot("boty/numpy_bot.py"),
            "random",
        ],
    );
    for g in games(&results) {
        assert_eq!(g["contest"]["move_time_source"], "python_benchmark");
        assert!(g["contest"]["move_time_ms"].as_f64().unwrap() > 1.0);
    }
}

#[test]
fn contest_mode_replaces_exceptions_garbage_and_restarts_a_dead_bot() {
    python3_with_numpy();
    let (raising, dying, stateful) = (
        "faulty/raising_bot.py",
        "faulty/dying_bot.py",
        "faulty/stateful_bot.py",
    );
    let (_, results) = run_arena(
        "faulty",
        &[
            "--contest",
            "--move-time",
            "1000",
            "--seed",
            "6",
            "--jobs",
            "2",
            "--bots",
            &bot(raising),
            &bot(dying),
            &bot(stateful),
        ],
    );
    for g in games(&results) {
        assert!(ended_by_rules(g), "faults never lose a game: {g}");
        for (who, s) in [
            (&g["white"], &g["contest"]["white"]),
            (&g["black"], &g["contest"]["black"]),
        ] {
            let r = reasons(s);
            if *who == label(raising) {
                assert!(r.iter().any(|x| x == "exception"), "{g}");
                assert!(
                    r.iter().all(|x| x == "exception" || x == "not_legal"),
                    "{g}"
                );
            } else if *who == label(dying) {
                assert!(s["restarts"].as_u64().unwrap() >= 1, "{g}");
                assert!(r.iter().all(|x| x == "died"), "{g}");
            } else {
                assert_eq!(
                    r,
                    Vec::<String>::new(),
                    "one instance per game, referee format: {g}"
                );
                assert_eq!(s["restarts"], 0);
            }
        }
    }
}

/// Every random replacement of a raising bot names the exception and the
/// line that raised it, in the game line, results.json and the PDN.
#[test]
fn contest_mode_records_each_exception_and_where_it_was_raised() {
    python3_with_numpy();
    let raising = "faulty/raising_bot.py";
    let dir = out_dir("exceptions");
    let spec = bot(raising);
    let args = [
        "--contest",
        "--move-time",
        "1000",
        "--seed",
        "6",
        "--bots",
        &spec,
        "random",
    ];
    let (stdout, results) = arena(&dir, &args);
    let mut exceptions = 0;
    for g in games(&results) {
        let colour = if g["white"] == label(raising) {
            "white"
        } else {
            "black"
        };
        let pdn = std::fs::read_to_string(dir.join(g["pdn"].as_str().unwrap())).unwrap();
        for s in g["contest"][colour]["substitutions"].as_array().unwrap() {
            if s["reason"] != "exception" {
                continue;
            }
            exceptions += 1;
            let detail = s["detail"].as_str().unwrap();
            assert!(
                detail.starts_with("move raised ValueError: this bot fails on purpose (call ")
                    && detail.contains(") (raising_bot.py:12 in move: raise ValueError("),
                "the exception and its line: {detail}"
            );
            let line = format!("{colour}, ply {}: exception: {detail}", s["ply"]);
            assert!(stdout.contains(&line), "{line}\n{stdout}");
            let comment = format!(
                "{{{colour}: random {} for exception: {detail}}}",
                s["played"].as_str().unwrap()
            );
            assert!(pdn.contains(&comment), "{comment}\n{pdn}");
        }
    }
    assert!(exceptions >= 4, "{results}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn stateful_bots_keep_one_instance_per_game_in_a_normal_arena() {
    python3_with_numpy();
    let (_, results) = run_arena(
        "stateful",
        &[
            "--seed",
            "8",
            "--bots",
            &bot("faulty/stateful_bot.py"),
            "random",
        ],
    );
    for g in games(&results) {
        assert!(ended_by_rules(g), "{g}");
    }
}

// ---- The contest's limits ---------------------------------------------------

fn arena_error(args: &[&str], path: Option<&str>) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_warcaby"));
    cmd.arg("arena").args(args);
    if let Some(p) = path {
        cmd.env("PATH", p);
    }
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// `--python PATH` runs the numpy check and every Python bot under that
/// interpreter; one that cannot be run is one clear line. Here PATH is a
/// wrapper script: with `--sandbox off` every bot is started through it; in
/// the sandbox it is asked where its interpreter and libraries are, and the
/// bots are started with the interpreter it names (a launcher script may
/// read what the sandbox closes, as pyenv's shims read the home folder).
#[test]
fn python_picks_the_interpreter_of_python_bots() {
    python3_with_numpy();
    let dir = out_dir("interpreter");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("used.txt");
    let interpreter = dir.join("my-python");
    let script = format!(
        "#!/bin/sh\necho \"$@\" >> '{}'\nexec python3 \"$@\"\n",
        log.display()
    );
    std::fs::write(&interpreter, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&interpreter, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let spec = bot("boty/numpy_bot.py");
    let interpreter = interpreter.to_str().unwrap();
    let args = [
        "--quiet",
        "--seed",
        "1",
        "--python",
        interpreter,
        "--bots",
        &spec,
        "random",
    ];
    let (_, results) = arena(&dir.join("out"), &args);
    assert!(games(&results).iter().all(ended_by_rules), "{results}");
    let used = std::fs::read_to_string(&log).unwrap();
    assert!(used.contains("-c import numpy"), "{used}");
    assert!(used.contains("sys.executable"), "{used}");
    assert!(!used.contains("adapter.py"), "{used}");
    std::fs::remove_file(&log).unwrap();
    let off: Vec<&str> = ["--sandbox", "off"].into_iter().chain(args).collect();
    let (_, results) = arena(&dir.join("out"), &off);
    assert!(games(&results).iter().all(ended_by_rules), "{results}");
    let used = std::fs::read_to_string(&log).unwrap();
    assert!(
        used.lines().filter(|l| l.contains("adapter.py")).count() >= 2,
        "{used}"
    );
    let err = arena_error(
        &["--python", "/no/such/python", "--bots", &spec, "random"],
        None,
    );
    assert!(
        err.contains("/no/such/python") && err.contains("--python PATH"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_contests_limits_and_missing_numpy_give_one_clear_line() {
    let dir = out_dir("limits");
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.py");
    let mut text =
        String::from("class bot:\n    def move(self, plansza, ruchy):\n        return ruchy[0]\n");
    text.push_str(&format!("# {}\n", "x".repeat(5 * 1024 * 1024)));
    std::fs::write(&big, text).unwrap();
    let small = bot("boty/numpy_bot.py");
    let big_spec = format!("python:{}", big.display());
    let err = arena_error(&["--contest", "--bots", &big_spec, &small], None);
    assert!(err.contains("over the contest's limit of 4 MiB"), "{err}");
    let err = arena_error(
        &[
            "--contest",
            "--variant",
            "english",
            "--bots",
            "random",
            "random",
        ],
        None,
    );
    assert!(err.contains("tournament variant"), "{err}");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let err = arena_error(&["--contest", empty.to_str().unwrap()], None);
    assert!(err.contains("no *.py bots"), "{err}");
    // A python3 that cannot import numpy: one line saying how to install it.
    let fake = dir.join("bin");
    std::fs::create_dir_all(&fake).unwrap();
    let python = fake.join("python3");
    std::fs::write(&python, "#!/bin/sh\nexit 1\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&python, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let path = format!("{}:/usr/bin:/bin", fake.display());
    let err = arena_error(&["--bots", &small, "random"], Some(&path));
    assert!(
        err.contains("numpy") && err.contains("pip install numpy"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

// ---- Bots that cannot start: recorded with the reason, both modes ------------
//
// `tests/bots/contest/unstartable/` holds a bot that fails to import, one
// whose interpreter dies in the referee's benchmark, one that prints garbage
// into the protocol and one whose `__init__` never returns. Each plays
// `random` in a normal arena and in contest mode (T from the benchmark, no
// --move-time): the tournament always finishes and says why.

/// Runs `unstartable/<file>` against `random` (2 games a pair, 2 jobs) in a
/// normal arena and in contest mode, both with `extra` arguments; both results.
fn unstartable(file: &str, extra: &[&str]) -> (Value, Value) {
    python3_with_numpy();
    let spec = bot(&format!("unstartable/{file}"));
    let name = file.trim_end_matches(".py");
    let mut args = vec!["--seed", "3", "--jobs", "2", "--bots", &spec, "random"];
    args.extend_from_slice(extra);
    let (_, plain) = run_arena(&format!("{name}-normal"), &args);
    args.push("--contest");
    let (_, contest) = run_arena(&format!("{name}-contest"), &args);
    // Overtime may add games; none is left out.
    assert!(games(&plain).len() >= 2, "{plain}");
    assert!(games(&contest).len() >= 2, "{contest}");
    (plain, contest)
}

/// Asserts that `label` lost every game of a normal arena by `kind`, and
/// returns each game's detail with the bot's last stderr words.
fn lost_every_game(results: &Value, label: &str, kind: &str) -> Vec<String> {
    games(results)
        .iter()
        .map(|g| {
            assert_eq!(g["winner"], "random", "{g}");
            assert_eq!(g["end"]["kind"], kind, "{g}");
            let side = if g["white"] == label {
                "white"
            } else {
                "black"
            };
            assert_eq!(g["end"]["by"], side, "{g}");
            let stderr = g["end"]["last_words"]["stderr"].as_str().unwrap_or("");
            format!("{} {stderr}", g["end"]["detail"].as_str().unwrap())
        })
        .collect()
}

/// Asserts that in every contest game `label` was never asked: each of its
/// moves was random because it could not be started, each substitution's
/// detail and each recorded failure naming `why`; the games end by the rules.
fn random_for_want_of_a_start(results: &Value, label: &str, why: &str) {
    for g in games(results) {
        assert!(ended_by_rules(g), "{g}");
        let s = side(g, label);
        assert_eq!(s["questions"], 0, "{g}");
        let subs = s["substitutions"].as_array().unwrap();
        assert!(!subs.is_empty(), "{g}");
        for sub in subs {
            assert_eq!(sub["reason"], "died", "{g}");
            let detail = sub["detail"].as_str().unwrap();
            assert!(detail.contains(why), "{detail}");
        }
        let failures = s["failures"].as_array().unwrap();
        assert!(!failures.is_empty(), "{g}");
        for f in failures {
            assert_eq!(f["stage"], "start", "{g}");
            assert!(f["detail"].as_str().unwrap().contains(why), "{g}");
        }
    }
}

#[test]
fn a_bot_that_fails_to_import_is_recorded_with_its_error_in_both_modes() {
    let label = label("import_error_bot.py");
    let (plain, contest) = unstartable("import_error_bot.py", &[]);
    let why = "ModuleNotFoundError: No module named 'warcaby_module_that_is_not_installed'";
    for detail in lost_every_game(&plain, &label, "crash") {
        assert!(detail.contains(why), "{detail}");
    }
    random_for_want_of_a_start(&contest, &label, why);
    for g in games(&contest) {
        // Its interpreter never ran the benchmark: T is the native one.
        assert_eq!(g["contest"]["move_time_source"], "native_benchmark", "{g}");
    }
}

#[test]
fn a_bot_that_dies_in_the_benchmark_is_restarted_and_the_reason_kept() {
    let label = label("benchmark_dying_bot.py");
    let (plain, contest) = unstartable("benchmark_dying_bot.py", &[]);
    // A normal arena runs no benchmark: the bot just plays.
    for g in games(&plain) {
        assert!(ended_by_rules(g), "{g}");
    }
    for g in games(&contest) {
        assert!(ended_by_rules(g), "{g}");
        assert_eq!(g["contest"]["move_time_source"], "native_benchmark", "{g}");
        let s = side(g, &label);
        let failures = s["failures"].as_array().unwrap();
        assert_eq!(failures.len(), 1, "{g}");
        assert_eq!(failures[0]["stage"], "benchmark", "{g}");
        let detail = failures[0]["detail"].as_str().unwrap();
        assert!(detail.contains("exited with status 9"), "{detail}");
        assert_eq!(s["restarts"], 1, "started again for its first move: {g}");
        assert_eq!(s["substitutions"], serde_json::json!([]), "{g}");
    }
}

#[test]
fn a_bot_that_prints_garbage_is_recorded_with_what_it_printed_in_both_modes() {
    let label = label("garbage_bot.py");
    let (plain, contest) = unstartable("garbage_bot.py", &[]);
    let why = "hello from garbage_bot";
    for detail in lost_every_game(&plain, &label, "garbage") {
        assert!(detail.contains(why), "{detail}");
    }
    random_for_want_of_a_start(&contest, &label, why);
}

#[test]
fn a_bot_whose_init_hangs_is_stopped_and_recorded_in_both_modes() {
    let label = label("hanging_init_bot.py");
    // 2 s a game: the start (import, handshake, __init__) has 10 s, in
    // contest mode too.
    let (plain, contest) = unstartable("hanging_init_bot.py", &["--time-per-game", "2"]);
    let why = "__init__";
    for detail in lost_every_game(&plain, &label, "timeout") {
        assert!(detail.contains(why), "{detail}");
    }
    random_for_want_of_a_start(&contest, &label, why);
    for g in games(&contest) {
        // A start that hangs is not tried again in that game.
        assert_eq!(
            side(g, &label)["failures"].as_array().unwrap().len(),
            1,
            "{g}"
        );
    }
}
