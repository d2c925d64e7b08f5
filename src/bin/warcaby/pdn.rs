//! `warcaby pdn`: reads PDN databases game by game and says which games
//! read and where the others fail; optionally replays them, prints their
//! final positions and writes them back normalised.

use crate::start::read_pdn_file;
use anyhow::{Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use warcaby::checkers::geometry::Geometry;
use warcaby::checkers::international::Board10;
use warcaby::checkers::notation::pdn::{self, PdnGameOf, RawGame};
use warcaby::checkers::rules::BoardSize;
use warcaby::Variant;

#[derive(Args)]
pub(crate) struct PdnArgs {
    /// PDN files to read.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Variant of the games without a GameType tag: tournament, english, russian,
    /// brazilian or international (10x10; GameType 20 says it too).
    #[arg(long, default_value = "tournament", value_parser = Variant::from_any_name)]
    variant: Variant,
    /// Replay every game and report illegal moves (without it only the syntax is read).
    #[arg(long)]
    check: bool,
    /// Print each game's final position as FEN (replays the games).
    #[arg(long)]
    fen: bool,
    /// Write the games that read, normalised, to DIR (one file per input, same name).
    #[arg(long, value_name = "DIR")]
    export: Option<PathBuf>,
}

impl PdnArgs {
    fn replays(&self) -> bool {
        self.check || self.fen || self.export.is_some()
    }
}

/// Games read and failed so far.
#[derive(Default)]
struct Tally {
    games: usize,
    failed: usize,
}

/// Reads every file; exit status 0 when every game read, 1 when some did
/// not, 2 for bad arguments (a file that cannot be read, a bad --export).
pub(crate) fn run(args: &PdnArgs) -> ExitCode {
    match run_files(args) {
        Ok(tally) => {
            println!(
                "games={} ok={} failed={}",
                tally.games,
                tally.games - tally.failed,
                tally.failed
            );
            ExitCode::from(u8::from(tally.failed > 0))
        }
        Err(error) => crate::fail(&error),
    }
}

fn run_files(args: &PdnArgs) -> Result<Tally> {
    let texts: Vec<String> = args
        .files
        .iter()
        .map(|f| read_pdn_file(f))
        .collect::<Result<_, _>>()?;
    if let Some(dir) = &args.export {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut tally = Tally::default();
    for (path, text) in args.files.iter().zip(&texts) {
        let exported = read_file(args, path, text, &mut tally);
        if let Some(dir) = &args.export {
            let name = path.file_name().context("a file has no name")?;
            let out = dir.join(name);
            std::fs::write(&out, exported)
                .with_context(|| format!("cannot write {}", out.display()))?;
        }
    }
    Ok(tally)
}

/// Prints one line per game of one file; returns the normalised PDN of the
/// games that read.
fn read_file(args: &PdnArgs, path: &Path, text: &str, tally: &mut Tally) -> String {
    let games = pdn::split(text);
    if games.is_empty() {
        println!("file={:?} holds no game", path.display().to_string());
    }
    let mut exported = Vec::new();
    for raw in &games {
        tally.games += 1;
        let head = game_head(path, raw);
        match report(args, raw) {
            Ok((tail, normalised)) => {
                println!("{head} {tail} ok");
                exported.extend(normalised);
            }
            Err(message) => {
                tally.failed += 1;
                println!("{head} error: {}", crate::one_line(&message));
            }
        }
    }
    exported.join("\n")
}

fn game_head(path: &Path, raw: &RawGame) -> String {
    let quoted = |v: Option<&str>| format!("{:?}", v.unwrap_or("?"));
    format!(
        "file={:?} game={} line={} white={} black={} result={}",
        path.display().to_string(),
        raw.number,
        raw.at.line,
        quoted(raw.tag("White")),
        quoted(raw.tag("Black")),
        raw.result_text()
    )
}

/// The rest of a game's line (`plies=..`, and with a replay `winner=..` and
/// `fen=..`) and its normalised text, or why it failed.
fn report(args: &PdnArgs, raw: &RawGame) -> Result<(String, Option<String>)> {
    if !args.replays() {
        return match &raw.error {
            Some(e) => Err(e.clone().into()),
            None => Ok((format!("plies={}", raw.moves.len()), None)),
        };
    }
    match raw.variant(args.variant)?.board() {
        BoardSize::Eight => replayed(args, raw.replay(args.variant)?),
        BoardSize::Ten => replayed(args, raw.replay_on::<Board10>(args.variant)?),
    }
}

/// [`report`] of a game that replayed, on either board.
fn replayed<G: Geometry>(args: &PdnArgs, game: PdnGameOf<G>) -> Result<(String, Option<String>)> {
    let winner = match pdn::result_winner(&game.result) {
        Some(Some(c)) => c.name(),
        Some(None) => "draw",
        None => "unknown",
    };
    let mut tail = format!(
        "plies={} variant={} winner={winner}",
        game.game.ply_count(),
        game.game.variant()
    );
    if args.fen {
        tail.push_str(&format!(" fen={}", game.game.position().to_fen()));
    }
    Ok((tail, Some(game.to_pdn())))
}
