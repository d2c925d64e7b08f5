//! `warcaby evalnet`: the learned evaluation's data and training. `gen`
//! plays self-play games from the ACF ballots (on 10x10: from every
//! position two plies after the start), plus a few random plies, at a
//! fixed node count on several threads and appends their quiet positions,
//! labelled, to a file; `train` (feature az-train) fits the network to
//! them and writes the quantised file the library ships. A candidate is
//! measured as a value: `bench strength --net FILE`, or an arena engine
//! with `eval=learned:net=FILE`.

use crate::strength::{openings, with_net};
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use warcaby::checkers::ai::learned::data::{
    adjudicate, data_magic, parse_samples, sample_bytes, self_play_engine, self_play_game,
    SelfPlaySpec,
};
use warcaby::checkers::ai::learned::features::MoverBoard;
use warcaby::checkers::ai::learned::EvalNet;
use warcaby::checkers::ai::{CheckersNodeOf, InternationalEval};
use warcaby::checkers::ballots;
use warcaby::checkers::egdb::{Egdb, Value};
use warcaby::checkers::game::GameOf;
use warcaby::checkers::geometry::{Board10, Geometry};
use warcaby::checkers::position::Position;
use warcaby::checkers::rules::BoardSize;
use warcaby::core::jobs::{run_ordered, Flow};
use warcaby::search::Evaluator;
use warcaby::Variant;

/// The learned evaluation's commands.
#[derive(Subcommand)]
pub(crate) enum EvalnetCommand {
    /// Self-play training positions (appended to --out).
    Gen(GenArgs),
    /// Train the network on positions from `gen` (feature az-train).
    Train(crate::evalnet_train::TrainArgs),
    /// Gives each game's positions the result the endgame tables know (a
    /// won ending the self-play players drew is a win), as a new file.
    Adjudicate(AdjudicateArgs),
    /// Gives every position a new score, from a search of --nodes nodes
    /// with --eval (positions of cheap games scored by the strongest
    /// evaluation, or a set searched deeper); killed, it goes on where
    /// --out stops.
    Rescore(crate::evalnet_rescore::RescoreArgs),
}

#[derive(Args)]
pub(crate) struct AdjudicateArgs {
    /// The position file from `gen` to read (left as it is).
    #[arg(long, value_name = "FILE")]
    data: PathBuf,
    /// The file to write (written whole, then moved into place).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The endgame tables' folder (`warcaby egdb build --out DIR`).
    #[arg(long, value_name = "DIR")]
    egdb: PathBuf,
    /// The rules the games were played under (the tables' variant).
    #[arg(long, default_value = "english", value_parser = Variant::from_any_name)]
    variant: Variant,
}

#[derive(Args)]
pub(crate) struct GenArgs {
    /// File the positions are appended to (created with its header if new).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The rules the games are played under (the ballots legal there;
    /// `international` for the 10x10 board).
    #[arg(long, default_value = "english", value_parser = Variant::from_any_name)]
    variant: Variant,
    /// Games to play (game i starts from the i-th legal ballot, cycling).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Stop starting games after this many minutes.
    #[arg(long)]
    minutes: Option<f64>,
    /// Nodes per move for both sides.
    #[arg(long, default_value_t = 4000)]
    nodes: u64,
    /// Random plies after the ballot: 0 up to this many.
    #[arg(long, default_value_t = 4)]
    random_plies: usize,
    /// The evaluation the games are played with (8x8: `material`,
    /// `positional`, `learned`; 10x10: `plain`, `learned`).
    #[arg(long, default_value = "positional")]
    eval: String,
    /// A network file the learned evaluation plays instead of the shipped
    /// one (to make data with a network not shipped yet).
    #[arg(long, value_name = "FILE")]
    net: Option<PathBuf>,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Seed of the random plies; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// First game index (to extend an earlier run with new games).
    #[arg(long, default_value_t = 0)]
    first: usize,
}

pub(crate) fn run(cmd: &EvalnetCommand) -> Result<()> {
    match cmd {
        EvalnetCommand::Gen(args) => gen(args),
        EvalnetCommand::Train(args) => crate::evalnet_train::run(args),
        EvalnetCommand::Adjudicate(args) => adjudicate_file(args),
        EvalnetCommand::Rescore(args) => crate::evalnet_rescore::run(args),
    }
}

/// `evalnet adjudicate`: reads the whole file, adjudicates its games by
/// the tables and writes the result beside `--out` before moving it there,
/// so a failure leaves no half-written file.
fn adjudicate_file(args: &AdjudicateArgs) -> Result<()> {
    let name = args.data.display();
    if args.data == args.out {
        anyhow::bail!("--out must differ from --data ({name} is kept as it is)");
    }
    let bytes = std::fs::read(&args.data).with_context(|| name.to_string())?;
    let mut samples = parse_samples(&bytes).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    let tables = Egdb::open(&args.egdb, args.variant)?;
    let probe = |board: &MoverBoard| -> Option<i8> {
        let pos: Position = board.to_position(args.variant).ok()?;
        Some(match tables.probe(&pos)? {
            Value::Win(_) => 1,
            Value::Loss(_) => -1,
            Value::Draw => 0,
        })
    };
    let done = adjudicate(&mut samples, probe);
    let mut out = data_magic(BoardSize::Eight).to_vec();
    samples
        .iter()
        .for_each(|s| s.write(BoardSize::Eight, &mut out));
    warcaby::core::fs::write_atomically(&args.out, &out)
        .with_context(|| args.out.display().to_string())?;
    println!(
        "games={} reached_tables={} games_changed={} positions={} positions_changed={} max_pieces={}",
        done.games,
        done.reached,
        done.games_changed,
        samples.len(),
        done.changed,
        tables.max_pieces()
    );
    Ok(())
}

/// The output file to append to: a new or empty one gets the board's
/// `magic`; an existing one must start with it (another board's file, or
/// not a training file, is refused and left as it is).
pub(crate) fn open_output(path: &PathBuf, magic: &[u8]) -> Result<std::fs::File> {
    use std::io::Read;
    let name = || path.display().to_string();
    let mut head = Vec::new();
    match std::fs::File::open(path) {
        Ok(f) => f.take(magic.len() as u64).read_to_end(&mut head).map(drop),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
    .with_context(name)?;
    if !head.is_empty() && head != magic {
        anyhow::bail!(
            "{}: not a training-position file of this board (its first bytes differ)",
            name()
        );
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(name)?;
    if head.is_empty() {
        file.write_all(magic).with_context(name)?;
    }
    Ok(file)
}

fn gen(args: &GenArgs) -> Result<()> {
    // Everything that can refuse the settings first, so a refusal leaves
    // no file behind.
    if args.variant.board() == Board10::SIZE {
        let eval = international_eval(&args.eval, args.net.as_deref())?;
        return gen_games(
            args,
            ballots::two_ply_openings::<Board10>(args.variant),
            eval,
        );
    }
    let eval = with_net(args.eval.parse()?, args.net.as_deref())?;
    gen_games(args, openings(args.variant)?, eval)
}

/// The 10x10 board's evaluation named `name`, with the network of `net`
/// for `learned` (a file that reads 8x8 positions is refused).
fn international_eval(name: &str, net: Option<&std::path::Path>) -> Result<InternationalEval> {
    let eval: InternationalEval = name.parse()?;
    match (net, &eval) {
        (None, _) => Ok(eval),
        (Some(_), InternationalEval::Plain) => {
            anyhow::bail!("--net is for the learned evaluation, not {eval}")
        }
        (Some(file), InternationalEval::Learned(_)) => {
            let nets = EvalNet::load(file).map_err(anyhow::Error::msg)?;
            if nets.net(Variant::International).is_none() {
                anyhow::bail!("{}: a network of the 8x8 board", file.display());
            }
            Ok(InternationalEval::Learned(nets))
        }
    }
}

/// Plays the self-play games of `args` from `openings` with `eval` and
/// appends their positions to the output file.
fn gen_games<G: Geometry, E: Evaluator<CheckersNodeOf<G>> + Clone + Sync>(
    args: &GenArgs,
    openings: Vec<GameOf<G>>,
    eval: E,
) -> Result<()> {
    let spec = SelfPlaySpec {
        nodes: args.nodes,
        random_plies: args.random_plies,
        eval,
    };
    let mut file = open_output(&args.out, data_magic(G::SIZE))?;
    let start = Instant::now();
    let deadline = args
        .minutes
        .map(|m| start + Duration::from_secs_f64(m * 60.0));
    let (mut games, mut positions) = (0usize, 0usize);
    // Games are written in their order: the same file on any number of
    // threads (a deadline aside).
    run_ordered(
        args.threads,
        0,
        || self_play_engine(&spec),
        |engine, i| {
            if i >= args.games || deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            let samples = self_play_game(&openings, args.first + i, args.seed, &spec, engine);
            Some(samples.map_err(anyhow::Error::msg))
        },
        |_, samples| {
            let mut bytes = Vec::with_capacity(samples.len() * sample_bytes(G::SIZE));
            samples.iter().for_each(|s| s.write(G::SIZE, &mut bytes));
            file.write_all(&bytes)
                .with_context(|| args.out.display().to_string())?;
            games += 1;
            positions += samples.len();
            if games.is_multiple_of(50) {
                eprintln!(
                    "games={games} positions={positions} seconds={:.0}",
                    start.elapsed().as_secs_f64()
                );
            }
            Ok(Flow::Continue)
        },
    )?;
    println!(
        "evalnet gen variant={} openings={} games={games} positions={positions} seconds={:.0} out={}",
        args.variant,
        openings.len(),
        start.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}
