//! The learned evaluation for English checkers: a small network trained on
//! our own self-play games (`warcaby evalnet gen` / `train`), shipped inside
//! the library and run with integer arithmetic ([`net`]). Other rule sets
//! (tournament's backward-capturing men, Russian flying kings) were never
//! in its training data: there [`EvalNet::evaluate`] answers None and the
//! caller falls back to the positional evaluation. A network is a value
//! ([`EvalNet`]), so two can meet in one arena run.

pub mod data;
pub mod features;
pub mod net;
#[cfg(feature = "az-train")]
pub mod train;

use crate::checkers::position::Position;
use crate::checkers::rules::Variant;
use net::QuantNet;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The shipped network file (English checkers).
pub const ENGLISH_NET: &[u8] = include_bytes!("../../../../nets/eval-english.bin");

/// An evaluation network, shared: a value the `learned` evaluation carries
/// ([`super::CheckersEval::Learned`]), so engines with different networks
/// can play each other in one process. Two `EvalNet`s are equal when they
/// are the same loaded network.
#[derive(Clone)]
pub struct EvalNet(Arc<QuantNet>);

impl EvalNet {
    /// The shipped English network (read once; the file is compiled in).
    pub fn english() -> Result<EvalNet, net::NetFileError> {
        static SHIPPED: OnceLock<Result<EvalNet, net::NetFileError>> = OnceLock::new();
        SHIPPED
            .get_or_init(|| QuantNet::parse(ENGLISH_NET).map(|n| EvalNet(Arc::new(n))))
            .clone()
    }

    /// A network from a file's bytes (a candidate to measure).
    pub fn from_bytes(bytes: &[u8]) -> Result<EvalNet, net::NetFileError> {
        QuantNet::parse(bytes).map(|n| EvalNet(Arc::new(n)))
    }

    /// A network read from a file; the error names the file.
    pub fn load(path: &Path) -> Result<EvalNet, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        EvalNet::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The network itself.
    pub fn net(&self) -> &QuantNet {
        &self.0
    }

    /// The learned evaluation of `pos` for the side to move, in hundredths
    /// of a man; None for a variant it was not trained on (only English).
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> Option<i32> {
        (pos.variant() == Variant::English).then(|| self.0.evaluate(&features::compact(pos)))
    }
}

impl PartialEq for EvalNet {
    fn eq(&self, other: &EvalNet) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for EvalNet {}

impl std::hash::Hash for EvalNet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        Arc::as_ptr(&self.0).hash(state)
    }
}

impl fmt::Debug for EvalNet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EvalNet({}x{})", self.0.h1(), self.0.h2())
    }
}

/// The shipped network, as [`EvalNet::english`] reads it.
pub fn english_net() -> Result<EvalNet, net::NetFileError> {
    EvalNet::english()
}

/// The shipped network's evaluation of `pos` (see [`EvalNet::evaluate`]);
/// None too if the shipped file did not read, which the tests rule out.
pub fn evaluate(pos: &Position) -> Option<i32> {
    EvalNet::english().ok()?.evaluate(pos)
}
#[cfg(test)]
mod tests;
