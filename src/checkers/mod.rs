//! Checkers (draughts) on the 8x8 board in three variants — tournament,
//! English and Russian — as data ([`rules`]): squares and bitboards, the
//! validated position, the one move generator, the game with its draw rules,
//! notation (move text, FEN, PDN), perft, the contest referee's view
//! ([`referee`]) and the alpha-beta engine's evaluations and levels ([`ai`]).

pub mod ai;
pub mod ballots;
pub mod bitboard;
pub mod book;
pub mod egdb;
pub mod game;
pub mod geometry;
pub mod international;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod puzzles;
pub mod referee;
pub mod rules;
pub mod square;
mod tables;
pub mod zobrist;
