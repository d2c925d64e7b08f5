//! `warcaby az train`: a supervised warm start on positions labelled by the
//! alpha-beta engine, then generations of self-play. Each generation trains
//! a candidate on the replay buffer and plays the current best in the
//! arena; the candidate is kept only if it scores more than half.
//! Writes checkpoints, `losses.csv`, `elo.csv` and their plots (SVG).

use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub(crate) struct TrainArgs {
    /// Folder for checkpoints, CSV files and plots.
    #[arg(long, default_value = "az-train", value_name = "DIR")]
    out: PathBuf,
    /// Start from this network (default: random weights).
    #[arg(long, value_name = "FILE")]
    init: Option<PathBuf>,
    /// Trunk channels of a new network.
    #[arg(long, default_value_t = 32)]
    channels: usize,
    /// Residual blocks of a new network.
    #[arg(long, default_value_t = 3)]
    blocks: usize,
    /// Warm start: games of the alpha-beta engine against itself, labelled.
    #[arg(long, default_value_t = 200)]
    label_games: usize,
    /// Warm start: the labelling engine's depth.
    #[arg(long, default_value_t = 6)]
    label_depth: u32,
    /// Warm start: the labelling engine's evaluation.
    #[arg(long, default_value_t = warcaby::checkers::ai::CheckersEval::learned())]
    label_eval: warcaby::checkers::ai::CheckersEval,
    /// Warm start: threads playing the labelled games.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// Warm start: training steps on the labels.
    #[arg(long, default_value_t = 1000)]
    warm_steps: usize,
    /// Self-play generations.
    #[arg(long, default_value_t = 5)]
    generations: usize,
    /// Self-play games per generation.
    #[arg(long, default_value_t = 20)]
    games_per_gen: usize,
    /// Simulations per self-play move.
    #[arg(long, default_value_t = 100)]
    sims: u32,
    /// Training steps per generation.
    #[arg(long, default_value_t = 200)]
    steps: usize,
    /// Samples per training step.
    #[arg(long, default_value_t = 128)]
    batch: usize,
    /// Learning rate (AdamW).
    #[arg(long, default_value_t = 1e-3)]
    lr: f64,
    /// Replay buffer size in samples (the newest are kept).
    #[arg(long, default_value_t = 60_000)]
    buffer: usize,
    /// Games of each generation's match against the best so far.
    #[arg(long, default_value_t = 20)]
    match_games: u32,
    /// Simulations per move in those matches.
    #[arg(long, default_value_t = 100)]
    match_sims: u32,
    /// Stop starting new generations after this many minutes.
    #[arg(long)]
    minutes: Option<f64>,
    /// Sample files (from `warcaby az selfplay`) added to the replay buffer
    /// before the warm start.
    #[arg(long, value_name = "FILE")]
    samples: Vec<PathBuf>,
    /// Seed (default: random).
    #[arg(long)]
    seed: Option<u64>,
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
    use crate::az::{
        arena_match, load_net, progress, random_openings, read_samples, write_samples,
    };
    use anyhow::{anyhow, Context, Result};
    use std::collections::VecDeque;
    use std::io::Write;
    use std::path::Path;
    use std::time::Instant;
    use warcaby::az::selfplay::{
        labelled_game, self_play_game, LabelConfig, Sample, SelfPlayConfig,
    };
    use warcaby::az::train::Trainer;
    use warcaby::az::{Net, NetConfig};
    use warcaby::core::rng::{entropy_seed, Rng};

    /// CSV files and the points of their plots.
    struct Logs {
        dir: PathBuf,
        losses: Vec<(f64, f64, f64)>,
        elo: Vec<(f64, f64)>,
        step: usize,
    }
    use std::path::PathBuf;

    impl Logs {
        fn new(dir: &Path) -> Result<Logs> {
            write_file(
                &dir.join("losses.csv"),
                "phase,generation,step,policy_loss,value_loss\n",
            )?;
            write_file(&dir.join("elo.csv"), "generation,elo,score,games,kept\n")?;
            Ok(Logs {
                dir: dir.to_path_buf(),
                losses: Vec::new(),
                elo: Vec::new(),
                step: 0,
            })
        }

        fn loss(&mut self, phase: &str, generation: usize, policy: f32, value: f32) -> Result<()> {
            self.step += 1;
            self.losses
                .push((self.step as f64, policy as f64, value as f64));
            append(
                &self.dir.join("losses.csv"),
                &format!(
                    "{phase},{generation},{},{policy:.5},{value:.5}\n",
                    self.step
                ),
            )
        }

        fn generation(
            &mut self,
            g: usize,
            elo: f64,
            score: f64,
            games: u32,
            kept: bool,
        ) -> Result<()> {
            self.elo.push((g as f64, elo));
            append(
                &self.dir.join("elo.csv"),
                &format!("{g},{elo:.1},{score:.3},{games},{kept}\n"),
            )
        }

        fn plot(&self) -> Result<()> {
            let policy: Vec<(f64, f64)> = self.losses.iter().map(|l| (l.0, l.1)).collect();
            let value: Vec<(f64, f64)> = self.losses.iter().map(|l| (l.0, l.2)).collect();
            crate::az_plot::lines(
                &self.dir.join("losses.svg"),
                "Training loss",
                "step",
                &[("policy cross-entropy", &policy), ("value MSE", &value)],
            )?;
            crate::az_plot::lines(
                &self.dir.join("elo.svg"),
                "Elo of the kept network by generation (generation 0 = 0)",
                "generation",
                &[("Elo", &self.elo)],
            )
        }
    }

    fn write_file(path: &Path, text: &str) -> Result<()> {
        warcaby::core::fs::write_atomically(path, text.as_bytes())
            .with_context(|| path.display().to_string())
    }

    fn append(path: &Path, text: &str) -> Result<()> {
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(|| path.display().to_string())?;
        f.write_all(text.as_bytes())
            .with_context(|| path.display().to_string())
    }

    fn save(net: &Net, path: &Path) -> Result<()> {
        warcaby::core::fs::write_atomically(path, &net.to_bytes())
            .with_context(|| path.display().to_string())
    }

    /// Trains `steps` steps on random batches of `buffer`; the new network.
    fn train(
        net: &Net,
        buffer: &VecDeque<Sample>,
        args: &TrainArgs,
        steps: usize,
        (phase, generation): (&str, usize),
        logs: &mut Logs,
        rng: &mut Rng,
    ) -> Result<Net> {
        let mut trainer = Trainer::new(net, args.lr)?;
        let bar = progress(steps as u64, "steps");
        for _ in 0..steps {
            let batch: Vec<Sample> = (0..args.batch)
                .map(|_| buffer[rng.index(buffer.len())].clone())
                .collect();
            let l = trainer.step(&batch)?;
            logs.loss(phase, generation, l.policy, l.value)?;
            bar.set_message(format!("policy {:.3} value {:.3}", l.policy, l.value));
            bar.inc(1);
        }
        bar.finish_and_clear();
        Ok(trainer.net()?)
    }

    fn push(buffer: &mut VecDeque<Sample>, samples: Vec<Sample>, cap: usize) {
        buffer.extend(samples);
        while buffer.len() > cap {
            buffer.pop_front();
        }
    }

    /// Elo difference for a score fraction over `games` games.
    fn elo_diff(score: f64, games: u32) -> f64 {
        let eps = 0.5 / games.max(1) as f64;
        let s = score.clamp(eps, 1.0 - eps);
        400.0 * (s / (1.0 - s)).log10()
    }

    /// Plays `count` labelled games on `threads` threads (each with its own
    /// seed drawn from `rng`), in the order of those seeds.
    fn labelled_games(
        config: LabelConfig,
        count: usize,
        threads: u32,
        rng: &mut Rng,
        bar: &indicatif::ProgressBar,
    ) -> Result<Vec<Vec<Sample>>> {
        let threads = (threads as usize).clamp(1, count.max(1));
        let seeds: Vec<u64> = (0..threads).map(|_| rng.below(u64::MAX)).collect();
        let config = &config;
        std::thread::scope(|scope| {
            let handles: Vec<_> = seeds
                .iter()
                .enumerate()
                .map(|(t, &seed)| {
                    let share = count / threads + usize::from(t < count % threads);
                    scope.spawn(move || {
                        let mut rng = Rng::new(seed);
                        (0..share)
                            .map(|_| {
                                let games = labelled_game(config.clone(), &mut rng);
                                bar.inc(1);
                                games
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            let mut games = Vec::with_capacity(count);
            for h in handles {
                games.extend(
                    h.join()
                        .map_err(|_| anyhow!("a labelling thread panicked"))?,
                );
            }
            Ok(games)
        })
    }

    fn warm_start(
        net: Net,
        args: &TrainArgs,
        buffer: &mut VecDeque<Sample>,
        logs: &mut Logs,
        rng: &mut Rng,
    ) -> Result<Net> {
        if args.label_games == 0 {
            if buffer.is_empty() || args.warm_steps == 0 {
                return Ok(net);
            }
            return train(&net, buffer, args, args.warm_steps, ("warm", 0), logs, rng);
        }
        let bar = progress(args.label_games as u64, "labelled games");
        let path = args.out.join("labels.txt");
        let mut file = std::fs::File::create(&path).with_context(|| path.display().to_string())?;
        let config = LabelConfig {
            depth: args.label_depth,
            eval: args.label_eval.clone(),
            ..LabelConfig::default()
        };
        let games = labelled_games(config, args.label_games, args.threads, rng, &bar)?;
        for samples in games {
            write_samples(&mut file, &samples).with_context(|| path.display().to_string())?;
            push(buffer, samples, args.buffer);
        }
        bar.finish_and_clear();
        eprintln!("warm start: {} labelled positions", buffer.len());
        train(&net, buffer, args, args.warm_steps, ("warm", 0), logs, rng)
    }

    pub(crate) fn run(args: &TrainArgs) -> Result<()> {
        let started = Instant::now();
        std::fs::create_dir_all(&args.out).with_context(|| args.out.display().to_string())?;
        let seed = args.seed.unwrap_or_else(entropy_seed);
        eprintln!("seed={seed}");
        let mut rng = Rng::new(seed);
        let net = match &args.init {
            Some(path) => (*load_net(Some(path))?).clone(),
            None => Net::random(
                NetConfig {
                    channels: args.channels,
                    blocks: args.blocks,
                },
                seed,
            ),
        };
        let mut logs = Logs::new(&args.out)?;
        let mut buffer = VecDeque::new();
        for path in &args.samples {
            push(&mut buffer, read_samples(path)?, args.buffer);
        }
        let mut best = warm_start(net, args, &mut buffer, &mut logs, &mut rng)?;
        save(&best, &args.out.join("gen-000.wazn"))?;
        save(&best, &args.out.join("best.wazn"))?;
        logs.generation(0, 0.0, 0.5, 0, true)?;
        let mut elo = 0.0;
        let config = SelfPlayConfig {
            sims: args.sims,
            ..SelfPlayConfig::default()
        };
        for g in 1..=args.generations {
            if args
                .minutes
                .is_some_and(|m| started.elapsed().as_secs_f64() > m * 60.0)
            {
                eprintln!("time budget spent: stopping before generation {g}");
                break;
            }
            let bar = progress(args.games_per_gen as u64, "self-play games");
            let mut new = 0;
            for _ in 0..args.games_per_gen {
                let samples = self_play_game(&best, config, &mut rng);
                new += samples.len();
                push(&mut buffer, samples, args.buffer);
                bar.inc(1);
            }
            bar.finish_and_clear();
            let candidate = train(
                &best,
                &buffer,
                args,
                args.steps,
                ("selfplay", g),
                &mut logs,
                &mut rng,
            )?;
            let cand_path = args.out.join(format!("gen-{g:03}.wazn"));
            save(&candidate, &cand_path)?;
            let best_path = args.out.join("best.wazn");
            let openings = random_openings(args.match_games.div_ceil(2) as usize, &mut rng);
            let (points, games) = arena_match(
                &format!("az:sims={}:net={}", args.match_sims, cand_path.display()),
                &format!("az:sims={}:net={}", args.match_sims, best_path.display()),
                args.match_games,
                openings,
                1,
                rng.below(u64::MAX),
            )?;
            let score = points / games as f64;
            let kept = points * 2.0 > games as f64;
            if kept {
                elo += elo_diff(score, games);
                best = candidate;
                save(&best, &best_path)?;
            }
            logs.generation(g, elo, score, games, kept)?;
            logs.plot()?;
            eprintln!(
                "generation {g}: {new} new samples, buffer {}, match {points}/{games}, {}; elo {elo:.0}; {:.1} min",
                buffer.len(),
                if kept { "kept" } else { "rejected" },
                started.elapsed().as_secs_f64() / 60.0
            );
        }
        logs.plot()?;
        println!(
            "seed={seed} best={} minutes={:.1}",
            args.out.join("best.wazn").display(),
            started.elapsed().as_secs_f64() / 60.0
        );
        Ok(())
    }
}
