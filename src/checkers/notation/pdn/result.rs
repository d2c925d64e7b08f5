//! Game results in PDN files. Warcaby keeps a result as `1-0` (White won),
//! `0-1` (Black won), `1/2-1/2` or `*`. Files differ:
//!
//! * PDN 3.0 and the Russian books: the first score is the first player's
//!   (White's); `2-0`, `0-2`, `1-1` are read like `1-0`, `0-1`, `1/2-1/2`.
//! * English checkers (PDN 2.0): `1-0` means the first player, Black (Red),
//!   won. Some English files use `1-0` for White instead. A game that ends
//!   in a rules win on the board, or whose closing comment or `Termination`
//!   tag says who won ("White won the endgame"), tells which convention it
//!   uses; otherwise PDN 2.0 is assumed.
//!
//! Written results follow PDN 2.0 for English and PDN 3.0 for the others:
//! `1-0` always means that the side that moves first won.

use crate::checkers::rules::Variant;
use crate::core::Color;

/// Who the first score of a result belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Convention {
    /// The side that moves first in the variant (PDN 2.0, PDN 3.0).
    FirstPlayer,
    /// White, whoever moves first.
    White,
}

/// A result read from a token: who the first score is for, or a draw.
enum Score {
    FirstWins,
    SecondWins,
    Draw,
}

fn score(token: &str) -> Option<Score> {
    match token.trim() {
        "1-0" | "2-0" => Some(Score::FirstWins),
        "0-1" | "0-2" => Some(Score::SecondWins),
        "1/2-1/2" | "1-1" | "½-½" => Some(Score::Draw),
        _ => None,
    }
}

/// True for the words that end a game's movetext: `1-0`, `0-1`,
/// `1/2-1/2`, `*`, and the Russian `2-0`, `0-2`, `1-1`, `0-0`.
pub(crate) fn is_result(word: &str) -> bool {
    matches!(word, "*" | "0-0") || score(word).is_some()
}

fn first_score_owner(variant: Variant, convention: Convention) -> Color {
    match convention {
        Convention::FirstPlayer => variant.rules().first_to_move,
        Convention::White => Color::White,
    }
}

fn internal(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

/// The winner a comment or tag names ("White wins", "red won"), if it
/// names exactly one. Red is Black.
pub(crate) fn named_winner(text: &str) -> Option<Color> {
    let lower = text.to_lowercase();
    let says = |colour: &str| {
        ["wins", "won"]
            .iter()
            .any(|w| lower.contains(&format!("{colour} {w}")))
    };
    match (says("white"), says("black") || says("red")) {
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

/// Reads a result token of a game in `variant` into Warcaby's form. `known`
/// is the winner the game itself shows (a rules win on the board, or a
/// closing comment), which decides the convention when the two differ.
pub(crate) fn read(token: &str, variant: Variant, known: Option<Color>) -> String {
    let Some(score) = score(token) else {
        return "*".to_string();
    };
    let winner = |convention| {
        let first = first_score_owner(variant, convention);
        match score {
            Score::FirstWins => Some(first),
            Score::SecondWins => Some(first.opponent()),
            Score::Draw => None,
        }
    };
    let white_convention = known.is_some()
        && winner(Convention::FirstPlayer) != known
        && winner(Convention::White) == known;
    let convention = if white_convention {
        Convention::White
    } else {
        Convention::FirstPlayer
    };
    internal(winner(convention)).to_string()
}

/// The token written for Warcaby's result `result` in `variant`: `1-0` when
/// the side that moves first won.
pub(crate) fn write(result: &str, variant: Variant) -> String {
    let first = variant.rules().first_to_move;
    match (result, first) {
        ("1-0", Color::Black) => "0-1".to_string(),
        ("0-1", Color::Black) => "1-0".to_string(),
        _ => result.to_string(),
    }
}
