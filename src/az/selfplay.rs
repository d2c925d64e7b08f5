//! Training samples: self-play games (visit counts as the policy target, the
//! game's result as the value target) and positions labelled by the
//! alpha-beta engine (its best move and score), for a supervised warm start.
//!
//! A sample is stored as one text line: `FEN|value|action:p action:p ...`.

use super::encode::{action, ACTIONS};
use super::mcts::{pick_move, Evaluator, Mcts, MctsConfig, MctsLimits};
use crate::checkers::ai::{search_game, CheckersEval};
use crate::core::rng::Rng;
use crate::search::{Algorithm, Limits, SearchConfig, Searcher, MATE_BOUND};
use crate::{Color, Game, Outcome, Position, Variant};

/// One training position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position.
    pub pos: Position,
    /// Policy target as (action, probability) pairs summing to 1.
    pub policy: Vec<(u16, f32)>,
    /// Value target for the side to move, −1..1.
    pub value: f32,
}

/// A sample line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad sample line: {0}")]
pub struct SampleError(pub String);

impl Sample {
    /// The sample as one text line.
    pub fn to_line(&self) -> String {
        let policy: Vec<String> = self
            .policy
            .iter()
            .map(|(a, p)| format!("{a}:{p:.4}"))
            .collect();
        format!(
            "{}|{:.4}|{}",
            self.pos.to_fen(),
            self.value,
            policy.join(" ")
        )
    }

    /// Reads a line written by [`Sample::to_line`].
    pub fn from_line(line: &str) -> Result<Sample, SampleError> {
        let bad = || SampleError(line.chars().take(80).collect());
        let mut parts = line.trim().split('|');
        let (fen, value, policy) = match (parts.next(), parts.next(), parts.next()) {
            (Some(f), Some(v), Some(p)) => (f, v, p),
            _ => return Err(bad()),
        };
        let pos = Position::from_fen(fen, Variant::English).map_err(|_| bad())?;
        let value: f32 = value.parse().map_err(|_| bad())?;
        let mut pairs = Vec::new();
        for item in policy.split_whitespace() {
            let (a, p) = item.split_once(':').ok_or_else(bad)?;
            let a: u16 = a.parse().map_err(|_| bad())?;
            let p: f32 = p.parse().map_err(|_| bad())?;
            if a as usize >= ACTIONS || !p.is_finite() {
                return Err(bad());
            }
            pairs.push((a, p));
        }
        if !value.is_finite() || pairs.is_empty() {
            return Err(bad());
        }
        Ok(Sample {
            pos,
            policy: pairs,
            value: value.clamp(-1.0, 1.0),
        })
    }
}

/// Self-play settings.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlayConfig {
    /// Simulations per move.
    pub sims: u32,
    /// Plies played with temperature 1; the most visited move after.
    pub temperature_plies: usize,
    /// Games longer than this are adjudicated a draw.
    pub max_plies: usize,
    /// Dirichlet noise (alpha, weight) on the root priors.
    pub noise: (f32, f32),
}

impl Default for SelfPlayConfig {
    fn default() -> Self {
        SelfPlayConfig {
            sims: 100,
            temperature_plies: 16,
            max_plies: 200,
            noise: (0.5, 0.25),
        }
    }
}

fn result_for(outcome: Option<Outcome>, side: Color) -> f32 {
    match outcome.and_then(|o| o.winner()) {
        Some(w) if w == side => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    }
}

/// Plays one self-play game; its samples, values filled from the result.
pub fn self_play_game<E: Evaluator>(
    eval: &E,
    config: SelfPlayConfig,
    rng: &mut Rng,
) -> Vec<Sample> {
    let mut game = Game::new(Variant::English);
    let mut samples: Vec<(Sample, Color)> = Vec::new();
    let mcts_config = MctsConfig {
        noise: Some(config.noise),
        ..MctsConfig::default()
    };
    while game.outcome().is_none() && game.ply_count() < config.max_plies {
        let history: Vec<u64> = game.positions_and_moves().map(|(p, _)| p.hash()).collect();
        let pos = *game.position();
        let mut tree = Mcts::new(mcts_config, pos, game.quiet_plies(), history);
        let limits = MctsLimits {
            sims: Some(config.sims),
            time_ms: None,
        };
        let result = tree.run(eval, limits, rng);
        let total: u32 = result.moves.iter().map(|m| m.visits).sum();
        let mut policy: Vec<(u16, f32)> = Vec::new();
        for m in &result.moves {
            let a = action(&m.mv) as u16;
            let p = m.visits as f32 / total.max(1) as f32;
            match policy.iter_mut().find(|(b, _)| *b == a) {
                Some(entry) => entry.1 += p,
                None => policy.push((a, p)),
            }
        }
        samples.push((
            Sample {
                pos,
                policy,
                value: 0.0,
            },
            pos.side_to_move(),
        ));
        let temperature = if game.ply_count() < config.temperature_plies {
            1.0
        } else {
            0.0
        };
        let Some(mv) = pick_move(&result, temperature, rng) else {
            break;
        };
        if game.play(&mv).is_err() {
            break;
        }
    }
    let outcome = game.outcome();
    samples
        .into_iter()
        .map(|(mut s, side)| {
            s.value = result_for(outcome, side);
            s
        })
        .collect()
}

/// How [`labelled_game`] labels positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelConfig {
    /// The labelling engine's depth in plies.
    pub depth: u32,
    /// The labelling engine's evaluation.
    pub eval: CheckersEval,
    /// Plies of the game (from the start) that are labelled but played at
    /// random, before the engine's moves, for variety: `2 + rng.index(n)`.
    pub random_plies: usize,
}

impl Default for LabelConfig {
    fn default() -> Self {
        LabelConfig {
            depth: 6,
            eval: CheckersEval::learned(),
            random_plies: 5,
        }
    }
}

/// Plays one game of the alpha-beta engine (`config.depth` plies, the
/// configured evaluation) against itself, with a few random opening moves
/// and an occasional random move for variety; every position is labelled
/// with the engine's best move and a value that mixes the engine's score
/// with the game's result.
pub fn labelled_game(config: LabelConfig, rng: &mut Rng) -> Vec<Sample> {
    let depth = config.depth;
    let mut game = Game::new(Variant::English);
    let search = SearchConfig {
        algorithm: Algorithm::AlphaBeta,
        seed: rng.next_u64(),
        ..SearchConfig::default()
    };
    let mut engine = Searcher::new(search, config.eval.clone());
    let random_opening = 2 + rng.index(config.random_plies.max(1));
    let mut labelled: Vec<(Sample, Color, f32)> = Vec::new();
    while game.outcome().is_none() && game.ply_count() < 200 {
        let moves = game.legal_moves();
        let info = search_game(&mut engine, &game, Limits::depth(depth));
        let Some(best) = info.best_move else {
            break;
        };
        let pos = *game.position();
        let score = if info.score.abs() >= MATE_BOUND {
            info.score.signum() as f32
        } else {
            (info.score as f32 / 300.0).tanh()
        };
        labelled.push((
            Sample {
                pos,
                policy: vec![(action(&best) as u16, 1.0)],
                value: 0.0,
            },
            pos.side_to_move(),
            score,
        ));
        let random = game.ply_count() < random_opening || rng.below(20) == 0;
        let mv = if random {
            moves[rng.index(moves.len())]
        } else {
            best
        };
        if game.play(&mv).is_err() {
            break;
        }
    }
    let outcome = game.outcome();
    labelled
        .into_iter()
        .map(|(mut s, side, score)| {
            s.value = 0.5 * score + 0.5 * result_for(outcome, side);
            s
        })
        .collect()
}
