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

/// `warcaby.clobber`'s proof functions: exact solves and a board's proof
/// as work units (split, prove one, save, check), so that a Python driver
/// can hand units out to other processes or machines. A unit is proven
/// from the manifest's text alone (no file is read), and its file's bytes
/// come back to the caller, so the machines need not share a folder.
pub(crate) mod proofs {
    use crate::errors::{bad_fen, bad_input};
    use crate::numbers::Int;
    use pyo3::exceptions::PyOSError;
    use pyo3::prelude::*;
    use pyo3::types::{PyBytes, PyDict};
    use std::path::Path;
    use std::sync::Mutex;
    use warcaby::clobber::certificate::units::{
        split, Manifest, UnitProof, UnitsDir, UnitsError, UnitsVerified,
    };
    use warcaby::clobber::certificate::{verify_on_threads, Certificate, CertifyOptions};
    use warcaby::clobber::solver::Solver;
    use warcaby::clobber::ClobberPosition;

    /// Most threads one call may ask for.
    const MAX_THREADS: usize = 1024;

    /// A file that cannot be read or written is an `OSError`; anything
    /// else a `WarcabyError` with the library's message.
    fn py_err(e: UnitsError) -> PyErr {
        match e {
            UnitsError::Io { .. } => PyOSError::new_err(e.to_string()),
            other => bad_input(other),
        }
    }

    /// The last solver used, kept for the next call in this process: its
    /// table is a cache of exact results, and a worker that proves unit
    /// after unit of one board gains from it (and allocates it once).
    static SOLVER: Mutex<Option<(u32, usize, Solver)>> = Mutex::new(None);

    /// Runs `f` with a solver of 2^bits entries and `threads` threads,
    /// without the lock held meanwhile (another thread makes its own).
    fn with_solver<R>(bits: u32, threads: usize, f: impl FnOnce(&mut Solver) -> R) -> R {
        let kept = SOLVER.lock().unwrap_or_else(|e| e.into_inner()).take();
        let mut solver = match kept {
            Some((b, t, solver)) if b == bits && t == threads => solver,
            _ => Solver::configured(bits, Solver::VALUE_STONES, threads),
        };
        let result = f(&mut solver);
        *SOLVER.lock().unwrap_or_else(|e| e.into_inner()) = Some((bits, threads, solver));
        result
    }

    fn table_bits(pos: &ClobberPosition, bits: Option<Int>) -> PyResult<u32> {
        match bits {
            Some(b) => b.within("table_bits", 10u32..=32),
            None => Ok((pos.shape().cells() as u32).clamp(16, 27)),
        }
    }

    fn threads(n: Int) -> PyResult<usize> {
        n.within("threads", 1..=MAX_THREADS)
    }

    fn verified<'py>(py: Python<'py>, v: &UnitsVerified) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("units", v.units)?;
        d.set_item("positions", v.positions)?;
        d.set_item("leaves", v.leaves)?;
        d.set_item("leaf_nodes", v.leaf_nodes)?;
        Ok(d)
    }

    fn proof_dict<'py>(py: Python<'py>, p: &UnitProof) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("unit", p.unit)?;
        d.set_item("mover_wins", p.certificate.mover_wins)?;
        d.set_item("seconds", p.seconds)?;
        d.set_item("positions", p.positions)?;
        d.set_item("leaves", p.leaves)?;
        Ok(d)
    }

    /// Who wins `position` (text like `WBWB/BWBW:B`) with perfect play:
    /// `{"mover_wins", "move" (text or None), "nodes", "time_ms"}`.
    #[pyfunction]
    #[pyo3(signature = (position, *, threads = Int::new(1), table_bits = None))]
    pub(crate) fn solve<'py>(
        py: Python<'py>,
        position: &str,
        threads: Int,
        table_bits: Option<Int>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let pos = ClobberPosition::parse(position).map_err(bad_fen)?;
        let (bits, threads) = (self::table_bits(&pos, table_bits)?, self::threads(threads)?);
        let s = py.detach(|| with_solver(bits, threads, |solver| solver.solve(&pos)));
        let d = PyDict::new(py);
        d.set_item("mover_wins", s.mover_wins)?;
        d.set_item("move", s.winning_move.map(|m| pos.move_text(&m)))?;
        d.set_item("nodes", s.nodes)?;
        d.set_item("time_ms", s.time_ms)?;
        Ok(d)
    }

    /// Splits the proof of `position` at `depth` plies under the winning
    /// line and writes the manifest to the folder `dir` (created if need
    /// be; one already split the same way is kept, with its units).
    /// Returns the number of units.
    #[pyfunction]
    #[pyo3(signature = (dir, position, depth, *, leaf_stones = None, leaf_nodes = None, threads = Int::new(1)))]
    pub(crate) fn split_units(
        py: Python<'_>,
        dir: &str,
        position: &str,
        depth: Int,
        leaf_stones: Option<Int>,
        leaf_nodes: Option<Int>,
        threads: Int,
    ) -> PyResult<usize> {
        let pos = ClobberPosition::parse(position).map_err(bad_fen)?;
        let defaults = CertifyOptions::default();
        let options = CertifyOptions {
            leaf_stones: match leaf_stones {
                Some(n) => n.within("leaf_stones", 0u32..=128)?,
                None => defaults.leaf_stones,
            },
            leaf_nodes: match leaf_nodes {
                Some(n) => n.within(
                    "leaf_nodes",
                    0u64..=warcaby::clobber::certificate::MAX_LEAF_NODES,
                )?,
                None => defaults.leaf_nodes,
            },
            threads: self::threads(threads)?,
        };
        let depth = depth.within("depth", 0u32..=64)?;
        let bits = self::table_bits(&pos, None)?;
        let manifest = py.detach(|| {
            with_solver(bits, options.threads, |solver| {
                split(&pos, depth, solver, options)
            })
        });
        let manifest = manifest.map_err(bad_input)?;
        let units = manifest.units.len();
        UnitsDir::create(Path::new(dir), manifest).map_err(py_err)?;
        Ok(units)
    }

    /// The manifest's text of the units folder `dir` (what
    /// `prove_unit` needs).
    #[pyfunction]
    pub(crate) fn units_manifest(dir: &str) -> PyResult<String> {
        Ok(UnitsDir::open(Path::new(dir))
            .map_err(py_err)?
            .manifest
            .to_text())
    }

    /// What the folder `dir` holds: `{"position", "mover_wins", "depth",
    /// "total", "done", "remaining" (unit numbers), "bad" ((number, why)
    /// pairs), "seconds", "positions"}`.
    #[pyfunction]
    pub(crate) fn units_status<'py>(py: Python<'py>, dir: &str) -> PyResult<Bound<'py, PyDict>> {
        let units = UnitsDir::open(Path::new(dir)).map_err(py_err)?;
        let s = units.status().map_err(py_err)?;
        let d = PyDict::new(py);
        d.set_item("position", units.manifest.root.to_text())?;
        d.set_item("mover_wins", units.manifest.mover_wins)?;
        d.set_item("depth", units.manifest.depth)?;
        d.set_item("total", s.total)?;
        d.set_item("done", s.done)?;
        d.set_item("remaining", s.remaining)?;
        d.set_item("split", s.split)?;
        d.set_item("bad", s.bad)?;
        d.set_item("seconds", s.seconds)?;
        d.set_item("positions", s.positions)?;
        Ok(d)
    }

    /// Proves unit `unit` of the manifest `manifest` (its text) and
    /// returns the unit file's bytes, for `save_unit`. Reads and writes no
    /// file: it can run on a machine that does not see the folder.
    #[pyfunction]
    #[pyo3(signature = (manifest, unit, *, threads = Int::new(1), table_bits = None))]
    pub(crate) fn prove_unit<'py>(
        py: Python<'py>,
        manifest: &str,
        unit: Int,
        threads: Int,
        table_bits: Option<Int>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let m = Manifest::from_text(manifest).map_err(py_err)?;
        let id = unit.within("unit", 0..=usize::MAX)?;
        m.unit(id).map_err(py_err)?;
        let (bits, threads) = (
            self::table_bits(&m.root, table_bits)?,
            self::threads(threads)?,
        );
        let proof = py.detach(|| with_solver(bits, threads, |solver| m.prove(id, solver, threads)));
        Ok(PyBytes::new(py, &proof.map_err(py_err)?.to_bytes()))
    }

    /// Writes a unit file's bytes (from `prove_unit`) into the folder
    /// `dir`, atomically, once they claim what the manifest's unit needs;
    /// returns `{"unit", "mover_wins", "seconds", "positions", "leaves"}`.
    #[pyfunction]
    pub(crate) fn save_unit<'py>(
        py: Python<'py>,
        dir: &str,
        data: &[u8],
    ) -> PyResult<Bound<'py, PyDict>> {
        let units = UnitsDir::open(Path::new(dir)).map_err(py_err)?;
        let proof = UnitProof::from_bytes(data).map_err(py_err)?;
        units.save(&proof).map_err(py_err)?;
        proof_dict(py, &proof)
    }

    /// Proves unit `unit` of the folder `dir` and writes its file there,
    /// unless it is there already (then None): for a worker that sees the
    /// folder.
    #[pyfunction]
    #[pyo3(signature = (dir, unit, *, threads = Int::new(1), table_bits = None))]
    pub(crate) fn run_unit<'py>(
        py: Python<'py>,
        dir: &str,
        unit: Int,
        threads: Int,
        table_bits: Option<Int>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let units = UnitsDir::open(Path::new(dir)).map_err(py_err)?;
        let id = unit.within("unit", 0..=usize::MAX)?;
        let (bits, threads) = (
            self::table_bits(&units.manifest.root, table_bits)?,
            self::threads(threads)?,
        );
        let proof =
            py.detach(|| with_solver(bits, threads, |solver| units.run(id, solver, threads)));
        proof
            .map_err(py_err)?
            .map(|p| proof_dict(py, &p))
            .transpose()
    }

    /// Splits unit `unit` of the folder `dir` again (too big to prove in
    /// one piece) at `depth` plies under it, into the folder
    /// `dir/unit-NNNNN.split`, which returns. Once that folder's units are
    /// proven, `run_unit(dir, unit)` joins them into the unit's file.
    #[pyfunction]
    #[pyo3(signature = (dir, unit, depth, *, threads = Int::new(1)))]
    pub(crate) fn split_unit(
        py: Python<'_>,
        dir: &str,
        unit: Int,
        depth: Int,
        threads: Int,
    ) -> PyResult<String> {
        let units = UnitsDir::open(Path::new(dir)).map_err(py_err)?;
        let id = unit.within("unit", 0..=usize::MAX)?;
        let depth = depth.within("depth", 0u32..=64)?;
        let threads = self::threads(threads)?;
        let bits = self::table_bits(&units.manifest.root, None)?;
        let sub = py
            .detach(|| with_solver(bits, threads, |solver| units.split_unit(id, depth, solver)))
            .map_err(py_err)?;
        Ok(sub.path().to_string_lossy().into_owned())
    }

    /// The top and every unit's certificate of the folder `dir` joined
    /// into one certificate of its root: the certificate file's bytes
    /// (as `warcaby clobber certify` writes; check with
    /// `verify_certificate` or `warcaby clobber verify`).
    #[pyfunction]
    pub(crate) fn join_units<'py>(py: Python<'py>, dir: &str) -> PyResult<Bound<'py, PyBytes>> {
        let units = UnitsDir::open(Path::new(dir)).map_err(py_err)?;
        let joined = py.detach(|| units.join()).map_err(py_err)?;
        Ok(PyBytes::new(py, &joined.certificate.to_bytes()))
    }

    /// Checks a certificate file's bytes with the plain negamax:
    /// `{"position", "mover_wins", "move", "positions", "leaves",
    /// "leaf_nodes"}`.
    #[pyfunction]
    #[pyo3(signature = (data, *, threads = Int::new(1)))]
    pub(crate) fn verify_certificate<'py>(
        py: Python<'py>,
        data: &[u8],
        threads: Int,
    ) -> PyResult<Bound<'py, PyDict>> {
        let cert = Certificate::from_bytes(data).map_err(bad_input)?;
        let threads = self::threads(threads)?;
        let done = py
            .detach(|| verify_on_threads(&cert, threads))
            .map_err(bad_input)?;
        let d = PyDict::new(py);
        d.set_item("position", cert.position.to_text())?;
        d.set_item("mover_wins", cert.mover_wins)?;
        d.set_item(
            "move",
            cert.winning_move.map(|m| cert.position.move_text(&m)),
        )?;
        d.set_item("positions", done.positions)?;
        d.set_item("leaves", done.leaves)?;
        d.set_item("leaf_nodes", done.leaf_nodes)?;
        Ok(d)
    }

    /// Checks the top of a manifest (its text): the moves it names are
    /// legal, every loser's reply is there, each unit stands where its
    /// position is met with the verdict needed there. Returns the number
    /// of units.
    #[pyfunction]
    pub(crate) fn check_top(manifest: &str) -> PyResult<usize> {
        let m = Manifest::from_text(manifest).map_err(py_err)?;
        m.check_top().map_err(py_err)?;
        Ok(m.units.len())
    }

    /// Verifies a unit file's bytes against a manifest (its text): the
    /// unit's claim, then its certificate with the plain negamax. Reads no
    /// file: for a checker on a machine that does not see the folder.
    #[pyfunction]
    #[pyo3(signature = (manifest, data, *, threads = Int::new(1)))]
    pub(crate) fn verify_unit_data<'py>(
        py: Python<'py>,
        manifest: &str,
        data: &[u8],
        threads: Int,
    ) -> PyResult<Bound<'py, PyDict>> {
        let m = Manifest::from_text(manifest).map_err(py_err)?;
        let proof = UnitProof::from_bytes(data).map_err(py_err)?;
        let threads = self::threads(threads)?;
        let done = py
            .detach(|| m.verify_proof(&proof, threads))
            .map_err(|e| bad_input(format!("unit {}: {e}", proof.unit)))?;
        verified(py, &done)
    }

    /// Verifies unit `unit`'s file in the folder `dir` with the plain
    /// negamax: `{"units": 1, "positions", "leaves", "leaf_nodes"}`.
    #[pyfunction]
    #[pyo3(signature = (dir, unit, *, threads = Int::new(1)))]
    pub(crate) fn verify_unit<'py>(
        py: Python<'py>,
        dir: &str,
        unit: Int,
        threads: Int,
    ) -> PyResult<Bound<'py, PyDict>> {
        let units = UnitsDir::open(Path::new(dir)).map_err(py_err)?;
        let id = unit.within("unit", 0..=usize::MAX)?;
        let threads = self::threads(threads)?;
        let done = py
            .detach(|| units.verify_unit(id, threads))
            .map_err(py_err)?;
        verified(py, &done)
    }

    /// Checks the top of the folder `dir` and verifies its units (part
    /// `part` of `parts`, from 1; the whole by default), the units shared
    /// out between `threads` threads.
    #[pyfunction]
    #[pyo3(signature = (dir, *, part = Int::new(1), parts = Int::new(1), threads = Int::new(1)))]
    pub(crate) fn verify_units<'py>(
        py: Python<'py>,
        dir: &str,
        part: Int,
        parts: Int,
        threads: Int,
    ) -> PyResult<Bound<'py, PyDict>> {
        let units = UnitsDir::open(Path::new(dir)).map_err(py_err)?;
        let (part, parts) = (
            part.within("part", 0..=usize::MAX)?,
            parts.within("parts", 0..=usize::MAX)?,
        );
        let threads = self::threads(threads)?;
        let done = py
            .detach(|| units.verify(part, parts, threads))
            .map_err(py_err)?;
        verified(py, &done)
    }
}
