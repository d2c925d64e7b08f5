//! The on-disk format of one slice: a 32-byte header and one byte per index.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `WCBYEGDB` |
//! | 8..10 | format version, little-endian ([`VERSION`]) |
//! | 10 | variant: 0 tournament, 1 english, 2 russian |
//! | 11..15 | material: mover's men, mover's kings, other men, other kings |
//! | 15 | 0 (reserved) |
//! | 16..24 | number of entries (the slice's length), little-endian |
//! | 24..32 | FNV-1a 64 checksum of the entries, little-endian |
//! | 32.. | the entries ([`super::Value::to_byte`]; 255 where no position is) |

use super::index::Material;
use super::EgdbError;
use crate::checkers::rules::Variant;

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"WCBYEGDB";
/// The format version this build writes and reads.
pub const VERSION: u16 = 1;
/// Bytes before the entries.
pub const HEADER_LEN: usize = 32;

/// A slice as read from a file: its variant, material and entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceFile {
    /// The rules it was built for.
    pub variant: Variant,
    /// Its material.
    pub material: Material,
    /// One byte per index.
    pub entries: Vec<u8>,
}

/// FNV-1a, 64 bits.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
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

/// The file name of a slice: `english-MKmk.egdb`.
pub fn file_name(variant: Variant, material: Material) -> String {
    format!("{}-{}.egdb", variant.name(), material.code())
}

impl SliceFile {
    /// The file's bytes: header, then entries.
    pub fn to_bytes(&self) -> Vec<u8> {
        let m = self.material;
        let mut out = Vec::with_capacity(HEADER_LEN + self.entries.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(variant_code(self.variant));
        out.extend_from_slice(&[m.mover_men, m.mover_kings, m.other_men, m.other_kings, 0]);
        out.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        out.extend_from_slice(&checksum(&self.entries).to_le_bytes());
        out.extend_from_slice(&self.entries);
        out
    }

    /// Reads a slice file, checking everything the header promises: magic,
    /// version, variant, material, length and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<SliceFile, EgdbError> {
        let header = SliceHeader::read(bytes, bytes.len() as u64)?;
        let entries = &bytes[HEADER_LEN..];
        if checksum(entries) != header.checksum {
            return Err(EgdbError::Corrupt("checksum mismatch".into()));
        }
        Ok(SliceFile {
            variant: header.variant,
            material: header.material,
            entries: entries.to_vec(),
        })
    }
}

/// What a slice file's header says, checked against the file's length:
/// enough to know a slice is there before its entries are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SliceHeader {
    /// The rules it was built for.
    pub variant: Variant,
    /// Its material.
    pub material: Material,
    /// The entries' checksum ([`checksum`]).
    pub checksum: u64,
}

impl SliceHeader {
    /// Reads the header at the start of `bytes` (at least its
    /// [`HEADER_LEN`] bytes) of a file of `file_len` bytes: magic, version,
    /// variant, material, and the length the material and the file agree on.
    pub fn read(bytes: &[u8], file_len: u64) -> Result<SliceHeader, EgdbError> {
        let corrupt = |why: String| Err(EgdbError::Corrupt(why));
        if bytes.len() < HEADER_LEN || file_len < HEADER_LEN as u64 {
            return corrupt(format!("{file_len} bytes, shorter than the header"));
        }
        if &bytes[..8] != MAGIC {
            return Err(EgdbError::NotEgdb);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(EgdbError::Version(version));
        }
        let Some(&variant) = Variant::ALL.iter().find(|&&v| variant_code(v) == bytes[10]) else {
            return corrupt(format!("unknown variant code {}", bytes[10]));
        };
        let material = Material {
            mover_men: bytes[11],
            mover_kings: bytes[12],
            other_men: bytes[13],
            other_kings: bytes[14],
        };
        if !material.is_valid() || material.total() > super::MAX_PIECES {
            return corrupt(format!("impossible material {}", material.code()));
        }
        let len = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
        let checksum = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes"));
        let entries = file_len - HEADER_LEN as u64;
        if len != material.slice_len() || entries != len {
            return corrupt(format!(
                "{entries} entries for material {} (header says {len}, the slice has {})",
                material.code(),
                material.slice_len()
            ));
        }
        Ok(SliceHeader {
            variant,
            material,
            checksum,
        })
    }
}
