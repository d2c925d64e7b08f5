//! A Clobber game record: the start position, the moves played and the moves
//! taken back (for redo), with the one rule a game adds to a position — the
//! side to move with no move has lost.

use super::{ClobberError, ClobberMove, ClobberPosition, Shape};
use crate::core::Color;
use std::fmt;

/// How a Clobber game ended: the side to move had no move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClobberOutcome {
    /// The side that made the last move.
    pub winner: Color,
}

impl ClobberOutcome {
    /// `1-0` when White won, `0-1` when Black won.
    pub fn result_text(&self) -> &'static str {
        match self.winner {
            Color::White => "1-0",
            Color::Black => "0-1",
        }
    }
}

impl fmt::Display for ClobberOutcome {
    /// "Black wins: White has no move".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} wins: {} has no move",
            capitalised(self.winner),
            capitalised(self.winner.opponent())
        )
    }
}

fn capitalised(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A Clobber game: positions before each move, then the current one.
///
/// ```
/// use warcaby::clobber::{ClobberGame, ClobberOutcome, Shape};
/// use warcaby::Color;
///
/// // The smallest board: Black takes, White takes back, Black has no move.
/// let mut game = ClobberGame::new(Shape::new(2, 2).unwrap());
/// assert_eq!(game.position().to_text(), "WB/BW:B");
/// game.play_text("a1-a2").unwrap();
/// game.play_text("b1-b2").unwrap();
/// assert_eq!(game.position().to_text(), "BW/..:B");
/// assert_eq!(game.move_texts(), ["a1-a2", "b1-b2"]);
///
/// // Black's stone on a2 can take White's on b2 in the end.
/// assert_eq!(game.outcome(), None);
/// game.play_text("a2-b2").unwrap();
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome, ClobberOutcome { winner: Color::Black });
/// assert_eq!(outcome.to_string(), "Black wins: White has no move");
///
/// // Undo and redo, and an illegal move is refused.
/// assert!(game.undo().is_some());
/// assert_eq!(game.ply_count(), 2);
/// assert!(game.play_text("b2-a1").is_err());
/// assert!(game.redo().is_some());
/// assert_eq!(game.ply_count(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClobberGame {
    /// Never empty: the start, then the position after each move.
    positions: Vec<ClobberPosition>,
    moves: Vec<ClobberMove>,
    undone: Vec<ClobberMove>,
}

impl ClobberGame {
    /// A new game from the start position of `shape`.
    pub fn new(shape: Shape) -> ClobberGame {
        ClobberGame::from_position(ClobberPosition::start(shape))
    }

    /// A game from a set-up position.
    pub fn from_position(start: ClobberPosition) -> ClobberGame {
        ClobberGame {
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// Rebuilds a game from its start text and move texts; the error names
    /// the first move that is not legal.
    pub fn from_texts(start: &str, moves: &[String]) -> Result<ClobberGame, ClobberError> {
        let mut game = ClobberGame::from_position(ClobberPosition::parse(start)?);
        for (i, text) in moves.iter().enumerate() {
            game.play_text(text).map_err(|e| ClobberError::Move {
                text: text.clone(),
                reason: format!("move {}: {e}", i + 1),
            })?;
        }
        Ok(game)
    }

    /// The start position.
    pub fn start(&self) -> &ClobberPosition {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &ClobberPosition {
        &self.positions[self.moves.len()]
    }

    /// The position after `ply` moves (clamped to the game).
    pub fn position_at(&self, ply: usize) -> &ClobberPosition {
        &self.positions[ply.min(self.moves.len())]
    }

    /// The moves played.
    pub fn moves(&self) -> &[ClobberMove] {
        &self.moves
    }

    /// The moves' texts, like `b3-b4`.
    pub fn move_texts(&self) -> Vec<String> {
        self.positions
            .iter()
            .zip(&self.moves)
            .map(|(p, m)| p.move_text(m))
            .collect()
    }

    /// Number of moves played.
    pub fn ply_count(&self) -> usize {
        self.moves.len()
    }

    /// Legal moves in the current position.
    pub fn legal_moves(&self) -> Vec<ClobberMove> {
        self.position().legal_moves()
    }

    /// The outcome, once the side to move has no move.
    pub fn outcome(&self) -> Option<ClobberOutcome> {
        let pos = self.position();
        pos.legal_moves().is_empty().then(|| ClobberOutcome {
            winner: pos.side_to_move().opponent(),
        })
    }

    /// Plays a legal move (anything else is refused and changes nothing).
    pub fn play(&mut self, mv: &ClobberMove) -> Result<(), ClobberError> {
        let pos = *self.position();
        if !pos.legal_moves().contains(mv) {
            return Err(ClobberError::Move {
                text: pos.move_text(mv),
                reason: "not a legal move".into(),
            });
        }
        self.positions.push(pos.after(mv));
        self.moves.push(*mv);
        self.undone.clear();
        Ok(())
    }

    /// Reads and plays a move text.
    pub fn play_text(&mut self, text: &str) -> Result<ClobberMove, ClobberError> {
        let mv = self.position().parse_move(text)?;
        self.play(&mv)?;
        Ok(mv)
    }

    /// Takes the last move back.
    pub fn undo(&mut self) -> Option<ClobberMove> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.undone.push(mv);
        Some(mv)
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self) -> Option<ClobberMove> {
        let mv = self.undone.pop()?;
        let next = self.position().after(&mv);
        self.positions.push(next);
        self.moves.push(mv);
        Some(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_undo_redo_and_texts() {
        let mut game = ClobberGame::new(Shape::new(4, 4).unwrap());
        assert_eq!(game.start().to_text(), "WBWB/BWBW/WBWB/BWBW:B");
        game.play_text("a1-a2").unwrap();
        game.play_text("b1-b2").unwrap();
        assert_eq!(game.move_texts(), ["a1-a2", "b1-b2"]);
        assert!(game.play_text("a1-a2").is_err());
        assert_eq!(game.ply_count(), 2, "a refused move changes nothing");
        assert_eq!(
            game.undo().map(|m| game.position().move_text(&m)),
            Some("b1-b2".into())
        );
        assert_eq!(game.ply_count(), 1);
        game.redo().unwrap();
        assert_eq!(game.move_texts(), ["a1-a2", "b1-b2"]);
        assert_eq!(game.position_at(0), game.start());
        let again = ClobberGame::from_texts("WBWB/BWBW/WBWB/BWBW:B", &game.move_texts()).unwrap();
        assert_eq!(
            again,
            ClobberGame {
                undone: Vec::new(),
                ..game
            }
        );
    }

    #[test]
    fn the_side_without_a_move_loses() {
        // White to move, no white stone next to a black one.
        let game = ClobberGame::from_texts("W.B/.../B.W:W", &[]).unwrap();
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.winner, Color::Black);
        assert_eq!(outcome.to_string(), "Black wins: White has no move");
        assert_eq!(outcome.result_text(), "0-1");
        let mut game = ClobberGame::from_texts("WB/..:B", &[]).unwrap();
        assert_eq!(game.outcome(), None);
        game.play_text("b2-a2").unwrap();
        assert_eq!(game.outcome().unwrap().winner, Color::Black);
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(ClobberGame::from_texts("WBX:B", &[]).is_err());
        let err = ClobberGame::from_texts("WB/BW:B", &["a1-b2".into()]).unwrap_err();
        assert!(err.to_string().contains("move 1"), "{err}");
    }
}
