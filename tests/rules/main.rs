//! One test per row of the variant table in `shared/spec/rules.md`, for each
//! of the four checkers variants (Brazilian's column is the spec's section
//! "International rules", on the 8x8 board, with Russian's draws), and the
//! Brazilian-only rules of that section (`brazilian.rs`).
//!
//! The expectations come from the spec table, written down here as [`Spec`]
//! values, never from the engine's own `Rules`, so a wrong flag in the engine
//! shows up as a failing test. Each rule is one `check_*` function taking a
//! [`Spec`]; the [`per_variant!`] macro turns it into four named tests.
//! The helpers are in `notation.rs`, the checks in `moves.rs`,
//! `captures.rs` and `endings.rs`, in the order of the spec table.
//!
//! Positions and moves are written once, in algebraic squares (`c3`,
//! `c3:e5:c7`, `d4-c5`), and converted to the variant's own notation before they
//! reach the engine: numbers 1–32 with `x` for captures in `tournament` and
//! `english` (1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1), algebraic with `:` in
//! `russian` and `brazilian`. The numbering is computed here from the spec's
//! definition, not taken from the engine.
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

mod brazilian;
/// One test running `check` under the rules of `spec`.
macro_rules! spec_test {
    ($check:ident, $spec:ident, $name:ident) => {
        #[doc = concat!("[`", stringify!($check), "`] under `", stringify!($spec), "`.")]
        #[test]
        fn $name() {
            $check(&$spec);
        }
    };
}

mod captures;
mod endings;
mod moves;
mod notation;

use captures::*;
use endings::*;
use moves::*;
use notation::*;

/// The spec's row "man reaching the last rank during a capture".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum InCapture {
    /// Crowned, and the move ends there (English).
    EndsMove,
    /// Crowned at once, and goes on capturing as a king (tournament, Russian).
    ContinuesAsKing,
    /// Goes on capturing as a man (backwards) and is crowned only if the
    /// move ends on the last rank (the international rules: Brazilian).
    ContinuesAsMan,
}

/// One column of the spec's variant table.
struct Spec {
    variant: Variant,
    /// Who moves first from the start position.
    first_to_move: Color,
    /// Men capture backward as well as forward.
    men_capture_backward: bool,
    /// Kings move and capture any distance along a free diagonal.
    flying_kings: bool,
    /// What a man reaching the last rank in the middle of a capture does.
    crowning_in_capture: InCapture,
    /// The capture taking the most pieces is mandatory (a king counting as
    /// one); else any capture sequence may be chosen.
    maximum_capture: bool,
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
    crowning_in_capture: InCapture::ContinuesAsKing,
    maximum_capture: false,
    no_progress_plies: 20,
    numeric: true,
};

const ENGLISH: Spec = Spec {
    variant: Variant::English,
    first_to_move: Color::Black,
    men_capture_backward: false,
    flying_kings: false,
    crowning_in_capture: InCapture::EndsMove,
    maximum_capture: false,
    no_progress_plies: 80,
    numeric: true,
};

const RUSSIAN: Spec = Spec {
    variant: Variant::Russian,
    first_to_move: Color::White,
    men_capture_backward: true,
    flying_kings: true,
    crowning_in_capture: InCapture::ContinuesAsKing,
    maximum_capture: false,
    no_progress_plies: 30,
    numeric: false,
};

/// The spec's section "International rules", `brazilian`: the 8x8 board,
/// start and notation of Russian, flying kings, men capturing backward,
/// maximum capture, a man crossing the last row in a capture goes on as a
/// man; the draws are Russian's (README "Rule variants").
const BRAZILIAN: Spec = Spec {
    variant: Variant::Brazilian,
    first_to_move: Color::White,
    men_capture_backward: true,
    flying_kings: true,
    crowning_in_capture: InCapture::ContinuesAsMan,
    maximum_capture: true,
    no_progress_plies: 30,
    numeric: false,
};

/// Four tests, one per variant, running the same check:
/// `check => tournament_name, english_name, russian_name, brazilian_name;`.
macro_rules! per_variant {
    ($($check:ident => $tournament:ident, $english:ident, $russian:ident, $brazilian:ident;)*) => {$(
        spec_test!($check, TOURNAMENT, $tournament);
        spec_test!($check, ENGLISH, $english);
        spec_test!($check, RUSSIAN, $russian);
        spec_test!($check, BRAZILIAN, $brazilian);
    )*};
}

per_variant! {
    check_first_mover =>
        tournament_white_moves_first,
        english_black_moves_first,
        russian_white_moves_first,
        brazilian_white_moves_first;
    check_man_quiet_move =>
        tournament_men_move_one_square_diagonally_forward,
        english_men_move_one_square_diagonally_forward,
        russian_men_move_one_square_diagonally_forward,
        brazilian_men_move_one_square_diagonally_forward;
    check_man_capture_direction =>
        tournament_men_capture_backward,
        english_men_do_not_capture_backward,
        russian_men_capture_backward,
        brazilian_men_capture_backward;
    check_king_quiet_move =>
        tournament_kings_move_one_square,
        english_kings_move_one_square,
        russian_kings_fly_along_free_diagonals,
        brazilian_kings_fly_along_free_diagonals;
    check_king_capture =>
        tournament_kings_capture_by_short_jump,
        english_kings_capture_by_short_jump,
        russian_kings_capture_flying,
        brazilian_kings_capture_flying;
    check_capture_mandatory =>
        tournament_capture_mandatory_without_majority_rule,
        english_capture_mandatory_without_majority_rule,
        russian_capture_mandatory_without_majority_rule,
        brazilian_capture_mandatory_most_pieces;
    check_sequence_continues =>
        tournament_started_capture_must_continue,
        english_started_capture_must_continue,
        russian_started_capture_must_continue_landing_where_king_captures_again,
        brazilian_started_capture_must_continue_landing_where_king_captures_again;
    check_promotion_during_capture =>
        tournament_man_crowned_during_capture_continues,
        english_man_crowned_during_capture_stops,
        russian_man_crowned_during_capture_continues_as_king,
        brazilian_man_passing_last_row_in_capture_stays_a_man;
    check_captured_pieces_block =>
        tournament_captured_pieces_stay_and_are_never_jumped_twice,
        english_captured_pieces_stay_and_are_never_jumped_twice,
        russian_captured_pieces_stay_and_are_never_jumped_twice,
        brazilian_captured_pieces_stay_and_are_never_jumped_twice;
    check_same_ends_different_captures =>
        tournament_same_ends_different_captures_are_distinct_moves,
        english_same_ends_different_captures_are_distinct_moves,
        russian_same_ends_different_captures_are_distinct_moves,
        brazilian_same_ends_different_captures_distinct_same_captures_one_move;
    check_no_legal_move_loses =>
        tournament_side_without_legal_move_loses,
        english_side_without_legal_move_loses,
        russian_side_without_legal_move_loses,
        brazilian_side_without_legal_move_loses;
    check_threefold_repetition =>
        tournament_threefold_repetition_draws,
        english_threefold_repetition_draws,
        russian_threefold_repetition_draws,
        brazilian_threefold_repetition_draws;
    check_no_progress =>
        tournament_no_progress_draw_after_20_plies,
        english_no_progress_draw_after_80_plies,
        russian_no_progress_draw_after_30_plies,
        brazilian_no_progress_draw_after_30_plies;
}
