use super::*;
use crate::checkers::ai::Level;
use crate::checkers::game::Game;
use crate::checkers::position::Position;
use crate::checkers::rules::Variant;
use crate::clobber::{ClobberGame, ClobberPosition};
use crate::games::{Assets, EngineChoice};

fn engine() -> Engine {
    let choice = EngineChoice::Level {
        level: Level::new(6).unwrap(),
        seed: 1,
    };
    Engine::new(choice, Assets::default())
}

fn settings() -> ReviewSettings {
    ReviewSettings {
        limits: Limits::depth(4),
    }
}

fn reviewed(game: &AnyGame) -> GameReview {
    let mut review = Review::new(game, settings());
    let mut engine = engine();
    let mut steps = 0;
    while !review.is_done() {
        review.step(&mut engine).unwrap();
        steps += 1;
    }
    assert_eq!(steps, game.ply_count() + 1, "one position a step");
    review.result()
}

fn english(moves: &[&str]) -> AnyGame {
    let mut game = Game::new(Variant::English);
    for text in moves {
        game.play_text(text).unwrap();
    }
    AnyGame::from(game)
}

#[test]
fn each_step_analyses_one_position_and_a_finished_review_stays_finished() {
    let game = english(&["11-15", "23-19"]);
    let mut review = Review::new(&game, settings());
    let mut engine = engine();
    assert_eq!(
        review.progress(),
        Progress {
            analysed: 0,
            total: 3
        }
    );
    assert!(review.result().moves.is_empty());
    let first = review.step(&mut engine).unwrap();
    assert_eq!(first.analysed, 1);
    // The first move needs the position after it too.
    assert!(review.result().moves.is_empty());
    review.step(&mut engine).unwrap();
    assert_eq!(review.result().moves.len(), 1);
    let last = review.step(&mut engine).unwrap();
    assert!(last.is_done() && review.is_done());
    assert_eq!(review.step(&mut engine).unwrap(), last);
    let result = review.result();
    assert_eq!(result.moves.len(), 2);
    assert_eq!(result.moves[1].played, "23-19");
    assert_eq!(result.moves[1].mover, Color::White);
    assert_eq!(result.moves[0].mover, Color::Black); // English: Black first
    assert!(result.final_eval.is_some());
}

#[test]
fn a_finished_game_ends_on_its_outcome_and_a_forced_move_is_never_marked() {
    // Black's man on 14 must take White's last man: the only move, and it
    // wins.
    let start = Position::from_fen("B:W18:B14", Variant::English).unwrap();
    let mut game = Game::from_position(start);
    let only = game.legal_moves();
    assert_eq!(only.len(), 1);
    game.play(&only[0]).unwrap();
    let result = reviewed(&AnyGame::from(game));
    let mv = &result.moves[0];
    assert!(mv.forced);
    assert_eq!((mv.mark, mv.loss), (None, Some(0.0)));
    let won = Eval::Win {
        winner: Color::Black,
        plies: 0,
    };
    assert_eq!(result.final_eval, Some(won));
    // A side whose only moves were forced made no choice to judge.
    assert_eq!(result.summary(Color::Black).accuracy, None);
}

#[test]
fn the_engines_own_moves_lose_nothing() {
    let mut game = english(&[]);
    let mut engine = engine();
    for _ in 0..6 {
        let report = engine.think(&game, Limits::depth(4), |_| {}).unwrap();
        game.play_text(report.best_move.as_deref().unwrap())
            .unwrap();
    }
    let result = reviewed(&game);
    for mv in &result.moves {
        assert!(mv.mark.is_none(), "{mv:?}");
        assert!(mv.loss.unwrap() < INACCURACY_LOSS, "{mv:?}");
    }
    let white = result.summary(Color::White);
    assert!(white.accuracy.unwrap() > 60.0, "{white:?}");
}

#[test]
fn clobber_is_reviewed_through_the_same_mechanism() {
    let start = ClobberPosition::parse("WBWB/BWBW/WBWB:B").unwrap();
    let mut game = ClobberGame::from_position(start);
    for _ in 0..3 {
        let first = game.legal_moves()[0];
        game.play(&first).unwrap();
    }
    let game = AnyGame::from(game);
    let result = reviewed(&game);
    assert_eq!(result.kind, GameKind::Clobber);
    assert_eq!(result.moves.len(), 3);
    assert!(result.moves.iter().all(|m| m.best_move.is_some()));
    // The written form reads back for Clobber too.
    let back = GameReview::from_comments(&game, &result.comments()).unwrap();
    let marks = |r: &GameReview| r.moves.iter().map(|m| m.mark).collect::<Vec<_>>();
    assert_eq!(marks(&back), marks(&result));
    assert_eq!(back.curve(), result.curve());
}

#[test]
fn an_engine_that_cannot_think_fails_the_step_and_the_review_goes_on() {
    let game = english(&["11-15"]);
    let mut review = Review::new(&game, settings());
    // The AlphaZero bot without its network.
    let mut unable = Engine::new(EngineChoice::AlphaZero { sims: None }, Assets::default());
    assert!(review.step(&mut unable).is_err());
    assert_eq!(review.progress().analysed, 0);
    review.step(&mut engine()).unwrap();
    assert_eq!(review.progress().analysed, 1);
}

#[test]
fn a_report_becomes_an_evaluation_from_whites_view() {
    let report = |score, mate_in| Report {
        score,
        mate_in,
        best_move: Some("11x18".into()),
        best_move_text: Some("11x18".into()),
        pv: vec!["11x18".into()],
        ..Report::default()
    };
    let kind = GameKind::Checkers;
    let black_up = position_of_report(&report(150, None), Color::Black, kind, false);
    assert_eq!(black_up.eval, Eval::Score(-150));
    let mated = position_of_report(&report(-29_990, Some(-10)), Color::White, kind, false);
    let black_wins = Eval::Win {
        winner: Color::Black,
        plies: 10,
    };
    assert_eq!(mated.eval, black_wins);
    // The AlphaZero bot's value 0.46 (score 46) is an expected score of 0.73.
    let az = position_of_report(&report(46, None), Color::White, kind, true);
    assert!(
        (az.eval.expected(Color::White, kind) - 0.73).abs() < 0.01,
        "{az:?}"
    );
}

fn hand_made_review() -> (AnyGame, GameReview) {
    let game = english(&["11-15", "23-19", "8-11"]);
    let mut review = GameReview {
        kind: GameKind::Checkers,
        moves: Vec::new(),
        final_eval: Some(Eval::Score(240)),
    };
    let evals = [Eval::Score(0), Eval::Score(10), Eval::Score(-5)];
    for (ply, played) in ["11-15", "23-19", "8-11"].iter().enumerate() {
        let mover = if ply % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        review.moves.push(MoveReview {
            ply,
            mover,
            played: played.to_string(),
            eval: Some(evals[ply]),
            expected: Some(evals[ply].expected(mover, GameKind::Checkers)),
            best_move: Some("9-13".into()).filter(|_| ply == 2),
            line: if ply == 2 {
                vec!["9-13".into(), "22-18".into()]
            } else {
                Vec::new()
            },
            loss: Some(if ply == 2 { 0.43 } else { 0.0 }),
            mark: (ply == 2).then_some(Mark::Blunder),
            forced: false,
            best: ply == 1,
        });
    }
    (game, review)
}

#[test]
fn the_comments_say_the_review_and_read_back_to_it() {
    let (game, review) = hand_made_review();
    let comments = review.comments();
    assert_eq!(
        comments,
        [
            (0, "[%eval +0.00]".to_string()),
            (1, "[%eval +0.10]".to_string()),
            (2, "[%eval -0.05] best".to_string()),
            (
                3,
                "[%eval +2.40] blunder; better 9-13 (9-13 22-18)".to_string()
            ),
        ]
    );
    let back = GameReview::from_comments(&game, &comments).unwrap();
    assert_eq!(back.curve(), review.curve());
    for (read, written) in back.moves.iter().zip(&review.moves) {
        assert_eq!(read.mark, written.mark);
        assert_eq!(read.best_move, written.best_move);
        assert_eq!(read.line, written.line);
        assert_eq!(read.best, written.best);
    }
    // The loss is recomputed from the evaluations: -0.05 to +2.40 for White.
    let loss = back.moves[2].loss.unwrap();
    assert!((loss - 0.43).abs() < 0.01, "{loss}");
    // The engine's own move lost nothing, though +0.10 to -0.05 would say
    // it did: the accuracy reads back as the review gave it.
    assert_eq!(back.moves[1].loss, Some(0.0));
    assert_eq!(back.summary(Color::White), review.summary(Color::White));
    assert_eq!(back.summary(Color::Black).blunders, 1);
}

#[test]
fn annotating_keeps_the_players_comments_and_replaces_an_old_review() {
    let (game, review) = hand_made_review();
    let own = vec![
        (0, "Club match, round 2".to_string()),
        (3, "[%eval +9.99] mistake".to_string()), // an old review
        (3, "played after a long think".to_string()),
        (3, "[%eval nonsense] blunder".to_string()), // not a review comment
    ];
    let merged = review.annotate(&own);
    assert_eq!(merged.len(), 4 + 3);
    assert_eq!(merged[0], (0, "[%eval +0.00]".to_string()));
    assert_eq!(merged[1], own[0]);
    let at_3: Vec<&str> = merged
        .iter()
        .filter(|(before, _)| *before == 3)
        .map(|(_, text)| text.as_str())
        .collect();
    assert_eq!(
        at_3,
        [
            "[%eval +2.40] blunder; better 9-13 (9-13 22-18)",
            "played after a long think",
            "[%eval nonsense] blunder",
        ]
    );
    let back = GameReview::from_comments(&game, &merged).unwrap();
    assert_eq!(back.moves[2].mark, Some(Mark::Blunder));
}

#[test]
fn comments_without_a_review_give_none_and_bad_ones_are_ignored() {
    let (game, _) = hand_made_review();
    let plain = [(1, "a quiet development".to_string())];
    assert_eq!(GameReview::from_comments(&game, &plain), None);
    let mixed = [
        (1, "[%eval +0.10]".to_string()),
        (2, "[%eval +0.x5] mistake".to_string()),
        // A better move that is not legal where the move was played.
        (3, "[%eval -2.40] blunder; better 1-5 (1-5)".to_string()),
        (99, "[%eval +1.00]".to_string()),
    ];
    let back = GameReview::from_comments(&game, &mixed).unwrap();
    assert_eq!(back.moves[0].eval, None);
    assert_eq!(back.moves[1].eval, Some(Eval::Score(10)));
    assert_eq!(back.moves[2].eval, None);
    assert_eq!(back.moves[1].mark, None);
    assert_eq!(back.moves[2].mark, None); // the whole comment was ignored
    assert_eq!(back.final_eval, None);
    // The only review comment names an illegal better move: no review
    // (found by the property test in tests/review.rs).
    let only_bad = [(1, "[%eval 0]; better [%eval ".to_string())];
    assert_eq!(GameReview::from_comments(&game, &only_bad), None);
}

#[test]
fn a_forced_position_waits_for_the_position_after_its_only_move() {
    let opening = [
        "11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20", "11-15", "26-22",
    ];
    let mut moves = opening.to_vec();
    moves.extend(["15x24", "28x19"]);
    let game = english(&moves);
    let mut review = Review::new(&game, settings());
    let mut engine = engine();
    // Positions 0..=10; the last has one legal move, 15x24.
    for _ in 0..=opening.len() {
        review.step(&mut engine).unwrap();
    }
    assert_eq!(review.result().moves.len(), opening.len() - 1);
    review.step(&mut engine).unwrap();
    let result = review.result();
    assert_eq!(result.moves.len(), opening.len() + 1);
    let only = &result.moves[opening.len()];
    assert!(only.forced);
    assert_eq!(only.best_move.as_deref(), Some("15x24"));
    assert_eq!(result.curve()[opening.len()], result.final_eval);
}

#[test]
fn the_alphazero_value_of_black_is_turned_to_whites_view() {
    let report = Report {
        score: 46,
        best_move: Some("11-15".into()),
        ..Report::default()
    };
    let kind = GameKind::Checkers;
    let black_better = position_of_report(&report, Color::Black, kind, true);
    let white = black_better.eval.expected(Color::White, kind);
    assert!((white - 0.27).abs() < 0.01, "{black_better:?}");
}

/// The page's way: the position to search handed out, its search made
/// by another engine (the worker), the report handed back — the same
/// review as `step` gives; a position that needs a search and gets none
/// is refused and the review stays where it was.
#[test]
fn a_review_fed_searches_from_outside_equals_one_that_searches_itself() {
    let game = english(&[
        "11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20", "11-15", "26-22",
        "15x24", "28x19",
    ]);
    let mut fed = Review::new(&game, settings());
    let mut worker = engine();
    let mut searched = 0;
    while !fed.is_done() {
        let report = match fed.position_to_search().cloned() {
            Some(position) => {
                let before = fed.progress();
                assert_eq!(fed.step_with(None, false), Err(GameError::Unsearched));
                assert_eq!(fed.progress(), before, "a refused step changes nothing");
                searched += 1;
                Some(worker.think(&position, settings().limits, |_| {}).unwrap())
            }
            None => None,
        };
        fed.step_with(report.as_ref(), false).unwrap();
    }
    // 13 positions; the one before 15x24 has that move only.
    assert_eq!(searched, 12);
    assert_eq!(fed.result(), reviewed(&game));
    assert!(fed.position_to_search().is_none(), "nothing once done");
}
