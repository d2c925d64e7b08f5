//! The ACF three-move ballots: the public list of 156 openings English
//! checkers tournaments draw from, here the openings of every match, SPRT,
//! self-play run and book of the 8x8 rule sets. Where White moves first
//! (the tournament rules, Russian, Brazilian) a ballot is played on the
//! board turned half a circle, so the same opening is played with the
//! colours' roles swapped. International draughts (10x10) has no ballots:
//! its matches and self-play start from every position two plies after
//! the start ([`two_ply_openings`]).
//!
//! ```
//! use warcaby::checkers::ballots;
//! use warcaby::Variant;
//!
//! let english = ballots::openings(Variant::English).unwrap();
//! assert_eq!(english.len(), 156);
//! // The first ballot, 9-13 21-17 5-9, leaves White to move.
//! assert_eq!(english[0].ply_count(), 3);
//! ```

use crate::checkers::game::{Game, GameOf};
use crate::checkers::geometry::Geometry;
use crate::checkers::rules::{BoardSize, Variant};
use crate::checkers::square::{Square, SquareNotation};
use crate::core::Color;

/// The ballots (English square numbers, Black first), one per line.
pub const ACF_BALLOTS: &str = include_str!("acf_ballots.txt");

/// The ballots' lines, as written (English numbers, Black first).
pub fn lines() -> impl Iterator<Item = &'static str> {
    ACF_BALLOTS.lines().filter(|l| !l.trim().is_empty())
}

/// The game after a ballot's moves under `variant`, the board turned half a
/// circle where White moves first; an error when a move is not legal there.
pub fn opening(ballot: &str, variant: Variant) -> Result<Game, String> {
    let mut game = Game::new(variant);
    let turned = game.position().side_to_move() == Color::White;
    for text in ballot.split_whitespace() {
        let text = if turned {
            turn_half_circle(text)?
        } else {
            text.to_string()
        };
        game.play_text(&text)
            .map_err(|e| format!("ballot '{ballot}': {e}"))?;
    }
    Ok(game)
}

/// Every game two plies after the start under `variant` on the board `G`,
/// in move-list order: the openings of the boards without ballots (81 on
/// 10x10, each White's first move with each of Black's replies).
///
/// ```
/// use warcaby::checkers::{ballots, geometry::Board10};
/// use warcaby::Variant;
///
/// let openings = ballots::two_ply_openings::<Board10>(Variant::International);
/// assert_eq!(openings.len(), 81);
/// assert!(openings.iter().all(|game| game.ply_count() == 2));
/// ```
pub fn two_ply_openings<G: Geometry>(variant: Variant) -> Vec<GameOf<G>> {
    let after = |game: &GameOf<G>| -> Vec<GameOf<G>> {
        let moves = game.legal_moves();
        moves
            .iter()
            .map(|mv| {
                let mut next = game.clone();
                next.play(mv).expect("a legal move plays");
                next
            })
            .collect()
    };
    after(&GameOf::new(variant))
        .iter()
        .flat_map(after)
        .collect()
}

/// The openings of `variant`: the ballots whose moves are legal there, in
/// the list's order (an error when none is).
pub fn openings(variant: Variant) -> Result<Vec<Game>, String> {
    if variant.board() != BoardSize::Eight {
        return Err(format!("the ballots are 8x8 openings, not for {variant}"));
    }
    let games: Vec<Game> = lines()
        .filter_map(|ballot| opening(ballot, variant).ok())
        .collect();
    if games.is_empty() {
        return Err(format!("no ballot's moves are legal under {variant} rules"));
    }
    Ok(games)
}

/// A ballot move (English numbers, Black first) on the board turned half a
/// circle — square n becomes 33 − n — written algebraically so every rule
/// set reads it.
fn turn_half_circle(text: &str) -> Result<String, String> {
    let mut out = String::new();
    for part in text.split_inclusive(['-', 'x']) {
        let (number, separator) = match part.strip_suffix(['-', 'x']) {
            Some(n) => (n, &part[n.len()..]),
            None => (part, ""),
        };
        let square = number
            .parse::<u8>()
            .ok()
            .and_then(|n| Square::from_number(33u8.checked_sub(n)?))
            .ok_or_else(|| format!("'{number}' in the ballot move '{text}' is no square"))?;
        out.push_str(&square.display(SquareNotation::Algebraic).to_string());
        out.push_str(separator);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ballot_is_legal_in_english_and_turned_where_white_starts() {
        assert_eq!(lines().count(), 156);
        assert_eq!(openings(Variant::English).unwrap().len(), 156);
        for variant in [Variant::Tournament, Variant::Russian] {
            let games = openings(variant).unwrap();
            assert_eq!(games.len(), 156, "{variant}");
            // Three plies from a White start: Black to move, as White is
            // after a ballot in English.
            assert_eq!(games[0].position().side_to_move(), Color::Black);
        }
    }

    #[test]
    fn ten_by_ten_has_no_ballots() {
        let err = openings(Variant::International).unwrap_err();
        assert!(err.contains("8x8"), "{err}");
    }

    #[test]
    fn a_bad_ballot_names_itself() {
        let err = opening("9-13 21-17 99-9", Variant::English).unwrap_err();
        assert!(err.contains("99-9"), "{err}");
        let err = opening("9-13 9-13", Variant::English).unwrap_err();
        assert!(err.contains("ballot '9-13 9-13'"), "{err}");
    }
}
