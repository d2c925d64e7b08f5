//! `warcaby bench sprt`: a candidate configuration against the base (the
//! engine as it plays today) over the ACF ballots, each ballot a pair of
//! games with both colours, until the sequential probability ratio test
//! accepts or rejects the change ([`warcaby::arena::sprt`]: pentanomial,
//! logistic Elo). Pairs are played on `--jobs` threads and counted in
//! ballot order, so under a node limit a run gives the same verdict on any
//! machine and with any number of jobs. With `--state FILE` the counts are
//! kept after every pair and a killed run goes on from there. On the 10x10
//! board (no ballots) the pairs start from every position two plies after
//! the start.

use crate::strength::{openings, play_from, Side};
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use warcaby::arena::sprt::{Decision, Pentanomial, Sprt};
use warcaby::checkers::ai::{CheckersNodeOf, Level};
use warcaby::checkers::ballots;
use warcaby::checkers::game::GameOf;
use warcaby::checkers::geometry::{Board10, Geometry};
use warcaby::checkers::moves::MoveOf;
use warcaby::checkers::rules::BoardSize;
use warcaby::core::jobs::{run_ordered, Flow};
use warcaby::core::rng::{mix, Rng};
use warcaby::games::{GameNode, GameRules};
use warcaby::search::Limits;
use warcaby::Variant;

#[derive(Args)]
pub(crate) struct SprtArgs {
    /// The candidate, as an arena engine spec (e.g.
    /// `negascout:eval=learned:net=cand.bin` or `negascout:threats=off`).
    #[arg(long)]
    candidate: String,
    /// The base, as an arena engine spec (default: the strongest level's
    /// search and evaluation).
    #[arg(long)]
    base: Option<String>,
    /// The rules (the ballots whose moves are legal under them are used;
    /// `international` for the 10x10 board).
    #[arg(long, default_value = "english", value_parser = Variant::from_any_name)]
    variant: Variant,
    /// Nodes per move for both sides (the same games on every machine).
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Milliseconds per move for both sides instead of a node limit (then
    /// run one job per free core).
    #[arg(long)]
    movetime: Option<u64>,
    /// H0: the change is worth this many Elo (or less).
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    elo0: f64,
    /// H1: the change is worth this many Elo.
    #[arg(long, default_value_t = 10.0, allow_hyphen_values = true)]
    elo1: f64,
    /// The chance of accepting a change no better than elo0.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The chance of rejecting a change worth elo1.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Stop, undecided, after this many pairs.
    #[arg(long, default_value_t = 5000)]
    max_pairs: usize,
    /// Pairs played at once.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Keep the counts here after every pair, and go on from them.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// Print a line every this many pairs (the verdict is always printed).
    #[arg(long, default_value_t = 10)]
    every: usize,
    /// The endgame tables of both sides where their spec names none with
    /// egdb=DIR|none, as for bestmove (`none`: no tables); the first line
    /// names the tables each side probes.
    #[command(flatten)]
    egdb: crate::egdb::EgdbDirArgs,
}

/// What `--state` keeps: the test's settings (a run goes on only with the
/// same) and the counts of the pairs played.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct State {
    settings: String,
    pairs_done: usize,
    pentanomial: Pentanomial,
}

impl SprtArgs {
    /// The settings that decide the games and the verdict, as one line
    /// (the sides as their labels show them).
    fn settings(&self, candidate: &str, base: &str) -> String {
        let limit = match self.movetime {
            Some(ms) => format!("movetime={ms}"),
            None => format!("nodes={}", self.nodes),
        };
        format!(
            "candidate={candidate} base={base} variant={} {limit} elo0={} elo1={} alpha={} beta={}",
            self.variant, self.elo0, self.elo1, self.alpha, self.beta
        )
    }

    fn limits(&self) -> Limits {
        match self.movetime {
            Some(ms) => Level::MAX.limits(ms),
            None => Limits::nodes(self.nodes),
        }
    }
}

/// The base side: a spec, or the strongest level as it plays (with the
/// tables); with its label.
fn base_side(args: &SprtArgs) -> Result<(Side, String)> {
    let tables = args.egdb.place();
    let (side, text) = match &args.base {
        Some(text) => (
            Side::of_spec(text, args.variant, args.limits(), &tables)
                .map_err(|e| anyhow!("--base {e:#}"))?,
            text.as_str(),
        ),
        None => (
            Side {
                config: Level::MAX.config(0),
                eval: GameRules::Checkers(args.variant).level_eval(Level::MAX),
                limits: args.limits(),
                tables: tables.tables(args.variant)?,
                book: Level::MAX.uses_book(),
                book_file: None,
            },
            "level=8",
        ),
    };
    let label = side.label(text);
    Ok((side, label))
}

/// Reads the state a killed run left, if it was run with these settings.
fn read_state(path: &std::path::Path, settings: &str) -> Result<Option<State>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| path.display().to_string()),
    };
    let state: State = serde_json::from_str(&text)
        .with_context(|| format!("{}: not a bench sprt state file", path.display()))?;
    if state.settings != settings {
        bail!(
            "{} holds another test ({}); give another --state file",
            path.display(),
            state.settings
        );
    }
    Ok(Some(state))
}

fn write_state(path: &std::path::Path, state: &State) -> Result<()> {
    let text = serde_json::to_string_pretty(state)?;
    warcaby::arena::folder::write_atomic(path, &text)
        .with_context(|| format!("--state {}", path.display()))
}

/// One line of the test's progress.
fn progress_line(test: &Sprt, state: &State) -> String {
    let (elo, margin) = state.pentanomial.elo_with_margin();
    format!(
        "pairs={} games={} ptnml={} score={:.1}% elo={elo:+.1} ±{margin:.1} llr={:.2} ({:.2}, {:.2})",
        state.pairs_done,
        2 * state.pairs_done,
        state.pentanomial,
        100.0 * state.pentanomial.score(),
        test.llr(&state.pentanomial),
        test.lower(),
        test.upper()
    )
}

pub(crate) fn run(args: &SprtArgs) -> Result<()> {
    let test = Sprt::new(args.elo0, args.elo1, args.alpha, args.beta)?;
    let candidate = Side::of_spec(
        &args.candidate,
        args.variant,
        args.limits(),
        &args.egdb.place(),
    )
    .map_err(|e| anyhow!("--candidate {e:#}"))?;
    let (base, base_text) = base_side(args)?;
    let settings = args.settings(&candidate.label(&args.candidate), &base_text);
    let mut state = match &args.state {
        Some(path) => read_state(path, &settings)?,
        None => None,
    }
    .unwrap_or(State {
        settings: settings.clone(),
        pairs_done: 0,
        pentanomial: Pentanomial::default(),
    });
    println!("bench sprt {settings} model=pentanomial elo=logistic");
    if state.pairs_done > 0 {
        println!("resumed {}", progress_line(&test, &state));
    }
    let sides = [candidate, base];
    match args.variant.board() {
        BoardSize::Ten => {
            let openings = ballots::two_ply_openings::<Board10>(args.variant);
            play_pairs(args, &test, &sides, &mut state, &openings)
        }
        BoardSize::Eight => play_pairs(args, &test, &sides, &mut state, &openings(args.variant)?),
    }
}

/// Plays the pairs from `openings` (on `--jobs` threads, counted in order)
/// until the test decides or `--max-pairs` are played, then prints the
/// verdict.
fn play_pairs<G: Geometry>(
    args: &SprtArgs,
    test: &Sprt,
    sides: &[Side; 2],
    state: &mut State,
    openings: &[GameOf<G>],
) -> Result<()>
where
    CheckersNodeOf<G>: GameNode<Move = MoveOf<G>>,
{
    if test.decide(&state.pentanomial) == Decision::Continue {
        // The pairs are counted in order: the verdict does not depend on jobs.
        run_ordered(
            args.jobs,
            state.pairs_done,
            || (),
            |_, i| {
                (i < args.max_pairs).then(|| {
                    let start = pair_opening(openings, i);
                    let first = play_from(start.clone(), true, sides)?;
                    Ok::<_, anyhow::Error>((first, play_from(start, false, sides)?))
                })
            },
            |_, (a, b)| {
                state.pentanomial.add(a, b);
                state.pairs_done += 1;
                if let Some(path) = &args.state {
                    write_state(path, state)?;
                }
                let decided = test.decide(&state.pentanomial) != Decision::Continue;
                if decided || state.pairs_done.is_multiple_of(args.every.max(1)) {
                    println!("{}", progress_line(test, state));
                }
                Ok(if decided { Flow::Stop } else { Flow::Continue })
            },
        )?;
    }
    let verdict = match test.decide(&state.pentanomial) {
        Decision::Continue => "undecided".to_string(),
        decided => decided.to_string(),
    };
    println!("sprt {verdict} {}", progress_line(test, state));
    Ok(())
}

/// The opening of pair `i`: the ballots in order, and once all have been
/// played, each again with [`EXTRA_PLIES`] random plies after it (a new
/// draw on every round of the list). Under a node limit a search is
/// deterministic, so a ballot played twice as it is would repeat its two
/// games move for move and count the same result twice.
fn pair_opening<G: Geometry>(ballots: &[GameOf<G>], i: usize) -> GameOf<G> {
    let (round, index) = (i / ballots.len(), i % ballots.len());
    let mut game = ballots[index].clone();
    if round == 0 {
        return game;
    }
    let mut rng = Rng::new(mix(((round as u64) << 32) | index as u64));
    for _ in 0..EXTRA_PLIES {
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        let mv = moves[rng.index(moves.len())];
        if game.play(&mv).is_err() {
            break;
        }
    }
    game
}

/// Random plies after a ballot from the second round of the list on.
const EXTRA_PLIES: usize = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_rounds_of_the_ballots_are_new_openings() {
        let ballots = openings(Variant::English).unwrap();
        let n = ballots.len();
        assert_eq!(pair_opening(&ballots, 3), ballots[3]);
        let again = pair_opening(&ballots, n + 3);
        let third = pair_opening(&ballots, 2 * n + 3);
        assert_eq!(again.ply_count(), ballots[3].ply_count() + EXTRA_PLIES);
        assert_ne!(again.position(), third.position());
        assert_eq!(
            again,
            pair_opening(&ballots, n + 3),
            "the same pair, the same opening"
        );
    }
}
