//! The loaded database and its prober.

use super::format::{file_name, SliceFile};
use super::index::{index_of, Material};
use super::{EgdbError, Value};
use crate::checkers::ai::CheckersNode;
use crate::checkers::moves::Move;
use crate::checkers::position::Position;
use crate::checkers::rules::Variant;
use crate::search::{Exact, ExactProbe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Most pieces a database may have (each count then fits in three bits).
pub const MAX_PIECES: u32 = 8;

/// Slices by material, in an array keyed by the four counts (no hashing on
/// the probe's path). An empty table means "not there".
#[derive(Clone, Default)]
pub(crate) struct Tables {
    slots: Vec<Vec<u8>>,
}

impl Tables {
    fn key(m: Material) -> Option<usize> {
        let counts = [m.mover_men, m.mover_kings, m.other_men, m.other_kings];
        counts
            .iter()
            .all(|&c| c < 8)
            .then(|| counts.iter().fold(0usize, |key, &c| key << 3 | c as usize))
    }

    /// The table of `m`, if there.
    #[inline]
    pub(crate) fn get(&self, m: Material) -> Option<&[u8]> {
        let table = self.slots.get(Tables::key(m)?)?;
        (!table.is_empty()).then_some(table.as_slice())
    }

    /// The table of `m` to write into; it must be there.
    pub(crate) fn get_mut(&mut self, m: Material) -> &mut Vec<u8> {
        let key = Tables::key(m).expect("material within the limits");
        &mut self.slots[key]
    }

    /// Stores the table of `m` (whose counts are each below 8).
    pub(crate) fn insert(&mut self, m: Material, table: Vec<u8>) {
        if self.slots.is_empty() {
            self.slots = vec![Vec::new(); 1 << 12];
        }
        *self.get_mut(m) = table;
    }
}

/// The value of `pos` in `tables`: None where its slice is not there. A side
/// to move without pieces has lost. While building, a draw means "not
/// settled yet".
#[inline]
pub(crate) fn table_value(tables: &Tables, pos: &Position) -> Option<Value> {
    let m = Material::of(pos);
    if m.mover_men + m.mover_kings == 0 {
        return Some(Value::Loss(0));
    }
    let table = tables.get(m)?;
    Value::from_byte(*table.get(index_of(pos, m) as usize)?)
}

/// Loaded endgame tables of one variant: every slice up to
/// [`Egdb::max_pieces`] pieces.
pub struct Egdb {
    variant: Variant,
    tables: Tables,
    max_pieces: u32,
}

impl std::fmt::Debug for Egdb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Egdb({}, {} pieces)", self.variant, self.max_pieces)
    }
}

impl Egdb {
    /// A database of the given tables; its size is the largest piece count
    /// up to which every slice is there.
    pub(crate) fn from_tables(variant: Variant, tables: Tables) -> Result<Egdb, EgdbError> {
        let complete = |n: u32| {
            Material::all_with(n)
                .iter()
                .all(|&m| tables.get(m).is_some())
        };
        let max_pieces = (2..=MAX_PIECES).take_while(|&n| complete(n)).last();
        let Some(max_pieces) = max_pieces else {
            return Err(EgdbError::Empty("the tables given".into(), variant));
        };
        Ok(Egdb {
            variant,
            tables,
            max_pieces,
        })
    }

    /// The database from slices read before; each must be of `variant`.
    pub fn from_slices(variant: Variant, slices: Vec<SliceFile>) -> Result<Egdb, EgdbError> {
        let mut tables = Tables::default();
        for slice in slices {
            if slice.variant != variant {
                return Err(EgdbError::WrongVariant {
                    expected: variant,
                    found: slice.variant,
                });
            }
            if slice.material.total() <= MAX_PIECES {
                tables.insert(slice.material, slice.entries);
            }
        }
        Egdb::from_tables(variant, tables)
    }

    /// Reads every `VARIANT-MKmk.egdb` file of `dir`, checking each.
    pub fn load(dir: &Path, variant: Variant) -> Result<Egdb, EgdbError> {
        let io = |source| EgdbError::Io {
            path: dir.display().to_string(),
            source,
        };
        let prefix = format!("{}-", variant.name());
        let mut slices = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let path = entry.map_err(io)?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with(&prefix) && name.ends_with(".egdb") {
                slices.push(read_slice(&path, variant)?);
            }
        }
        Egdb::from_slices(variant, slices).map_err(|e| match e {
            EgdbError::Empty(_, v) => EgdbError::Empty(dir.display().to_string(), v),
            e => e,
        })
    }

    /// [`Egdb::load`], once per directory and variant in this process: every
    /// engine that asks again shares the tables.
    pub fn load_shared(dir: &Path, variant: Variant) -> Result<Arc<Egdb>, EgdbError> {
        type Cache = Vec<(PathBuf, Variant, Arc<Egdb>)>;
        static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, _, egdb)) = cache.iter().find(|(d, v, _)| d == dir && *v == variant) {
            return Ok(Arc::clone(egdb));
        }
        let egdb = Arc::new(Egdb::load(dir, variant)?);
        cache.push((dir.to_path_buf(), variant, Arc::clone(&egdb)));
        Ok(egdb)
    }

    /// The rules the tables were built for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Positions with at most this many pieces are in the tables.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The value of `pos` for its side to move; None when it has more pieces
    /// than the tables or is of another variant.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if pos.occupied().count() > self.max_pieces || pos.variant() != self.variant {
            return None;
        }
        table_value(&self.tables, pos)
    }

    /// The best move of `pos` by the tables (fastest win, else a draw, else
    /// the slowest loss) with the value it keeps; None without a move or
    /// outside the tables.
    pub fn best_move(&self, pos: &Position) -> Option<(Move, Value)> {
        self.probe(pos)?;
        pos.legal_moves()
            .into_iter()
            .filter_map(|mv| Some((mv, Value::before(self.probe(&pos.after(&mv))?))))
            .max_by_key(|(_, v)| v.rank())
    }

    /// The table of `material`, one byte per index, if loaded.
    pub fn table(&self, material: Material) -> Option<&[u8]> {
        self.tables.get(material)
    }

    /// Wins, losses and draws (for the side to move) in one slice.
    pub fn counts(&self, material: Material) -> [u64; 3] {
        let mut counts = [0; 3];
        for &b in self.table(material).unwrap_or(&[]) {
            match Value::from_byte(b) {
                Some(Value::Win(_)) => counts[0] += 1,
                Some(Value::Loss(_)) => counts[1] += 1,
                Some(Value::Draw) => counts[2] += 1,
                None => {}
            }
        }
        counts
    }
}

/// Reads and checks one slice file: variant, and that its name matches.
pub fn read_slice(path: &Path, variant: Variant) -> Result<SliceFile, EgdbError> {
    let bytes = std::fs::read(path).map_err(|source| EgdbError::Io {
        path: path.display().to_string(),
        source,
    })?;
    let in_file = |e: EgdbError| EgdbError::InFile {
        path: path.display().to_string(),
        source: Box::new(e),
    };
    let slice = SliceFile::from_bytes(&bytes).map_err(in_file)?;
    if slice.variant != variant {
        return Err(EgdbError::WrongVariant {
            expected: variant,
            found: slice.variant,
        });
    }
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if name != file_name(variant, slice.material) {
        return Err(EgdbError::MisnamedFile {
            file: path.display().to_string(),
            header: slice.material.code(),
        });
    }
    Ok(slice)
}

impl ExactProbe<CheckersNode> for Egdb {
    #[inline]
    fn probe(&self, node: &CheckersNode) -> Option<Exact> {
        Some(match Egdb::probe(self, &node.pos)? {
            Value::Win(n) => Exact::Win(n),
            Value::Loss(n) => Exact::Loss(n),
            Value::Draw => Exact::Draw,
        })
    }
}
