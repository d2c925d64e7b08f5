//! Saving the table of a running solve, and filling a table from a save:
//! a solve cut off starts again from what it had proven.

use super::table::Table;
use super::{ClobberPosition, Solver};
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How a running solve saves its table, so that a solve cut off can start
/// again from what it had proven ([`Solver::load_table`]).
#[derive(Clone, Copy)]
pub struct TableSnapshots<'a> {
    /// Time between two saves.
    pub every: Duration,
    /// Saves one snapshot (e.g. writes it to a file).
    pub save: &'a (dyn Fn(&TableSnapshot) + Sync),
}

impl std::fmt::Debug for TableSnapshots<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TableSnapshots every {:?}", self.every)
    }
}

/// The table of a solve, to be written out.
pub struct TableSnapshot<'a> {
    pub(super) table: &'a Table,
    pub(super) header: String,
}

/// The first bytes of a saved table; the format version follows.
const TABLE_MAGIC: &[u8; 8] = b"WCBYTABL";
const TABLE_VERSION: u8 = 1;

impl TableSnapshot<'_> {
    /// Writes the snapshot: `WCBYTABL`, a version byte, a header line
    /// (`position=.. value_stones=.. bits=..`), every slot of the table
    /// (8 bytes little-endian each) and a checksum of them.
    pub fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(TABLE_MAGIC)?;
        out.write_all(&[TABLE_VERSION])?;
        out.write_all(self.header.as_bytes())?;
        out.write_all(b"\n")?;
        self.table.write_to(out)
    }
}

impl Solver {
    /// The header line of this solver's table snapshots for `pos`: a
    /// snapshot is only good for the same position and settings.
    pub(super) fn table_header(&self, pos: &ClobberPosition) -> String {
        format!(
            "position={} value_stones={} bits={}",
            pos.to_text(),
            self.value_stones,
            self.table.len().trailing_zeros()
        )
    }

    /// Fills the table from a snapshot of an earlier solve of `pos` with the
    /// same settings ([`TableSnapshot::write_to`]). A snapshot of another
    /// position or setting, or a damaged one, is refused and leaves the
    /// table empty.
    pub fn load_table(
        &mut self,
        pos: &ClobberPosition,
        input: &mut dyn Read,
    ) -> Result<(), String> {
        let mut start = [0u8; 9];
        input
            .read_exact(&mut start)
            .map_err(|e| format!("not a table snapshot ({e})"))?;
        if &start[..8] != TABLE_MAGIC {
            return Err("not a table snapshot (it does not start with WCBYTABL)".into());
        }
        if start[8] != TABLE_VERSION {
            return Err(format!(
                "table snapshot version {}, this program reads version {TABLE_VERSION}",
                start[8]
            ));
        }
        let mut header = Vec::new();
        let mut byte = [0u8; 1];
        while header.len() < 1000 {
            input
                .read_exact(&mut byte)
                .map_err(|e| format!("the header is cut short ({e})"))?;
            if byte[0] == b'\n' {
                break;
            }
            header.push(byte[0]);
        }
        let expected = self.table_header(pos);
        if header != expected.as_bytes() {
            return Err(format!(
                "the snapshot is of '{}', this solve is '{expected}'",
                String::from_utf8_lossy(&header)
            ));
        }
        self.table.read_from(input)
    }
}

/// Runs `search`, saving `snapshot` every `snapshots.every` meanwhile and
/// once when it ends.
pub(super) fn save_while(
    search: impl FnOnce(),
    snapshots: &TableSnapshots,
    snapshot: &TableSnapshot,
) {
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut last = Instant::now();
            while !finished.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(100).min(snapshots.every));
                if last.elapsed() >= snapshots.every && !finished.load(Ordering::Relaxed) {
                    (snapshots.save)(snapshot);
                    last = Instant::now();
                }
            }
        });
        search();
        finished.store(true, Ordering::Relaxed);
    });
    (snapshots.save)(snapshot);
}
