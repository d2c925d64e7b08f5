//! One test per row of the variant table in `shared/spec/rules.md`, for each
//! of the three checkers variants.
//!
//! The expectations come from the spec table, written down here as [`Spec`]
//! values, never from the engine's own `Rules`, so a wrong flag in the engine
//! shows up as a failing test. Each rule is one `check_*` function taking a
//! [`Spec`]; the [`per_variant!`] macro turns it into three named tests.
//!
//! Positions and moves are written once, in algebraic squares (`c3`,
//! `c3:e5:c7`, `d4-c5`), and converted to the variant's own notation before they
//! reach the engine: numbers 1–32 with `x` for captures in `tournament` and
//! `english` (1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1), algebraic with `:` in
//! `russian`. The numbering is computed here from the spec's definition, not
//! taken from the engine.
//!
//! Legal moves are compared as exact sorted lists of full move texts (every
//! landing square), so a generator that gives an extra or a missing move fails.
//! Every checked move must also parse back, from its full text and from its
//! shortest text, to itself.
//!
//! Diagrams: files a–h left to right, rank 8 at the top; only dark squares are
//! drawn. `w`/`b` are white/black men, `W`/`B` white/black kings, `.` an empty
//! dark square. White moves up the board, Black down.

use warcaby::checkers::notation::full_text;
use warcaby::checkers::rules::{EndgameDraw, EndgameMaterial, Progress};
use warcaby::{
    Color, DrawReason, Game, Move, MoveTextError, Outcome, Piece, Position, Role, Square, Variant,
    WinReason,
};

/// One column of the spec's variant table.
struct Spec {
    variant: Variant,
    /// Who moves first from the start position.
    first_to_move: Color,
    /// Men capture backward as well as forward.
    men_capture_backward: bool,
    /// Kings move and capture any distance along a free diagonal.
    flying_kings: bool,
    /// A man crowned during a capture stops there (else it goes on as a king).
    promotion_ends_capture: bool,
    /// Plies without a man move or a capture that make a draw.
    no_progress_plies: u32,
    /// Squares written 1–32 (else algebraic).
    numeric: bool,
}

const TOURNAMENT: Spec = Spec {
    variant: Variant::Tournament,
    first_to_move: Color::White,
    men_capture_backward: true,
    flying_kings: false,
    promotion_ends_capture: false,
    no_progress_plies: 20,
    numeric: true,
};

const ENGLISH: Spec = Spec {
    variant: Variant::English,
    first_to_move: Color::Black,
    men_capture_backward: false,
    flying_kings: false,
    promotion_ends_capture: true,
    no_progress_plies: 80,
    numeric: true,
};

const RUSSIAN: Spec = Spec {
    variant: Variant::Russian,
    first_to_move: Color::White,
    men_capture_backward: true,
    flying_kings: true,
    promotion_ends_capture: false,
    no_progress_plies: 30,
    numeric: false,
};

/// Three tests, one per variant, running the same check:
/// `check => tournament_name, english_name, russian_name;`.
macro_rules! per_variant {
    ($($check:ident => $tournament:ident, $english:ident, $russian:ident;)*) => {$(
        #[doc = concat!("[`", stringify!($check), "`] under tournament rules.")]
        #[test]
        fn $tournament() {
            $check(&TOURNAMENT);
        }

        #[doc = concat!("[`", stringify!($check), "`] under English rules.")]
        #[test]
        fn $english() {
            $check(&ENGLISH);
        }

        #[doc = concat!("[`", stringify!($check), "`] under Russian rules.")]
        #[test]
        fn $russian() {
            $check(&RUSSIAN);
        }
    )*};
}

per_variant! {
    check_first_mover =>
        tournament_white_moves_first,
        english_black_moves_first,
        russian_white_moves_first;
    check_man_quiet_move =>
        tournament_men_move_one_square_diagonally_forward,
        english_men_move_one_square_diagonally_forward,
        russian_men_move_one_square_diagonally_forward;
    check_man_capture_direction =>
        tournament_men_capture_backward,
        english_men_do_not_capture_backward,
        russian_men_capture_backward;
    check_king_quiet_move =>
        tournament_kings_move_one_square,
        english_kings_move_one_square,
        russian_kings_fly_along_free_diagonals;
    check_king_capture =>
        tournament_kings_capture_by_short_jump,
        english_kings_capture_by_short_jump,
        russian_kings_capture_flying;
    check_capture_mandatory_any_sequence =>
        tournament_capture_mandatory_without_majority_rule,
        english_capture_mandatory_without_majority_rule,
        russian_capture_mandatory_without_majority_rule;
    check_sequence_continues =>
        tournament_started_capture_must_continue,
        english_started_capture_must_continue,
        russian_started_capture_must_continue_landing_where_king_captures_again;
    check_promotion_during_capture =>
        tournament_man_crowned_during_capture_continues,
        english_man_crowned_during_capture_stops,
        russian_man_crowned_during_capture_continues_as_king;
    check_captured_pieces_block =>
        tournament_captured_pieces_stay_and_are_never_jumped_twice,
        english_captured_pieces_stay_and_are_never_jumped_twice,
        russian_captured_pieces_stay_and_are_never_jumped_twice;
    check_same_ends_different_captures =>
        tournament_same_ends_different_captures_are_distinct_moves,
        english_same_ends_different_captures_are_distinct_moves,
        russian_same_ends_different_captures_are_distinct_moves;
    check_no_legal_move_loses =>
        tournament_side_without_legal_move_loses,
        english_side_without_legal_move_loses,
        russian_side_without_legal_move_loses;
    check_threefold_repetition =>
        tournament_threefold_repetition_draws,
        english_threefold_repetition_draws,
        russian_threefold_repetition_draws;
    check_no_progress =>
        tournament_no_progress_draw_after_20_plies,
        english_no_progress_draw_after_80_plies,
        russian_no_progress_draw_after_30_plies;
}

// ---------------------------------------------------------------------------
// Helpers: notation conversion, positions, move lists.
// ---------------------------------------------------------------------------

/// 0-based file and rank of an algebraic dark square such as `c3`.
fn coords(alg: &str) -> (u8, u8) {
    let b = alg.as_bytes();
    assert!(b.len() == 2, "bad square '{alg}'");
    let (file, rank) = (b[0] - b'a', b[1] - b'1');
    assert!(file < 8 && rank < 8, "square '{alg}' is off the board");
    assert!((file + rank) % 2 == 0, "square '{alg}' is a light square");
    (file, rank)
}

/// The spec's number (1–32) of an algebraic square: row by row from rank 8
/// down, left to right.
fn number(alg: &str) -> u8 {
    let (file, rank) = coords(alg);
    (7 - rank) * 4 + file / 2 + 1
}

/// A square of the engine written algebraically.
fn alg(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.file()) as char, sq.rank() + 1)
}

/// The engine's square for an algebraic name.
fn square(alg: &str) -> Square {
    let (file, rank) = coords(alg);
    Square::new(file, rank).expect("a dark square")
}

/// An algebraic square list item (`c3` or `Kc3`) in the variant's notation.
fn item(spec: &Spec, it: &str) -> String {
    let (king, sq) = match it.strip_prefix('K') {
        Some(sq) => ("K", sq),
        None => ("", it),
    };
    let (file, rank) = coords(sq);
    if spec.numeric {
        format!("{king}{}", number(sq))
    } else {
        format!("{king}{}{}", (b'a' + file) as char, rank + 1)
    }
}

/// An algebraic PDN FEN (`W:Wc3,Kd4:Bb8`) in the variant's notation.
fn fen(spec: &Spec, alg_fen: &str) -> String {
    let mut fields = alg_fen.split(':');
    let mut out = fields.next().expect("side to move").to_string();
    for field in fields {
        let (color, list) = field.split_at(1);
        let items: Vec<String> = list
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|it| item(spec, it))
            .collect();
        out.push(':');
        out.push_str(color);
        out.push_str(&items.join(","));
    }
    out
}

/// An algebraic move (`c3-d4`, `c3:e5:c7`) in the variant's notation.
fn text(spec: &Spec, alg_move: &str) -> String {
    let capture = alg_move.contains(':');
    let squares: Vec<String> = alg_move
        .split([':', '-'])
        .map(|sq| item(spec, sq))
        .collect();
    let sep = match (capture, spec.numeric) {
        (false, _) => "-",
        (true, true) => "x",
        (true, false) => ":",
    };
    squares.join(sep)
}

/// The position of an algebraic FEN under the variant's rules.
fn position(spec: &Spec, alg_fen: &str) -> Position {
    let f = fen(spec, alg_fen);
    Position::from_fen(&f, spec.variant)
        .unwrap_or_else(|e| panic!("{}: FEN {f} rejected: {e}", spec.variant))
}

/// Every legal move's full text, sorted.
fn legal_texts(pos: &Position) -> Vec<String> {
    let mut texts: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| full_text(m, pos.rules()))
        .collect();
    texts.sort();
    texts
}

/// Asserts that the legal moves of `alg_fen` are exactly `expected`
/// (algebraic); see [`assert_legal`]. Returns the position.
fn assert_moves(spec: &Spec, alg_fen: &str, expected: &[&str]) -> Position {
    let pos = position(spec, alg_fen);
    assert_legal(spec, &pos, expected);
    pos
}

/// Asserts that the legal moves of `pos` are exactly `expected` (algebraic),
/// that no move is listed twice, and that every move parses back to itself
/// from its full and from its shortest text.
fn assert_legal(spec: &Spec, pos: &Position, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|m| text(spec, m)).collect();
    want.sort();
    let got = legal_texts(pos);
    assert_eq!(
        got,
        want,
        "{}: legal moves of {}",
        spec.variant,
        pos.to_fen()
    );
    let moves = pos.legal_moves();
    for (i, mv) in moves.iter().enumerate() {
        assert!(
            !moves[i + 1..].contains(mv),
            "{}: {mv:?} generated twice",
            spec.variant
        );
        let full = full_text(mv, pos.rules());
        assert_eq!(pos.parse_move(&full).as_ref(), Ok(mv), "parse {full}");
        let short = pos.move_text(mv);
        assert_eq!(pos.parse_move(&short).as_ref(), Ok(mv), "parse {short}");
    }
}

/// The legal move of `pos` whose full text is `alg_move` (algebraic).
fn legal_move(spec: &Spec, pos: &Position, alg_move: &str) -> Move {
    let want = text(spec, alg_move);
    pos.legal_moves()
        .into_iter()
        .find(|m| full_text(m, pos.rules()) == want)
        .unwrap_or_else(|| panic!("{}: {want} is not legal in {}", spec.variant, pos.to_fen()))
}

/// The squares a move captures, algebraic, sorted.
fn captured(mv: &Move) -> Vec<String> {
    let mut squares: Vec<String> = mv.captured().squares().map(alg).collect();
    squares.sort();
    squares
}

/// Algebraic names, sorted, for comparison with [`captured`].
fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays an algebraic move in a game, panicking with context if refused.
fn play(spec: &Spec, game: &mut Game, alg_move: &str) -> Move {
    let t = text(spec, alg_move);
    game.play_text(&t).unwrap_or_else(|e| {
        panic!(
            "{}: {t} refused in {} after {} plies: {e}",
            spec.variant,
            game.position().to_fen(),
            game.ply_count()
        )
    })
}

// ---------------------------------------------------------------------------
// Rule checks, in the order of the spec table.
// ---------------------------------------------------------------------------

/// Row "start" and "who moves first": 12 men a side on the first three ranks;
/// White moves first in tournament and Russian, Black in English.
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
fn check_first_mover(spec: &Spec) {
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
fn check_man_quiet_move(spec: &Spec) {
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

/// Row "man, capture": forward and backward (tournament, Russian), forward
/// only (English).
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
fn check_man_capture_direction(spec: &Spec) {
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
/// any distance along a free diagonal (Russian).
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
fn check_king_quiet_move(spec: &Spec) {
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
fn check_king_capture(spec: &Spec) {
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

/// Row "capturing is": mandatory, and the player may choose any capture
/// sequence — no majority rule.
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
/// being possible, only the two captures are legal — the 1-piece capture
/// beside the 3-piece one. The game accepts the smaller capture and refuses a
/// quiet move.
fn check_capture_mandatory_any_sequence(spec: &Spec) {
    let fen = "W:Wa3,c1,g1:Bb4,d2,f4,f6";
    let pos = assert_moves(spec, fen, &["a3:c5", "c1:e3:g5:e7"]);
    assert_eq!(legal_move(spec, &pos, "a3:c5").capture_count(), 1);
    let long = legal_move(spec, &pos, "c1:e3:g5:e7");
    assert_eq!(captured(&long), names(&["d2", "f4", "f6"]));

    let mut game = Game::from_position(pos);
    assert!(game.play_text(&text(spec, "g1-h2")).is_err());
    assert!(game.play_text(&text(spec, "g1-f2")).is_err());
    let mv = play(spec, &mut game, "a3:c5");
    assert_eq!(captured(&mv), names(&["b4"]));
}

/// Row "a started sequence": must be continued with the same piece while it
/// can capture; Russian: a king with several landing squares must take one
/// from which it can capture again, when there is one.
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
fn check_sequence_continues(spec: &Spec) {
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
/// contest's referee program does), as a king (Russian: a flying one).
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
/// new king goes on over e7 and, flying, lands on f6, g5 or h4.
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
/// Tournament and English: b6:d8 only.
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
/// English: g3:e1 only, and d2 stays.
fn check_promotion_during_capture(spec: &Spec) {
    // (position, the move that stops on the crowning square, the piece it
    // takes, the piece only a crowned piece goes on to take, the moves of a
    // short king that goes on, the moves of a flying king that goes on)
    type Case<'a> = (
        &'a str,
        &'a str,
        &'a str,
        &'a str,
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
        ),
        (
            "W:Wb6:Bc7,f6",
            "b6:d8",
            "c7",
            "f6",
            &["b6:d8"],
            &["b6:d8:g5", "b6:d8:h4"],
        ),
        (
            "B:Wd2,f2:Bg3",
            "g3:e1",
            "f2",
            "d2",
            &["g3:e1:c3"],
            &["g3:e1:c3", "g3:e1:b4", "g3:e1:a5"],
        ),
    ];
    for (fen, stop, first, beyond, short, flying) in cases {
        let pos = position(spec, fen);
        let us = pos.side_to_move();
        let king = Some(Piece {
            color: us,
            role: Role::King,
        });
        let crown = square(stop.split(':').nth(1).expect("a landing square"));
        if spec.promotion_ends_capture {
            assert_legal(spec, &pos, &[stop]);
            let mv = legal_move(spec, &pos, stop);
            assert!(mv.promotes());
            assert_eq!(captured(&mv), names(&[first]));
            let after = pos.after(&mv);
            assert_eq!(after.piece_at(crown), king);
            assert!(after.pieces(!us).contains(square(beyond)));
            continue;
        }
        let continued = if spec.flying_kings { flying } else { short };
        assert_legal(spec, &pos, continued);
        for mv in pos.legal_moves() {
            assert!(mv.promotes(), "{mv:?}");
            assert_eq!(mv.path()[0], crown);
            let went_on = mv.path().len() > 1;
            let taken: &[&str] = if went_on { &[first, beyond] } else { &[first] };
            assert_eq!(captured(&mv), names(taken));
            let after = pos.after(&mv);
            assert_eq!(after.piece_at(mv.to()), king);
            assert_eq!(after.pieces(!us).is_empty(), went_on);
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
/// king on c7 touches nothing and only steps (b6, b8, d6, d8).
fn check_captured_pieces_block(spec: &Spec) {
    let fly = spec.flying_kings;
    let diamond = "W:WKc3:Bd2,d4,f2,f4";
    let pos = assert_moves(
        spec,
        diamond,
        if fly {
            &[
                "c3:e5:g3:e1:c3",
                "c3:e5:g3:e1:b4",
                "c3:e5:g3:e1:a5",
                "c3:e1:g3:e5:c3",
                "c3:e1:g3:e5:b2",
                "c3:e1:g3:e5:a1",
            ]
        } else {
            &["c3:e5:g3:e1:c3", "c3:e1:g3:e5:c3"]
        },
    );
    for mv in pos.legal_moves() {
        assert_eq!(captured(&mv), names(&["d2", "d4", "f2", "f4"]));
        assert_eq!(mv.path().len(), 4, "{mv:?}: four jumps, no more");
    }
    let round = legal_move(spec, &pos, "c3:e5:g3:e1:c3");
    assert_eq!(round.from(), round.to());
    let after = pos.after(&round);
    assert!(after.pieces(Color::Black).is_empty());
    assert_eq!(
        after.piece_at(square("c3")).map(|p| (p.color, p.role)),
        Some((Color::White, Role::King))
    );

    assert_moves(
        spec,
        "W:WKc7:Bd2,d4,e5,f2",
        if fly {
            &["c7:f4:c1", "c7:g3:e1:c3", "c7:g3:e1:b4", "c7:g3:e1:a5"]
        } else {
            &["c7-b6", "c7-b8", "c7-d6", "c7-d8"]
        },
    );
}

/// Two capture sequences with the same start and end but different captured
/// pieces are different moves: both offered, written with their full paths,
/// each parsing back to itself.
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
fn check_same_ends_different_captures(spec: &Spec) {
    let fen = "W:Wc1:Bb2,b4,d2,d4,d6";
    let pos = assert_moves(
        spec,
        fen,
        if spec.men_capture_backward {
            &[
                "c1:a3:c5:e7",
                "c1:e3:c5:e7",
                "c1:a3:c5:e3:c1",
                "c1:e3:c5:a3:c1",
            ]
        } else {
            &["c1:a3:c5:e7", "c1:e3:c5:e7"]
        },
    );
    let left = legal_move(spec, &pos, "c1:a3:c5:e7");
    let right = legal_move(spec, &pos, "c1:e3:c5:e7");
    assert_ne!(left, right);
    assert_eq!((left.from(), left.to()), (right.from(), right.to()));
    assert_eq!(captured(&left), names(&["b2", "b4", "d6"]));
    assert_eq!(captured(&right), names(&["d2", "d4", "d6"]));
    for mv in [left, right] {
        let full = full_text(&mv, pos.rules());
        assert_eq!(pos.move_text(&mv), full, "shortest text is the full path");
        assert_eq!(pos.parse_move(&full), Ok(mv));
    }
    assert_ne!(pos.move_text(&left), pos.move_text(&right));
    assert!(matches!(
        pos.parse_move(&text(spec, "c1:e7")),
        Err(MoveTextError::Ambiguous { .. })
    ));
    // One landing square is enough to single a path out.
    assert_eq!(pos.parse_move(&text(spec, "c1:a3:e7")), Ok(left));
    assert_eq!(pos.parse_move(&text(spec, "c1:e3:e7")), Ok(right));

    if spec.men_capture_backward {
        let a = legal_move(spec, &pos, "c1:a3:c5:e3:c1");
        let b = legal_move(spec, &pos, "c1:e3:c5:a3:c1");
        assert_ne!(a, b);
        assert_eq!(a.captured(), b.captured());
        assert_ne!(pos.move_text(&a), pos.move_text(&b));
    }
}

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
fn check_no_legal_move_loses(spec: &Spec) {
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
    play(spec, &mut game, "c3:e5:g3:e1:c3");
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
fn check_threefold_repetition(spec: &Spec) {
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
struct Walk {
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
fn check_no_progress(spec: &Spec) {
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
// Each rule below draws a game once its material has stood a number of moves
// without a capture or a crowning. The games are walked with seeded random
// quiet moves: no capture, no crowning, never a position for the third time,
// never a move that leaves the opponent a capture, and a man move whenever
// the 15-move kings-only rule comes close.

/// The quiet moves the walk may play next (see above).
fn quiet_moves(game: &Game, allowed: &dyn Fn(&Position, &Move) -> bool) -> Vec<Move> {
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
fn quiet_walk(
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

fn russian_game(fen: &str) -> Game {
    Game::from_position(Position::from_fen(fen, Variant::Russian).unwrap())
}

fn on_main_road(sq: Square) -> bool {
    sq.file() == sq.rank()
}

/// Walks from `fen` to one ply before the limit (the game goes on), then
/// plays the last ply and returns the game; the first seed whose walk does
/// not get stuck is used.
fn walk_to_limit(fen: &str, allowed: &dyn Fn(&Position, &Move) -> bool, plies: u32) -> Game {
    let mut stuck = Vec::new();
    for seed in 0..64 {
        let mut game = russian_game(fen);
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
fn check_endgame_draw(
    fen: &str,
    allowed: &dyn Fn(&Position, &Move) -> bool,
    material: EndgameMaterial,
    plies: u32,
) {
    let game = walk_to_limit(fen, allowed, plies);
    let rule = EndgameDraw { material, plies };
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::Endgame(rule))),
        "{}",
        game.position().to_fen()
    );
}

#[test]
fn russian_three_kings_against_a_lone_king_draw_after_15_moves() {
    // The lone king keeps off the main road (there 5 moves would be enough).
    // With kings alone on the board this rule meets the 15-move kings-only
    // rule at the same ply; the game is drawn then, not before.
    let off_road =
        |pos: &Position, m: &Move| pos.side_to_move() == Color::White || !on_main_road(m.to());
    let game = walk_to_limit("W:WKc1,Ke1,Kg1:BKa5", &off_road, 30);
    assert!(EndgameMaterial::KingsAgainstLoneKing(3).matches(game.position()));
    assert!(
        matches!(game.outcome(), Some(Outcome::Draw(_))),
        "{:?}",
        game.outcome()
    );
}

#[test]
fn russian_three_pieces_against_a_lone_king_on_the_main_road_draw_after_5_moves() {
    let on_road =
        |pos: &Position, m: &Move| pos.side_to_move() == Color::White || on_main_road(m.to());
    check_endgame_draw(
        "W:WKa3,Kc1,g3:BKd4",
        &on_road,
        EndgameMaterial::PiecesAgainstLoneKingOnMainRoad(3),
        10,
    );
}

#[test]
fn russian_two_pieces_against_a_lone_king_draw_after_5_moves() {
    check_endgame_draw(
        "W:WKc1,e3:BKh6",
        &|_, _| true,
        EndgameMaterial::PiecesAgainstLoneKing(2),
        10,
    );
}

#[test]
fn russian_endings_with_kings_on_both_sides_draw_after_30_and_60_moves() {
    check_endgame_draw(
        "W:WKd2,a3:BKe7,h6",
        &|_, _| true,
        EndgameMaterial::BothSidesKings(4, 5),
        60,
    );
    check_endgame_draw(
        "W:WKd2,a1,a3:BKe7,h8,h6",
        &|_, _| true,
        EndgameMaterial::BothSidesKings(6, 7),
        120,
    );
}

#[test]
fn only_russian_has_endgame_draws() {
    assert!(Variant::Tournament.rules().end.endgames.is_empty());
    assert!(Variant::English.rules().end.endgames.is_empty());
    assert_eq!(Variant::Russian.rules().end.endgames.len(), 5);
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
