//! Checkers notation: move text ([`move_text`]: `11-15`, `c3:e5:c7`), FEN
//! positions ([`fen`]) and PDN game files ([`pdn`]).

pub mod fen;
pub mod move_text;
pub mod pdn;

pub use move_text::{full_path, full_text, parse_move, pdn_text, short_text, MoveTextError};
