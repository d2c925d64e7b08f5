//! `warcaby review`: analyses every position of a game from a PDN file
//! ([`warcaby::games::review`]), prints a table of its moves with their
//! evaluation, mark and better move, and each side's accuracy, and writes
//! the game back with the review in its comments.

use crate::start::pdn_record;
use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;
use warcaby::checkers::ai::Level;
use warcaby::games::review::{GameReview, MoveReview, Review, ReviewSettings};
use warcaby::games::{AnyGame, Assets, Engine, EngineChoice};
use warcaby::search::Limits;
use warcaby::{Color, Variant};

/// Milliseconds per position when neither --movetime nor --depth is given.
const DEFAULT_MOVETIME_MS: u64 = 500;

#[derive(Args)]
pub(crate) struct ReviewArgs {
    /// The PDN file holding the game.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Which game of the file (1-based).
    #[arg(long, value_name = "N", default_value_t = 1)]
    game: usize,
    /// Variant of a game without a GameType tag: tournament, english, russian or brazilian.
    #[arg(long, default_value = "tournament")]
    variant: Variant,
    /// Engine level 1-8 (8: full strength, with the opening book).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(i64).range(1..=8))]
    level: i64,
    /// Thinking time per position in milliseconds (default 500; a weak
    /// level caps it).
    #[arg(long, value_name = "MS", conflicts_with = "depth")]
    movetime: Option<u64>,
    /// Search every position to this depth instead (the same review on any
    /// machine).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    #[command(flatten)]
    egdb: crate::egdb::EgdbDirArgs,
    /// Write the game with the review in its comments to FILE (PDN).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Reviews the game, prints the table and the summary, writes `--out`.
pub(crate) fn run(args: &ReviewArgs) -> Result<()> {
    let mut record = pdn_record(&args.file, args.game, args.variant)?;
    let game = AnyGame::Checkers(record.game.clone());
    let level = Level::new(args.level)?;
    // The strong levels probe the endgame tables, as when they play.
    let tables = match level.uses_endgame_tables() {
        true => args.egdb.place().tables(record.game.variant())?,
        false => None,
    };
    if let Some(tables) = &tables {
        eprintln!("review: endgame tables {}", tables.summary());
    }
    let egdb = tables.map(|t| t.egdb);
    let assets = Assets {
        endgame: egdb.as_ref(),
        ..Assets::default()
    };
    let mut engine = Engine::new(EngineChoice::Level { level, seed: 1 }, assets);
    let limits = match args.depth {
        Some(depth) => Limits::depth(depth),
        None => engine.limits(args.movetime.unwrap_or(DEFAULT_MOVETIME_MS)),
    };
    let mut review = Review::new(&game, ReviewSettings { limits });
    let bar = crate::az::progress(review.progress().total as u64, "positions");
    while !review.is_done() {
        let progress = review.step(&mut engine).context("the engine failed")?;
        bar.set_position(progress.analysed as u64);
        if bar.is_hidden() {
            eprintln!("review: position {}/{}", progress.analysed, progress.total);
        }
    }
    bar.finish_and_clear();
    let result = review.result();
    print!("{}", table(&result));
    if let Some(out) = &args.out {
        record.comments = result.annotate(&record.comments);
        std::fs::write(out, record.to_pdn())
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    Ok(())
}

/// The moves, one line each, then a line per side.
fn table(review: &GameReview) -> String {
    let mut text = format!(
        "{:<5} {:<14} {:>7} {:>5}  {:<11} {}\n",
        "ply", "move", "eval", "loss", "mark", "better"
    );
    let curve = review.curve();
    for (mv, after) in review.moves.iter().zip(&curve[1..]) {
        text.push_str(&move_line(mv, after.map(|e| e.to_string())));
    }
    for side in [Color::White, Color::Black] {
        let summary = review.summary(side);
        let accuracy = summary
            .accuracy
            .map_or("-".to_string(), |a| format!("{a:.1}"));
        text.push_str(&format!(
            "side={} accuracy={accuracy} inaccuracies={} mistakes={} blunders={}\n",
            side.name(),
            summary.inaccuracies,
            summary.mistakes,
            summary.blunders
        ));
    }
    text
}

/// One move: its number, text, the evaluation after it (White's view, in
/// men), its loss, mark (`best` for the engine's own move), and the better
/// move with its line where marked.
fn move_line(mv: &MoveReview, eval_after: Option<String>) -> String {
    let mark = match (mv.mark, mv.forced) {
        (Some(mark), _) => mark.name(),
        (None, true) => "forced",
        (None, false) if mv.best => "best",
        (None, false) => "",
    };
    let better = match (&mv.best_move, mv.mark) {
        (Some(best), Some(_)) => format!("{best} ({})", mv.line.join(" ")),
        _ => String::new(),
    };
    let loss = mv.loss.map_or("-".to_string(), |l| format!("{l:.2}"));
    let line = format!(
        "{:<5} {:<14} {:>7} {:>5}  {:<11} {better}",
        mv.ply + 1,
        mv.played,
        eval_after.unwrap_or_else(|| "-".to_string()),
        loss,
        mark
    );
    format!("{}\n", line.trim_end())
}
