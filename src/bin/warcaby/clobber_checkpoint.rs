//! `warcaby clobber solve --checkpoint FILE`: the first moves decided so
//! far, saved after each one, so that a run cut off goes on where it
//! stopped. The file is text:
//!
//! ```text
//! warcaby-clobber-checkpoint 1
//! position=WBWB/BWBW/WBWB/BWBW:B
//! lost=a1-a2 nodes=1234
//! won=b2-b3 nodes=567
//! ```

use anyhow::{anyhow, bail, Context, Result};
use std::path::{Path, PathBuf};
use warcaby::clobber::solver::{Solver, TableSnapshot};
use warcaby::clobber::{ClobberMove, ClobberPosition};

const FIRST_LINE: &str = "warcaby-clobber-checkpoint 1";

/// What a checkpoint holds.
pub(crate) struct Checkpoint {
    path: PathBuf,
    position: ClobberPosition,
    /// First moves proven to lose, with the positions searched for each.
    pub(crate) lost: Vec<(ClobberMove, u64)>,
    /// A first move proven to win.
    pub(crate) won: Option<(ClobberMove, u64)>,
}

impl Checkpoint {
    /// The checkpoint at `path` for `position`, empty if there is no file.
    pub(crate) fn load(path: &Path, position: &ClobberPosition) -> Result<Checkpoint> {
        let mut cp = Checkpoint {
            path: path.to_path_buf(),
            position: *position,
            lost: Vec::new(),
            won: None,
        };
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes)
                .map_err(|_| anyhow!("checkpoint {}: not a text file", path.display()))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(cp),
            Err(e) => return Err(e).with_context(|| format!("checkpoint {}", path.display())),
        };
        let at = |n: usize| format!("checkpoint {} line {n}", path.display());
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        if lines.next().map(|l| l.1) != Some(FIRST_LINE) {
            bail!("{}: expected '{FIRST_LINE}'", at(1));
        }
        let expected = format!("position={}", position.to_text());
        match lines.next() {
            Some((_, line)) if line == expected => {}
            Some((n, line)) => {
                bail!(
                    "{}: '{line}' is another board than this run's {expected}",
                    at(n)
                )
            }
            None => bail!("{}: no position line: the file is cut short", at(2)),
        }
        for (n, line) in lines {
            let (kind, mv, nodes) = cp.parse_line(line).with_context(|| at(n))?;
            if kind == "won" {
                cp.won = Some((mv, nodes));
            } else {
                cp.lost.push((mv, nodes));
            }
        }
        Ok(cp)
    }

    /// `lost=MOVE nodes=N` or `won=MOVE nodes=N`.
    fn parse_line<'a>(&self, line: &'a str) -> Result<(&'a str, ClobberMove, u64)> {
        let (first, nodes) = line.split_once(" nodes=").with_context(|| {
            format!("expected 'lost=MOVE nodes=N' or 'won=...', found '{line}'")
        })?;
        let (kind, mv) = first
            .split_once('=')
            .filter(|(k, _)| *k == "lost" || *k == "won")
            .with_context(|| format!("expected lost= or won=, found '{line}'"))?;
        let mv = self.position.parse_move(mv)?;
        let nodes = nodes
            .parse()
            .map_err(|_| anyhow!("nodes '{nodes}' is not a number"))?;
        Ok((kind, mv, nodes))
    }

    /// Records a decided first move and saves the file (written aside,
    /// then renamed over the old one, so that a kill leaves a whole file).
    pub(crate) fn record(&mut self, mv: ClobberMove, wins: bool, nodes: u64) -> Result<()> {
        if wins {
            // The first winning move reported (its mirror images follow).
            self.won.get_or_insert((mv, nodes));
        } else if !self.lost.iter().any(|l| l.0 == mv) {
            self.lost.push((mv, nodes));
        }
        let pos = &self.position;
        let mut text = format!("{FIRST_LINE}\nposition={}\n", pos.to_text());
        for (mv, nodes) in &self.lost {
            text += &format!("lost={} nodes={nodes}\n", pos.move_text(mv));
        }
        if let Some((mv, nodes)) = self.won {
            text += &format!("won={} nodes={nodes}\n", pos.move_text(&mv));
        }
        warcaby::core::fs::write_atomically(&self.path, text.as_bytes())
            .with_context(|| format!("checkpoint {}", self.path.display()))
    }

    /// The checkpoint's file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The first moves proven lost.
    pub(crate) fn lost_moves(&self) -> Vec<ClobberMove> {
        self.lost.iter().map(|l| l.0).collect()
    }
}

/// The solver's table saved beside a checkpoint (`FILE.table`), so that a
/// restart keeps what was proven inside the first move being searched.
pub(crate) struct TableFile {
    path: PathBuf,
}

impl TableFile {
    /// The table file beside the checkpoint `checkpoint`.
    pub(crate) fn beside(checkpoint: &Path) -> TableFile {
        let mut name = checkpoint.as_os_str().to_owned();
        name.push(".table");
        TableFile {
            path: PathBuf::from(name),
        }
    }

    /// Fills `solver`'s table from the file, if there is one. A damaged file
    /// or one of another board or setting is an error.
    pub(crate) fn load(&self, solver: &mut Solver, pos: &ClobberPosition) -> Result<()> {
        let file = match std::fs::File::open(&self.path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e).with_context(|| format!("table {}", self.path.display())),
        };
        let mut input = std::io::BufReader::with_capacity(1 << 20, file);
        solver.load_table(pos, &mut input).map_err(|e| {
            anyhow!(
                "table {}: {e} (delete it to go on without it)",
                self.path.display()
            )
        })?;
        eprintln!("loaded the table saved in {}", self.path.display());
        Ok(())
    }

    /// Writes a snapshot aside, then renames it over the old file.
    pub(crate) fn save(&self, snapshot: &TableSnapshot) -> Result<()> {
        warcaby::core::fs::write_atomically_with(&self.path, |out| snapshot.write_to(out))
            .with_context(|| format!("table {}", self.path.display()))
    }
}
