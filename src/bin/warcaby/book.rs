//! `warcaby book build`: the opening book from our own analysis. English:
//! the start, the positions along the 156 ACF three-move ballots and the
//! lines that follow each ballot; tournament: the start and its lines. Each
//! book position is searched deeply and its best move recorded; the book
//! grows along that move and along the other moves a short search finds
//! within a margin of the best (both sides, since the engine plays either),
//! up to `--plies` plies after the ballot (or the start).
//!
//! A build is hours of search when it goes deep, so what it has analysed is
//! saved as it goes (`OUT.partial`, a book file) and a killed build resumes
//! from it; `--from` takes an earlier book's analyses the same way, so a
//! book grown deeper searches only its new positions. Both give the bytes
//! an uninterrupted build gives: each position's search starts from a
//! cleared table under the same limit.

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;
use warcaby::checkers::ai::{search_position, CheckersEval, CheckersNode, Level};
use warcaby::checkers::book::Book;
use warcaby::checkers::moves::Move;
use warcaby::checkers::position::Position;
use warcaby::core::fs::write_atomically;
use warcaby::core::jobs::{run_ordered, Flow};
use warcaby::search::{Limits, Searcher};
use warcaby::{Game, Variant};

#[derive(Subcommand)]
pub(crate) enum BookCommand {
    /// Analyses the opening positions and writes the book file.
    Build(BuildArgs),
}

#[derive(Args)]
pub(crate) struct BuildArgs {
    /// The book file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Milliseconds of search per book position.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Nodes per book position instead of a time (the same book on every
    /// machine).
    #[arg(long)]
    nodes: Option<u64>,
    /// Plies of book after each ballot (English) or the start (tournament).
    #[arg(long, default_value_t = 4)]
    plies: u32,
    /// english (the ballots) or tournament (the start).
    #[arg(long, default_value = "english")]
    variant: Variant,
    /// Only the first N ballots (English).
    #[arg(long)]
    ballots: Option<usize>,
    /// Moves followed from each position: the best and the next best within
    /// --margin, at most this many in all.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=8))]
    replies: u32,
    /// Score margin (1/100 man) for a second line.
    #[arg(long, default_value_t = 30)]
    margin: i32,
    /// Depth of the short search that ranks the moves to follow.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    rank_depth: u32,
    /// Positions analysed at once.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    /// An earlier book of the variant, built with the same --nodes or
    /// --movetime: its positions keep their analysis instead of being
    /// searched again (to grow a book by more --plies or --replies).
    #[arg(long, value_name = "BOOK")]
    from: Option<PathBuf>,
}

/// Positions analysed between two saves of the partial book.
const SAVE_EVERY: usize = 32;

pub(crate) fn run(cmd: &BookCommand) -> Result<()> {
    match cmd {
        BookCommand::Build(args) => build(args),
    }
}

/// A position waiting for analysis and how many plies of book follow it.
#[derive(Clone, Copy)]
struct Pending {
    pos: Position,
    plies_left: u32,
}

/// What the analysis of one position gives.
struct Analysed {
    pos: Position,
    best: Move,
    score: i32,
    depth: u32,
    children: Vec<Position>,
}

/// The positions the book starts from: English, the start and every
/// position along the ballots (only the ballots' ends are grown); others,
/// the start.
fn roots(args: &BuildArgs) -> Result<Vec<Pending>> {
    let start = Position::start(args.variant);
    if args.variant != Variant::English {
        return Ok(vec![Pending {
            pos: start,
            plies_left: args.plies,
        }]);
    }
    let mut roots = vec![Pending {
        pos: start,
        plies_left: 0,
    }];
    let ballots = warcaby::checkers::ballots::lines();
    for ballot in ballots.take(args.ballots.unwrap_or(usize::MAX)) {
        let mut game = Game::new(Variant::English);
        let moves: Vec<&str> = ballot.split_whitespace().collect();
        for (i, text) in moves.iter().enumerate() {
            game.play_text(text)
                .with_context(|| format!("ballot '{ballot}'"))?;
            let last = i + 1 == moves.len();
            roots.push(Pending {
                pos: *game.position(),
                plies_left: if last { args.plies } else { 0 },
            });
        }
    }
    Ok(roots)
}

/// Keeps each position once, with the most plies asked of it.
fn dedup(pending: Vec<Pending>, done: &HashMap<u64, u32>) -> Vec<Pending> {
    let mut best: HashMap<u64, Pending> = HashMap::new();
    for p in pending {
        if done
            .get(&p.pos.hash())
            .is_some_and(|&left| left >= p.plies_left)
        {
            continue;
        }
        let slot = best.entry(p.pos.hash()).or_insert(p);
        slot.plies_left = slot.plies_left.max(p.plies_left);
    }
    let mut out: Vec<Pending> = best.into_values().collect();
    out.sort_by_key(|p| p.pos.hash());
    out
}

fn limits(args: &BuildArgs) -> Limits {
    match args.nodes {
        Some(n) => Limits::nodes(n),
        None => Level::MAX.limits(args.movetime),
    }
}

/// The book's analyst: the strongest level's search and evaluation.
type Engine = Searcher<CheckersNode, CheckersEval>;

fn new_engine() -> Engine {
    Searcher::new(Level::MAX.config(0), Level::MAX.eval())
}

/// The deep search's move (or the one a known book holds), and the
/// positions the book follows from here.
fn analyse(
    args: &BuildArgs,
    engine: &mut Engine,
    known: &[&Book],
    job: Pending,
) -> Option<Analysed> {
    let (best, score, depth) = match known.iter().find_map(|book| book.lookup(&job.pos)) {
        Some(hit) => (hit.mv, hit.score, hit.depth),
        None => {
            engine.clear();
            let info = search_position(engine, &job.pos, limits(args));
            (info.best_move?, info.score, info.depth)
        }
    };
    let children = if job.plies_left == 0 {
        Vec::new()
    } else {
        lines_to_follow(args, engine, &job.pos, &best)
            .iter()
            .map(|mv| job.pos.after(mv))
            .collect()
    };
    Some(Analysed {
        pos: job.pos,
        best,
        score,
        depth,
        children,
    })
}

/// The best move, then the others a short search scores within the margin
/// of the short search's best, best first, `--replies` in all.
fn lines_to_follow(
    args: &BuildArgs,
    engine: &mut Engine,
    pos: &Position,
    best: &Move,
) -> Vec<Move> {
    let mut ranked: Vec<(i32, Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| {
            engine.clear();
            let child = pos.after(&mv);
            let info = search_position(engine, &child, Limits::depth(args.rank_depth));
            (-info.score, mv)
        })
        .collect();
    ranked.sort_by_key(|(score, _)| -score);
    let top = ranked.first().map_or(0, |(s, _)| *s);
    let mut follow = vec![*best];
    for (score, mv) in ranked {
        if follow.len() >= args.replies as usize || score < top - args.margin {
            break;
        }
        if mv != *best {
            follow.push(mv);
        }
    }
    follow
}

/// Analyses one ply of the book on `--threads` threads.
fn analyse_all(
    args: &BuildArgs,
    jobs: &[Pending],
    known: &[&Book],
    bar: &ProgressBar,
) -> Result<Vec<Analysed>> {
    let mut results = Vec::with_capacity(jobs.len());
    run_ordered(
        args.threads as usize,
        0,
        new_engine,
        |engine, i| Some(Ok(analyse(args, engine, known, *jobs.get(i)?))),
        |_, done| {
            results.extend(done);
            bar.inc(1);
            Ok::<_, anyhow::Error>(Flow::Continue)
        },
    )?;
    results.sort_by_key(|a| a.pos.hash());
    Ok(results)
}

fn progress_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(0);
    let style = ProgressStyle::with_template(
        "[{bar:30}] {pos}/{len} positions ({msg}), {elapsed} ({eta} left)",
    )
    .expect("a valid template")
    .progress_chars("#>-");
    bar.set_style(style);
    bar
}

fn build(args: &BuildArgs) -> Result<()> {
    let started = Instant::now();
    // The earlier book is read before the partial files are made, so that
    // a refused one leaves nothing beside --out.
    let earlier = match &args.from {
        Some(path) => Some(read_book(path, args.variant)?),
        None => None,
    };
    let saved = Partial::new(args)?;
    let mut book = Book::new(args.variant);
    let mut done: HashMap<u64, u32> = HashMap::new();
    let mut pending = dedup(roots(args)?, &done);
    let bar = progress_bar();
    let mut ply = 0;
    while !pending.is_empty() {
        bar.inc_length(pending.len() as u64);
        bar.set_message(format!("ply {ply}"));
        if bar.is_hidden() {
            eprintln!("ply {ply}: {} positions to analyse", pending.len());
        }
        let plies_left: HashMap<u64, u32> = pending
            .iter()
            .map(|p| (p.pos.hash(), p.plies_left))
            .collect();
        let mut next = Vec::new();
        for chunk in pending.chunks(SAVE_EVERY) {
            let known: Vec<&Book> = [Some(&book), saved.book.as_ref(), earlier.as_ref()]
                .into_iter()
                .flatten()
                .collect();
            let results = analyse_all(args, chunk, &known, &bar)?;
            for a in results {
                book.insert(&a.pos, &a.best, a.score, a.depth)?;
                let left = plies_left[&a.pos.hash()];
                done.insert(a.pos.hash(), left);
                next.extend(a.children.into_iter().map(|pos| Pending {
                    pos,
                    plies_left: left - 1,
                }));
            }
            saved.save(&book)?;
        }
        pending = dedup(next, &done);
        ply += 1;
    }
    bar.finish_and_clear();
    let bytes = book.to_bytes();
    write_atomically(&args.out, &bytes).with_context(|| args.out.display().to_string())?;
    saved.remove();
    println!(
        "variant={} positions={} bytes={} time_s={}",
        args.variant,
        book.len(),
        bytes.len(),
        started.elapsed().as_secs()
    );
    Ok(())
}

/// A book file of `variant`, or an error naming the file.
fn read_book(path: &Path, variant: Variant) -> Result<Book> {
    let bytes = std::fs::read(path).with_context(|| path.display().to_string())?;
    Book::from_bytes_for(&bytes, variant).with_context(|| path.display().to_string())
}

/// What a build has analysed so far, kept beside `--out` as
/// `OUT.partial` (a book file) with the search limit it was made under in
/// `OUT.partial.limit`, so that a killed build resumes where it was and a
/// build under another limit refuses to mix its analyses in.
struct Partial {
    book_path: PathBuf,
    limit_path: PathBuf,
    /// The analyses an earlier, killed build saved.
    book: Option<Book>,
}

impl Partial {
    fn new(args: &BuildArgs) -> Result<Partial> {
        let beside = |suffix: &str| {
            let mut name = args.out.file_name().unwrap_or_default().to_os_string();
            name.push(suffix);
            args.out.with_file_name(name)
        };
        let book_path = beside(".partial");
        let limit_path = beside(".partial.limit");
        let limit = format!("{}\n", limit_text(args));
        let book = if book_path.exists() {
            let made_under = std::fs::read_to_string(&limit_path)
                .unwrap_or_else(|_| format!("unknown: no {}", limit_path.display()));
            if made_under != limit {
                bail!(
                    "{} was saved by a build under another limit ({}), not {}: \
                     give the same limit to resume it, or delete it to start again",
                    book_path.display(),
                    made_under.trim(),
                    limit.trim()
                );
            }
            let book = read_book(&book_path, args.variant)
                .context("a saved partial book: delete it to start again")?;
            eprintln!(
                "resuming: {} positions analysed before, from {}",
                book.len(),
                book_path.display()
            );
            Some(book)
        } else {
            None
        };
        write_atomically(&limit_path, limit.as_bytes())
            .with_context(|| limit_path.display().to_string())?;
        Ok(Partial {
            book_path,
            limit_path,
            book,
        })
    }

    /// Saves the book built so far.
    fn save(&self, book: &Book) -> Result<()> {
        write_atomically(&self.book_path, &book.to_bytes())
            .with_context(|| self.book_path.display().to_string())
    }

    /// The build is done: its partial files go.
    fn remove(&self) {
        let _ = std::fs::remove_file(&self.book_path);
        let _ = std::fs::remove_file(&self.limit_path);
    }
}

/// The variant and search limit: what makes one build's analyses another's.
fn limit_text(args: &BuildArgs) -> String {
    match args.nodes {
        Some(n) => format!("variant={} nodes={n}", args.variant),
        None => format!("variant={} movetime={}", args.variant, args.movetime),
    }
}
