//! The `warcaby` command line: perft, legal moves and benchmarks.
//! Output is stable `key=value` lines for scripts; errors are one line on
//! stderr with exit status 2.

mod alloc;
mod arena;
mod az;
#[cfg(feature = "az-train")]
mod az_plot;
mod az_train;
mod bench;
mod book;
mod clobber;
mod clobber_checkpoint;
mod clobber_proof;
mod clobber_units;
mod egdb;
mod evalnet;
mod evalnet_rescore;
mod evalnet_train;
mod games;
mod pdn;
mod play;
mod puzzles;
mod review;
mod sprt;
mod start;
mod strength;
mod tactics;
mod think;

use anyhow::{Context, Result};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;
use std::time::Instant;
use warcaby::games::{GameKind, GameNode, NodeJob};
use warcaby::{Game, Variant};

#[global_allocator]
static ALLOCATOR: alloc::HugePageHint = alloc::HugePageHint;

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
    /// Read PDN databases: one line per game, then a summary.
    Pdn(pdn::PdnArgs),
    /// Review a game of a PDN file: each move's evaluation and mark, each side's accuracy.
    Review(review::ReviewArgs),
    /// Puzzles: mine them from games, play them.
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCommand),
    /// Play a round robin between bots (built-in, external programs, Python bots).
    Arena(arena::ArenaArgs),
    /// Clobber: the exact solver and bot-against-bot runs.
    #[command(subcommand)]
    Clobber(clobber::ClobberCommand),
    /// Benchmarks that print figures.
    #[command(subcommand)]
    Bench(bench::BenchCommand),
    /// Endgame databases: build, probe, verify, status (where the engines find them).
    #[command(subcommand)]
    Egdb(egdb::EgdbCommand),
    /// The AlphaZero bot: self-play, training (feature az-train), evaluation.
    #[command(subcommand)]
    Az(az::AzCommand),
    /// The opening book: build it from our own analysis of the ballots.
    #[command(subcommand)]
    Book(book::BookCommand),
    /// The learned evaluation: self-play training positions, training (feature az-train).
    #[command(subcommand)]
    Evalnet(evalnet::EvalnetCommand),
}

/// Which position to work on.
#[derive(Args, Clone)]
pub struct PositionArgs {
    /// The game: checkers or clobber.
    #[arg(long, default_value = "checkers")]
    pub game: GameKind,
    /// Checkers rule variant: tournament, english, russian, brazilian or
    /// international (10x10).
    #[arg(long, default_value = "tournament", value_parser = Variant::from_any_name)]
    pub variant: Variant,
    /// Checkers position as PDN FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Checkers: start from the end of a game in this PDN file.
    #[arg(long, value_name = "FILE")]
    pub pdn: Option<std::path::PathBuf>,
    /// Which game of the --pdn file (1-based, default 1).
    #[arg(long, value_name = "N")]
    pub pdn_game: Option<usize>,
    /// Clobber board rows (2-10).
    #[arg(long, default_value_t = warcaby::clobber::DEFAULT_ROWS)]
    pub rows: usize,
    /// Clobber board columns (2-10).
    #[arg(long, default_value_t = warcaby::clobber::DEFAULT_COLS)]
    pub cols: usize,
    /// Clobber position, rows top to bottom: WBWBW/BWBWB/...:B
    #[arg(long)]
    pub position: Option<String>,
}

impl PositionArgs {
    /// The 8x8 checkers game to start from: --fen, --pdn or the start
    /// position; refused for another game's position, and on 10x10 (for
    /// the commands only 8x8 checkers has: the AlphaZero bot, its tools).
    pub fn checkers_game(&self) -> Result<Game> {
        games::any_game(self)?
            .checkers_game()
            .cloned()
            .context("this command needs an 8x8 checkers position")
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

struct PerftJob<'a>(&'a PerftArgs);

impl NodeJob for PerftJob<'_> {
    type Output = ();
    fn run<G: GameNode>(self, pos: G, _history: &[u64]) {
        let args = self.0;
        if args.divide {
            let start = Instant::now();
            let mut total = 0;
            for mv in pos.moves() {
                let n = pos.after(&mv).perft(args.depth.max(1) - 1);
                println!("move={} nodes={n}", pos.move_text(&mv));
                total += n;
            }
            println!(
                "depth={} nodes={total} time_ms={}",
                args.depth,
                start.elapsed().as_millis()
            );
            return;
        }
        for depth in 1..=args.depth {
            let start = Instant::now();
            let n = pos.perft_threads(depth, args.threads);
            println!(
                "depth={depth} nodes={n} time_ms={}",
                start.elapsed().as_millis()
            );
        }
    }
}

struct MovesJob;

impl NodeJob for MovesJob {
    type Output = ();
    fn run<G: GameNode>(self, pos: G, _history: &[u64]) {
        for mv in pos.moves() {
            println!("{}", pos.move_text(&mv));
        }
    }
}

/// Lets a closed pipe end the program quietly (`warcaby perft 12 | head -1`),
/// as Unix tools do, instead of a panic when printing fails.
fn quiet_on_closed_pipe() {
    #[cfg(target_os = "linux")]
    // SAFETY: restoring the default SIGPIPE action before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    // The matches too: `arena --resume` asks which options were given.
    let parsed = Cli::command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m).map(|cli| (cli, m)));
    let (cli, matches) = match parsed {
        Ok(both) => both,
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
    if let Command::Pdn(args) = &cli.command {
        return pdn::run(args);
    }
    let result = match &cli.command {
        Command::Perft(args) => games::with_position(&args.position, PerftJob(args)),
        Command::Moves(args) => games::with_position(args, MovesJob),
        Command::Bestmove(args) => think::run_bestmove(args),
        Command::Compare(args) => think::run_compare(args),
        Command::Play(args) => play::run(args),
        Command::Pdn(_) => unreachable!("handled above"),
        Command::Review(args) => review::run(args),
        Command::Puzzles(command) => puzzles::run(command),
        Command::Arena(args) => {
            let sub = matches
                .subcommand_matches("arena")
                .expect("the arena's matches");
            arena::run(args, sub)
        }
        Command::Clobber(cmd) => clobber::run(cmd),
        Command::Bench(cmd) => bench::run(cmd),
        Command::Az(cmd) => az::run(cmd),
        Command::Book(cmd) => book::run(cmd),
        Command::Evalnet(cmd) => evalnet::run(cmd),
        Command::Egdb(cmd) => egdb::run(cmd),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => fail(&error),
    }
}

/// Ends a command that failed, whether on bad input or in its work: one
/// line on stderr and exit status 2, which scripts and the tests rely on.
pub(crate) fn fail(error: &anyhow::Error) -> ExitCode {
    eprintln!("error: {}", one_line(error));
    ExitCode::from(2)
}

/// The error and then its causes, outermost first, joined by ": " ("cannot
/// read x.pdn: No such file or directory"). The library's errors quote
/// their cause in their own text and also report it as their source, so a
/// cause the line already holds is left out instead of said twice.
pub(crate) fn one_line(error: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in error.chain() {
        let text = cause.to_string();
        if line.contains(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::one_line;
    use anyhow::Context;
    use warcaby::{Position, Variant};

    #[test]
    fn a_cause_the_message_already_quotes_is_said_once() {
        let fen = Position::from_fen("W:W99:B1", Variant::English).context("--fen");
        let line = one_line(&fen.unwrap_err());
        let off = "square '99' is off the board";
        assert!(
            line.starts_with("--fen: FEN field 2, item '99': "),
            "{line}"
        );
        assert_eq!(line.matches(off).count(), 1, "{line}");
    }

    #[test]
    fn every_context_and_the_root_cause_are_kept_in_order() {
        let missing = std::fs::read("/nonexistent/x.pdn")
            .context("cannot read /nonexistent/x.pdn")
            .context("--pdn");
        let line = one_line(&missing.unwrap_err());
        let io = std::fs::read("/nonexistent/x.pdn").unwrap_err();
        assert_eq!(line, format!("--pdn: cannot read /nonexistent/x.pdn: {io}"));
    }
}
