//! The policy/value network, evaluated by hand-written code with no
//! machine-learning library: the browser and the play commands need only this
//! file. Training (`az-train` feature, candle) builds the same layers under the
//! same names and writes them in this file's format; a test checks that both
//! forward passes agree.
//!
//! Layers, for `c` channels and `b` residual blocks (no batch norm):
//! stem 3x3 conv 5→c + ReLU; `b` blocks of (3x3 conv, ReLU, 3x3 conv, skip,
//! ReLU); policy head 1x1 conv c→2 + ReLU, linear 128→1024 (logits); value
//! head 1x1 conv c→1 + ReLU, linear 64→64 + ReLU, linear 64→1, tanh.
//!
//! File format (little-endian): `WAZN`, version 1 (u32), channels (u32),
//! blocks (u32), then every parameter of [`NetConfig::params`] in order as f32.

use super::encode::{ACTIONS, INPUT_LEN, PLANES};

/// Size of a network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetConfig {
    /// Channels of the residual trunk.
    pub channels: usize,
    /// Residual blocks.
    pub blocks: usize,
}

impl NetConfig {
    /// The size the shipped network uses.
    pub const DEFAULT: NetConfig = NetConfig {
        channels: 32,
        blocks: 3,
    };

    /// Every parameter's name and shape, in file order. Conv weights are
    /// `[out, in, k, k]`, linear weights `[out, in]`.
    pub fn params(self) -> Vec<(String, Vec<usize>)> {
        let c = self.channels;
        let mut out = vec![
            ("stem.weight".to_string(), vec![c, PLANES, 3, 3]),
            ("stem.bias".to_string(), vec![c]),
        ];
        for i in 0..self.blocks {
            for half in ["a", "b"] {
                out.push((format!("block{i}{half}.weight"), vec![c, c, 3, 3]));
                out.push((format!("block{i}{half}.bias"), vec![c]));
            }
        }
        out.extend([
            ("policy_conv.weight".to_string(), vec![2, c, 1, 1]),
            ("policy_conv.bias".to_string(), vec![2]),
            ("policy.weight".to_string(), vec![ACTIONS, 128]),
            ("policy.bias".to_string(), vec![ACTIONS]),
            ("value_conv.weight".to_string(), vec![1, c, 1, 1]),
            ("value_conv.bias".to_string(), vec![1]),
            ("value1.weight".to_string(), vec![64, 64]),
            ("value1.bias".to_string(), vec![64]),
            ("value2.weight".to_string(), vec![1, 64]),
            ("value2.bias".to_string(), vec![1]),
        ]);
        out
    }

    /// Number of floats in all parameters.
    pub fn param_count(self) -> usize {
        self.params()
            .iter()
            .map(|(_, s)| s.iter().product::<usize>())
            .sum()
    }
}

/// A network file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The file does not start with `WAZN`.
    #[error("not a network file (no WAZN header)")]
    NotANetwork,
    /// A format version this program does not read.
    #[error("network file version {0} is not supported (expected 1)")]
    Version(u32),
    /// Sizes in the header that make no sense.
    #[error("network file has a bad size ({channels} channels, {blocks} blocks)")]
    BadSize {
        /// Channels in the header.
        channels: u32,
        /// Blocks in the header.
        blocks: u32,
    },
    /// The file is shorter or longer than its header says.
    #[error("network file has {got} bytes of weights, expected {expected}")]
    Length {
        /// Bytes found.
        got: usize,
        /// Bytes the header implies.
        expected: usize,
    },
    /// A weight that is NaN or infinite.
    #[error("network file holds a weight that is not a finite number")]
    NotFinite,
}

/// One layer's weights and biases.
#[derive(Clone, Debug, PartialEq)]
struct Layer {
    weight: Vec<f32>,
    bias: Vec<f32>,
    inputs: usize,
}

/// A policy/value network with its weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    config: NetConfig,
    stem: Layer,
    blocks: Vec<(Layer, Layer)>,
    policy_conv: Layer,
    policy: Layer,
    value_conv: Layer,
    value1: Layer,
    value2: Layer,
}

/// What one forward pass gives for each position.
#[derive(Clone, Debug, PartialEq)]
pub struct NetOutput {
    /// Policy logits, [`ACTIONS`] per position.
    pub logits: Vec<f32>,
    /// Values in −1..1 for the side to move, one per position.
    pub values: Vec<f32>,
}

impl Net {
    /// A network with weights from a flat parameter list in file order.
    pub fn from_params(config: NetConfig, flat: &[f32]) -> Result<Net, NetError> {
        let expected = config.param_count();
        if flat.len() != expected {
            return Err(NetError::Length {
                got: flat.len() * 4,
                expected: expected * 4,
            });
        }
        if flat.iter().any(|w| !w.is_finite()) {
            return Err(NetError::NotFinite);
        }
        let mut rest = flat;
        let mut take = |shape: &[usize]| {
            let n: usize = shape.iter().product();
            let (head, tail) = rest.split_at(n);
            rest = tail;
            head.to_vec()
        };
        let mut layers = Vec::new();
        let params = config.params();
        for pair in params.chunks(2) {
            let shape = &pair[0].1;
            let weight = take(shape);
            let bias = take(&pair[1].1);
            let inputs = shape[1..].iter().product();
            layers.push(Layer {
                weight,
                bias,
                inputs,
            });
        }
        let mut it = layers.into_iter();
        let mut next = || it.next().expect("layer count follows the config");
        let stem = next();
        let blocks = (0..config.blocks).map(|_| (next(), next())).collect();
        Ok(Net {
            config,
            stem,
            blocks,
            policy_conv: next(),
            policy: next(),
            value_conv: next(),
            value1: next(),
            value2: next(),
        })
    }

    /// An untrained network with small seeded random weights.
    pub fn random(config: NetConfig, seed: u64) -> Net {
        let mut rng = crate::core::rng::Rng::new(seed);
        let mut flat = Vec::with_capacity(config.param_count());
        for (name, shape) in config.params() {
            let n: usize = shape.iter().product();
            let fan_in: usize = shape[1..].iter().product::<usize>().max(1);
            let scale = if name.ends_with("bias") {
                0.0
            } else {
                (1.0 / fan_in as f32).sqrt()
            };
            for _ in 0..n {
                let u = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
                flat.push((2.0 * u - 1.0) * scale);
            }
        }
        Net::from_params(config, &flat).expect("sizes follow the config")
    }

    /// The network's size.
    pub fn config(&self) -> NetConfig {
        self.config
    }

    /// All parameters in file order.
    pub fn params(&self) -> Vec<f32> {
        let mut out = Vec::with_capacity(self.config.param_count());
        for layer in self.layers() {
            out.extend_from_slice(&layer.weight);
            out.extend_from_slice(&layer.bias);
        }
        out
    }

    fn layers(&self) -> Vec<&Layer> {
        let mut out = vec![&self.stem];
        for (a, b) in &self.blocks {
            out.push(a);
            out.push(b);
        }
        out.extend([
            &self.policy_conv,
            &self.policy,
            &self.value_conv,
            &self.value1,
            &self.value2,
        ]);
        out
    }

    /// The network file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = b"WAZN".to_vec();
        for v in [1, self.config.channels as u32, self.config.blocks as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for w in self.params() {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// Reads a network file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        if bytes.len() < 16 || &bytes[..4] != b"WAZN" {
            return Err(NetError::NotANetwork);
        }
        let word = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        if word(4) != 1 {
            return Err(NetError::Version(word(4)));
        }
        let (channels, blocks) = (word(8), word(12));
        if !(1..=256).contains(&channels) || blocks > 64 {
            return Err(NetError::BadSize { channels, blocks });
        }
        let config = NetConfig {
            channels: channels as usize,
            blocks: blocks as usize,
        };
        let body = &bytes[16..];
        let expected = config.param_count() * 4;
        if body.len() != expected {
            return Err(NetError::Length {
                got: body.len(),
                expected,
            });
        }
        let flat: Vec<f32> = body
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")))
            .collect();
        Net::from_params(config, &flat)
    }

    /// Evaluates `inputs` (a whole number of encoded positions, [`INPUT_LEN`]
    /// floats each).
    pub fn forward(&self, inputs: &[f32]) -> NetOutput {
        let n = inputs.len() / INPUT_LEN;
        let mut out = NetOutput {
            logits: vec![0.0; n * ACTIONS],
            values: vec![0.0; n],
        };
        let c = self.config.channels;
        let mut scratch = Scratch::new(c);
        for i in 0..n {
            let input = &inputs[i * INPUT_LEN..(i + 1) * INPUT_LEN];
            let logits = &mut out.logits[i * ACTIONS..(i + 1) * ACTIONS];
            out.values[i] = self.forward_one(input, logits, &mut scratch);
        }
        out
    }

    fn forward_one(&self, input: &[f32], logits: &mut [f32], s: &mut Scratch) -> f32 {
        conv3x3(&self.stem, input, &mut s.h, &mut s.cols);
        relu(&mut s.h);
        for (a, b) in &self.blocks {
            conv3x3(a, &s.h, &mut s.t, &mut s.cols);
            relu(&mut s.t);
            conv3x3(b, &s.t, &mut s.u, &mut s.cols);
            for (h, u) in s.h.iter_mut().zip(&s.u) {
                *h = (*h + u).max(0.0);
            }
        }
        let mut p = [0.0f32; 128];
        conv1x1(&self.policy_conv, &s.h, &mut p);
        relu(&mut p);
        linear(&self.policy, &p, logits);
        let mut v = [0.0f32; 64];
        conv1x1(&self.value_conv, &s.h, &mut v);
        relu(&mut v);
        let mut v1 = [0.0f32; 64];
        linear(&self.value1, &v, &mut v1);
        relu(&mut v1);
        let mut v2 = [0.0f32; 1];
        linear(&self.value2, &v1, &mut v2);
        v2[0].tanh()
    }
}

/// Buffers reused across positions.
struct Scratch {
    h: Vec<f32>,
    t: Vec<f32>,
    u: Vec<f32>,
    cols: Vec<f32>,
}

impl Scratch {
    fn new(c: usize) -> Scratch {
        Scratch {
            h: vec![0.0; c * 64],
            t: vec![0.0; c * 64],
            u: vec![0.0; c * 64],
            cols: vec![0.0; c.max(PLANES) * 9 * 64],
        }
    }
}

fn relu(x: &mut [f32]) {
    for v in x {
        *v = v.max(0.0);
    }
}

/// 3x3 convolution with zero padding 1 on 8x8 planes, as a matrix product
/// over the unfolded input (`cols`: one row of 64 per input channel and tap).
fn conv3x3(layer: &Layer, input: &[f32], out: &mut [f32], cols: &mut [f32]) {
    let k = layer.inputs; // in_channels * 9
    let cols = &mut cols[..k * 64];
    for (ci, plane) in input.chunks_exact(64).enumerate() {
        for tap in 0..9 {
            let (dy, dx) = (tap as i32 / 3 - 1, tap as i32 % 3 - 1);
            let row = &mut cols[(ci * 9 + tap) * 64..(ci * 9 + tap + 1) * 64];
            for y in 0..8i32 {
                for x in 0..8i32 {
                    let (sy, sx) = (y + dy, x + dx);
                    row[(y * 8 + x) as usize] = if (0..8).contains(&sy) && (0..8).contains(&sx) {
                        plane[(sy * 8 + sx) as usize]
                    } else {
                        0.0
                    };
                }
            }
        }
    }
    for (o, dst) in out.chunks_exact_mut(64).enumerate() {
        dst.fill(layer.bias[o]);
        let w = &layer.weight[o * k..(o + 1) * k];
        for (wk, col) in w.iter().zip(cols.chunks_exact(64)) {
            for (d, s) in dst.iter_mut().zip(col) {
                *d += wk * s;
            }
        }
    }
}

/// 1x1 convolution on 8x8 planes.
fn conv1x1(layer: &Layer, input: &[f32], out: &mut [f32]) {
    let k = layer.inputs;
    for (o, dst) in out.chunks_exact_mut(64).enumerate() {
        dst.fill(layer.bias[o]);
        for (wk, plane) in layer.weight[o * k..(o + 1) * k]
            .iter()
            .zip(input.chunks_exact(64))
        {
            for (d, s) in dst.iter_mut().zip(plane) {
                *d += wk * s;
            }
        }
    }
}

/// Fully connected layer.
fn linear(layer: &Layer, input: &[f32], out: &mut [f32]) {
    let k = layer.inputs;
    for (o, dst) in out.iter_mut().enumerate() {
        let w = &layer.weight[o * k..(o + 1) * k];
        *dst = layer.bias[o] + w.iter().zip(input).map(|(a, b)| a * b).sum::<f32>();
    }
}
