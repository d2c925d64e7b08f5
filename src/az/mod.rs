//! An AlphaZero-style player for English checkers: a residual convolutional
//! network with a policy head over a fixed action space and a value head,
//! guiding Monte Carlo tree search (PUCT).
//!
//! - [`mod@encode`]: the document's board array and 5 x 8 x 8 input, the
//!   32 x 32 action space (start and end square; same-ends capture sequences
//!   share an action and split its prior equally).
//! - [`net`]: the network, evaluated by plain Rust (no ML library, so the
//!   browser stays small); its file format.
//! - [`mcts`]: the search.
//! - [`selfplay`]: self-play games and training samples.
//! - `train` (feature `az-train`): training with candle.

pub mod encode;
pub mod mcts;
pub mod net;
pub mod selfplay;
#[cfg(feature = "az-train")]
pub mod train;

pub use encode::{action, board_array, encode, ACTIONS, INPUT_LEN};
pub use mcts::{Mcts, MctsConfig, MctsLimits, MctsResult, MoveStats};
pub use net::{Net, NetConfig, NetError};

use crate::core::rng::Rng;
use crate::{Game, Move, Variant};
use std::sync::Arc;

/// The network shipped with the program (see `nets/README.md`), compiled
/// in under feature `shipped-net` (the native tools). The browser does not
/// carry it: its page fetches the file and hands the bytes to the worker.
#[cfg(feature = "shipped-net")]
pub const SHIPPED_NET: &[u8] = include_bytes!("../../nets/az-english.wazn");

/// The shipped network, read once.
#[cfg(feature = "shipped-net")]
pub fn shipped_net() -> Arc<Net> {
    use std::sync::OnceLock;
    static NET: OnceLock<Arc<Net>> = OnceLock::new();
    NET.get_or_init(|| {
        Arc::new(Net::from_bytes(SHIPPED_NET).expect("the shipped network is checked by a test"))
    })
    .clone()
}

/// The variant the AlphaZero bot plays.
pub const VARIANT: Variant = Variant::English;

/// True when the AlphaZero bot can play `variant`.
pub fn plays(variant: Variant) -> bool {
    variant == VARIANT
}

/// A network that only plays English checkers was asked to play another variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the AlphaZero bot plays English checkers only, not {0}")]
pub struct WrongVariant(pub Variant);

/// The AlphaZero player: a network and search settings.
#[derive(Clone)]
pub struct AzPlayer {
    net: Arc<Net>,
    /// Search settings.
    pub config: MctsConfig,
    /// When each search stops.
    pub limits: MctsLimits,
    rng: Rng,
}

impl AzPlayer {
    /// A player with `net`, thinking within `limits`.
    pub fn new(net: Arc<Net>, limits: MctsLimits, seed: u64) -> AzPlayer {
        AzPlayer {
            net,
            config: MctsConfig::default(),
            limits,
            rng: Rng::new(seed),
        }
    }

    /// The network.
    pub fn net(&self) -> &Arc<Net> {
        &self.net
    }

    /// Searches the game's position; the most visited move is first.
    pub fn think(&mut self, game: &Game) -> Result<MctsResult, WrongVariant> {
        self.think_with_clock(game, mcts::default_clock)
    }

    /// As [`AzPlayer::think`], timing with `clock` (milliseconds).
    pub fn think_with_clock(
        &mut self,
        game: &Game,
        clock: mcts::Clock,
    ) -> Result<MctsResult, WrongVariant> {
        self.think_reporting(game, clock, f64::INFINITY, |_| {})
    }

    /// As [`AzPlayer::think_with_clock`], handing `report` the search so
    /// far every `every_ms` milliseconds.
    pub fn think_reporting(
        &mut self,
        game: &Game,
        clock: mcts::Clock,
        every_ms: f64,
        report: impl FnMut(&MctsResult),
    ) -> Result<MctsResult, WrongVariant> {
        if !plays(game.variant()) {
            return Err(WrongVariant(game.variant()));
        }
        let history: Vec<u64> = game.positions_and_moves().map(|(p, _)| p.hash()).collect();
        let mut tree =
            Mcts::new(self.config, *game.position(), game.quiet_plies(), history).with_clock(clock);
        Ok(tree.run_reporting(&*self.net, self.limits, &mut self.rng, every_ms, report))
    }

    /// The move to play (None when the game has no legal move).
    pub fn best_move(&mut self, game: &Game) -> Result<Option<Move>, WrongVariant> {
        Ok(self.think(game)?.moves.first().map(|m| m.mv))
    }
}
#[cfg(test)]
mod tests;
