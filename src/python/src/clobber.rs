//! `warcaby.ClobberBoard` and `warcaby.ClobberMove`: Clobber on the
//! library's [`ClobberPosition`], with a move stack for `pop`.

use crate::errors::{bad_fen, bad_input, illegal};
use crate::numbers::Int;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use warcaby::clobber::{ClobberMove, ClobberPosition, Shape, DEFAULT_COLS, DEFAULT_ROWS};

/// A Clobber move: a stone onto the orthogonally adjacent enemy stone.
#[pyclass(name = "ClobberMove", module = "warcaby", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyClobberMove {
    /// The engine's move.
    pub mv: ClobberMove,
    text: String,
    cells: [(usize, usize); 2],
}

impl PyClobberMove {
    /// `mv`, a move of `pos`.
    pub fn new(pos: &ClobberPosition, mv: ClobberMove) -> PyClobberMove {
        let shape = pos.shape();
        let top_left = |cell: u8| {
            let (row, col) = shape.row_col(cell as usize);
            (shape.rows() - 1 - row, col)
        };
        PyClobberMove {
            mv,
            text: pos.move_text(&mv),
            cells: [top_left(mv.from), top_left(mv.to)],
        }
    }
}

#[pymethods]
impl PyClobberMove {
    /// The stone's cell as `(row, col)`, counted from the top-left (as the
    /// Clobber doc's `row,col,dir`).
    #[getter(from_cell)]
    fn start_cell(&self) -> (usize, usize) {
        self.cells[0]
    }

    /// The captured stone's cell, `(row, col)` from the top-left.
    #[getter(to_cell)]
    fn end_cell(&self) -> (usize, usize) {
        self.cells[1]
    }

    /// `b3-b4`: columns a.., rows from the bottom.
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("ClobberMove('{}')", self.text)
    }
}

/// A Clobber game: `ClobberBoard(rows=6, cols=5, position=None)`, Black
/// first; `position` is text like `WBWBW/BWBWB/...:B`.
#[pyclass(name = "ClobberBoard", module = "warcaby")]
#[derive(Clone)]
pub struct PyClobberBoard {
    /// The current position.
    pub pos: ClobberPosition,
    /// The positions before each move, with the move.
    stack: Vec<(ClobberPosition, ClobberMove)>,
}

impl PyClobberBoard {
    /// The legal move that `mv` (a ClobberMove or its text) names.
    pub(crate) fn resolve(&self, mv: &Bound<'_, PyAny>) -> PyResult<ClobberMove> {
        if let Ok(m) = mv.cast::<PyClobberMove>() {
            return self.legal(m.get().mv);
        }
        let text: String = mv
            .extract()
            .map_err(|_| PyTypeError::new_err("expected a ClobberMove or text like 'b3-b4'"))?;
        self.parse(&text)
    }

    /// The legal move that `text` names.
    fn parse(&self, text: &str) -> PyResult<ClobberMove> {
        self.legal(self.pos.parse_move(text).map_err(illegal)?)
    }

    /// `mv` if it is legal here.
    fn legal(&self, mv: ClobberMove) -> PyResult<ClobberMove> {
        if self.pos.legal_moves().contains(&mv) {
            return Ok(mv);
        }
        let text = self.pos.move_text(&mv);
        Err(illegal(format!("{text} is not a legal move here")))
    }
}

#[pymethods]
impl PyClobberBoard {
    #[new]
    #[pyo3(signature = (rows = Int::new(DEFAULT_ROWS as i128), cols = Int::new(DEFAULT_COLS as i128), position = None))]
    fn py_new(rows: Int, cols: Int, position: Option<&str>) -> PyResult<PyClobberBoard> {
        let pos = match position {
            Some(text) => ClobberPosition::parse(text).map_err(bad_fen)?,
            None => {
                let (rows, cols) = (
                    rows.within("rows", 0..=usize::MAX)?,
                    cols.within("cols", 0..=usize::MAX)?,
                );
                ClobberPosition::start(Shape::new(rows, cols).map_err(bad_input)?)
            }
        };
        Ok(PyClobberBoard {
            pos,
            stack: Vec::new(),
        })
    }

    /// Rows of the board.
    #[getter]
    fn rows(&self) -> usize {
        self.pos.shape().rows()
    }

    /// Columns of the board.
    #[getter]
    fn cols(&self) -> usize {
        self.pos.shape().cols()
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.pos.side_to_move().name()
    }

    /// The legal moves.
    #[getter]
    fn legal_moves(&self) -> Vec<PyClobberMove> {
        let pos = &self.pos;
        pos.legal_moves()
            .into_iter()
            .map(|m| PyClobberMove::new(pos, m))
            .collect()
    }

    /// The moves played, first to last.
    #[getter]
    fn move_stack(&self) -> Vec<PyClobberMove> {
        self.stack
            .iter()
            .map(|(p, m)| PyClobberMove::new(p, *m))
            .collect()
    }

    /// The legal move that `text` names (`b3-b4` or `row,col,dir`).
    fn parse_move(&self, text: &str) -> PyResult<PyClobberMove> {
        let mv = self.parse(text)?;
        Ok(PyClobberMove::new(&self.pos, mv))
    }

    /// Plays a move (a ClobberMove or its text) and returns it.
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<PyClobberMove> {
        let found = self.resolve(mv)?;
        let played = PyClobberMove::new(&self.pos, found);
        self.stack.push((self.pos, found));
        self.pos = self.pos.after(&found);
        Ok(played)
    }

    /// Takes back the last move and returns it (IndexError at the start).
    fn pop(&mut self) -> PyResult<PyClobberMove> {
        let (before, mv) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.pos = before;
        Ok(PyClobberMove::new(&before, mv))
    }

    /// The position as text: rows from the top, `W`, `B`, `.`, then the side.
    fn position(&self) -> String {
        self.pos.to_text()
    }

    /// True when the side to move has no move (it has lost).
    fn is_game_over(&self) -> bool {
        self.pos.legal_moves().is_empty()
    }

    /// The winner (`"white"` or `"black"`) once the game is over, else None.
    fn winner(&self) -> Option<&'static str> {
        self.is_game_over()
            .then(|| self.pos.side_to_move().opponent().name())
    }

    /// An independent copy (moves included).
    fn copy(&self) -> PyClobberBoard {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __repr__(&self) -> String {
        format!("ClobberBoard(position='{}')", self.pos.to_text())
    }
}
