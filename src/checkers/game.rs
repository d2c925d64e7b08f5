//! A game: the start position, the moves played, and what the rules say
//! about the result (no legal move, threefold repetition, no progress).

use crate::checkers::geometry::{Board8, Geometry};
use crate::checkers::moves::MoveOf;
use crate::checkers::position::PositionOf;
use crate::checkers::rules::{
    EndOrder, EndgameDraw, EndgameMaterial, Progress, Repetition, Variant,
};
use crate::core::Color;
use std::fmt;

/// How a game ended, or that it goes on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Outcome {
    /// `winner` won because the side to move (the loser) had no legal move.
    Win {
        /// The side that won.
        winner: Color,
        /// Why the loser could not move.
        reason: WinReason,
    },
    /// A draw by one of the variant's draw rules.
    Draw(DrawReason),
}

/// Why the loser had no legal move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser's pieces are all blocked.
    Blocked,
}

/// Which draw rule ended the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum DrawReason {
    /// The same position with the same side to move occurred a third time.
    ThreefoldRepetition,
    /// The variant's limit of plies without a man move or a capture was reached.
    NoProgress {
        /// The limit, in plies.
        plies: u32,
        /// What would have counted as progress.
        progress: Progress,
    },
    /// An endgame draw rule of the variant ([`EndgameDraw`]).
    Endgame(EndgameDraw),
    /// Both players agreed (or an arbiter declared it), e.g. from a PDN result.
    Agreed,
}

impl Outcome {
    /// The PDN result text: `1-0` (white won), `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let loser = winner.opponent().name();
                match reason {
                    WinReason::NoPieces => {
                        write!(f, "{} wins: {loser} has no pieces left", winner.name())
                    }
                    WinReason::Blocked => {
                        write!(f, "{} wins: {loser} has no legal move", winner.name())
                    }
                }
            }
            Outcome::Draw(DrawReason::ThreefoldRepetition) => {
                write!(f, "draw by threefold repetition")
            }
            Outcome::Draw(DrawReason::NoProgress { plies, progress }) => {
                let what = match progress {
                    Progress::ManMoveOrCapture => "a man move or a capture",
                    Progress::CaptureOrCrowning => "a capture or a crowning",
                };
                write!(f, "draw: {plies} plies in a row without {what}")
            }
            Outcome::Draw(DrawReason::Endgame(rule)) => write!(
                f,
                "draw: {}, {} moves without a capture or a crowning",
                rule.material.describe(),
                rule.plies / 2
            ),
            Outcome::Draw(DrawReason::Agreed) => write!(f, "draw agreed"),
        }
    }
}

impl EndgameMaterial {
    /// True when `pos` has this material, either side being the stronger.
    pub fn matches<G: Geometry>(self, pos: &PositionOf<G>) -> bool {
        [Color::White, Color::Black].into_iter().any(|strong| {
            let (ours, theirs) = (pos.pieces(strong), pos.pieces(!strong));
            let kings = pos.kings(strong).count();
            let lone_king = theirs.count() == 1 && pos.kings(!strong).count() == 1;
            let on_main_road = theirs.squares().all(|sq| sq.file() == sq.rank());
            match self {
                EndgameMaterial::KingsAgainstLoneKing(n) => {
                    lone_king && kings >= n && kings == ours.count()
                }
                EndgameMaterial::PiecesAgainstLoneKing(n) => {
                    lone_king && ours.count() == n && kings >= 1
                }
                EndgameMaterial::PiecesAgainstLoneKingOnMainRoad(n) => {
                    lone_king && on_main_road && ours.count() == n && kings >= 1
                }
                EndgameMaterial::BothSidesKings(lo, hi) => {
                    let all = pos.occupied().count();
                    kings >= 1 && pos.kings(!strong).any() && (lo..=hi).contains(&all)
                }
            }
        })
    }
}

/// A move that cannot be played in the game's current position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError<G: Geometry = Board8> {
    /// The game is already over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// The move is not legal in the current position.
    #[error("{0:?} is not a legal move in this position")]
    Illegal(MoveOf<G>),
}

/// One ply of history: the position before the move, the move, and the
/// no-progress count before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ply<G: Geometry> {
    before: PositionOf<G>,
    mv: MoveOf<G>,
    quiet_plies_before: u32,
    material_plies_before: u32,
}

/// A game in progress: start position, moves, repetition and no-progress
/// bookkeeping. Undo and redo restore everything exactly.
///
/// ```
/// use warcaby::{Color, Game, Variant};
///
/// let mut game = Game::new(Variant::English);
/// for text in ["11-15", "23-19", "8-11", "22-17"] {
///     game.play_text(text).unwrap();
/// }
/// assert_eq!(game.ply_count(), 4);
/// assert_eq!(game.position().side_to_move(), Color::Black);
/// // An illegal move is refused and changes nothing.
/// assert!(game.play_text("22-18").is_err()); // a white man, Black to move
/// assert_eq!(game.ply_count(), 4);
///
/// // Undo and redo.
/// let last = game.undo().unwrap();
/// assert_eq!(game.position().move_text(&last), "22-17");
/// assert_eq!(game.redo(), Some(last));
/// assert_eq!(game.outcome(), None); // the game goes on
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOf<G: Geometry> {
    start: PositionOf<G>,
    current: PositionOf<G>,
    /// Plies since the last progress move (the rules' [`crate::checkers::rules::Progress`]).
    quiet_plies: u32,
    /// Plies since the material last changed (a capture or a crowning).
    material_plies: u32,
    history: Vec<Ply<G>>,
    redo: Vec<MoveOf<G>>,
}

/// A game on the 8x8 board.
pub type Game = GameOf<Board8>;

impl<G: Geometry> GameOf<G> {
    /// A new game from the variant's start position (a variant of this
    /// board: see [`PositionOf::start`]).
    pub fn new(variant: Variant) -> GameOf<G> {
        GameOf::from_position(PositionOf::start(variant))
    }

    /// A new game from any position (the no-progress count starts at 0).
    pub fn from_position(start: PositionOf<G>) -> GameOf<G> {
        GameOf {
            start,
            current: start,
            quiet_plies: 0,
            material_plies: 0,
            history: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The position the game started from.
    pub fn start(&self) -> &PositionOf<G> {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &PositionOf<G> {
        &self.current
    }

    /// The moves played so far.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = &MoveOf<G>> + '_ {
        self.history.iter().map(|p| &p.mv)
    }

    /// Every position so far with the move played from it.
    pub fn positions_and_moves(&self) -> impl Iterator<Item = (&PositionOf<G>, &MoveOf<G>)> + '_ {
        self.history.iter().map(|p| (&p.before, &p.mv))
    }

    /// Number of plies played.
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// Plies since the last progress move: by the written rules a man move
    /// or a capture (see [`crate::checkers::rules::Progress`]).
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// The legal moves in the current position (none once the game is over).
    pub fn legal_moves(&self) -> Vec<MoveOf<G>> {
        if self.is_draw().is_some() {
            return Vec::new();
        }
        self.current.legal_moves()
    }

    /// How many times the current position has occurred (including now),
    /// compared as the rules' [`Repetition`] says.
    pub fn repetitions(&self) -> usize {
        // Only positions since the last irreversible move can repeat.
        let recent = self.history.iter().rev().take(self.quiet_plies as usize);
        match self.current.rules().end.repetition {
            Repetition::SamePosition => 1 + recent.filter(|p| p.before == self.current).count(),
            Repetition::MoverView => {
                let view = self.current.mover_view();
                // The game's start position (history[0].before) never counts.
                let counted = recent.take(self.history.len().saturating_sub(1));
                1 + counted.filter(|p| p.before.mover_view() == view).count()
            }
        }
    }

    fn is_draw(&self) -> Option<DrawReason> {
        let end = &self.current.rules().end;
        let no_progress =
            (self.quiet_plies >= end.no_progress_plies).then_some(DrawReason::NoProgress {
                plies: end.no_progress_plies,
                progress: end.progress,
            });
        let repeated = (self.repetitions() >= 3).then_some(DrawReason::ThreefoldRepetition);
        let endgame = || {
            end.endgames
                .iter()
                .find(|rule| {
                    self.material_plies >= rule.plies && rule.material.matches(&self.current)
                })
                .map(|rule| DrawReason::Endgame(*rule))
        };
        match end.order {
            EndOrder::LossFirst => repeated.or(no_progress).or_else(endgame),
            EndOrder::DrawsFirst => no_progress.or(repeated).or_else(endgame),
        }
    }

    fn no_move_loss(&self) -> Option<Outcome> {
        let pos = &self.current;
        if crate::checkers::movegen::count(pos) != 0 {
            return None;
        }
        let loser = pos.side_to_move();
        let reason = if pos.pieces(loser).is_empty() {
            WinReason::NoPieces
        } else {
            WinReason::Blocked
        };
        Some(Outcome::Win {
            winner: loser.opponent(),
            reason,
        })
    }

    /// The result if the game is over, checked in the rules' [`EndOrder`]:
    /// by the written rules a side with no legal move loses first, then
    /// threefold repetition, then no progress; the referee program checks
    /// no progress, then repetition, then the side without a move.
    ///
    /// ```
    /// use warcaby::{Color, DrawReason, Game, Outcome, Position, Variant, WinReason};
    ///
    /// // White's last man is taken: Black wins.
    /// let start = Position::from_fen("B:W18:B14", Variant::English).unwrap();
    /// let mut game = Game::from_position(start);
    /// game.play_text("14x23").unwrap();
    /// let outcome = game.outcome().unwrap();
    /// assert_eq!(outcome, Outcome::Win { winner: Color::Black, reason: WinReason::NoPieces });
    /// assert_eq!(outcome.result_text(), "0-1");
    /// assert_eq!(outcome.to_string(), "black wins: white has no pieces left");
    ///
    /// // Two kings walking back and forth: the third occurrence is a draw.
    /// let kings = Position::from_fen("W:WK29:BK4", Variant::English).unwrap();
    /// let mut game = Game::from_position(kings);
    /// for text in ["29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29", "8-4"] {
    ///     game.play_text(text).unwrap();
    /// }
    /// assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::ThreefoldRepetition)));
    /// assert!(game.legal_moves().is_empty());
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        match self.current.rules().end.order {
            EndOrder::LossFirst => self
                .no_move_loss()
                .or_else(|| self.is_draw().map(Outcome::Draw)),
            EndOrder::DrawsFirst => self
                .is_draw()
                .map(Outcome::Draw)
                .or_else(|| self.no_move_loss()),
        }
    }

    /// Plays a legal move. An illegal move, or any move once the game is
    /// over, is refused and changes nothing.
    pub fn play(&mut self, mv: &MoveOf<G>) -> Result<(), PlayError<G>> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        if !self.current.legal_moves().contains(mv) {
            return Err(PlayError::Illegal(*mv));
        }
        self.push(*mv);
        if self.redo.last() == Some(mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    fn push(&mut self, mv: MoveOf<G>) {
        let progress = self.current.is_progress(&mv);
        self.history.push(Ply {
            before: self.current,
            mv,
            quiet_plies_before: self.quiet_plies,
            material_plies_before: self.material_plies,
        });
        self.current.play(&mv);
        self.quiet_plies = if progress { 0 } else { self.quiet_plies + 1 };
        self.material_plies = if mv.is_capture() || mv.promotes() {
            0
        } else {
            self.material_plies + 1
        };
    }

    /// Parses move text in the current position and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<MoveOf<G>, GameMoveError<G>> {
        let mv = self.current.parse_move(text)?;
        self.play(&mv)?;
        Ok(mv)
    }

    /// Takes back the last move; returns it, or None at the start.
    pub fn undo(&mut self) -> Option<MoveOf<G>> {
        let ply = self.history.pop()?;
        self.current = ply.before;
        self.quiet_plies = ply.quiet_plies_before;
        self.material_plies = ply.material_plies_before;
        self.redo.push(ply.mv);
        Some(ply.mv)
    }

    /// Replays the last undone move; returns it, or None.
    pub fn redo(&mut self) -> Option<MoveOf<G>> {
        let mv = self.redo.pop()?;
        self.push(mv);
        Some(mv)
    }
}

/// A move text that could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameMoveError<G: Geometry = Board8> {
    /// The text does not name a legal move.
    #[error(transparent)]
    Text(#[from] crate::checkers::notation::MoveTextError),
    /// The game refused the move.
    #[error(transparent)]
    Play(#[from] PlayError<G>),
}
