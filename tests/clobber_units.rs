//! Clobber proofs as work units: a split board's units proven one by one
//! join into a proof of the board; a wrong top, a unit file that is
//! damaged, foreign or false, and bad requests are refused with a clear
//! error; the command line does the same.

use std::path::{Path, PathBuf};
use warcaby::clobber::certificate::units::UnitsError;
use warcaby::clobber::certificate::units::{split, Manifest, UnitProof, UnitState, UnitsDir};
use warcaby::clobber::certificate::{verify, Certificate, CertifyOptions};
use warcaby::clobber::solver::Solver;
use warcaby::clobber::{ClobberPosition, Shape};

mod common;

fn start(rows: usize, cols: usize) -> ClobberPosition {
    ClobberPosition::start(Shape::new(rows, cols).unwrap())
}

/// Small leaves: the units' certificates have inner nodes.
const OPTIONS: CertifyOptions = CertifyOptions {
    leaf_stones: 8,
    leaf_nodes: 1000,
    threads: 1,
};

/// A fresh folder under the system's temporary one.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("warcaby-units-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `rows` x `cols` split at `depth`, every unit proven, in `dir`.
fn proven(dir: &Path, rows: usize, cols: usize, depth: u32) -> UnitsDir {
    let mut solver = Solver::with_table_bits(18);
    let manifest = split(&start(rows, cols), depth, &mut solver, OPTIONS).unwrap();
    let units = UnitsDir::create(dir, manifest).unwrap();
    for id in 0..units.manifest.units.len() {
        assert!(units.run(id, &mut solver, 1).unwrap().is_some());
    }
    units
}

#[test]
fn units_of_small_boards_join_into_the_solvers_verdict() {
    for (rows, cols, depth) in [(4, 4, 3), (3, 4, 2), (3, 5, 0)] {
        let dir = folder(&format!("{rows}x{cols}"));
        let units = proven(&dir, rows, cols, depth);
        let m = &units.manifest;
        let solution = Solver::with_table_bits(18).solve(&start(rows, cols));
        assert_eq!(m.mover_wins, solution.mover_wins, "{rows}x{cols}");
        if depth == 0 {
            assert_eq!(m.units.len(), 1);
            assert_eq!(m.units[0].position, start(rows, cols));
        } else {
            assert!(m.units.len() > 2, "{rows}x{cols}: {}", m.units.len());
        }
        // Each unit stands for the verdict the top needs at its depth.
        let winner_moves_last = depth % 2 == 1;
        for unit in &m.units {
            assert_eq!(unit.mover_wins, m.mover_wins != winner_moves_last);
        }
        let status = units.status().unwrap();
        assert_eq!((status.done, status.remaining.len()), (m.units.len(), 0));
        assert!(status.positions > 0 && status.bad.is_empty());
        let whole = units.verify(1, 1, 2).unwrap();
        assert_eq!(whole.units, m.units.len());
        // The parts check every unit once between them.
        let parts: Vec<_> = (1..=3).map(|k| units.verify(k, 3, 1).unwrap()).collect();
        assert_eq!(parts.iter().map(|p| p.units).sum::<usize>(), whole.units);
        assert_eq!(
            parts.iter().map(|p| p.positions).sum::<u64>(),
            whole.positions
        );
        // A run again finds every unit done: nothing is proven twice.
        let mut solver = Solver::with_table_bits(16);
        assert!(units.run(0, &mut solver, 1).unwrap().is_none());
        // The manifest reads back as written, and opens again.
        assert_eq!(&Manifest::from_text(&m.to_text()).unwrap(), m);
        assert_eq!(&UnitsDir::open(&dir).unwrap().manifest, m);
        // No temporary file is left behind.
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| !n.starts_with('.')), "{names:?}");
        assert_eq!(names.len(), m.units.len() + 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn the_units_join_into_one_certificate_that_the_checker_accepts() {
    for (rows, cols, depth) in [(4, 4, 3), (3, 4, 1), (3, 5, 0)] {
        let dir = folder(&format!("join{rows}x{cols}"));
        let units = proven(&dir, rows, cols, depth);
        let joined = units.join().unwrap();
        let cert = &joined.certificate;
        assert_eq!(cert.position, start(rows, cols));
        assert_eq!(cert.mover_wins, units.manifest.mover_wins);
        assert_eq!(cert.winning_move.is_some(), cert.mover_wins);
        let read = Certificate::from_bytes(&cert.to_bytes()).unwrap();
        let done = verify(&read).unwrap();
        assert_eq!(done.positions, joined.positions, "{rows}x{cols}");
        assert_eq!(done.leaves, joined.leaves, "{rows}x{cols}");
        // A unit missing: nothing to join yet.
        std::fs::remove_file(units.unit_path(0)).unwrap();
        assert!(matches!(units.join(), Err(UnitsError::Waiting(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_unit_split_again_is_joined_into_its_file() {
    let dir = folder("resplit");
    let mut solver = Solver::with_table_bits(18);
    // 3x4 at depth 1: the units are the replies, each won by its mover.
    let m = split(&start(3, 4), 1, &mut solver, OPTIONS).unwrap();
    let units = UnitsDir::create(&dir, m).unwrap();
    let sub = units.split_unit(0, 2, &mut solver).unwrap();
    assert_eq!(sub.path(), units.split_path(0));
    assert_eq!(sub.manifest.root, units.manifest.units[0].position);
    assert!(sub.manifest.units.len() > 1);
    assert_eq!(units.status().unwrap().split, vec![0]);
    // Its own units first: until then the unit waits, the others go on.
    let err = units.run(0, &mut solver, 1).unwrap_err();
    assert!(matches!(err, UnitsError::Waiting(_)), "{err}");
    for id in 1..units.manifest.units.len() {
        units.run(id, &mut solver, 1).unwrap();
    }
    for id in 0..sub.manifest.units.len() {
        sub.run(id, &mut solver, 1).unwrap();
    }
    let joined = units.run(0, &mut solver, 1).unwrap().unwrap();
    assert_eq!(joined.unit, 0);
    assert!(joined.seconds >= 0.0 && joined.positions > sub.manifest.units.len() as u64);
    let status = units.status().unwrap();
    assert!(status.remaining.is_empty() && status.split.is_empty());
    units.verify(1, 1, 2).unwrap();
    // A unit proven already is not split again.
    let err = units
        .split_unit(1, 2, &mut solver)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("proven already"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mirror_images_at_the_depth_are_one_unit() {
    // 3x4 is lost for the first player, and the board is symmetric: the
    // replies at the root come in mirror pairs, so there are fewer units
    // than units' places in the top.
    let m = split(&start(3, 4), 1, &mut Solver::with_table_bits(18), OPTIONS).unwrap();
    let places = m.top.iter().filter(|t| t.starts_with('#')).count();
    assert!(m.units.len() < places, "{} of {places}", m.units.len());
    m.check_top().unwrap();
}

/// The error of a top that fails.
fn top_error(m: &Manifest) -> String {
    m.check_top().unwrap_err().to_string()
}

#[test]
fn a_wrong_top_is_refused() {
    let m = split(&start(4, 4), 3, &mut Solver::with_table_bits(18), OPTIONS).unwrap();
    m.check_top().unwrap();
    // Another first move: the units no longer stand where they are met.
    let mut other = m.clone();
    let first = start(4, 4)
        .legal_moves()
        .into_iter()
        .map(|mv| start(4, 4).move_text(&mv))
        .find(|t| *t != m.top[0])
        .unwrap();
    other.top[0] = first;
    assert!(top_error(&other).contains("which it does not prove"));
    // A reply left out.
    let mut cut = m.clone();
    let last_unit = cut.top.iter().rposition(|t| t.starts_with('#')).unwrap();
    cut.top.remove(last_unit);
    assert!(top_error(&cut).contains("cut short"));
    // A unit claiming the other verdict.
    let mut flipped = m.clone();
    flipped.units[0].mover_wins ^= true;
    assert!(top_error(&flipped).contains("which it does not prove"));
    // The claim at the root turned round.
    let mut claim = m.clone();
    claim.mover_wins ^= true;
    assert!(top_error(&claim).contains("the top fails"));
    // A unit that the top never uses.
    let mut extra = m.clone();
    extra.units.push(extra.units[0].clone());
    extra.units.last_mut().unwrap().id = m.units.len();
    assert!(top_error(&extra).contains("is not in it"));
    // A move that is not legal.
    let mut illegal = m.clone();
    illegal.top[0] = "a1-d4".into();
    assert!(top_error(&illegal).contains("not a legal move"));
}

#[test]
fn damaged_and_foreign_manifests_are_refused() {
    let m = split(&start(3, 4), 2, &mut Solver::with_table_bits(18), OPTIONS).unwrap();
    let text = m.to_text();
    let err = |t: &str| Manifest::from_text(t).unwrap_err().to_string();
    assert!(err("hello").contains("warcaby-clobber-units"));
    assert!(err(&text.replacen(" 1\n", " 7\n", 1)).contains("version 7"));
    assert!(err(&text.replacen("units=", "units=9", 1)).contains("units"));
    assert!(err(&text.replacen("unit 1 ", "unit 5 ", 1)).contains("out of order"));
    assert!(err(&format!("{text}something else\n")).contains("unknown line"));
}

/// The first unit's file, changed by `change`; returns the folder's state
/// of that unit and the error of `run` on it, and checks the file is left
/// as it was.
fn after_change(units: &UnitsDir, change: impl Fn(&mut Vec<u8>)) -> (UnitState, String) {
    let file = units.unit_path(0);
    let mut bytes = std::fs::read(&file).unwrap();
    change(&mut bytes);
    std::fs::write(&file, &bytes).unwrap();
    let state = units.state(0).unwrap();
    let run = units
        .run(0, &mut Solver::with_table_bits(16), 1)
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert_eq!(
        std::fs::read(&file).unwrap(),
        bytes,
        "the file is left alone"
    );
    (state, run)
}

#[test]
fn damaged_foreign_or_false_unit_files_are_refused_and_left_alone() {
    let dir = folder("bad");
    let units = proven(&dir, 3, 4, 2);
    let good = std::fs::read(units.unit_path(0)).unwrap();
    let restore = || std::fs::write(units.unit_path(0), &good).unwrap();

    let (state, run) = after_change(&units, |b| b.truncate(b.len() - 3));
    assert!(matches!(state, UnitState::Bad(_)));
    assert!(run.contains("not a readable unit file"), "{run}");
    assert!(run.contains("remove it to prove unit 0 again"), "{run}");
    let (_, run) = after_change(&units, |b| b[8] = 9);
    assert!(run.contains("version 9"), "{run}");
    let (_, run) = after_change(&units, |b| {
        *b = b"WCBYCERT\x03 a certificate, not a unit".to_vec()
    });
    assert!(run.contains("WCBYUNIT"), "{run}");
    // Another unit's file under this unit's name.
    let other = std::fs::read(units.unit_path(1)).unwrap();
    let (_, run) = after_change(&units, |b| b.clone_from(&other));
    assert!(run.contains("unit 1's, not unit 0's"), "{run}");
    let status = units.status().unwrap();
    assert_eq!((status.bad.len(), status.bad[0].0), (1, 0));
    assert!(units.verify(1, 1, 1).is_err());
    restore();

    // Readable, the right claim, a false proof: only verify finds it.
    let mut proof = UnitProof::from_bytes(&good).unwrap();
    proof.certificate.body.pop();
    units.save(&proof).unwrap();
    assert!(matches!(units.state(0).unwrap(), UnitState::Done(_)));
    let err = units.verify(1, 1, 1).unwrap_err().to_string();
    assert!(
        err.contains("unit-00000.unit") && err.contains("proof fails"),
        "{err}"
    );
    // Part 2 of 2 does not hold unit 0: it passes, part 1 does not.
    assert!(units.verify(2, 2, 1).is_ok());
    assert!(units.verify(1, 2, 1).is_err());
    // The other verdict is not saved at all.
    let mut flipped = UnitProof::from_bytes(&good).unwrap();
    flipped.certificate.mover_wins ^= true;
    let err = units.save(&flipped).unwrap_err().to_string();
    assert!(err.contains("claims the other verdict"), "{err}");
    restore();
    units.verify(1, 1, 1).unwrap();

    // A missing unit: the whole is not proven, and says so.
    std::fs::remove_file(units.unit_path(1)).unwrap();
    let err = units.verify(1, 1, 1).unwrap_err().to_string();
    assert!(err.contains("not proven yet (first: unit 1)"), "{err}");
    assert!(units.verify(0, 2, 1).is_err() && units.verify(3, 2, 1).is_err());
    assert!(units.state(99).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_folder_split_otherwise_is_not_overwritten() {
    let dir = folder("again");
    let mut solver = Solver::with_table_bits(18);
    let m = split(&start(3, 4), 2, &mut solver, OPTIONS).unwrap();
    UnitsDir::create(&dir, m.clone()).unwrap();
    // The same split again is fine (a driver restarted).
    UnitsDir::create(&dir, m).unwrap();
    let deeper = split(&start(3, 4), 3, &mut solver, OPTIONS).unwrap();
    let err = UnitsDir::create(&dir, deeper).err().unwrap().to_string();
    assert!(err.contains("holds another split"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn warcaby(args: &[&str]) -> (i32, String, String) {
    common::warcaby_texts(args, "")
}

#[test]
fn cli_splits_runs_reports_and_verifies() {
    let dir = folder("cli");
    let d = dir.to_str().unwrap();
    let (code, out, err) = warcaby(&[
        "clobber",
        "units",
        "split",
        "--board",
        "4x4",
        "--depth",
        "3",
        "--dir",
        d,
        "--leaf-stones",
        "8",
        "--leaf-nodes",
        "1000",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("split position=WBWB/BWBW/WBWB/BWBW:B winner=first depth=3 units="),
        "{out}"
    );
    let units = UnitsDir::open(&dir).unwrap().manifest.units.len();

    let (code, out, err) = warcaby(&["clobber", "units", "run", "--dir", d, "--unit", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(&format!("unit=1 of={units} winner=")),
        "{out}"
    );
    let (code, out, _) = warcaby(&["clobber", "units", "status", "--dir", d]);
    assert_eq!(code, 0);
    assert!(
        out.contains(&format!("units={units} done=1 remaining={}", units - 1)),
        "{out}"
    );
    // Not all proven: verify fails and says why.
    let (code, _, err) = warcaby(&["clobber", "units", "verify", "--dir", d]);
    assert_ne!(code, 0);
    assert!(err.contains("not proven yet"), "{err}");

    let (code, out, err) = warcaby(&[
        "clobber",
        "units",
        "run",
        "--dir",
        d,
        "--all",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().count(),
        units - 1,
        "unit 1 is not run again: {out}"
    );
    let (code, out, _) = warcaby(&["clobber", "units", "status", "--dir", d]);
    assert_eq!(code, 0);
    assert!(
        out.contains(&format!("done={units} remaining=0 bad=0")),
        "{out}"
    );
    let (code, out, err) = warcaby(&["clobber", "units", "verify", "--dir", d]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(&format!(
            "verified position=WBWB/BWBW/WBWB/BWBW:B winner=first units={units}/{units} part=1/1"
        )),
        "{out}"
    );
    // One certificate of the board, which the plain checker accepts.
    let cert = dir.join("joined.cert");
    let c = cert.to_str().unwrap();
    let (code, out, err) = warcaby(&["clobber", "units", "join", "--dir", d, "--out", c]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("joined winner=first move="), "{out}");
    let (code, out, err) = warcaby(&["clobber", "verify", c]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("verified position=WBWB/BWBW/WBWB/BWBW:B winner=first"),
        "{out}"
    );
    std::fs::remove_file(&cert).unwrap();
    let (code, out, err) = warcaby(&["clobber", "units", "verify", "--dir", d, "--part", "2/3"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("part=2/3") && out.contains("once every part"),
        "{out}"
    );

    // Bad input: a clear error, no panic.
    for (args, expected) in [
        (
            vec!["split", "--board", "4by4", "--depth", "1", "--dir", d],
            "expected rows x columns",
        ),
        (
            vec!["split", "--board", "1x4", "--depth", "1", "--dir", d],
            "rows and columns must be 2-10",
        ),
        (
            vec!["split", "--board", "4x4", "--depth", "1", "--dir", d],
            "holds another split",
        ),
        (vec!["verify", "--dir", d, "--part", "0/2"], "expected K/N"),
        (vec!["run", "--dir", d, "--unit", "999"], "no unit 999"),
        (
            vec!["status", "--dir", "/nonexistent/units"],
            "manifest.txt",
        ),
    ] {
        let mut full = vec!["clobber", "units"];
        full.extend(args);
        let (code, _, err) = warcaby(&full);
        assert_ne!(code, 0, "{full:?}");
        assert!(err.contains(expected), "{full:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A damaged unit file: run --all stops before any work, status names it.
    let file = dir.join("unit-00000.unit");
    std::fs::write(&file, b"garbage").unwrap();
    std::fs::remove_file(dir.join("unit-00001.unit")).unwrap();
    let (code, _, err) = warcaby(&["clobber", "units", "run", "--dir", d, "--all"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("unit-00000.unit") && err.contains("WCBYUNIT"),
        "{err}"
    );
    assert!(!dir.join("unit-00001.unit").exists(), "nothing was run");
    assert_eq!(std::fs::read(&file).unwrap(), b"garbage");
    let (_, out, _) = warcaby(&["clobber", "units", "status", "--dir", d]);
    assert!(
        out.contains("bad=1") && out.contains("bad: unit 0:"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_splits_a_unit_again_and_joins_it() {
    let dir = folder("cli-resplit");
    let d = dir.to_str().unwrap();
    let split_args = [
        "--leaf-stones",
        "8",
        "--leaf-nodes",
        "1000",
        "--threads",
        "1",
    ];
    let mut args = vec![
        "clobber", "units", "split", "--board", "3x4", "--depth", "1", "--dir", d,
    ];
    args.extend(split_args);
    let (code, _, err) = warcaby(&args);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = warcaby(&[
        "clobber", "units", "split", "--dir", d, "--unit", "0", "--depth", "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let sub = dir.join("unit-00000.split");
    assert!(
        out.starts_with("split unit=0 ") && out.contains(sub.to_str().unwrap()),
        "{out}"
    );
    let (_, out, _) = warcaby(&["clobber", "units", "status", "--dir", d]);
    assert!(out.contains("split: unit 0 into"), "{out}");
    // The parent's run proves the others and says unit 0 waits.
    let (code, out, err) = warcaby(&["clobber", "units", "run", "--dir", d, "--all"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("unit=0 of=") && out.lines().next().unwrap().contains("waits"),
        "{out}"
    );
    let s = sub.to_str().unwrap();
    let (code, _, err) = warcaby(&["clobber", "units", "run", "--dir", s, "--all"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = warcaby(&["clobber", "units", "run", "--dir", d, "--all"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("unit=0 of=") && out.contains("winner=first"),
        "{out}"
    );
    let (code, out, err) = warcaby(&["clobber", "units", "verify", "--dir", d]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("winner=second"), "{out}");
    // Leaf options belong to the folder: not given again for a unit.
    let (code, _, err) = warcaby(&[
        "clobber",
        "units",
        "split",
        "--dir",
        d,
        "--unit",
        "1",
        "--depth",
        "2",
        "--leaf-nodes",
        "5",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("cannot be used with"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_run_loses_only_the_unit_in_progress() {
    let dir = folder("killed");
    let d = dir.to_str().unwrap();
    let (code, _, err) = warcaby(&[
        "clobber",
        "units",
        "split",
        "--board",
        "3x8",
        "--depth",
        "2",
        "--dir",
        d,
        "--leaf-stones",
        "12",
        "--leaf-nodes",
        "20000",
    ]);
    assert_eq!(code, 0, "{err}");
    let units = UnitsDir::open(&dir).unwrap();
    let total = units.manifest.units.len();
    let mut run = std::process::Command::new(env!("CARGO_BIN_EXE_warcaby"))
        .args([
            "clobber",
            "units",
            "run",
            "--dir",
            d,
            "--all",
            "--threads",
            "1",
        ])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed (SIGKILL: no clean-up) as soon as the first unit is written.
    let proven = |units: &UnitsDir| units.status().unwrap().done;
    while proven(&units) == 0 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    run.kill().unwrap();
    run.wait().unwrap();
    let status = units.status().unwrap();
    assert!(status.bad.is_empty(), "{:?}", status.bad);
    assert!(status.done < total, "the run was killed midway");
    let kept: Vec<(usize, Vec<u8>)> = (0..total)
        .filter(|&id| units.unit_path(id).exists())
        .map(|id| (id, std::fs::read(units.unit_path(id)).unwrap()))
        .collect();
    // The next run proves only what is missing, the files written stay.
    // (One thread: with leaves this small, leaf tests shared out between
    // threads cost more in thread starts than they save.)
    let (code, out, err) = warcaby(&[
        "clobber",
        "units",
        "run",
        "--dir",
        d,
        "--all",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), total - kept.len(), "{out}");
    for (id, bytes) in kept {
        assert_eq!(std::fs::read(units.unit_path(id)).unwrap(), bytes);
    }
    units.verify(1, 1, 2).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}
