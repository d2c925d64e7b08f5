//! Rule checks: how games end (no move, repetition, no progress, the Russian endgame draws, which Brazilian shares) (see main.rs).

use super::*;

/// Row "win": the side to move with no legal move loses — no pieces, or all
/// blocked.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   b   .   .
/// 3   .   .   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// White to move has no pieces: Black wins (and the same with colours
/// swapped, `B:Wd4:B`).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   b   .   .
/// 4     b   .   .   .
/// 3   w   .   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// a3 cannot step to b4 nor jump it (c5 is occupied): White is blocked. The
/// same for Black's h6 against g5/f4 (`B:Wf4,g5:Bh6`), and for a king in the
/// corner, a1 behind b2 and c3 (`W:WKa1:Bb2,c3`).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   b   .   .
/// 4     b   .   .   .
/// 3   w   .   .   .
/// 2     b   .   .   .
/// 1   .   .   .   .
/// ```
///
/// Depends on the variant: a3 can jump b2 backward to c1 where men capture
/// backward (the game goes on); in English it is blocked and loses.
///
/// Finally a game won by play: the king's round trip of
/// `W:WKc3:Bd2,d4,f2,f4` takes all four black men; Black, to move, has none.
pub(crate) fn check_no_legal_move_loses(spec: &Spec) {
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    let cases = [
        ("W:W:Bd4", win(Color::Black, WinReason::NoPieces)),
        ("B:Wd4:B", win(Color::White, WinReason::NoPieces)),
        ("W:Wa3:Bb4,c5", win(Color::Black, WinReason::Blocked)),
        ("B:Wf4,g5:Bh6", win(Color::White, WinReason::Blocked)),
        ("W:WKa1:Bb2,c3", win(Color::Black, WinReason::Blocked)),
        (
            "W:Wa3:Bb2,b4,c5",
            if spec.men_capture_backward {
                None
            } else {
                win(Color::Black, WinReason::Blocked)
            },
        ),
    ];
    for (fen, outcome) in cases {
        let game = Game::from_position(position(spec, fen));
        assert_eq!(game.outcome(), outcome, "{}: {fen}", spec.variant);
        assert_eq!(game.legal_moves().is_empty(), outcome.is_some(), "{fen}");
    }
    let pos = assert_moves(
        spec,
        "W:Wa3:Bb2,b4,c5",
        if spec.men_capture_backward {
            &["a3:c1"]
        } else {
            &[]
        },
    );
    assert_eq!(pos.legal_moves().is_empty(), !spec.men_capture_backward);

    let mut game = Game::from_position(position(spec, "W:WKc3:Bd2,d4,f2,f4"));
    assert_eq!(game.outcome(), None);
    // One move or two, by either way round (see check_captured_pieces_block).
    play_one_of(spec, &mut game, &["c3:e5:g3:e1:c3", "c3:e1:g3:e5:c3"]);
    assert_eq!(game.outcome(), win(Color::White, WinReason::NoPieces));
    assert_eq!(game.outcome().map(|o| o.result_text()), Some("1-0"));
}

/// Row "draw: repetition": the same position with the same side to move for
/// the 3rd time.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   B
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   .   .   .
/// 3   .   .   .   .
/// 2     .   .   .   .
/// 1   .   W   .   .
/// ```
///
/// The kings shuffle c1-d2, h8-g7, d2-c1, g7-h8: after 4 plies the start
/// position is back (2nd occurrence, no draw), after 8 plies it occurs the 3rd
/// time: draw. No two kings ever share a diagonal, so there is never a
/// capture, and 8 plies are fewer than any variant's no-progress limit.
pub(crate) fn check_threefold_repetition(spec: &Spec) {
    let mut game = Game::from_position(position(spec, "W:WKc1:BKh8"));
    let shuffle = ["c1-d2", "h8-g7", "d2-c1", "g7-h8"];
    assert_eq!(game.repetitions(), 1);
    for ply in 1..=8 {
        play(spec, &mut game, shuffle[(ply - 1) % 4]);
        let expected_reps = match ply {
            4 => 2,
            8 => 3,
            _ => 1 + usize::from(ply > 4),
        };
        assert_eq!(game.repetitions(), expected_reps, "after ply {ply}");
        let expected = (ply == 8).then_some(Outcome::Draw(DrawReason::ThreefoldRepetition));
        assert_eq!(
            game.outcome(),
            expected,
            "{}: after ply {ply}",
            spec.variant
        );
    }
    assert!(game.legal_moves().is_empty());
    assert!(game.play_text(&text(spec, "c1-d2")).is_err());
}

/// A walk of king moves that never captures and never repeats a position
/// three times within 80 plies, in the position
///
/// ```text
///     a b c d e f g h
/// 8     .   b   .   .
/// 7   .   .   .   W
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   .   .   .
/// 3   W   .   B   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// White's king a3 walks a3-b4-c3-b2 and back while the king g7 steps to h8
/// between the two halves and back after them: 8 white states. Black's king
/// runs the ring e3-f4-g3-h2-g1-f2-e3: 6 states. A position thus recurs only
/// every lcm(8, 6) = 24 moves, at most twice in 40 moves (80 plies).
/// No square of White's walk (a3, b4, c3, b2, g7, h8) shares a diagonal with
/// a square of Black's ring or with d8 or c7 (the black man's squares in
/// [`check_no_progress`]), so no piece ever sees an enemy piece: no captures,
/// even for flying kings.
#[derive(Clone)]
pub(crate) struct Walk {
    white: usize,
    black: usize,
}

impl Walk {
    const WHITE: [&'static str; 8] = [
        "a3-b4", "b4-c3", "c3-b2", "g7-h8", "b2-c3", "c3-b4", "b4-a3", "h8-g7",
    ];
    const BLACK: [&'static str; 6] = ["e3-f4", "f4-g3", "g3-h2", "h2-g1", "g1-f2", "f2-e3"];

    fn new() -> Walk {
        Walk { white: 0, black: 0 }
    }

    /// Plays `plies` king moves of the walk, checking each is no progress.
    fn play(&mut self, spec: &Spec, game: &mut Game, plies: u32) {
        for _ in 0..plies {
            let before = game.quiet_plies();
            let mv = match game.position().side_to_move() {
                Color::White => {
                    self.white += 1;
                    Walk::WHITE[(self.white - 1) % 8]
                }
                Color::Black => {
                    self.black += 1;
                    Walk::BLACK[(self.black - 1) % 6]
                }
            };
            let mv = play(spec, game, mv);
            assert!(!mv.is_capture());
            assert_eq!(game.quiet_plies(), before + 1, "king move {mv:?}");
        }
    }
}

/// Row "draw: no progress": N consecutive plies with no man move and no
/// capture draw (N = 20 tournament, 80 English, 30 Russian); N - 1 do not; a
/// man move or a capture resets the count.
///
/// Position and king walk: see [`Walk`]. Black's man d8 never moves during
/// the walk.
///
/// 1. N - 1 walk plies: no result yet. One more: draw by no progress.
/// 2. After the N - 1 plies (N is even, so Black is to move) Black plays the
///    man move d8-c7 instead: the count is 0, N - 1 further walk plies give no
///    result, one more draws.
/// 3. Capture: White has a third king on e1,
///
///    ```text
///        a b c d e f g h
///    8     .   b   .   .
///    7   .   .   .   W
///    6     .   .   .   .
///    5   .   .   .   .
///    4     .   .   .   .
///    3   W   .   B   .
///    2     .   .   .   .
///    1   .   .   W   .
///    ```
///
///    which steps e1-f2 (a quiet king move: count 1), next to Black's king
///    with g1 empty behind it. e1 shares no diagonal with e3 or d8, so nothing
///    could be taken before. Black's king must take it, e3:g1, the only legal
///    move: a king capture, so only the capture rule can reset the count, to
///    0. The king is back on its ring and the walk goes on from g1. Had the
///    capture not reset the count, N - 1 further walk plies would reach N + 1;
///    they give no result, and one more draws.
pub(crate) fn check_no_progress(spec: &Spec) {
    let n = spec.no_progress_plies;
    let draw = Some(Outcome::Draw(DrawReason::NoProgress {
        plies: n,
        progress: Progress::ManMoveOrCapture,
    }));
    let fen = "W:WKa3,Kg7:BKe3,d8";

    let mut game = Game::from_position(position(spec, fen));
    let mut walk = Walk::new();
    walk.play(spec, &mut game, n - 1);
    assert_eq!(game.quiet_plies(), n - 1);
    assert_eq!(
        game.outcome(),
        None,
        "{}: after {} plies",
        spec.variant,
        n - 1
    );
    assert!(!game.legal_moves().is_empty());
    assert_eq!(game.position().side_to_move(), Color::Black);

    // 1. The N-th quiet ply draws.
    let mut full = game.clone();
    let mut full_walk = walk.clone();
    full_walk.play(spec, &mut full, 1);
    assert_eq!(full.quiet_plies(), n);
    assert_eq!(full.outcome(), draw, "{}: after {n} plies", spec.variant);
    assert!(full.legal_moves().is_empty());

    // 2. A man move resets the count.
    play(spec, &mut game, "d8-c7");
    assert_eq!(game.quiet_plies(), 0);
    assert_eq!(game.outcome(), None);
    walk.play(spec, &mut game, n - 1);
    assert_eq!(
        game.outcome(),
        None,
        "{}: man move did not reset",
        spec.variant
    );
    walk.play(spec, &mut game, 1);
    assert_eq!(game.outcome(), draw);

    // 3. A king capture resets the count.
    let mut game = Game::from_position(position(spec, "W:WKa3,Ke1,Kg7:BKe3,d8"));
    play(spec, &mut game, "e1-f2");
    assert_eq!(game.quiet_plies(), 1);
    assert_legal(spec, game.position(), &["e3:g1"]);
    let king = game.position().piece_at(square("e3")).map(|p| p.role);
    assert_eq!(king, Some(Role::King));
    play(spec, &mut game, "e3:g1");
    assert_eq!(game.quiet_plies(), 0);
    assert_eq!(game.outcome(), None);
    // White's walk starts afresh; Black's king goes on from g1 (g1-f2 next).
    let mut walk = Walk { white: 0, black: 4 };
    walk.play(spec, &mut game, n - 1);
    assert_eq!(
        game.outcome(),
        None,
        "{}: capture did not reset",
        spec.variant
    );
    walk.play(spec, &mut game, 1);
    assert_eq!(game.outcome(), draw);
}

// ---- Russian endgame draws (the Russian draughts federation's rules) -------
//
// Brazilian draughts use the same counts (README "Rule variants": the
// Brazilian confederation's counts as pydraughts plays them are Russian's), so
// each rule is checked for both variants.
//
// Each rule below draws a game once its material has stood a number of moves
// without a capture or a crowning. The games are walked with seeded random
// quiet moves: no capture, no crowning, never a position for the third time,
// never a move that leaves the opponent a capture, and a man move whenever
// the 15-move kings-only rule comes close.

/// The quiet moves the walk may play next (see above).
pub(crate) fn quiet_moves(game: &Game, allowed: &dyn Fn(&Position, &Move) -> bool) -> Vec<Move> {
    let pos = *game.position();
    let seen = |p: &Position| game.positions_and_moves().filter(|(q, _)| *q == p).count();
    let moves: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|m| !m.is_capture() && !m.promotes() && allowed(&pos, m))
        .filter(|m| {
            let after = pos.after(m);
            seen(&after) < 2 && after.legal_moves().iter().all(|r| !r.is_capture())
        })
        .collect();
    // Men move only when the kings-only rule comes close, so they last.
    let by_man = |m: &&Move| pos.men(pos.side_to_move()).contains(m.from());
    let (men, kings): (Vec<Move>, Vec<Move>) = moves.iter().partition(by_man);
    match (game.quiet_plies() >= 16, men.is_empty(), kings.is_empty()) {
        (true, false, _) => men,
        (_, _, false) => kings,
        _ => moves,
    }
}

/// Plays `plies` quiet moves chosen with `seed`, checking the game goes on
/// before each; Err when no quiet move is left.
pub(crate) fn quiet_walk(
    game: &mut Game,
    plies: u32,
    seed: u64,
    allowed: &dyn Fn(&Position, &Move) -> bool,
) -> Result<(), String> {
    let mut rng = warcaby::core::rng::Rng::new(seed);
    for ply in 0..plies {
        let fen = game.position().to_fen();
        assert_eq!(game.outcome(), None, "ply {ply}: {fen}");
        let moves = quiet_moves(game, allowed);
        if moves.is_empty() {
            return Err(format!("ply {ply}: no quiet move in {fen}"));
        }
        game.play(&moves[rng.index(moves.len())]).unwrap();
    }
    Ok(())
}

/// The game of `fen` (algebraic, as Russian and Brazilian write it) under
/// `spec`'s rules.
pub(crate) fn endgame(spec: &Spec, fen: &str) -> Game {
    Game::from_position(Position::from_fen(fen, spec.variant).unwrap())
}

pub(crate) fn on_main_road(sq: Square) -> bool {
    sq.file() == sq.rank()
}

/// Walks from `fen` to one ply before the limit (the game goes on), then
/// plays the last ply and returns the game; the first seed whose walk does
/// not get stuck is used.
pub(crate) fn walk_to_limit(
    spec: &Spec,
    fen: &str,
    allowed: &dyn Fn(&Position, &Move) -> bool,
    plies: u32,
) -> Game {
    let mut stuck = Vec::new();
    for seed in 0..64 {
        let mut game = endgame(spec, fen);
        match quiet_walk(&mut game, plies - 1, seed, allowed) {
            Ok(()) => {
                assert_eq!(game.outcome(), None, "one ply before the limit");
                if quiet_walk(&mut game, 1, seed, allowed).is_ok() {
                    return game;
                }
            }
            Err(e) => stuck.push(e),
        }
    }
    panic!("every walk got stuck: {stuck:?}");
}

/// The walk draws by `material`'s rule exactly at `plies`.
pub(crate) fn check_endgame_draw(
    spec: &Spec,
    fen: &str,
    allowed: &dyn Fn(&Position, &Move) -> bool,
    material: EndgameMaterial,
    plies: u32,
) {
    let game = walk_to_limit(spec, fen, allowed, plies);
    let rule = EndgameDraw { material, plies };
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::Endgame(rule))),
        "{}: {}",
        spec.variant,
        game.position().to_fen()
    );
}

/// Three kings against a lone king: drawn after 15 moves (30 plies).
pub(crate) fn check_three_kings_against_a_lone_king(spec: &Spec) {
    // The lone king keeps off the main road (there 5 moves would be enough).
    // With kings alone on the board this rule meets the 15-move kings-only
    // rule at the same ply; the game is drawn then, not before.
    let off_road =
        |pos: &Position, m: &Move| pos.side_to_move() == Color::White || !on_main_road(m.to());
    let game = walk_to_limit(spec, "W:WKc1,Ke1,Kg1:BKa5", &off_road, 30);
    assert!(EndgameMaterial::KingsAgainstLoneKing(3).matches(game.position()));
    assert!(
        matches!(game.outcome(), Some(Outcome::Draw(_))),
        "{}: {:?}",
        spec.variant,
        game.outcome()
    );
}

/// Three pieces, one at least a king, against a lone king on the main road:
/// drawn after 5 moves (10 plies).
pub(crate) fn check_three_pieces_against_a_lone_king_on_the_main_road(spec: &Spec) {
    let on_road =
        |pos: &Position, m: &Move| pos.side_to_move() == Color::White || on_main_road(m.to());
    check_endgame_draw(
        spec,
        "W:WKa3,Kc1,g3:BKd4",
        &on_road,
        EndgameMaterial::PiecesAgainstLoneKingOnMainRoad(3),
        10,
    );
}

/// Two pieces, one at least a king, against a lone king: drawn after 5 moves.
pub(crate) fn check_two_pieces_against_a_lone_king(spec: &Spec) {
    check_endgame_draw(
        spec,
        "W:WKc1,e3:BKh6",
        &|_, _| true,
        EndgameMaterial::PiecesAgainstLoneKing(2),
        10,
    );
}

/// Kings on both sides: 4 or 5 pieces drawn after 30 moves, 6 or 7 after 60.
pub(crate) fn check_endings_with_kings_on_both_sides(spec: &Spec) {
    check_endgame_draw(
        spec,
        "W:WKd2,a3:BKe7,h6",
        &|_, _| true,
        EndgameMaterial::BothSidesKings(4, 5),
        60,
    );
    check_endgame_draw(
        spec,
        "W:WKd2,a1,a3:BKe7,h8,h6",
        &|_, _| true,
        EndgameMaterial::BothSidesKings(6, 7),
        120,
    );
}

/// Two tests, Russian and Brazilian, running the same endgame check:
/// `check => russian_name, brazilian_name;`.
macro_rules! russian_and_brazilian {
    ($($check:ident => $russian:ident, $brazilian:ident;)*) => {$(
        spec_test!($check, RUSSIAN, $russian);
        spec_test!($check, BRAZILIAN, $brazilian);
    )*};
}

russian_and_brazilian! {
    check_three_kings_against_a_lone_king =>
        russian_three_kings_against_a_lone_king_draw_after_15_moves,
        brazilian_three_kings_against_a_lone_king_draw_after_15_moves;
    check_three_pieces_against_a_lone_king_on_the_main_road =>
        russian_three_pieces_against_a_lone_king_on_the_main_road_draw_after_5_moves,
        brazilian_three_pieces_against_a_lone_king_on_the_main_road_draw_after_5_moves;
    check_two_pieces_against_a_lone_king =>
        russian_two_pieces_against_a_lone_king_draw_after_5_moves,
        brazilian_two_pieces_against_a_lone_king_draw_after_5_moves;
    check_endings_with_kings_on_both_sides =>
        russian_endings_with_kings_on_both_sides_draw_after_30_and_60_moves,
        brazilian_endings_with_kings_on_both_sides_draw_after_30_and_60_moves;
}

#[test]
pub(crate) fn only_russian_and_brazilian_have_endgame_draws() {
    assert!(Variant::Tournament.rules().end.endgames.is_empty());
    assert!(Variant::English.rules().end.endgames.is_empty());
    assert_eq!(Variant::Russian.rules().end.endgames.len(), 5);
    // Brazilian's are Russian's (README "Rule variants").
    assert_eq!(
        Variant::Brazilian.rules().end.endgames,
        Variant::Russian.rules().end.endgames
    );
    // Material is matched for either side as the stronger one.
    let p = |fen| Position::from_fen(fen, Variant::Russian).unwrap();
    let three = EndgameMaterial::KingsAgainstLoneKing(3);
    assert!(three.matches(&p("W:WKc1,Ke1,Kg1:BKb6")));
    assert!(three.matches(&p("W:WKb6:BKc1,Ke1,Kg1")));
    assert!(
        !three.matches(&p("W:WKc1,Ke1,g3:BKb6")),
        "a man is not a king"
    );
    let road = EndgameMaterial::PiecesAgainstLoneKingOnMainRoad(3);
    assert!(road.matches(&p("W:WKc1,Ke1,g3:BKd4")));
    assert!(!road.matches(&p("W:WKc1,Ke1,g3:BKb6")));
}
