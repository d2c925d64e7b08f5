//! The opening book: positions the engine analysed deeply ahead of time
//! (`warcaby book build`), each with its best move, score and depth.
//!
//! The library part reads and writes bytes only (no files), so the browser's
//! worker can use it; the committed books are compiled in ([`builtin`]).
//!
//! # Format (version 1, all integers little-endian)
//!
//! ```text
//! offset  size  field
//! 0       8     magic "WCBOOK\r\n"
//! 8       2     version (1)
//! 10      1     variant: 0 tournament, 1 english, 2 russian
//! 11      1     reserved, 0
//! 12      4     entry count N
//! 16      20*N  entries, sorted by key, keys unique:
//!                 key     u64  Zobrist hash of the position (Position::hash)
//!                 check   u32  second, independent hash (rejects collisions)
//!                 from    u8   bit index of the move's start square
//!                 to      u8   bit index of its final square
//!                 capt    u16  fingerprint of its captured squares (0: quiet)
//!                 score   i16  score for the side to move
//!                 depth   u8   depth of the search that chose the move
//!                 flags   u8   reserved, 0
//! 16+20N  4     FNV-1a 32 checksum of every byte before it
//! ```
//!
//! A move is found again among the position's legal moves by start, end and
//! captured squares, so a book entry can only ever give a legal move.

use crate::checkers::moves::Move;
use crate::checkers::position::Position;
use crate::checkers::rules::Variant;
use crate::core::rng::mix;
use crate::core::Color;
use crate::search::SearchInfo;
use std::sync::OnceLock;

/// The file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"WCBOOK\r\n";
/// The format version this code reads and writes.
pub const VERSION: u16 = 1;
const HEADER_LEN: usize = 16;
const ENTRY_LEN: usize = 20;
const CHECKSUM_LEN: usize = 4;

/// Why bytes are not a book (or not one for the rules asked for).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The magic bytes are missing.
    #[error("not an opening book (bad magic bytes)")]
    BadMagic,
    /// A version this code cannot read.
    #[error("opening book version {0} is not supported (expected {VERSION})")]
    Version(u16),
    /// An unknown variant code.
    #[error("opening book: unknown variant code {0}")]
    UnknownVariant(u8),
    /// The book is for other rules than asked.
    #[error("opening book is for {found}, not {expected}")]
    WrongVariant {
        /// The variant asked for.
        expected: Variant,
        /// The book's variant.
        found: Variant,
    },
    /// Fewer or more bytes than the header announces.
    #[error("opening book: {found} bytes, expected {expected}")]
    Length {
        /// Bytes the header announces.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// The checksum does not match: the file is corrupted.
    #[error("opening book is corrupted (checksum mismatch)")]
    Checksum,
    /// Keys out of order or repeated.
    #[error("opening book entry {0} is out of order or repeated")]
    Order(usize),
}

/// A book move as stored: enough to find it among the legal moves again.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookMove {
    from: u8,
    to: u8,
    captured: u16,
}

impl BookMove {
    /// The stored form of `mv`.
    pub fn of(mv: &Move) -> BookMove {
        BookMove {
            from: mv.from().index() as u8,
            to: mv.to().index() as u8,
            captured: captured_fingerprint(mv),
        }
    }

    /// The legal move of `pos` this names, if any.
    pub fn find(self, pos: &Position) -> Option<Move> {
        pos.legal_moves()
            .into_iter()
            .find(|mv| BookMove::of(mv) == self)
    }
}

fn captured_fingerprint(mv: &Move) -> u16 {
    if mv.is_capture() {
        (mix(mv.captured().0) as u16).max(1)
    } else {
        0
    }
}

/// One analysed position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookEntry {
    /// The position's Zobrist hash.
    pub key: u64,
    /// Its second hash ([`check_hash`]).
    pub check: u32,
    /// The best move found.
    pub mv: BookMove,
    /// Its score for the side to move.
    pub score: i16,
    /// Depth of the search that found it.
    pub depth: u8,
}

/// A book move found for a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookHit {
    /// The move, legal in the position.
    pub mv: Move,
    /// Its score for the side to move.
    pub score: i32,
    /// Depth of the analysis behind it.
    pub depth: u32,
}

impl BookHit {
    /// The hit as a search report: the move, its score, the book's depth,
    /// no nodes and no time.
    pub fn info(&self) -> SearchInfo<Move> {
        SearchInfo {
            best_move: Some(self.mv),
            score: self.score,
            depth: self.depth,
            seldepth: self.depth,
            nodes: 0,
            time_ms: 0,
            pv: vec![self.mv],
        }
    }
}

/// A second hash of a position, independent of the Zobrist keys: a book
/// entry matches only when both agree.
pub fn check_hash(pos: &Position) -> u32 {
    let side = match pos.side_to_move() {
        Color::White => 0x5157,
        Color::Black => 0xB1AC,
    };
    let h = mix(pos.pieces(Color::White).0 ^ side)
        ^ mix(pos.pieces(Color::Black).0).rotate_left(21)
        ^ mix(pos.kings(Color::White).0 | pos.kings(Color::Black).0).rotate_left(42);
    (h >> 32) as u32
}

/// An opening book for one variant.
///
/// ```
/// use warcaby::checkers::book::Book;
/// use warcaby::{Position, Variant};
///
/// let start = Position::start(Variant::English);
/// let mv = start.parse_move("11-15").unwrap();
/// let mut book = Book::new(Variant::English);
/// book.insert(&start, &mv, 12, 20).unwrap();
///
/// // Written in the documented format and read back.
/// let bytes = book.to_bytes();
/// assert_eq!(&bytes[..8], b"WCBOOK\r\n");
/// let again = Book::from_bytes(&bytes).unwrap();
/// let hit = again.lookup(&start).unwrap();
/// assert_eq!((hit.mv, hit.score, hit.depth), (mv, 12, 20));
/// assert_eq!(again.lookup(&start.after(&mv)), None);
///
/// // A damaged file is refused.
/// let mut damaged = bytes.clone();
/// damaged[20] ^= 1;
/// assert!(Book::from_bytes(&damaged).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    variant: Variant,
    entries: Vec<BookEntry>,
}

impl Book {
    /// An empty book for `variant`.
    pub fn new(variant: Variant) -> Book {
        Book {
            variant,
            entries: Vec::new(),
        }
    }

    /// The variant the book is for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries, sorted by key.
    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    /// Records `mv` (legal in `pos`) as the position's best move, replacing
    /// an earlier entry for the position. Refused for another variant.
    pub fn insert(
        &mut self,
        pos: &Position,
        mv: &Move,
        score: i32,
        depth: u32,
    ) -> Result<(), BookError> {
        self.expect_variant(pos.variant())?;
        let entry = BookEntry {
            key: pos.hash(),
            check: check_hash(pos),
            mv: BookMove::of(mv),
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.min(u8::MAX as u32) as u8,
        };
        match self.entries.binary_search_by_key(&entry.key, |e| e.key) {
            Ok(i) => self.entries[i] = entry,
            Err(i) => self.entries.insert(i, entry),
        }
        Ok(())
    }

    /// The book move for `pos`, if the position is in the book and its move
    /// is legal there; None for another variant's position.
    pub fn lookup(&self, pos: &Position) -> Option<BookHit> {
        if pos.variant() != self.variant {
            return None;
        }
        let i = self
            .entries
            .binary_search_by_key(&pos.hash(), |e| e.key)
            .ok()?;
        let entry = &self.entries[i];
        if entry.check != check_hash(pos) {
            return None;
        }
        Some(BookHit {
            mv: entry.mv.find(pos)?,
            score: entry.score as i32,
            depth: entry.depth as u32,
        })
    }

    /// The book's bytes in the documented format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + self.len() * ENTRY_LEN + CHECKSUM_LEN);
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(variant_code(self.variant));
        out.push(0);
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for e in &self.entries {
            out.extend_from_slice(&e.key.to_le_bytes());
            out.extend_from_slice(&e.check.to_le_bytes());
            out.extend_from_slice(&[e.mv.from, e.mv.to]);
            out.extend_from_slice(&e.mv.captured.to_le_bytes());
            out.extend_from_slice(&e.score.to_le_bytes());
            out.extend_from_slice(&[e.depth, 0]);
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a book, checking magic, version, variant code, length,
    /// checksum and key order.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER_LEN || bytes[..8] != MAGIC {
            return Err(BookError::BadMagic);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(BookError::Version(version));
        }
        let variant = variant_from_code(bytes[10])?;
        let count = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
        let expected = count
            .checked_mul(ENTRY_LEN)
            .and_then(|n| n.checked_add(HEADER_LEN + CHECKSUM_LEN))
            .unwrap_or(usize::MAX);
        if bytes.len() != expected {
            return Err(BookError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let (body, sum) = bytes.split_at(bytes.len() - CHECKSUM_LEN);
        if fnv1a(body) != u32::from_le_bytes(sum.try_into().expect("4 bytes")) {
            return Err(BookError::Checksum);
        }
        let entries: Vec<BookEntry> = body[HEADER_LEN..]
            .chunks_exact(ENTRY_LEN)
            .map(read_entry)
            .collect();
        if let Some(i) = entries.windows(2).position(|w| w[0].key >= w[1].key) {
            return Err(BookError::Order(i + 1));
        }
        Ok(Book { variant, entries })
    }

    /// Reads a book and checks that it is for `variant`.
    pub fn from_bytes_for(bytes: &[u8], variant: Variant) -> Result<Book, BookError> {
        let book = Book::from_bytes(bytes)?;
        book.expect_variant(variant)?;
        Ok(book)
    }

    fn expect_variant(&self, expected: Variant) -> Result<(), BookError> {
        if self.variant == expected {
            Ok(())
        } else {
            Err(BookError::WrongVariant {
                expected,
                found: self.variant,
            })
        }
    }
}

fn read_entry(b: &[u8]) -> BookEntry {
    let u16_at = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
    BookEntry {
        key: u64::from_le_bytes(b[0..8].try_into().expect("8 bytes")),
        check: u32::from_le_bytes(b[8..12].try_into().expect("4 bytes")),
        mv: BookMove {
            from: b[12],
            to: b[13],
            captured: u16_at(14),
        },
        score: u16_at(16) as i16,
        depth: b[18],
    }
}

fn variant_code(variant: Variant) -> u8 {
    match variant {
        Variant::Tournament => 0,
        Variant::English => 1,
        Variant::Russian => 2,
        Variant::Brazilian => 3,
        Variant::International => 4,
    }
}

fn variant_from_code(code: u8) -> Result<Variant, BookError> {
    Variant::ALL
        .into_iter()
        .find(|v| variant_code(*v) == code)
        .ok_or(BookError::UnknownVariant(code))
}

/// FNV-1a, 32 bits.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811C_9DC5, |h, &b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

/// The committed book of each variant, as compiled in.
const BUILTIN_BYTES: [(Variant, &[u8]); 2] = [
    (Variant::English, include_bytes!("../../books/english.book")),
    (
        Variant::Tournament,
        include_bytes!("../../books/tournament.book"),
    ),
];

/// The compiled-in book of `variant` (None where there is none); read once.
pub fn builtin(variant: Variant) -> Option<&'static Book> {
    static BOOKS: OnceLock<Vec<Book>> = OnceLock::new();
    let books = BOOKS.get_or_init(|| {
        BUILTIN_BYTES
            .iter()
            .filter_map(|(v, bytes)| Book::from_bytes_for(bytes, *v).ok())
            .collect()
    });
    books.iter().find(|b| b.variant == variant)
}

/// The compiled-in book's move for `pos`, if any.
///
/// ```
/// use warcaby::checkers::book::{builtin, builtin_move};
/// use warcaby::{Position, Variant};
///
/// // English and tournament checkers have a book; Russian has none.
/// let start = Position::start(Variant::English);
/// let hit = builtin_move(&start).unwrap();
/// assert!(start.legal_moves().contains(&hit.mv)); // a book move is always legal
/// assert!(hit.depth > 0);
/// assert!(builtin(Variant::English).unwrap().len() > 100);
/// assert!(builtin(Variant::Russian).is_none());
/// assert_eq!(builtin_move(&Position::start(Variant::Russian)), None);
/// ```
pub fn builtin_move(pos: &Position) -> Option<BookHit> {
    builtin(pos.variant())?.lookup(pos)
}

#[cfg(test)]
mod tests;
