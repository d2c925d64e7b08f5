//! `warcaby egdb ...`: build, probe and verify endgame databases.

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use warcaby::checkers::egdb::format::file_name;
use warcaby::checkers::egdb::{
    build_order, read_slice, verify::verify_slice, Builder, Egdb, Material, MAX_PIECES,
};
use warcaby::games::GameNode;
use warcaby::{Position, Variant};

/// The environment variable naming the default database directory.
pub(crate) const EGDB_ENV: &str = "WARCABY_EGDB";

#[derive(Subcommand)]
pub(crate) enum EgdbCommand {
    /// Build every slice of up to --pieces pieces into --out (slices already
    /// there and intact are kept), one line per slice.
    Build(BuildArgs),
    /// Value, distance and best move of a position (FEN).
    Probe(ProbeArgs),
    /// Check that every stored value is the best over its moves.
    Verify(VerifyArgs),
}

#[derive(Args)]
pub(crate) struct BuildArgs {
    /// Largest number of pieces (2-8).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=MAX_PIECES as i64))]
    pieces: u32,
    /// Directory for the slice files (created if missing).
    #[arg(long)]
    out: PathBuf,
    /// Rule variant.
    #[arg(long, default_value = "english")]
    variant: Variant,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// Where the database is: --egdb, else $WARCABY_EGDB.
#[derive(Args, Clone)]
pub(crate) struct EgdbDirArgs {
    /// Endgame database directory (default: $WARCABY_EGDB).
    #[arg(long, value_name = "DIR")]
    pub(crate) egdb: Option<PathBuf>,
}

impl EgdbDirArgs {
    /// The directory named, if any.
    pub(crate) fn dir(&self) -> Option<PathBuf> {
        self.egdb
            .clone()
            .or_else(|| std::env::var_os(EGDB_ENV).map(PathBuf::from))
    }

    /// The database of `variant` in the directory named, if one is named.
    pub(crate) fn load(&self, variant: Variant) -> Result<Option<Arc<Egdb>>> {
        self.dir()
            .map(|dir| Egdb::load_shared(&dir, variant).map_err(anyhow::Error::from))
            .transpose()
    }

    /// For a search in game `G`: the database of `variant` when `G` is
    /// checkers and one is named. Only --egdb insists: a $WARCABY_EGDB
    /// without tables for these rules means none.
    pub(crate) fn load_for_game<G: GameNode>(&self, variant: Variant) -> Result<Option<Arc<Egdb>>> {
        if !G::KIND.has_endgame_tables() {
            return Ok(None);
        }
        match self.load(variant) {
            Err(_) if self.egdb.is_none() => Ok(None),
            result => result,
        }
    }
}

#[derive(Args)]
pub(crate) struct ProbeArgs {
    #[command(flatten)]
    dir: EgdbDirArgs,
    /// Rule variant.
    #[arg(long, default_value = "english")]
    variant: Variant,
    /// The position (PDN FEN).
    fen: String,
}

#[derive(Args)]
pub(crate) struct VerifyArgs {
    #[command(flatten)]
    dir: EgdbDirArgs,
    /// Rule variant.
    #[arg(long, default_value = "english")]
    variant: Variant,
    /// Check every N-th position of each slice.
    #[arg(long, default_value_t = 1)]
    step: u64,
}

pub(crate) fn run(cmd: &EgdbCommand) -> Result<()> {
    match cmd {
        EgdbCommand::Build(args) => build(args),
        EgdbCommand::Probe(args) => probe(args),
        EgdbCommand::Verify(args) => verify(args),
    }
}

fn threads_or_cores(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

/// Loads the group's slices from `dir` when both are there and intact.
fn reuse(builder: &mut Builder, dir: &Path, variant: Variant, m: Material) -> bool {
    let group = [m, m.mirrored()];
    let read: Result<Vec<_>, _> = group
        .iter()
        .map(|&g| read_slice(&dir.join(file_name(variant, g)), variant))
        .collect();
    let Ok(slices) = read else {
        return false;
    };
    slices.into_iter().all(|s| builder.insert(s).is_ok())
}

fn build(args: &BuildArgs) -> Result<()> {
    let start = Instant::now();
    std::fs::create_dir_all(&args.out).with_context(|| args.out.display().to_string())?;
    let order = build_order(args.pieces);
    let total: u64 = order
        .iter()
        .map(|m| m.slice_len() * if *m == m.mirrored() { 1 } else { 2 })
        .sum();
    let bar = crate::az::progress(total, "positions");
    let mut builder = Builder::new(args.variant, threads_or_cores(args.threads));
    let mut bytes = 0;
    for m in order {
        let group_start = Instant::now();
        let kept = reuse(&mut builder, &args.out, args.variant, m);
        let longest = if kept { 0 } else { builder.build_group(m)? };
        for g in if m == m.mirrored() {
            vec![m]
        } else {
            vec![m, m.mirrored()]
        } {
            let file = builder.slice_file(g).expect("built");
            bytes += file.entries.len() as u64 + 32;
            if !kept {
                let path = args.out.join(file_name(args.variant, g));
                std::fs::write(&path, file.to_bytes())
                    .with_context(|| path.display().to_string())?;
            }
            bar.inc(g.slice_len());
        }
        let line = format!(
            "slice={} pieces={} longest={longest} kept={kept} time_ms={}",
            m.code(),
            m.total(),
            group_start.elapsed().as_millis()
        );
        if bar.is_hidden() {
            println!("{line}");
        } else {
            bar.println(line);
        }
    }
    bar.finish_and_clear();
    let egdb = builder.into_egdb()?;
    print_counts(&egdb, args.pieces);
    println!(
        "pieces={} variant={} bytes={bytes} time_ms={}",
        args.pieces,
        args.variant,
        start.elapsed().as_millis()
    );
    Ok(())
}

/// Wins, losses and draws (side to move) per piece count.
fn print_counts(egdb: &Egdb, pieces: u32) {
    for n in 2..=pieces {
        let mut sum = [0u64; 3];
        for m in Material::all_with(n) {
            for (s, c) in sum.iter_mut().zip(egdb.counts(m)) {
                *s += c;
            }
        }
        println!(
            "pieces={n} positions={} wins={} losses={} draws={}",
            sum.iter().sum::<u64>(),
            sum[0],
            sum[1],
            sum[2]
        );
    }
}

fn loaded(dir: &EgdbDirArgs, variant: Variant) -> Result<Arc<Egdb>> {
    dir.load(variant)?
        .with_context(|| format!("no database: pass --egdb DIR or set {EGDB_ENV}"))
}

fn probe(args: &ProbeArgs) -> Result<()> {
    let egdb = loaded(&args.dir, args.variant)?;
    let pos = Position::from_fen(&args.fen, args.variant)?;
    let pieces = pos.occupied().count();
    let Some(value) = egdb.probe(&pos) else {
        bail!(
            "{pieces} pieces: the database holds up to {}",
            egdb.max_pieces()
        );
    };
    let best = egdb
        .best_move(&pos)
        .map_or("-".to_string(), |(mv, _)| pos.move_text(&mv));
    let (result, plies) = match value {
        warcaby::checkers::egdb::Value::Win(n) => ("win", n),
        warcaby::checkers::egdb::Value::Loss(n) => ("loss", n),
        warcaby::checkers::egdb::Value::Draw => ("draw", 0),
    };
    println!("value={result} plies={plies} bestmove={best}");
    Ok(())
}

fn verify(args: &VerifyArgs) -> Result<()> {
    let start = Instant::now();
    let egdb = loaded(&args.dir, args.variant)?;
    let mut checked = 0;
    for n in 2..=egdb.max_pieces() {
        for m in Material::all_with(n) {
            checked += verify_slice(&egdb, m, args.step).map_err(anyhow::Error::msg)?;
        }
    }
    println!(
        "verified={checked} pieces={} time_ms={}",
        egdb.max_pieces(),
        start.elapsed().as_millis()
    );
    Ok(())
}
