//! Work units: a board's proof cut into pieces that can be proven apart,
//! on as many machines as there are, and joined again.
//!
//! A long proof done by one process for hours loses everything when the
//! process dies and uses one machine. Here the proof is split at a chosen
//! depth under the winning line: the *top* is the tree from the root down
//! to that depth, with one winning move at the winner's nodes and every
//! reply at the loser's nodes (so the top itself is checkable with the
//! rules alone), and each position at the depth is a *unit*, a position
//! with the verdict the top needs (the side to move wins or loses). A unit
//! is proven by a certificate of its own (see [`super`]), written to its
//! own small file; the board is proven once the top checks and every
//! unit's certificate verifies with the verdict the top needs.
//!
//! Positions that are mirror images of each other (or repeat) at the
//! depth are one unit. The folder holds the manifest
//! ([`MANIFEST`], text) and one file per proven unit
//! ([`UnitsDir::unit_path`]).
//!
//! The top and the units' certificates join into one certificate of the
//! root ([`UnitsDir::join`]), which the plain checker accepts as it
//! accepts a certificate made in one run. A unit that is too big is split
//! again the same way, into a folder of its own beside its file
//! ([`UnitsDir::split_path`]); once that folder's units are proven, they
//! join into the unit's file.
//!
//! # Manifest, version 1 (text)
//! ```text
//! warcaby-clobber-units 1
//! position=WBWB/BWBW:B winner=first|second depth=D leaf_stones=S leaf_nodes=N units=U
//! top <tokens>
//! unit <id> position=<text> winner=first|second
//! ```
//! The `top` lines (several, in order) hold the top tree in depth-first
//! order, one token per node: at a winner's node the winning move's text
//! (`b2-b3`), followed by the node after it; at a loser's node `*`,
//! followed by every reply's node in the order of
//! [`ClobberPosition::legal_moves`]; `#id` where a unit stands. A unit's
//! `winner` is `first` when the side to move at the unit wins.
//!
//! # Unit file, version 1
//! `WCBYUNIT`, one version byte, one text line
//! (`unit=ID seconds=S positions=N leaves=N solves=N`), a newline, then
//! the unit's certificate file (`WCBYCERT...`).

mod folder;
mod top;

pub use folder::{write_atomically, UnitState, UnitsDir, UnitsStatus};
pub use top::split;

use super::{certify, verify_on_threads, Certificate, CertificateError, CertifyOptions};
use crate::clobber::solver::Solver;
use crate::clobber::ClobberPosition;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The manifest's file name in a units folder.
pub const MANIFEST: &str = "manifest.txt";
/// The manifest's first line, without the version.
pub const MANIFEST_TAG: &str = "warcaby-clobber-units";
/// The manifest version this code writes and reads.
pub const MANIFEST_VERSION: u32 = 1;
/// The first bytes of a unit file.
pub const UNIT_MAGIC: &[u8; 8] = b"WCBYUNIT";
/// The unit file version this code writes and reads.
pub const UNIT_VERSION: u8 = 1;

/// Why a units folder, manifest or unit file is refused.
#[derive(Debug, thiserror::Error)]
pub enum UnitsError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// Not a manifest or unit file of this format, or damaged.
    #[error("{0}")]
    Format(String),
    /// Readable, but the proof does not hold (or is not complete).
    #[error("{0}")]
    Proof(String),
    /// The request does not fit the folder (a unit that does not exist,
    /// a folder split for another board).
    #[error("{0}")]
    Input(String),
    /// A unit split again whose own units are not all proven yet.
    #[error("{0}")]
    Waiting(String),
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> UnitsError + '_ {
    move |source| UnitsError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A unit: a position and the verdict the top needs there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its number, from 0.
    pub id: usize,
    /// The position to prove.
    pub position: ClobberPosition,
    /// The verdict to prove: true when the side to move wins.
    pub mover_wins: bool,
}

/// The top of a split proof and its units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The position whose proof is split.
    pub root: ClobberPosition,
    /// The claim: true when the side to move at the root wins.
    pub mover_wins: bool,
    /// Plies from the root to the units.
    pub depth: u32,
    /// Where each unit's certificate is cut into leaves (the same for
    /// every unit, so that every unit file is checked alike).
    pub leaf_stones: u32,
    /// The plain negamax's budget at a leaf.
    pub leaf_nodes: u64,
    /// The top tree's tokens (see the module documentation).
    pub top: Vec<String>,
    /// The units, by number.
    pub units: Vec<Unit>,
}

fn winner_word(mover_wins: bool) -> &'static str {
    if mover_wins {
        "first"
    } else {
        "second"
    }
}

/// The value of `name=` in a line of `name=value` fields.
fn field<'a>(line: &'a str, name: &str) -> Result<&'a str, String> {
    line.split(' ')
        .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
        .ok_or_else(|| format!("the line lacks {name}= ({line})"))
}

fn number<T: std::str::FromStr>(line: &str, name: &str) -> Result<T, String> {
    field(line, name)?
        .parse()
        .map_err(|_| format!("{name} is not a number ({line})"))
}

fn parse_winner(line: &str) -> Result<bool, String> {
    match field(line, "winner")? {
        "first" => Ok(true),
        "second" => Ok(false),
        other => Err(format!("winner must be first or second, not '{other}'")),
    }
}

impl Manifest {
    /// The manifest as text (see the module documentation).
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{MANIFEST_TAG} {MANIFEST_VERSION}\nposition={} winner={} depth={} leaf_stones={} leaf_nodes={} units={}\n",
            self.root.to_text(),
            winner_word(self.mover_wins),
            self.depth,
            self.leaf_stones,
            self.leaf_nodes,
            self.units.len()
        );
        // Short lines keep the committed file readable and its diffs small.
        for tokens in self.top.chunks(16) {
            out.push_str("top ");
            out.push_str(&tokens.join(" "));
            out.push('\n');
        }
        for unit in &self.units {
            out.push_str(&format!(
                "unit {} position={} winner={}\n",
                unit.id,
                unit.position.to_text(),
                winner_word(unit.mover_wins)
            ));
        }
        out
    }

    /// Reads a manifest's text; checks its form, not the proof (see
    /// [`Manifest::check_top`]).
    pub fn from_text(text: &str) -> Result<Manifest, UnitsError> {
        Manifest::parse(text).map_err(|e| UnitsError::Format(format!("not a units manifest: {e}")))
    }

    fn parse(text: &str) -> Result<Manifest, String> {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        let version = first
            .strip_prefix(MANIFEST_TAG)
            .and_then(|v| v.trim().parse::<u32>().ok())
            .ok_or_else(|| format!("the first line is not '{MANIFEST_TAG} <version>'"))?;
        if version != MANIFEST_VERSION {
            return Err(format!(
                "format version {version}, this program reads version {MANIFEST_VERSION}"
            ));
        }
        let head = lines.next().ok_or("no header line")?;
        let root = ClobberPosition::parse(field(head, "position")?).map_err(|e| e.to_string())?;
        let leaf_nodes = number(head, "leaf_nodes")?;
        if leaf_nodes > super::MAX_LEAF_NODES {
            return Err(format!(
                "leaf_nodes {leaf_nodes} is over the checker's limit {}",
                super::MAX_LEAF_NODES
            ));
        }
        let mut manifest = Manifest {
            root,
            mover_wins: parse_winner(head)?,
            depth: number(head, "depth")?,
            leaf_stones: number(head, "leaf_stones")?,
            leaf_nodes,
            top: Vec::new(),
            units: Vec::new(),
        };
        let count: usize = number(head, "units")?;
        for line in lines {
            if let Some(tokens) = line.strip_prefix("top ") {
                manifest
                    .top
                    .extend(tokens.split_whitespace().map(String::from));
            } else if let Some(rest) = line.strip_prefix("unit ") {
                let id = rest.split(' ').next().unwrap_or_default();
                if id.parse::<usize>().ok() != Some(manifest.units.len()) {
                    return Err(format!(
                        "unit '{id}' out of order: expected unit {}",
                        manifest.units.len()
                    ));
                }
                let position =
                    ClobberPosition::parse(field(line, "position")?).map_err(|e| e.to_string())?;
                if position.shape() != root.shape() {
                    return Err(format!("unit {id} is on another board"));
                }
                manifest.units.push(Unit {
                    id: manifest.units.len(),
                    position,
                    mover_wins: parse_winner(line)?,
                });
            } else if !line.is_empty() {
                return Err(format!("an unknown line: {line}"));
            }
        }
        if manifest.units.len() != count {
            return Err(format!(
                "the header says {count} units, the file lists {}",
                manifest.units.len()
            ));
        }
        Ok(manifest)
    }

    /// The unit numbered `id`.
    pub fn unit(&self, id: usize) -> Result<&Unit, UnitsError> {
        self.units.get(id).ok_or_else(|| {
            UnitsError::Input(format!(
                "no unit {id}: the units are numbered 0 to {}",
                self.units.len().saturating_sub(1)
            ))
        })
    }

    /// The options each unit's certificate is made with.
    pub fn certify_options(&self, threads: usize) -> CertifyOptions {
        CertifyOptions {
            leaf_stones: self.leaf_stones,
            leaf_nodes: self.leaf_nodes,
            threads,
        }
    }

    /// Checks that `proof` is a proof of unit `proof.unit` of this
    /// manifest (its position and verdict), without checking the proof
    /// itself.
    pub fn check_claim(&self, proof: &UnitProof) -> Result<(), UnitsError> {
        let unit = self.unit(proof.unit)?;
        let cert = &proof.certificate;
        let why = if cert.position != unit.position {
            "proves another position"
        } else if cert.mover_wins != unit.mover_wins {
            "claims the other verdict"
        } else if cert.leaf_nodes != self.leaf_nodes {
            "has another leaf budget"
        } else {
            return Ok(());
        };
        Err(UnitsError::Proof(format!(
            "the file of unit {} {why} than the manifest's unit",
            proof.unit
        )))
    }

    /// Checks that `proof` claims what its unit needs and verifies its
    /// certificate with the plain negamax on `threads` threads (for a
    /// checker that has the unit file's bytes but not the folder).
    pub fn verify_proof(
        &self,
        proof: &UnitProof,
        threads: usize,
    ) -> Result<UnitsVerified, UnitsError> {
        self.check_claim(proof)?;
        let done = verify_on_threads(&proof.certificate, threads)
            .map_err(|e| UnitsError::Proof(e.to_string()))?;
        Ok(UnitsVerified {
            units: 1,
            positions: done.positions,
            leaves: done.leaves,
            leaf_nodes: done.leaf_nodes,
        })
    }

    /// Proves unit `id` with `solver` (its table is kept between units, a
    /// cache of exact results).
    pub fn prove(
        &self,
        id: usize,
        solver: &mut Solver,
        threads: usize,
    ) -> Result<UnitProof, UnitsError> {
        let unit = self.unit(id)?;
        let start = Instant::now();
        let made = certify(&unit.position, solver, self.certify_options(threads))
            .map_err(UnitsError::Proof)?;
        if made.certificate.mover_wins != unit.mover_wins {
            return Err(UnitsError::Proof(format!(
                "unit {id}: the solver finds the other verdict than the split did"
            )));
        }
        Ok(UnitProof {
            unit: id,
            seconds: start.elapsed().as_secs_f64(),
            positions: made.positions,
            leaves: made.leaves,
            solves: made.solves,
            certificate: made.certificate,
        })
    }
}

/// A unit's certificate and what making it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitProof {
    /// The unit's number.
    pub unit: usize,
    /// Seconds spent making the certificate.
    pub seconds: f64,
    /// Positions in the certificate's tree.
    pub positions: u64,
    /// Leaves of the tree.
    pub leaves: u64,
    /// Calls of the exact solver.
    pub solves: u64,
    /// The certificate.
    pub certificate: Certificate,
}

impl UnitProof {
    /// The unit file's bytes (see the module documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = UNIT_MAGIC.to_vec();
        out.push(UNIT_VERSION);
        out.extend_from_slice(
            format!(
                "unit={} seconds={:.3} positions={} leaves={} solves={}\n",
                self.unit, self.seconds, self.positions, self.leaves, self.solves
            )
            .as_bytes(),
        );
        out.extend_from_slice(&self.certificate.to_bytes());
        out
    }

    /// Reads a unit file's bytes; checks the form, not the proof.
    pub fn from_bytes(bytes: &[u8]) -> Result<UnitProof, UnitsError> {
        let bad = |m: String| UnitsError::Format(format!("not a readable unit file: {m}"));
        if bytes.len() < UNIT_MAGIC.len() + 1 || &bytes[..UNIT_MAGIC.len()] != UNIT_MAGIC {
            return Err(bad("it does not start with WCBYUNIT".into()));
        }
        let version = bytes[UNIT_MAGIC.len()];
        if version != UNIT_VERSION {
            return Err(bad(format!(
                "format version {version}, this program reads version {UNIT_VERSION}"
            )));
        }
        let rest = &bytes[UNIT_MAGIC.len() + 1..];
        let end = rest
            .iter()
            .take(1024)
            .position(|&b| b == b'\n')
            .ok_or_else(|| bad("no header line".into()))?;
        let head =
            std::str::from_utf8(&rest[..end]).map_err(|_| bad("the header is not text".into()))?;
        let certificate = Certificate::from_bytes(&rest[end + 1..]).map_err(|e| match e {
            CertificateError::Format(m) | CertificateError::Proof(m) => bad(m),
        })?;
        let seconds: f64 = number(head, "seconds").map_err(bad)?;
        if !seconds.is_finite() || seconds < 0.0 {
            return Err(bad(format!("seconds={seconds}")));
        }
        Ok(UnitProof {
            unit: number(head, "unit").map_err(bad)?,
            seconds,
            positions: number(head, "positions").map_err(bad)?,
            leaves: number(head, "leaves").map_err(bad)?,
            solves: number(head, "solves").map_err(bad)?,
            certificate,
        })
    }
}

/// What checking units found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitsVerified {
    /// Units whose certificates were verified.
    pub units: usize,
    /// Positions of their trees checked.
    pub positions: u64,
    /// Leaves decided by the plain negamax.
    pub leaves: u64,
    /// Positions the plain negamax visited at the leaves.
    pub leaf_nodes: u64,
}
