//! What a front end needs to know about a game to word it, lay it out and
//! set up its engine, given as facts: how its pieces move and take, whether
//! its board has a side for each player, which evaluations it searches
//! with, how its games end. The command line and the page ask these
//! questions instead of which game it is, so a new game answers them here
//! once and the front ends follow.

use super::{AnyEval, AnyGame, AnyOutcome, GameKind};
use crate::checkers::ai::CheckersEval;
use crate::checkers::game::{Game, Outcome, WinReason};
use crate::checkers::rules::Variant;
use crate::clobber::ClobberEval;

/// How a game's pieces move and take: what a front end's words for the
/// pieces, the moves and a refused click follow.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PieceStyle {
    /// Men that move onto empty squares, take by jumping over pieces (not
    /// every move takes) and are crowned kings (checkers).
    MenAndKings,
    /// Stones that only ever step onto a neighbouring stone of the
    /// opponent, taking it: every move takes one (Clobber).
    Stones,
}

impl GameKind {
    /// How this game's pieces move and take.
    pub fn piece_style(self) -> PieceStyle {
        match self {
            GameKind::Checkers => PieceStyle::MenAndKings,
            GameKind::Clobber => PieceStyle::Stones,
        }
    }

    /// True when each player has an end of the board of their own (a
    /// checkers man moves away from it), so a board turns to show the
    /// player's side at the bottom; a Clobber board looks the same from
    /// both sides.
    pub fn board_has_sides(self) -> bool {
        self.piece_style() == PieceStyle::MenAndKings
    }

    /// True when the engine has endgame tables for some rules of this game
    /// (checkers; which variant's tables exist is the tables' question).
    pub fn has_endgame_tables(self) -> bool {
        self == GameKind::Checkers
    }

    /// True when the AlphaZero bot plays some rules of this game (English
    /// checkers); [`GameRules::alphazero_plays`](super::GameRules::alphazero_plays)
    /// says which.
    pub fn alphazero_plays_some_rules(self) -> bool {
        self == GameKind::Checkers && Variant::ALL.into_iter().any(crate::az::plays)
    }

    /// True when each side picks its own evaluation, a choice worth naming
    /// beside the search (Clobber's heuristics); checkers has one
    /// evaluation for both sides.
    pub fn sides_choose_evals(self) -> bool {
        self == GameKind::Clobber
    }

    /// The evaluation a side searches with when nothing names one (a
    /// level, or the AlphaZero bot's fallback).
    pub fn default_eval(self) -> AnyEval {
        self.eval_among(CheckersEval::default(), ClobberEval::default())
    }

    /// This game's evaluation out of one chosen for each game (a player's
    /// settings keep both, so switching games and back keeps each choice).
    pub fn eval_among(self, checkers: CheckersEval, clobber: ClobberEval) -> AnyEval {
        match self {
            GameKind::Checkers => AnyEval::Checkers(checkers),
            GameKind::Clobber => AnyEval::Clobber(clobber),
        }
    }
}

impl AnyOutcome {
    /// The outcome in the terms every game's ending is worded in: a win,
    /// with why the loser cannot move, or a draw with its rule. A Clobber
    /// game is told as won by blocking: the loser has no move (Clobber does
    /// not tell a side without stones apart).
    pub fn as_win_or_draw(&self) -> Outcome {
        match *self {
            AnyOutcome::Checkers(outcome) => outcome,
            AnyOutcome::Clobber(outcome) => Outcome::Win {
                winner: outcome.winner,
                reason: WinReason::Blocked,
            },
        }
    }
}

impl AnyGame {
    /// The 8x8 checkers game, for what only 8x8 checkers has (its PDN
    /// tools, the AlphaZero bot, the contest's referee); None in another
    /// game, and on the 10x10 board.
    pub fn checkers_game(&self) -> Option<&Game> {
        match self {
            AnyGame::Checkers(game) => Some(game),
            _ => None,
        }
    }

    /// The checkers game to play on, for what only checkers has (the
    /// AlphaZero bot); None in another game.
    pub fn checkers_game_mut(&mut self) -> Option<&mut Game> {
        match self {
            AnyGame::Checkers(game) => Some(game),
            _ => None,
        }
    }
}
