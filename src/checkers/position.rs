//! Positions: an unvalidated [`Setup`] and the validated [`Position`] the
//! move generator works on.

use crate::checkers::bitboard::BitboardOf;
use crate::checkers::geometry::{Board8, Geometry};
use crate::checkers::moves::MoveOf;
use crate::checkers::rules::{crowning_rank_on, Progress, Rules, Variant};
use crate::checkers::square::SquareOf;
use crate::checkers::zobrist;
use crate::core::Color;

crate::checkers::geometry::clone_by_copy!(SetupOf, PositionOf);

/// A man or a king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    /// Moves forward one square.
    Man,
    /// Crowned piece.
    King,
}

/// A piece: its colour and role.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

/// Pieces and side to move, not yet checked against the rules.
#[derive(Copy, PartialEq, Eq, Debug, Default)]
pub struct SetupOf<G: Geometry> {
    /// White's pieces.
    pub white: BitboardOf<G>,
    /// Black's pieces.
    pub black: BitboardOf<G>,
    /// Which of them are kings.
    pub kings: BitboardOf<G>,
    /// Side to move (None = the variant's first mover).
    pub side_to_move: Option<Color>,
}

/// Pieces on the 8x8 board, not yet checked.
pub type Setup = SetupOf<Board8>;

/// A legal position on the 8x8 board.
pub type Position = PositionOf<Board8>;

/// Why a [`Setup`] is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Both sides claim a square.
    #[error("square {0} holds both a white and a black piece")]
    BothColors(String),
    /// A king mark on an empty square.
    #[error("square {0} is marked as a king but holds no piece")]
    KingWithoutPiece(String),
    /// More pieces of one side than it starts with (12 on 8x8, 20 on 10x10).
    #[error("{0} has {1} pieces, more than a side starts with")]
    TooManyPieces(&'static str, u32),
    /// A man standing where it would already have been crowned.
    #[error("{0} man on {1} stands on its crowning row; it must be a king")]
    ManOnCrowningRow(&'static str, String),
    /// A piece on a light square (bit index 0..64), where no piece can stand.
    #[error("a piece on the light square with bit index {0}: pieces stand on dark squares only")]
    LightSquare(u32),
    /// The variant is played on another board.
    #[error("{0} is played on the {1} board, not this one")]
    WrongBoard(&'static str, &'static str),
}

/// A legal position of one variant: pieces, side to move and Zobrist hash.
///
/// ```
/// use warcaby::{Color, Position, Variant};
///
/// // English checkers: Black moves first, seven moves to choose from.
/// let start = Position::start(Variant::English);
/// assert_eq!(start.side_to_move(), Color::Black);
/// let mut moves: Vec<String> = start.legal_moves().iter().map(|m| start.move_text(m)).collect();
/// moves.sort();
/// assert_eq!(moves, ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
///
/// // Playing a move gives a new position (`play` changes this one instead).
/// let mv = start.parse_move("11-15").unwrap();
/// let next = start.after(&mv);
/// assert_eq!(next.side_to_move(), Color::White);
/// assert_eq!(next.to_fen(), "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
/// ```
#[derive(Copy, Debug)]
pub struct PositionOf<G: Geometry> {
    pieces: [BitboardOf<G>; 2],
    kings: BitboardOf<G>,
    side: Color,
    hash: u64,
    rules: &'static Rules,
}

impl<G: Geometry> PartialEq for PositionOf<G> {
    fn eq(&self, other: &PositionOf<G>) -> bool {
        self.pieces == other.pieces
            && self.kings == other.kings
            && self.side == other.side
            && self.rules.variant == other.rules.variant
    }
}
impl<G: Geometry> Eq for PositionOf<G> {}

impl<G: Geometry> PositionOf<G> {
    /// The start position of `variant`: 12 men each on the first three ranks
    /// (20 on the first four on 10x10). Panics for a variant of another board
    /// (see [`Variant::board`]).
    pub fn start(variant: Variant) -> PositionOf<G> {
        let mut white = BitboardOf::EMPTY;
        let mut black = BitboardOf::EMPTY;
        for r in 0..G::START_RANKS {
            white |= BitboardOf::rank(r);
            black |= BitboardOf::rank(G::RANKS - 1 - r);
        }
        let setup = SetupOf {
            white,
            black,
            kings: BitboardOf::EMPTY,
            side_to_move: None,
        };
        PositionOf::from_setup(&setup, variant).expect("the start position is legal")
    }

    /// Validates a setup for `variant`.
    ///
    /// ```
    /// use warcaby::{Bitboard, Color, Position, PositionError, Setup, Square, Variant};
    ///
    /// let sq = |n| Bitboard::from_square(Square::from_number(n).unwrap());
    /// // A white king on 1 (b8) against a black man on 28 (h2), White to move.
    /// let setup = Setup {
    ///     white: sq(1),
    ///     black: sq(28),
    ///     kings: sq(1),
    ///     side_to_move: Some(Color::White),
    /// };
    /// let pos = Position::from_setup(&setup, Variant::English).unwrap();
    /// assert_eq!(pos.to_fen(), "W:WK1:B28");
    ///
    /// // The same white piece as a man stands on its crowning row: refused.
    /// let man = Setup { kings: Bitboard::EMPTY, ..setup };
    /// let err = Position::from_setup(&man, Variant::English).unwrap_err();
    /// assert!(matches!(err, PositionError::ManOnCrowningRow("white", _)));
    /// ```
    pub fn from_setup(
        setup: &SetupOf<G>,
        variant: Variant,
    ) -> Result<PositionOf<G>, PositionError> {
        let rules = variant.rules();
        if rules.board != G::SIZE {
            return Err(PositionError::WrongBoard(
                variant.name(),
                rules.board.name(),
            ));
        }
        let name = |sq: SquareOf<G>| sq.display(rules.notation).to_string();
        let light = (setup.white | setup.black | setup.kings).0 & !G::BOARD;
        if light != 0 {
            return Err(PositionError::LightSquare(light.trailing_zeros()));
        }
        if let Some(sq) = (setup.white & setup.black).first() {
            return Err(PositionError::BothColors(name(sq)));
        }
        if let Some(sq) = (setup.kings & !(setup.white | setup.black)).first() {
            return Err(PositionError::KingWithoutPiece(name(sq)));
        }
        for (color, pieces) in [(Color::White, setup.white), (Color::Black, setup.black)] {
            if pieces.count() > G::PIECES_PER_SIDE {
                return Err(PositionError::TooManyPieces(color.name(), pieces.count()));
            }
            let men = pieces & !setup.kings;
            if let Some(sq) = (men & BitboardOf::rank(crowning_rank_on::<G>(color))).first() {
                return Err(PositionError::ManOnCrowningRow(color.name(), name(sq)));
            }
        }
        let mut pos = PositionOf {
            pieces: [setup.white, setup.black],
            kings: setup.kings,
            side: setup.side_to_move.unwrap_or(rules.first_to_move),
            hash: 0,
            rules,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The position as an unvalidated setup.
    pub fn to_setup(&self) -> SetupOf<G> {
        SetupOf {
            white: self.pieces[0],
            black: self.pieces[1],
            kings: self.kings,
            side_to_move: Some(self.side),
        }
    }

    /// The rules this position is played under.
    #[inline]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// The variant.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    /// Side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// All pieces of `color`.
    #[inline]
    pub fn pieces(&self, color: Color) -> BitboardOf<G> {
        self.pieces[color.index()]
    }

    /// Men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> BitboardOf<G> {
        self.pieces[color.index()] & !self.kings
    }

    /// Kings of `color`.
    #[inline]
    pub fn kings(&self, color: Color) -> BitboardOf<G> {
        self.pieces[color.index()] & self.kings
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> BitboardOf<G> {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty dark square.
    #[inline]
    pub fn empty(&self) -> BitboardOf<G> {
        !self.occupied()
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use warcaby::{Color, Piece, Position, Role, Square, Variant};
    ///
    /// let pos = Position::from_fen("W:W21,K30:B1", Variant::English).unwrap();
    /// let at = |n| pos.piece_at(Square::from_number(n).unwrap());
    /// assert_eq!(at(30), Some(Piece { color: Color::White, role: Role::King }));
    /// assert_eq!(at(1), Some(Piece { color: Color::Black, role: Role::Man }));
    /// assert_eq!(at(15), None);
    /// ```
    pub fn piece_at(&self, sq: SquareOf<G>) -> Option<Piece> {
        let color = if self.pieces[0].contains(sq) {
            Color::White
        } else if self.pieces[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// The Zobrist hash, kept up to date move by move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch (equals [`Position::hash`]).
    pub fn compute_hash(&self) -> u64 {
        let mut h = zobrist::side(self.side);
        for color in [Color::White, Color::Black] {
            for sq in self.pieces(color) {
                h ^= zobrist::piece(color, self.kings.contains(sq), sq);
            }
        }
        h
    }

    /// Plays a legal move of this position (from [`Position::legal_moves`]).
    #[inline]
    pub fn play(&mut self, mv: &MoveOf<G>) {
        *self = self.after(mv);
    }

    /// The position after `mv`, a legal move of this position.
    #[inline]
    pub fn after(&self, mv: &MoveOf<G>) -> PositionOf<G> {
        self.after_parts(mv.from(), mv.to(), mv.captured(), mv.promotes())
    }

    /// The position after the legal move given by its start, end, captured
    /// squares and crowning. Built as a new value (not copied and patched),
    /// so the copy never waits on half-written fields.
    #[inline]
    pub(crate) fn after_parts(
        &self,
        from: SquareOf<G>,
        to: SquareOf<G>,
        captured: BitboardOf<G>,
        promotes: bool,
    ) -> PositionOf<G> {
        let us = self.side;
        let them = us.opponent();
        let from_to = BitboardOf::from_square(from) ^ BitboardOf::from_square(to);
        let mine = self.pieces[us.index()] ^ from_to;
        let theirs = self.pieces[them.index()] ^ captured;
        let mut kings = self.kings;
        let was_king = kings.contains(from);
        let is_king = was_king || promotes;
        let mut hash = self.hash
            ^ zobrist::BLACK_TO_MOVE
            ^ zobrist::piece(us, was_king, from)
            ^ zobrist::piece(us, is_king, to);
        for sq in captured {
            hash ^= zobrist::piece(them, kings.contains(sq), sq);
        }
        if was_king {
            kings ^= from_to;
        } else if is_king {
            kings |= BitboardOf::from_square(to);
        }
        kings &= !captured;
        let pieces = match us {
            Color::White => [mine, theirs],
            Color::Black => [theirs, mine],
        };
        PositionOf {
            pieces,
            kings,
            side: them,
            hash,
            rules: self.rules,
        }
    }

    /// The same pieces with the other side to move.
    pub fn with_side_to_move(&self, side: Color) -> PositionOf<G> {
        let mut p = *self;
        if side != p.side {
            p.side = side;
            p.hash ^= zobrist::BLACK_TO_MOVE;
        }
        p
    }

    /// True when `mv` resets the no-progress count under these rules
    /// ([`Progress`]): a capture, and a man move or a crowning.
    #[inline]
    pub fn is_progress(&self, mv: &MoveOf<G>) -> bool {
        match self.rules.end.progress {
            Progress::ManMoveOrCapture => mv.is_capture() || !self.kings.contains(mv.from()),
            Progress::CaptureOrCrowning => mv.is_capture() || mv.promotes(),
        }
    }

    /// The same position played under other rules of the same variant (the
    /// moves are the same; the game-end rules may differ, as for
    /// [`crate::checkers::rules::TOURNAMENT_CONTEST`]). None for another variant's rules.
    pub fn under_rules(&self, rules: &'static Rules) -> Option<PositionOf<G>> {
        (rules.variant == self.rules.variant).then_some(PositionOf { rules, ..*self })
    }

    /// The board as the side to move sees it: its own pieces, the opponent's
    /// and the kings, with the board turned round when Black is to move. A
    /// position and its colour-reversed twin have the same view
    /// ([`crate::checkers::rules::Repetition::MoverView`]).
    pub fn mover_view(&self) -> [BitboardOf<G>; 3] {
        let [white, black] = self.pieces;
        match self.side {
            Color::White => [white, black, self.kings],
            Color::Black => [black.rotated(), white.rotated(), self.kings.rotated()],
        }
    }
}
