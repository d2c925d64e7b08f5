//! Training with candle (feature `az-train`): the same layers as
//! [`super::net`], under the same names, trained on [`Sample`]s with a
//! soft-target cross-entropy for the policy and a squared error for the value.

use super::encode::{encode_into, ACTIONS, INPUT_LEN, PLANES};
use super::net::{Net, NetConfig, NetOutput};
use super::selfplay::Sample;
use candle_core::{DType, Device, Tensor, Var, D};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};

/// A training failure (from candle).
#[derive(Debug, thiserror::Error)]
#[error("training: {0}")]
pub struct TrainError(String);

impl From<candle_core::Error> for TrainError {
    fn from(e: candle_core::Error) -> Self {
        TrainError(e.to_string())
    }
}

/// Losses of one step (means over the batch).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Losses {
    /// Policy cross-entropy.
    pub policy: f32,
    /// Value squared error.
    pub value: f32,
}

/// A network being trained, with its optimiser.
pub struct Trainer {
    config: NetConfig,
    vars: Vec<Var>,
    opt: AdamW,
    dev: Device,
}

impl Trainer {
    /// Starts from `net`'s weights with learning rate `lr`.
    pub fn new(net: &Net, lr: f64) -> Result<Trainer, TrainError> {
        let dev = Device::Cpu;
        let config = net.config();
        let flat = net.params();
        let mut vars = Vec::new();
        let mut at = 0;
        for (_, shape) in config.params() {
            let n: usize = shape.iter().product();
            let t = Tensor::from_slice(&flat[at..at + n], shape.as_slice(), &dev)?;
            vars.push(Var::from_tensor(&t)?);
            at += n;
        }
        let params = ParamsAdamW {
            lr,
            weight_decay: 1e-4,
            ..Default::default()
        };
        let opt = AdamW::new(vars.clone(), params)?;
        Ok(Trainer {
            config,
            vars,
            opt,
            dev,
        })
    }

    /// The network with the current weights.
    pub fn net(&self) -> Result<Net, TrainError> {
        let mut flat = Vec::with_capacity(self.config.param_count());
        for v in &self.vars {
            flat.extend(v.as_tensor().flatten_all()?.to_vec1::<f32>()?);
        }
        Net::from_params(self.config, &flat).map_err(|e| TrainError(e.to_string()))
    }

    fn forward_tensors(&self, x: &Tensor) -> Result<(Tensor, Tensor), TrainError> {
        let v = |i: usize| self.vars[i].as_tensor();
        let conv = |x: &Tensor, i: usize, pad: usize| -> candle_core::Result<Tensor> {
            let b = v(i + 1).reshape((1, (), 1, 1))?;
            x.conv2d(v(i), pad, 1, 1, 1)?.broadcast_add(&b)
        };
        let linear = |x: &Tensor, i: usize| -> candle_core::Result<Tensor> {
            x.matmul(&v(i).t()?)?.broadcast_add(v(i + 1))
        };
        let mut h = conv(x, 0, 1)?.relu()?;
        let mut i = 2;
        for _ in 0..self.config.blocks {
            let t = conv(&h, i, 1)?.relu()?;
            let u = conv(&t, i + 2, 1)?;
            h = (u + h)?.relu()?;
            i += 4;
        }
        let p = conv(&h, i, 0)?.relu()?.flatten_from(1)?;
        let logits = linear(&p, i + 2)?;
        let w = conv(&h, i + 4, 0)?.relu()?.flatten_from(1)?;
        let w = linear(&w, i + 6)?.relu()?;
        let value = linear(&w, i + 8)?.tanh()?;
        Ok((logits, value))
    }

    /// Candle's forward pass on encoded positions (for comparing with
    /// [`Net::forward`]).
    pub fn forward(&self, inputs: &[f32]) -> Result<NetOutput, TrainError> {
        let n = inputs.len() / INPUT_LEN;
        let x = Tensor::from_slice(inputs, (n, PLANES, 8, 8), &self.dev)?;
        let (logits, value) = self.forward_tensors(&x)?;
        Ok(NetOutput {
            logits: logits.flatten_all()?.to_vec1()?,
            values: value.flatten_all()?.to_vec1()?,
        })
    }

    fn batch_tensors(&self, batch: &[Sample]) -> Result<(Tensor, Tensor, Tensor), TrainError> {
        let n = batch.len();
        let mut inputs = vec![0.0f32; n * INPUT_LEN];
        let mut policy = vec![0.0f32; n * ACTIONS];
        let mut values = vec![0.0f32; n];
        for (i, s) in batch.iter().enumerate() {
            encode_into(&s.pos, &mut inputs[i * INPUT_LEN..(i + 1) * INPUT_LEN]);
            for &(a, p) in &s.policy {
                policy[i * ACTIONS + a as usize] += p;
            }
            values[i] = s.value;
        }
        Ok((
            Tensor::from_vec(inputs, (n, PLANES, 8, 8), &self.dev)?,
            Tensor::from_vec(policy, (n, ACTIONS), &self.dev)?,
            Tensor::from_vec(values, (n, 1), &self.dev)?,
        ))
    }

    fn losses(&self, batch: &[Sample]) -> Result<(Tensor, Tensor), TrainError> {
        let (x, policy, values) = self.batch_tensors(batch)?;
        let (logits, value) = self.forward_tensors(&x)?;
        let log_p = candle_nn::ops::log_softmax(&logits, D::Minus1)?;
        let policy_loss = (policy * log_p)?.sum(D::Minus1)?.mean_all()?.neg()?;
        let value_loss = (value - values)?.sqr()?.mean_all()?;
        Ok((policy_loss, value_loss))
    }

    /// One optimiser step on `batch`; the losses before the step.
    pub fn step(&mut self, batch: &[Sample]) -> Result<Losses, TrainError> {
        let (pl, vl) = self.losses(batch)?;
        let total = (&pl + &vl)?;
        self.opt.backward_step(&total)?;
        Ok(Losses {
            policy: pl.to_dtype(DType::F32)?.to_scalar()?,
            value: vl.to_scalar()?,
        })
    }

    /// Losses on `batch` without training.
    pub fn evaluate(&self, batch: &[Sample]) -> Result<Losses, TrainError> {
        let (pl, vl) = self.losses(batch)?;
        Ok(Losses {
            policy: pl.to_scalar()?,
            value: vl.to_scalar()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::az::encode::{action, encode};
    use crate::{Position, Variant};

    fn small_net() -> Net {
        Net::random(
            NetConfig {
                channels: 8,
                blocks: 1,
            },
            21,
        )
    }

    /// Positions along a fixed line of play, each labelled with the move
    /// played from it and a made-up value.
    fn samples() -> Vec<Sample> {
        let mut pos = Position::start(Variant::English);
        let mut out = Vec::new();
        for i in 0..16 {
            let moves = pos.legal_moves();
            let Some(&mv) = moves.get(i % moves.len().max(1)) else {
                break;
            };
            out.push(Sample {
                pos,
                policy: vec![(action(&mv) as u16, 1.0)],
                value: if i % 2 == 0 { 0.5 } else { -0.5 },
            });
            pos = pos.after(&mv);
        }
        out
    }

    #[test]
    fn candle_forward_equals_the_hand_written_one() {
        let net = small_net();
        let trainer = Trainer::new(&net, 1e-3).unwrap();
        let mut inputs = Vec::new();
        for s in samples().iter().take(4) {
            inputs.extend(encode(&s.pos));
        }
        let ours = net.forward(&inputs);
        let theirs = trainer.forward(&inputs).unwrap();
        for (a, b) in ours.logits.iter().zip(&theirs.logits) {
            assert!((a - b).abs() < 1e-4, "{a} vs {b}");
        }
        for (a, b) in ours.values.iter().zip(&theirs.values) {
            assert!((a - b).abs() < 1e-5, "{a} vs {b}");
        }
        assert_eq!(trainer.net().unwrap(), net);
    }

    #[test]
    fn training_smoke_loss_falls() {
        let batch = samples();
        let mut trainer = Trainer::new(&small_net(), 1e-2).unwrap();
        let before = trainer.evaluate(&batch).unwrap();
        for _ in 0..40 {
            trainer.step(&batch).unwrap();
        }
        let after = trainer.evaluate(&batch).unwrap();
        assert!(
            after.policy < 0.5 * before.policy,
            "{before:?} -> {after:?}"
        );
        assert!(after.value < before.value, "{before:?} -> {after:?}");
        // The trained weights reach the hand-written network.
        let net = trainer.net().unwrap();
        assert_ne!(net, small_net());
    }
}
