//! `warcaby.evalnet`: the learned evaluation's training data as batches of
//! self-play games, the unit of work `python -m warcaby.distributed
//! selfplay` hands to Ray. A batch is given by its game numbers and seed
//! alone, so any machine plays the same games the command line would
//! (`warcaby evalnet gen --first FIRST --games GAMES --threads 1`).

use crate::errors::bad_input;
use crate::numbers::Int;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use warcaby::checkers::ai::learned::data::{
    parse_samples, self_play_batch, SelfPlaySpec, DATA_MAGIC, SAMPLE_BYTES,
};
use warcaby::checkers::ai::learned::EvalNet;
use warcaby::checkers::ai::CheckersEval;
use warcaby::checkers::ballots;
use warcaby::Variant;

/// The most games one batch may hold (a batch is one task's work).
const MAX_GAMES: i128 = 1_000_000;

/// Plays games `first` to `first + games - 1` of a self-play run (game i
/// from ballot i, cycling, its random plies seeded by `seed + i`) and
/// returns `{"data": bytes, "games", "positions"}`: `data` is a training
/// position file (`evalnet train --data`) of the games' quiet positions.
/// `net` is a network file's bytes the learned evaluation plays instead
/// of the shipped one. Releases the GIL while it plays.
#[pyfunction]
#[pyo3(signature = (first, games, *, variant = "english", nodes = Int::new(4000), seed = Int::new(1), eval = "positional", net = None, random_plies = Int::new(4)))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_batch<'py>(
    py: Python<'py>,
    first: Int,
    games: Int,
    variant: &str,
    nodes: Int,
    seed: Int,
    eval: &str,
    net: Option<&[u8]>,
    random_plies: Int,
) -> PyResult<Bound<'py, PyDict>> {
    let variant: Variant = variant.parse().map_err(bad_input)?;
    let first = first.within("first", 0..=usize::MAX / 2)?;
    let games = games.within("games", 1..=MAX_GAMES as usize)?;
    let spec = SelfPlaySpec {
        nodes: nodes.within("nodes", 1u64..=1_000_000_000)?,
        random_plies: random_plies.within("random_plies", 0usize..=64)?,
        eval: evaluation(eval, net)?,
    };
    let seed = seed.within("seed", 0u64..=u64::MAX)?;
    let openings = ballots::openings(variant).map_err(bad_input)?;
    let batch = py.detach(|| self_play_batch(&openings, first, games, seed, &spec));
    let batch = batch.map_err(bad_input)?;
    let d = PyDict::new(py);
    d.set_item("data", PyBytes::new(py, &batch.bytes))?;
    d.set_item("games", batch.games)?;
    d.set_item("positions", batch.positions)?;
    Ok(d)
}

/// The evaluation called `name`, playing the network `net` (a file's
/// bytes) when one is given.
fn evaluation(name: &str, net: Option<&[u8]>) -> PyResult<CheckersEval> {
    let eval: CheckersEval = name.parse().map_err(bad_input)?;
    match (net, &eval) {
        (None, _) => Ok(eval),
        (Some(bytes), CheckersEval::Learned(_)) => Ok(CheckersEval::Learned(
            EvalNet::from_bytes(bytes).map_err(|e| bad_input(format!("net: {e}")))?,
        )),
        (Some(_), _) => Err(bad_input(format!(
            "net is for the learned evaluation, not {eval}"
        ))),
    }
}

/// Checks a training position file's bytes (as `play_batch` returns them
/// or a file holds them): `{"positions"}`, or `WarcabyError` saying what
/// is wrong (not such a file, cut short, a sample that is no position).
#[pyfunction]
pub(crate) fn check_data<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyDict>> {
    let samples = parse_samples(data).map_err(bad_input)?;
    let d = PyDict::new(py);
    d.set_item("positions", samples.len())?;
    Ok(d)
}

/// Registers the functions and the file format's constants.
pub(crate) fn register(sub: &Bound<'_, PyModule>) -> PyResult<()> {
    sub.add_function(wrap_pyfunction!(play_batch, sub)?)?;
    sub.add_function(wrap_pyfunction!(check_data, sub)?)?;
    sub.add("DATA_MAGIC", PyBytes::new(sub.py(), DATA_MAGIC))?;
    sub.add("SAMPLE_BYTES", SAMPLE_BYTES)
}
