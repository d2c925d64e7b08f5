//! Helpers of the rule tests: notation conversion, positions, move lists (see main.rs).

use super::*;

// ---------------------------------------------------------------------------
// Helpers: notation conversion, positions, move lists.
// ---------------------------------------------------------------------------

/// 0-based file and rank of an algebraic dark square such as `c3`.
pub(crate) fn coords(alg: &str) -> (u8, u8) {
    let b = alg.as_bytes();
    assert!(b.len() == 2, "bad square '{alg}'");
    let (file, rank) = (b[0] - b'a', b[1] - b'1');
    assert!(file < 8 && rank < 8, "square '{alg}' is off the board");
    assert!((file + rank) % 2 == 0, "square '{alg}' is a light square");
    (file, rank)
}

/// The spec's number (1–32) of an algebraic square: row by row from rank 8
/// down, left to right.
pub(crate) fn number(alg: &str) -> u8 {
    let (file, rank) = coords(alg);
    (7 - rank) * 4 + file / 2 + 1
}

/// A square of the engine written algebraically.
pub(crate) fn alg(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.file()) as char, sq.rank() + 1)
}

/// The engine's square for an algebraic name.
pub(crate) fn square(alg: &str) -> Square {
    let (file, rank) = coords(alg);
    Square::new(file, rank).expect("a dark square")
}

/// An algebraic square list item (`c3` or `Kc3`) in the variant's notation.
pub(crate) fn item(spec: &Spec, it: &str) -> String {
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
pub(crate) fn fen(spec: &Spec, alg_fen: &str) -> String {
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
pub(crate) fn text(spec: &Spec, alg_move: &str) -> String {
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
pub(crate) fn position(spec: &Spec, alg_fen: &str) -> Position {
    let f = fen(spec, alg_fen);
    Position::from_fen(&f, spec.variant)
        .unwrap_or_else(|e| panic!("{}: FEN {f} rejected: {e}", spec.variant))
}

/// Every legal move's full text, sorted.
pub(crate) fn legal_texts(pos: &Position) -> Vec<String> {
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
pub(crate) fn assert_moves(spec: &Spec, alg_fen: &str, expected: &[&str]) -> Position {
    let pos = position(spec, alg_fen);
    assert_legal(spec, &pos, expected);
    pos
}

/// Asserts that the legal moves of `pos` are exactly `expected` (algebraic),
/// that no move is listed twice, and that every move parses back to itself
/// from its full and from its shortest text.
pub(crate) fn assert_legal(spec: &Spec, pos: &Position, expected: &[&str]) {
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
pub(crate) fn legal_move(spec: &Spec, pos: &Position, alg_move: &str) -> Move {
    let want = text(spec, alg_move);
    pos.legal_moves()
        .into_iter()
        .find(|m| full_text(m, pos.rules()) == want)
        .unwrap_or_else(|| panic!("{}: {want} is not legal in {}", spec.variant, pos.to_fen()))
}

/// The squares a move captures, algebraic, sorted.
pub(crate) fn captured(mv: &Move) -> Vec<String> {
    let mut squares: Vec<String> = mv.captured().squares().map(alg).collect();
    squares.sort();
    squares
}

/// Algebraic names, sorted, for comparison with [`captured`].
pub(crate) fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays an algebraic move in a game, panicking with context if refused.
pub(crate) fn play(spec: &Spec, game: &mut Game, alg_move: &str) -> Move {
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

/// Asserts that the legal moves of `pos` are `expected` (algebraic) and
/// exactly one of `one_of`: sequences with the same start, end and captured
/// pieces, which the maximum-capture rules count as one move (which path
/// stands for it is the engine's choice). Returns that move; see
/// [`assert_legal`] for the other checks.
pub(crate) fn assert_legal_one_of(
    spec: &Spec,
    pos: &Position,
    expected: &[&str],
    one_of: &[&str],
) -> Move {
    let got = legal_texts(pos);
    let present: Vec<&str> = one_of
        .iter()
        .copied()
        .filter(|m| got.contains(&text(spec, m)))
        .collect();
    assert_eq!(
        present.len(),
        1,
        "{}: exactly one of {one_of:?} expected among {got:?} in {}",
        spec.variant,
        pos.to_fen()
    );
    let mut all = expected.to_vec();
    all.push(present[0]);
    assert_legal(spec, pos, &all);
    let mv = legal_move(spec, pos, present[0]);
    let same = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == mv.from() && m.to() == mv.to() && m.captured() == mv.captured());
    assert_eq!(same.count(), 1, "{}: {one_of:?} are one move", spec.variant);
    mv
}

/// Plays the one legal move among `one_of` (algebraic; see
/// [`assert_legal_one_of`]).
pub(crate) fn play_one_of(spec: &Spec, game: &mut Game, one_of: &[&str]) -> Move {
    let legal = legal_texts(game.position());
    let alg = one_of
        .iter()
        .find(|m| legal.contains(&text(spec, m)))
        .unwrap_or_else(|| {
            panic!(
                "{}: none of {one_of:?} is legal in {}",
                spec.variant,
                game.position().to_fen()
            )
        });
    play(spec, game, alg)
}
