//! A file's bytes in a message: a `Uint8Array` on the JavaScript side (one
//! copy, not a list of 600,000 numbers).

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The bytes of a file (the AlphaZero network) travelling in a message.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct NetBytes(pub Vec<u8>);

impl fmt::Debug for NetBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NetBytes({} bytes)", self.0.len())
    }
}

impl Serialize for NetBytes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for NetBytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<NetBytes, D::Error> {
        d.deserialize_byte_buf(BytesVisitor)
    }
}

struct BytesVisitor;

impl<'de> Visitor<'de> for BytesVisitor {
    type Value = NetBytes;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bytes")
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<NetBytes, E> {
        Ok(NetBytes(v.to_vec()))
    }

    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<NetBytes, E> {
        Ok(NetBytes(v))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<NetBytes, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(b) = seq.next_element()? {
            out.push(b);
        }
        Ok(NetBytes(out))
    }
}
