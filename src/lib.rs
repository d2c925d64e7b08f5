//! Warcaby: checkers (tournament, English and Russian rules) — rules engine,
//! notation and perft. The crate has no web dependencies; the browser front
//! end and the CLI are built on it.

pub mod ai;
pub mod az;
// Runs bots as processes: native builds with the arena (the CLI, Python).
#[cfg(all(feature = "arena", not(target_arch = "wasm32")))]
pub mod arena;
pub mod bitboard;
pub mod cgt;
pub mod clobber;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod named;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod referee;
pub mod rng;
pub mod rules;
pub mod search;
pub mod square;
mod tables;
pub mod zobrist;

pub use bitboard::{Bitboard, Direction};
pub use fen::FenError;
pub use game::{DrawReason, Game, Outcome, WinReason};
pub use moves::Move;
pub use notation::MoveTextError;
pub use pdn::{PdnError, PdnGame};
pub use position::{Piece, Position, PositionError, Role, Setup};
pub use rules::{Color, Rules, Variant};
pub use square::{Square, SquareNotation};
