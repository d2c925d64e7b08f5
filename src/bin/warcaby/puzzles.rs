//! `warcaby puzzles`: mine puzzles from game collections
//! ([`warcaby::checkers::puzzles::mine`]) into a JSON set, and play them in
//! the terminal with a local rating and streak.

use crate::start::read_pdn_file;
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use warcaby::checkers::game::Game;
use warcaby::checkers::notation::pdn;
use warcaby::checkers::puzzles::{
    self, MineSettings, Puzzle, PuzzleRun, PuzzleSet, Rating, Verdict,
};
use warcaby::Variant;

#[derive(Subcommand)]
pub(crate) enum PuzzlesCommand {
    /// Find puzzles in PDN files: positions where one move alone wins a man.
    Mine(MineArgs),
    /// Play puzzles of a set in the terminal (moves as text; `hint`,
    /// `solution`, `quit`).
    Play(PlayArgs),
}

#[derive(Args)]
pub(crate) struct MineArgs {
    /// PDN files of games (their GameType tags, or --variant, give the rules).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The rules whose games are mined (games of other rules are skipped);
    /// also those of a game without a GameType tag.
    #[arg(long, default_value = "tournament")]
    variant: Variant,
    /// Depth of the verification and of the winning line.
    #[arg(long, default_value_t = MineSettings::default().depth, value_parser = clap::value_parser!(u32).range(4..=30))]
    depth: u32,
    /// Depth of the first look at every position.
    #[arg(long, default_value_t = MineSettings::default().quick_depth, value_parser = clap::value_parser!(u32).range(2..=20))]
    quick_depth: u32,
    /// Threads.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Keep at most this many puzzles (the first found).
    #[arg(long)]
    max: Option<usize>,
    /// The set to write (JSON).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

#[derive(Args)]
pub(crate) struct PlayArgs {
    /// The puzzle set (JSON, as `puzzles mine` writes it).
    #[arg(value_name = "FILE")]
    set: PathBuf,
    /// Play this puzzle (default: the unseen one nearest your rating).
    #[arg(long)]
    id: Option<String>,
    /// Where your rating, streak and the puzzles seen are kept.
    #[arg(long, value_name = "FILE", default_value = "warcaby-puzzles.json")]
    state: PathBuf,
}

pub(crate) fn run(command: &PuzzlesCommand) -> Result<()> {
    match command {
        PuzzlesCommand::Mine(args) => mine(args),
        PuzzlesCommand::Play(args) => play(args),
    }
}

/// The games of `files` played by `variant`'s rules, each named by its
/// file and number; a game that does not replay is skipped with a line.
fn read_games(files: &[PathBuf], variant: Variant) -> Result<Vec<(String, Game)>> {
    let mut games = Vec::new();
    for path in files {
        let text = read_pdn_file(path)?;
        for (i, raw) in pdn::split(&text).iter().enumerate() {
            match raw.replay(variant) {
                Ok(record) if record.game.variant() == variant => {
                    games.push((format!("{} game {}", name(path), i + 1), record.game))
                }
                Ok(_) => {}
                Err(e) => eprintln!("{} game {}: skipped: {e}", path.display(), i + 1),
            }
        }
    }
    Ok(games)
}

fn name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    )
}

fn mine(args: &MineArgs) -> Result<()> {
    let games = read_games(&args.files, args.variant)?;
    if games.is_empty() {
        bail!("no {} game in the files given", args.variant);
    }
    let settings = MineSettings {
        depth: args.depth,
        quick_depth: args.quick_depth.min(args.depth),
        jobs: args.jobs.max(1),
        ..MineSettings::default()
    };
    let started = Instant::now();
    let bar = crate::az::progress(games.len() as u64, "games");
    let done = AtomicU64::new(0);
    let (mut found, stats) = puzzles::mine(&games, &settings, 1, || {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        bar.set_position(n);
        let total = games.len() as u64;
        if bar.is_hidden() && (n * 20 / total) != ((n - 1) * 20 / total) {
            eprintln!("puzzles: {n}/{} games", games.len());
        }
    });
    bar.finish_and_clear();
    if let Some(max) = args.max {
        found.truncate(max);
    }
    let set = PuzzleSet {
        variant: args.variant,
        puzzles: found,
    };
    let json = serde_json::to_string_pretty(&set)?;
    std::fs::write(&args.out, json + "\n")
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    println!(
        "games={} positions={} candidates={} puzzles={} duplicates={} kept={} seconds={:.1}",
        stats.games,
        stats.positions,
        stats.candidates,
        stats.puzzles,
        stats.duplicates,
        set.puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    let mut themes = std::collections::BTreeMap::new();
    for puzzle in &set.puzzles {
        for theme in &puzzle.themes {
            *themes.entry(theme.to_string()).or_insert(0) += 1;
        }
    }
    let themes: Vec<String> = themes.iter().map(|(t, n)| format!("{t}={n}")).collect();
    println!("themes: {}", themes.join(" "));
    Ok(())
}

/// A puzzle set read and checked.
fn read_set(path: &Path) -> Result<PuzzleSet> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let set: PuzzleSet = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a puzzle set", path.display()))?;
    set.check().with_context(|| format!("{}", path.display()))?;
    Ok(set)
}

/// The player's record kept between runs.
#[derive(Default, serde::Serialize, serde::Deserialize)]
struct PlayerState {
    rating: Rating,
    seen: Vec<String>,
}

fn read_state(path: &Path) -> Result<PlayerState> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text).with_context(|| {
            format!(
                "{} is not a puzzle record (move it away to start afresh)",
                path.display()
            )
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(PlayerState::default()),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

fn play(args: &PlayArgs) -> Result<()> {
    let set = read_set(&args.set)?;
    let mut state = read_state(&args.state)?;
    let puzzle = match &args.id {
        Some(id) => set
            .get(id)
            .with_context(|| format!("no puzzle {id} in the set"))?,
        None => state
            .rating
            .next(&set.puzzles, |id| state.seen.iter().any(|s| s == id))
            .context("the set is empty")?,
    }
    .clone();
    let solved = solve(&puzzle, std::io::stdin().lock(), std::io::stdout().lock())?;
    let Some(solved) = solved else {
        return Ok(()); // quit: nothing counted
    };
    let change = state.rating.record(puzzle.rating, solved);
    if !state.seen.contains(&puzzle.id) {
        state.seen.push(puzzle.id.clone());
    }
    println!(
        "{} Rating {} ({change:+}), streak {} (best {}).",
        if solved { "Solved!" } else { "Failed." },
        state.rating.rating,
        state.rating.streak,
        state.rating.best_streak
    );
    let text = serde_json::to_string_pretty(&state)? + "\n";
    warcaby::core::fs::write_atomically(&args.state, text.as_bytes())
        .with_context(|| format!("cannot write {}", args.state.display()))?;
    Ok(())
}

/// Plays `puzzle` with the player's lines of `input`: Some(true) solved
/// clean, Some(false) solved after a wrong move or the solution, None
/// quit (or the input ended) before the end.
fn solve(puzzle: &Puzzle, input: impl BufRead, mut out: impl Write) -> Result<Option<bool>> {
    let mut run = PuzzleRun::new(puzzle)?;
    let themes: Vec<String> = puzzle.themes.iter().map(ToString::to_string).collect();
    writeln!(
        out,
        "Puzzle {} ({}), rating {}",
        puzzle.id, puzzle.variant, puzzle.rating
    )?;
    let board = warcaby::games::AnyGame::Checkers(run.game().clone());
    writeln!(out, "{}", board.played().text_board())?;
    writeln!(
        out,
        "{:?} to move and win a man ({}).",
        run.solver(),
        themes.join(", ")
    )?;
    let mut lines = input.lines();
    while !run.is_solved() {
        write!(out, "your move> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            return Ok(None);
        };
        let line = line?;
        match line.trim() {
            "quit" | "q" => return Ok(None),
            "hint" => {
                if let Some(from) = run.hint() {
                    let square = from.display(puzzle.variant.rules().notation);
                    writeln!(out, "Hint: the piece on {square}.")?;
                }
            }
            "solution" => {
                let position = *run.game().position();
                let rest = run.show_solution();
                writeln!(out, "Solution: {}", texts(&position, &rest))?;
            }
            text => match run.try_text(text) {
                Err(e) => writeln!(out, "{e}")?,
                Ok(Some(Verdict::Right { reply })) => {
                    let before = run.game().positions_and_moves().last().map(|(p, _)| *p);
                    let reply = before.map_or_else(String::new, |p| p.move_text(&reply));
                    writeln!(out, "Right. The defence plays {reply}.")?;
                }
                Ok(Some(Verdict::Solved)) => {}
                Ok(Some(Verdict::Wrong { expected })) => {
                    let text = run.game().position().move_text(&expected);
                    writeln!(out, "Wrong: {text} wins here. Play it to go on.")?;
                }
                Ok(None) => {}
            },
        }
    }
    Ok(Some(!run.is_failed()))
}

/// Moves played one after another from `start`, as text.
fn texts(
    start: &warcaby::checkers::position::Position,
    moves: &[warcaby::checkers::moves::Move],
) -> String {
    let mut pos = *start;
    let mut out = Vec::new();
    for mv in moves {
        out.push(pos.move_text(mv));
        pos.play(mv);
    }
    out.join(" ")
}
