//! Training the learned evaluation with candle (feature `az-train`): a float
//! network of the play-time shape, fitted to self-play samples, then
//! quantised into the file format of [`super::net`].
//!
//! Target of a sample: `blend * sigmoid(score / scale) + (1 - blend) *
//! (result + 1) / 2`; the network's output `y` predicts it as
//! `sigmoid(y)` (squared error), so `scale * y` is the evaluation in
//! hundredths of a man.

use super::data::Sample;
use super::features::{self, squares, MoverBoard};
use super::net::{bucket_of, quantise, NetFileError, QuantNet, Shape};
use crate::checkers::rules::BoardSize;
use crate::core::rng::Rng;
use candle_core::{Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};

/// A training failure.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// From candle.
    #[error("training: {0}")]
    Candle(#[from] candle_core::Error),
    /// The weights do not fit the file format.
    #[error("export: {0}")]
    Export(#[from] NetFileError),
}

/// How to train.
#[derive(Clone, Copy, Debug)]
pub struct TrainConfig {
    /// The board whose positions the network reads.
    pub board: BoardSize,
    /// First hidden layer width.
    pub h1: usize,
    /// Second hidden layer width.
    pub h2: usize,
    /// Phase buckets: copies of the layers after the first, one per stage
    /// of the game (1: none).
    pub buckets: usize,
    /// Hundredths of a man per unit of output (the sigmoid's scale).
    pub scale: f32,
    /// Weight of the search score in the target (the rest: the result).
    pub blend: f32,
    /// AdamW learning rate.
    pub lr: f64,
    /// Samples per step.
    pub batch: usize,
    /// Seed of the initial weights and of the shuffling.
    pub seed: u64,
}

/// A float network being trained: `w1 [h1][inputs]`, `b1`, `w2
/// [buckets * h2][h1]`, `b2 [buckets * h2]`, `w3 [buckets][h2]`, `b3
/// [buckets]` (the file's layout).
pub struct FloatNet {
    config: TrainConfig,
    vars: Vec<Var>,
    opt: AdamW,
    rng: Rng,
}

fn uniform(rng: &mut Rng, n: usize, fan_in: usize) -> Vec<f32> {
    let bound = 1.0 / (fan_in as f32).sqrt();
    (0..n)
        .map(|_| (rng.below(1 << 24) as f32 / (1 << 24) as f32 * 2.0 - 1.0) * bound)
        .collect()
}

/// The target of a sample (see the module text).
pub fn target(s: &Sample, scale: f32, blend: f32) -> f32 {
    let from_score = 1.0 / (1.0 + (-(s.score as f32) / scale).exp());
    let from_result = (s.result as f32 + 1.0) / 2.0;
    blend * from_score + (1.0 - blend) * from_result
}

/// The scale that makes `sigmoid(score / scale)` predict the results best
/// (squared error, a grid of 25 to 1000).
pub fn fit_scale(samples: &[Sample]) -> f32 {
    let loss = |k: f32| -> f64 {
        samples
            .iter()
            .map(|s| (target(s, k, 1.0) - target(s, k, 0.0)).powi(2) as f64)
            .sum()
    };
    (1..=40)
        .map(|i| i as f32 * 25.0)
        .min_by(|&a, &b| loss(a).total_cmp(&loss(b)))
        .unwrap_or(200.0)
}

/// One-hot phase buckets of boards: `[n][buckets]`.
fn bucket_mask(boards: &[MoverBoard], buckets: usize, board: BoardSize) -> Vec<f32> {
    let mut m = vec![0f32; boards.len() * buckets];
    for (row, b) in m.chunks_exact_mut(buckets).zip(boards) {
        row[bucket_of(b.piece_count() as usize, buckets, board)] = 1.0;
    }
    m
}

/// Dense inputs of boards of `board`: `[n][inputs]`.
pub fn inputs(boards: &[MoverBoard], board: BoardSize) -> Vec<f32> {
    let n = features::inputs(board);
    let mut x = vec![0f32; boards.len() * n];
    for (row, b) in x.chunks_exact_mut(n).zip(boards) {
        b.for_each_input(squares(board), |i| row[i] = 1.0);
    }
    x
}

impl FloatNet {
    /// A network with random weights.
    pub fn new(config: TrainConfig) -> Result<FloatNet, TrainError> {
        let mut rng = Rng::new(config.seed);
        let layers = Self::shapes(&config)
            .map(|(shape, fan_in)| uniform(&mut rng, shape.iter().product(), fan_in));
        Self::with_layers(config, layers, rng)
    }

    /// A network that goes on from `net` (a network file's weights): its
    /// widths and scale replace `config`'s.
    pub fn from_net(config: TrainConfig, net: &QuantNet) -> Result<FloatNet, TrainError> {
        let Shape {
            board,
            h1,
            h2,
            buckets,
        } = net.shape();
        let config = TrainConfig {
            board,
            h1,
            h2,
            buckets,
            scale: net.scale(),
            ..config
        };
        Self::with_layers(config, net.float_layers(), Rng::new(config.seed))
    }

    /// Each layer's tensor shape and fan-in.
    fn shapes(config: &TrainConfig) -> [(Vec<usize>, usize); 6] {
        let (h1, h2, k) = (config.h1, config.h2, config.buckets);
        let n = features::inputs(config.board);
        [
            (vec![h1, n], n),
            (vec![h1], n),
            (vec![k * h2, h1], h1),
            (vec![k * h2], h1),
            (vec![k, h2], h2),
            (vec![k], h2),
        ]
    }

    fn with_layers(
        config: TrainConfig,
        layers: [Vec<f32>; 6],
        rng: Rng,
    ) -> Result<FloatNet, TrainError> {
        let mut vars = Vec::new();
        for ((shape, _), layer) in Self::shapes(&config).into_iter().zip(layers) {
            let t = Tensor::from_vec(layer, shape, &Device::Cpu)?;
            vars.push(Var::from_tensor(&t)?);
        }
        let params = ParamsAdamW {
            lr: config.lr,
            weight_decay: 0.0,
            ..Default::default()
        };
        let opt = AdamW::new(vars.clone(), params)?;
        Ok(FloatNet {
            config,
            vars,
            opt,
            rng,
        })
    }

    /// Raw outputs (before the sigmoid) of boards: every bucket's layers
    /// are computed and each board's own bucket is kept.
    fn forward(&self, boards: &[MoverBoard]) -> Result<Tensor, TrainError> {
        let (n, k, h2) = (boards.len(), self.config.buckets, self.config.h2);
        let board = self.config.board;
        let x = Tensor::from_vec(
            inputs(boards, board),
            (n, features::inputs(board)),
            &Device::Cpu,
        )?;
        let mask = Tensor::from_vec(bucket_mask(boards, k, board), (n, k), &Device::Cpu)?;
        let v = |i: usize| self.vars[i].as_tensor();
        let h = x
            .matmul(&v(0).t()?)?
            .broadcast_add(v(1))?
            .clamp(0f32, 1f32)?;
        let h = h
            .matmul(&v(2).t()?)?
            .broadcast_add(v(3))?
            .clamp(0f32, 1f32)?
            .reshape((n, k, h2))?;
        let y = h.broadcast_mul(v(4))?.sum(2)?.broadcast_add(v(5))?;
        Ok(y.mul(&mask)?.sum(1)?)
    }

    /// The widths and scale it trains with.
    pub fn config(&self) -> TrainConfig {
        self.config
    }

    /// The float evaluations (hundredths of a man) of boards.
    pub fn evaluate(&self, boards: &[MoverBoard]) -> Result<Vec<f32>, TrainError> {
        let y = self.forward(boards)?.to_vec1::<f32>()?;
        Ok(y.into_iter().map(|y| y * self.config.scale).collect())
    }

    fn loss(&self, batch: &[Sample]) -> Result<Tensor, TrainError> {
        let boards: Vec<MoverBoard> = batch.iter().map(|s| s.board).collect();
        let (scale, blend) = (self.config.scale, self.config.blend);
        let t: Vec<f32> = batch.iter().map(|s| target(s, scale, blend)).collect();
        let t = Tensor::from_vec(t, batch.len(), &Device::Cpu)?;
        let p = candle_nn::ops::sigmoid(&self.forward(&boards)?)?;
        Ok(p.sub(&t)?.sqr()?.mean_all()?)
    }

    /// One pass over `samples` in a shuffled order at learning rate `lr`;
    /// returns the mean training loss.
    pub fn epoch(&mut self, samples: &mut [Sample], lr: f64) -> Result<f32, TrainError> {
        for i in (1..samples.len()).rev() {
            samples.swap(i, self.rng.index(i + 1));
        }
        self.opt.set_learning_rate(lr);
        let (mut sum, mut steps) = (0f32, 0usize);
        for batch in samples.chunks(self.config.batch) {
            let loss = self.loss(batch)?;
            self.opt.backward_step(&loss)?;
            sum += loss.to_scalar::<f32>()?;
            steps += 1;
        }
        Ok(sum / steps.max(1) as f32)
    }

    /// Mean loss over `samples` without training.
    pub fn validate(&self, samples: &[Sample]) -> Result<f32, TrainError> {
        let (mut sum, mut n) = (0f32, 0usize);
        for batch in samples.chunks(4096) {
            sum += self.loss(batch)?.to_scalar::<f32>()? * batch.len() as f32;
            n += batch.len();
        }
        Ok(sum / n.max(1) as f32)
    }

    /// The quantised network file.
    pub fn export(&self) -> Result<Vec<u8>, TrainError> {
        let mut flat = Vec::new();
        for v in &self.vars {
            flat.push(v.as_tensor().flatten_all()?.to_vec1::<f32>()?);
        }
        let layers = [
            flat[0].as_slice(),
            &flat[1],
            &flat[2],
            &flat[3],
            &flat[4],
            &flat[5],
        ];
        let shape = Shape {
            board: self.config.board,
            h1: self.config.h1,
            h2: self.config.h2,
            buckets: self.config.buckets,
        };
        Ok(quantise(shape, self.config.scale, layers)?)
    }
}

/// Loss of the blended target predicted by the search score alone
/// (`sigmoid(score / scale)`): the bar the network should pass.
pub fn score_only_loss(samples: &[Sample], scale: f32, blend: f32) -> f32 {
    let sum: f64 = samples
        .iter()
        .map(|s| (target(s, scale, 1.0) - target(s, scale, blend)).powi(2) as f64)
        .sum();
    (sum / samples.len().max(1) as f64) as f32
}
