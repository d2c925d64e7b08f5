//! `warcaby bestmove` and `warcaby compare`: one search, or the three
//! algorithms side by side at a fixed depth.

use crate::games::{eval_for, pv_text, with_position};
use crate::PositionArgs;
use anyhow::{anyhow, bail, Result};
use clap::Args;
use warcaby::checkers::ai::Level;
use warcaby::games::{AnyGame, Assets, CustomEngine, Engine, EngineChoice, GameNode, NodeJob};
use warcaby::search::{Algorithm, Limits, SearchConfig, SearchInfo, Searcher};

/// Search limits on the command line: exactly one is required.
#[derive(Args, Clone)]
#[group(required = true, multiple = false)]
pub(crate) struct LimitArgs {
    /// Search to this depth (plies).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
}

impl LimitArgs {
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            time_ms: self.movetime,
            max_time_ms: None,
        }
    }
}

#[derive(Args)]
pub(crate) struct BestMoveArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// Search algorithm: minimax, alphabeta, negascout, or az (the
    /// AlphaZero bot, English checkers: --movetime, or --nodes as simulations).
    #[arg(long, default_value = "negascout", value_parser = parse_algo)]
    algo: AlgoChoice,
    /// AlphaZero network file for --algo az (default: the shipped network).
    #[arg(long, value_name = "FILE")]
    net: Option<std::path::PathBuf>,
    /// Evaluation by name (checkers: material, positional, learned; 10x10: plain; Clobber: active,
    /// center, accumulation, first_center_then_aggressive, group_then_fight,
    /// take_middle_stay_in_group, live). Default: the strongest level's
    /// (checkers: learned, with the network of the game's rule set).
    #[arg(long = "eval")]
    eval: Option<String>,
    /// Transposition table size in MiB (0 = none).
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Search threads (lazy SMP: helpers share the table; 1-256).
    #[arg(long, default_value_t = 1, value_parser = warcaby::search::parse_threads)]
    threads: usize,
    /// With --movetime: think up to this many milliseconds while the best
    /// move is failing (default: the move time is the ceiling).
    #[arg(long)]
    max_movetime: Option<u64>,
    /// Always search: without it, a position in the opening book (checkers)
    /// gets the book's move (`source=book`) unless --depth asks for a search.
    #[arg(long)]
    no_book: bool,
    #[command(flatten)]
    egdb: crate::egdb::EgdbDirArgs,
}

/// An alpha-beta family search or the AlphaZero bot.
#[derive(Clone, Copy)]
pub(crate) enum AlgoChoice {
    /// A tree search with an evaluation.
    Search(Algorithm),
    /// Network-guided Monte Carlo tree search.
    Az,
}

fn parse_algo(text: &str) -> Result<AlgoChoice> {
    if text.eq_ignore_ascii_case("az") {
        return Ok(AlgoChoice::Az);
    }
    text.parse::<Algorithm>()
        .map(AlgoChoice::Search)
        .map_err(|e| anyhow!("{e}, or az"))
}

/// `bestmove --algo az`: the AlphaZero bot's search, its top moves as info lines.
fn az_bestmove(args: &BestMoveArgs) -> Result<()> {
    if args.limits.depth.is_some() {
        bail!("--algo az takes --movetime or --nodes (simulations), not --depth");
    }
    let game = AnyGame::from(args.position.checkers_game()?);
    let sims = args
        .limits
        .nodes
        .map(|n| n.clamp(1, u32::MAX as u64) as u32);
    let net = crate::az::load_net(args.net.as_deref())?;
    let assets = Assets {
        net: Some(&net),
        endgame: None,
        ..Assets::default()
    };
    let mut engine = Engine::new(EngineChoice::AlphaZero { sims }, assets);
    let limits = Limits {
        time_ms: args.limits.movetime,
        ..Limits::default()
    };
    let report = engine.think(&game, limits, |_| {})?;
    let total = report
        .root_moves
        .iter()
        .map(|m| m.visits)
        .sum::<u32>()
        .max(1);
    for m in report.root_moves.iter().take(5) {
        println!(
            "info move={} visits={} visits_pct={:.1} prior={:.3} q={:.3}",
            m.mv,
            m.visits,
            100.0 * m.visits as f64 / total as f64,
            m.prior,
            m.value
        );
    }
    let (Some(best), Some(top)) = (&report.best_move_text, report.root_moves.first()) else {
        bail!("no legal move: the side to move has lost");
    };
    println!(
        "bestmove {best} value={:.3} sims={}",
        top.value, report.nodes
    );
    Ok(())
}

fn info_line<G: GameNode>(pos: &G, info: &SearchInfo<G::Move>) -> String {
    format!(
        "info depth={} seldepth={} score={} nodes={} nps={} time_ms={} pv={}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nodes_per_second(),
        info.time_ms,
        pv_text(pos, &info.pv)
    )
}

struct BestMoveJob<'a>(&'a BestMoveArgs);

impl NodeJob for BestMoveJob<'_> {
    type Output = Result<()>;
    fn run<G: GameNode>(self, pos: G, history: &[u64]) -> Result<()> {
        let args = self.0;
        let AlgoChoice::Search(algorithm) = args.algo else {
            bail!("--algo az is handled before the position is read");
        };
        let config = SearchConfig {
            algorithm,
            tt_mib: args.hash,
            threads: args.threads,
            ..SearchConfig::default()
        };
        // Without --eval, the full-strength engine: the strongest level's
        // evaluation, as the arena's and the page's top level play.
        let eval = match args.eval.as_deref() {
            Some(name) => eval_for::<G>(Some(name))?,
            None => G::level_eval(Level::MAX),
        };
        let use_book = !args.no_book && args.limits.depth.is_none();
        let tables = args.egdb.load_for_game::<G>(args.position.variant)?;
        if let Some(tables) = &tables {
            println!("info {}", tables.summary());
        }
        let egdb = tables.map(|t| t.egdb);
        let custom = CustomEngine {
            config,
            eval: eval.into(),
            book: use_book,
            endgame_tables: egdb.is_some(),
        };
        let assets = Assets {
            net: None,
            endgame: egdb.as_ref(),
            ..Assets::default()
        };
        let mut engine = Engine::new(EngineChoice::Custom(Box::new(custom)), assets);
        let mut limits = args.limits.limits();
        if args.max_movetime.is_some() && limits.time_ms.is_none() {
            bail!("--max-movetime needs --movetime");
        }
        limits.max_time_ms = args.max_movetime;
        let thought = engine.search_node(&pos, history, None, limits, |info| {
            // A book move's report searched nothing: no info line for it.
            if info.nodes > 0 {
                println!("{}", info_line(&pos, info));
            }
        })?;
        let source = if thought.from_book { "book" } else { "search" };
        print_best(&pos, &thought.info, source)
    }
}

/// The `bestmove` line; `source` says where the move comes from (`search`
/// or `book`).
fn print_best<G: GameNode>(pos: &G, result: &SearchInfo<G::Move>, source: &str) -> Result<()> {
    let Some(best) = result.best_move else {
        bail!("no legal move: the side to move has lost");
    };
    println!(
        "bestmove {} score={} depth={} nodes={} time_ms={} source={source}",
        pos.move_text(&best),
        result.score,
        result.depth,
        result.nodes,
        result.time_ms
    );
    Ok(())
}

pub(crate) fn run_bestmove(args: &BestMoveArgs) -> Result<()> {
    if let AlgoChoice::Az = args.algo {
        return az_bestmove(args);
    }
    with_position(&args.position, BestMoveJob(args))?
}

#[derive(Args)]
pub(crate) struct CompareArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Fixed depth for all three algorithms.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Evaluation by name (as for bestmove).
    #[arg(long = "eval")]
    eval: Option<String>,
}

/// The configuration `compare` uses: one fixed-depth search, no table, no
/// reductions; minimax and alphabeta as in the textbook (generation order),
/// negascout with killer and history ordering, which it needs to pay off.
pub(crate) fn compare_config(algorithm: Algorithm) -> SearchConfig {
    SearchConfig {
        ordering: algorithm == Algorithm::NegaScout,
        ..SearchConfig::bare(algorithm)
    }
}

struct CompareJob<'a>(&'a CompareArgs);

impl NodeJob for CompareJob<'_> {
    type Output = Result<()>;
    fn run<G: GameNode>(self, pos: G, _history: &[u64]) -> Result<()> {
        let eval = eval_for::<G>(self.0.eval.as_deref())?;
        if pos.moves().is_empty() {
            bail!("no legal move: the side to move has lost");
        }
        for algorithm in Algorithm::ALL {
            let mut searcher = Searcher::new(compare_config(algorithm), eval.clone());
            let r = searcher.search(&pos, &[], Limits::depth(self.0.depth), |_| {});
            let mv = r.best_move.map_or("-".to_string(), |m| pos.move_text(&m));
            println!(
                "algo={} score={} move={} nodes={} time_ms={}",
                algorithm, r.score, mv, r.nodes, r.time_ms
            );
        }
        Ok(())
    }
}

pub(crate) fn run_compare(args: &CompareArgs) -> Result<()> {
    with_position(&args.position, CompareJob(args))?
}
