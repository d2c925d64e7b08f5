//! Proof certificates: a proof that the side to move wins (or loses) a
//! Clobber position, written so that the simplest code can check it.
//!
//! A certificate is a proof tree over whole positions. At a node where the
//! claimed winner is to move (an *or* node) it names one move, the winning
//! one; at a node where the loser is to move (an *and* node) every legal
//! move is answered, in the order of [`ClobberPosition::legal_moves`]. The
//! tree is cut at *leaves*, positions small enough that the plain negamax
//! ([`plain_wins_within`]) decides them within the node budget the header
//! names. A position proven earlier in the file, or a mirror image of one
//! (the board's symmetries map the game onto itself), is not proven again:
//! a *seen* mark points back to it.
//!
//! The checker ([`verify`]) uses only the rules (legal moves, the position
//! after a move) and the plain negamax (with an exact memo of whole
//! positions for each leaf): no lossy table, no regions, no combinatorial
//! values. The maker ([`certify`]) uses the exact solver to pick the
//! winning moves.
//!
//! # File format, version 3
//! (Version 1 counted a leaf's budget without the memo; its files are
//! refused. Version 2 marked only exact repetitions as seen; its files are
//! read as version 3.)
//! `WCBYCERT`, one version byte, then a gzip stream of: one header line
//! (`position=TEXT winner=first|second move=MOVE|- leaf_nodes=N`), a
//! newline, and the body. The body is the tree in depth-first order, one
//! LEB128 number per node: at an or node 0 = leaf, 1 = seen, k + 2 = the
//! k-th legal move, followed by the and node after it; at an and node
//! 0 = leaf, 1 = seen, 2 = every reply follows. The root is never a leaf
//! nor seen; the first move named at the root must be the header's move.

mod check;
mod make;
pub mod units;

pub use check::{plain_wins_within, verify, verify_on_threads, Verified};
pub use make::{certify, CertifyOptions, MadeCertificate};

use super::{ClobberMove, ClobberPosition};
use std::io::{Read, Write};

/// The first bytes of a certificate file.
pub const MAGIC: &[u8; 8] = b"WCBYCERT";
/// The format version this code writes.
pub const VERSION: u8 = 3;
/// The oldest format version this code reads (version 2 differs only in
/// naming fewer positions seen: its files are valid version 3 proofs).
pub const OLDEST_VERSION: u8 = 2;

/// Node codes of the body.
pub(crate) const LEAF: u64 = 0;
/// A position proven earlier in the file.
pub(crate) const SEEN: u64 = 1;
/// At an and node: every reply follows. At an or node, `MOVE + k` names
/// the k-th legal move.
pub(crate) const EXPAND: u64 = 2;

/// A proof certificate: the claim (header) and the proof tree (body).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The position proven.
    pub position: ClobberPosition,
    /// The claim: true when the side to move wins.
    pub mover_wins: bool,
    /// The claimed winning move, when the side to move wins.
    pub winning_move: Option<ClobberMove>,
    /// The plain negamax's node budget for each leaf.
    pub leaf_nodes: u64,
    /// The proof tree, encoded as the module documentation says.
    pub body: Vec<u8>,
}

/// Why a certificate file is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    /// Not a certificate, or damaged beyond reading.
    #[error("not a readable certificate: {0}")]
    Format(String),
    /// Readable, but the proof does not hold.
    #[error("the certificate's proof fails: {0}")]
    Proof(String),
}

/// The largest leaf budget a checker accepts (a larger one could make the
/// check run for ever).
pub const MAX_LEAF_NODES: u64 = 100_000_000;

impl Certificate {
    /// The header line (without the newline).
    fn header(&self) -> String {
        let mv = self
            .winning_move
            .map_or("-".to_string(), |m| self.position.move_text(&m));
        format!(
            "position={} winner={} move={mv} leaf_nodes={}",
            self.position.to_text(),
            if self.mover_wins { "first" } else { "second" },
            self.leaf_nodes
        )
    }

    /// The file's bytes: magic, version, then the compressed header and body.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        let mut gz = flate2::write::GzEncoder::new(out, flate2::Compression::best());
        let written = gz
            .write_all(self.header().as_bytes())
            .and_then(|_| gz.write_all(b"\n"))
            .and_then(|_| gz.write_all(&self.body));
        // Writing to a Vec cannot fail.
        written.and_then(|_| gz.finish()).unwrap_or_default()
    }

    /// Reads a file's bytes (see [`Certificate::to_bytes`]); checks the
    /// header, not the proof.
    pub fn from_bytes(bytes: &[u8]) -> Result<Certificate, CertificateError> {
        let bad = |m: String| CertificateError::Format(m);
        if bytes.len() < MAGIC.len() + 1 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(bad("the file does not start with WCBYCERT".into()));
        }
        let version = bytes[MAGIC.len()];
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            return Err(bad(format!(
                "format version {version}, this program reads versions {OLDEST_VERSION} to {VERSION}"
            )));
        }
        let mut data = Vec::new();
        flate2::read::GzDecoder::new(&bytes[MAGIC.len() + 1..])
            .read_to_end(&mut data)
            .map_err(|e| bad(format!("the compressed data is damaged or cut short ({e})")))?;
        let end = data
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| bad("no header line".into()))?;
        let header =
            std::str::from_utf8(&data[..end]).map_err(|_| bad("the header is not text".into()))?;
        let mut cert = parse_header(header).map_err(bad)?;
        cert.body = data[end + 1..].to_vec();
        Ok(cert)
    }
}

/// The header's fields.
fn parse_header(header: &str) -> Result<Certificate, String> {
    let field = |name: &str| {
        header
            .split(' ')
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
            .ok_or_else(|| format!("the header lacks {name}= ({header})"))
    };
    let position = ClobberPosition::parse(field("position")?).map_err(|e| e.to_string())?;
    let mover_wins = match field("winner")? {
        "first" => true,
        "second" => false,
        other => return Err(format!("winner must be first or second, not '{other}'")),
    };
    let winning_move = match field("move")? {
        "-" => None,
        text => Some(position.parse_move(text).map_err(|e| e.to_string())?),
    };
    if winning_move.is_some() != mover_wins {
        return Err("a winning move must be named exactly when the first player wins".into());
    }
    let leaf_nodes: u64 = field("leaf_nodes")?
        .parse()
        .map_err(|_| "leaf_nodes is not a number".to_string())?;
    if leaf_nodes > MAX_LEAF_NODES {
        return Err(format!(
            "leaf_nodes {leaf_nodes} is over the checker's limit {MAX_LEAF_NODES}"
        ));
    }
    Ok(Certificate {
        position,
        mover_wins,
        winning_move,
        leaf_nodes,
        body: Vec::new(),
    })
}

/// `f` of every item, the items shared out between `threads` threads
/// (thread t takes every `threads`-th from the t-th; none is started for
/// one), in the items' order; None for the items of a thread that failed.
pub(crate) fn map_on_threads<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<Option<R>> {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().map(|item| Some(f(item))).collect();
    }
    let shares: Vec<Option<Vec<R>>> = std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || items.iter().skip(t).step_by(threads).map(f).collect()))
            .collect();
        handles.into_iter().map(|h| h.join().ok()).collect()
    });
    let mut out: Vec<Option<R>> = items.iter().map(|_| None).collect();
    for (t, share) in shares.into_iter().enumerate() {
        for (k, result) in share.into_iter().flatten().enumerate() {
            out[t + k * threads] = Some(result);
        }
    }
    out
}

/// Appends `n` as LEB128.
pub(crate) fn put_number(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Reads a LEB128 number at `*at`; None at the end of the data or on a
/// number too long for 64 bits.
pub(crate) fn take_number(data: &[u8], at: &mut usize) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *data.get(*at)?;
        *at += 1;
        n |= u64::from(b & 0x7F) << shift;
        if b & 0x80 == 0 {
            return Some(n);
        }
    }
    None
}

/// A whole position and the role it was proven in (true: the mover wins),
/// as the set of proven positions keeps it: exact, no hash, the same for a
/// position and its mirror images.
pub(crate) type Proven = (u128, u128, bool, bool);

/// The keys of proven positions on one board: the least of a position's
/// images under the board's symmetries, so that a mirror image of a
/// position proven before counts as proven (the same game, cell for cell).
pub(crate) struct ProvenKeys {
    /// `tables[t][k][byte]`: the image under symmetry `t` of the stones
    /// `byte` on cells `8k..8k+8`.
    tables: Vec<Vec<[u128; 256]>>,
}

impl ProvenKeys {
    /// The tables of `shape`'s symmetries.
    pub(crate) fn new(shape: super::Shape) -> ProvenKeys {
        let chunks = shape.cells().div_ceil(8);
        let tables = (0..shape.symmetries())
            .map(|t| {
                (0..chunks)
                    .map(|k| {
                        let mut table = [0u128; 256];
                        for (byte, image) in table.iter_mut().enumerate() {
                            for bit in (0..8).filter(|b| byte >> b & 1 == 1) {
                                let cell = 8 * k + bit;
                                if cell < shape.cells() {
                                    *image |= 1 << shape.image(cell, t);
                                }
                            }
                        }
                        table
                    })
                    .collect()
            })
            .collect();
        ProvenKeys { tables }
    }

    /// The image of `stones` under symmetry `t`.
    fn image(&self, t: usize, stones: u128) -> u128 {
        self.tables[t].iter().enumerate().fold(0, |m, (k, table)| {
            m | table[(stones >> (8 * k)) as usize & 0xFF]
        })
    }

    /// The key of `pos` proven with the mover winning (`wins`) or losing.
    pub(crate) fn of(&self, pos: &ClobberPosition, wins: bool) -> Proven {
        use crate::Color;
        let (black, white) = (pos.stones(Color::Black), pos.stones(Color::White));
        let least = (0..self.tables.len())
            .map(|t| (self.image(t, black), self.image(t, white)))
            .min()
            .unwrap_or((black, white));
        (least.0, least.1, pos.side_to_move() == Color::Black, wins)
    }
}
