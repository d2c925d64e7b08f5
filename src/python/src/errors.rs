//! The exceptions the package raises: all are `ValueError`s, so code that
//! catches `ValueError` catches them too, each with the engine's message.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;
use std::fmt::Display;

create_exception!(
    warcaby,
    WarcabyError,
    PyValueError,
    "Bad input to Warcaby (a ValueError): the base of the errors below."
);
create_exception!(
    warcaby,
    InvalidFenError,
    WarcabyError,
    "A FEN, PDN or Clobber position text that describes no position."
);
create_exception!(
    warcaby,
    IllegalMoveError,
    WarcabyError,
    "A move that is not legal here, or move text that names no legal move."
);
create_exception!(
    warcaby,
    InvalidBoardError,
    WarcabyError,
    "A contest board (plansza) that is not an 8x8 board of None and 0-4, or a step no piece can make on it."
);

create_exception!(
    warcaby,
    NotFollowingError,
    InvalidBoardError,
    "A contest board that no play leads to from the last board a contest.Follower was given."
);

/// A [`WarcabyError`] with `e`'s message (bad names, sizes, limits).
pub(crate) fn bad_input(e: impl Display) -> PyErr {
    WarcabyError::new_err(e.to_string())
}

/// An [`InvalidFenError`] with `e`'s message.
pub(crate) fn bad_fen(e: impl Display) -> PyErr {
    InvalidFenError::new_err(e.to_string())
}

/// An [`IllegalMoveError`] with `e`'s message.
pub(crate) fn illegal(e: impl Display) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// An [`InvalidBoardError`] with `e`'s message.
pub(crate) fn bad_board(e: impl Display) -> PyErr {
    InvalidBoardError::new_err(e.to_string())
}
