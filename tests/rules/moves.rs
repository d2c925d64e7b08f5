//! Rule checks: the start, who moves first, men and kings moving and capturing, mandatory capture (see main.rs).

use super::*;

// ---------------------------------------------------------------------------
// Rule checks, in the order of the spec table.
// ---------------------------------------------------------------------------

/// Row "start" and "who moves first": 12 men a side on the first three ranks;
/// White moves first in tournament, Russian and Brazilian, Black in English.
///
/// ```text
///     a b c d e f g h
/// 8     b   b   b   b
/// 7   b   b   b   b
/// 6     b   b   b   b
/// 5   .   .   .   .
/// 4     .   .   .   .
/// 3   w   w   w   w
/// 2     w   w   w   w
/// 1   w   w   w   w
/// ```
///
/// White's men stand on 21–32 (a1–h3), Black's on 1–12 (b6–h8). The first
/// mover's seven opening moves are the only legal moves.
pub(crate) fn check_first_mover(spec: &Spec) {
    let pos = Position::start(spec.variant);
    assert_eq!(pos.side_to_move(), spec.first_to_move, "{}", spec.variant);
    assert_eq!(
        Game::new(spec.variant).position().side_to_move(),
        spec.first_to_move
    );

    let white = "a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3";
    let black = "b6 d6 f6 h6 a7 c7 e7 g7 b8 d8 f8 h8";
    let squares = |list: &str| {
        let mut v: Vec<String> = list.split(' ').map(String::from).collect();
        v.sort();
        v
    };
    let men = |color| {
        let mut v: Vec<String> = pos.men(color).squares().map(alg).collect();
        v.sort();
        v
    };
    assert_eq!(men(Color::White), squares(white));
    assert_eq!(men(Color::Black), squares(black));
    assert!(pos.kings(Color::White).is_empty() && pos.kings(Color::Black).is_empty());
    // The spec's numbering: White on 21-32, Black on 1-12.
    let numbers = |list: &str| {
        let mut v: Vec<u8> = list.split(' ').map(number).collect();
        v.sort();
        v
    };
    assert_eq!(numbers(white), (21..=32).collect::<Vec<u8>>());
    assert_eq!(numbers(black), (1..=12).collect::<Vec<u8>>());

    let side = if spec.first_to_move == Color::White {
        'W'
    } else {
        'B'
    };
    let start = format!(
        "{side}:W{}:B{}",
        white.replace(' ', ","),
        black.replace(' ', ",")
    );
    let expected: &[&str] = match spec.first_to_move {
        Color::White => &[
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
        ],
        Color::Black => &[
            "b6-a5", "b6-c5", "d6-c5", "d6-e5", "f6-e5", "f6-g5", "h6-g5",
        ],
    };
    assert_moves(spec, &start, expected);
    assert_eq!(legal_texts(&pos), legal_texts(&position(spec, &start)));
}

/// Row "man, quiet move": one square diagonally forward, never backward,
/// never two squares; a man reaching the last rank is crowned.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   b   .   b   w
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   w   .   .
/// 3   .   .   .   .
/// 2     b   .   .   w
/// 1   .   .   .   .
/// ```
///
/// No piece touches an enemy piece, so there is no capture. White (moving up):
/// d4-c5, d4-e5, h2-g3 (h2 is on the edge), g7-f8 and g7-h8 (both crowning);
/// never d4-c3/e3 (backward) or d4-b6 (two squares). Black (moving down), same
/// pieces: a7-b6, e7-d6, e7-f6, b2-a1 and b2-c1 (both crowning).
pub(crate) fn check_man_quiet_move(spec: &Spec) {
    let pos = assert_moves(
        spec,
        "W:Wd4,g7,h2:Ba7,b2,e7",
        &["d4-c5", "d4-e5", "h2-g3", "g7-f8", "g7-h8"],
    );
    for mv in pos.legal_moves() {
        let crowning = mv.to().rank() == 7;
        assert_eq!(mv.promotes(), crowning, "{mv:?}");
        assert!(!mv.is_capture());
    }
    let pos = assert_moves(
        spec,
        "B:Wd4,g7,h2:Ba7,b2,e7",
        &["a7-b6", "e7-d6", "e7-f6", "b2-a1", "b2-c1"],
    );
    for mv in pos.legal_moves() {
        assert_eq!(mv.promotes(), mv.to().rank() == 0, "{mv:?}");
    }
}

/// Row "man, capture": forward and backward (tournament, Russian,
/// Brazilian), forward only (English).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   .   b   .
/// 4     .   w   .   .
/// 3   .   b   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// White d4 can jump e5 forward to f6, and c3 backward to b2. Without e5:
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   w   .   .
/// 3   .   b   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// only the backward jump d4:b2 exists; in English it is no capture at all, so
/// the man's quiet moves d4-c5, d4-e5 are the legal moves. The same for Black,
/// whose backward is up the board:
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   .   w   .
/// 4     .   b   .   .
/// 3   .   .   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// Black d4 may jump e5 backward to f6, or (English) only step to c3 or e3.
pub(crate) fn check_man_capture_direction(spec: &Spec) {
    let back = spec.men_capture_backward;
    assert_moves(
        spec,
        "W:Wd4:Bc3,e5",
        if back {
            &["d4:b2", "d4:f6"]
        } else {
            &["d4:f6"]
        },
    );
    assert_moves(
        spec,
        "W:Wd4:Bc3",
        if back {
            &["d4:b2"]
        } else {
            &["d4-c5", "d4-e5"]
        },
    );
    assert_moves(
        spec,
        "B:We5:Bd4",
        if back {
            &["d4:f6"]
        } else {
            &["d4-c3", "d4-e3"]
        },
    );
}

/// Row "king, quiet move": one square in any direction (tournament, English);
/// any distance along a free diagonal (Russian, Brazilian).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   b
/// 7   .   .   .   b
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   W   .   .
/// 3   .   .   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// The king on d4 is not next to any piece. g7 cannot be captured even by a
/// flying king (h8 behind it is occupied), so there is no capture. Short king:
/// c3, c5, e3, e5. Flying king: every square up to the edge or the next piece:
/// c5 b6 a7 / e5 f6 (stops before g7) / c3 b2 a1 / e3 f2 g1 — 11 moves.
pub(crate) fn check_king_quiet_move(spec: &Spec) {
    let expected: &[&str] = if spec.flying_kings {
        &[
            "d4-c5", "d4-b6", "d4-a7", "d4-e5", "d4-f6", "d4-c3", "d4-b2", "d4-a1", "d4-e3",
            "d4-f2", "d4-g1",
        ]
    } else {
        &["d4-c3", "d4-c5", "d4-e3", "d4-e5"]
    };
    assert_moves(spec, "W:WKd4:Bg7,h8", expected);
}

/// Row "king, capture": a short king jumps an adjacent piece to the square
/// right behind it; a flying king jumps a piece any distance away (only empty
/// squares between) and lands on any empty square behind it, before the next
/// piece.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   b
/// 7   .   .   .   b
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   b   .   .
/// 3   .   .   .   .
/// 2     W   .   .   .
/// 1   .   .   .   .
/// ```
///
/// d4 is two squares from b2: a short king cannot take it and just moves
/// (a1, a3, c1, c3); a flying king takes it and lands on e5 or f6 (g7 stops it;
/// g7 itself is covered by h8, and from e5 or f6 nothing more can be taken).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   b
/// 7   .   .   .   b
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   b   .   .
/// 3   .   W   .   .
/// 2     .   .   .   .
/// 1   .   .   .   .
/// ```
///
/// Adjacent: the short king lands on e5 only, the flying king on e5 or f6.
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   .   .
/// 5   .   .   .   .
/// 4     .   b   .   .
/// 3   .   b   .   .
/// 2     .   .   .   .
/// 1   W   .   .   .
/// ```
///
/// Two pieces in a row are never jumped: only a1-b2, for every variant.
pub(crate) fn check_king_capture(spec: &Spec) {
    let fly = spec.flying_kings;
    assert_moves(
        spec,
        "W:WKb2:Bd4,g7,h8",
        if fly {
            &["b2:e5", "b2:f6"]
        } else {
            &["b2-a1", "b2-a3", "b2-c1", "b2-c3"]
        },
    );
    let pos = assert_moves(
        spec,
        "W:WKc3:Bd4,g7,h8",
        if fly { &["c3:e5", "c3:f6"] } else { &["c3:e5"] },
    );
    for mv in pos.legal_moves() {
        assert_eq!(captured(&mv), names(&["d4"]));
        assert!(!mv.promotes());
    }
    assert_moves(spec, "W:WKa1:Bc3,d4", &["a1-b2"]);
}

/// Row "capturing is": mandatory; the player may choose any capture
/// sequence — no majority rule (tournament, English, Russian) — or must take
/// the one that captures the most pieces (Brazilian, the international
/// rules).
///
/// ```text
///     a b c d e f g h
/// 8     .   .   .   .
/// 7   .   .   .   .
/// 6     .   .   b   .
/// 5   .   .   .   .
/// 4     b   .   b   .
/// 3   w   .   .   .
/// 2     .   b   .   .
/// 1   .   w   .   w
/// ```
///
/// a3 takes one piece (a3:c5 over b4). c1 takes three, all forward:
/// c1:e3 (d2), e3:g5 (f4), g5:e7 (f6). g1 could step to f2 or h2 but, a capture
/// being possible, no quiet move is legal. Without a majority rule both
/// captures are legal — the 1-piece capture beside the 3-piece one — and the
/// game accepts the smaller one. Under the maximum-capture rule only the
/// 3-piece capture is legal, and the game refuses the smaller one.
pub(crate) fn check_capture_mandatory(spec: &Spec) {
    let fen = "W:Wa3,c1,g1:Bb4,d2,f4,f6";
    let pos = assert_moves(
        spec,
        fen,
        if spec.maximum_capture {
            &["c1:e3:g5:e7"]
        } else {
            &["a3:c5", "c1:e3:g5:e7"]
        },
    );
    let long = legal_move(spec, &pos, "c1:e3:g5:e7");
    assert_eq!(long.capture_count(), 3);
    assert_eq!(captured(&long), names(&["d2", "f4", "f6"]));

    let mut game = Game::from_position(pos);
    assert!(game.play_text(&text(spec, "g1-h2")).is_err());
    assert!(game.play_text(&text(spec, "g1-f2")).is_err());
    if spec.maximum_capture {
        assert!(
            game.play_text(&text(spec, "a3:c5")).is_err(),
            "{}: a capture of one piece beside one of three",
            spec.variant
        );
        let mv = play(spec, &mut game, "c1:e3:g5:e7");
        assert_eq!(captured(&mv), names(&["d2", "f4", "f6"]));
    } else {
        assert_eq!(legal_move(spec, &pos, "a3:c5").capture_count(), 1);
        let mv = play(spec, &mut game, "a3:c5");
        assert_eq!(captured(&mv), names(&["b4"]));
    }
}
