//! The loaded database and its prober.

use super::format::{file_name, SliceFile, SliceHeader, HEADER_LEN};
use super::index::{index_of, Material};
use super::{EgdbError, Value};
use crate::checkers::ai::CheckersNode;
use crate::checkers::moves::Move;
use crate::checkers::position::Position;
use crate::checkers::rules::Variant;
use crate::search::{Exact, ExactProbe};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

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
    value_in(pos, |m| tables.get(m))
}

/// The value of `pos` in the slice `slice` gives for its material.
#[inline]
fn value_in<'a>(pos: &Position, slice: impl FnOnce(Material) -> Option<&'a [u8]>) -> Option<Value> {
    let m = Material::of(pos);
    if m.mover_men + m.mover_kings == 0 {
        return Some(Value::Loss(0));
    }
    Value::from_byte(*slice(m)?.get(index_of(pos, m) as usize)?)
}

/// Endgame tables of one variant: every slice up to [`Egdb::max_pieces`]
/// pieces, held in memory, or read from their files on first use
/// ([`Egdb::open`]).
pub struct Egdb {
    variant: Variant,
    tables: Tables,
    /// Slices found in a directory and read when first probed (empty when
    /// every slice is in `tables`), keyed as `tables` is.
    on_demand: Vec<Option<OnDemand>>,
    max_pieces: u32,
}

/// A slice file mapped into memory on its first probe: a process that plays
/// one move (a match harness's fresh process per move) then costs only the
/// pages its probes touch. Reading whole slices instead (and checking their
/// checksums) cost a 100 ms move 110-140 ms at 8-10 pieces, with the 151 MB
/// of five-piece tables.
///
/// The entries' checksum is not checked here, which would read the whole
/// slice: `egdb build` checks it for every slice it keeps, [`Egdb::load`]
/// when it reads all, and `egdb verify` checks every value. What is
/// checked is that the file still has the header and length it was opened
/// with.
struct OnDemand {
    path: PathBuf,
    header: SliceHeader,
    /// The mapped file, or None when it no longer reads as the header
    /// promised (then the slice is played without, and said once).
    file: OnceLock<Option<memmap2::Mmap>>,
}

impl OnDemand {
    fn entries(&self) -> Option<&[u8]> {
        let file = self.file.get_or_init(|| match self.map() {
            Ok(file) => Some(file),
            Err(e) => {
                eprintln!(
                    "warning: the endgame table {} cannot be read: {e}; going on without it \
                     (rebuild it with `warcaby egdb build`, or pass --egdb none)",
                    self.path.display()
                );
                None
            }
        });
        Some(&file.as_ref()?[HEADER_LEN..])
    }

    fn map(&self) -> Result<memmap2::Mmap, EgdbError> {
        let io = |source| EgdbError::Io {
            path: self.path.display().to_string(),
            source,
        };
        let file = std::fs::File::open(&self.path).map_err(io)?;
        // SAFETY: the map is read-only, and Rust's aliasing rules would only
        // break if the file changed under it. `egdb build` never writes a
        // slice in place: it writes a hidden file and renames it over the
        // old one, whose inode a running engine keeps mapped.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io)?;
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Random);
        let header = SliceHeader::read(&map, map.len() as u64)?;
        if header != self.header {
            return Err(EgdbError::Corrupt(
                "the file changed since it was opened".into(),
            ));
        }
        Ok(map)
    }
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
        let max_pieces = complete_up_to(|m| tables.get(m).is_some())
            .ok_or_else(|| EgdbError::Empty("the tables given".into(), variant))?;
        Ok(Egdb {
            variant,
            tables,
            on_demand: Vec::new(),
            max_pieces,
        })
    }

    /// The tables of `dir` for `variant`, each slice mapped from its file on
    /// first use: opening reads only the 32-byte headers (each checked
    /// against its file's name and length), and a probe reads only the page
    /// it needs. [`Egdb::load`] reads everything at once and checks every
    /// slice's checksum.
    pub fn open(dir: &Path, variant: Variant) -> Result<Egdb, EgdbError> {
        let mut on_demand: Vec<Option<OnDemand>> = Vec::new();
        on_demand.resize_with(1 << 12, || None);
        for path in slice_paths(dir, variant)? {
            let header = read_header(&path, variant)?;
            let key = Tables::key(header.material).expect("material within the limits");
            on_demand[key] = Some(OnDemand {
                path,
                header,
                file: OnceLock::new(),
            });
        }
        let there = |m: Material| Tables::key(m).is_some_and(|k| on_demand[k].is_some());
        let max_pieces = complete_up_to(there)
            .ok_or_else(|| EgdbError::Empty(dir.display().to_string(), variant))?;
        Ok(Egdb {
            variant,
            tables: Tables::default(),
            on_demand,
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
        let slices = slice_paths(dir, variant)?
            .iter()
            .map(|path| read_slice(path, variant))
            .collect::<Result<Vec<_>, _>>()?;
        Egdb::from_slices(variant, slices).map_err(|e| match e {
            EgdbError::Empty(_, v) => EgdbError::Empty(dir.display().to_string(), v),
            e => e,
        })
    }

    /// [`Egdb::open`], once per directory and variant in this process:
    /// every engine that asks again shares the tables (and the slices
    /// already read).
    pub fn load_shared(dir: &Path, variant: Variant) -> Result<Arc<Egdb>, EgdbError> {
        type Cache = Vec<(PathBuf, Variant, Arc<Egdb>)>;
        static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, _, egdb)) = cache.iter().find(|(d, v, _)| d == dir && *v == variant) {
            return Ok(Arc::clone(egdb));
        }
        let egdb = Arc::new(Egdb::open(dir, variant)?);
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
        value_in(pos, |m| self.table(m))
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
        if self.on_demand.is_empty() {
            return self.tables.get(material);
        }
        self.on_demand
            .get(Tables::key(material)?)?
            .as_ref()?
            .entries()
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

/// The largest piece count up to which every slice is `there` (from 2).
fn complete_up_to(there: impl Fn(Material) -> bool) -> Option<u32> {
    let complete = |n: u32| Material::all_with(n).iter().all(|&m| there(m));
    (2..=MAX_PIECES).take_while(|&n| complete(n)).last()
}

/// The `VARIANT-*.egdb` files of `dir`.
fn slice_paths(dir: &Path, variant: Variant) -> Result<Vec<PathBuf>, EgdbError> {
    let io = |source| EgdbError::Io {
        path: dir.display().to_string(),
        source,
    };
    let prefix = format!("{}-", variant.name());
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with(&prefix) && name.ends_with(".egdb") {
            paths.push(path);
        }
    }
    Ok(paths)
}

/// Reads and checks one slice file's header: variant, length, and that its
/// name matches its material.
fn read_header(path: &Path, variant: Variant) -> Result<SliceHeader, EgdbError> {
    let io = |source| EgdbError::Io {
        path: path.display().to_string(),
        source,
    };
    let mut file = std::fs::File::open(path).map_err(io)?;
    let file_len = file.metadata().map_err(io)?.len();
    let mut bytes = [0u8; HEADER_LEN];
    let read = file.read(&mut bytes).map_err(io)?;
    let header = SliceHeader::read(&bytes[..read], file_len).map_err(|e| EgdbError::InFile {
        path: path.display().to_string(),
        source: Box::new(e),
    })?;
    check_slice(path, variant, header.variant, header.material)?;
    Ok(header)
}

/// A slice of `found` rules and `material` read from `path` is the one
/// wanted: of `variant`, and named after its material.
fn check_slice(
    path: &Path,
    variant: Variant,
    found: Variant,
    material: Material,
) -> Result<(), EgdbError> {
    if found != variant {
        return Err(EgdbError::WrongVariant {
            expected: variant,
            found,
        });
    }
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if name != file_name(variant, material) {
        return Err(EgdbError::MisnamedFile {
            file: path.display().to_string(),
            header: material.code(),
        });
    }
    Ok(())
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
    check_slice(path, variant, slice.variant, slice.material)?;
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
