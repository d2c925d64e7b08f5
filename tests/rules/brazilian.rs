//! Brazilian-only rule tests: the rows of the spec's section "International
//! rules" that the variant table has no row for (see main.rs). Where a
//! position would play differently under Russian rules, the Russian moves
//! are checked too, to show that the position tests the rule.

use super::*;

/// The maximum capture counts pieces, a king as one, like a man.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     b   .   .   .
/// 5   .   .   .   .
/// 4     b   .   B   .
/// 3   w   .   w   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// a3 takes two men, b4 and b6 (a3:c5:a7); e3 takes the king f4 (e3:g5) and
/// nothing more. Two men beat one king: a3:c5:a7 is the only move (Russian
/// rules offer both). With a second black king on f6, e3 goes on over it to
/// e7 (e3:g5:e7): two kings are two pieces, as many as two men, so both
/// captures are offered. Without b6 one man and one king are taken: both
/// offered again.
#[test]
fn brazilian_maximum_capture_counts_a_king_as_one_piece() {
    let two_men_one_king = "W:Wa3,e3:Bb4,b6,Kf4";
    let pos = assert_moves(&BRAZILIAN, two_men_one_king, &["a3:c5:a7"]);
    let mv = legal_move(&BRAZILIAN, &pos, "a3:c5:a7");
    assert_eq!(captured(&mv), names(&["b4", "b6"]));
    let mut game = Game::from_position(pos);
    assert!(game.play_text("e3:g5").is_err(), "one king beside two men");
    assert_moves(&RUSSIAN, two_men_one_king, &["a3:c5:a7", "e3:g5"]);

    let pos = assert_moves(
        &BRAZILIAN,
        "W:Wa3,e3:Bb4,b6,Kf4,Kf6",
        &["a3:c5:a7", "e3:g5:e7"],
    );
    let kings = legal_move(&BRAZILIAN, &pos, "e3:g5:e7");
    assert_eq!(captured(&kings), names(&["f4", "f6"]));
    assert_eq!(kings.capture_count(), 2);
    for alg_move in ["a3:c5:a7", "e3:g5:e7"] {
        let mut game = Game::from_position(pos);
        play(&BRAZILIAN, &mut game, alg_move);
    }

    assert_moves(&BRAZILIAN, "W:Wa3,e3:Bb4,Kf4", &["a3:c5", "e3:g5"]);
}

/// Among the sequences that take the most pieces the player chooses freely.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   b   b   .
/// 5   .   .   .   .
/// 4     .   b   .   .
/// 3   .   w   .   b
/// 2     .   .   .   w
/// 1   .   .   .   .
/// ```
///
/// c3 takes d4 and then d6 (to c7) or f6 (to g7): two pieces either way.
/// h2 takes g3 only. Both 2-piece captures are moves and the game accepts
/// either; h2:f4 is refused (Russian rules allow all three).
#[test]
fn brazilian_equal_maximum_captures_are_all_offered() {
    let fen = "W:Wc3,h2:Bd4,d6,f6,g3";
    let pos = assert_moves(&BRAZILIAN, fen, &["c3:e5:c7", "c3:e5:g7"]);
    for (alg_move, taken) in [("c3:e5:c7", ["d4", "d6"]), ("c3:e5:g7", ["d4", "f6"])] {
        let mut game = Game::from_position(pos);
        assert!(game.play_text("h2:f4").is_err());
        let mv = play(&BRAZILIAN, &mut game, alg_move);
        assert_eq!(captured(&mv), names(&taken));
    }
    assert_moves(&RUSSIAN, fen, &["c3:e5:c7", "c3:e5:g7", "h2:f4"]);
}

/// A man that reaches the last row in a capture and can go on capturing goes
/// on as a man (backwards), and is not crowned; a man whose capture ends on
/// the last row is crowned.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   b   b   .
/// 6     w   .   .   .
/// 5   .   .   .   .
/// 4     .   .   .   .
/// 3   .   b   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// b6 takes c7, reaching d8, and goes on backward over e7 to f6 — as a man,
/// which cannot reach c3 from f6: b6:d8:f6, two pieces, a man on f6. Were it
/// crowned on d8 (Russian), the flying king would have to land on f6 and take
/// c3 as well (b6:d8:f6:b2, b6:d8:f6:a1).
///
/// With g7 instead of c3 the man goes on from f6 over g7 to h8: its capture
/// ends on the last row and it is crowned there (b6:d8:f6:h8). And b4 taking
/// c5 and e7 ends on f8, crowned (b4:d6:f8).
#[test]
fn brazilian_man_passing_last_row_in_capture_goes_on_as_a_man() {
    let fen = "W:Wb6:Bc7,e7,c3";
    let pos = assert_moves(&BRAZILIAN, fen, &["b6:d8:f6"]);
    let mv = legal_move(&BRAZILIAN, &pos, "b6:d8:f6");
    assert!(!mv.promotes(), "{mv:?}");
    assert_eq!(captured(&mv), names(&["c7", "e7"]));
    let mut game = Game::from_position(pos);
    play(&BRAZILIAN, &mut game, "b6:d8:f6");
    let after = game.position();
    assert_eq!(
        after
            .men(Color::White)
            .squares()
            .map(alg)
            .collect::<Vec<_>>(),
        ["f6"]
    );
    assert!(after.kings(Color::White).is_empty());
    assert!(after.pieces(Color::Black).contains(square("c3")));
    assert_moves(&RUSSIAN, fen, &["b6:d8:f6:a1", "b6:d8:f6:b2"]);

    for (fen, alg_move, taken, crown) in [
        (
            "W:Wb6:Bc7,e7,g7",
            "b6:d8:f6:h8",
            &["c7", "e7", "g7"][..],
            "h8",
        ),
        ("W:Wb4:Bc5,e7", "b4:d6:f8", &["c5", "e7"][..], "f8"),
    ] {
        let pos = assert_moves(&BRAZILIAN, fen, &[alg_move]);
        let mv = legal_move(&BRAZILIAN, &pos, alg_move);
        assert!(mv.promotes(), "{mv:?}");
        assert_eq!(captured(&mv), names(taken));
        let after = pos.after(&mv);
        assert_eq!(
            after.piece_at(square(crown)),
            Some(Piece {
                color: Color::White,
                role: Role::King
            })
        );
        assert!(after.men(Color::White).is_empty());
    }
}

/// The Turkish strike: a captured piece stays on the board until the move
/// ends — it blocks the king's path and is never jumped twice.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   W   .   .   b
/// 6     .   .   .   .
/// 5   .   b   .   .
/// 4     .   .   .   .
/// 3   .   .   .   .
/// 2     b   b   .   .
/// 1   .   .   .   .
/// ```
///
/// The king a7 takes c5 and lands on e3 (from d4 it could only take b2:
/// two pieces), takes d2 to c1 and b2 to a3: three pieces. From a3 the
/// diagonal a3-b4-c5-d6-e7-f8 holds the captured c5, still on the board: it
/// cannot be jumped again and hides e7. Were c5 lifted at once, a3 would go
/// on over e7 to f8, a 4-piece capture. So a7:e3:c1:a3 is the only move
/// (Russian rules, without the maximum capture, also allow a7:d4:a1), and e7
/// stays.
#[test]
fn brazilian_captured_pieces_block_until_the_move_ends() {
    let fen = "W:WKa7:Bb2,c5,d2,e7";
    let pos = assert_moves(&BRAZILIAN, fen, &["a7:e3:c1:a3"]);
    let mv = legal_move(&BRAZILIAN, &pos, "a7:e3:c1:a3");
    assert_eq!(captured(&mv), names(&["b2", "c5", "d2"]));
    assert_eq!(mv.path().len(), 3, "{mv:?}: three jumps, no more");
    let after = pos.after(&mv);
    assert_eq!(
        after
            .pieces(Color::Black)
            .squares()
            .map(alg)
            .collect::<Vec<_>>(),
        ["e7"]
    );
    assert_moves(&RUSSIAN, fen, &["a7:d4:a1", "a7:e3:c1:a3"]);
}

/// Two capture sequences with the same start, end and captured pieces are
/// one move.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     w   .   b   .
/// 3   .   W   .   .
/// 2     w   b   b   .
/// 1   .   .   .   .
/// ```
///
/// The king c3 stands in a ring of four black men, d4, f4, f2, d2. It can go
/// round either way, c3:e5:g3:e1:c3 or c3:e1:g3:e5:c3 (it must land where it
/// can capture again, and the white men b2 and b4 stop it on c3 at the end):
/// the same start, end and captured pieces, so one move, and the only one.
/// Its text parses back to it; played, it takes every black piece and wins.
/// (Russian rules offer both ways round as two moves.)
#[test]
fn brazilian_same_start_end_and_captured_pieces_are_one_move() {
    let fen = "W:WKc3,b2,b4:Bd2,d4,f2,f4";
    let pos = position(&BRAZILIAN, fen);
    let rounds = ["c3:e5:g3:e1:c3", "c3:e1:g3:e5:c3"];
    let mv = assert_legal_one_of(&BRAZILIAN, &pos, &[], &rounds);
    assert_eq!(pos.legal_moves(), vec![mv]);
    assert_eq!(captured(&mv), names(&["d2", "d4", "f2", "f4"]));
    assert_eq!((mv.from(), mv.to()), (square("c3"), square("c3")));
    let full = full_text(&mv, pos.rules());
    assert_eq!(pos.parse_move(&full), Ok(mv), "{full}");
    let short = pos.move_text(&mv);
    assert_eq!(pos.parse_move(&short), Ok(mv), "{short}");
    // Every landing square written either way round names the one move.
    for round in rounds {
        assert_eq!(pos.parse_move(round), Ok(mv), "{round}");
    }
    // A path over other pieces, or off the diagonals, names nothing.
    assert!(pos.parse_move("c3:e5:g3:e1:a3").is_err());
    assert!(pos.parse_move("c3:d4:c3").is_err());

    let mut game = Game::from_position(pos);
    game.play_text(&short).expect("the move's own text");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoPieces
        })
    );
    assert_moves(&RUSSIAN, fen, &rounds);
}

/// A flying king jumping a piece lands on any empty square behind it, but
/// must take one from which it can capture again (the maximum capture).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     b   .   .   .
/// 5   .   .   .   b
/// 4     .   .   .   .
/// 3   .   b   .   .
/// 2     .   .   .   .
/// 1   W   .   .   .
/// ```
///
/// The king a1 takes c3 and may land on d4, e5, f6, g7 or h8. From d4 it
/// takes b6 (to a7), from f6 it takes g5 (to h4); from e5, g7 and h8 nothing:
/// a1:d4:a7 and a1:f6:h4, two pieces each, are the moves. With f4 instead of
/// b6 and g5 only e5 goes on, over f4, and after that last piece the king
/// stops on any square behind it: a1:e5:g3 and a1:e5:h2.
#[test]
fn brazilian_flying_king_lands_where_it_can_capture_again() {
    let pos = assert_moves(&BRAZILIAN, "W:WKa1:Bc3,b6,g5", &["a1:d4:a7", "a1:f6:h4"]);
    for mv in pos.legal_moves() {
        assert_eq!(mv.capture_count(), 2);
        assert!(!mv.promotes());
    }
    assert!(matches!(
        pos.parse_move("a1:e5"),
        Err(MoveTextError::Illegal { .. })
    ));
    assert_moves(&BRAZILIAN, "W:WKa1:Bc3,f4", &["a1:e5:g3", "a1:e5:h2"]);
}
