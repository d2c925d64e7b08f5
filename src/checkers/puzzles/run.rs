//! One puzzle being solved: the player's moves judged against the line,
//! the defence's replies played from it, hints and the solution.

use super::{Puzzle, PuzzleError};
use crate::checkers::game::{Game, GameMoveError};
use crate::checkers::moves::Move;
use crate::checkers::square::Square;
use crate::core::Color;

/// What became of the player's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The right move; the defence answered with `reply` (played).
    Right {
        /// The defence's move.
        reply: Move,
    },
    /// The right move, and the last: the puzzle is solved.
    Solved,
    /// Not the move: it is not played; `expected` was. The puzzle counts
    /// as failed, and the player may still go on with the right move.
    Wrong {
        /// The line's move.
        expected: Move,
    },
}

/// A puzzle under way. A move is right when it leaves the position the
/// line's move leaves (so two capture paths taking the same pieces to the
/// same square are one answer).
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    puzzle: Puzzle,
    game: Game,
    line: Vec<Move>,
    /// The game's ply count at the start.
    start_ply: usize,
    failed: bool,
    hints: u32,
}

impl PuzzleRun {
    /// Starts `puzzle`; refused when its position or line does not read.
    pub fn new(puzzle: &Puzzle) -> Result<PuzzleRun, PuzzleError> {
        let game = puzzle.game()?;
        let mut replay = game.clone();
        let line = puzzle
            .line
            .iter()
            .map(|text| replay.play_text(text))
            .collect::<Result<Vec<Move>, GameMoveError>>()
            .expect("Puzzle::game checked every move");
        Ok(PuzzleRun {
            puzzle: puzzle.clone(),
            start_ply: game.ply_count(),
            game,
            line,
            failed: false,
            hints: 0,
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The game so far (the puzzle's position, then the moves played).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The side the player solves for.
    pub fn solver(&self) -> Color {
        self.game.start().side_to_move()
    }

    /// Moves of the line played so far.
    fn played(&self) -> usize {
        self.game.ply_count() - self.start_ply
    }

    /// The line's next move for the player; None once solved.
    pub fn expected(&self) -> Option<&Move> {
        self.line.get(self.played())
    }

    /// True once the whole line is played.
    pub fn is_solved(&self) -> bool {
        self.played() == self.line.len()
    }

    /// True when a wrong move was tried, or the solution was shown.
    pub fn is_failed(&self) -> bool {
        self.failed
    }

    /// Hints taken.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// The piece the next move starts from (a hint; counted).
    pub fn hint(&mut self) -> Option<Square> {
        let from = self.expected()?.from();
        self.hints += 1;
        Some(from)
    }

    /// Judges the player's move `mv` (legal in the current position, or
    /// it is wrong): see [`Verdict`]. Once solved, every move is wrong
    /// with no move expected: None.
    pub fn try_move(&mut self, mv: &Move) -> Option<Verdict> {
        let expected = *self.expected()?;
        let mut tried = *self.game.position();
        let mut wanted = tried;
        let legal = self.game.legal_moves().contains(mv);
        if legal {
            tried.play(mv);
        }
        wanted.play(&expected);
        if !legal || tried != wanted {
            self.failed = true;
            return Some(Verdict::Wrong { expected });
        }
        self.game.play(&expected).expect("the line was checked");
        let Some(&reply) = self.expected() else {
            return Some(Verdict::Solved);
        };
        self.game.play(&reply).expect("the line was checked");
        Some(Verdict::Right { reply })
    }

    /// [`PuzzleRun::try_move`] of a move text; an unreadable or illegal
    /// text is refused and changes nothing.
    pub fn try_text(&mut self, text: &str) -> Result<Option<Verdict>, GameMoveError> {
        let mv = self.game.position().parse_move(text)?;
        Ok(self.try_move(&mv))
    }

    /// Plays the rest of the line (the solution shown: the puzzle counts
    /// as failed); returns the moves played.
    pub fn show_solution(&mut self) -> Vec<Move> {
        let rest: Vec<Move> = self.line[self.played()..].to_vec();
        if !rest.is_empty() {
            self.failed = true;
        }
        for mv in &rest {
            self.game.play(mv).expect("the line was checked");
        }
        rest
    }
}
