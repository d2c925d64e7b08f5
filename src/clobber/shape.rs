//! The board: its size, cell numbering and the masks the move generator
//! shifts with.

use super::{ClobberError, MAX_SIDE, MIN_SIDE};

/// The four orthogonal directions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    /// Towards higher rows.
    Up,
    /// Towards lower rows.
    Down,
    /// Towards lower columns.
    Left,
    /// Towards higher columns.
    Right,
}

impl Dir {
    /// All four.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];
}

/// `FIRST_COLUMNS[rows][cols]`: the cells of column 0 on that board, built
/// at compile time (the shifts need them on every call).
const FIRST_COLUMNS: [[u128; MAX_SIDE + 1]; MAX_SIDE + 1] = {
    let mut table = [[0u128; MAX_SIDE + 1]; MAX_SIDE + 1];
    let mut rows = 0;
    while rows <= MAX_SIDE {
        let mut cols = 1;
        while cols <= MAX_SIDE {
            let mut r = 0;
            while r < rows {
                table[rows][cols] |= 1u128 << (r * cols);
                r += 1;
            }
            cols += 1;
        }
        rows += 1;
    }
    table
};

/// The board's size and its masks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Shape {
    rows: u8,
    cols: u8,
}

impl Shape {
    /// A board of `rows` x `cols`, each 2..=10.
    pub fn new(rows: usize, cols: usize) -> Result<Shape, ClobberError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&rows) || !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
            return Err(ClobberError::Size(rows, cols));
        }
        Ok(Shape {
            rows: rows as u8,
            cols: cols as u8,
        })
    }

    /// Rows.
    pub fn rows(self) -> usize {
        self.rows as usize
    }

    /// Columns.
    pub fn cols(self) -> usize {
        self.cols as usize
    }

    /// Number of cells.
    pub fn cells(self) -> usize {
        self.rows() * self.cols()
    }

    /// Every cell of the board.
    pub fn all(self) -> u128 {
        if self.cells() == 128 {
            u128::MAX
        } else {
            (1u128 << self.cells()) - 1
        }
    }

    /// Cells of column `col`.
    fn column(self, col: usize) -> u128 {
        FIRST_COLUMNS[self.rows()][self.cols()] << col
    }

    /// The set moved one cell in `dir`; cells leaving the board vanish.
    #[inline]
    pub(crate) fn shift(self, set: u128, dir: Dir) -> u128 {
        let c = self.cols();
        match dir {
            Dir::Up => (set << c) & self.all(),
            Dir::Down => set >> c,
            Dir::Left => (set & !self.column(0)) >> 1,
            Dir::Right => (set & !self.column(c - 1)) << 1,
        }
    }

    /// The cell at `row` (0 = bottom) and `col`.
    pub fn cell(self, row: usize, col: usize) -> usize {
        row * self.cols() + col
    }

    /// Row and column of a cell.
    pub fn row_col(self, cell: usize) -> (usize, usize) {
        (cell / self.cols(), cell % self.cols())
    }

    /// The cell's name, like `b3` (column letter, row number from the bottom).
    pub fn name(self, cell: usize) -> String {
        let (r, c) = self.row_col(cell);
        format!("{}{}", (b'a' + c as u8) as char, r + 1)
    }

    /// How many symmetries map the board onto itself: 8 when square (the
    /// transposes too), else 4 (identity, row mirror, column mirror, both).
    pub fn symmetries(self) -> usize {
        if self.rows() == self.cols() {
            8
        } else {
            4
        }
    }

    /// The image of `cell` under symmetry `t` (< [`Shape::symmetries`]):
    /// bit 4 transposes, bit 1 mirrors the rows, bit 2 the columns; 0 is
    /// the identity. Clobber's rules only see which cells are neighbours,
    /// so a position and its images are the same game.
    pub fn image(self, cell: usize, t: usize) -> usize {
        let (mut r, mut c) = self.row_col(cell);
        if t & 4 != 0 {
            (r, c) = (c, r);
        }
        if t & 1 != 0 {
            r = self.rows() - 1 - r;
        }
        if t & 2 != 0 {
            c = self.cols() - 1 - c;
        }
        self.cell(r, c)
    }

    /// Orthogonal neighbours of a cell.
    pub fn neighbours(self, cell: usize) -> u128 {
        let bit = 1u128 << cell;
        Dir::ALL.iter().fold(0, |m, &d| m | self.shift(bit, d))
    }
}
