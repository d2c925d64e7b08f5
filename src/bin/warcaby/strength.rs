//! `warcaby bench strength`: a strength figure without outside engines. The
//! current engine (full strength, its default evaluation) plays a fixed
//! older configuration of ours over the ACF three-move ballots, each ballot
//! with both colours, and the match prints W/D/L, the score and Elo with a
//! 95 % margin. Under a node limit (the default) every machine plays the same
//! games; under `--movetime` the time policy plays its part too.

use crate::egdb::{EgdbDirArgs, Place, Tables};
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use std::sync::Arc;
use warcaby::arena::spec::EgdbChoice;
use warcaby::arena::BotSpec;
use warcaby::checkers::ai::learned::EvalNet;
use warcaby::checkers::ai::{history_hashes, CheckersEval, CheckersNodeOf, Level};
use warcaby::checkers::ballots;
use warcaby::checkers::book::Book;
use warcaby::checkers::game::GameOf;
use warcaby::checkers::geometry::Geometry;
use warcaby::checkers::moves::MoveOf;
use warcaby::core::jobs::{run_ordered, Flow};
use warcaby::games::{AnyEval, Engine, GameNode, GameRules};
use warcaby::search::{Algorithm, Limits, SearchConfig};
use warcaby::{Color, Game, Variant};

/// The reference: our search with the material-only evaluation, as it was
/// before the threat extension (so its figures stay comparable).
const REFERENCE: &str = "negascout:eval=material:threats=off";
/// A game still going after this many plies (ballot included) is a draw.
const MAX_PLIES: usize = 300;

#[derive(Args)]
pub(crate) struct StrengthArgs {
    /// Games: the first games/2 ballots, each played with both colours.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(2..=312))]
    games: u64,
    /// Nodes per move for both sides (the same games on every machine).
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Milliseconds per move for both sides instead of a node limit.
    #[arg(long)]
    movetime: Option<u64>,
    /// The reference, as an arena engine spec (ALGO[:eval=NAME][:depth=N]
    /// [:nodes=N][:time=MS]); without a limit of its own it gets the match's.
    #[arg(long, default_value = REFERENCE)]
    reference: String,
    /// Evaluation of the current engine (default: the strongest level's).
    #[arg(long = "eval")]
    eval: Option<String>,
    /// A network file the current engine's learned evaluation plays instead
    /// of the shipped one (a candidate from `evalnet train`).
    #[arg(long, value_name = "FILE")]
    net: Option<std::path::PathBuf>,
    /// Games played at once (use 1 with --movetime).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// The endgame tables the current engine probes, as for bestmove (the
    /// reference probes none unless its spec says egdb=DIR): the first line
    /// names the tables used, so a figure never changes silently.
    #[command(flatten)]
    egdb: EgdbDirArgs,
}

/// One side of a match between two configurations of ours (`bench
/// strength`, `bench sprt`): how its engine is built and limited.
#[derive(Clone)]
pub(crate) struct Side {
    pub(crate) config: SearchConfig,
    pub(crate) eval: AnyEval,
    pub(crate) limits: Limits,
    pub(crate) tables: Option<Tables>,
    /// Plays the opening book's moves (`book=on`, or a spec's `book=FILE`).
    pub(crate) book: bool,
    /// The book file played instead of the compiled-in book (`book=FILE`).
    pub(crate) book_file: Option<Arc<Book>>,
}

impl Side {
    fn engine(&self) -> Engine {
        let egdb = self.tables.as_ref().map(|t| Arc::clone(&t.egdb));
        Engine::configured(self.config.clone(), self.eval.clone())
            .with_endgame(egdb)
            .with_book(self.book)
            .with_book_file(self.book_file.clone())
    }

    /// The side's spec `text` as the first line shows it: with the
    /// directory of the tables it probes where the spec names none.
    pub(crate) fn label(&self, text: &str) -> String {
        match &self.tables {
            Some(tables) if !text.contains("egdb=") => {
                format!("{text}:egdb={}", tables.dir.display())
            }
            _ => text.to_string(),
        }
    }

    /// The side an arena engine spec names (`negascout:eval=learned:...`),
    /// in `variant`; limited by the spec's own depth, nodes or time when it
    /// names one, else by `limits`; probing the tables its `egdb=` names,
    /// else those at `tables`.
    pub(crate) fn of_spec(
        text: &str,
        variant: Variant,
        limits: Limits,
        tables: &Place,
    ) -> Result<Side> {
        let bot = BotSpec::parse(text)?;
        bot.check_rules(GameRules::Checkers(variant))
            .map_err(anyhow::Error::msg)?;
        let spec = match bot {
            BotSpec::Engine(spec) => spec,
            _ => bail!("must be an engine spec like {REFERENCE}, got '{text}'"),
        };
        let own_limit = ["depth=", "nodes=", "time="]
            .iter()
            .any(|key| text.contains(key));
        let limits = if own_limit {
            Limits {
                depth: spec.depth,
                nodes: spec.nodes,
                time_ms: spec.time_ms,
                max_time_ms: None,
            }
        } else {
            limits
        };
        Ok(Side {
            config: spec.config(0),
            eval: spec.eval.clone(),
            limits,
            tables: match &spec.egdb {
                EgdbChoice::Dir(dir) => Place::Given(dir.clone()),
                EgdbChoice::Off => Place::Off,
                EgdbChoice::Default => tables.clone(),
            }
            .tables(variant)?,
            book: spec.book,
            book_file: spec.book_file.clone(),
        })
    }
}

fn match_limits(args: &StrengthArgs) -> Limits {
    match args.movetime {
        Some(ms) => Level::MAX.limits(ms),
        None => Limits::nodes(args.nodes),
    }
}

/// `eval`, playing the network in `net` instead of the shipped one when a
/// file is given (only the learned evaluation has a network).
pub(crate) fn with_net(eval: CheckersEval, net: Option<&std::path::Path>) -> Result<CheckersEval> {
    match net {
        None => Ok(eval),
        Some(_) if !matches!(eval, CheckersEval::Learned(_)) => {
            bail!("--net is for the learned evaluation, not {eval}")
        }
        Some(file) => Ok(CheckersEval::Learned(
            EvalNet::load(file).map_err(anyhow::Error::msg)?,
        )),
    }
}

fn current_side(args: &StrengthArgs) -> Result<Side> {
    let eval = match &args.eval {
        Some(name) => name.parse()?,
        None => Level::MAX.eval(),
    };
    let eval = with_net(eval, args.net.as_deref())?;
    Ok(Side {
        config: Level::MAX.config(0),
        eval: eval.into(),
        limits: match_limits(args),
        tables: args.egdb.place().tables(Variant::English)?,
        // Out of book, as its figures were always measured: the match
        // compares searches and evaluations.
        book: false,
        book_file: None,
    })
}

fn reference_side(args: &StrengthArgs) -> Result<Side> {
    Side::of_spec(
        &args.reference,
        Variant::English,
        match_limits(args),
        &Place::Off,
    )
    .map_err(|e| anyhow!("--reference {e:#}"))
}

/// The game after a ballot's moves under `variant` (the library's
/// [`ballots::opening`]).
pub(crate) fn opening(ballot: &str, variant: Variant) -> Result<Game> {
    ballots::opening(ballot, variant).map_err(anyhow::Error::msg)
}

/// The openings: the ballots whose moves are legal under `variant`.
pub(crate) fn openings(variant: Variant) -> Result<Vec<Game>> {
    ballots::openings(variant).map_err(anyhow::Error::msg)
}

/// Plays one ballot; the current engine is Black (moves first) when
/// `current_black`. Returns the current engine's points (1, ½ or 0).
fn play(ballot: &str, current_black: bool, sides: &[Side; 2]) -> Result<f64> {
    play_from(opening(ballot, Variant::English)?, current_black, sides)
}

/// Plays `game` (an opening played) to the end between `sides[0]` (Black
/// when `current_black`) and `sides[1]`; returns `sides[0]`'s points (1, ½
/// or 0). A game longer than 300 plies is a draw.
pub(crate) fn play_from<G: Geometry>(
    mut game: GameOf<G>,
    current_black: bool,
    sides: &[Side; 2],
) -> Result<f64>
where
    CheckersNodeOf<G>: GameNode<Move = MoveOf<G>>,
{
    let mut engines = [sides[0].engine(), sides[1].engine()];
    while game.outcome().is_none() && game.ply_count() < MAX_PLIES {
        let black = game.position().side_to_move() == Color::Black;
        let who = usize::from(black != current_black);
        let node = CheckersNodeOf::from_game(&game);
        let history = history_hashes(&game);
        let limits = sides[who].limits;
        let info = engines[who]
            .search_node(&node, &history, None, limits, |_| {})?
            .info;
        let mv = info.best_move.context("the engine found no move")?;
        game.play(&mv).context("illegal engine move")?;
    }
    let current = if current_black {
        Color::Black
    } else {
        Color::White
    };
    Ok(match game.outcome().and_then(|o| o.winner()) {
        Some(c) if c == current => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    })
}

/// Elo difference and its 95 % margin for a score over games with the
/// given points (the margin from the points' spread, 1.96 standard errors).
pub(crate) fn elo_with_margin(points: &[f64]) -> (f64, f64) {
    let n = points.len().max(1) as f64;
    let mean = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let elo = |s: f64| {
        let s = s.clamp(0.001, 0.999);
        -400.0 * (1.0 / s - 1.0).log10()
    };
    let margin = (elo(mean + 1.96 * se) - elo(mean - 1.96 * se)) / 2.0;
    (elo(mean), margin)
}

pub(crate) fn run(args: &StrengthArgs) -> Result<()> {
    let sides = [current_side(args)?, reference_side(args)?];
    let ballots: Vec<&str> = ballots::lines().collect();
    let games = args.games as usize;
    let limit = match args.movetime {
        Some(ms) => format!("movetime={ms}"),
        None => format!("nodes={}", args.nodes),
    };
    let current = format!("{}:eval={}", Algorithm::default(), sides[0].eval);
    println!(
        "bench strength current={} reference={} {limit} games={games}",
        sides[0].label(&current),
        sides[1].label(&args.reference)
    );
    let mut points = Vec::with_capacity(games);
    run_ordered(
        args.jobs,
        0,
        || (),
        |_, i| {
            let ballot = ballots[(i / 2) % ballots.len()];
            (i < games).then(|| play(ballot, i.is_multiple_of(2), &sides))
        },
        |_, p| {
            points.push(p);
            Ok(Flow::Continue)
        },
    )?;
    let count = |p: f64| points.iter().filter(|&&x| x == p).count();
    let (elo, margin) = elo_with_margin(&points);
    println!(
        "strength wins={} draws={} losses={} score={:.1}% elo={elo:+.0} margin={margin:.0}",
        count(1.0),
        count(0.5),
        count(0.0),
        100.0 * points.iter().sum::<f64>() / points.len().max(1) as f64
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::elo_with_margin;

    #[test]
    fn even_scores_are_zero_elo_and_wins_are_positive() {
        let (elo, margin) = elo_with_margin(&[1.0, 0.0, 0.5, 0.5]);
        assert!(elo.abs() < 1e-9 && margin > 100.0, "{elo} {margin}");
        let (elo, _) = elo_with_margin(&[1.0, 1.0, 1.0, 0.0]);
        assert!((elo - 190.8).abs() < 0.5, "{elo}");
    }

    /// `bench sprt`'s sides play the book their spec names: a book file's
    /// move where it has one (the test of a rebuilt book against the
    /// committed one), a search's move with the book off.
    #[test]
    fn a_spec_side_plays_its_book_file() {
        use super::*;
        let game = openings(Variant::English).unwrap().remove(0);
        let pos = *game.position();
        let node = CheckersNodeOf::from_game(&game);
        let history = history_hashes(&game);
        let play = |spec: &str| {
            let side =
                Side::of_spec(spec, Variant::English, Limits::nodes(500), &Place::Off).unwrap();
            let info = side
                .engine()
                .search_node(&node, &history, None, side.limits, |_| {})
                .unwrap()
                .info;
            info.best_move.unwrap()
        };
        let searched = play("negascout:book=off");
        let other = *pos.legal_moves().iter().find(|m| **m != searched).unwrap();
        let mut book = Book::new(Variant::English);
        book.insert(&pos, &other, 0, 1).unwrap();
        let path = std::env::temp_dir().join(format!("warcaby-side-{}.book", std::process::id()));
        std::fs::write(&path, book.to_bytes()).unwrap();
        let from_file = play(&format!("negascout:book={}", path.display()));
        std::fs::remove_file(&path).unwrap();
        assert_eq!(from_file, other);
    }
}
