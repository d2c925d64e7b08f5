//! `warcaby clobber units`: a board's proof split into work units (one
//! small file each, written atomically), run one by one or all, reported,
//! and checked whole or by part.

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::time::Instant;
use warcaby::clobber::certificate::units::{split, write_atomically, UnitsDir, UnitsError};
use warcaby::clobber::certificate::CertifyOptions;
use warcaby::clobber::solver::Solver;
use warcaby::clobber::{ClobberPosition, Shape};

#[derive(Subcommand)]
pub(crate) enum UnitsCommand {
    /// Split a board's proof at a depth under the winning line into units
    /// and write the manifest (the top that joins them) to a folder.
    Split(SplitArgs),
    /// Prove units (one certificate file each); units with a file already
    /// are skipped, so a killed run loses only the unit in progress.
    Run(RunArgs),
    /// Say what is done, what remains and the time spent.
    Status(DirArgs),
    /// Check the top joins the units and verify every unit's certificate
    /// (or one part of them).
    Verify(VerifyArgs),
    /// Join the top and the units' certificates into one certificate of
    /// the board, which `clobber verify` checks.
    Join(JoinArgs),
}

#[derive(Args)]
pub(crate) struct SplitArgs {
    /// The board, rows x columns (e.g. 4x6), from the start.
    #[arg(long, required_unless_present_any = ["position", "unit"], value_parser = parse_board)]
    board: Option<Shape>,
    /// A position instead (e.g. WBWB/BWBW:W for White to move).
    #[arg(long, conflicts_with = "board")]
    position: Option<String>,
    /// Split unit ID of --dir again (too big to prove in one piece), into
    /// the folder DIR/unit-ID.split; once its units are proven, `run`
    /// joins them into the unit's file.
    #[arg(long, conflicts_with_all = ["board", "position", "leaf_stones", "leaf_nodes"])]
    unit: Option<usize>,
    /// Plies from the root to the units.
    #[arg(long)]
    depth: u32,
    /// The folder (created if need be).
    #[arg(long)]
    dir: PathBuf,
    /// Positions of at most this many stones may be leaves of the units'
    /// certificates.
    #[arg(long, default_value_t = CertifyOptions::default().leaf_stones)]
    leaf_stones: u32,
    /// The plain negamax's node budget at a leaf.
    #[arg(long, default_value_t = CertifyOptions::default().leaf_nodes)]
    leaf_nodes: u64,
    /// Threads of the solver (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Args)]
pub(crate) struct DirArgs {
    /// The units folder.
    #[arg(long)]
    dir: PathBuf,
}

#[derive(Args)]
pub(crate) struct RunArgs {
    /// The units folder.
    #[arg(long)]
    dir: PathBuf,
    /// Prove this unit.
    #[arg(long, required_unless_present = "all", conflicts_with = "all")]
    unit: Option<usize>,
    /// Prove every unit not proven yet, in order.
    #[arg(long)]
    all: bool,
    /// Threads of the solver and of the leaf tests (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Transposition table size of the solver: 2^bits entries.
    #[arg(long, value_parser = clap::value_parser!(u32).range(10..=32))]
    table_bits: Option<u32>,
}

#[derive(Args)]
pub(crate) struct JoinArgs {
    /// The units folder.
    #[arg(long)]
    dir: PathBuf,
    /// The certificate file to write.
    #[arg(long)]
    out: PathBuf,
}

#[derive(Args)]
pub(crate) struct VerifyArgs {
    /// The units folder.
    #[arg(long)]
    dir: PathBuf,
    /// Check only part K of N (units K-1, K-1+N, ...; the top always):
    /// the N parts together check the whole.
    #[arg(long, value_parser = parse_part)]
    part: Option<(usize, usize)>,
    /// Threads checking units side by side (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

/// `RxC`, e.g. `4x6`: rows, then columns.
fn parse_board(text: &str) -> Result<Shape, String> {
    let (rows, cols) = text
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .ok_or_else(|| format!("'{text}': expected rows x columns like 4x6"))?;
    Shape::new(rows, cols).map_err(|e| e.to_string())
}

/// `K/N` with 1 <= K <= N.
fn parse_part(text: &str) -> Result<(usize, usize), String> {
    text.split_once('/')
        .and_then(|(k, n)| Some((k.parse().ok()?, n.parse().ok()?)))
        .filter(|&(k, n)| k >= 1 && k <= n)
        .ok_or_else(|| format!("'{text}': expected K/N with 1 <= K <= N, like 2/4"))
}

fn threads_or_all(threads: Option<usize>) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// The solver's table for a board: one bit per cell, 2^16 to 2^27.
fn table_bits(pos: &ClobberPosition, bits: Option<u32>) -> u32 {
    bits.unwrap_or((pos.shape().cells() as u32).clamp(16, 27))
}

pub(crate) fn run(cmd: &UnitsCommand) -> Result<()> {
    match cmd {
        UnitsCommand::Split(args) => split_command(args),
        UnitsCommand::Run(args) => run_command(args),
        UnitsCommand::Status(args) => status_command(args),
        UnitsCommand::Verify(args) => verify_command(args),
        UnitsCommand::Join(args) => join_command(args),
    }
}

fn open(dir: &std::path::Path) -> Result<UnitsDir> {
    Ok(UnitsDir::open(dir)?)
}

fn split_command(args: &SplitArgs) -> Result<()> {
    if let Some(id) = args.unit {
        return split_unit(args, id);
    }
    let pos = match (&args.position, args.board) {
        (Some(text), _) => ClobberPosition::parse(text)?,
        (None, Some(shape)) => ClobberPosition::start(shape),
        (None, None) => bail!("give --board RxC or --position"),
    };
    let threads = threads_or_all(args.threads);
    let mut solver = Solver::configured(table_bits(&pos, None), Solver::VALUE_STONES, threads);
    let options = CertifyOptions {
        leaf_stones: args.leaf_stones,
        leaf_nodes: args.leaf_nodes,
        threads,
    };
    let start = Instant::now();
    let manifest = split(&pos, args.depth, &mut solver, options).map_err(anyhow::Error::msg)?;
    let units = manifest.units.len();
    let winner = if manifest.mover_wins {
        "first"
    } else {
        "second"
    };
    let dir = UnitsDir::create(&args.dir, manifest)?;
    println!(
        "split position={} winner={winner} depth={} units={units} manifest={} time_ms={}",
        pos.to_text(),
        args.depth,
        dir.path()
            .join(warcaby::clobber::certificate::units::MANIFEST)
            .display(),
        start.elapsed().as_millis()
    );
    Ok(())
}

/// `split --dir DIR --unit ID`: a unit too big split again.
fn split_unit(args: &SplitArgs, id: usize) -> Result<()> {
    let dir = open(&args.dir)?;
    let pos = dir.manifest.unit(id)?.position;
    let threads = threads_or_all(args.threads);
    let mut solver = Solver::configured(table_bits(&pos, None), Solver::VALUE_STONES, threads);
    let start = Instant::now();
    let sub = dir.split_unit(id, args.depth, &mut solver)?;
    println!(
        "split unit={id} position={} depth={} units={} dir={} time_ms={}",
        pos.to_text(),
        args.depth,
        sub.manifest.units.len(),
        sub.path().display(),
        start.elapsed().as_millis()
    );
    Ok(())
}

fn run_command(args: &RunArgs) -> Result<()> {
    let dir = open(&args.dir)?;
    let threads = threads_or_all(args.threads);
    let ids: Vec<usize> = match args.unit {
        Some(id) => {
            dir.manifest.unit(id)?;
            vec![id]
        }
        None => {
            // Damaged files first: stop before any work, changing nothing.
            let status = dir.status()?;
            if let Some((id, why)) = status.bad.first() {
                bail!(
                    "{}: {why} ({} bad unit files; left as they are: remove them to prove those units again)",
                    dir.unit_path(*id).display(),
                    status.bad.len()
                );
            }
            status.remaining
        }
    };
    let bits = table_bits(&dir.manifest.root, args.table_bits);
    let mut solver = Solver::configured(bits, Solver::VALUE_STONES, threads);
    let total = dir.manifest.units.len();
    for id in ids {
        let ran = match dir.run(id, &mut solver, threads) {
            // A unit split again waits for its own units; the others go on.
            Err(UnitsError::Waiting(why)) => {
                println!("unit={id} of={total} waits: {why}");
                continue;
            }
            other => other.with_context(|| format!("unit {id}"))?,
        };
        match ran {
            Some(proof) => println!(
                "unit={id} of={total} winner={} positions={} leaves={} seconds={:.3} file={}",
                if proof.certificate.mover_wins {
                    "first"
                } else {
                    "second"
                },
                proof.positions,
                proof.leaves,
                proof.seconds,
                dir.unit_path(id).display()
            ),
            None => println!("unit={id} of={total} skipped (proven already)"),
        }
    }
    Ok(())
}

fn status_command(args: &DirArgs) -> Result<()> {
    let dir = open(&args.dir)?;
    let status = dir.status()?;
    let m = &dir.manifest;
    println!(
        "position={} winner={} depth={} units={} done={} remaining={} bad={} seconds={:.1} positions={}",
        m.root.to_text(),
        if m.mover_wins { "first" } else { "second" },
        m.depth,
        status.total,
        status.done,
        status.remaining.len(),
        status.bad.len(),
        status.seconds,
        status.positions
    );
    if !status.remaining.is_empty() {
        let shown: Vec<String> = status
            .remaining
            .iter()
            .take(20)
            .map(|id| id.to_string())
            .collect();
        let more = status.remaining.len().saturating_sub(shown.len());
        let more = if more > 0 {
            format!(" (and {more} more)")
        } else {
            String::new()
        };
        println!("remaining: {}{more}", shown.join(" "));
    }
    for id in &status.split {
        println!(
            "split: unit {id} into {} (its file is joined from those units)",
            dir.split_path(*id).display()
        );
    }
    for (id, why) in &status.bad {
        println!("bad: unit {id}: {why}");
    }
    Ok(())
}

fn verify_command(args: &VerifyArgs) -> Result<()> {
    let start = Instant::now();
    let dir = open(&args.dir)?;
    let (part, parts) = args.part.unwrap_or((1, 1));
    let done = dir.verify(part, parts, threads_or_all(args.threads))?;
    let m = &dir.manifest;
    println!(
        "verified position={} winner={} units={}/{} part={part}/{parts} positions={} leaves={} leaf_nodes={} time_ms={}",
        m.root.to_text(),
        if m.mover_wins { "first" } else { "second" },
        done.units,
        m.units.len(),
        done.positions,
        done.leaves,
        done.leaf_nodes,
        start.elapsed().as_millis()
    );
    if parts > 1 {
        println!("the whole is proven once every part 1/{parts} to {parts}/{parts} verifies");
    }
    Ok(())
}

fn join_command(args: &JoinArgs) -> Result<()> {
    let start = Instant::now();
    let dir = open(&args.dir)?;
    let joined = dir.join()?;
    let bytes = joined.certificate.to_bytes();
    write_atomically(&args.out, &bytes)?;
    let cert = &joined.certificate;
    println!(
        "joined winner={} move={} units={} positions={} leaves={} unit_seconds={:.1} file_bytes={} time_ms={}",
        if cert.mover_wins { "first" } else { "second" },
        cert.winning_move
            .map_or("-".into(), |m| cert.position.move_text(&m)),
        dir.manifest.units.len(),
        joined.positions,
        joined.leaves,
        joined.seconds,
        bytes.len(),
        start.elapsed().as_millis()
    );
    Ok(())
}
