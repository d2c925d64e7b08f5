//! `warcaby bestmove` and `warcaby compare`: one search, or the three
//! algorithms side by side at a fixed depth.

use crate::PositionArgs;
use clap::Args;
use warcaby::ai::{CheckersEval, Engine};
use warcaby::search::{Algorithm, Limits, SearchConfig, SearchInfo};
use warcaby::{Move, Position};

/// Search limits on the command line: exactly one is required.
#[derive(Args, Clone)]
#[group(required = true, multiple = false)]
pub struct LimitArgs {
    /// Search to this depth (plies).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            time_ms: self.movetime,
        }
    }
}

#[derive(Args)]
pub struct BestMoveArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// Search algorithm: minimax, alphabeta or negascout.
    #[arg(long, default_value = "negascout")]
    algo: Algorithm,
    /// Evaluation: material or positional.
    #[arg(long = "eval", default_value = "positional")]
    eval: CheckersEval,
    /// Transposition table size in MiB (0 = none).
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

/// The PV as move texts, each in the position where it is played, comma separated.
pub fn pv_text(pos: &Position, pv: &[Move]) -> String {
    let mut p = *pos;
    let mut texts = Vec::with_capacity(pv.len());
    for mv in pv {
        if !p.legal_moves().contains(mv) {
            break;
        }
        texts.push(p.move_text(mv));
        p.play(mv);
    }
    texts.join(",")
}

fn info_line(pos: &Position, info: &SearchInfo<Move>) -> String {
    format!(
        "info depth={} seldepth={} score={} nodes={} nps={} time_ms={} pv={}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nodes_per_second(),
        info.time_ms,
        pv_text(pos, &info.pv)
    )
}

pub fn run_bestmove(args: &BestMoveArgs) -> Result<(), String> {
    let pos = args.position.position()?;
    let config = SearchConfig {
        algorithm: args.algo,
        tt_mib: args.hash,
        ..SearchConfig::default()
    };
    let mut engine = Engine::new(config, args.eval);
    let result = engine.think_position(&pos, args.limits.limits(), |info| {
        println!("{}", info_line(&pos, info));
    });
    let Some(best) = result.best_move else {
        return Err("no legal move: the side to move has lost".to_string());
    };
    println!(
        "bestmove {} score={} depth={} nodes={} time_ms={}",
        pos.move_text(&best),
        result.score,
        result.depth,
        result.nodes,
        result.time_ms
    );
    Ok(())
}

#[derive(Args)]
pub struct CompareArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Fixed depth for all three algorithms.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Evaluation: material or positional.
    #[arg(long = "eval", default_value = "positional")]
    eval: CheckersEval,
}

/// The configuration `compare` uses: one fixed-depth search, no table, no
/// reductions; minimax and alphabeta as in the textbook (generation order),
/// negascout with killer and history ordering, which it needs to pay off.
pub fn compare_config(algorithm: Algorithm) -> SearchConfig {
    SearchConfig {
        ordering: algorithm == Algorithm::NegaScout,
        ..SearchConfig::bare(algorithm)
    }
}

pub fn run_compare(args: &CompareArgs) -> Result<(), String> {
    let pos = args.position.position()?;
    if pos.legal_moves().is_empty() {
        return Err("no legal move: the side to move has lost".to_string());
    }
    for algorithm in Algorithm::ALL {
        let config = compare_config(algorithm);
        let mut engine = Engine::new(config, args.eval);
        let r = engine.think_position(&pos, Limits::depth(args.depth), |_| {});
        let mv = r.best_move.map_or("-".to_string(), |m| pos.move_text(&m));
        println!(
            "algo={} score={} move={} nodes={} time_ms={}",
            algorithm, r.score, mv, r.nodes, r.time_ms
        );
    }
    Ok(())
}
