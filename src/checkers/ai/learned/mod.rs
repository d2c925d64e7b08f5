//! The learned evaluation: small networks trained on our own self-play
//! games (`warcaby evalnet gen` / `train`), one per rule set, shipped
//! inside the library (feature `learned-nets`) and run with integer
//! arithmetic ([`net`]). A rule set without a network answers None and the
//! caller falls back to the positional evaluation. Networks are values
//! ([`EvalNet`]), so two can meet in one arena run, and a host that does
//! not compile them in (the browser's worker) builds its set one rule set
//! at a time from the files it is sent ([`EvalNet::empty`],
//! [`EvalNet::with_net`]).

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

/// The shipped network file of English checkers.
#[cfg(feature = "learned-nets")]
pub const ENGLISH_NET: &[u8] = include_bytes!("../../../../nets/eval-english.bin");
/// The shipped network file of the contest's tournament rules.
#[cfg(feature = "learned-nets")]
pub const TOURNAMENT_NET: &[u8] = include_bytes!("../../../../nets/eval-tournament.bin");
/// The shipped network file of Russian draughts.
#[cfg(feature = "learned-nets")]
pub const RUSSIAN_NET: &[u8] = include_bytes!("../../../../nets/eval-russian.bin");

/// The shipped network files, each with the rule set it was trained on
/// (none without the feature `learned-nets`).
#[cfg(feature = "learned-nets")]
pub const SHIPPED_NETS: &[(Variant, &[u8])] = &[
    (Variant::Tournament, TOURNAMENT_NET),
    (Variant::English, ENGLISH_NET),
    (Variant::Russian, RUSSIAN_NET),
];
/// The shipped network files: none without the feature `learned-nets`.
#[cfg(not(feature = "learned-nets"))]
pub const SHIPPED_NETS: &[(Variant, &[u8])] = &[];

/// How many rule sets a network set has room for (international 10x10's
/// slot stays empty: this evaluation reads 8x8 positions only).
const RULE_SETS: usize = 4;

/// The rule set whose network evaluates positions of `variant`: its own,
/// or for Brazilian draughts the Russian one (the same board, start and
/// pieces; only the choice among captures differs, and a network of its
/// own was not trained). See docs/results.md for what it is worth there.
pub const fn network_rules(variant: Variant) -> Variant {
    match variant {
        Variant::Brazilian => Variant::Russian,
        other => other,
    }
}

/// Where the network that evaluates `variant` sits in a set.
#[inline]
const fn slot(variant: Variant) -> usize {
    match network_rules(variant) {
        Variant::Tournament => 0,
        Variant::English => 1,
        Variant::Russian | Variant::Brazilian => 2,
        Variant::International => 3,
    }
}

/// Evaluation networks, shared: a value the `learned` evaluation carries
/// ([`super::CheckersEval::Learned`]), so engines with different networks
/// can play each other in one process. It holds a network for each rule
/// set it has one for (the shipped set: one each, trained on that rule
/// set's games; a file given by the user: the same network for all). Two
/// `EvalNet`s are equal when they are the same loaded set.
#[derive(Clone)]
pub struct EvalNet(Arc<[Option<QuantNet>; RULE_SETS]>);

impl EvalNet {
    /// The shipped networks (read once; the files are compiled in).
    pub fn shipped() -> Result<EvalNet, net::NetFileError> {
        static SHIPPED: OnceLock<Result<EvalNet, net::NetFileError>> = OnceLock::new();
        SHIPPED
            .get_or_init(|| {
                let mut set: [Option<QuantNet>; RULE_SETS] = Default::default();
                for (variant, bytes) in SHIPPED_NETS {
                    set[slot(*variant)] = Some(QuantNet::parse(bytes)?);
                }
                Ok(EvalNet(Arc::new(set)))
            })
            .clone()
    }

    /// A set with no network: every rule set falls back to the positional
    /// evaluation. The browser's worker starts from it, since its page
    /// fetches each rule set's file only when a strong level first needs it
    /// (the first visit downloads none of them).
    pub fn empty() -> EvalNet {
        EvalNet(Arc::new(Default::default()))
    }

    /// This set with `variant`'s network read from a file's bytes, the
    /// other rule sets' networks kept: a new set, so that engines holding
    /// this one go on with what they had. A file that does not read leaves
    /// nothing changed and says why.
    pub fn with_net(&self, variant: Variant, bytes: &[u8]) -> Result<EvalNet, net::NetFileError> {
        let mut set = (*self.0).clone();
        set[slot(variant)] = Some(QuantNet::parse(bytes)?);
        Ok(EvalNet(Arc::new(set)))
    }

    /// A network from a file's bytes, used for every rule set (a candidate
    /// to measure).
    pub fn from_bytes(bytes: &[u8]) -> Result<EvalNet, net::NetFileError> {
        let net = QuantNet::parse(bytes)?;
        Ok(EvalNet(Arc::new(std::array::from_fn(|_| {
            Some(net.clone())
        }))))
    }

    /// A network read from a file; the error names the file.
    pub fn load(path: &Path) -> Result<EvalNet, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        EvalNet::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The network for `variant`, if the set has one.
    pub fn net(&self, variant: Variant) -> Option<&QuantNet> {
        self.0[slot(variant)].as_ref()
    }

    /// The learned evaluation of `pos` for the side to move, in hundredths
    /// of a man; None for a rule set the set has no network for.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> Option<i32> {
        self.0[slot(pos.variant())]
            .as_ref()
            .map(|net| net.evaluate(&features::compact(pos)))
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
        let nets = self
            .0
            .iter()
            .flatten()
            .map(|n| format!("{}x{}", n.h1(), n.h2()));
        write!(f, "EvalNet({})", nets.collect::<Vec<_>>().join(", "))
    }
}

/// The shipped networks' evaluation of `pos` (see [`EvalNet::evaluate`]);
/// None too if a shipped file did not read, which the tests rule out.
pub fn evaluate(pos: &Position) -> Option<i32> {
    EvalNet::shipped().ok()?.evaluate(pos)
}
#[cfg(all(test, feature = "learned-nets"))]
mod tests;
