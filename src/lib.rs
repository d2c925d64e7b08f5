//! Warcaby: checkers (tournament, English and Russian rules) and Clobber —
//! rules, notation, search, exact solving and the arena that plays bots
//! against each other. The crate has no web dependencies; the browser front
//! end (`www/`), the command line (`src/bin/warcaby/`) and the Python package
//! (`src/python/`) are built on it.
//!
//! # Map of the crate
//! | layer | modules | knows |
//! |---|---|---|
//! | shared core | [`core`]: [`Color`], named choices, random numbers, memory hints | no game |
//! | search | [`search`]: minimax, alpha-beta, NegaScout, transposition table | any game through [`search::SearchGame`] and [`search::Evaluator`] |
//! | combinatorial game theory | [`cgt`]: canonical values, the sums Clobber splits into | no game |
//! | checkers | [`checkers`]: rules as data, position, move generator, game, notation (move text, FEN, PDN), perft, the contest referee's view, evaluations and levels | core, search |
//! | Clobber | [`clobber`]: position, text, game, evaluation, exact solver | core, search, cgt |
//! | AlphaZero | [`az`]: encoding, network (plain Rust inference), MCTS, self-play; training with candle under feature `az-train` | checkers |
//! | one game abstraction | [`games`]: [`GameKind`], [`AnyGame`], the [`games::PlayedGame`] trait and the one route into the engine ([`games::Engine`]), used by the CLI, arena, Python package, worker and page | checkers, Clobber |
//! | arena (feature `arena`) | `arena`: bots as processes, tournaments, the contest referee | all of the above |
//!
//! The types most callers need are re-exported here.

pub mod cgt;
pub mod checkers;
pub mod clobber;
pub mod core;
pub mod games;
pub mod search;

// The AlphaZero-style bot for English checkers (knows checkers through the
// crate's public types).
pub mod az;
// Runs bots as processes: native builds with the arena (the CLI, Python).
#[cfg(all(feature = "arena", not(target_arch = "wasm32")))]
pub mod arena;

pub use checkers::bitboard::{Bitboard, Direction};
pub use checkers::game::{DrawReason, Game, Outcome, WinReason};
pub use checkers::moves::Move;
pub use checkers::notation::fen::FenError;
pub use checkers::notation::pdn::{PdnError, PdnGame};
pub use checkers::notation::MoveTextError;
pub use checkers::position::{Piece, Position, PositionError, Role, Setup};
pub use checkers::rules::{Rules, Variant};
pub use checkers::square::{Square, SquareNotation};
pub use core::Color;
pub use games::{AnyGame, GameKind};
