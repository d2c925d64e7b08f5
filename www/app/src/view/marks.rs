//! The marks drawn over a position, computed from the state: the last
//! move, the selection and where it may go, pieces that must capture,
//! capture paths with their captured pieces, the cursor and the best line.

use super::render::{path_of, ClobberMarks, Marks};
use super::Surface;
use crate::state::State;
use warcaby::clobber::{ClobberGame, ClobberPosition};
use warcaby::{Bitboard, Game, Position};

impl State {
    /// The checkers marks over `pos`, the position shown of `game`.
    pub fn checkers_marks(&self, game: &Game, pos: &Position, surface: &Surface) -> Marks {
        let last = match self.view {
            Some(0) => None,
            Some(ply) => game.moves().nth(ply - 1),
            None => game.moves().last(),
        };
        let mut marks = Marks {
            last_move: last.map(path_of),
            cursor: self.drawn_cursor(),
            arrows: self.arrows(surface),
            ..Marks::default()
        };
        if self.view.is_some() || !self.human_may_move() {
            return marks;
        }
        let legal = pos.legal_moves();
        if self.game.capture_is_forced() {
            marks.must_capture = legal.iter().map(|m| m.from()).collect();
        }
        marks.selected = self.selection.from();
        marks.entered = self.selection.entered().to_vec();
        let candidates = self.selection.candidates(&legal);
        marks.targets = self.selection.next_squares(&legal);
        if candidates.iter().any(|m| m.is_capture()) {
            marks.paths = candidates.iter().map(|m| m.path().to_vec()).collect();
            marks.ghosts = candidates
                .iter()
                .fold(Bitboard::EMPTY, |b, m| b | m.captured());
            // The remaining steps' landing squares are worth showing too.
            for m in &candidates {
                marks.targets |= m.path().iter().copied().collect::<Bitboard>();
            }
        }
        marks.crowns = candidates
            .iter()
            .filter(|m| m.promotes())
            .map(|m| m.to())
            .collect();
        marks
    }

    /// The Clobber marks over `pos`, the position shown of `game`.
    pub fn clobber_marks(
        &self,
        game: &ClobberGame,
        pos: &ClobberPosition,
        surface: &Surface,
    ) -> ClobberMarks {
        let mut marks = ClobberMarks {
            last_move: self
                .shown_ply()
                .checked_sub(1)
                .and_then(|i| game.moves().get(i))
                .map(|m| (m.from, m.to)),
            cursor: self.drawn_cursor(),
            arrows: self.arrows(surface),
            ..ClobberMarks::default()
        };
        if self.view.is_some() || !self.human_may_move() {
            return marks;
        }
        let legal = pos.legal_moves();
        marks.selected = self.clobber_selection.from();
        marks.targets = self.clobber_selection.targets(&legal);
        if marks.selected.is_none() {
            marks.movable = legal.iter().map(|m| m.from).collect();
            marks.movable.dedup();
        }
        marks
    }

    /// The best line's arrows for the position shown: each move's points
    /// in board units.
    fn arrows(&self, surface: &Surface) -> Vec<Vec<(f64, f64)>> {
        self.shown_line()
            .iter()
            .map(|(_, spots)| spots.iter().map(|&s| surface.centre(s)).collect())
            .collect()
    }
}
