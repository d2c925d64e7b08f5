//! The network's view of a position and its fixed action space.
//!
//! Board array (the AlphaZero draughts document): 0 empty, 1 man of player 1
//! (White), 2 king of player 1, 3 man of player 2 (Black), 4 king of player 2;
//! row `r`, column `c` is the square of rank `r + 1`, file `c` (player 1 starts
//! on rows 0–2).
//!
//! Network input: 5 x 8 x 8 floats, channel by channel — 0 men of player 1,
//! 1 kings of player 1, 2 men of player 2, 3 kings of player 2, 4 side to move
//! (all 0 when player 1 moves, all 1 when player 2 moves).
//!
//! Action space: [`ACTIONS`] = 32 x 32 (start square, end square), both by
//! square number 1–32. Every legal move, whole capture sequences included, maps
//! to the action of its start and end square. Capture sequences with the same
//! ends (rare) share that action: the action's prior is split equally between
//! them, and the training target sums their visits back into the one action.

use crate::{Color, Move, Position, Role, Square};

/// Planes of the input tensor.
pub const PLANES: usize = 5;
/// Floats in one encoded position (5 x 8 x 8).
pub const INPUT_LEN: usize = PLANES * 64;
/// Size of the fixed action space (start square x end square).
pub const ACTIONS: usize = 32 * 32;

/// The document's 8x8 board array: `board[row][col]`, codes 0–4.
pub fn board_array(pos: &Position) -> [[u8; 8]; 8] {
    let mut board = [[0u8; 8]; 8];
    for sq in Square::all() {
        if let Some(piece) = pos.piece_at(sq) {
            board[sq.rank() as usize][sq.file() as usize] = piece_code(piece.color, piece.role);
        }
    }
    board
}

fn piece_code(color: Color, role: Role) -> u8 {
    match (color, role) {
        (Color::White, Role::Man) => 1,
        (Color::White, Role::King) => 2,
        (Color::Black, Role::Man) => 3,
        (Color::Black, Role::King) => 4,
    }
}

/// Writes the 5 x 8 x 8 input of `pos` into `out` (length [`INPUT_LEN`]),
/// index `plane * 64 + row * 8 + col`.
pub fn encode_into(pos: &Position, out: &mut [f32]) {
    debug_assert_eq!(out.len(), INPUT_LEN);
    out.fill(0.0);
    for (row, cells) in board_array(pos).iter().enumerate() {
        for (col, &code) in cells.iter().enumerate() {
            if code > 0 {
                out[(code as usize - 1) * 64 + row * 8 + col] = 1.0;
            }
        }
    }
    if pos.side_to_move() == Color::Black {
        out[4 * 64..].fill(1.0);
    }
}

/// The 5 x 8 x 8 input of `pos` as a new vector.
pub fn encode(pos: &Position) -> Vec<f32> {
    let mut out = vec![0.0; INPUT_LEN];
    encode_into(pos, &mut out);
    out
}

/// The action of a move: `(from - 1) * 32 + (to - 1)` with square numbers.
pub fn action(mv: &Move) -> usize {
    (mv.from().number() as usize - 1) * 32 + (mv.to().number() as usize - 1)
}

/// Priors of `moves` from the network's policy logits (length [`ACTIONS`]):
/// a softmax over the distinct actions of the legal moves, each action's
/// probability split equally between the moves that share it.
pub fn move_priors(logits: &[f32], moves: &[Move]) -> Vec<f32> {
    let actions: Vec<usize> = moves.iter().map(action).collect();
    let mut distinct = actions.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let max = distinct
        .iter()
        .map(|&a| logits[a])
        .fold(f32::NEG_INFINITY, f32::max);
    let total: f32 = distinct.iter().map(|&a| (logits[a] - max).exp()).sum();
    actions
        .iter()
        .map(|&a| {
            let sharing = actions.iter().filter(|&&b| b == a).count() as f32;
            (logits[a] - max).exp() / total / sharing
        })
        .collect()
}
