//! `warcaby.contest`: the contest referee's helpers on its own boards
//! (8x8 numpy arrays of objects: `None` on light squares, 0 empty, 1/3 the
//! mover's man/king, 2/4 the opponent's, seen from the mover). The rules
//! and the order are the library's [`warcaby::checkers::referee`]; this module only
//! reads and writes the Python objects.

use crate::checkers::PyMove;
use crate::errors::bad_board;
use crate::ndarray::object_cells;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;
use std::time::{Duration, Instant};
use warcaby::checkers::referee::{Board, Cell, Coord, Step, StepEffect};

/// The items of a Python sequence (a list fast, anything iterable else).
fn items<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    obj.try_iter()?.collect()
}

/// `obj` as exactly `n` items, or None.
fn exactly<'py>(obj: &Bound<'py, PyAny>, n: usize) -> Option<Vec<Bound<'py, PyAny>>> {
    items(obj).ok().filter(|v| v.len() == n)
}

/// The short text of a Python value, for messages.
pub(crate) fn repr(obj: &Bound<'_, PyAny>) -> String {
    let text = obj
        .repr()
        .map_or_else(|_| "<unprintable>".to_string(), |r| r.to_string());
    match text.char_indices().nth(80) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

/// The Python ints 0-4, to recognise cells by identity (CPython keeps one
/// object per small int, so a board's cells are these very objects).
fn small_ints(py: Python<'_>) -> &[Py<PyAny>; 5] {
    static INTS: PyOnceLock<[Py<PyAny>; 5]> = PyOnceLock::new();
    INTS.get_or_init(py, || {
        std::array::from_fn(|i| {
            (i as u8)
                .into_pyobject(py)
                .expect("a small int")
                .into_any()
                .unbind()
        })
    })
}

/// One cell: `None` or an integer 0–4.
fn cell(value: &Bound<'_, PyAny>, at: Coord) -> PyResult<Cell> {
    if value.is_none() {
        return Ok(None);
    }
    let ints = small_ints(value.py());
    if let Some(code) = ints.iter().position(|i| value.is(i)) {
        return Ok(Some(code as u8));
    }
    match value.extract::<i64>() {
        Ok(v @ 0..=4) => Ok(Some(v as u8)),
        _ => Err(bad_board(format!(
            "cell {at:?} holds {}: expected None or 0-4",
            repr(value)
        ))),
    }
}

/// `obj` as a list (a list as it is, a numpy array by `tolist`, another
/// sequence copied), if it has exactly `n` items.
fn list_of<'py>(obj: &Bound<'py, PyAny>, n: usize) -> PyResult<Option<Bound<'py, PyList>>> {
    let list = if let Ok(list) = obj.cast::<PyList>() {
        list.clone()
    } else if obj.hasattr("tolist")? {
        match obj.call_method0("tolist")?.cast_into::<PyList>() {
            Ok(list) => list,
            Err(_) => return Ok(None),
        }
    } else {
        match exactly(obj, n) {
            Some(items) => PyList::new(obj.py(), items)?,
            None => return Ok(None),
        }
    };
    Ok((list.len() == n).then_some(list))
}

/// The board whose 64 cell pointers are given, if every cell is `None` or
/// one of CPython's own ints 0-4 (told by identity, reading no object), as
/// in the referee's boards; None otherwise (another int object, a numpy
/// int, a null cell, a bad value), for the generic read to accept or
/// explain.
fn board_by_identity(py: Python<'_>, cells: &[*mut pyo3::ffi::PyObject; 64]) -> Option<Board> {
    let none = py.None().as_ptr();
    let ints = small_ints(py).each_ref().map(|i| i.as_ptr());
    let mut board = Board {
        cells: [[None; 8]; 8],
    };
    // Without branches on the cells (they are random to the branch
    // predictor): every pointer is compared with all six objects.
    let mut known = true;
    for (slot, &ptr) in board.cells.iter_mut().flatten().zip(cells) {
        let mut code = 0;
        let mut found = ptr == none;
        for (k, &int) in (0u8..).zip(&ints) {
            code |= u8::from(ptr == int) * k;
            found |= ptr == int;
        }
        known &= found;
        *slot = (ptr != none).then_some(code);
    }
    known.then_some(board)
}

/// Reads a board: an 8x8 numpy array (any dtype) or 8 sequences of 8 cells.
/// The referee's own boards (object arrays of `None` and small ints) are
/// read in place ([`object_cells`]); the rest through Python's protocols.
pub(crate) fn read_board(obj: &Bound<'_, PyAny>) -> PyResult<Board> {
    if let Some(board) = object_cells(obj).and_then(|cells| board_by_identity(obj.py(), &cells)) {
        return Ok(board);
    }
    let shape = || {
        let got = match obj.getattr("shape") {
            Ok(shape) => format!("an array of shape {shape}"),
            Err(_) => repr(obj),
        };
        bad_board(format!(
            "a board is 8 rows of 8 cells (an 8x8 numpy array), got {got}"
        ))
    };
    let mut board = Board {
        cells: [[None; 8]; 8],
    };
    let rows = list_of(obj, 8)?.ok_or_else(shape)?;
    for (r, row) in (0u8..).zip(rows.iter()) {
        let row = list_of(&row, 8)?.ok_or_else(shape)?;
        for (c, value) in (0u8..).zip(row.iter()) {
            board.cells[r as usize][c as usize] = cell(&value, (r, c))?;
        }
    }
    Ok(board)
}

/// Reads a `(row, col)` pair of 0–7.
fn read_coord(obj: &Bound<'_, PyAny>) -> PyResult<Coord> {
    let bad = || {
        bad_board(format!(
            "{} is not a square: expected (row, col) with rows and columns 0-7",
            repr(obj)
        ))
    };
    let pair = exactly(obj, 2).ok_or_else(bad)?;
    let mut v = [0u8; 2];
    for (slot, item) in v.iter_mut().zip(&pair) {
        *slot = match item.extract::<i64>() {
            Ok(x @ 0..=7) => x as u8,
            _ => return Err(bad()),
        };
    }
    Ok((v[0], v[1]))
}

/// Reads a step `((r1, c1), (r2, c2))`.
pub(crate) fn read_step(obj: &Bound<'_, PyAny>) -> PyResult<Step> {
    let pair = exactly(obj, 2).ok_or_else(|| {
        bad_board(format!(
            "{} is not a step: expected ((r1, c1), (r2, c2))",
            repr(obj)
        ))
    })?;
    Ok((read_coord(&pair[0])?, read_coord(&pair[1])?))
}

/// Reads one step, a list of steps (a whole sequence from `sequences`), or
/// a `warcaby.Move` (its steps on the board as its mover sees it).
fn read_steps(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Step>> {
    if let Ok(mv) = obj.cast::<PyMove>() {
        return mv.get().contest_steps();
    }
    let first_is_square = items(obj)?
        .first()
        .and_then(|first| items(first).ok())
        .and_then(|inner| inner.first().map(|x| x.extract::<i64>().is_ok()))
        .unwrap_or(true);
    if first_is_square {
        return Ok(vec![read_step(obj)?]);
    }
    items(obj)?.iter().map(read_step).collect()
}

/// The step tuples `((r1, c1), (r2, c2))` between dark squares, made once
/// and shared (tuples are immutable), indexed by [`step_index`].
fn step_tuples(py: Python<'_>) -> &[Py<PyAny>] {
    static STEPS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
    STEPS.get_or_init(py, || {
        let dark = |i: usize| ((i / 4) as u8, ((i % 4) * 2 + 1 - (i / 4) % 2) as u8);
        (0..32 * 32)
            .map(|i| {
                let step: Step = (dark(i / 32), dark(i % 32));
                step.into_pyobject(py).expect("a tuple").into_any().unbind()
            })
            .collect()
    })
}

/// The index of a step between dark squares in [`step_tuples`].
fn step_index(((r1, c1), (r2, c2)): Step) -> usize {
    let dark = |r: u8, c: u8| r as usize * 4 + c as usize / 2;
    dark(r1, c1) * 32 + dark(r2, c2)
}

/// The steps as a Python list of tuples.
pub(crate) fn step_list<'py>(py: Python<'py>, steps: &[Step]) -> PyResult<Bound<'py, PyList>> {
    let tuples = step_tuples(py);
    PyList::new(py, steps.iter().map(|&s| tuples[step_index(s)].bind(py)))
}

/// A new board as the referee makes them: an 8x8 numpy array of objects.
pub(crate) fn numpy_board<'py>(py: Python<'py>, board: &Board) -> PyResult<Bound<'py, PyAny>> {
    static FROMITER: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    static OBJECT: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let fromiter = FROMITER.get_or_try_init(py, || {
        let numpy = py.import("numpy").map_err(|e| {
            pyo3::exceptions::PyImportError::new_err(format!(
                "contest boards are numpy arrays, and numpy cannot be imported ({e}): pip install numpy"
            ))
        })?;
        Ok::<_, PyErr>(numpy.getattr("fromiter")?.unbind())
    })?;
    let object = OBJECT.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("builtins")?.getattr("object")?.unbind())
    })?;
    let flat = PyList::new(py, board.cells.iter().flatten())?;
    fromiter
        .bind(py)
        .call1((flat, object.bind(py), 64))?
        .call_method1("reshape", (8, 8))
}

/// The referee's `ruchy`: the steps the mover may take, in the referee's
/// order (rows 0..7, columns 0..7, directions (-1,-1), (-1,1), (1,-1),
/// (1,1)); only captures when there is one. With `piece=(row, col)`, only
/// that piece's next capture steps, as the referee asks in the middle of a
/// multi-capture (an empty list: the capture is over).
#[pyfunction]
#[pyo3(signature = (plansza, piece = None))]
pub(crate) fn legal_moves<'py>(
    py: Python<'py>,
    plansza: &Bound<'py, PyAny>,
    piece: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let board = read_board(plansza)?;
    let piece = piece.map(read_coord).transpose()?;
    step_list(py, &board.steps(piece).map_err(bad_board)?)
}

/// Plays a step `((r1, c1), (r2, c2))` (or a list of steps, a whole
/// sequence, or a `warcaby.Move` of `Board.from_contest(plansza)`) as the
/// referee does, on a copy: returns `(new_board, captured,
/// crowned)`; a jumped piece is removed at once, a man reaching row 0 is
/// crowned (and may go on capturing). The input is not changed. A step no
/// piece of the mover can make raises InvalidBoardError (whether a capture
/// was due is not checked, as the referee's `update` does not).
#[pyfunction]
pub(crate) fn apply<'py>(
    py: Python<'py>,
    plansza: &Bound<'py, PyAny>,
    ruch: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyAny>, bool, bool)> {
    let mut board = read_board(plansza)?;
    board.position().map_err(bad_board)?;
    let mut effect = StepEffect::default();
    for step in read_steps(ruch)? {
        let e = board.play(step).map_err(bad_board)?;
        effect.captured |= e.captured;
        effect.crowned |= e.crowned;
    }
    Ok((numpy_board(py, &board)?, effect.captured, effect.crowned))
}

/// The board as the other side sees it: turned 180 degrees, codes 1<->2 and
/// 3<->4 swapped (the referee's change of sides after every turn).
#[pyfunction]
pub(crate) fn turn<'py>(
    py: Python<'py>,
    plansza: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    numpy_board(py, &read_board(plansza)?.turned())
}

/// Every legal move of the mover as its list of steps (a capture sequence
/// hop by hop; a plain move is one step), in the referee's order.
#[pyfunction]
pub(crate) fn sequences<'py>(
    py: Python<'py>,
    plansza: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let board = read_board(plansza)?;
    let all = board.sequences().map_err(bad_board)?;
    PyList::new(
        py,
        all.iter()
            .map(|seq| step_list(py, seq))
            .collect::<PyResult<Vec<_>>>()?,
    )
}

/// The referee's time benchmark (`silnik.time_benchmark`): 64**3 calls of
/// `numpy.sum` on an 8x8 int8 array, timed. One mechanism for the package:
/// `warcaby.play(contest=True)` takes its move time from it too.
pub(crate) fn numpy_benchmark(py: Python<'_>) -> PyResult<Duration> {
    let np = py.import("numpy")?;
    let matrix = np
        .getattr("random")?
        .call_method1("randint", (0, 5, (8, 8)))?
        .call_method1("astype", ("int8",))?;
    let sum = np.getattr("sum")?;
    let start = Instant::now();
    for _ in 0..64u32.pow(3) {
        sum.call1((&matrix,))?;
    }
    Ok(start.elapsed())
}

/// The move time T in seconds as the referee measures it before each game
/// (its benchmark, about 0.2-1 s of numpy calls): a move slower than T
/// spends a time flag, slower than 2T is replaced by a random one. Measure
/// it once, in the bot's `__init__`, where the referee does not time it.
#[pyfunction]
pub(crate) fn move_time(py: Python<'_>) -> PyResult<f64> {
    Ok(numpy_benchmark(py)?.as_secs_f64())
}
