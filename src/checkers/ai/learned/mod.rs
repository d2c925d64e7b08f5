//! The learned evaluation for English checkers: a small network trained on
//! our own self-play games (`warcaby evalnet gen` / `train`), shipped inside
//! the library and run with integer arithmetic ([`net`]). Other rule sets
//! (tournament's backward-capturing men, Russian flying kings) were never
//! in its training data: there [`evaluate`] answers None and the caller
//! falls back to the positional evaluation.

pub mod data;
pub mod features;
pub mod net;
#[cfg(feature = "az-train")]
pub mod train;

use crate::checkers::position::Position;
use crate::checkers::rules::Variant;
use net::QuantNet;
use std::sync::OnceLock;

/// The shipped network file (English checkers).
pub const ENGLISH_NET: &[u8] = include_bytes!("../../../../nets/eval-english.bin");

static NET: OnceLock<Result<QuantNet, net::NetFileError>> = OnceLock::new();

/// The network in use: the shipped one unless [`use_english_net`] chose
/// another first; read once.
pub fn english_net() -> Result<&'static QuantNet, net::NetFileError> {
    NET.get_or_init(|| QuantNet::parse(ENGLISH_NET))
        .as_ref()
        .map_err(Clone::clone)
}

/// Plays with another network file instead of the shipped one (to measure
/// a candidate without rebuilding). Must come before the first evaluation;
/// fails on a bad file or when a network is already in use.
pub fn use_english_net(bytes: &[u8]) -> Result<(), String> {
    let net = QuantNet::parse(bytes).map_err(|e| e.to_string())?;
    NET.set(Ok(net))
        .map_err(|_| "the evaluation network is already in use".to_string())
}

/// The learned evaluation of `pos` for the side to move, in hundredths of a
/// man; None for a variant it was not trained on (or, which the tests rule
/// out, a shipped file that does not read).
#[inline]
pub fn evaluate(pos: &Position) -> Option<i32> {
    if pos.variant() != Variant::English {
        return None;
    }
    let net = english_net().ok()?;
    Some(net.evaluate(&features::compact(pos)))
}
#[cfg(test)]
mod tests;
