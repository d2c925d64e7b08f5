//! The `warcaby` command line: perft, legal moves and benchmarks.
//! Output is stable `key=value` lines for scripts; errors are one line on
//! stderr with exit status 2.

mod bench;
mod play;
mod think;

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;
use std::time::Instant;
use warcaby::{perft, Position, Variant};

#[derive(Parser)]
#[command(
    name = "warcaby",
    version,
    about = "Checkers engine: rules, search, terminal play, perft and benchmarks"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count move paths from a position, one line per depth.
    Perft(PerftArgs),
    /// List the legal moves of a position in PDN, one per line.
    Moves(PositionArgs),
    /// Search a position and print the best move, with one info line per iteration.
    Bestmove(think::BestMoveArgs),
    /// Run minimax, alphabeta and negascout at the same fixed depth.
    Compare(think::CompareArgs),
    /// Play a game in the terminal.
    Play(play::PlayArgs),
    /// Benchmarks that print figures.
    #[command(subcommand)]
    Bench(bench::BenchCommand),
}

/// Which position to work on.
#[derive(Args, Clone)]
pub struct PositionArgs {
    /// Rule variant: tournament, english or russian.
    #[arg(long, default_value = "tournament")]
    pub variant: Variant,
    /// Position as PDN FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
}

impl PositionArgs {
    pub fn position(&self) -> Result<Position, String> {
        match &self.fen {
            Some(f) => Position::from_fen(f, self.variant).map_err(|e| e.to_string()),
            None => Ok(Position::start(self.variant)),
        }
    }
}

#[derive(Args)]
struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print each root move with its count at DEPTH.
    #[arg(long)]
    divide: bool,
    /// Worker threads (default 1).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Depth in plies (1-30).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
}

fn run_perft(args: &PerftArgs) -> Result<(), String> {
    let pos = args.position.position()?;
    if args.divide {
        let start = Instant::now();
        let legal = pos.legal_moves();
        let mut total = 0;
        for (mv, n) in perft::divide(&pos, args.depth) {
            println!(
                "move={} nodes={n}",
                warcaby::notation::short_text(&mv, &legal, pos.rules())
            );
            total += n;
        }
        println!(
            "depth={} nodes={total} time_ms={}",
            args.depth,
            start.elapsed().as_millis()
        );
        return Ok(());
    }
    for depth in 1..=args.depth {
        let start = Instant::now();
        let n = perft::perft_parallel(&pos, depth, args.threads);
        println!(
            "depth={depth} nodes={n} time_ms={}",
            start.elapsed().as_millis()
        );
    }
    Ok(())
}

fn run_moves(args: &PositionArgs) -> Result<(), String> {
    let pos = args.position()?;
    let legal = pos.legal_moves();
    for mv in &legal {
        println!("{}", warcaby::notation::short_text(mv, &legal, pos.rules()));
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.render().to_string();
            let line = text.lines().next().unwrap_or("invalid arguments");
            eprintln!("{line}");
            return ExitCode::from(2);
        }
    };
    let result = match &cli.command {
        Command::Perft(args) => run_perft(args),
        Command::Moves(args) => run_moves(args),
        Command::Bestmove(args) => think::run_bestmove(args),
        Command::Compare(args) => think::run_compare(args),
        Command::Play(args) => play::run(args),
        Command::Bench(cmd) => bench::run(cmd),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
