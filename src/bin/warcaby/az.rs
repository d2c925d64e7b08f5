//! `warcaby az`: the AlphaZero bot's self-play, training and evaluation.
//! Training needs the `az-train` feature (candle); the rest runs in every build.

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use warcaby::arena::{self, openings::Opening, Config, Entrant};
use warcaby::az::selfplay::{self_play_game, Sample, SelfPlayConfig};
use warcaby::az::{Mcts, MctsConfig, MctsLimits, Net, INPUT_LEN};
use warcaby::core::rng::{entropy_seed, Rng};
use warcaby::{Game, Position, Variant};

#[derive(Subcommand)]
pub(crate) enum AzCommand {
    /// Plays self-play games and appends their samples to a file.
    Selfplay(SelfplayArgs),
    /// Warm start from alpha-beta labels, then self-play generations, each
    /// kept only if it beats the previous one in the arena (feature az-train).
    Train(crate::az_train::TrainArgs),
    /// Speed of the network and the search; with --against, a match in the arena.
    Eval(EvalArgs),
}

#[derive(Args)]
pub(crate) struct SelfplayArgs {
    /// Network file (default: the shipped network).
    #[arg(long, value_name = "FILE")]
    net: Option<PathBuf>,
    /// Games to play.
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Simulations per move.
    #[arg(long, default_value_t = 100)]
    sims: u32,
    /// File the samples are appended to (one line each).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Seed (default: random).
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(Args)]
pub(crate) struct EvalArgs {
    /// Network file (default: the shipped network).
    #[arg(long, value_name = "FILE")]
    net: Option<PathBuf>,
    /// Opponent bot spec for a match (English rules, both colours).
    #[arg(long, value_name = "SPEC")]
    against: Option<String>,
    /// The AlphaZero bot's spec options in the match, e.g. `time=1000`.
    #[arg(long, default_value = "time=1000")]
    az: String,
    /// Games of the match (even: every opening with both colours).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Openings file for the match (default: sampled 3-move openings).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Seed (default: random).
    #[arg(long)]
    seed: Option<u64>,
}

pub(crate) fn run(cmd: &AzCommand) -> Result<()> {
    match cmd {
        AzCommand::Selfplay(args) => selfplay(args),
        AzCommand::Train(args) => crate::az_train::run(args),
        AzCommand::Eval(args) => eval(args),
    }
}

/// Reads a network file, or the shipped network.
pub(crate) fn load_net(path: Option<&Path>) -> Result<Arc<Net>> {
    match path {
        None => Ok(warcaby::az::shipped_net()),
        Some(p) => {
            let bytes = std::fs::read(p).with_context(|| p.display().to_string())?;
            let net = Net::from_bytes(&bytes).with_context(|| p.display().to_string())?;
            Ok(Arc::new(net))
        }
    }
}

/// A progress bar on stderr (hidden when stderr is not a terminal).
pub(crate) fn progress(len: u64, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    let template =
        format!("[{{bar:30}}] {{pos}}/{{len}} {what}, {{elapsed}} ({{eta}} left) {{msg}}");
    bar.set_style(
        ProgressStyle::with_template(&template)
            .expect("a valid template")
            .progress_chars("#>-"),
    );
    bar
}

fn selfplay(args: &SelfplayArgs) -> Result<()> {
    let net = load_net(args.net.as_deref())?;
    let seed = args.seed.unwrap_or_else(entropy_seed);
    let mut rng = Rng::new(seed);
    let config = SelfPlayConfig {
        sims: args.sims,
        ..SelfPlayConfig::default()
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| args.out.display().to_string())?;
    let bar = progress(args.games as u64, "games");
    let mut total = 0;
    for _ in 0..args.games {
        let samples = self_play_game(&*net, config, &mut rng);
        total += samples.len();
        write_samples(&mut file, &samples).with_context(|| args.out.display().to_string())?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    println!("seed={seed} games={} samples={total}", args.games);
    Ok(())
}

/// Appends samples as lines.
pub(crate) fn write_samples(out: &mut impl Write, samples: &[Sample]) -> std::io::Result<()> {
    for s in samples {
        writeln!(out, "{}", s.to_line())?;
    }
    Ok(())
}

/// Reads a samples file.
#[cfg_attr(not(feature = "az-train"), allow(dead_code))]
pub(crate) fn read_samples(path: &Path) -> Result<Vec<Sample>> {
    let file = std::fs::File::open(path).with_context(|| path.display().to_string())?;
    let mut out = Vec::new();
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| path.display().to_string())?;
        if line.trim().is_empty() {
            continue;
        }
        out.push(
            Sample::from_line(&line).with_context(|| format!("{}:{}", path.display(), i + 1))?,
        );
    }
    Ok(out)
}

/// `count` openings of three plies from the English start, drawn at random
/// (distinct), for matches played with both colours.
pub(crate) fn random_openings(count: usize, rng: &mut Rng) -> Vec<Opening> {
    let mut lines: Vec<Vec<String>> = Vec::new();
    let start = Position::start(Variant::English);
    for a in start.legal_moves() {
        let p1 = start.after(&a);
        for b in p1.legal_moves() {
            let p2 = p1.after(&b);
            for c in p2.legal_moves() {
                lines.push(vec![
                    warcaby::checkers::notation::full_text(&a, start.rules()),
                    warcaby::checkers::notation::full_text(&b, start.rules()),
                    warcaby::checkers::notation::full_text(&c, start.rules()),
                ]);
            }
        }
    }
    let mut chosen = Vec::new();
    while chosen.len() < count.min(lines.len()) {
        let line = lines.swap_remove(rng.index(lines.len()));
        chosen.push(line.join(" "));
    }
    arena::openings::parse(&chosen.join("\n"), Variant::English).unwrap_or_default()
}

/// Plays `az_spec` against `other` in the arena (English rules, both colours
/// of every opening); the AlphaZero bot's points and the games played.
pub(crate) fn arena_match(
    az_spec: &str,
    other: &str,
    games: u32,
    openings: Vec<Opening>,
    jobs: usize,
    seed: u64,
) -> Result<(f64, u32)> {
    let bots = vec![Entrant::parse(az_spec)?, Entrant::parse(other)?];
    let mut config = Config::new(bots, seed);
    config.rules = warcaby::games::GameRules::Checkers(Variant::English);
    config.games_per_pair = games.max(2) & !1;
    config.time_per_game = Duration::from_secs(3600);
    config.openings = openings;
    config.jobs = jobs.max(1);
    let bar = progress(config.games_per_pair as u64, "games");
    let results = arena::run(&config, &mut |event| {
        if let arena::Event::Game { .. } = event {
            bar.inc(1);
        }
    })?;
    bar.finish_and_clear();
    let pair = results.pairs.first().context("the match played no games")?;
    Ok((pair.regular[0], config.games_per_pair))
}

fn eval(args: &EvalArgs) -> Result<()> {
    let net = load_net(args.net.as_deref())?;
    let start = Position::start(Variant::English);
    let mut inputs = Vec::new();
    for _ in 0..32 {
        inputs.extend(warcaby::az::encode(&start));
    }
    let t = Instant::now();
    let mut evals = 0usize;
    while t.elapsed() < Duration::from_millis(1500) {
        evals += net.forward(&inputs).values.len();
    }
    let evals_per_s = evals as f64 / t.elapsed().as_secs_f64();
    let game = Game::new(Variant::English);
    let mut tree = Mcts::new(MctsConfig::default(), *game.position(), 0, Vec::new());
    let limits = MctsLimits {
        sims: None,
        time_ms: Some(2000),
    };
    let t = Instant::now();
    let result = tree.run(&*net, limits, &mut Rng::new(1));
    let sims_per_s = result.sims as f64 / t.elapsed().as_secs_f64();
    println!(
        "net_params={} evals_per_s={evals_per_s:.0} mcts_sims_per_s={sims_per_s:.0} input_floats={INPUT_LEN}",
        net.config().param_count()
    );
    if let Some(other) = &args.against {
        let seed = args.seed.unwrap_or_else(entropy_seed);
        let mut rng = Rng::new(seed);
        let openings = match &args.openings {
            Some(path) => {
                let text =
                    std::fs::read_to_string(path).with_context(|| path.display().to_string())?;
                arena::openings::parse(&text, Variant::English)
                    .map_err(anyhow::Error::msg)
                    .with_context(|| path.display().to_string())?
            }
            None => random_openings(args.games.div_ceil(2) as usize, &mut rng),
        };
        let mut spec = format!("az:{}", args.az);
        if let Some(path) = &args.net {
            spec.push_str(&format!(":net={}", path.display()));
        }
        let (points, games) = arena_match(&spec, other, args.games, openings, args.jobs, seed)?;
        println!(
            "seed={seed} az={spec} against={other} games={games} points={points} score_pct={:.1}",
            100.0 * points / games as f64
        );
    }
    Ok(())
}
