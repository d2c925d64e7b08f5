//! Game review: every position of a game analysed by the engine, each move
//! marked by the expected score it lost ([`Mark`]), an evaluation curve,
//! and each side's accuracy, as lichess and lidraughts show them. One
//! mechanism for every game [`AnyGame`] holds (checkers of every variant,
//! Clobber), through the one route into the engine ([`Engine`]).
//!
//! The review is incremental: [`Review::step`] analyses one position per
//! call, so a caller (the page's worker) can show progress and stop
//! between calls. Position `i` is analysed before move `i` is played; the
//! loss of move `i` is, for the side that played it,
//! `E(position i) - E(position i + 1)` clamped at 0, where `E` is the
//! expected score of the engine's evaluation ([`Eval::expected`]): what
//! the best move keeps minus what the move played kept. A move that is the
//! engine's best loses nothing, and a move that was the only legal one is
//! never marked.

mod pdn;
mod score;

pub use score::{
    accuracy, Eval, EvalError, Mark, BLUNDER_LOSS, CHECKERS_SCALE, CLOBBER_SCALE, INACCURACY_LOSS,
    MISTAKE_LOSS,
};

use super::{AnyGame, Engine, GameError, GameKind, Report};
use crate::core::Color;
use crate::search::Limits;

/// How a review analyses each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewSettings {
    /// The search limits of each position (a depth gives the same review
    /// on every machine; a time, a stronger one on a faster machine).
    pub limits: Limits,
}

/// How far a review has come, in positions (a game of `n` moves has
/// `n + 1`: its start and the position after each move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions analysed so far.
    pub analysed: usize,
    /// Positions to analyse in all.
    pub total: usize,
}

impl Progress {
    /// True when every position is analysed.
    pub fn is_done(self) -> bool {
        self.analysed >= self.total
    }
}

/// The engine's view of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionReview {
    /// The evaluation, from White's view.
    pub eval: Eval,
    /// The engine's best move (shortest text); None in a finished game.
    pub best_move: Option<String>,
    /// The same move in full (a capture's whole path), to tell it from
    /// another capture of the same piece.
    pub best_move_full: Option<String>,
    /// The principal variation, as move texts.
    pub line: Vec<String>,
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Which move (0: the game's first).
    pub ply: usize,
    /// Who played it.
    pub mover: Color,
    /// The move played (shortest text).
    pub played: String,
    /// The evaluation of the position before the move, from White's view
    /// (None where a reviewed PDN did not say it).
    pub eval: Option<Eval>,
    /// The mover's expected score there, with best play (0..1).
    pub expected: Option<f64>,
    /// The engine's best move there (None where not known).
    pub best_move: Option<String>,
    /// The engine's line from there, starting with its best move.
    pub line: Vec<String>,
    /// The expected score the move lost for its mover (0..1; None where an
    /// evaluation is missing).
    pub loss: Option<f64>,
    /// The move's mark, if it earned one.
    pub mark: Option<Mark>,
    /// The move was the only legal one (never marked, left out of the
    /// accuracy).
    pub forced: bool,
    /// The move played was the engine's best: it lost nothing, whatever
    /// the evaluations before and after say (a search of the position
    /// after sees further than the one before, so they differ a little).
    pub best: bool,
}

/// One side's figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideSummary {
    /// Accuracy 0..100 ([`accuracy`] of the average loss of the side's
    /// moves that had a choice and a known loss); None without such moves.
    pub accuracy: Option<f64>,
    /// Moves marked inaccuracies.
    pub inaccuracies: usize,
    /// Moves marked mistakes.
    pub mistakes: usize,
    /// Moves marked blunders.
    pub blunders: usize,
}

/// A reviewed game: its moves and the evaluation after the last one.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    /// The game reviewed.
    pub kind: GameKind,
    /// Each move, in order.
    pub moves: Vec<MoveReview>,
    /// The evaluation of the position after the last move of `moves` (the
    /// game's last position once the review is done; None where not
    /// known).
    pub final_eval: Option<Eval>,
}

impl GameReview {
    /// The evaluation curve: each position's evaluation from White's
    /// view, the start first and the position after the last move last.
    pub fn curve(&self) -> Vec<Option<Eval>> {
        let before = self.moves.iter().map(|m| m.eval);
        before.chain(std::iter::once(self.final_eval)).collect()
    }

    /// The figures of `side`.
    pub fn summary(&self, side: Color) -> SideSummary {
        let own = || self.moves.iter().filter(|m| m.mover == side);
        let count = |mark| own().filter(|m| m.mark == Some(mark)).count();
        let losses: Vec<f64> = own().filter(|m| !m.forced).filter_map(|m| m.loss).collect();
        let average = losses.iter().sum::<f64>() / losses.len().max(1) as f64;
        SideSummary {
            accuracy: (!losses.is_empty()).then(|| accuracy(average)),
            inaccuracies: count(Mark::Inaccuracy),
            mistakes: count(Mark::Mistake),
            blunders: count(Mark::Blunder),
        }
    }
}

/// A game under review; see the module's documentation.
///
/// ```
/// use warcaby::games::review::{Review, ReviewSettings};
/// use warcaby::games::{AnyGame, Assets, Engine, EngineChoice};
/// use warcaby::checkers::ai::Level;
/// use warcaby::search::Limits;
/// use warcaby::{Game, Variant};
///
/// let mut game = Game::new(Variant::English);
/// for text in ["11-15", "23-19", "8-11", "22-17"] {
///     game.play_text(text).unwrap();
/// }
/// let game = AnyGame::from(game);
/// let settings = ReviewSettings { limits: Limits::depth(4) };
/// let choice = EngineChoice::Level { level: Level::new(6).unwrap(), seed: 1 };
/// let mut engine = Engine::new(choice, Assets::default());
/// let mut review = Review::new(&game, settings);
/// while !review.is_done() {
///     let progress = review.step(&mut engine).unwrap();
///     assert!(progress.analysed <= progress.total); // 5 positions for 4 moves
/// }
/// let result = review.result();
/// assert_eq!(result.moves.len(), 4);
/// assert_eq!(result.moves[0].played, "11-15");
/// assert!(result.moves.iter().all(|m| m.loss.is_some_and(|l| l >= 0.0)));
/// assert_eq!(result.curve().len(), 5);
/// // The review as PDN comments: the start's evaluation, then one after
/// // each move (`GameReview::annotate` merges them with a game's own).
/// let comments = result.comments();
/// assert_eq!(comments.len(), 5);
/// assert!(comments.iter().all(|(_, text)| text.starts_with("[%eval ")));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    kind: GameKind,
    settings: ReviewSettings,
    /// The game at the next position to analyse; the moves still to come
    /// wait to be redone.
    cursor: AnyGame,
    /// The moves played, shortest and full texts.
    played: Vec<String>,
    played_full: Vec<String>,
    /// For each move analysed so far: its mover and whether it was forced.
    movers: Vec<(Color, bool)>,
    /// Each position analysed so far; None for one with a single legal
    /// move, whose review is the position's after it ([`Review::resolved`]).
    positions: Vec<Option<PositionReview>>,
}

impl Review {
    /// A review of `game`, every move it has played (moves taken back and
    /// not replayed are left out).
    pub fn new(game: &AnyGame, settings: ReviewSettings) -> Review {
        let plies = game.ply_count();
        let mut played = game.played().move_list();
        let mut played_full = game.move_texts();
        played.truncate(plies);
        played_full.truncate(plies);
        let mut cursor = game.clone();
        while cursor.undo().is_some() {}
        Review {
            kind: game.kind(),
            settings,
            cursor,
            played,
            played_full,
            movers: Vec::with_capacity(plies),
            positions: Vec::with_capacity(plies + 1),
        }
    }

    /// How far the review has come.
    pub fn progress(&self) -> Progress {
        Progress {
            analysed: self.positions.len(),
            total: self.played.len() + 1,
        }
    }

    /// True when every position is analysed.
    pub fn is_done(&self) -> bool {
        self.progress().is_done()
    }

    /// Analyses the next position with `engine` (nothing once done): the
    /// search [`Review::position_to_search`] asks for, within the
    /// settings' limits, then [`Review::step_with`] its report. Fails where
    /// the engine does (another game's evaluation, the AlphaZero bot
    /// without its network or outside English checkers); the review can go
    /// on with another engine then.
    pub fn step(&mut self, engine: &mut Engine) -> Result<Progress, GameError> {
        let report = match self.position_to_search() {
            Some(position) => Some(engine.think(position, self.settings.limits, |_| {})?),
            None => None,
        };
        let alphazero = engine.choice().is_alphazero();
        self.step_with(report.as_ref(), alphazero)
    }

    /// The position the next step needs a search of: None once done, and
    /// for a position judged without one — a finished game's last position
    /// (by its outcome) and a position with one legal move (by the position
    /// after it: the engine answers such a position after one shallow
    /// iteration, whose score would make the move before it look like a
    /// mistake).
    pub fn position_to_search(&self) -> Option<&AnyGame> {
        let needs_search = !self.is_done() && self.cursor.outcome().is_none() && !self.forced();
        needs_search.then_some(&self.cursor)
    }

    /// The next step with the search made elsewhere (the page's worker
    /// answers one request per position, so the page sees the progress and
    /// can stop between two): `report` is the search of
    /// [`Review::position_to_search`] (None where it asks for none),
    /// `alphazero` whether the AlphaZero bot made it (its score is a
    /// value, not hundredths of a man). A position that needs a search
    /// given none is refused ([`GameError::Unsearched`]) and the review
    /// stays where it was.
    pub fn step_with(
        &mut self,
        report: Option<&Report>,
        alphazero: bool,
    ) -> Result<Progress, GameError> {
        if self.is_done() {
            return Ok(self.progress());
        }
        let ply = self.positions.len();
        let mover = self.cursor.side_to_move();
        let forced = self.forced();
        let position = match (self.cursor.outcome(), report) {
            (Some(outcome), _) => Some(PositionReview {
                eval: match outcome.winner() {
                    Some(winner) => Eval::Win { winner, plies: 0 },
                    None => Eval::Score(0),
                },
                best_move: None,
                best_move_full: None,
                line: Vec::new(),
            }),
            (None, _) if forced => None,
            (None, Some(report)) => Some(position_of_report(report, mover, self.kind, alphazero)),
            (None, None) => return Err(GameError::Unsearched),
        };
        if ply < self.played.len() {
            if self.cursor.redo().is_none() {
                return Err(GameError::Replay {
                    ply: ply + 1,
                    reason: "the move is missing from the game".to_string(),
                });
            }
            self.movers.push((mover, forced));
        }
        self.positions.push(position);
        Ok(self.progress())
    }

    /// True when the next position to analyse is one the game goes on
    /// from with its only legal move.
    fn forced(&self) -> bool {
        self.positions.len() < self.played.len() && self.cursor.legal_moves().len() == 1
    }

    /// The review so far: every move whose position before and after have
    /// been judged (all of them once [`Review::is_done`]; a forced
    /// position waits for the one after it).
    pub fn result(&self) -> GameReview {
        let resolved = self.resolved();
        let known: Vec<&PositionReview> = resolved.iter().map_while(Option::as_ref).collect();
        let moves = known
            .windows(2)
            .enumerate()
            .map(|(ply, pair)| self.move_review(ply, pair[0], pair[1]))
            .collect();
        GameReview {
            kind: self.kind,
            moves,
            final_eval: known.last().map(|p| p.eval),
        }
    }

    /// Each position analysed so far, a forced one judged as the position
    /// after its only move, that move first in its line (None while that
    /// position waits for its own analysis).
    fn resolved(&self) -> Vec<Option<PositionReview>> {
        let mut resolved = vec![None; self.positions.len()];
        let mut after: Option<PositionReview> = None;
        for (ply, position) in self.positions.iter().enumerate().rev() {
            let judged = match position {
                Some(searched) => Some(searched.clone()),
                None => after.map(|next| PositionReview {
                    eval: next.eval,
                    best_move: Some(self.played[ply].clone()),
                    best_move_full: Some(self.played_full[ply].clone()),
                    line: std::iter::once(self.played[ply].clone())
                        .chain(next.line)
                        .collect(),
                }),
            };
            resolved[ply] = judged.clone();
            after = judged;
        }
        resolved
    }

    /// Move `ply`, from the reviews of its positions before and after.
    fn move_review(
        &self,
        ply: usize,
        before: &PositionReview,
        after: &PositionReview,
    ) -> MoveReview {
        let (mover, forced) = self.movers[ply];
        let expected = before.eval.expected(mover, self.kind);
        let is_best = before.best_move_full.as_ref() == Some(&self.played_full[ply]);
        let loss = if forced || is_best {
            0.0
        } else {
            (expected - after.eval.expected(mover, self.kind)).max(0.0)
        };
        let mark = if forced { None } else { Mark::of_loss(loss) };
        MoveReview {
            ply,
            mover,
            played: self.played[ply].clone(),
            eval: Some(before.eval),
            expected: Some(expected),
            best_move: before.best_move.clone(),
            line: before.line.clone(),
            loss: Some(loss),
            mark,
            forced,
            best: is_best && !forced,
        }
    }
}

/// A position's review from the engine's report for `mover`: a forced
/// win or loss as such, the AlphaZero bot's value (its score is the value
/// −1..1 times 100) put on the game's curve, any other score as it is.
fn position_of_report(
    report: &Report,
    mover: Color,
    kind: GameKind,
    alphazero: bool,
) -> PositionReview {
    let for_white = |hundredths: i32| match mover {
        Color::White => hundredths,
        Color::Black => -hundredths,
    };
    let eval = match report.mate_in {
        Some(plies) => Eval::Win {
            winner: if plies > 0 { mover } else { mover.opponent() },
            plies: plies.unsigned_abs(),
        },
        None if alphazero => {
            let for_mover = (f64::from(report.score) / 100.0 + 1.0) / 2.0;
            let white_moves = mover == Color::White;
            Eval::from_expected(
                if white_moves {
                    for_mover
                } else {
                    1.0 - for_mover
                },
                kind,
            )
        }
        None => Eval::Score(for_white(report.score)),
    };
    PositionReview {
        eval,
        best_move: report.best_move_text.clone(),
        best_move_full: report.best_move.clone(),
        line: report.pv.clone(),
    }
}

#[cfg(test)]
mod tests;
