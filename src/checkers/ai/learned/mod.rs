//! The learned evaluation: small networks trained on our own self-play
//! games (`warcaby evalnet gen` / `train`), one per rule set, shipped
//! inside the library (feature `learned-nets`) and run with integer
//! arithmetic ([`net`]). A rule set without a network answers None and the
//! caller falls back to the positional evaluation. Networks are values
//! ([`EvalNet`]), so two can meet in one arena run, and a host that does
//! not compile them in (the browser's worker) builds its set one rule set
//! at a time from the files it is sent ([`EvalNet::empty`],
//! [`EvalNet::with_net`]).

#[cfg(target_arch = "x86_64")]
mod avx2;
pub mod data;
pub mod features;
pub mod net;
#[cfg(feature = "az-train")]
pub mod train;

use crate::checkers::geometry::Geometry;
use crate::checkers::position::PositionOf;
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

/// The shipped network file of international draughts (10x10).
#[cfg(feature = "learned-nets")]
pub const INTERNATIONAL_NET: &[u8] = include_bytes!("../../../../nets/eval-international.bin");

/// The shipped network files, each with the rule set it was trained on
/// (none without the feature `learned-nets`).
#[cfg(feature = "learned-nets")]
pub const SHIPPED_NETS: &[(Variant, &[u8])] = &[
    (Variant::Tournament, TOURNAMENT_NET),
    (Variant::English, ENGLISH_NET),
    (Variant::Russian, RUSSIAN_NET),
    (Variant::International, INTERNATIONAL_NET),
];
/// The shipped network files: none without the feature `learned-nets`.
#[cfg(not(feature = "learned-nets"))]
pub const SHIPPED_NETS: &[(Variant, &[u8])] = &[];

/// How many rule sets a network set has room for.
const RULE_SETS: usize = 4;

/// Every rule set with a slot of its own, in slot order.
const SLOT_RULES: [Variant; RULE_SETS] = [
    Variant::Tournament,
    Variant::English,
    Variant::Russian,
    Variant::International,
];

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
    /// this one go on with what they had. A file that does not read, or
    /// reads another board than the rule set's, leaves nothing changed and
    /// says why.
    pub fn with_net(&self, variant: Variant, bytes: &[u8]) -> Result<EvalNet, net::NetFileError> {
        let net = QuantNet::parse(bytes)?;
        if net.board() != variant.board() {
            return Err(net::NetFileError::Shape(format!(
                "{} reads {} positions, not those of {variant}",
                net.shape(),
                net.board().name()
            )));
        }
        let mut set = (*self.0).clone();
        set[slot(variant)] = Some(net);
        Ok(EvalNet(Arc::new(set)))
    }

    /// A network from a file's bytes, used for every rule set of its board
    /// (a candidate to measure); the rule sets of the other board have
    /// none, so they fall back as a set without a network does.
    pub fn from_bytes(bytes: &[u8]) -> Result<EvalNet, net::NetFileError> {
        let net = QuantNet::parse(bytes)?;
        Ok(EvalNet(Arc::new(std::array::from_fn(|i| {
            (SLOT_RULES[i].board() == net.board()).then(|| net.clone())
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
    /// of a man; None for a rule set the set has no network for. (Each
    /// slot's network reads its rule set's board: [`EvalNet::with_net`]
    /// and [`EvalNet::from_bytes`] see to it.)
    #[inline]
    pub fn evaluate<G: Geometry>(&self, pos: &PositionOf<G>) -> Option<i32> {
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
pub fn evaluate<G: Geometry>(pos: &PositionOf<G>) -> Option<i32> {
    EvalNet::shipped().ok()?.evaluate(pos)
}
#[cfg(all(test, feature = "learned-nets"))]
mod tests;
