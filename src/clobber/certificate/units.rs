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

use super::{certify, verify_on_threads, Certificate, CertificateError, CertifyOptions};
use super::{map_on_threads, put_number, ProvenKeys, EXPAND, SEEN};
use crate::clobber::solver::Solver;
use crate::clobber::ClobberPosition;
use std::collections::HashMap;
use std::io::Write;
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

/// Splits the proof of `root` at `depth` plies: the exact `solver` picks
/// the winning moves of the top (options.threads is not used). Fails only
/// if the solver finds no winning move where it found the position won (a
/// bug).
pub fn split(
    root: &ClobberPosition,
    depth: u32,
    solver: &mut Solver,
    options: CertifyOptions,
) -> Result<Manifest, String> {
    let mover_wins = solver.solve(root).mover_wins;
    let mut splitter = Splitter {
        solver,
        depth,
        keys: ProvenKeys::new(root.shape()),
        ids: HashMap::new(),
        manifest: Manifest {
            root: *root,
            mover_wins,
            depth,
            leaf_stones: options.leaf_stones,
            leaf_nodes: options.leaf_nodes,
            top: Vec::new(),
            units: Vec::new(),
        },
    };
    splitter.node(root, mover_wins, 0)?;
    Ok(splitter.manifest)
}

struct Splitter<'a> {
    solver: &'a mut Solver,
    depth: u32,
    keys: ProvenKeys,
    /// The unit of each position (and its mirror images) met at the depth.
    ids: HashMap<super::Proven, usize>,
    manifest: Manifest,
}

impl Splitter<'_> {
    fn node(&mut self, pos: &ClobberPosition, wins: bool, ply: u32) -> Result<(), String> {
        if ply == self.depth {
            let units = &mut self.manifest.units;
            let id = *self.ids.entry(self.keys.of(pos, wins)).or_insert_with(|| {
                units.push(Unit {
                    id: units.len(),
                    position: *pos,
                    mover_wins: wins,
                });
                units.len() - 1
            });
            self.manifest.top.push(format!("#{id}"));
        } else if wins {
            let mv =
                self.solver.solve(pos).winning_move.ok_or_else(|| {
                    format!("the solver finds no winning move at {}", pos.to_text())
                })?;
            self.manifest.top.push(pos.move_text(&mv));
            self.node(&pos.after(&mv), false, ply + 1)?;
        } else {
            self.manifest.top.push("*".into());
            for mv in pos.legal_moves() {
                self.node(&pos.after(&mv), true, ply + 1)?;
            }
        }
        Ok(())
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

    /// Checks that the top proves the root's claim from the units' claims:
    /// every move it names is legal, every loser's reply is there, each
    /// unit stands where its position (or a mirror image of it) is met,
    /// with the verdict that is needed there, and every unit is used.
    pub fn check_top(&self) -> Result<(), UnitsError> {
        let mut walk = TopWalk {
            manifest: self,
            at: 0,
            keys: ProvenKeys::new(self.root.shape()),
            used: vec![false; self.units.len()],
        };
        walk.node(&self.root, self.mover_wins)
            .map_err(|e| UnitsError::Proof(format!("the top fails: {e}")))?;
        if walk.at != self.top.len() {
            return Err(UnitsError::Proof(format!(
                "the top fails: {} tokens follow its end",
                self.top.len() - walk.at
            )));
        }
        if let Some(id) = walk.used.iter().position(|u| !u) {
            return Err(UnitsError::Proof(format!(
                "the top fails: unit {id} is not in it"
            )));
        }
        Ok(())
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

/// The reading position in the top while it is checked.
struct TopWalk<'a> {
    manifest: &'a Manifest,
    at: usize,
    keys: ProvenKeys,
    used: Vec<bool>,
}

impl TopWalk<'_> {
    fn node(&mut self, pos: &ClobberPosition, wins: bool) -> Result<(), String> {
        let token = self
            .manifest
            .top
            .get(self.at)
            .ok_or("it is cut short")?
            .as_str();
        self.at += 1;
        if let Some(id) = token.strip_prefix('#') {
            let unit = id
                .parse()
                .ok()
                .and_then(|id: usize| self.manifest.units.get(id))
                .ok_or_else(|| format!("'{token}' names no unit"))?;
            if self.keys.of(&unit.position, unit.mover_wins) != self.keys.of(pos, wins) {
                return Err(format!(
                    "unit {} stands at {} (side to move {}), which it does not prove",
                    unit.id,
                    pos.to_text(),
                    if wins { "wins" } else { "loses" }
                ));
            }
            self.used[unit.id] = true;
            return Ok(());
        }
        if wins {
            let mv = pos
                .parse_move(token)
                .ok()
                .filter(|mv| pos.legal_moves().contains(mv))
                .ok_or_else(|| {
                    format!(
                        "'{token}' is not a legal move at {}, where a winning move should be",
                        pos.to_text()
                    )
                })?;
            self.node(&pos.after(&mv), false)
        } else if token == "*" {
            for mv in pos.legal_moves() {
                self.node(&pos.after(&mv), true)?;
            }
            Ok(())
        } else {
            Err(format!(
                "'{token}' at {}, where every reply should follow (*)",
                pos.to_text()
            ))
        }
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

/// Where a unit stands in its folder.
#[derive(Debug)]
pub enum UnitState {
    /// No file yet.
    Missing,
    /// A readable file that proves (by its claim) the manifest's unit.
    Done(UnitProof),
    /// A file that is not a proof of this unit: left alone, reported.
    Bad(UnitsError),
}

/// What a units folder holds.
#[derive(Debug, Default)]
pub struct UnitsStatus {
    /// Units in the manifest.
    pub total: usize,
    /// Units with a file.
    pub done: usize,
    /// Units without one, by number.
    pub remaining: Vec<usize>,
    /// Those of the remaining units that are split again (their files
    /// are made by joining their own units).
    pub split: Vec<usize>,
    /// Units whose file is damaged or proves something else, with why.
    pub bad: Vec<(usize, String)>,
    /// Seconds spent on the done units.
    pub seconds: f64,
    /// Positions in the done units' trees.
    pub positions: u64,
}

/// A units folder: its manifest and its unit files.
pub struct UnitsDir {
    path: PathBuf,
    /// The folder's manifest.
    pub manifest: Manifest,
}

impl UnitsDir {
    /// Writes `manifest` into the folder `path` (created if need be). A
    /// folder already split the same way is kept as it is (its proven
    /// units too); one split otherwise is refused, so that no unit file
    /// is left beside a manifest it does not belong to.
    pub fn create(path: &Path, manifest: Manifest) -> Result<UnitsDir, UnitsError> {
        std::fs::create_dir_all(path).map_err(io_error(path))?;
        let file = path.join(MANIFEST);
        let text = manifest.to_text();
        if file.exists() {
            let old = std::fs::read_to_string(&file).map_err(io_error(&file))?;
            if old != text {
                return Err(UnitsError::Input(format!(
                    "{} holds another split (another board, depth or leaf options): use another folder, or remove it first",
                    path.display()
                )));
            }
        } else {
            write_atomically(&file, text.as_bytes())?;
        }
        Ok(UnitsDir {
            path: path.to_path_buf(),
            manifest,
        })
    }

    /// Opens a folder written by [`UnitsDir::create`].
    pub fn open(path: &Path) -> Result<UnitsDir, UnitsError> {
        let file = path.join(MANIFEST);
        let text = std::fs::read(&file).map_err(io_error(&file))?;
        let text = String::from_utf8(text).map_err(|_| {
            UnitsError::Format(format!(
                "{}: not a units manifest (not text)",
                file.display()
            ))
        })?;
        let manifest = Manifest::from_text(&text).map_err(|e| match e {
            UnitsError::Format(m) => UnitsError::Format(format!("{}: {m}", file.display())),
            other => other,
        })?;
        Ok(UnitsDir {
            path: path.to_path_buf(),
            manifest,
        })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file of unit `id`.
    pub fn unit_path(&self, id: usize) -> PathBuf {
        self.path.join(format!("unit-{id:05}.unit"))
    }

    /// The folder unit `id` is split into when it is split again.
    pub fn split_path(&self, id: usize) -> PathBuf {
        self.path.join(format!("unit-{id:05}.split"))
    }

    /// True when unit `id` is split again into a folder of its own.
    pub fn is_split(&self, id: usize) -> bool {
        self.split_path(id).join(MANIFEST).exists()
    }

    /// Splits unit `id` again at `depth` plies under it, into
    /// [`UnitsDir::split_path`], with this folder's leaf options. Refused
    /// for a unit proven already, and if the solver finds the other
    /// verdict (a bug).
    pub fn split_unit(
        &self,
        id: usize,
        depth: u32,
        solver: &mut Solver,
    ) -> Result<UnitsDir, UnitsError> {
        let unit = self.manifest.unit(id)?.clone();
        if let UnitState::Done(_) = self.state(id)? {
            return Err(UnitsError::Input(format!(
                "unit {id} is proven already ({})",
                self.unit_path(id).display()
            )));
        }
        let manifest = split(
            &unit.position,
            depth,
            solver,
            self.manifest.certify_options(1),
        )
        .map_err(UnitsError::Proof)?;
        if manifest.mover_wins != unit.mover_wins {
            return Err(UnitsError::Proof(format!(
                "unit {id}: the solver finds the other verdict than the split did"
            )));
        }
        UnitsDir::create(&self.split_path(id), manifest)
    }

    /// The top and every unit's certificate joined into one certificate of
    /// the root, as if made in one run: each unit's proof tree stands where
    /// the unit is first met, and a later meeting of it (or of a mirror
    /// image) is marked as seen. Every unit must be proven (its claim is
    /// checked, not its proof: verify the result).
    pub fn join(&self) -> Result<UnitProof, UnitsError> {
        let m = &self.manifest;
        m.check_top()?;
        let mut proofs = Vec::with_capacity(m.units.len());
        for id in 0..m.units.len() {
            match self.state(id)? {
                UnitState::Done(proof) => proofs.push(Some(proof)),
                UnitState::Missing => {
                    return Err(UnitsError::Waiting(format!(
                        "{}: unit {id} is not proven yet",
                        self.path.display()
                    )))
                }
                UnitState::Bad(e) => return Err(self.bad_file(id, e)),
            }
        }
        let mut join = Join {
            top: &m.top,
            at: 0,
            proofs,
            body: Vec::new(),
            made: UnitProof {
                unit: 0,
                seconds: 0.0,
                positions: 0,
                leaves: 0,
                solves: 0,
                certificate: Certificate {
                    position: m.root,
                    mover_wins: m.mover_wins,
                    winning_move: None,
                    leaf_nodes: m.leaf_nodes,
                    body: Vec::new(),
                },
            },
        };
        join.node(&m.root, m.mover_wins)?;
        let mut made = join.made;
        made.certificate.body = join.body;
        if m.mover_wins {
            // The first code of the body names the winning move.
            let code = super::take_number(&made.certificate.body, &mut 0).unwrap_or(0);
            made.certificate.winning_move = code
                .checked_sub(EXPAND)
                .and_then(|k| m.root.legal_moves().get(k as usize).copied());
        }
        Ok(made)
    }

    /// Reads unit `id`'s file, if there is one, and checks that it claims
    /// what the manifest's unit needs (not the proof: see
    /// [`UnitsDir::verify_unit`]).
    pub fn state(&self, id: usize) -> Result<UnitState, UnitsError> {
        self.manifest.unit(id)?;
        let file = self.unit_path(id);
        let bytes = match std::fs::read(&file) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(UnitState::Missing),
            Err(e) => return Err(io_error(&file)(e)),
        };
        let read = UnitProof::from_bytes(&bytes).and_then(|proof| {
            if proof.unit != id {
                return Err(UnitsError::Proof(format!(
                    "the file is unit {}'s, not unit {id}'s",
                    proof.unit
                )));
            }
            self.manifest.check_claim(&proof)?;
            Ok(proof)
        });
        Ok(match read {
            Ok(proof) => UnitState::Done(proof),
            Err(e) => UnitState::Bad(e),
        })
    }

    /// What is done, what remains, and the time spent.
    pub fn status(&self) -> Result<UnitsStatus, UnitsError> {
        let mut status = UnitsStatus {
            total: self.manifest.units.len(),
            ..UnitsStatus::default()
        };
        for id in 0..status.total {
            match self.state(id)? {
                UnitState::Missing => {
                    status.remaining.push(id);
                    if self.is_split(id) {
                        status.split.push(id);
                    }
                }
                UnitState::Done(proof) => {
                    status.done += 1;
                    status.seconds += proof.seconds;
                    status.positions += proof.positions;
                }
                UnitState::Bad(e) => status.bad.push((id, e.to_string())),
            }
        }
        Ok(status)
    }

    /// Writes a unit's proof (made here or elsewhere) to its file, once it
    /// claims what the manifest's unit needs: a temporary file, synced,
    /// then renamed, so that a file under the unit's name is always whole.
    pub fn save(&self, proof: &UnitProof) -> Result<(), UnitsError> {
        self.manifest.check_claim(proof)?;
        write_atomically(&self.unit_path(proof.unit), &proof.to_bytes())
    }

    /// Proves unit `id` and saves it, unless its file is there already
    /// (then None). A damaged or foreign file is an error and is left as
    /// it is.
    pub fn run(
        &self,
        id: usize,
        solver: &mut Solver,
        threads: usize,
    ) -> Result<Option<UnitProof>, UnitsError> {
        match self.state(id)? {
            UnitState::Done(_) => Ok(None),
            UnitState::Bad(e) => Err(self.bad_file(id, e)),
            UnitState::Missing if self.is_split(id) => {
                let sub = UnitsDir::open(&self.split_path(id))?;
                let mut proof = sub.join()?;
                proof.unit = id;
                self.save(&proof)?;
                Ok(Some(proof))
            }
            UnitState::Missing => {
                let proof = self.manifest.prove(id, solver, threads)?;
                self.save(&proof)?;
                Ok(Some(proof))
            }
        }
    }

    fn bad_file(&self, id: usize, e: UnitsError) -> UnitsError {
        UnitsError::Format(format!(
            "{}: {e} (left as it is: remove it to prove unit {id} again)",
            self.unit_path(id).display()
        ))
    }

    /// Verifies unit `id`'s certificate with the plain negamax (on
    /// `threads` threads), after checking its claim.
    pub fn verify_unit(&self, id: usize, threads: usize) -> Result<UnitsVerified, UnitsError> {
        let proof = match self.state(id)? {
            UnitState::Done(proof) => proof,
            UnitState::Missing => {
                return Err(UnitsError::Proof(format!("unit {id} is not proven yet")))
            }
            UnitState::Bad(e) => return Err(self.bad_file(id, e)),
        };
        self.manifest
            .verify_proof(&proof, threads)
            .map_err(|e| UnitsError::Proof(format!("{}: {e}", self.unit_path(id).display())))
    }

    /// Checks the top, then verifies the units of part `part` of `parts`
    /// (numbered from 1: units `part - 1`, `part - 1 + parts`, ...), the
    /// units shared out between `threads` threads. With `parts` = 1 this
    /// checks the whole proof; the parts together check it too, so the
    /// check can be shared out between machines.
    pub fn verify(
        &self,
        part: usize,
        parts: usize,
        threads: usize,
    ) -> Result<UnitsVerified, UnitsError> {
        if parts == 0 || !(1..=parts).contains(&part) {
            return Err(UnitsError::Input(format!(
                "part {part}/{parts}: expected K/N with 1 <= K <= N"
            )));
        }
        self.manifest.check_top()?;
        let ids: Vec<usize> = (part - 1..self.manifest.units.len())
            .step_by(parts)
            .collect();
        let missing: Vec<usize> = ids
            .iter()
            .copied()
            .filter(|&id| matches!(self.state(id), Ok(UnitState::Missing)))
            .collect();
        if !missing.is_empty() {
            return Err(UnitsError::Proof(format!(
                "{} of the units to check are not proven yet (first: unit {})",
                missing.len(),
                missing[0]
            )));
        }
        let results = map_on_threads(&ids, threads, |&id| self.verify_unit(id, 1));
        let mut total = UnitsVerified::default();
        for (id, result) in ids.iter().zip(results) {
            let one = result.ok_or_else(|| {
                UnitsError::Proof(format!("the thread checking unit {id} failed"))
            })??;
            total.units += one.units;
            total.positions += one.positions;
            total.leaves += one.leaves;
            total.leaf_nodes += one.leaf_nodes;
        }
        Ok(total)
    }
}

/// The reading position in the top while its units are joined.
struct Join<'a> {
    top: &'a [String],
    at: usize,
    /// Each unit's proof until it is placed.
    proofs: Vec<Option<UnitProof>>,
    body: Vec<u8>,
    made: UnitProof,
}

impl Join<'_> {
    /// Writes the proof of `pos` (the side to move winning when `wins`)
    /// from the top (checked already) and the units' certificates.
    fn node(&mut self, pos: &ClobberPosition, wins: bool) -> Result<(), UnitsError> {
        let token = &self.top[self.at];
        self.at += 1;
        self.made.positions += 1;
        if let Some(id) = token.strip_prefix('#') {
            let id: usize = id.parse().unwrap_or(usize::MAX);
            match self.proofs.get_mut(id).and_then(Option::take) {
                Some(proof) => {
                    let cert = &proof.certificate;
                    if cert.position != *pos {
                        return Err(UnitsError::Proof(format!(
                            "unit {id} is first met as a mirror image of its position: its proof cannot be placed there"
                        )));
                    }
                    self.body.extend_from_slice(&cert.body);
                    self.made.positions += proof.positions.saturating_sub(1);
                    self.made.leaves += proof.leaves;
                    self.made.solves += proof.solves;
                    self.made.seconds += proof.seconds;
                }
                None => put_number(&mut self.body, SEEN),
            }
        } else if wins {
            let moves = pos.legal_moves();
            let k = pos
                .parse_move(token)
                .ok()
                .and_then(|mv| moves.iter().position(|m| *m == mv))
                .ok_or_else(|| UnitsError::Proof(format!("'{token}' is not a legal move")))?;
            put_number(&mut self.body, EXPAND + k as u64);
            self.node(&pos.after(&moves[k]), false)?;
        } else {
            put_number(&mut self.body, EXPAND);
            for mv in pos.legal_moves() {
                self.node(&pos.after(&mv), true)?;
            }
        }
        Ok(())
    }
}

/// Writes `bytes` to `path` so that the file is either the old one or the
/// whole new one, even if the process is killed or the machine stops: a
/// temporary file in the same folder, synced to disk, renamed over the
/// name, and the folder synced.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), UnitsError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // Each process and thread its own temporary name: two runs of the same
    // unit never write into one file.
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let tmp = dir.join(format!(
        ".{name}.tmp-{}-{}",
        std::process::id(),
        WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    if let Err(e) = written.and_then(|_| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(io_error(path)(e));
    }
    // The rename is durable once the folder is synced (not possible on
    // every system: a failure here loses nothing written).
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}
