//! The Clobber position: stones, side to move and hash; position and move
//! text; legal moves.

use super::{Dir, Shape};
use crate::core::rng::keys;
use crate::core::Color;
use crate::search::{Leaf, SearchGame};
use std::fmt;

/// Zobrist keys indexed by `color * 128 + cell`, built at compile time.
const KEYS: [u64; 256] = keys(0x436C_6F62_6265_7221); // "Clobber!"
const BLACK_TO_MOVE: u64 = keys::<1>(0x5BD1_E995_1B87_3593)[0];

#[inline]
fn key(color: Color, cell: usize) -> u64 {
    KEYS[color.index() * 128 + cell]
}

/// A move: a stone from one cell onto the adjacent opponent stone.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct ClobberMove {
    /// Where the stone was.
    pub from: u8,
    /// Where it goes (the captured stone's cell).
    pub to: u8,
}

/// The reason of a [`ClobberError::Move`] for a readable move that is not
/// legal (the others say why the text is no move).
pub(crate) const NOT_LEGAL: &str = "not a legal move";

/// Malformed Clobber input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClobberError {
    /// A side outside 2..=10.
    #[error("board {0}x{1} is not supported: rows and columns must be 2-10")]
    Size(usize, usize),
    /// Bad position text.
    #[error(
        "position text: {0} (expected rows top to bottom like WBWBW/BWBWB:B, cells W, B or .)"
    )]
    Position(String),
    /// Bad move text.
    #[error("move '{text}': {reason}")]
    Move {
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
    },
}

/// A Clobber position: stones of each colour, side to move, hash.
///
/// ```
/// use warcaby::clobber::{ClobberPosition, Shape};
/// use warcaby::Color;
///
/// // 2 rows x 3 columns: a checkerboard, the bottom-left stone Black,
/// // Black to move. Text runs row by row from the top.
/// let start = ClobberPosition::start(Shape::new(2, 3).unwrap());
/// assert_eq!(start.to_text(), "WBW/BWB:B");
/// assert_eq!(start.side_to_move(), Color::Black);
/// assert_eq!(start.legal_moves().len(), 7);
///
/// // Moves are written b3-b4 (columns a.., rows from the bottom), or as
/// // the Clobber doc's row,col,dir (row and column from the top-left).
/// let mv = start.parse_move("a1-a2").unwrap();
/// assert_eq!(start.parse_move("1,0,up"), Ok(mv));
/// let next = start.after(&mv);
/// assert_eq!(next.to_text(), "BBW/.WB:W");
/// assert_eq!(ClobberPosition::parse("BBW/.WB:W"), Ok(next));
///
/// // Only a stone next to an enemy stone may move, onto it.
/// assert!(start.parse_move("a1-b2").is_err());
/// assert!(ClobberPosition::parse("WBX/BWB:B").is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClobberPosition {
    shape: Shape,
    stones: [u128; 2],
    side: Color,
    hash: u64,
}

impl ClobberPosition {
    /// The start position: a checkerboard, the bottom-left cell Black, Black to move.
    pub fn start(shape: Shape) -> ClobberPosition {
        let mut stones = [0u128; 2];
        for cell in 0..shape.cells() {
            let (r, c) = shape.row_col(cell);
            let color = if (r + c) % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            stones[color.index()] |= 1 << cell;
        }
        ClobberPosition::new(shape, stones, Color::Black)
    }

    /// A position from its parts, checked: every stone on the board, no
    /// cell holding both colours.
    pub fn from_stones(
        shape: Shape,
        stones: [u128; 2],
        side: Color,
    ) -> Result<ClobberPosition, ClobberError> {
        let bad = |m: String| Err(ClobberError::Position(m));
        let off = (stones[0] | stones[1]) & !shape.all();
        if off != 0 {
            return bad(format!(
                "a stone on cell {} is off the {}x{} board",
                off.trailing_zeros(),
                shape.rows(),
                shape.cols()
            ));
        }
        let both = stones[0] & stones[1];
        if both != 0 {
            return bad(format!(
                "cell {} holds a white and a black stone",
                both.trailing_zeros()
            ));
        }
        Ok(ClobberPosition::new(shape, stones, side))
    }

    /// A position from parts already known to be valid (see
    /// [`ClobberPosition::from_stones`]).
    pub(crate) fn new(shape: Shape, stones: [u128; 2], side: Color) -> ClobberPosition {
        let mut pos = ClobberPosition {
            shape,
            stones,
            side,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Parses position text: rows top to bottom separated by `/`, cells `W`,
    /// `B`, `.`, then `:W` or `:B` for the side to move.
    pub fn parse(text: &str) -> Result<ClobberPosition, ClobberError> {
        let bad = |m: &str| ClobberError::Position(m.to_string());
        let (board, side) = text
            .trim()
            .rsplit_once(':')
            .ok_or_else(|| bad("missing ':B' or ':W' at the end"))?;
        let side = match side.trim() {
            "B" | "b" => Color::Black,
            "W" | "w" => Color::White,
            other => {
                return Err(bad(&format!(
                    "side to move must be B or W, found '{other}'"
                )))
            }
        };
        let rows: Vec<&str> = board.trim().split('/').collect();
        let cols = rows[0].chars().count();
        if rows.iter().any(|r| r.chars().count() != cols) {
            return Err(bad("rows have different lengths"));
        }
        let shape = Shape::new(rows.len(), cols)?;
        let mut stones = [0u128; 2];
        for (i, row) in rows.iter().enumerate() {
            let r = shape.rows() - 1 - i;
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u128 << shape.cell(r, c);
                match ch {
                    'W' | 'w' => stones[0] |= bit,
                    'B' | 'b' => stones[1] |= bit,
                    '.' => {}
                    other => return Err(bad(&format!("unknown cell '{other}' in row {}", i + 1))),
                }
            }
        }
        Ok(ClobberPosition::new(shape, stones, side))
    }

    /// The position text (see [`ClobberPosition::parse`]).
    pub fn to_text(&self) -> String {
        let mut rows = Vec::new();
        for r in (0..self.shape.rows()).rev() {
            let row: String = (0..self.shape.cols())
                .map(|c| {
                    let bit = 1u128 << self.shape.cell(r, c);
                    if self.stones[0] & bit != 0 {
                        'W'
                    } else if self.stones[1] & bit != 0 {
                        'B'
                    } else {
                        '.'
                    }
                })
                .collect();
            rows.push(row);
        }
        format!("{}:{}", rows.join("/"), self.side.letter())
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Stones of `color`.
    pub fn stones(&self, color: Color) -> u128 {
        self.stones[color.index()]
    }

    /// Hash of stones and side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for color in [Color::White, Color::Black] {
            let mut set = self.stones[color.index()];
            while set != 0 {
                h ^= key(color, set.trailing_zeros() as usize);
                set &= set - 1;
            }
        }
        h
    }

    /// Stones of `color` that can capture in direction `dir`.
    #[inline]
    fn movers(&self, color: Color, dir: Dir) -> u128 {
        // A stone moves in `dir` when the cell in that direction holds an
        // opponent: shift the opponents back.
        let back = match dir {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        };
        self.stones[color.index()]
            & self
                .shape
                .shift(self.stones[color.opponent().index()], back)
    }

    /// Stones of `color` that have at least one move.
    pub fn active(&self, color: Color) -> u128 {
        Dir::ALL.iter().fold(0, |m, &d| m | self.movers(color, d))
    }

    /// Number of legal moves of `color`.
    pub(crate) fn move_count(&self, color: Color) -> u32 {
        Dir::ALL
            .iter()
            .map(|&d| self.movers(color, d).count_ones())
            .sum()
    }

    /// Every legal move of the side to move, into `moves` (cleared first).
    pub(crate) fn legal_moves_into(&self, moves: &mut Vec<ClobberMove>) {
        moves.clear();
        for dir in Dir::ALL {
            let mut set = self.movers(self.side, dir);
            while set != 0 {
                let from = set.trailing_zeros() as usize;
                set &= set - 1;
                let to = self.shape.shift(1u128 << from, dir).trailing_zeros() as usize;
                moves.push(ClobberMove {
                    from: from as u8,
                    to: to as u8,
                });
            }
        }
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> Vec<ClobberMove> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// The position after a legal move.
    #[inline]
    pub fn after(&self, mv: &ClobberMove) -> ClobberPosition {
        let us = self.side;
        let them = us.opponent();
        let (from, to) = (mv.from as usize, mv.to as usize);
        let mut stones = self.stones;
        stones[us.index()] ^= (1u128 << from) | (1u128 << to);
        stones[them.index()] ^= 1u128 << to;
        let hash = self.hash ^ BLACK_TO_MOVE ^ key(us, from) ^ key(us, to) ^ key(them, to);
        ClobberPosition {
            shape: self.shape,
            stones,
            side: them,
            hash,
        }
    }

    /// Move text `b3-b4`.
    pub fn move_text(&self, mv: &ClobberMove) -> String {
        format!(
            "{}-{}",
            self.shape.name(mv.from as usize),
            self.shape.name(mv.to as usize)
        )
    }

    /// Reads a move: `b3-b4`, or `row,col,dir` as in the Clobber doc (row
    /// and column 0-based from the top-left, dir one of `up`, `down`,
    /// `left`, `right` or `u`/`d`/`l`/`r`).
    pub fn parse_move(&self, text: &str) -> Result<ClobberMove, ClobberError> {
        let t = text.trim();
        let err = |reason: String| ClobberError::Move {
            text: t.to_string(),
            reason,
        };
        let (from, to) = if t.contains(',') {
            let parts: Vec<&str> = t.split(',').map(str::trim).collect();
            let [row, col, dir] = parts.as_slice() else {
                return Err(err("expected row,col,dir".into()));
            };
            let row: usize = row.parse().map_err(|_| err(format!("bad row '{row}'")))?;
            let col: usize = col
                .parse()
                .map_err(|_| err(format!("bad column '{col}'")))?;
            if row >= self.shape.rows() || col >= self.shape.cols() {
                return Err(err("cell off the board".into()));
            }
            let dir = match dir.to_ascii_lowercase().as_str() {
                "up" | "u" => Dir::Up,
                "down" | "d" => Dir::Down,
                "left" | "l" => Dir::Left,
                "right" | "r" => Dir::Right,
                other => return Err(err(format!("unknown direction '{other}'"))),
            };
            let from = self.shape.cell(self.shape.rows() - 1 - row, col);
            let to = self.shape.shift(1u128 << from, dir);
            if to == 0 {
                return Err(err("that direction leaves the board".into()));
            }
            (from, to.trailing_zeros() as usize)
        } else {
            let (a, b) = t
                .split_once('-')
                .ok_or_else(|| err("expected a move like b3-b4".into()))?;
            (
                self.parse_cell(a).map_err(&err)?,
                self.parse_cell(b).map_err(&err)?,
            )
        };
        let mv = ClobberMove {
            from: from as u8,
            to: to as u8,
        };
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            let legal: Vec<String> = self
                .legal_moves()
                .iter()
                .map(|m| self.move_text(m))
                .collect();
            Err(err(format!(
                "{NOT_LEGAL}; legal moves: {}",
                if legal.is_empty() {
                    "none".to_string()
                } else {
                    legal.join(", ")
                }
            )))
        }
    }

    fn parse_cell(&self, text: &str) -> Result<usize, String> {
        let t = text.trim();
        let mut chars = t.chars();
        let file = chars
            .next()
            .filter(|c| c.is_ascii_lowercase())
            .ok_or(format!("bad cell '{t}'"))?;
        let rank: usize = chars
            .as_str()
            .parse()
            .map_err(|_| format!("bad cell '{t}'"))?;
        let col = (file as u8 - b'a') as usize;
        if col >= self.shape.cols() || rank == 0 || rank > self.shape.rows() {
            return Err(format!(
                "cell '{t}' is off the {}x{} board",
                self.shape.rows(),
                self.shape.cols()
            ));
        }
        Ok(self.shape.cell(rank - 1, col))
    }

    /// Orthogonally connected groups of `set`, each as a bit set.
    pub(crate) fn groups(&self, set: u128) -> Vec<u128> {
        let mut rest = set;
        let mut out = Vec::new();
        while rest != 0 {
            let mut group = rest & rest.wrapping_neg();
            loop {
                let grown = (group
                    | Dir::ALL
                        .iter()
                        .fold(0, |m, &d| m | self.shape.shift(group, d)))
                    & set;
                if grown == group {
                    break;
                }
                group = grown;
            }
            rest &= !group;
            out.push(group);
        }
        out
    }
}

impl fmt::Display for ClobberPosition {
    /// The board drawn with `o` for White, `x` for Black and `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cols = self.shape.cols();
        let letters: String = (0..cols)
            .map(|c| format!("{} ", (b'a' + c as u8) as char))
            .collect();
        writeln!(f, "    {letters}")?;
        for r in (0..self.shape.rows()).rev() {
            write!(f, "{:>2}  ", r + 1)?;
            for c in 0..cols {
                let bit = 1u128 << self.shape.cell(r, c);
                let ch = if self.stones[0] & bit != 0 {
                    'o'
                } else if self.stones[1] & bit != 0 {
                    'x'
                } else {
                    '.'
                };
                write!(f, "{ch} ")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl SearchGame for ClobberPosition {
    type Move = ClobberMove;

    fn legal_moves(&self, moves: &mut Vec<ClobberMove>) {
        self.legal_moves_into(moves);
    }

    fn after(&self, mv: &ClobberMove) -> Self {
        ClobberPosition::after(self, mv)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn leaf(&self) -> Leaf {
        if self.active(self.side) == 0 {
            Leaf::NoMoves
        } else {
            Leaf::Quiet
        }
    }

    fn move_key(&self, mv: &ClobberMove) -> usize {
        mv.from as usize * 128 + mv.to as usize
    }
}

/// Counts move paths `depth` plies deep.
///
/// ```
/// use warcaby::clobber::{perft, ClobberPosition, Shape};
///
/// let start = ClobberPosition::start(Shape::new(2, 3).unwrap());
/// assert_eq!(perft(&start, 0), 1);
/// assert_eq!(perft(&start, 1), 7);
/// let by_hand: u64 = start.legal_moves().iter().map(|m| start.after(m).legal_moves().len() as u64).sum();
/// assert_eq!(perft(&start, 2), by_hand);
/// ```
pub fn perft(pos: &ClobberPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.move_count(pos.side_to_move()) as u64;
    }
    pos.legal_moves()
        .iter()
        .map(|m| perft(&pos.after(m), depth - 1))
        .sum()
}
