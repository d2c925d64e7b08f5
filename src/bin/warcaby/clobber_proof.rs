//! `warcaby clobber certify` and `warcaby clobber verify`: proof
//! certificates written by the exact solver, checked by plain negamax.

use crate::clobber::BoardArgs;
use anyhow::{Context, Result};
use clap::Args;
use std::time::Instant;
use warcaby::clobber::certificate::{certify, verify_on_threads, Certificate, CertifyOptions};
use warcaby::clobber::solver::Solver;

#[derive(Args)]
pub(crate) struct CertifyArgs {
    #[command(flatten)]
    pub(crate) board: BoardArgs,
    /// The certificate file to write.
    #[arg(long)]
    out: String,
    /// Positions of at most this many stones may be leaves.
    #[arg(long, default_value_t = CertifyOptions::default().leaf_stones)]
    leaf_stones: u32,
    /// The plain negamax's node budget at a leaf.
    #[arg(long, default_value_t = CertifyOptions::default().leaf_nodes)]
    leaf_nodes: u64,
    /// Transposition table size of the solver: 2^bits entries.
    #[arg(long, value_parser = clap::value_parser!(u32).range(10..=32))]
    table_bits: Option<u32>,
    /// Threads of the solver and of the leaf tests (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Args)]
pub(crate) struct VerifyArgs {
    /// The certificate file.
    file: String,
    /// Threads checking the leaves (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

pub(crate) fn certify_command(args: &CertifyArgs) -> Result<()> {
    let pos = args.board.position()?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let bits = args
        .table_bits
        .unwrap_or((pos.shape().cells() as u32).clamp(16, 27));
    let mut solver = Solver::configured(bits, Solver::VALUE_STONES, threads);
    let options = CertifyOptions {
        leaf_stones: args.leaf_stones,
        leaf_nodes: args.leaf_nodes,
        threads,
    };
    let start = Instant::now();
    let made = certify(&pos, &mut solver, options).map_err(anyhow::Error::msg)?;
    let bytes = made.certificate.to_bytes();
    std::fs::write(&args.out, &bytes).with_context(|| args.out.to_string())?;
    let cert = &made.certificate;
    println!(
        "winner={} move={} positions={} leaves={} seen={} solves={} body_bytes={} file_bytes={} time_ms={}",
        if cert.mover_wins { "first" } else { "second" },
        cert.winning_move.map_or("-".into(), |m| pos.move_text(&m)),
        made.positions,
        made.leaves,
        made.seen,
        made.solves,
        cert.body.len(),
        bytes.len(),
        start.elapsed().as_millis()
    );
    Ok(())
}

pub(crate) fn verify_command(args: &VerifyArgs) -> Result<()> {
    let start = Instant::now();
    let bytes = std::fs::read(&args.file).with_context(|| args.file.to_string())?;
    let cert = Certificate::from_bytes(&bytes).with_context(|| args.file.to_string())?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let done = verify_on_threads(&cert, threads).with_context(|| args.file.to_string())?;
    let pos = &cert.position;
    println!(
        "verified position={} winner={} move={} positions={} leaves={} leaf_nodes={} time_ms={}",
        pos.to_text(),
        if cert.mover_wins { "first" } else { "second" },
        cert.winning_move.map_or("-".into(), |m| pos.move_text(&m)),
        done.positions,
        done.leaves,
        done.leaf_nodes,
        start.elapsed().as_millis()
    );
    Ok(())
}
