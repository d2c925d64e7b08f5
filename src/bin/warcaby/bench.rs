//! `warcaby bench ...`: benchmarks that print their figures on one final line.

use clap::Subcommand;
use std::time::Instant;
use warcaby::{perft, Position, Variant};

#[derive(Subcommand)]
pub enum BenchCommand {
    /// English perft from the start position with bulk counting at the leaves.
    Perft {
        /// Depth in plies.
        #[arg(long, default_value_t = 11, value_parser = clap::value_parser!(u32).range(1..=20))]
        depth: u32,
        /// Worker threads (0 = one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
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

pub fn run(cmd: &BenchCommand) -> Result<(), String> {
    match *cmd {
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
                return Err(format!(
                    "perft({depth}) counted {leaves} leaves, the published table says {}",
                    published.unwrap_or(&0)
                ));
            }
            println!(
                "perft depth={depth} leaves={leaves} time_ms={} leaves_per_s={:.0}",
                elapsed.as_millis(),
                rate
            );
        }
    }
    Ok(())
}
