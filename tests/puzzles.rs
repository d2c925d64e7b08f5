//! Puzzles: `warcaby puzzles mine` finds the shot of a real arena game,
//! `puzzles play` plays it (right, wrong, hint, a bad record refused), and
//! the committed sets hold their counts, each puzzle's line legal, winning
//! a man, and its first move still the only win at a fresh search.

use std::process::Output;
use warcaby::checkers::ai::{CheckersEval, CheckersNode, Level, MAN};
use warcaby::checkers::puzzles::{PuzzleRun, PuzzleSet, Theme, SETS};
use warcaby::search::{Limits, Searcher};
use warcaby::{Color, Position};

mod common;

/// The depths a committed puzzle is checked at, the mining's first: a
/// puzzle whose win a search of that depth does not see (a change of the
/// search's reductions moves a few across that line) is searched deeper
/// before it counts as unconfirmed.
const VERIFY_DEPTHS: [u32; 3] = [14, 18, 22];

/// An arena game (level 2 against level 4, English): at its 29th ply
/// Black has a shot, 14-17 22x13 6-9 13x6 1x10x19x26.
const ARENA_GAME: &str = "[Event \"Warcaby arena (english, seed 35)\"]\n[GameType \"21\"]\n\
[Result \"1-0\"]\n\n1. 11-16 23-19 2. 16x23 26x19 3. 8-11 31-26 4. 9-13 19-15 5. 11x18 22x15 6.\n\
10x19 24x15 7. 13-17 21x14 8. 7-10 14x7 9. 2x18 26-22 10. 3-8 22x15 11. 5-9\n\
25-22 12. 12-16 28-24 13. 16-20 30-26 14. 9-14 26-23 15. 14-17 22x13 16. 6-9\n\
13x6 17. 1x26 24-19 18. 26-31 27-24 19. 20x27 32x23 20. 31-27 19-16 21. 27x18\n\
29-25 22. 18-23 16-12 23. 8-11 12-8 24. 11-16 8-3 25. 16-20 25-22 26. 20-24 1-0\n";

fn warcaby(args: &[&str], input: &str) -> Output {
    common::run_warcaby(args, input)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("warcaby-puzzles-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Mines the arena game into `dir/set.json`; returns the set.
fn mined(dir: &std::path::Path) -> PuzzleSet {
    let game = dir.join("game.pdn");
    std::fs::write(&game, ARENA_GAME).unwrap();
    let set = dir.join("set.json");
    let args = [
        "puzzles",
        "mine",
        game.to_str().unwrap(),
        "--variant",
        "english",
    ];
    let out = warcaby(
        &[
            &args[..],
            &["--depth", "10", "--out", set.to_str().unwrap()],
        ]
        .concat(),
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("games=1 positions="),
        "{}",
        text(&out.stdout)
    );
    serde_json::from_str(&std::fs::read_to_string(set).unwrap()).unwrap()
}

#[test]
fn mining_finds_the_games_shot_and_play_solves_it_or_fails_it() {
    let dir = scratch("mine");
    let set = mined(&dir);
    set.check().unwrap();
    let shot = set
        .puzzles
        .iter()
        .find(|p| p.line.first().map(String::as_str) == Some("14-17"))
        .unwrap_or_else(|| panic!("{set:?}"));
    assert_eq!(shot.line.len(), 5);
    assert!(shot.themes.contains(&Theme::Shot));
    assert!(shot.source.ends_with("game 1, ply 29"), "{}", shot.source);
    let set_file = dir.join("set.json");
    let state = dir.join("me.json");
    let play = |input: &str| {
        let args = [
            "puzzles",
            "play",
            set_file.to_str().unwrap(),
            "--id",
            &shot.id,
        ];
        warcaby(
            &[&args[..], &["--state", state.to_str().unwrap()]].concat(),
            input,
        )
    };
    let out = play("hint\n14-17\n6-9\n1x26\n");
    let said = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(said.contains("Hint: the piece on 14."), "{said}");
    assert!(said.contains("Right. The defence plays 22x13."), "{said}");
    assert!(said.contains("Solved! Rating 12"), "{said}");
    assert!(said.contains("streak 1 (best 1)"), "{said}");
    // A wrong move: told the right one, which then finishes the line; failed.
    let out = play("6-9\n14-17\n6-9\n1x26\n");
    let said = text(&out.stdout);
    assert!(said.contains("Wrong: 14-17 wins here."), "{said}");
    assert!(said.contains("Failed. Rating"), "{said}");
    assert!(said.contains("streak 0 (best 1)"), "{said}");
    // A record that does not read is refused, and left as it is.
    std::fs::write(&state, "{ not json").unwrap();
    // (no input: the record is refused before any is read)
    let out = play("");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("is not a puzzle record"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&state).unwrap(), "{ not json");
    // So is a set that does not read.
    std::fs::write(&set_file, "[]").unwrap();
    let out = play("");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is not a puzzle set"));
}

/// The material of `side` minus the other's, in pieces.
fn material(pos: &Position, side: Color) -> i32 {
    pos.pieces(side).count() as i32 - pos.pieces(side.opponent()).count() as i32
}

/// Every committed set: its count (English 300, tournament 200, Russian
/// 100 at least), each puzzle readable, its line winning a man with
/// nothing left to take back, and its first move the one a fresh search
/// at the mining's depth plays, with a winning score.
#[test]
fn the_committed_sets_hold_their_counts_and_every_puzzle_wins_a_man() {
    let wanted = [300, 200, 100];
    for ((variant, file), wanted) in SETS.iter().zip(wanted) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("puzzles")
            .join(file);
        let set: PuzzleSet =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(set.variant, *variant);
        set.check().unwrap();
        assert!(set.puzzles.len() >= wanted, "{file}: {}", set.puzzles.len());
        // The miner's search: the strongest level's with a 16 MiB table,
        // without ProbCut.
        let config = warcaby::search::SearchConfig {
            tt_mib: 16,
            probcut: false,
            ..Level::MAX.config(0)
        };
        let mut searcher = Searcher::new(config, CheckersEval::Positional);
        let mut unconfirmed = Vec::new();
        for puzzle in &set.puzzles {
            let mut run = PuzzleRun::new(puzzle).unwrap();
            let start = *run.game().position();
            let solver = run.solver();
            let first = *run.expected().unwrap();
            run.show_solution();
            let end = run.game().position();
            let won = material(end, solver) > material(&start, solver);
            let quiet = !end.legal_moves().iter().any(|m| m.is_capture());
            assert!(won && quiet || end.legal_moves().is_empty(), "{puzzle}");
            let node = CheckersNode {
                pos: start,
                quiet_plies: 0,
            };
            let mut played = start;
            played.play(&first);
            let mut confirmed_at = |depth| {
                searcher.clear();
                let info = searcher.search(&node, &[], Limits::depth(depth), |_| {});
                let mut found = start;
                found.play(&info.best_move.unwrap());
                (
                    found == played && info.score >= material(&start, solver) * MAN + 25,
                    info.score,
                )
            };
            let mut last = 0;
            let confirmed = VERIFY_DEPTHS.into_iter().any(|depth| {
                let (yes, score) = confirmed_at(depth);
                last = score;
                yes
            });
            if !confirmed {
                unconfirmed.push(format!("{puzzle}: {last}"));
            }
        }
        assert!(unconfirmed.is_empty(), "{file}: {unconfirmed:#?}");
    }
}
