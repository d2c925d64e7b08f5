//! Rule checks: capture sequences, promotion during a capture, captured pieces, equal ends (see main.rs).

use super::*;

/// Row "a started sequence": must be continued with the same piece while it
/// can capture; Russian: a king with several landing squares must take one
/// from which it can capture again, when there is one (Brazilian: the same,
/// as the maximum capture demands; more in `brazilian.rs`).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   b   b   .
/// 5   .   .   .   .
/// 4     .   b   .   .
/// 3   .   w   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// c3 jumps d4 to e5 and must go on, over d6 to c7 or over f6 to g7; stopping
/// on e5 is not a move (and `c3:e5` does not parse).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   b   .
/// 5   .   .   .   .
/// 4     .   b   .   .
/// 3   .   .   .   .
/// 2     b   .   .   .
/// 1   W   .   .   .
/// ```
///
/// A king: a1 over b2 to c3, over d4 to e5, over f6 to g7 — the only landing
/// for a short king; a flying king may also land on h8 after f6 (its only
/// choices are c3, then e5, since the next piece stops each flight).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   b   .   .
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   .   .   .
/// 3   .   b   .   .
/// 2     .   .   .   .
/// 1   W   .   .   .
/// ```
///
/// A flying king jumping c3 could land on d4, e5, f6, g7 or h8; only from e5
/// can it capture again (c7, landing b8), so a1:e5:b8 is the only move. A short
/// king is not next to c3 and can only step to b2.
pub(crate) fn check_sequence_continues(spec: &Spec) {
    let pos = assert_moves(spec, "W:Wc3:Bd4,d6,f6", &["c3:e5:c7", "c3:e5:g7"]);
    assert!(matches!(
        pos.parse_move(&text(spec, "c3:e5")),
        Err(MoveTextError::Illegal { .. })
    ));

    let fly = spec.flying_kings;
    assert_moves(
        spec,
        "W:WKa1:Bb2,d4,f6",
        if fly {
            &["a1:c3:e5:g7", "a1:c3:e5:h8"]
        } else {
            &["a1:c3:e5:g7"]
        },
    );
    let pos = assert_moves(
        spec,
        "W:WKa1:Bc3,c7",
        if fly { &["a1:e5:b8"] } else { &["a1-b2"] },
    );
    if fly {
        let mv = legal_move(spec, &pos, "a1:e5:b8");
        assert_eq!(captured(&mv), names(&["c3", "c7"]));
    }
}

/// Row "man reaching the last rank during a capture": crowned and the move
/// ends (English); crowned and continues capturing (tournament, as the
/// contest's referee program does), as a king (Russian: a flying one);
/// continues as a man, backwards, and is crowned only if its move ends on
/// the last rank (Brazilian).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   b   b   .
/// 6     w   .   .   .
/// 5   .   .   .   .
/// 4     .   .   .   .
/// 3   .   .   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// b6 jumps c7 and lands on d8, the crowning rank. From d8 the piece could take
/// e7 (a man backward, a king in any case). English: the move ends on d8
/// crowned and e7 stays. Tournament: the new king jumps e7 to f6. Russian: the
/// new king goes on over e7 and, flying, lands on f6, g5 or h4. Brazilian:
/// the man goes on backward over e7 to f6 and stays a man there.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   b   .   .
/// 6     w   .   b   .
/// 5   .   .   .   .
/// 4     .   .   .   .
/// 3   .   .   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// Here f6 is not adjacent to d8: only a flying king can go on, to g5 or h4.
/// Tournament and English: b6:d8 only; Brazilian too, and the man, whose
/// capture ends on the last rank, is crowned.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   .   .   .
/// 3   .   .   .   b
/// 2     .   w   w   .
/// 1   .   .   .   .
/// ```
///
/// The same for Black, crowned on rank 1: g3 takes f2 and lands on e1.
/// Tournament: the new king goes on over d2 to c3; Russian: to c3, b4 or a5;
/// English: g3:e1 only, and d2 stays; Brazilian: the man goes on over d2 to
/// c3 and is no king there.
pub(crate) fn check_promotion_during_capture(spec: &Spec) {
    // (position, the move that stops on the crowning square, the piece it
    // takes, the piece it may go on to take, the moves of a short king that
    // goes on, the moves of a flying king that goes on, the moves of a man
    // that goes on)
    type Case<'a> = (
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        &'a [&'a str],
        &'a [&'a str],
        &'a [&'a str],
    );
    let cases: [Case; 3] = [
        (
            "W:Wb6:Bc7,e7",
            "b6:d8",
            "c7",
            "e7",
            &["b6:d8:f6"],
            &["b6:d8:f6", "b6:d8:g5", "b6:d8:h4"],
            &["b6:d8:f6"],
        ),
        (
            "W:Wb6:Bc7,f6",
            "b6:d8",
            "c7",
            "f6",
            &["b6:d8"],
            &["b6:d8:g5", "b6:d8:h4"],
            &["b6:d8"],
        ),
        (
            "B:Wd2,f2:Bg3",
            "g3:e1",
            "f2",
            "d2",
            &["g3:e1:c3"],
            &["g3:e1:c3", "g3:e1:b4", "g3:e1:a5"],
            &["g3:e1:c3"],
        ),
    ];
    for (fen, stop, first, beyond, short, flying, as_man) in cases {
        let pos = position(spec, fen);
        let us = pos.side_to_move();
        let piece = |role| Some(Piece { color: us, role });
        let crown = square(stop.split(':').nth(1).expect("a landing square"));
        let continued = match spec.crowning_in_capture {
            InCapture::EndsMove => {
                assert_legal(spec, &pos, &[stop]);
                let mv = legal_move(spec, &pos, stop);
                assert!(mv.promotes());
                assert_eq!(captured(&mv), names(&[first]));
                let after = pos.after(&mv);
                assert_eq!(after.piece_at(crown), piece(Role::King));
                assert!(after.pieces(!us).contains(square(beyond)));
                continue;
            }
            InCapture::ContinuesAsKing if spec.flying_kings => flying,
            InCapture::ContinuesAsKing => short,
            InCapture::ContinuesAsMan => as_man,
        };
        assert_legal(spec, &pos, continued);
        for mv in pos.legal_moves() {
            assert_eq!(mv.path()[0], crown);
            let went_on = mv.path().len() > 1;
            let taken: &[&str] = if went_on { &[first, beyond] } else { &[first] };
            assert_eq!(captured(&mv), names(taken));
            let after = pos.after(&mv);
            assert_eq!(after.pieces(!us).is_empty(), went_on);
            // A man that went on from the last rank is no king; one whose
            // capture ends there is.
            let crowned = spec.crowning_in_capture == InCapture::ContinuesAsKing || !went_on;
            assert_eq!(mv.promotes(), crowned, "{}: {mv:?}", spec.variant);
            let role = if crowned { Role::King } else { Role::Man };
            assert_eq!(after.piece_at(mv.to()), piece(role), "{}", spec.variant);
        }
    }
}

/// Row "captured pieces": they stay on the board until the move ends and none
/// may be jumped twice (they block).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   b   b   .
/// 3   .   W   .   .
/// 2     .   b   b   .
/// 1   .   .   .   .
/// ```
///
/// The king can go round the square: c3:e5 (d4), e5:g3 (f4), g3:e1 (f2),
/// e1:c3 (d2), back on its start, or the same the other way round. On c3 again
/// it stands next to d4 and d2 with e5 and e1 empty: were captured pieces
/// jumpable again it would loop for ever. Short king: exactly the two round
/// trips. Flying king: it must land where it can capture again (e5 after d4,
/// g3 after f4, e1 after f2 — h2 and f6 and h4 lead nowhere), and after the
/// last piece it may stop on any square of the free diagonal: c3, b4 or a5
/// (or c3, b2, a1 the other way round); from c3 the captured d4 blocks the way.
/// Brazilian: the two round trips back to c3 have the same start, end and
/// captured pieces and are one move, so there are five moves.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   W   .   .
/// 6     .   .   .   .
/// 5   .   .   b   .
/// 4     .   b   .   .
/// 3   .   .   .   .
/// 2     .   b   b   .
/// 1   .   .   .   .
/// ```
///
/// The Turkish strike (Russian). Flying, c7 takes e5 and may land on f4, g3 or
/// h2. From f4 it can take d2 (landing c1); from g3 it takes f2 (landing e1),
/// then d2 (landing c3, b4 or a5). From c3 the diagonal c3-d4-e5 holds d4 and,
/// behind it, the captured e5, still on the board: d4 cannot be taken. Were e5
/// lifted at once, c3 would be the only landing allowed (d4 could be taken
/// from it). So: c7:f4:c1, c7:g3:e1:c3, c7:g3:e1:b4, c7:g3:e1:a5. A short
/// king on c7 touches nothing and only steps (b6, b8, d6, d8). Brazilian:
/// the three 3-piece captures only — were e5 lifted at once, c3:d4 would
/// make a 4-piece capture the only move.
pub(crate) fn check_captured_pieces_block(spec: &Spec) {
    let fly = spec.flying_kings;
    let diamond = "W:WKc3:Bd2,d4,f2,f4";
    let pos = position(spec, diamond);
    let rounds = ["c3:e5:g3:e1:c3", "c3:e1:g3:e5:c3"];
    let ends_elsewhere = [
        "c3:e5:g3:e1:b4",
        "c3:e5:g3:e1:a5",
        "c3:e1:g3:e5:b2",
        "c3:e1:g3:e5:a1",
    ];
    let round = if spec.maximum_capture {
        assert_legal_one_of(spec, &pos, &ends_elsewhere, &rounds)
    } else {
        let mut all = rounds.to_vec();
        if fly {
            all.extend(ends_elsewhere);
        }
        assert_legal(spec, &pos, &all);
        legal_move(spec, &pos, rounds[0])
    };
    for mv in pos.legal_moves() {
        assert_eq!(captured(&mv), names(&["d2", "d4", "f2", "f4"]));
        assert_eq!(mv.path().len(), 4, "{mv:?}: four jumps, no more");
    }
    assert_eq!(round.from(), round.to());
    let after = pos.after(&round);
    assert!(after.pieces(Color::Black).is_empty());
    assert_eq!(
        after.piece_at(square("c3")).map(|p| (p.color, p.role)),
        Some((Color::White, Role::King))
    );

    let pos = assert_moves(
        spec,
        "W:WKc7:Bd2,d4,e5,f2",
        match (fly, spec.maximum_capture) {
            (true, true) => &["c7:g3:e1:c3", "c7:g3:e1:b4", "c7:g3:e1:a5"],
            (true, false) => &["c7:f4:c1", "c7:g3:e1:c3", "c7:g3:e1:b4", "c7:g3:e1:a5"],
            (false, _) => &["c7-b6", "c7-b8", "c7-d6", "c7-d8"],
        },
    );
    if fly {
        let mv = legal_move(spec, &pos, "c7:g3:e1:c3");
        assert_eq!(captured(&mv), names(&["d2", "e5", "f2"]));
        assert!(pos.after(&mv).pieces(Color::Black).contains(square("d4")));
    }
}

/// Two capture sequences with the same start and end but different captured
/// pieces are different moves: both offered, written with their full paths,
/// each parsing back to itself. Under the maximum-capture rules (Brazilian)
/// two sequences with the same start, end and captured pieces are one move.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   b   .   .
/// 5   .   .   .   .
/// 4     b   b   .   .
/// 3   .   .   .   .
/// 2     b   b   .   .
/// 1   .   w   .   .
/// ```
///
/// The man on c1 reaches e7 two ways, both forward only: c1:e3:c5:e7 over d2,
/// d4, d6 and c1:a3:c5:e7 over b2, b4, d6. `c1:e7` alone is ambiguous. Where men
/// capture backward (tournament, Russian) the man can also go round: from c5
/// back over b4 to a3 and over b2 to c1 (or the mirror), ending on its start
/// square — two more moves with equal start, end and captured pieces but
/// different landing squares, also distinct.
///
/// Brazilian: the round trip takes four pieces, the ways to e7 three, so
/// the round trip is the only move — and its two directions, with the same
/// start, end and captured pieces, are one move. With a black man on f6 as
/// well,
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   b   b   .
/// 5   .   .   .   .
/// 4     b   b   .   .
/// 3   .   .   .   .
/// 2     b   b   .   .
/// 1   .   w   .   .
/// ```
///
/// the man goes on from e7 backward over f6 to g5, so both ways to g5 take
/// four pieces, like the round trip: c1:a3:c5:e7:g5 (b2, b4, d6, f6) and
/// c1:e3:c5:e7:g5 (d2, d4, d6, f6) are two moves, the round trip one more.
pub(crate) fn check_same_ends_different_captures(spec: &Spec) {
    let rounds = ["c1:a3:c5:e3:c1", "c1:e3:c5:a3:c1"];
    let fen = "W:Wc1:Bb2,b4,d2,d4,d6";
    let pos = position(spec, fen);
    let (pos, left, right, end) = if spec.maximum_capture {
        let round = assert_legal_one_of(spec, &pos, &[], &rounds);
        assert_eq!(captured(&round), names(&["b2", "b4", "d2", "d4"]));
        assert!(!round.promotes());
        let pos = position(spec, "W:Wc1:Bb2,b4,d2,d4,d6,f6");
        let ways = ["c1:a3:c5:e7:g5", "c1:e3:c5:e7:g5"];
        assert_legal_one_of(spec, &pos, &ways, &rounds);
        (pos, ways[0], ways[1], "g5")
    } else {
        let ways = ["c1:a3:c5:e7", "c1:e3:c5:e7"];
        let mut all = ways.to_vec();
        if spec.men_capture_backward {
            all.extend(rounds);
        }
        assert_legal(spec, &pos, &all);
        (pos, ways[0], ways[1], "e7")
    };
    let beyond: &[&str] = if spec.maximum_capture { &["f6"] } else { &[] };
    let left = legal_move(spec, &pos, left);
    let right = legal_move(spec, &pos, right);
    assert_ne!(left, right);
    assert_eq!((left.from(), left.to()), (right.from(), right.to()));
    assert_eq!(
        captured(&left),
        names(&[&["b2", "b4", "d6"], beyond].concat())
    );
    assert_eq!(
        captured(&right),
        names(&[&["d2", "d4", "d6"], beyond].concat())
    );
    for mv in [left, right] {
        let full = full_text(&mv, pos.rules());
        assert_eq!(pos.move_text(&mv), full, "shortest text is the full path");
        assert_eq!(pos.parse_move(&full), Ok(mv));
    }
    assert_ne!(pos.move_text(&left), pos.move_text(&right));
    assert!(matches!(
        pos.parse_move(&text(spec, &format!("c1:{end}"))),
        Err(MoveTextError::Ambiguous { .. })
    ));
    // One landing square is enough to single a path out.
    assert_eq!(
        pos.parse_move(&text(spec, &format!("c1:a3:{end}"))),
        Ok(left)
    );
    assert_eq!(
        pos.parse_move(&text(spec, &format!("c1:e3:{end}"))),
        Ok(right)
    );

    if spec.men_capture_backward && !spec.maximum_capture {
        let a = legal_move(spec, &pos, rounds[0]);
        let b = legal_move(spec, &pos, rounds[1]);
        assert_ne!(a, b);
        assert_eq!(a.captured(), b.captured());
        assert_ne!(pos.move_text(&a), pos.move_text(&b));
    }
}
