//! PDN FEN: `W:W21,22,K30:B1-12` — side to move, then each side's squares,
//! `K` marking kings. Numeric variants accept ranges (`1-12`); the Russian
//! variant writes algebraic squares (`W:Wa1,c1,Kd4:Bb8`).

use crate::checkers::bitboard::BitboardOf;
use crate::checkers::geometry::Geometry;
use crate::checkers::position::{PositionError, PositionOf, SetupOf};
use crate::checkers::rules::Variant;
use crate::checkers::square::{SquareError, SquareNotation, SquareOf};
use crate::core::Color;
use std::fmt::Write;

/// Why a FEN text was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing to read.
    #[error("empty FEN")]
    Empty,
    /// The side-to-move field is not `W` or `B`.
    #[error("FEN side to move must be W or B, found '{0}'")]
    SideToMove(String),
    /// Wrong number of `:`-separated fields.
    #[error("FEN needs three fields like W:W21,22:B1,2 (side to move, white pieces, black pieces); found {0} field(s)")]
    FieldCount(usize),
    /// A piece field that does not start with W or B.
    #[error("FEN field '{0}' must start with W or B")]
    FieldColor(String),
    /// The same colour given twice.
    #[error("FEN lists the {0} pieces twice")]
    DuplicateColor(&'static str),
    /// A bad square.
    #[error("FEN field {field}, item '{item}': {source}")]
    Square {
        /// 1-based field number.
        field: usize,
        /// The offending item.
        item: String,
        /// What is wrong with it.
        source: SquareError,
    },
    /// A range like `12-1` or a range in algebraic notation.
    #[error(
        "FEN field {field}: bad range '{item}' (write ranges low-high with numbers, like 1-12)"
    )]
    Range {
        /// 1-based field number.
        field: usize,
        /// The offending item.
        item: String,
    },
    /// The same square listed twice.
    #[error("FEN lists square {0} twice")]
    DuplicateSquare(String),
    /// Squares are fine but the position is not.
    #[error("FEN describes an impossible position: {0}")]
    Position(#[from] PositionError),
}

/// Parses a PDN FEN for `variant`. Surrounding quotes, `[FEN "..."]`, spaces
/// and a trailing `.` are tolerated.
pub fn parse<G: Geometry>(text: &str, variant: Variant) -> Result<PositionOf<G>, FenError> {
    let setup = parse_setup(text, variant.rules().notation)?;
    Ok(PositionOf::from_setup(&setup, variant)?)
}

/// Parses a PDN FEN into an unvalidated setup.
pub(crate) fn parse_setup<G: Geometry>(
    text: &str,
    notation: SquareNotation,
) -> Result<SetupOf<G>, FenError> {
    let mut t = text.trim();
    if let Some(inner) = t.strip_prefix("[FEN").and_then(|r| r.strip_suffix(']')) {
        t = inner.trim();
    }
    let t = t.trim_matches('"').trim().trim_end_matches('.');
    let compact: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.is_empty() {
        return Err(FenError::Empty);
    }
    let fields: Vec<&str> = compact.split(':').collect();
    let side = match fields[0].to_ascii_uppercase().as_str() {
        "W" => Color::White,
        "B" => Color::Black,
        other => return Err(FenError::SideToMove(other.to_string())),
    };
    if fields.len() != 3 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let mut setup = SetupOf {
        side_to_move: Some(side),
        ..SetupOf::default()
    };
    let mut seen = [false; 2];
    for (i, field) in fields[1..].iter().enumerate() {
        let field_no = i + 2;
        let color = match field.chars().next().map(|c| c.to_ascii_uppercase()) {
            Some('W') => Color::White,
            Some('B') => Color::Black,
            _ => return Err(FenError::FieldColor(field.to_string())),
        };
        if std::mem::replace(&mut seen[color.index()], true) {
            return Err(FenError::DuplicateColor(color.name()));
        }
        let (pieces, kings) = parse_pieces(&field[1..], field_no, notation)?;
        if let Some(sq) = ((setup.white | setup.black) & pieces).first() {
            return Err(FenError::DuplicateSquare(sq.display(notation).to_string()));
        }
        match color {
            Color::White => setup.white = pieces,
            Color::Black => setup.black = pieces,
        }
        setup.kings |= kings;
    }
    Ok(setup)
}

fn parse_pieces<G: Geometry>(
    list: &str,
    field: usize,
    notation: SquareNotation,
) -> Result<(BitboardOf<G>, BitboardOf<G>), FenError> {
    let mut pieces = BitboardOf::EMPTY;
    let mut kings = BitboardOf::EMPTY;
    for item in list.split(',').filter(|s| !s.is_empty()) {
        let (king, body) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        let square = |s: &str| {
            SquareOf::<G>::parse(s, notation).map_err(|source| FenError::Square {
                field,
                item: item.to_string(),
                source,
            })
        };
        let squares: Vec<SquareOf<G>> = match body.split_once('-') {
            Some((lo, hi)) => {
                let (lo, hi) = (square(lo)?, square(hi)?);
                let numeric = body.bytes().all(|b| b.is_ascii_digit() || b == b'-');
                if !numeric || lo.number() > hi.number() {
                    return Err(FenError::Range {
                        field,
                        item: item.to_string(),
                    });
                }
                (lo.number()..=hi.number())
                    .filter_map(SquareOf::from_number)
                    .collect()
            }
            None => vec![square(body)?],
        };
        for sq in squares {
            if pieces.contains(sq) {
                return Err(FenError::DuplicateSquare(sq.display(notation).to_string()));
            }
            pieces |= BitboardOf::from_square(sq);
            if king {
                kings |= BitboardOf::from_square(sq);
            }
        }
    }
    Ok((pieces, kings))
}

/// Writes `pos` as a PDN FEN, squares in the variant's notation, in ascending order.
pub fn write<G: Geometry>(pos: &PositionOf<G>) -> String {
    let notation = pos.rules().notation;
    let mut out = String::new();
    out.push(pos.side_to_move().letter());
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(color.letter());
        let mut squares: Vec<SquareOf<G>> = pos.pieces(color).squares().collect();
        match notation {
            SquareNotation::Numeric => squares.sort_by_key(|s| s.number()),
            SquareNotation::Algebraic => squares.sort_by_key(|s| (s.file(), s.rank())),
        }
        for (i, sq) in squares.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if pos.kings(color).contains(*sq) {
                out.push('K');
            }
            let _ = write!(out, "{}", sq.display(notation));
        }
    }
    out
}

impl<G: Geometry> PositionOf<G> {
    /// Parses a PDN FEN (see [`parse`]).
    ///
    /// ```
    /// use warcaby::{Color, FenError, Position, Variant};
    ///
    /// // Side to move, White's squares, Black's; K marks a king, ranges are fine.
    /// let pos = Position::from_fen("B:W21-23,K30:B1-3", Variant::English).unwrap();
    /// assert_eq!(pos.side_to_move(), Color::Black);
    /// assert_eq!(pos.kings(Color::White).count(), 1);
    /// assert_eq!(pos.to_fen(), "B:W21,22,23,K30:B1,2,3"); // written without ranges
    ///
    /// // Russian positions are written in algebraic squares.
    /// let russian = Position::from_fen("W:Wc3,Kd4:Bb8", Variant::Russian).unwrap();
    /// assert_eq!(russian.to_fen(), "W:Wc3,Kd4:Bb8");
    ///
    /// let err = Position::from_fen("X:W21:B1", Variant::English).unwrap_err();
    /// assert_eq!(err, FenError::SideToMove("X".into()));
    /// ```
    pub fn from_fen(text: &str, variant: Variant) -> Result<PositionOf<G>, FenError> {
        parse(text, variant)
    }

    /// This position as a PDN FEN (see [`write()`]).
    pub fn to_fen(&self) -> String {
        write(self)
    }
}
