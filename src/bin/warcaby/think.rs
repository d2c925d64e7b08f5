//! `warcaby bestmove` and `warcaby compare`: one search, or the three
//! algorithms side by side at a fixed depth.

use crate::games::{eval_for, pv_text, with_position};
use crate::PositionArgs;
use anyhow::{anyhow, bail, Result};
use clap::Args;
use warcaby::checkers::ai::Level;
use warcaby::games::{GameNode, NodeJob};
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
    /// Evaluation by name (checkers: material, positional, learned; Clobber: active,
    /// center, accumulation, first_center_then_aggressive, group_then_fight,
    /// take_middle_stay_in_group, live). Default: the strongest level's
    /// (checkers: learned, which plays positional outside English rules).
    #[arg(long = "eval")]
    eval: Option<String>,
    /// Transposition table size in MiB (0 = none).
    #[arg(long, default_value_t = 64)]
    hash: usize,
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
    let game = args.position.checkers_game()?;
    let limits = warcaby::az::MctsLimits {
        sims: args
            .limits
            .nodes
            .map(|n| n.clamp(1, u32::MAX as u64) as u32),
        time_ms: args.limits.movetime,
    };
    let net = crate::az::load_net(args.net.as_deref())?;
    let mut player = warcaby::az::AzPlayer::new(net, limits, 1);
    let result = player.think(&game)?;
    let pos = game.position();
    let total = result.moves.iter().map(|m| m.visits).sum::<u32>().max(1);
    for m in result.moves.iter().take(5) {
        println!(
            "info move={} visits={} visits_pct={:.1} prior={:.3} q={:.3}",
            pos.move_text(&m.mv),
            m.visits,
            100.0 * m.visits as f64 / total as f64,
            m.prior,
            m.q
        );
    }
    let Some(best) = result.moves.first() else {
        bail!("no legal move: the side to move has lost");
    };
    println!(
        "bestmove {} value={:.3} sims={} evals={}",
        pos.move_text(&best.mv),
        result.root_value,
        result.sims,
        result.evals
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
            ..SearchConfig::default()
        };
        // Without --eval, the full-strength engine: the strongest level's
        // evaluation, as the arena's and the page's top level play.
        let eval = match args.eval.as_deref() {
            Some(name) => eval_for::<G>(Some(name))?,
            None => G::level_eval(Level::MAX),
        };
        let use_book = !args.no_book && args.limits.depth.is_none();
        if let Some(info) = use_book.then(|| pos.book_move()).flatten() {
            return print_best(&pos, &info, "book");
        }
        let egdb = args.egdb.load_for_game::<G>(args.position.variant)?;
        let mut searcher =
            Searcher::new(config, eval).with_exact(egdb.as_ref().and_then(G::exact_probe));
        let mut limits = args.limits.limits();
        if args.max_movetime.is_some() && limits.time_ms.is_none() {
            bail!("--max-movetime needs --movetime");
        }
        limits.max_time_ms = args.max_movetime;
        let result = searcher.search(&pos, history, limits, |info| {
            println!("{}", info_line(&pos, info));
        });
        print_best(&pos, &result, "search")
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
            let mut searcher = Searcher::new(compare_config(algorithm), eval);
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
