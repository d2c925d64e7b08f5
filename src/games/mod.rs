//! One game abstraction for everything that lets a user pick a game: the
//! command line, the arena, the browser's worker and page.
//!
//! - [`GameNode`]: what a game's search node offers beyond [`SearchGame`]
//!   (move text, perft, its evaluations). Checkers ([`CheckersNode`], and
//!   with the feature `international` the 10x10 board's
//!   [`CheckersNodeOf<Board10>`](crate::checkers::ai::CheckersNodeOf)) and
//!   Clobber ([`ClobberPosition`]) implement it; generic code is written once
//!   against it and reached through [`AnyGame::with_node`] ([`NodeJob`]).
//! - [`AnyGame`]: a game record of either game, with its moves, outcome,
//!   saved form ([`GameRecord`]) and one entry point to the engine
//!   ([`AnyGame::think`], [`EngineChoice`], [`Report`]).
//! - [`review`]: a whole game analysed position by position, its moves
//!   marked by the expected score they lost, written into and read back
//!   from PDN comments.
//!
//! A new game or engine is added here once, not in every front end.

use crate::checkers::ai::{CheckersEval, CheckersNode, Level, LevelError};
#[cfg(feature = "international")]
use crate::checkers::ai::{CheckersNodeOf, InternationalEval};
use crate::checkers::book::Book;
use crate::checkers::egdb::Egdb;
#[cfg(feature = "international")]
use crate::checkers::game::GameOf;
use crate::checkers::game::{Game, GameMoveError, Outcome};
#[cfg(feature = "international")]
use crate::checkers::geometry::Board10;
use crate::checkers::moves::Move;
use crate::checkers::notation::{fen::FenError, full_text};
use crate::checkers::position::Position;
use crate::checkers::rules::Variant;
use crate::clobber::{self, ClobberError, ClobberEval, ClobberGame, ClobberMove};
use crate::clobber::{ClobberOutcome, ClobberPosition};
use crate::core::named::{named_display_and_parse, Named, UnknownName};
use crate::core::Color;
use crate::search::{Evaluator, ExactProbe, SearchGame, SearchInfo, Searcher};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// Which game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum GameKind {
    /// Checkers (draughts) in one of its variants.
    #[default]
    Checkers,
    /// Clobber on a rectangular board.
    Clobber,
}

impl Named for GameKind {
    const WHAT: &'static str = "game";
    const ALL: &'static [GameKind] = &[GameKind::Checkers, GameKind::Clobber];
    fn name(self) -> &'static str {
        match self {
            GameKind::Checkers => "checkers",
            GameKind::Clobber => "clobber",
        }
    }
}
named_display_and_parse!(GameKind);

/// A game's search node with what every front end needs besides the search.
pub trait GameNode: SearchGame + Sized {
    /// The game's evaluations, chosen by name.
    type Eval: Evaluator<Self>
        + FromStr<Err = UnknownName>
        + fmt::Display
        + Clone
        + Default
        + Into<AnyEval>;
    /// Which game this is.
    const KIND: GameKind;
    /// Move text as players write it (the shortest unambiguous form).
    fn move_text(&self, mv: &Self::Move) -> String;
    /// Move text that names the move in full (a capture's whole path).
    fn full_move_text(&self, mv: &Self::Move) -> String {
        self.move_text(mv)
    }
    /// Every legal move.
    fn moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }
    /// Counts move paths `depth` plies deep.
    fn perft(&self, depth: u32) -> u64;
    /// The same on `threads` threads, where the game supports it.
    fn perft_threads(&self, depth: u32, _threads: usize) -> u64 {
        self.perft(depth)
    }
    /// The evaluation a playing level uses in this game.
    fn level_eval(_level: Level) -> Self::Eval {
        Self::Eval::default()
    }
    /// The opening book's move for this position as a search report (depth:
    /// the book's analysis, no nodes), if the game has a book holding it:
    /// `book` when given, else the compiled-in one.
    fn book_move(&self, _book: Option<&Book>) -> Option<SearchInfo<Self::Move>> {
        None
    }
    /// The endgame database as the search's exact probe, where this game
    /// has one (checkers); None by default.
    fn exact_probe(_egdb: &Arc<Egdb>) -> Option<Arc<dyn ExactProbe<Self>>> {
        None
    }
    /// The game's own evaluation inside `any`, if it is one of this game's.
    fn eval_of(any: &AnyEval) -> Option<Self::Eval>;
    /// Where an [`Engine`] keeps its search of this game between moves.
    fn searcher_slot(searchers: &mut Searchers) -> &mut Option<Searcher<Self, Self::Eval>>;
}

/// The methods a checkers node has alike on every board (move text and
/// perft are written once over the geometry).
macro_rules! checkers_node_methods {
    () => {
        fn move_text(&self, mv: &Self::Move) -> String {
            self.pos.move_text(mv)
        }
        fn full_move_text(&self, mv: &Self::Move) -> String {
            full_text(mv, self.pos.rules())
        }
        fn perft(&self, depth: u32) -> u64 {
            crate::checkers::perft::perft(&self.pos, depth)
        }
        fn perft_threads(&self, depth: u32, threads: usize) -> u64 {
            crate::checkers::perft::perft_parallel(&self.pos, depth, threads)
        }
    };
}

impl GameNode for CheckersNode {
    type Eval = CheckersEval;
    const KIND: GameKind = GameKind::Checkers;
    checkers_node_methods!();
    fn level_eval(level: Level) -> CheckersEval {
        level.eval()
    }
    fn book_move(&self, book: Option<&Book>) -> Option<SearchInfo<Move>> {
        let hit = match book {
            Some(book) => book.lookup(&self.pos),
            None => crate::checkers::book::builtin_move(&self.pos),
        };
        hit.map(|hit| hit.info())
    }
    fn exact_probe(egdb: &Arc<Egdb>) -> Option<Arc<dyn ExactProbe<Self>>> {
        Some(Arc::clone(egdb) as Arc<dyn ExactProbe<Self>>)
    }
    /// Its own evaluations, and the 10x10 board's `learned` with its
    /// networks (one name for both boards).
    fn eval_of(any: &AnyEval) -> Option<CheckersEval> {
        match any {
            AnyEval::Checkers(eval) => Some(eval.clone()),
            #[cfg(feature = "international")]
            AnyEval::Checkers10(InternationalEval::Learned(nets)) => {
                Some(CheckersEval::Learned(nets.clone()))
            }
            _ => None,
        }
    }
    fn searcher_slot(searchers: &mut Searchers) -> &mut Option<Searcher<Self, CheckersEval>> {
        searchers.checkers()
    }
}

impl GameNode for ClobberPosition {
    type Eval = ClobberEval;
    const KIND: GameKind = GameKind::Clobber;
    fn move_text(&self, mv: &ClobberMove) -> String {
        ClobberPosition::move_text(self, mv)
    }
    fn perft(&self, depth: u32) -> u64 {
        clobber::perft(self, depth)
    }
    fn eval_of(any: &AnyEval) -> Option<ClobberEval> {
        match any {
            AnyEval::Clobber(eval) => Some(*eval),
            _ => None,
        }
    }
    fn searcher_slot(searchers: &mut Searchers) -> &mut Option<Searcher<Self, ClobberEval>> {
        searchers.clobber()
    }
}

/// International draughts: the 8x8 node's code on the 10x10 board, with
/// its own evaluations; no book and no endgame tables (the defaults).
#[cfg(feature = "international")]
impl GameNode for CheckersNodeOf<Board10> {
    type Eval = InternationalEval;
    const KIND: GameKind = GameKind::Checkers;
    checkers_node_methods!();
    /// The strong levels play the learned evaluation as on 8x8, the others
    /// the plain one.
    fn level_eval(level: Level) -> InternationalEval {
        if level.uses_learned_eval() {
            InternationalEval::learned()
        } else {
            InternationalEval::Plain
        }
    }
    /// Its own evaluations, and checkers' `learned` with its networks (the
    /// name is one for both boards: a network set holds each board's).
    fn eval_of(any: &AnyEval) -> Option<InternationalEval> {
        match any {
            AnyEval::Checkers10(eval) => Some(eval.clone()),
            AnyEval::Checkers(CheckersEval::Learned(nets)) => {
                Some(InternationalEval::Learned(nets.clone()))
            }
            _ => None,
        }
    }
    fn searcher_slot(searchers: &mut Searchers) -> &mut Option<Searcher<Self, InternationalEval>> {
        searchers.checkers10()
    }
}

/// The principal variation as move texts, each written in the position where
/// it is played; stops at the first move that is not legal there.
pub fn pv_texts<G: GameNode>(root: &G, pv: &[G::Move]) -> Vec<String> {
    let mut node = root.clone();
    let mut texts = Vec::with_capacity(pv.len());
    for mv in pv {
        if !node.moves().contains(mv) {
            break;
        }
        texts.push(node.move_text(mv));
        node = node.after(mv);
    }
    texts
}

/// Something to do with the current node of a game, whatever the game.
pub trait NodeJob {
    /// What it gives back.
    type Output;
    /// Does it on `node`; `history` holds the hashes of the positions before
    /// it (oldest first), for repetitions.
    fn run<G: GameNode>(self, node: G, history: &[u64]) -> Self::Output;
}

/// A move of any game. Non-exhaustive: which arms there are depends on
/// the crate's features (`international`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum AnyMove {
    /// A checkers move.
    Checkers(Move),
    /// A move on the 10x10 board (international draughts).
    #[cfg(feature = "international")]
    Checkers10(crate::checkers::international::Move),
    /// A Clobber move.
    Clobber(ClobberMove),
}

/// How a game of either kind ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnyOutcome {
    /// A checkers outcome (win or draw, with its reason).
    Checkers(Outcome),
    /// A Clobber outcome (the side to move had no move).
    Clobber(ClobberOutcome),
}

impl AnyOutcome {
    /// The winner, or None for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            AnyOutcome::Checkers(o) => o.winner(),
            AnyOutcome::Clobber(o) => Some(o.winner),
        }
    }

    /// The score as players of the game write it beside the result, where
    /// they do: checkers' `1-0`, `0-1` or `1/2-1/2`; None in Clobber, which
    /// has no draws (the winner says it all).
    pub fn score(&self) -> Option<&'static str> {
        match self {
            AnyOutcome::Checkers(o) => Some(o.result_text()),
            AnyOutcome::Clobber(_) => None,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self {
            AnyOutcome::Checkers(o) => o.result_text(),
            AnyOutcome::Clobber(o) => o.result_text(),
        }
    }

    /// Why the game ended, in terms every game shares (for tables that
    /// list endings of several games alike).
    pub fn reason(&self) -> EndReason {
        use crate::checkers::game::{DrawReason, WinReason};
        match self {
            AnyOutcome::Checkers(Outcome::Win {
                reason: WinReason::NoPieces,
                ..
            }) => EndReason::NoPieces,
            AnyOutcome::Checkers(Outcome::Win {
                reason: WinReason::Blocked,
                ..
            }) => EndReason::NoMove,
            AnyOutcome::Checkers(Outcome::Draw(DrawReason::ThreefoldRepetition)) => {
                EndReason::Repetition
            }
            AnyOutcome::Checkers(Outcome::Draw(_)) => EndReason::DrawRule,
            // The loser had no move; it may have had no stones either.
            AnyOutcome::Clobber(_) => EndReason::NoMove,
        }
    }
}

impl From<Outcome> for AnyOutcome {
    fn from(outcome: Outcome) -> AnyOutcome {
        AnyOutcome::Checkers(outcome)
    }
}

/// Why a game ended by its rules, whatever the game ([`AnyOutcome::reason`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum EndReason {
    /// The loser had no pieces left (checkers).
    NoPieces,
    /// The side to move had no legal move and lost.
    NoMove,
    /// A draw: the same position for the third time.
    Repetition,
    /// A draw by another of the rules' draw rules (checkers' no-progress
    /// limit, endgame rules, agreement).
    DrawRule,
}

impl fmt::Display for AnyOutcome {
    /// The result in words, with its reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyOutcome::Checkers(o) => o.fmt(f),
            AnyOutcome::Clobber(o) => o.fmt(f),
        }
    }
}

/// Why a game could not be rebuilt, a move not played, or the engine not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A bad checkers start position.
    #[error("start position: {0}")]
    Fen(#[from] FenError),
    /// A bad Clobber position or move.
    #[error(transparent)]
    Clobber(#[from] ClobberError),
    /// A checkers move text that names no legal move (on either board:
    /// see [`GameError::of_move`]).
    #[error(transparent)]
    CheckersMove(#[from] GameMoveError),
    /// A bad position set up by hand (checkers).
    #[error(transparent)]
    Position(#[from] crate::checkers::position::PositionError),
    /// A spot that is not on the board, or a piece the game has not.
    #[error("no such piece on spot {0} in this game")]
    NoSpot(u8),
    /// A move that is not legal now (its text).
    #[error("{0} is not a legal move here")]
    NotLegal(String),
    /// A move of the other game.
    #[error("a {0} move cannot be played in this game")]
    WrongGame(GameKind),
    /// A saved move that could not be replayed.
    #[error("move {ply}: {reason}")]
    Replay {
        /// 1-based number of the move.
        ply: usize,
        /// Why.
        reason: String,
    },
    /// An evaluation of another game, or no evaluation at all.
    #[error(transparent)]
    Eval(#[from] UnknownName),
    /// A level outside 1–8.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// The engine was asked to move in a finished game.
    #[error("the game is over")]
    Over,
    /// A game review was given no search for a position that needs one.
    #[error("the review's position was not searched")]
    Unsearched,
    /// The AlphaZero bot was asked to think without its network.
    #[error("the AlphaZero network is not loaded")]
    NoNetwork,
    /// The AlphaZero bot was asked to play a game it does not play (named).
    #[error("the AlphaZero bot plays English checkers only, not {0}")]
    AlphaZero(String),
    /// The AlphaZero bot was asked about a bare position: its tree search
    /// needs the game (its history and no-progress count).
    #[error("the AlphaZero bot thinks about a whole game, not a bare position")]
    BarePosition,
}

impl GameError {
    /// A move of either checkers board refused: its text, or the game's
    /// refusal, in the board-free form of the 8x8 error (a refused move is
    /// named by its squares, which only the board's own type holds).
    pub fn of_move<G: crate::checkers::geometry::Geometry>(error: GameMoveError<G>) -> GameError {
        use crate::checkers::game::PlayError;
        match error {
            GameMoveError::Text(e) => GameError::CheckersMove(GameMoveError::Text(e)),
            GameMoveError::Play(PlayError::GameOver(o)) => {
                GameError::CheckersMove(GameMoveError::Play(PlayError::GameOver(o)))
            }
            GameMoveError::Play(PlayError::Illegal(mv)) => GameError::NotLegal(format!("{mv:?}")),
        }
    }

    /// True when a move text is not a move at all in the game's notation
    /// (malformed, or naming no square), as opposed to a readable move that
    /// is not legal (or ambiguous) here: a referee tells the two faults
    /// apart.
    pub fn is_unreadable_move(&self) -> bool {
        use crate::checkers::notation::MoveTextError;
        match self {
            GameError::CheckersMove(GameMoveError::Text(e)) => matches!(
                e,
                MoveTextError::Malformed { .. } | MoveTextError::Square { .. }
            ),
            GameError::Clobber(ClobberError::Move { reason, .. }) => {
                !reason.starts_with(clobber::NOT_LEGAL)
            }
            _ => false,
        }
    }
}

/// A game as the page saves it and the worker receives it: the start and the
/// moves as text, so the receiver rebuilds it with the engine's own rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameRecord {
    /// Checkers.
    Checkers {
        /// The variant.
        variant: Variant,
        /// The start position (PDN FEN).
        start_fen: String,
        /// The moves played, as full-path texts.
        moves: Vec<String>,
    },
    /// Clobber.
    Clobber {
        /// The start position's text, like `WBWB/BWBW:B`.
        start: String,
        /// The moves played, like `b3-b4`.
        moves: Vec<String>,
    },
}

/// A game of any kind: checkers (one of its variants, on its board) or
/// Clobber. Non-exhaustive: the 10x10 board's arm is there only with the
/// feature `international` (off in the browser's build), so a front end
/// outside the crate matches with a fallback arm, or better asks
/// [`AnyGame::played`] and [`AnyGame::with_node`], which know every arm.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnyGame {
    /// Checkers on the 8x8 board.
    Checkers(Game),
    /// Checkers on the 10x10 board: international draughts. Its own arm
    /// (not a board inside the checkers arm) so that every 8x8 caller of
    /// [`AnyGame::checkers_game`] keeps its one `Game` type.
    #[cfg(feature = "international")]
    Checkers10(GameOf<Board10>),
    /// Clobber.
    Clobber(ClobberGame),
}

mod engine;
mod facts;
mod paste;
mod play;
mod played;
pub mod review;
mod rules;
mod think;

pub use engine::{Engine, Searchers};
pub use facts::PieceStyle;
pub use paste::{PasteError, PastedText};
pub use played::{checkers_position_at, MoveExamples, PlayedGame, SpotMove, SpotPiece};
pub use rules::{GameRules, RulesChoices};

pub use think::{AnyEval, Assets, CustomEngine, EngineChoice, Report, RootMove, Thought};

impl From<Game> for AnyGame {
    fn from(game: Game) -> AnyGame {
        AnyGame::Checkers(game)
    }
}

#[cfg(feature = "international")]
impl From<GameOf<Board10>> for AnyGame {
    fn from(game: GameOf<Board10>) -> AnyGame {
        AnyGame::Checkers10(game)
    }
}

impl From<ClobberGame> for AnyGame {
    fn from(game: ClobberGame) -> AnyGame {
        AnyGame::Clobber(game)
    }
}

impl AnyGame {
    /// Runs `job` on the current node, whatever the game.
    pub fn with_node<J: NodeJob>(&self, job: J) -> J::Output {
        match self {
            AnyGame::Checkers(game) => {
                let history: Vec<u64> = game.positions_and_moves().map(|(p, _)| p.hash()).collect();
                job.run(CheckersNode::from_game(game), &history)
            }
            #[cfg(feature = "international")]
            AnyGame::Checkers10(game) => {
                let history: Vec<u64> = game.positions_and_moves().map(|(p, _)| p.hash()).collect();
                job.run(CheckersNodeOf::from_game(game), &history)
            }
            AnyGame::Clobber(game) => job.run(*game.position(), &[]),
        }
    }

    /// The game as PDN with `tags` (in order), its `result` and comments
    /// after plies (`(ply, text)`), where its game is written in PDN
    /// (checkers); None for Clobber, which has no PDN (its record is
    /// [`PlayedGame::record`]).
    pub fn pdn(
        &self,
        tags: &[(&str, &str)],
        result: &str,
        comments: Vec<(usize, String)>,
    ) -> Option<String> {
        fn written<G: crate::checkers::geometry::Geometry>(
            game: &crate::checkers::game::GameOf<G>,
            tags: &[(&str, &str)],
            result: &str,
            comments: Vec<(usize, String)>,
        ) -> String {
            let mut pdn = crate::checkers::notation::pdn::PdnGameOf::new(game.clone());
            for (name, value) in tags {
                pdn.set_tag(name, value);
            }
            pdn.result = result.to_string();
            pdn.comments = comments;
            pdn.to_pdn()
        }
        match self {
            AnyGame::Checkers(game) => Some(written(game, tags, result, comments)),
            #[cfg(feature = "international")]
            AnyGame::Checkers10(game) => Some(written(game, tags, result, comments)),
            AnyGame::Clobber(_) => None,
        }
    }

    /// The checkers position, if this is checkers.
    pub fn checkers_position(&self) -> Option<&Position> {
        match self {
            AnyGame::Checkers(game) => Some(game.position()),
            _ => None,
        }
    }
}
