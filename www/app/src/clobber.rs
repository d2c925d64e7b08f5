//! A Clobber game for the page: the start position, the moves played and
//! the moves undone (for redo). Every rule — legal moves, move text, who has
//! lost — comes from the engine's [`ClobberPosition`].

use warcaby::clobber::{ClobberMove, ClobberPosition, Shape};
use warcaby::Color;

/// A Clobber game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClobberGame {
    /// Positions before each move, then the current one (never empty).
    positions: Vec<ClobberPosition>,
    moves: Vec<ClobberMove>,
    undone: Vec<ClobberMove>,
}

impl ClobberGame {
    /// A new game on a `rows` x `cols` board (2-10 each).
    pub fn new(rows: usize, cols: usize) -> Result<ClobberGame, String> {
        let shape = Shape::new(rows, cols).map_err(|e| e.to_string())?;
        Ok(ClobberGame::from_position(ClobberPosition::start(shape)))
    }

    /// A game from a set-up position.
    pub fn from_position(start: ClobberPosition) -> ClobberGame {
        ClobberGame {
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// Rebuilds a game from its start text and move texts.
    pub fn from_texts(start: &str, moves: &[String]) -> Result<ClobberGame, String> {
        let start = ClobberPosition::parse(start).map_err(|e| e.to_string())?;
        let mut game = ClobberGame::from_position(start);
        for (i, text) in moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        Ok(game)
    }

    /// The start position.
    pub fn start(&self) -> &ClobberPosition {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &ClobberPosition {
        self.positions.last().expect("a position")
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

    /// The winner, once the side to move has no move.
    pub fn winner(&self) -> Option<Color> {
        let pos = self.position();
        pos.legal_moves()
            .is_empty()
            .then(|| pos.side_to_move().opponent())
    }

    /// "Black wins: White has no move", once the game is over.
    pub fn outcome_text(&self) -> Option<String> {
        self.winner().map(|w| {
            format!(
                "{} wins: {} has no move",
                capitalised(w),
                capitalised(w.opponent())
            )
        })
    }

    /// Plays a legal move (anything else is refused).
    pub fn play(&mut self, mv: &ClobberMove) -> Result<(), String> {
        let pos = *self.position();
        if !pos.legal_moves().contains(mv) {
            return Err(format!("{} is not a legal move", pos.move_text(mv)));
        }
        self.positions.push(pos.after(mv));
        self.moves.push(*mv);
        self.undone.clear();
        Ok(())
    }

    /// Reads and plays a move text.
    pub fn play_text(&mut self, text: &str) -> Result<ClobberMove, String> {
        let mv = self
            .position()
            .parse_move(text)
            .map_err(|e| e.to_string())?;
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

fn capitalised(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_undo_redo_and_texts() {
        let mut game = ClobberGame::new(4, 4).unwrap();
        assert_eq!(game.start().to_text(), "WBWB/BWBW/WBWB/BWBW:B");
        game.play_text("a1-a2").unwrap();
        game.play_text("b1-b2").unwrap();
        assert_eq!(game.move_texts(), ["a1-a2", "b1-b2"]);
        assert!(game.play_text("a1-a2").is_err());
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
        assert_eq!(game.winner(), Some(Color::Black));
        assert_eq!(
            game.outcome_text().as_deref(),
            Some("Black wins: White has no move")
        );
        let mut game = ClobberGame::from_texts("WB/..:B", &[]).unwrap();
        assert_eq!(game.winner(), None);
        game.play_text("b2-a2").unwrap();
        assert_eq!(
            game.outcome_text().as_deref(),
            Some("Black wins: White has no move")
        );
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(ClobberGame::new(1, 5).unwrap_err().contains("2-10"));
        assert!(ClobberGame::from_texts("WBX:B", &[]).is_err());
        let err = ClobberGame::from_texts("WB/BW:B", &["a1-b2".into()]).unwrap_err();
        assert!(err.starts_with("move 1"), "{err}");
    }
}
