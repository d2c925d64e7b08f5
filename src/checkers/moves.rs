//! A checkers move: its start, every landing square and the pieces it captures.

use crate::checkers::bitboard::BitboardOf;
use crate::checkers::geometry::{Board8, Geometry};
use crate::checkers::square::SquareOf;

crate::checkers::geometry::clone_by_copy!(MoveOf, Hop);

/// Most landing squares a move on the 8x8 board can have: one per captured
/// piece, and a side has at most 12 pieces (20 on 10x10: [`Geometry::Path`]).
pub const MAX_PATH: usize = 12;

/// A move on the 8x8 board.
pub type Move = MoveOf<Board8>;

/// A legal move. Quiet moves have one landing square and capture nothing;
/// a capture lists every landing square of its sequence.
///
/// ```
/// use warcaby::{Position, Variant};
///
/// // Black's man on 1 jumps the white men on 6 and 15: 1x10x19.
/// let pos = Position::from_fen("B:W6,15:B1", Variant::English).unwrap();
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 1); // captures are mandatory
/// let mv = moves[0];
/// assert!(mv.is_capture());
/// assert_eq!(mv.capture_count(), 2);
/// let path: Vec<u8> = mv.path().iter().map(|sq| sq.number()).collect();
/// assert_eq!((mv.from().number(), path), (1, vec![10, 19]));
/// assert_eq!(pos.move_text(&mv), "1x19");
/// assert!(!mv.promotes());
/// ```
#[derive(Copy, PartialEq, Eq, Hash)]
pub struct MoveOf<G: Geometry> {
    captured: BitboardOf<G>,
    from: SquareOf<G>,
    len: u8,
    promotes: bool,
    path: G::Path,
}

impl<G: Geometry> MoveOf<G> {
    /// A move from `from` through the landing squares `path` (not empty, at most
    /// one per piece of a side), capturing `captured`, crowning the piece if
    /// `promotes`.
    #[inline]
    pub fn new(
        from: SquareOf<G>,
        path: &[SquareOf<G>],
        captured: BitboardOf<G>,
        promotes: bool,
    ) -> MoveOf<G> {
        let mut p = G::path_of(from);
        debug_assert!(!path.is_empty() && path.len() <= p.as_ref().len());
        p.as_mut()[..path.len()].copy_from_slice(path);
        MoveOf {
            captured,
            from,
            len: path.len() as u8,
            promotes,
            path: p,
        }
    }

    /// The starting square.
    #[inline]
    pub fn from(&self) -> SquareOf<G> {
        self.from
    }

    /// The final square.
    #[inline]
    pub fn to(&self) -> SquareOf<G> {
        self.path.as_ref()[self.len as usize - 1]
    }

    /// Every landing square, in order; the last is [`Move::to`].
    #[inline]
    pub fn path(&self) -> &[SquareOf<G>] {
        &self.path.as_ref()[..self.len as usize]
    }

    /// The captured pieces' squares (empty for a quiet move).
    #[inline]
    pub fn captured(&self) -> BitboardOf<G> {
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

    /// The move hop by hop: each hop's start and landing square and the
    /// piece it jumps (none for a quiet move). A hop runs along one
    /// diagonal, so the piece it captures is the one of
    /// [`Move::captured`] between its two squares.
    pub fn hops(&self) -> impl Iterator<Item = Hop<G>> + '_ {
        let starts = std::iter::once(self.from).chain(self.path().iter().copied());
        starts
            .zip(self.path().iter().copied())
            .map(|(from, to)| Hop {
                from,
                to,
                captured: between(from, to) & self.captured,
            })
    }
}

/// One hop of a move: from a square to the next landing square.
#[derive(Copy, PartialEq, Eq, Debug)]
pub struct Hop<G: Geometry = Board8> {
    /// Where the hop starts.
    pub from: SquareOf<G>,
    /// Where it lands.
    pub to: SquareOf<G>,
    /// The piece it jumps over (empty for a quiet move).
    pub captured: BitboardOf<G>,
}

/// The squares strictly between two squares of one diagonal.
fn between<G: Geometry>(from: SquareOf<G>, to: SquareOf<G>) -> BitboardOf<G> {
    let df = (to.file() as i8 - from.file() as i8).signum();
    let dr = (to.rank() as i8 - from.rank() as i8).signum();
    let mut squares = BitboardOf::EMPTY;
    let mut sq = from;
    while let Some(next) = sq.offset(df, dr).filter(|&next| next != to) {
        squares |= BitboardOf::from_square(next);
        sq = next;
    }
    squares
}

impl<G: Geometry> std::fmt::Debug for MoveOf<G> {
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

#[cfg(test)]
mod tests {
    use crate::checkers::position::Position;
    use crate::checkers::rules::Variant;
    use crate::checkers::square::{Square, SquareNotation};

    fn sq(name: &str) -> Square {
        Square::parse(name, SquareNotation::Algebraic).unwrap()
    }

    #[test]
    fn each_hop_captures_the_piece_it_jumps() {
        // The man on c3 jumps to e5 then g7, taking d4 then f6.
        let pos = Position::from_fen("W:W22,30:B1,9,10,11,18", Variant::Tournament).unwrap();
        let mv = pos.parse_move("22x8").unwrap();
        let hops: Vec<_> = mv.hops().collect();
        assert_eq!(hops.len(), 2);
        assert_eq!((hops[0].from, hops[0].to), (sq("c3"), sq("e5")));
        assert_eq!(hops[0].captured.squares().collect::<Vec<_>>(), [sq("d4")]);
        assert_eq!((hops[1].from, hops[1].to), (sq("e5"), sq("g7")));
        assert_eq!(hops[1].captured.squares().collect::<Vec<_>>(), [sq("f6")]);
    }

    #[test]
    fn a_flying_king_hop_finds_its_piece_far_away_and_a_quiet_move_takes_none() {
        let pos = Position::from_fen("W:WKa1:Bd4", Variant::Russian).unwrap();
        let mv = pos.parse_move("a1:g7").unwrap();
        let hop = mv.hops().next().unwrap();
        assert_eq!(hop.captured.squares().collect::<Vec<_>>(), [sq("d4")]);
        let pos = Position::from_fen("W:WKa1:Bc7", Variant::Russian).unwrap();
        let quiet = pos.parse_move("a1-b2").unwrap();
        assert!(quiet.hops().all(|h| h.captured.is_empty()));
    }
}
