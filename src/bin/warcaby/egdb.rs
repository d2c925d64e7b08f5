//! `warcaby egdb ...`: build, probe and verify endgame databases, and where
//! the other commands find them: `--egdb DIR`, else `$WARCABY_EGDB`, else
//! the per-user data directory ([`default_dir`]), where `egdb build` puts
//! them when given no `--out`.

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use warcaby::checkers::egdb::format::file_name;
use warcaby::checkers::egdb::{
    build_order, read_slice, verify::verify_slice, Builder, Egdb, EgdbError, Material, MAX_PIECES,
};
use warcaby::games::GameNode;
use warcaby::{Position, Variant};

/// The environment variable naming the default database directory.
pub(crate) const EGDB_ENV: &str = "WARCABY_EGDB";

/// What `--egdb`, `$WARCABY_EGDB` or an arena engine's `egdb=` say to play
/// without tables.
pub(crate) const NONE: &str = "none";

/// The per-user directory of the tables: `$XDG_DATA_HOME/warcaby/egdb`,
/// else `$HOME/.local/share/warcaby/egdb` (None when neither is set to an
/// absolute path).
pub(crate) fn default_dir() -> Option<PathBuf> {
    let absolute = |name| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    absolute("XDG_DATA_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".local").join("share")))
        .map(|data| data.join("warcaby").join("egdb"))
}

#[derive(Subcommand)]
pub(crate) enum EgdbCommand {
    /// Build every slice of up to --pieces pieces into --out (default: the
    /// per-user directory the other commands read); slices already there and
    /// intact are kept, one line per slice.
    Build(BuildArgs),
    /// Value, distance and best move of a position (FEN).
    Probe(ProbeArgs),
    /// Check that every stored value is the best over its moves.
    Verify(VerifyArgs),
    /// Which directory the engines read, and the tables there per variant.
    Status(StatusArgs),
}

#[derive(Args)]
pub(crate) struct BuildArgs {
    /// Largest number of pieces (2-8): 4 take seconds (6.5 MB), 5 a few
    /// minutes (151 MB), 6 about 20 minutes on two cores (2.7 GB, 4 GB of
    /// memory while building; a process that plays maps them and reads
    /// only the pages it probes).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=MAX_PIECES as i64))]
    pieces: u32,
    /// Directory for the slice files (created if missing; default:
    /// $XDG_DATA_HOME/warcaby/egdb, else ~/.local/share/warcaby/egdb).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Rule variant.
    #[arg(long, default_value = "english")]
    variant: Variant,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// Where the tables are: --egdb DIR (or none), else $WARCABY_EGDB, else the
/// per-user directory.
#[derive(Args, Clone)]
pub(crate) struct EgdbDirArgs {
    /// Endgame tables directory, or `none` to play without (default:
    /// $WARCABY_EGDB, else $XDG_DATA_HOME/warcaby/egdb or
    /// ~/.local/share/warcaby/egdb when `egdb build` put tables there).
    #[arg(long, value_name = "DIR|none")]
    pub(crate) egdb: Option<PathBuf>,
}

/// Where a command's tables come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// `--egdb none` (or `$WARCABY_EGDB=none`, or no home to look in).
    Off,
    /// `--egdb DIR`: tables that cannot be read are an error.
    Given(PathBuf),
    /// `$WARCABY_EGDB` or the per-user directory: tables that cannot be
    /// read are a warning, and the command goes on without.
    Default(PathBuf),
}

impl Place {
    /// The place of an explicit `DIR|none` (`--egdb`, an engine's `egdb=`).
    pub(crate) fn given(dir: &Path) -> Place {
        if dir.as_os_str() == NONE {
            Place::Off
        } else {
            Place::Given(dir.to_path_buf())
        }
    }

    /// Without `--egdb`: `$WARCABY_EGDB` (a directory or `none`), else the
    /// per-user directory.
    pub(crate) fn default_place() -> Place {
        match std::env::var_os(EGDB_ENV).filter(|v| !v.is_empty()) {
            Some(v) if v == NONE => Place::Off,
            Some(v) => Place::Default(PathBuf::from(v)),
            None => default_dir().map_or(Place::Off, Place::Default),
        }
    }

    /// Where it is and why, for `egdb status`.
    fn describe(&self) -> String {
        match self {
            Place::Off => "egdb=none".to_string(),
            Place::Given(dir) => format!("egdb={} source=--egdb", dir.display()),
            Place::Default(dir) if std::env::var_os(EGDB_ENV).is_some_and(|v| !v.is_empty()) => {
                format!("egdb={} source={EGDB_ENV}", dir.display())
            }
            Place::Default(dir) => format!("egdb={} source=default", dir.display()),
        }
    }

    /// The tables of `variant` here, for a command that plays or analyses:
    /// None when off or when the directory holds none for these rules; a
    /// directory given with `--egdb` that cannot be read is an error, the
    /// default one a warning on stderr (once per directory and variant).
    pub(crate) fn tables(&self, variant: Variant) -> Result<Option<Tables>> {
        match self {
            Place::Off => Ok(None),
            Place::Given(dir) => Ok(Some(Tables::load(dir, variant)?)),
            Place::Default(dir) => Ok(tables_or_warn(dir, variant)),
        }
    }
}

/// Endgame tables a command uses, with the directory they came from.
#[derive(Clone)]
pub(crate) struct Tables {
    pub(crate) dir: PathBuf,
    pub(crate) egdb: Arc<Egdb>,
}

impl Tables {
    fn load(dir: &Path, variant: Variant) -> Result<Tables> {
        Ok(Tables {
            dir: dir.to_path_buf(),
            egdb: Egdb::load_shared(dir, variant)?,
        })
    }

    /// `egdb=DIR pieces=N`, as the commands print it.
    pub(crate) fn summary(&self) -> String {
        format!(
            "egdb={} pieces={}",
            self.dir.display(),
            self.egdb.max_pieces()
        )
    }
}

/// The default directory's tables of `variant`: None, silently, where there
/// are none for these rules; with a warning where they cannot be read.
fn tables_or_warn(dir: &Path, variant: Variant) -> Option<Tables> {
    if !dir.exists() || variant.rules().flying_kings {
        return None;
    }
    match Tables::load(dir, variant) {
        Ok(tables) => Some(tables),
        Err(e) if matches!(e.downcast_ref::<EgdbError>(), Some(EgdbError::Empty(..))) => None,
        Err(e) => {
            static WARNED: Mutex<BTreeSet<(PathBuf, &str)>> = Mutex::new(BTreeSet::new());
            let mut warned = WARNED.lock().unwrap_or_else(|e| e.into_inner());
            if warned.insert((dir.to_path_buf(), variant.name())) {
                eprintln!(
                    "warning: the endgame tables in {} are not used: {}; going on without them \
                     (rebuild them with `warcaby egdb build --pieces N --variant {variant}`, \
                     or pass --egdb none)",
                    dir.display(),
                    crate::one_line(&e)
                );
            }
            None
        }
    }
}

impl EgdbDirArgs {
    /// Where the tables are: --egdb, else the default place.
    pub(crate) fn place(&self) -> Place {
        match &self.egdb {
            Some(dir) => Place::given(dir),
            None => Place::default_place(),
        }
    }

    /// The database of `variant` for `egdb probe` and `verify`: any
    /// directory that cannot be read is an error here.
    fn load(&self, variant: Variant) -> Result<Option<Arc<Egdb>>> {
        match self.place() {
            Place::Off => Ok(None),
            Place::Given(dir) | Place::Default(dir) => Ok(Some(Tables::load(&dir, variant)?.egdb)),
        }
    }

    /// For a search in game `G`: the tables of `variant` when `G` is
    /// checkers of a board with tables (8x8) and there are some
    /// ([`Place::tables`]).
    pub(crate) fn load_for_game<G: GameNode>(&self, variant: Variant) -> Result<Option<Tables>> {
        let rules = warcaby::games::GameRules::Checkers(variant);
        if !G::KIND.has_endgame_tables() || rules.endgame_rules().is_none() {
            return Ok(None);
        }
        self.place().tables(variant)
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

#[derive(Args)]
pub(crate) struct StatusArgs {
    #[command(flatten)]
    dir: EgdbDirArgs,
}

pub(crate) fn run(cmd: &EgdbCommand) -> Result<()> {
    match cmd {
        EgdbCommand::Build(args) => build(args),
        EgdbCommand::Probe(args) => probe(args),
        EgdbCommand::Verify(args) => verify(args),
        EgdbCommand::Status(args) => status(args),
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

/// Writes `bytes` to `path` whole or not at all: into a hidden file beside
/// it (which the loader never reads), synced, then renamed over `path`. A
/// build killed midway leaves only whole slices, which the next build keeps.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<()> {
    warcaby::core::fs::write_atomically(path, bytes).with_context(|| path.display().to_string())
}

fn build(args: &BuildArgs) -> Result<()> {
    let start = Instant::now();
    let out = match &args.out {
        Some(dir) => dir.clone(),
        None => default_dir()
            .context("no --out, and neither XDG_DATA_HOME nor HOME names a home for the tables")?,
    };
    std::fs::create_dir_all(&out).with_context(|| out.display().to_string())?;
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
        let kept = reuse(&mut builder, &out, args.variant, m);
        let longest = if kept { 0 } else { builder.build_group(m)? };
        for g in if m == m.mirrored() {
            vec![m]
        } else {
            vec![m, m.mirrored()]
        } {
            let file = builder.slice_file(g).expect("built");
            bytes += file.entries.len() as u64 + 32;
            if !kept {
                write_whole(&out.join(file_name(args.variant, g)), &file.to_bytes())?;
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
        "pieces={} variant={} bytes={bytes} time_ms={} dir={}",
        args.pieces,
        args.variant,
        start.elapsed().as_millis(),
        out.display()
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
    dir.load(variant)?.with_context(|| {
        format!("no database: pass --egdb DIR, set {EGDB_ENV}, or build the tables with `warcaby egdb build`")
    })
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

/// `egdb status`: the directory the engines read and why, then one line per
/// variant with tables: `variant=V pieces=N bytes=B`, `pieces=0` where there
/// are none, and `error=...` where they cannot be read (the engines then
/// play without them).
fn status(args: &StatusArgs) -> Result<()> {
    let place = args.dir.place();
    println!("{}", place.describe());
    let (Place::Given(dir) | Place::Default(dir)) = &place else {
        return Ok(());
    };
    for variant in Variant::ALL {
        if variant.rules().flying_kings {
            continue;
        }
        let line = match Tables::load(dir, variant) {
            Ok(tables) => {
                let egdb = &tables.egdb;
                let bytes: u64 = (2..=egdb.max_pieces())
                    .flat_map(Material::all_with)
                    .map(|m| egdb.table(m).map_or(0, |t| t.len() as u64 + 32))
                    .sum();
                format!("pieces={} bytes={bytes}", egdb.max_pieces())
            }
            Err(e) if matches!(e.downcast_ref::<EgdbError>(), Some(EgdbError::Empty(..))) => {
                "pieces=0".to_string()
            }
            Err(_) if !dir.exists() => "pieces=0".to_string(),
            Err(e) => format!("pieces=0 error=\"{}\"", crate::one_line(&e)),
        };
        println!("variant={variant} {line}");
    }
    Ok(())
}
