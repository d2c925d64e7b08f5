//! `warcaby.contest.Follower`: the game behind the boards a contest bot is
//! handed, found by the library's [`Follower`] (the opponent's replies and
//! the moves the referee played without asking), as a `Board` whose draw
//! counters are the referee's.

use crate::checkers::{PyBoard, PyMove};
use crate::contest::{read_board, read_step};
use crate::errors::{bad_board, illegal, NotFollowingError};
use pyo3::prelude::*;
use warcaby::checkers::referee::{FollowError, Follower, Step};

/// Follows a contest game from the boards the bot is handed.
#[pyclass(name = "Follower", module = "warcaby.contest")]
#[derive(Default)]
pub struct PyFollower {
    follower: Follower,
}

impl PyFollower {
    /// The moves the bot may still make this turn, as Move objects of the
    /// turn's position (empty before the first board).
    fn candidates(&self) -> Vec<PyMove> {
        let (Some(game), Some(turn)) = (self.follower.game(), self.follower.turn()) else {
            return Vec::new();
        };
        let pos = game.position();
        let legal = pos.legal_moves();
        let candidates = turn.candidates();
        candidates
            .iter()
            .map(|&mv| PyMove::new(pos, mv, &legal))
            .collect()
    }

    /// The step to answer now: `choice` is a step, or a Move of `moves`
    /// (its next step).
    fn step_of(&self, choice: &Bound<'_, PyAny>) -> PyResult<Step> {
        let Ok(mv) = choice.cast::<PyMove>() else {
            return read_step(choice);
        };
        let played = self.follower.turn().map_or(0, |turn| turn.taken().len());
        let found = self
            .candidates()
            .into_iter()
            .find(|m| m.mv == mv.get().mv)
            .ok_or_else(|| {
                illegal(format!(
                    "{} is not one of the follower's moves",
                    mv.get().text
                ))
            })?;
        Ok(found.contest_steps()?[played])
    }
}

#[pymethods]
impl PyFollower {
    #[new]
    fn py_new() -> PyFollower {
        PyFollower::default()
    }

    /// Takes the next board the bot is handed (`plansza`, every one, in
    /// order, mid-capture ones included) and returns the game so far at
    /// the start of the bot's turn: a `Board(contest=True)` whose
    /// repetitions and no-progress count are the referee's. The first board
    /// tells the bot's colour. A board that no play leads to from the last
    /// one raises NotFollowingError and changes nothing.
    fn follow(&mut self, plansza: &Bound<'_, PyAny>) -> PyResult<PyBoard> {
        let board = read_board(plansza)?;
        self.follower.follow(&board).map_err(|e| match e {
            FollowError::Board(e) => bad_board(e),
            other => NotFollowingError::new_err(other.to_string()),
        })?;
        Ok(self.board().expect("a board was followed"))
    }

    /// Records the step the bot answers and returns it: `choice` is a step
    /// `((r1, c1), (r2, c2))` of the last board's `ruchy`, or one of `moves`
    /// (whose next step is answered). The next `follow` then need not guess
    /// it (it still finds the play if the referee replaced the answer).
    fn answer(&mut self, choice: &Bound<'_, PyAny>) -> PyResult<Step> {
        let step = self.step_of(choice)?;
        self.follower.answer(step).map_err(|e| {
            let why = if self.follower.turn().is_none() {
                "follow a board first".to_string()
            } else {
                e.to_string()
            };
            illegal(why)
        })?;
        Ok(step)
    }

    /// The game so far at the start of the bot's turn (None before the
    /// first board).
    #[getter]
    fn board(&self) -> Option<PyBoard> {
        self.follower
            .game()
            .map(|game| PyBoard::eight(game.clone()))
    }

    /// The bot's moves still possible this turn: every legal move at its
    /// start, mid-capture only those that begin with the hops played.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.candidates()
    }

    /// The steps of the bot's move played this turn (mid-capture), else [].
    #[getter]
    fn hops(&self) -> Vec<Step> {
        self.follower
            .turn()
            .map_or_else(Vec::new, |turn| turn.taken())
    }

    /// The bot's colour, `"white"` (moves first) or `"black"`; None before
    /// the first board.
    #[getter]
    fn color(&self) -> Option<&'static str> {
        self.follower.bot().map(|c| c.name())
    }

    /// True when the first board was not reached from the start position
    /// (an overtime game): the game was taken to start there.
    #[getter]
    fn started_elsewhere(&self) -> bool {
        self.follower.started_elsewhere()
    }

    fn __repr__(&self) -> String {
        match (self.follower.game(), self.follower.bot()) {
            (Some(game), Some(bot)) => format!(
                "Follower(bot={}, plies={}, hops={})",
                bot.name(),
                game.ply_count(),
                self.hops().len()
            ),
            _ => "Follower(no board yet)".to_string(),
        }
    }
}
