//! `warcaby bench ...`: benchmarks that print their figures on one final line.

use anyhow::{bail, Result};
use clap::Subcommand;
use std::time::Instant;
use warcaby::checkers::ai::{search_position, CheckersEval};
use warcaby::checkers::perft;
use warcaby::clobber::{ClobberEval, ClobberPosition, Shape};
use warcaby::core::rng::Rng;
use warcaby::search::{Algorithm, Limits, SearchConfig, Searcher};
use warcaby::{Position, Variant};

#[derive(Subcommand)]
pub(crate) enum BenchCommand {
    /// English perft from the start position with bulk counting at the leaves.
    Perft {
        /// Depth in plies.
        #[arg(long, default_value_t = 11, value_parser = clap::value_parser!(u32).range(1..=20))]
        depth: u32,
        /// Worker threads (0 = one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    /// Clobber heuristics against each other on 6x5: the seed's six in a
    /// round robin, then our default against the seed's best.
    Clobber {
        /// Search depth of every bot.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Random two-ply openings (each played with both colours).
        #[arg(long, default_value_t = 30)]
        openings: usize,
    },
    /// Fixed positions searched to fixed depths (deterministic node count),
    /// then the English start position for one second.
    Search {
        /// Extra plies added to every fixed depth (negative = shallower).
        #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
        extra_depth: i32,
    },
    /// A strength figure without outside engines: the engine against a fixed
    /// older configuration of ours over the ACF ballots (W/D/L, score, Elo).
    Strength(crate::strength::StrengthArgs),
    /// A candidate configuration against the base until a sequential test
    /// (SPRT, pentanomial, logistic Elo) accepts or rejects it.
    Sprt(crate::sprt::SprtArgs),
    /// Winning shots from real games against Cake++ and GuiNN: how many
    /// the engine finds under a depth, node or time limit.
    Tactics(crate::tactics::TacticsArgs),
}

/// English perft from the start position (Aart Bik; OEIS A133046).
const ENGLISH_PERFT: [u64; 14] = [
    7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673,
    1766623630, 7978439499,
];

fn threads_or_cores(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

pub(crate) fn run(cmd: &BenchCommand) -> Result<()> {
    match *cmd {
        BenchCommand::Strength(ref args) => crate::strength::run(args)?,
        BenchCommand::Sprt(ref args) => crate::sprt::run(args)?,
        BenchCommand::Tactics(ref args) => crate::tactics::run(args)?,
        BenchCommand::Perft { depth, threads } => {
            let threads = threads_or_cores(threads);
            let pos = Position::start(Variant::English);
            println!("bench perft variant=english threads={threads}");
            let start = Instant::now();
            let leaves = perft::perft_parallel(&pos, depth, threads);
            let elapsed = start.elapsed();
            let rate = leaves as f64 / elapsed.as_secs_f64().max(1e-9);
            let published = ENGLISH_PERFT.get(depth as usize - 1);
            if published.is_some_and(|&p| p != leaves) {
                bail!(
                    "perft({depth}) counted {leaves} leaves, the published table says {}",
                    published.unwrap_or(&0)
                );
            }
            println!(
                "perft depth={depth} leaves={leaves} time_ms={} leaves_per_s={:.0}",
                elapsed.as_millis(),
                rate
            );
        }
        BenchCommand::Search { extra_depth } => bench_search(extra_depth)?,
        BenchCommand::Clobber { depth, openings } => bench_clobber(depth, openings),
    }
    Ok(())
}

/// The benchmark's positions: each variant's start and positions reached by
/// seeded random playouts (the same on every machine).
fn bench_positions() -> Vec<(Position, u32)> {
    let mut list = Vec::new();
    for (variant, depth) in [
        (Variant::English, 17),
        (Variant::Tournament, 16),
        (Variant::Russian, 15),
    ] {
        list.push((Position::start(variant), depth));
        for seed in 1..=3u64 {
            let mut rng = Rng::new(seed * 1_000_003 + depth as u64);
            let mut pos = Position::start(variant);
            for _ in 0..(10 + 6 * seed) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(&moves[rng.below(moves.len() as u64) as usize]);
            }
            list.push((pos, depth - 2));
        }
    }
    list
}

/// How far time-limited searches overshoot their limit, measured over the
/// benchmark positions at 50 ms and 200 ms.
fn time_limit_precision() {
    for limit in [50u64, 200] {
        let mut worst: f64 = 0.0;
        for (pos, _) in bench_positions() {
            let mut engine = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
            let start = Instant::now();
            search_position(&mut engine, &pos, Limits::time_ms(limit));
            worst = worst.max(start.elapsed().as_secs_f64() * 1000.0);
        }
        println!(
            "time_limit limit_ms={limit} worst_ms={worst:.1} overshoot_ms={:.1}",
            (worst - limit as f64).max(0.0)
        );
    }
}

fn bench_search(extra_depth: i32) -> Result<()> {
    let mut total_nodes = 0;
    let mut total_ms = 0.0;
    for (i, (pos, depth)) in bench_positions().into_iter().enumerate() {
        let depth = (depth as i32 + extra_depth).max(1) as u32;
        let mut engine = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
        let start = Instant::now();
        let r = search_position(&mut engine, &pos, Limits::depth(depth));
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let mv = r.best_move.map_or("-".to_string(), |m| pos.move_text(&m));
        println!(
            "position={} variant={} depth={} nodes={} time_ms={:.0} bestmove={mv} score={} fen={}",
            i + 1,
            pos.variant(),
            r.depth,
            r.nodes,
            ms,
            r.score,
            pos.to_fen()
        );
        total_nodes += r.nodes;
        total_ms += ms;
    }
    time_limit_precision();
    let mut engine = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
    let start = Position::start(Variant::English);
    let r = search_position(&mut engine, &start, Limits::time_ms(1000));
    println!(
        "english_start_1s depth={} seldepth={} nodes={} time_ms={}",
        r.depth, r.seldepth, r.nodes, r.time_ms
    );
    println!(
        "search nodes={total_nodes} time_ms={:.0} nodes_per_s={:.0}",
        total_ms,
        total_nodes as f64 * 1000.0 / total_ms.max(1e-9)
    );
    Ok(())
}

/// Plays `a` (Black) against `b` (White) from `start`; true when `a` wins.
fn clobber_game(start: &ClobberPosition, a: ClobberEval, b: ClobberEval, depth: u32) -> bool {
    let mut searchers = [
        Searcher::new(SearchConfig::bare(Algorithm::AlphaBeta), b),
        Searcher::new(SearchConfig::bare(Algorithm::AlphaBeta), a),
    ];
    let mut pos = *start;
    loop {
        let side = pos.side_to_move();
        let r = searchers[side.index()].search(&pos, &[], Limits::depth(depth), |_| {});
        match r.best_move {
            Some(mv) => pos = pos.after(&mv),
            None => return side == warcaby::Color::White,
        }
    }
}

/// Wins of `a` against `b` over the openings, both colours each.
fn clobber_match(
    openings: &[ClobberPosition],
    a: ClobberEval,
    b: ClobberEval,
    depth: u32,
) -> (usize, usize) {
    let mut wins = 0;
    for start in openings {
        wins += clobber_game(start, a, b, depth) as usize;
        wins += !clobber_game(start, b, a, depth) as usize;
    }
    (wins, 2 * openings.len())
}

fn bench_clobber(depth: u32, count: usize) {
    let mut rng = Rng::new(0xC10B);
    let base = ClobberPosition::start(Shape::new(6, 5).expect("6x5 is a legal board"));
    let openings: Vec<ClobberPosition> = (0..count)
        .map(|_| {
            let mut pos = base;
            for _ in 0..2 {
                let moves = pos.legal_moves();
                pos = pos.after(&moves[rng.index(moves.len())]);
            }
            pos
        })
        .collect();
    let seed: Vec<ClobberEval> = ClobberEval::ALL
        .into_iter()
        .filter(|e| *e != ClobberEval::Live)
        .collect();
    let mut points = vec![0usize; seed.len()];
    for i in 0..seed.len() {
        for j in i + 1..seed.len() {
            let (w, n) = clobber_match(&openings, seed[i], seed[j], depth);
            println!("pair {} vs {} wins={w} losses={}", seed[i], seed[j], n - w);
            points[i] += w;
            points[j] += n - w;
        }
    }
    let best = (0..seed.len())
        .max_by_key(|&i| points[i])
        .expect("six heuristics");
    for (e, p) in seed.iter().zip(&points) {
        println!("seed heuristic={e} round_robin_wins={p}");
    }
    let (w, n) = clobber_match(&openings, ClobberEval::Live, seed[best], depth);
    println!(
        "clobber depth={depth} best_seed={} live_wins={w} games={n} win_rate={:.2}",
        seed[best],
        w as f64 / n as f64
    );
}
