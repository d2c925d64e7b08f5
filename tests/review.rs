//! Game review (`warcaby::games::review`, `warcaby review`): a planted
//! blunder is found and only it, the engine's own moves lose nothing in
//! every rule set, a reviewed PDN reads back to the same marks, malformed
//! review comments are ignored, and the command's table and errors.

use proptest::prelude::*;
use warcaby::checkers::ai::Level;
use warcaby::checkers::notation::pdn;
use warcaby::games::review::{GameReview, Mark, Review, ReviewSettings};
use warcaby::games::{AnyGame, Assets, Engine, EngineChoice};
use warcaby::search::Limits;
use warcaby::{Color, Game, Variant};

mod common;

/// An English game (the opening 11-15 23-19 8-11 22-17 4-8 17-13 15-18
/// 24-20, then the engine's moves) in which Black's 7th move, 12-16, hangs
/// a man to the shot 20x4: White takes two men and crowns. 7-11 instead
/// keeps the game level. The moves after it are the engine's.
const PLANTED: &str = "[Event \"planted blunder\"]\n[GameType \"21\"]\n\
    1. 11-15 23-19 2. 8-11 22-17 3. 4-8 17-13 4. 15-18 {a sharp line} 24-20 \
    5. 11-15 26-22 6. 15x24 28x19 7. 12-16 20x4 8. 10-14 22x15 9. 3-8 4x11 \
    10. 7x23 27x18 11. 14x23 31-27 *\n";

/// The planted blunder's index among the moves (Black's 7th move).
const BLUNDER_PLY: usize = 12;

/// Black's 6th move, 15x24, the only legal one.
const FORCED_PLY: usize = 10;

const DEPTH: u32 = 6;

fn engine() -> Engine {
    let choice = EngineChoice::Level {
        level: Level::MAX,
        seed: 1,
    };
    Engine::new(choice, Assets::default())
}

fn review(game: &AnyGame) -> GameReview {
    let settings = ReviewSettings {
        limits: Limits::depth(DEPTH),
    };
    let mut review = Review::new(game, settings);
    let mut engine = engine();
    while !review.is_done() {
        review.step(&mut engine).unwrap();
    }
    review.result()
}

fn planted() -> pdn::PdnGame {
    pdn::read_game(PLANTED, Variant::English).unwrap()
}

fn marks(review: &GameReview) -> Vec<Option<Mark>> {
    review.moves.iter().map(|m| m.mark).collect()
}

#[test]
fn the_planted_blunder_is_the_only_blunder_and_a_better_move_is_named() {
    let record = planted();
    let result = review(&AnyGame::Checkers(record.game.clone()));
    assert_eq!(result.moves.len(), 22);
    let blunders: Vec<usize> = result
        .moves
        .iter()
        .filter(|m| m.mark == Some(Mark::Blunder))
        .map(|m| m.ply)
        .collect();
    assert_eq!(blunders, [BLUNDER_PLY], "{result:#?}");
    let blunder = &result.moves[BLUNDER_PLY];
    assert_eq!(
        (blunder.played.as_str(), blunder.mover),
        ("12-16", Color::Black)
    );
    assert!(blunder.loss.unwrap() >= 0.30, "{blunder:?}");
    let better = blunder.best_move.as_deref().expect("a better move");
    assert_ne!(better, "12-16");
    assert_eq!(blunder.line.first().map(String::as_str), Some(better));
    // The better move is legal where 12-16 was played.
    let mut before = record.game.clone();
    while before.ply_count() > BLUNDER_PLY {
        before.undo();
    }
    assert!(before.position().parse_move(better).is_ok(), "{better}");
    // White's shot wins: the curve swings to White and stays there.
    let curve = result.curve();
    let white_after = |ply: usize| curve[ply].unwrap().expected(Color::White, result.kind);
    assert!(white_after(BLUNDER_PLY) < 0.7);
    assert!((BLUNDER_PLY + 1..curve.len()).all(|ply| white_after(ply) > 0.9));
    // 15x24 was Black's only move: its position is judged by the one
    // after it, not by the engine's shallow answer to a single move.
    let only = &result.moves[FORCED_PLY];
    assert!(only.forced && only.mark.is_none(), "{only:?}");
    assert_eq!(curve[FORCED_PLY], curve[FORCED_PLY + 1]);
    assert_eq!(only.best_move.as_deref(), Some("15x24"));
    assert_eq!(only.line[0], "15x24");
    let black = result.summary(Color::Black);
    let white = result.summary(Color::White);
    assert_eq!((black.blunders, white.blunders), (1, 0));
    assert!(black.accuracy.unwrap() < white.accuracy.unwrap());
}

/// A game of `plies` moves, each the review engine's own choice at the
/// review's depth. Like the review, it asks the engine nothing where only
/// one move is legal, so the engine's table sees the same searches.
fn engine_game(variant: Variant, plies: usize) -> AnyGame {
    let mut game = AnyGame::from(Game::new(variant));
    let mut engine = engine();
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.len() == 1 {
            game.play(&legal[0]).unwrap();
            continue;
        }
        let report = engine.think(&game, Limits::depth(DEPTH), |_| {}).unwrap();
        game.play_text(report.best_move.as_deref().unwrap())
            .unwrap();
    }
    game
}

#[test]
fn the_engines_own_moves_lose_nothing_in_every_rule_set() {
    for variant in [Variant::Tournament, Variant::English, Variant::Russian] {
        let game = engine_game(variant, 14);
        let result = review(&game);
        for mv in &result.moves {
            assert_eq!(mv.mark, None, "{variant}: {mv:?}");
            assert_eq!(mv.loss, Some(0.0), "{variant}: {mv:?}");
        }
        for side in [Color::White, Color::Black] {
            let summary = result.summary(side);
            assert!(summary.accuracy.unwrap() > 99.9, "{variant}: {summary:?}");
        }
        // The reviewed PDN of every rule set reads back to the same curve.
        let text = game.pdn(&[], "*", result.comments()).unwrap();
        let back = pdn::read_game(&text, Variant::English).unwrap();
        let read = GameReview::from_pdn(&back).unwrap();
        assert_eq!(read.curve(), result.curve(), "{variant}: {text}");
    }
}

#[test]
fn a_reviewed_pdn_reads_back_to_the_same_marks_and_keeps_the_players_comments() {
    let mut record = planted();
    let result = review(&AnyGame::Checkers(record.game.clone()));
    record.comments = result.annotate(&record.comments);
    let text = record.to_pdn();
    assert!(text.contains("{a sharp line}"), "{text}");
    assert!(text.contains("blunder; better"), "{text}");
    let back = pdn::read_game(&text, Variant::Tournament).unwrap();
    assert_eq!(back.game, record.game);
    let read = GameReview::from_pdn(&back).expect("the review is in the comments");
    assert_eq!(marks(&read), marks(&result));
    assert_eq!(read.curve(), result.curve());
    let marked = &read.moves[BLUNDER_PLY];
    assert_eq!(marked.best_move, result.moves[BLUNDER_PLY].best_move);
    assert_eq!(marked.line, result.moves[BLUNDER_PLY].line);
    assert!(marked.loss.unwrap() >= 0.30);
    // Reviewing the reviewed game again replaces the review, not adds one.
    let again = result.annotate(&back.comments);
    assert_eq!(again, back.comments);
}

#[test]
fn malformed_review_comments_are_ignored_and_kept() {
    let text = "[GameType \"21\"]\n{[%eval +0.00]} 1. 11-15 {[%eval nonsense] blunder} \
                23-19 {[%eval +0.10] blunderish; better 8-11} 2. 8-11 \
                {[%eval -3.00] mistake; better 99-1 (99-1)} 22-17 {[%eval +0.12] mistake} *";
    let record = pdn::read_game(text, Variant::English).unwrap();
    let read = GameReview::from_pdn(&record).unwrap();
    // Only the start's evaluation and the last comment read.
    assert_eq!(
        read.curve()[0].map(|e| e.to_string()).as_deref(),
        Some("+0.00")
    );
    assert_eq!(read.curve()[1..4], [None, None, None]);
    assert_eq!(
        marks(&read),
        [None, None, None, Some(Mark::Mistake)],
        "{read:#?}"
    );
    // A new review keeps the comments that do not read as review comments.
    let fresh = review(&AnyGame::Checkers(record.game.clone()));
    let merged = fresh.annotate(&record.comments);
    for kept in [
        "[%eval nonsense] blunder",
        "[%eval +0.10] blunderish; better 8-11",
    ] {
        assert!(merged.iter().any(|(_, c)| c == kept), "{kept} lost");
    }
}

/// Pieces of review comments, right and wrong, that random comments are
/// made of.
fn comment_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("[%eval ".to_string()),
        Just("]".to_string()),
        Just(" blunder".to_string()),
        Just("; better ".to_string()),
        Just("11-15 (11-15 23-19)".to_string()),
        Just("#-".to_string()),
        "[-+.0-9#]{0,6}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever the comments say, reading them never panics, a review read
    /// has one entry per move, and annotating keeps every comment that is
    /// not read as a review comment.
    #[test]
    fn any_comments_read_without_panic(
        comments in proptest::collection::vec(
            (0usize..6, proptest::collection::vec(comment_piece(), 0..6)),
            0..6,
        ),
    ) {
        let game = AnyGame::Checkers(pdn::read_game(PLANTED, Variant::English).unwrap().game);
        let comments: Vec<(usize, String)> =
            comments.into_iter().map(|(ply, pieces)| (ply, pieces.concat())).collect();
        if let Some(read) = GameReview::from_comments(&game, &comments) {
            prop_assert_eq!(read.moves.len(), game.ply_count());
            let written = read.annotate(&comments);
            let back = GameReview::from_comments(&game, &written).unwrap();
            prop_assert_eq!(back.curve(), read.curve());
        }
    }
}

fn texts(args: &[&str]) -> (i32, String, String) {
    common::warcaby_texts(args, "")
}

#[test]
fn the_command_prints_the_table_and_writes_the_reviewed_pdn() {
    let dir = std::env::temp_dir().join(format!("warcaby-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("game.pdn");
    let output = dir.join("reviewed.pdn");
    std::fs::write(&input, PLANTED).unwrap();
    let args = [
        "review",
        input.to_str().unwrap(),
        "--depth",
        "6",
        "--out",
        output.to_str().unwrap(),
    ];
    let (code, stdout, stderr) = texts(&args);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("ply") && lines[0].contains("better"),
        "{stdout}"
    );
    assert_eq!(lines.len(), 1 + 22 + 2, "{stdout}");
    let blunder = lines[1 + BLUNDER_PLY];
    assert!(
        blunder.starts_with("13 ") && blunder.contains("12-16"),
        "{blunder}"
    );
    assert!(blunder.contains("blunder"), "{blunder}");
    let marked = lines.iter().filter(|l| l.contains(" blunder ")).count();
    assert_eq!(marked, 1, "{stdout}");
    assert!(lines[23].starts_with("side=white accuracy="), "{stdout}");
    assert!(lines[24].contains("blunders=1"), "{stdout}");
    assert!(stderr.contains("position 23/23"), "{stderr}");
    let written = std::fs::read_to_string(&output).unwrap();
    let back = pdn::read_game(&written, Variant::English).unwrap();
    let read = GameReview::from_pdn(&back).unwrap();
    assert_eq!(read.moves[BLUNDER_PLY].mark, Some(Mark::Blunder));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let dir = std::env::temp_dir().join(format!("warcaby-review-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let illegal = dir.join("illegal.pdn");
    std::fs::write(&illegal, "[GameType \"21\"]\n1. 11-15 11-15 *\n").unwrap();
    let syntax = dir.join("syntax.pdn");
    std::fs::write(&syntax, "[GameType \"21\"\n1. 11-15 ) 23-19 {never closed").unwrap();
    let good = dir.join("good.pdn");
    std::fs::write(&good, PLANTED).unwrap();
    let cases = [
        (dir.join("missing.pdn"), vec![], "cannot read"),
        (illegal, vec![], "11-15"),
        (syntax, vec![], "PDN"),
        (good.clone(), vec!["--game", "2"], "no game 2"),
        (good, vec!["--level", "9"], "level"),
    ];
    for (path, extra, says) in cases {
        let mut args = vec!["review", path.to_str().unwrap(), "--depth", "2"];
        args.extend(extra);
        let (code, stdout, stderr) = texts(&args);
        assert_eq!(code, 2, "{args:?}: {stdout} {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
