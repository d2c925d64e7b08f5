//! Student-style bots in a normal arena, and contest-mode refereeing (see main.rs).

use super::*;

// ---- Student-style bots, normal and contest mode --------------------------

pub(crate) const STUDENTS: [&str; 3] = [
    "boty/numpy_bot.py",
    "boty/where_bot.py",
    "boty/silnik_bot.py",
];

#[test]
pub(crate) fn student_bots_beat_random_in_a_normal_arena() {
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
pub(crate) fn contest_mode_runs_a_whole_folder_of_bots() {
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
pub(crate) fn contest_mode_spends_flags_then_replaces_slow_moves() {
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
pub(crate) fn contest_mode_replaces_exceptions_garbage_and_restarts_a_dead_bot() {
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
pub(crate) fn contest_mode_records_each_exception_and_where_it_was_raised() {
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
pub(crate) fn stateful_bots_keep_one_instance_per_game_in_a_normal_arena() {
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

pub(crate) fn arena_error(args: &[&str], path: Option<&str>) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_warcaby"));
    cmd.env("WARCABY_EGDB", "none").arg("arena").args(args);
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
pub(crate) fn python_picks_the_interpreter_of_python_bots() {
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
pub(crate) fn the_contests_limits_and_missing_numpy_give_one_clear_line() {
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
pub(crate) fn unstartable(file: &str, extra: &[&str]) -> (Value, Value) {
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
pub(crate) fn lost_every_game(results: &Value, label: &str, kind: &str) -> Vec<String> {
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
pub(crate) fn random_for_want_of_a_start(results: &Value, label: &str, why: &str) {
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
pub(crate) fn a_bot_that_fails_to_import_is_recorded_with_its_error_in_both_modes() {
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
pub(crate) fn a_bot_that_dies_in_the_benchmark_is_restarted_and_the_reason_kept() {
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
pub(crate) fn a_bot_that_prints_garbage_is_recorded_with_what_it_printed_in_both_modes() {
    let label = label("garbage_bot.py");
    let (plain, contest) = unstartable("garbage_bot.py", &[]);
    let why = "hello from garbage_bot";
    for detail in lost_every_game(&plain, &label, "garbage") {
        assert!(detail.contains(why), "{detail}");
    }
    random_for_want_of_a_start(&contest, &label, why);
}

#[test]
pub(crate) fn a_bot_whose_init_hangs_is_stopped_and_recorded_in_both_modes() {
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
