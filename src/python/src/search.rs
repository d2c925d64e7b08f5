//! `warcaby.search` and `warcaby.perft` on a Board or a ClobberBoard: the
//! library's search and perft, with the interpreter released while they
//! run.

use crate::checkers::{on_board, resolve_in, Played, PyBoard, PyMove, Side};
use crate::clobber::{PyClobberBoard, PyClobberMove};
use crate::errors::bad_input;
use crate::numbers::{Int, Real};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use warcaby::checkers::ai::{CheckersEval, CheckersNodeOf, InternationalEval};
use warcaby::checkers::game::GameOf;
use warcaby::checkers::moves::MoveOf;
use warcaby::checkers::position::PositionOf;
use warcaby::clobber::{ClobberEval, ClobberPosition};
use warcaby::games::{AnyEval, Engine, GameNode};
use warcaby::search::{Algorithm, Evaluator, Limits, SearchConfig, SearchInfo};

/// Thinking time when no limit is given, in milliseconds.
pub(crate) const DEFAULT_TIME_MS: u64 = 1000;
/// The largest transposition table a search may ask for, in MiB.
pub(crate) const MAX_HASH_MIB: usize = 4096;

/// What a search found.
#[pyclass(name = "SearchResult", module = "warcaby", frozen, get_all)]
pub struct PySearchResult {
    /// The best move (None when there is no legal move).
    r#move: Option<Py<PyAny>>,
    /// The score for the side to move, in hundredths of a man; above 29000 a
    /// forced win in `30000 - score` plies.
    score: i32,
    /// The depth of the last finished iteration.
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// Nodes searched.
    nodes: u64,
    /// Milliseconds spent.
    time_ms: u64,
    /// The principal variation, best move first.
    pv: Vec<Py<PyAny>>,
    /// Plies to a forced win (positive) or loss (negative), if the score is one.
    mate_in: Option<i32>,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mv = match &self.r#move {
            Some(m) => m.bind(py).str()?.to_string(),
            None => "None".to_string(),
        };
        Ok(format!(
            "SearchResult(move={mv}, score={}, depth={}, nodes={})",
            self.score, self.depth, self.nodes
        ))
    }
}

impl PySearchResult {
    /// The result of a search whose PV's moves are already Python objects.
    fn new<M>(py: Python<'_>, info: &SearchInfo<M>, pv: Vec<Py<PyAny>>) -> PySearchResult {
        PySearchResult {
            r#move: pv.first().map(|m| m.clone_ref(py)),
            score: info.score,
            depth: info.depth,
            seldepth: info.seldepth,
            nodes: info.nodes,
            time_ms: info.time_ms,
            mate_in: info.mate_in(),
            pv,
        }
    }
}

/// Limits from the keyword arguments: at least one, else a second. A time
/// may be a float (whole milliseconds are used, at least 1).
fn limits(time_ms: Option<Real>, depth: Option<Int>, nodes: Option<Int>) -> PyResult<Limits> {
    let max_depth = warcaby::search::MAX_PLY as u32;
    let time_ms = time_ms.map(|t| t.whole_millis("time_ms")).transpose()?;
    let depth = depth
        .map(|d| d.within("depth", 1..=max_depth))
        .transpose()?;
    let nodes = nodes.map(|n| n.within("nodes", 1..=u64::MAX)).transpose()?;
    let none = time_ms.is_none() && depth.is_none() && nodes.is_none();
    Ok(Limits {
        depth,
        nodes,
        time_ms: if none { Some(DEFAULT_TIME_MS) } else { time_ms },
        max_time_ms: None,
    })
}

/// Searches `board` (a Board or a ClobberBoard) and returns the best move,
/// its score, depth, nodes and principal variation. Limits: `time_ms`,
/// `depth`, `nodes` (with none, one second). `algorithm`: `negascout`,
/// `alphabeta` or `minimax`; `eval`: for 8x8 checkers `positional`
/// (default), `material` or `learned`, for international draughts (10x10)
/// `plain` (default) or `learned` (`material` and `positional` raise WarcabyError), for Clobber `live` (default), `active`, `center`,
/// `accumulation`, `first_center_then_aggressive`, `group_then_fight` or
/// `take_middle_stay_in_group`. `moves` (legal moves or their text): the
/// search chooses among these only, giving them the whole budget — for a
/// capture whose first hops are played (`contest.Follower.moves`). The
/// interpreter runs other threads while it searches. A bad number raises
/// WarcabyError naming the argument, an illegal move in `moves`
/// IllegalMoveError. The transposition table starts at 64 KiB and grows up
/// to `hash_mib` as the search fills it, so a shallow search costs
/// microseconds, not the milliseconds of setting up the whole table.
#[pyfunction]
#[pyo3(signature = (board, *, time_ms = None, depth = None, nodes = None, algorithm = "negascout", eval = None, hash_mib = Int::new(16), moves = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn search(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    time_ms: Option<Real>,
    depth: Option<Int>,
    nodes: Option<Int>,
    algorithm: &str,
    eval: Option<&str>,
    hash_mib: Int,
    moves: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySearchResult> {
    let hash_mib = hash_mib.within("hash_mib", 0..=MAX_HASH_MIB)?;
    let config = SearchConfig {
        algorithm: algorithm.parse::<Algorithm>().map_err(bad_input)?,
        tt_mib: hash_mib,
        ..SearchConfig::default()
    };
    let limits = limits(time_ms, depth, nodes)?;
    if let Ok(b) = board.cast::<PyBoard>() {
        let b = b.borrow();
        return match &b.game {
            Played::Eight(game) => {
                let eval: CheckersEval = eval.unwrap_or("positional").parse().map_err(bad_input)?;
                search_checkers(py, game, eval, config, limits, moves)
            }
            Played::Ten(game) => {
                let eval = international_eval(eval)?;
                search_checkers(py, game, eval, config, limits, moves)
            }
        };
    }
    if let Ok(b) = board.cast::<PyClobberBoard>() {
        let b = b.borrow();
        let eval: ClobberEval = eval.unwrap_or("live").parse().map_err(bad_input)?;
        let only = moves
            .map(|m| root_moves(m, |mv| b.resolve(mv)))
            .transpose()?;
        let pos = b.pos;
        let info = py.detach(|| {
            let mut engine = Engine::configured(config, eval).with_growing_table();
            engine.search_node(&pos, &[], only.as_deref(), limits, |_| {})
        });
        let info = info.map_err(bad_input)?.info;
        let pv = clobber_pv(py, pos, &info.pv)?;
        return Ok(PySearchResult::new(py, &info, pv));
    }
    Err(PyTypeError::new_err(
        "search takes a warcaby.Board or a warcaby.ClobberBoard",
    ))
}

/// Searches `game`'s current position, on either board, with `eval`
/// (the board's own kind of evaluation), among `moves` if given.
fn search_checkers<G, E>(
    py: Python<'_>,
    game: &GameOf<G>,
    eval: E,
    config: SearchConfig,
    limits: Limits,
    moves: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySearchResult>
where
    G: Side,
    CheckersNodeOf<G>: GameNode<Move = MoveOf<G>, Eval = E>,
    E: Into<AnyEval>,
{
    let only = moves
        .map(|m| root_moves(m, |mv| resolve_in(game, mv)))
        .transpose()?;
    let root = CheckersNodeOf::from_game(game);
    let history: Vec<u64> = game.positions_and_moves().map(|(p, _)| p.hash()).collect();
    let eval: AnyEval = eval.into();
    let info = py.detach(|| {
        let mut engine = Engine::configured(config, eval).with_growing_table();
        engine.search_node(&root, &history, only.as_deref(), limits, |_| {})
    });
    let info = info.map_err(bad_input)?.info;
    let pv = checkers_pv(py, game.position(), &info.pv)?;
    Ok(PySearchResult::new(py, &info, pv))
}

/// The 10x10 board's evaluation named `eval` (`plain` when None, as the
/// 8x8 boards default to their hand-weighted one; or `learned`). The 8x8
/// boards' `material` and `positional` are refused by name: their weights
/// were made for the 8x8 board and do not read a 10x10 one.
fn international_eval(eval: Option<&str>) -> PyResult<InternationalEval> {
    let name = eval.unwrap_or("plain");
    match name.parse::<CheckersEval>() {
        Ok(CheckersEval::Learned(nets)) => Ok(InternationalEval::Learned(nets)),
        Ok(eight) => Err(bad_input(format!(
            "evaluation '{eight}' is for the 8x8 variants: international draughts (10x10) is searched with eval=\"plain\" (the default there) or \"learned\""
        ))),
        Err(_) => name.parse().map_err(bad_input),
    }
}

/// The legal moves `moves` names (each a move object or its text, read by
/// `resolve`): at least one, or a WarcabyError.
fn root_moves<M>(
    moves: &Bound<'_, PyAny>,
    resolve: impl Fn(&Bound<'_, PyAny>) -> PyResult<M>,
) -> PyResult<Vec<M>> {
    if moves.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "moves is a list of moves (or of their text), not one string",
        ));
    }
    let found = moves
        .try_iter()?
        .map(|mv| resolve(&mv?))
        .collect::<PyResult<Vec<M>>>()?;
    if found.is_empty() {
        return Err(bad_input(
            "moves is empty: give at least one legal move to choose among",
        ));
    }
    Ok(found)
}

/// The engine's static evaluation of `board` (a Board or a ClobberBoard),
/// in hundredths of a man for checkers, from the side to move's point of
/// view, without any search: what `search` scores a quiet position at its
/// horizon. `eval` as in `search`.
#[pyfunction]
#[pyo3(signature = (board, eval = None))]
pub(crate) fn evaluate(board: &Bound<'_, PyAny>, eval: Option<&str>) -> PyResult<i32> {
    if let Ok(b) = board.cast::<PyBoard>() {
        return match &b.borrow().game {
            Played::Eight(game) => {
                let eval: CheckersEval = eval.unwrap_or("positional").parse().map_err(bad_input)?;
                Ok(eval.evaluate(&CheckersNodeOf::from_game(game)))
            }
            Played::Ten(game) => {
                Ok(international_eval(eval)?.evaluate(&CheckersNodeOf::from_game(game)))
            }
        };
    }
    if let Ok(b) = board.cast::<PyClobberBoard>() {
        let eval: ClobberEval = eval.unwrap_or("live").parse().map_err(bad_input)?;
        return Ok(eval.evaluate(&b.borrow().pos));
    }
    Err(PyTypeError::new_err(
        "evaluate takes a warcaby.Board or a warcaby.ClobberBoard",
    ))
}

/// The PV as Move objects, each in its own position.
fn checkers_pv<G: Side>(
    py: Python<'_>,
    start: &PositionOf<G>,
    pv: &[MoveOf<G>],
) -> PyResult<Vec<Py<PyAny>>> {
    let mut pos = *start;
    pv.iter()
        .map(|mv| {
            let m = PyMove::new(&pos, *mv, &pos.legal_moves());
            pos = pos.after(mv);
            Ok(Py::new(py, m)?.into_any())
        })
        .collect()
}

/// The PV as ClobberMove objects.
fn clobber_pv(
    py: Python<'_>,
    mut pos: ClobberPosition,
    pv: &[warcaby::clobber::ClobberMove],
) -> PyResult<Vec<Py<PyAny>>> {
    pv.iter()
        .map(|mv| {
            let m = PyClobberMove::new(&pos, *mv);
            pos = pos.after(mv);
            Ok(Py::new(py, m)?.into_any())
        })
        .collect()
}

/// Counts the leaf nodes of the move tree `depth` plies deep (every capture
/// sequence its own move), on a Board or a ClobberBoard.
#[pyfunction]
pub(crate) fn perft(py: Python<'_>, board: &Bound<'_, PyAny>, depth: Int) -> PyResult<u64> {
    let depth = depth.within("depth", 0..=u32::MAX)?;
    if let Ok(b) = board.cast::<PyBoard>() {
        let game = b.borrow().game.clone();
        return Ok(py.detach(
            || on_board!(&game, g => warcaby::checkers::perft::perft(g.position(), depth)),
        ));
    }
    if let Ok(b) = board.cast::<PyClobberBoard>() {
        let pos = b.borrow().pos;
        return Ok(py.detach(|| warcaby::clobber::perft(&pos, depth)));
    }
    Err(PyTypeError::new_err(
        "perft takes a warcaby.Board or a warcaby.ClobberBoard",
    ))
}
