//! `warcaby evalnet train`: fits the learned evaluation (feature az-train)
//! to positions from `warcaby evalnet gen`, reports the training and
//! validation loss per epoch, and writes the quantised network file.

use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub(crate) struct TrainArgs {
    /// Position files from `warcaby evalnet gen`, or folders of them (every
    /// `*.dat` file inside, as a self-play run on Ray writes its batches).
    #[arg(long, value_name = "FILE|DIR", required = true)]
    data: Vec<PathBuf>,
    /// The network file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// First hidden layer width.
    #[arg(long, default_value_t = 64)]
    h1: usize,
    /// Second hidden layer width.
    #[arg(long, default_value_t = 32)]
    h2: usize,
    /// Phase buckets: the layers after the first in this many copies, one
    /// for each stage of the game by the pieces on the board (1: none).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=8))]
    buckets: u16,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 8)]
    epochs: usize,
    /// Learning rate (AdamW) of the first epoch; it decays to a tenth.
    #[arg(long, default_value_t = 2e-3)]
    lr: f64,
    /// Positions per step.
    #[arg(long, default_value_t = 1024)]
    batch: usize,
    /// Weight of the search score in the target (the rest: the game result).
    #[arg(long, default_value_t = 0.5)]
    blend: f32,
    /// Hundredths of a man per unit of network output (default: fitted to
    /// the data, the scale at which the search score best predicts results).
    #[arg(long)]
    scale: Option<f32>,
    /// Share of the games held out for validation (whole games, so that a
    /// held-out position has no neighbour of its own game in training).
    #[arg(long, default_value_t = 0.05)]
    validation: f64,
    /// Go on training this network file (its widths and scale; --h1, --h2
    /// and --scale are not taken) instead of starting from random weights:
    /// to fine-tune the shipped network on new data.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["h1", "h2", "buckets", "scale"])]
    init: Option<PathBuf>,
    /// Seed of the weights and the shuffling.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[cfg(not(feature = "az-train"))]
pub(crate) fn run(_args: &TrainArgs) -> anyhow::Result<()> {
    anyhow::bail!("training needs the az-train feature: cargo build --release --features az-train")
}

#[cfg(feature = "az-train")]
pub(crate) use imp::run;

#[cfg(feature = "az-train")]
mod imp {
    use super::TrainArgs;
    use anyhow::{bail, Context, Result};
    use std::time::Instant;
    use warcaby::checkers::ai::learned::data::{read_data_files, split_by_game, Sample};
    use warcaby::checkers::ai::learned::net::QuantNet;
    use warcaby::checkers::ai::learned::train::{
        fit_scale, score_only_loss, FloatNet, TrainConfig,
    };
    use warcaby::core::rng::Rng;

    /// Largest difference between the float and the quantised evaluation
    /// over some validation positions, in hundredths of a man.
    fn quantisation_error(net: &FloatNet, q: &QuantNet, samples: &[Sample]) -> Result<f32> {
        let boards: Vec<_> = samples.iter().take(2000).map(|s| s.board).collect();
        let float = net.evaluate(&boards)?;
        Ok(boards
            .iter()
            .zip(float)
            .map(|(b, f)| (q.evaluate(b) as f32 - f).abs())
            .fold(0f32, f32::max))
    }

    pub(crate) fn run(args: &TrainArgs) -> Result<()> {
        let (board, all) = read_data_files(&args.data).map_err(anyhow::Error::msg)?;
        if all.len() < 100 {
            bail!(
                "only {} positions: generate more with evalnet gen",
                all.len()
            );
        }
        let (mut samples, validation) = split_by_game(&all, args.validation, args.seed ^ 0x5eed);
        drop(all);
        if validation.is_empty() {
            bail!("the data hold one game: nothing to validate on");
        }
        let mut rng = Rng::new(args.seed ^ 0x5eed);
        for i in (1..samples.len()).rev() {
            samples.swap(i, rng.index(i + 1));
        }
        let init = match &args.init {
            Some(file) => Some(
                std::fs::read(file)
                    .map_err(anyhow::Error::from)
                    .and_then(|b| Ok(QuantNet::parse(&b)?))
                    .with_context(|| file.display().to_string())?,
            ),
            None => None,
        };
        if let Some(net) = init.as_ref().filter(|net| net.board() != board) {
            bail!(
                "--init reads {} positions, the data are of the {} board",
                net.board().name(),
                board.name()
            );
        }
        let scale = match (&init, args.scale) {
            (Some(net), _) => net.scale(),
            (None, Some(s)) => s,
            (None, None) => fit_scale(&samples[..samples.len().min(200_000)]),
        };
        let config = TrainConfig {
            board,
            h1: args.h1,
            h2: args.h2,
            buckets: args.buckets as usize,
            scale,
            blend: args.blend,
            lr: args.lr,
            batch: args.batch,
            seed: args.seed,
        };
        let mut net = match &init {
            Some(from) => FloatNet::from_net(config, from)?,
            None => FloatNet::new(config)?,
        };
        let shape = net.config();
        println!(
            "evalnet train positions={} validation={} scale={scale} blend={} shape={}x{}x{}x1 buckets={} init={}",
            samples.len(),
            validation.len(),
            args.blend,
            warcaby::checkers::ai::learned::features::inputs(board),
            shape.h1,
            shape.h2,
            shape.buckets,
            args.init.as_ref().map_or("random".into(), |f| f.display().to_string()),
        );
        println!(
            "baseline score_only_validation_loss={:.5}",
            score_only_loss(&validation, scale, args.blend)
        );
        if init.is_some() {
            println!("epoch=0 validation_loss={:.5}", net.validate(&validation)?);
        }
        let start = Instant::now();
        for epoch in 0..args.epochs {
            let decay = epoch as f64 / (args.epochs.max(2) - 1) as f64;
            let lr = args.lr * 0.1f64.powf(decay);
            let train = net.epoch(&mut samples, lr)?;
            let val = net.validate(&validation)?;
            println!(
                "epoch={} lr={lr:.2e} train_loss={train:.5} validation_loss={val:.5} seconds={:.0}",
                epoch + 1,
                start.elapsed().as_secs_f64()
            );
        }
        let bytes = net.export()?;
        let q = QuantNet::parse(&bytes)?;
        let err = quantisation_error(&net, &q, &validation)?;
        warcaby::core::fs::write_atomically(&args.out, &bytes)
            .with_context(|| args.out.display().to_string())?;
        println!(
            "wrote {} bytes={} max_quantisation_error={err:.1}",
            args.out.display(),
            bytes.len()
        );
        Ok(())
    }
}
