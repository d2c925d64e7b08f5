//! The marks drawn over a position, computed from the state: the last
//! move, the selection and where it may go, pieces that must capture or
//! can move, capture paths with their captured pieces, the cursor, a
//! hint and the arrows (a hint's move, a review's better move, the best
//! line). The same for every game: all of it is read from the legal
//! moves as spot paths.

use super::render::Marks;
use super::Surface;
use crate::state::State;

impl State {
    /// The marks over the position shown.
    pub fn marks(&self, surface: &Surface) -> Marks {
        let game = self.game.played();
        let mut marks = Marks {
            last_move: self
                .shown_ply()
                .checked_sub(1)
                .and_then(|ply| game.move_at(ply))
                .map(|mv| mv.spots())
                .unwrap_or_default(),
            cursor: self.drawn_cursor(),
            hint: self.hint_piece().or(self.puzzle_hint()),
            arrows: self.arrows(surface),
            ..Marks::default()
        };
        if self.view.is_some() || !self.human_may_move() {
            return marks;
        }
        let legal = game.legal_moves();
        let mut starts: Vec<u8> = legal.iter().map(|m| m.from()).collect();
        starts.sort_unstable();
        starts.dedup();
        if game.capture_is_forced() {
            marks.must_capture = starts.clone();
        }
        marks.selected = self.selection.from();
        if marks.selected.is_none() {
            marks.movable = starts;
        }
        marks.entered = self.selection.entered().to_vec();
        let candidates = self.selection.candidates(&legal);
        marks.targets = self.selection.next_spots(&legal);
        if candidates.iter().any(|m| !m.taken().is_empty()) {
            marks.paths = candidates.iter().map(|m| m.landings().to_vec()).collect();
            marks.ghosts = candidates.iter().flat_map(|m| m.taken().to_vec()).collect();
            // The remaining steps' landing spots are worth showing too.
            for m in &candidates {
                marks.targets.extend(m.landings());
            }
            marks.targets.sort_unstable();
            marks.targets.dedup();
        }
        marks.crowns = candidates
            .iter()
            .filter(|m| m.crowns())
            .map(|m| m.to())
            .collect();
        marks
    }

    /// The arrows for the position shown, each move's points in board
    /// units: the hint's move once shown, the review's better move where
    /// the move that led here is marked, and the analysis's best line.
    fn arrows(&self, surface: &Surface) -> Vec<Vec<(f64, f64)>> {
        let hint = self.hint_move().map(|(_, spots)| spots.to_vec());
        let better = self.better_move().map(|b| b.spots);
        hint.iter()
            .chain(better.iter())
            .chain(self.shown_line().iter().map(|(_, spots)| spots))
            .map(|spots| spots.iter().map(|&s| surface.centre(s)).collect())
            .collect()
    }
}
