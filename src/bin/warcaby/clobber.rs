//! `warcaby clobber solve` and `warcaby clobber run`: the exact solver, and
//! bot-against-bot games as in the Clobber doc.

use crate::clobber_checkpoint::{Checkpoint, TableFile};
use crate::clobber_proof::{certify_command, verify_command, CertifyArgs, VerifyArgs};
use crate::games::pv_text;
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use warcaby::clobber::independent::solve_independently;
use warcaby::clobber::solver::{Resume, Solution, Solver, TableSnapshot, TableSnapshots};
use warcaby::clobber::{ClobberEval, ClobberPosition, Shape, DEFAULT_COLS, DEFAULT_ROWS};
use warcaby::search::{Algorithm, Limits, SearchConfig, Searcher};
use warcaby::Color;

#[derive(Subcommand)]
pub(crate) enum ClobberCommand {
    /// Prove who wins with perfect play.
    Solve(SolveArgs),
    /// Play a bot-against-bot game and print every move.
    Run(RunArgs),
    /// Prove who wins and write the proof as a certificate file.
    Certify(CertifyArgs),
    /// Check a certificate file with plain rules and plain negamax.
    Verify(VerifyArgs),
    /// A board's proof as work units: split, run, status, verify.
    #[command(subcommand)]
    Units(crate::clobber_units::UnitsCommand),
}

/// A board: --rows x --cols from the start, or --position.
#[derive(Args)]
pub(crate) struct BoardArgs {
    /// Rows (2-10).
    #[arg(long, default_value_t = DEFAULT_ROWS)]
    rows: usize,
    /// Columns (2-10).
    #[arg(long, default_value_t = DEFAULT_COLS)]
    cols: usize,
    /// A position instead: rows top to bottom like WBWBW/BWBWB:B.
    #[arg(long, conflicts_with_all = ["rows", "cols"])]
    position: Option<String>,
}

impl BoardArgs {
    pub(crate) fn position(&self) -> Result<ClobberPosition> {
        Ok(match &self.position {
            Some(text) => ClobberPosition::parse(text)?,
            None => ClobberPosition::start(Shape::new(self.rows, self.cols)?),
        })
    }
}

#[derive(Args)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Regions of at most this many stones are replaced by their
    /// combinatorial values (0 = plain search over the sum of regions).
    #[arg(long, default_value_t = Solver::VALUE_STONES)]
    value_stones: u32,
    /// Transposition table size: 2^bits entries of 8 bytes (default: one
    /// bit per cell of the board, 2^16 to 2^27).
    #[arg(long, value_parser = clap::value_parser!(u32).range(10..=32))]
    table_bits: Option<u32>,
    /// Search threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print every first move as soon as it is decided.
    #[arg(long)]
    verbose: bool,
    /// Use the independent second solver instead (plain alpha-beta on
    /// whole positions with an exact memo: no regions, no values, no
    /// table, one thread), to cross-check the exact solver.
    #[arg(long, conflicts_with_all = ["value_stones", "table_bits", "threads", "verbose", "checkpoint"])]
    independent: bool,
    /// Save the decided first moves to this file after each one, and skip
    /// those it already holds: a run cut off goes on where it stopped. The
    /// table is saved beside it (FILE.table) every --checkpoint-minutes, when
    /// Ctrl-C or SIGTERM stops the run, and at the end, and is loaded again
    /// on a restart.
    #[arg(long)]
    checkpoint: Option<std::path::PathBuf>,
    /// Minutes between two saves of the table with --checkpoint.
    #[arg(long, default_value_t = 10.0, requires = "checkpoint")]
    checkpoint_minutes: f64,
    /// Search at most this many first moves (of those not yet decided),
    /// then stop; with --checkpoint, the next run goes on.
    #[arg(long)]
    max_first_moves: Option<usize>,
    /// Memory budget of the transposition table in MiB (sets --table-bits
    /// to the largest table that fits).
    #[arg(long, conflicts_with = "table_bits")]
    memory: Option<u64>,
}

#[derive(Args)]
pub(crate) struct RunArgs {
    /// Rows (2-10).
    #[arg(long, default_value_t = DEFAULT_ROWS)]
    rows: usize,
    /// Columns (2-10).
    #[arg(long, default_value_t = DEFAULT_COLS)]
    cols: usize,
    /// Search depth of both bots.
    #[arg(long)]
    depth: Option<u32>,
    /// Heuristic of both bots.
    #[arg(long)]
    heuristic: Option<String>,
    /// Black's search depth.
    #[arg(long)]
    black_depth: Option<u32>,
    /// Black's heuristic.
    #[arg(long)]
    black_heuristic: Option<String>,
    /// White's search depth.
    #[arg(long)]
    white_depth: Option<u32>,
    /// White's heuristic.
    #[arg(long)]
    white_heuristic: Option<String>,
    /// Search algorithm: minimax, alphabeta or negascout.
    #[arg(long, default_value = "alphabeta")]
    algo: Algorithm,
}

pub(crate) fn run(cmd: &ClobberCommand) -> Result<()> {
    match cmd {
        ClobberCommand::Solve(args) => solve(args),
        ClobberCommand::Run(args) => run_game(args),
        ClobberCommand::Certify(args) => certify_command(args),
        ClobberCommand::Verify(args) => verify_command(args),
        ClobberCommand::Units(cmd) => crate::clobber_units::run(cmd),
    }
}

fn solve(args: &SolveArgs) -> Result<()> {
    let pos = args.board.position()?;
    if args.independent {
        solve_independent(&pos);
        return Ok(());
    }
    let (bits, threads, every) = solver_settings(args, &pos)?;
    let checkpoint = match &args.checkpoint {
        Some(path) => Some(Checkpoint::load(path, &pos)?),
        None => None,
    };
    if let Some((mv, _)) = checkpoint.as_ref().and_then(|c| c.won) {
        println!("winner=first nodes=0 time_ms=0 from_checkpoint=true");
        println!("move={}", pos.move_text(&mv));
        return Ok(());
    }
    let lost = checkpoint.as_ref().map_or(Vec::new(), |c| c.lost_moves());
    let mut solver = Solver::configured(bits, args.value_stones, threads);
    let table_file = checkpoint.as_ref().map(|c| TableFile::beside(c.path()));
    if let Some(file) = &table_file {
        file.load(&mut solver, &pos)?;
    }
    let save = |snapshot: &TableSnapshot| {
        if let Some(Err(e)) = table_file.as_ref().map(|f| f.save(snapshot)) {
            eprintln!("warning: {e}");
        }
    };
    let interrupt = table_file.as_ref().map(|_| stop_on_signal()).transpose()?;
    let resume = Resume {
        lost: &lost,
        max_first_moves: args.max_first_moves,
        snapshots: table_file
            .as_ref()
            .map(|_| TableSnapshots { every, save: &save }),
        interrupt,
    };
    let checkpoint = Mutex::new(checkpoint);
    let solution = solver.solve_resuming(&pos, resume, |r| {
        if args.verbose {
            eprintln!(
                "{} {} nodes={} elapsed_ms={}",
                pos.move_text(&r.mv),
                if r.wins { "wins" } else { "loses" },
                r.nodes,
                r.elapsed_ms
            );
        }
        let mut checkpoint = checkpoint.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(Err(e)) = checkpoint.as_mut().map(|c| c.record(r.mv, r.wins, r.nodes)) {
            eprintln!("warning: {e}");
        }
    });
    let interrupted = interrupt.is_some_and(|i| i.load(Ordering::Relaxed));
    print_solution(&pos, &solution, lost.len(), interrupted);
    if !solution.complete && interrupted {
        // The shell's code for a run ended by a signal (128 + SIGINT).
        std::process::exit(130);
    }
    Ok(())
}

/// `clobber solve --independent`: the second solver, which shares no code
/// with the first, for checking it.
fn solve_independent(pos: &ClobberPosition) {
    let start = Instant::now();
    let s = solve_independently(pos);
    println!(
        "winner={} positions={} memo={} time_ms={} solver=independent",
        if s.mover_wins { "first" } else { "second" },
        s.positions,
        s.memo_size,
        start.elapsed().as_millis()
    );
    if let Some(mv) = s.winning_move {
        println!("move={}", pos.move_text(&mv));
    }
}

/// The solver's table size (bits), threads and the time between table
/// snapshots, from the options (the table within `--memory` MiB if given).
fn solver_settings(args: &SolveArgs, pos: &ClobberPosition) -> Result<(u32, usize, Duration)> {
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let cells = pos.shape().cells() as u32;
    let bits = match args.memory {
        // 8 bytes an entry: the largest power of two within the budget.
        Some(mib) => table_bits_within(mib)?,
        None => args.table_bits.unwrap_or(cells.clamp(16, 27)),
    };
    let every = Duration::try_from_secs_f64(args.checkpoint_minutes * 60.0)
        .ok()
        .filter(|d| !d.is_zero())
        .with_context(|| {
            format!(
                "--checkpoint-minutes {}: expected a positive number of minutes",
                args.checkpoint_minutes
            )
        })?;
    Ok((bits, threads, every))
}

/// The solve's result lines: the winner and the move, or why it stopped.
fn print_solution(pos: &ClobberPosition, solution: &Solution, skipped: usize, interrupted: bool) {
    if !solution.complete {
        println!(
            "winner=unknown nodes={} time_ms={} first_moves_skipped={skipped} ({})",
            solution.nodes,
            solution.time_ms,
            if interrupted {
                "interrupted: the checkpoint and its table are saved, the same command goes on"
            } else {
                "stopped by --max-first-moves"
            }
        );
        return;
    }
    println!(
        "winner={} nodes={} time_ms={} first_moves_skipped={skipped}",
        if solution.mover_wins {
            "first"
        } else {
            "second"
        },
        solution.nodes,
        solution.time_ms,
    );
    if let Some(mv) = solution.winning_move {
        println!("move={}", pos.move_text(&mv));
    }
}

/// A flag that Ctrl-C, SIGTERM or SIGHUP sets, so that a solve with a
/// checkpoint stops cleanly and saves its table; a second signal ends the
/// program at once.
fn stop_on_signal() -> Result<&'static AtomicBool> {
    static INTERRUPTED: AtomicBool = AtomicBool::new(false);
    ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
        eprintln!("interrupted: saving the table (a second Ctrl-C ends at once)");
    })
    .context("cannot catch Ctrl-C")?;
    Ok(&INTERRUPTED)
}

/// The table bits whose 8-byte entries fit in `mib` MiB.
fn table_bits_within(mib: u64) -> Result<u32> {
    let entries = mib.saturating_mul(1 << 20) / 8;
    if entries < 1 << 10 {
        bail!("--memory {mib}: at least 1 MiB is needed");
    }
    Ok((63 - entries.leading_zeros()).min(32))
}

/// One bot: depth and heuristic.
struct Bot {
    depth: u32,
    eval: ClobberEval,
}

const DEFAULT_DEPTH: u32 = 3;

fn bots(args: &RunArgs) -> Result<[Bot; 2]> {
    let basic = args.depth.is_some() || args.heuristic.is_some();
    let extended = args.black_depth.is_some()
        || args.black_heuristic.is_some()
        || args.white_depth.is_some()
        || args.white_heuristic.is_some();
    if basic && extended {
        bail!(
            "give either --depth/--heuristic for both bots or --black-depth/--black-heuristic/--white-depth/--white-heuristic, not both; heuristics: {}",
            warcaby::core::named::names::<ClobberEval>()
        );
    }
    let eval = |name: Option<&String>| -> Result<ClobberEval> {
        name.map_or(Ok(ClobberEval::default()), |n| Ok(n.parse()?))
    };
    let both = |d: Option<u32>, h: Option<&String>| -> Result<Bot> {
        Ok(Bot {
            depth: d.or(args.depth).unwrap_or(DEFAULT_DEPTH).max(1),
            eval: eval(h.or(args.heuristic.as_ref()))?,
        })
    };
    // Indexed by Color: White first.
    Ok([
        both(args.white_depth, args.white_heuristic.as_ref())?,
        both(args.black_depth, args.black_heuristic.as_ref())?,
    ])
}

fn run_game(args: &RunArgs) -> Result<()> {
    let bots = bots(args)?;
    let mut pos = Shape::new(args.rows, args.cols).map(ClobberPosition::start)?;
    let mut searchers: Vec<Searcher<ClobberPosition, ClobberEval>> = bots
        .iter()
        .map(|b| {
            let config = SearchConfig {
                algorithm: args.algo,
                ..SearchConfig::bare(args.algo)
            };
            Searcher::new(config, b.eval)
        })
        .collect();
    let start = Instant::now();
    let mut total_nodes = 0;
    let mut round = 0;
    println!("{pos}");
    loop {
        let side = pos.side_to_move();
        if pos.legal_moves().is_empty() {
            break;
        }
        round += 1;
        let bot = &bots[side.index()];
        let r = searchers[side.index()].search(&pos, &[], Limits::depth(bot.depth), |_| {});
        let mv = r.best_move.context("the bot found no move")?;
        total_nodes += r.nodes;
        println!(
            "round={round} player={} move={} value={} nodes={} time_ms={} pv={}",
            side.name(),
            pos.move_text(&mv),
            r.score,
            r.nodes,
            r.time_ms,
            pv_text(&pos, &r.pv)
        );
        pos = pos.after(&mv);
    }
    let winner = pos.side_to_move().opponent();
    println!("{pos}");
    println!(
        "rounds={round} winner={} black={}:{} white={}:{} total_nodes={total_nodes} total_time_ms={}",
        winner.name(),
        bots[Color::Black.index()].eval,
        bots[Color::Black.index()].depth,
        bots[Color::White.index()].eval,
        bots[Color::White.index()].depth,
        start.elapsed().as_millis()
    );
    Ok(())
}
