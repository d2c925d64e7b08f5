//! International draughts ("warcaby polskie"): the types of the 10x10
//! board. They are the 8x8 ones instantiated on [`Board10`] — one square
//! type, one bitboard, one move generator and one notation, configured by
//! the board's geometry and [`crate::checkers::rules::INTERNATIONAL`].
//!
//! ```
//! use warcaby::checkers::international::Position;
//! use warcaby::checkers::perft::perft;
//! use warcaby::{Color, Variant};
//!
//! // 20 men a side on squares 1-20 (Black) and 31-50 (White); White first.
//! let start = Position::start(Variant::International);
//! assert_eq!(start.side_to_move(), Color::White);
//! assert_eq!(start.to_fen(), format!("W:W{}:B{}",
//!     (31..=50).map(|n| n.to_string()).collect::<Vec<_>>().join(","),
//!     (1..=20).map(|n| n.to_string()).collect::<Vec<_>>().join(",")));
//! // The published counts: 9, 81, 658, 4265.
//! let counts: Vec<u64> = (1..=4).map(|d| perft(&start, d)).collect();
//! assert_eq!(counts, [9, 81, 658, 4265]);
//! // Moves are written with square numbers 1-50.
//! let mv = start.parse_move("32-28").unwrap();
//! assert_eq!(start.move_text(&mv), "32-28");
//! // An 8x8 rule set is refused on this board, and the other way round.
//! assert!(Position::from_fen("W:W31:B1", Variant::Russian).is_err());
//! assert!(warcaby::Position::from_fen("W:W31:B1", Variant::International).is_err());
//! ```

use crate::checkers::bitboard::BitboardOf;
use crate::checkers::moves::MoveOf;
use crate::checkers::position::{PositionOf, SetupOf};
use crate::checkers::square::SquareOf;

pub use crate::checkers::geometry::Board10;

/// A dark square of the 10x10 board (numbers 1–50).
pub type Square = SquareOf<Board10>;
/// A set of squares of the 10x10 board.
pub type Bitboard = BitboardOf<Board10>;
/// A move on the 10x10 board.
pub type Move = MoveOf<Board10>;
/// Pieces on the 10x10 board, not yet checked.
pub type Setup = SetupOf<Board10>;
/// A legal position of international draughts.
pub type Position = PositionOf<Board10>;
