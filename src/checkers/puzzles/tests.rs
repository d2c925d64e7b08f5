use super::*;
use crate::core::Color;

/// A shot found in an arena game: Black gives two men and takes three.
fn shot() -> Puzzle {
    Puzzle {
        id: "english-0001".into(),
        variant: Variant::English,
        fen: "B:W15,22,23,24,27,29,32:B1,4,6,8,14,20".into(),
        line: vec![
            "14-17".into(),
            "22x13".into(),
            "6-9".into(),
            "13x6".into(),
            "1x10x19x26".into(),
        ],
        themes: vec![Theme::Shot],
        rating: 1280,
        source: "test".into(),
    }
}

#[test]
fn the_right_moves_are_answered_by_the_line_and_solve_it() {
    let mut run = PuzzleRun::new(&shot()).unwrap();
    assert_eq!(run.solver(), Color::Black);
    let hinted = run.hint().unwrap();
    assert_eq!(hinted.number(), 14);
    assert!(matches!(
        run.try_text("14-17"),
        Ok(Some(Verdict::Right { .. }))
    ));
    assert!(matches!(
        run.try_text("6-9"),
        Ok(Some(Verdict::Right { .. }))
    ));
    // The short text of the triple jump is enough.
    assert_eq!(run.try_text("1x26"), Ok(Some(Verdict::Solved)));
    assert!(run.is_solved() && !run.is_failed());
    assert_eq!(run.hints(), 1);
    assert_eq!(
        run.try_text("29-25"),
        Ok(None),
        "nothing expected once solved"
    );
}

#[test]
fn a_wrong_move_fails_the_puzzle_changes_nothing_and_the_right_one_goes_on() {
    let mut run = PuzzleRun::new(&shot()).unwrap();
    let before = *run.game().position();
    match run.try_text("6-9") {
        Ok(Some(Verdict::Wrong { expected })) => {
            assert_eq!(before.move_text(&expected), "14-17")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        *run.game().position(),
        before,
        "the wrong move is not played"
    );
    assert!(run.is_failed());
    assert!(
        run.try_text("5-9").is_err(),
        "no man on 5: refused, nothing changes"
    );
    assert_eq!(*run.game().position(), before);
    let rest = run.show_solution();
    assert_eq!(rest.len(), 5);
    assert!(run.is_solved() && run.is_failed());
}

#[test]
fn a_puzzle_that_does_not_read_is_refused_with_its_name() {
    let mut bad = shot();
    bad.line[2] = "6-2".into();
    let err = PuzzleRun::new(&bad).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("puzzle english-0001: move 3 (6-2)"),
        "{err}"
    );
    let mut even = shot();
    even.line.pop();
    assert!(matches!(
        PuzzleRun::new(&even),
        Err(PuzzleError::Line { .. })
    ));
    let mut fen = shot();
    fen.fen = "B:W99:B1".into();
    assert!(matches!(PuzzleRun::new(&fen), Err(PuzzleError::Fen { .. })));
    let set = PuzzleSet {
        variant: Variant::Russian,
        puzzles: vec![shot()],
    };
    assert!(matches!(set.check(), Err(PuzzleError::NotOfSet { .. })));
}

#[test]
fn the_rating_follows_results_and_picks_the_nearest_unseen_puzzle() {
    let mut rating = Rating::default();
    assert_eq!(rating.rating, START_RATING);
    let up = rating.record(1200, true);
    assert_eq!(up, 16, "an even puzzle: half of K");
    assert_eq!((rating.streak, rating.best_streak), (1, 1));
    let down = rating.record(1000, false);
    assert!(down < -16, "failing an easier puzzle costs more: {down}");
    assert_eq!(
        (rating.streak, rating.best_streak, rating.failed),
        (0, 1, 1)
    );
    let mut easy = shot();
    easy.id = "easy".into();
    easy.rating = 900;
    let mut hard = shot();
    hard.id = "hard".into();
    hard.rating = 1500;
    let set = [easy, hard];
    let rating = Rating {
        rating: 1400,
        ..Rating::default()
    };
    assert_eq!(rating.next(&set, |_| false).unwrap().id, "hard");
    assert_eq!(rating.next(&set, |id| id == "hard").unwrap().id, "easy");
    assert_eq!(
        rating.next(&set, |_| true).unwrap().id,
        "hard",
        "all seen: again"
    );
}

/// The miner finds the shot in the game it comes from (the arena's level
/// 2 against level 4: Black to move at ply 29), verifies it, plays its
/// line out and names its theme; a position one move earlier holds none.
#[test]
fn mining_a_game_finds_its_shot_with_the_line_and_theme() {
    let puzzle = shot();
    let start = Position::from_fen(&puzzle.fen, Variant::English).unwrap();
    let game = Game::from_position(start);
    let settings = MineSettings {
        min_ply: 0,
        depth: 10,
        quick_depth: 6,
        ..MineSettings::default()
    };
    let (found, stats) = mine(&[("test".into(), game)], &settings, 7, || {});
    assert_eq!(stats.positions, 1);
    assert_eq!(found.len(), 1, "{stats:?}");
    let mined = &found[0];
    assert_eq!(mined.id, "english-0007");
    assert_eq!(mined.line, puzzle.line);
    assert!(mined.themes.contains(&Theme::Shot));
    assert_eq!(mined.source, "test, ply 1");
    assert!(mined.rating >= 600);
    // The line wins the man it promises.
    let mut run = PuzzleRun::new(mined).unwrap();
    run.show_solution();
    let end = run.game().position();
    let material = |p: &Position, c: Color| p.pieces(c).count() as i32;
    let gain = material(end, Color::Black) - material(end, Color::White);
    let before = material(&start, Color::Black) - material(&start, Color::White);
    assert!(gain > before);
    // The starting position is no puzzle: nothing to win there.
    let (none, _) = mine(
        &[("start".into(), Game::new(Variant::English))],
        &settings,
        1,
        || {},
    );
    assert!(none.is_empty());
}
