//! A checkers move: its start, every landing square and the pieces it captures.

use crate::checkers::bitboard::Bitboard;
use crate::checkers::square::Square;

/// Most landing squares a move can have: one per captured piece, and a side
/// has at most 12 pieces.
pub const MAX_PATH: usize = 12;

/// A legal move. Quiet moves have one landing square and capture nothing;
/// a capture lists every landing square of its sequence.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    captured: Bitboard,
    from: Square,
    len: u8,
    promotes: bool,
    path: [Square; MAX_PATH],
}

impl Move {
    /// A move from `from` through the landing squares `path` (not empty, at most
    /// [`MAX_PATH`]), capturing `captured`, crowning the piece if `promotes`.
    #[inline]
    pub fn new(from: Square, path: &[Square], captured: Bitboard, promotes: bool) -> Move {
        debug_assert!(!path.is_empty() && path.len() <= MAX_PATH);
        let mut p = [from; MAX_PATH];
        p[..path.len()].copy_from_slice(path);
        Move {
            captured,
            from,
            len: path.len() as u8,
            promotes,
            path: p,
        }
    }

    /// The starting square.
    #[inline]
    pub fn from(&self) -> Square {
        self.from
    }

    /// The final square.
    #[inline]
    pub fn to(&self) -> Square {
        self.path[self.len as usize - 1]
    }

    /// Every landing square, in order; the last is [`Move::to`].
    #[inline]
    pub fn path(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// The captured pieces' squares (empty for a quiet move).
    #[inline]
    pub fn captured(&self) -> Bitboard {
        self.captured
    }

    /// True for a capture.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.any()
    }

    /// Number of pieces captured.
    #[inline]
    pub fn capture_count(&self) -> u32 {
        self.captured.count()
    }

    /// True when a man is crowned by this move.
    #[inline]
    pub fn promotes(&self) -> bool {
        self.promotes
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.from)?;
        let sep = if self.is_capture() { ':' } else { '-' };
        for sq in self.path() {
            write!(f, "{sep}{sq:?}")?;
        }
        if self.promotes {
            write!(f, "=K")?;
        }
        Ok(())
    }
}
