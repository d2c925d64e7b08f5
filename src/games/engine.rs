//! [`Engine`]: the one route from a game to the engine, for the page, the
//! command line, the arena and the Python package. It keeps its search
//! (and its transposition table) between moves, plays the opening book's
//! move and probes endgame tables where its choice says so, and runs the
//! AlphaZero bot's tree search with the network it is handed. Networks are
//! values: the learned evaluation carries its own
//! ([`CheckersEval::Learned`]), or takes the host's from [`Assets`] (the
//! browser's worker, which compiles none in); the AlphaZero bot's comes in
//! [`Assets`] too, so two engines with different networks can meet in one
//! process.
//!
//! ```
//! use warcaby::games::{AnyGame, Assets, Engine, EngineChoice};
//! use warcaby::checkers::ai::Level;
//! use warcaby::search::Limits;
//! use warcaby::{Game, Variant};
//!
//! let game = AnyGame::from(Game::new(Variant::Russian));
//! let choice = EngineChoice::Level { level: Level::new(3).unwrap(), seed: 7 };
//! let mut engine = Engine::new(choice, Assets::default());
//! let report = engine.think(&game, Limits::depth(4), |_| {}).unwrap();
//! assert!(report.best_move.is_some());
//! ```

use super::think::{AnyEval, Assets, CustomEngine, EngineChoice, Report, Thought};
use super::{AnyGame, GameError, GameNode, NodeJob};
use crate::az::{AzPlayer, MctsLimits, Net};
use crate::checkers::ai::learned::EvalNet;
use crate::checkers::ai::{CheckersEval, CheckersNode};
use crate::checkers::book::Book;
use crate::checkers::egdb::Egdb;
use crate::checkers::game::Game;
use crate::checkers::moves::Move;
#[cfg(feature = "international")]
use crate::checkers::{ai::InternationalEval, geometry::Board10};
use crate::clobber::{ClobberEval, ClobberPosition};
use crate::search::{Clock, Limits, SearchConfig, SearchInfo, Searcher};
use std::sync::Arc;

/// How often the AlphaZero search reports while it thinks (milliseconds).
const AZ_REPORT_MS: f64 = 200.0;

/// The searches an engine keeps between moves, one per game (made when the
/// engine first thinks in that game).
#[derive(Default)]
pub struct Searchers {
    checkers: Option<Searcher<CheckersNode, CheckersEval>>,
    clobber: Option<Searcher<ClobberPosition, ClobberEval>>,
    #[cfg(feature = "international")]
    checkers10: Option<Searcher<crate::checkers::ai::CheckersNodeOf<Board10>, InternationalEval>>,
}

impl Searchers {
    /// The slot of checkers' search.
    pub(crate) fn checkers(&mut self) -> &mut Option<Searcher<CheckersNode, CheckersEval>> {
        &mut self.checkers
    }

    /// The slot of the 10x10 board's search.
    #[cfg(feature = "international")]
    pub(crate) fn checkers10(
        &mut self,
    ) -> &mut Option<Searcher<crate::checkers::ai::CheckersNodeOf<Board10>, InternationalEval>>
    {
        &mut self.checkers10
    }

    /// The slot of Clobber's search.
    pub(crate) fn clobber(&mut self) -> &mut Option<Searcher<ClobberPosition, ClobberEval>> {
        &mut self.clobber
    }
}

/// An engine: see the module's documentation.
pub struct Engine {
    choice: EngineChoice,
    net: Option<Arc<Net>>,
    eval_nets: Option<EvalNet>,
    endgame: Option<Arc<Egdb>>,
    /// The opening book played instead of the compiled-in one, if any.
    book: Option<Arc<Book>>,
    clock: Option<Clock>,
    growing_table: bool,
    az_seed: u64,
    searchers: Searchers,
    az: Option<AzPlayer>,
}

impl Engine {
    /// The engine `choice` names, with what the host has loaded for it
    /// (each engine takes what it uses).
    pub fn new(choice: EngineChoice, assets: Assets<'_>) -> Engine {
        Engine {
            choice,
            net: assets.net.cloned(),
            eval_nets: assets.eval_nets.cloned(),
            endgame: assets.endgame.cloned(),
            book: None,
            clock: None,
            growing_table: false,
            az_seed: 1,
            searchers: Searchers::default(),
            az: None,
        }
    }

    /// An engine configured in full ([`CustomEngine`]): no book and no
    /// tables until asked ([`Engine::with_book`], [`Engine::with_endgame`]).
    pub fn configured(config: SearchConfig, eval: impl Into<AnyEval>) -> Engine {
        let custom = CustomEngine {
            config,
            eval: eval.into(),
            book: false,
            endgame_tables: false,
        };
        Engine::new(EngineChoice::Custom(Box::new(custom)), Assets::default())
    }

    /// A configured engine plays the opening book's move where it has one
    /// (`on`) or always searches; a level or the lab keeps its own rule.
    pub fn with_book(mut self, on: bool) -> Engine {
        if let EngineChoice::Custom(custom) = &mut self.choice {
            custom.book = on;
        }
        self
    }

    /// Plays `book` instead of the compiled-in book wherever this engine
    /// plays a book (a candidate book against the committed one in `bench
    /// sprt`); None: the compiled-in book.
    pub fn with_book_file(self, book: Option<Arc<Book>>) -> Engine {
        Engine { book, ..self }
    }

    /// Endgame tables to probe below the root (None: none). A configured
    /// engine probes them when given; a level when its rule says so.
    pub fn with_endgame(mut self, endgame: Option<Arc<Egdb>>) -> Engine {
        if let EngineChoice::Custom(custom) = &mut self.choice {
            custom.endgame_tables = endgame.is_some();
        }
        Engine { endgame, ..self }
    }

    /// Uses another millisecond clock (the browser's worker passes its own).
    pub fn with_clock(self, clock: Option<Clock>) -> Engine {
        Engine { clock, ..self }
    }

    /// Starts the transposition table small and grows it as it fills, for
    /// one short search ([`Searcher::with_growing_table`]).
    pub fn with_growing_table(self) -> Engine {
        Engine {
            growing_table: true,
            ..self
        }
    }

    /// Seeds the AlphaZero bot's randomness (1 by default).
    pub fn with_seed(self, az_seed: u64) -> Engine {
        Engine { az_seed, ..self }
    }

    /// What plays.
    pub fn choice(&self) -> &EngineChoice {
        &self.choice
    }

    /// The limits of a move of `time_ms` milliseconds for this engine (a
    /// weak level caps its depth and time).
    pub fn limits(&self, time_ms: u64) -> Limits {
        self.choice.plan(time_ms).1
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn new_game(&mut self) {
        self.searchers = Searchers::default();
        self.az = None;
    }

    /// Asks for a move in `game`'s current position within `limits`;
    /// `report` hears of each finished iteration (the AlphaZero bot's
    /// progress every 200 ms). Refused in a finished game, with another
    /// game's evaluation, and for the AlphaZero bot without its network or
    /// outside the rules it plays.
    pub fn think(
        &mut self,
        game: &AnyGame,
        limits: Limits,
        report: impl FnMut(&Report),
    ) -> Result<Report, GameError> {
        self.think_among(game, None, limits, report)
    }

    /// As [`Engine::think`], choosing only among the legal moves whose text
    /// (short or full) is one of `among`, when given: the hops of a capture
    /// already under way. The book is not asked then.
    pub fn think_among(
        &mut self,
        game: &AnyGame,
        among: Option<&[String]>,
        limits: Limits,
        report: impl FnMut(&Report),
    ) -> Result<Report, GameError> {
        if game.outcome().is_some() {
            return Err(GameError::Over);
        }
        if let EngineChoice::AlphaZero { sims } = self.choice {
            return self.think_alphazero(game, sims, limits, report);
        }
        game.with_node(ThinkJob {
            engine: self,
            among,
            limits,
            report,
        })
    }

    /// The search of `root` (after the positions of `history`) in the
    /// game's own moves, for hosts that work with them (the Python
    /// package): the same book, tables and search as [`Engine::think`];
    /// `among` restricts the root moves. Not for the AlphaZero bot.
    pub fn search_node<G: GameNode>(
        &mut self,
        root: &G,
        history: &[u64],
        among: Option<&[G::Move]>,
        limits: Limits,
        mut report: impl FnMut(&SearchInfo<G::Move>),
    ) -> Result<Thought<G::Move>, GameError> {
        if self.choice.is_alphazero() {
            return Err(GameError::BarePosition);
        }
        if among.is_none() && self.choice.uses_book() {
            if let Some(info) = root.book_move(self.book.as_deref()) {
                report(&info);
                return Ok(Thought {
                    info,
                    from_book: true,
                });
            }
        }
        let searcher = self.searcher::<G>()?;
        let info = match among {
            Some(moves) => searcher.search_among(root, moves, history, limits, report),
            None => searcher.search(root, history, limits, report),
        };
        Ok(Thought {
            info,
            from_book: false,
        })
    }

    /// [`Engine::search_node`] of a checkers game's current position (the
    /// lab's tools, which work with checkers moves).
    pub fn think_checkers(
        &mut self,
        game: &Game,
        limits: Limits,
    ) -> Result<Thought<Move>, GameError> {
        let history: Vec<u64> = game.positions_and_moves().map(|(p, _)| p.hash()).collect();
        self.search_node(
            &CheckersNode::from_game(game),
            &history,
            None,
            limits,
            |_| {},
        )
    }

    /// The search kept for game `G`, made on first use.
    fn searcher<G: GameNode>(&mut self) -> Result<&mut Searcher<G, G::Eval>, GameError> {
        let slot = G::searcher_slot(&mut self.searchers);
        if slot.is_none() {
            let eval = self.choice.eval_for::<G>(self.eval_nets.as_ref())?;
            let config = self.choice.plan(0).0;
            let mut searcher = if self.growing_table {
                Searcher::with_growing_table(config, eval)
            } else {
                Searcher::new(config, eval)
            };
            if self.choice.uses_endgame_tables() {
                searcher = searcher.with_exact(self.endgame.as_ref().and_then(G::exact_probe));
            }
            if let Some(clock) = self.clock {
                searcher = searcher.with_clock(clock);
            }
            *slot = Some(searcher);
        }
        Ok(slot.as_mut().expect("made above"))
    }

    fn think_alphazero(
        &mut self,
        game: &AnyGame,
        sims: Option<u32>,
        limits: Limits,
        mut report: impl FnMut(&Report),
    ) -> Result<Report, GameError> {
        let rules = game.played().rules();
        let Some(game) = game.checkers_game().filter(|_| rules.alphazero_plays()) else {
            return Err(GameError::AlphaZero(rules.name()));
        };
        let net = self.net.as_ref().ok_or(GameError::NoNetwork)?;
        let mcts = MctsLimits {
            sims: sims.or(limits.nodes.map(|n| n.clamp(1, u32::MAX as u64) as u32)),
            time_ms: limits.time_ms,
        };
        let seed = self.az_seed;
        let player = self
            .az
            .get_or_insert_with(|| AzPlayer::new(Arc::clone(net), mcts, seed));
        player.limits = mcts;
        let clock = self.clock.unwrap_or(crate::az::mcts::default_clock);
        let start = clock();
        let result = player
            .think_reporting(game, clock, AZ_REPORT_MS, |so_far| {
                report(&Report::from_mcts(game, so_far, clock() - start))
            })
            .map_err(|e| GameError::AlphaZero(e.0.to_string()))?;
        Ok(Report::from_mcts(game, &result, clock() - start))
    }
}

/// One search from the current node, reporting each finished iteration.
struct ThinkJob<'a, 'm, F> {
    engine: &'a mut Engine,
    among: Option<&'m [String]>,
    limits: Limits,
    report: F,
}

impl<F: FnMut(&Report)> NodeJob for ThinkJob<'_, '_, F> {
    type Output = Result<Report, GameError>;
    fn run<G: GameNode>(mut self, root: G, history: &[u64]) -> Self::Output {
        let among: Option<Vec<G::Move>> = self.among.map(|texts| {
            let named = |m: &G::Move| {
                texts.contains(&root.move_text(m)) || texts.contains(&root.full_move_text(m))
            };
            root.moves().into_iter().filter(named).collect()
        });
        if among.as_ref().is_some_and(Vec::is_empty) {
            return Err(GameError::NotLegal(self.among.unwrap_or(&[]).join(", ")));
        }
        let report = &mut self.report;
        let thought =
            self.engine
                .search_node(&root, history, among.as_deref(), self.limits, |info| {
                    report(&Report::new(&root, info))
                })?;
        Ok(Report::of_thought(&root, &thought))
    }
}

impl EngineChoice {
    /// The evaluation for a game whose node is `G`, the learned one with
    /// the host's networks where it has loaded them (`host`, see
    /// [`Assets::eval_nets`]).
    fn eval_for<G: GameNode>(&self, host: Option<&EvalNet>) -> Result<G::Eval, GameError> {
        let any: AnyEval = match self {
            EngineChoice::Level { level, .. } => G::level_eval(*level).into(),
            EngineChoice::AlphaZero { .. } => return Ok(G::Eval::default()),
            EngineChoice::Lab { eval, .. } => eval.clone(),
            EngineChoice::Custom(custom) => custom.eval.clone(),
        };
        let any = any.with_host_nets(host);
        // Another game's evaluation is refused as its name is: unknown here.
        G::eval_of(&any).map_or_else(|| Ok(any.to_string().parse()?), Ok)
    }
}

impl AnyGame {
    /// Asks the engine for a move in the current position, thinking about
    /// `time_ms` milliseconds: `report` hears of each finished iteration.
    /// `clock` replaces the native clock (the browser's worker passes its
    /// own). Refused in a finished game or with another game's evaluation;
    /// the AlphaZero bot needs [`AnyGame::think_with`] and its network.
    pub fn think(
        &self,
        choice: &EngineChoice,
        time_ms: u64,
        clock: Option<Clock>,
        report: impl FnMut(&Report),
    ) -> Result<Report, GameError> {
        self.think_with(choice, Assets::default(), time_ms, clock, report)
    }

    /// As [`AnyGame::think`], with what the host has loaded: the AlphaZero
    /// bot's network (only that engine uses it; it reports every 200 ms
    /// while it thinks) and endgame tables: one move of a fresh [`Engine`].
    /// Refused for the AlphaZero bot without a network or in a game it does
    /// not play (only English checkers).
    pub fn think_with(
        &self,
        choice: &EngineChoice,
        assets: Assets<'_>,
        time_ms: u64,
        clock: Option<Clock>,
        report: impl FnMut(&Report),
    ) -> Result<Report, GameError> {
        let mut engine = Engine::new(choice.clone(), assets).with_clock(clock);
        let limits = engine.limits(time_ms);
        engine.think(self, limits, report)
    }
}
