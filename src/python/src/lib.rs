//! The `warcaby` Python package's native module (`warcaby._warcaby`): the
//! engine's checkers and Clobber boards, search and perft, the contest
//! referee's helpers on its own numpy boards, matches of Python bots against
//! the built-in engines, and self-play batches of training data. Everything
//! here only converts between Python objects and the library, which does
//! the work.

mod arena;
mod checkers;
mod clobber;
mod contest;
mod errors;
mod follow;
mod ndarray;
mod numbers;
mod search;
mod selfplay;

use pyo3::prelude::*;

/// Registers the contest helpers as the submodule `contest`.
fn contest_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let sub = PyModule::new(m.py(), "contest")?;
    sub.add_function(wrap_pyfunction!(contest::legal_moves, &sub)?)?;
    sub.add_function(wrap_pyfunction!(contest::apply, &sub)?)?;
    sub.add_function(wrap_pyfunction!(contest::turn, &sub)?)?;
    sub.add_function(wrap_pyfunction!(contest::sequences, &sub)?)?;
    sub.add_function(wrap_pyfunction!(contest::move_time, &sub)?)?;
    sub.add_class::<follow::PyFollower>()?;
    m.add_submodule(&sub)
}

/// Registers the Clobber proof functions as the submodule `clobber`.
fn clobber_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    use clobber::proofs;
    let sub = PyModule::new(m.py(), "clobber")?;
    sub.add_function(wrap_pyfunction!(proofs::solve, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::split_units, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::units_manifest, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::units_status, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::prove_unit, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::save_unit, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::run_unit, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::verify_unit, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::verify_units, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::split_unit, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::join_units, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::verify_certificate, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::check_top, &sub)?)?;
    sub.add_function(wrap_pyfunction!(proofs::verify_unit_data, &sub)?)?;
    m.add_submodule(&sub)
}

/// Registers the self-play batches as the submodule `evalnet`.
fn evalnet_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let sub = PyModule::new(m.py(), "evalnet")?;
    selfplay::register(&sub)?;
    m.add_submodule(&sub)
}

#[pymodule]
fn _warcaby(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<checkers::PyBoard>()?;
    m.add_class::<checkers::PyMove>()?;
    m.add_class::<checkers::PyOutcome>()?;
    m.add_class::<checkers::PyPiece>()?;
    m.add_class::<clobber::PyClobberBoard>()?;
    m.add_class::<clobber::PyClobberMove>()?;
    m.add_class::<search::PySearchResult>()?;
    m.add_class::<arena::PyMatch>()?;
    m.add_class::<arena::PyGameResult>()?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_function(wrap_pyfunction!(search::perft, m)?)?;
    m.add_function(wrap_pyfunction!(search::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(arena::play, m)?)?;
    m.add("WarcabyError", py.get_type::<errors::WarcabyError>())?;
    m.add("InvalidFenError", py.get_type::<errors::InvalidFenError>())?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "InvalidBoardError",
        py.get_type::<errors::InvalidBoardError>(),
    )?;
    m.add(
        "NotFollowingError",
        py.get_type::<errors::NotFollowingError>(),
    )?;
    contest_module(m)?;
    clobber_module(m)?;
    evalnet_module(m)
}
