//! The checkers AI: the [`SearchGame`] glue for checkers positions, the
//! evaluations, playing levels and a ready-to-use [`Engine`].

mod eval;
pub mod learned;
mod levels;

pub use eval::{king_value, CheckersEval, MAN};
pub use levels::{Level, LevelError};

use crate::checkers::book;
use crate::checkers::egdb::Egdb;
use crate::checkers::game::Game;
use crate::checkers::movegen;
use crate::checkers::moves::Move;
use crate::checkers::position::Position;
use crate::search::{
    Clock, ExactProbe, Leaf, Limits, SearchConfig, SearchGame, SearchInfo, Searcher,
};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A checkers position as the search sees it: the position and the count of
/// plies since the last man move or capture (for the no-progress draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckersNode {
    /// The position.
    pub pos: Position,
    /// Plies since the last man move or capture.
    pub quiet_plies: u32,
}

impl CheckersNode {
    /// The node for the current position of a game.
    pub fn from_game(game: &Game) -> CheckersNode {
        CheckersNode {
            pos: *game.position(),
            quiet_plies: game.quiet_plies(),
        }
    }
}

impl SearchGame for CheckersNode {
    type Move = Move;

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.pos.legal_moves_into(moves);
    }

    #[inline]
    fn after(&self, mv: &Move) -> Self {
        CheckersNode {
            pos: self.pos.after(mv),
            quiet_plies: if self.pos.is_progress(mv) {
                0
            } else {
                self.quiet_plies + 1
            },
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    #[inline]
    fn leaf(&self) -> Leaf {
        if movegen::has_capture(&self.pos) {
            Leaf::Tactical
        } else if movegen::count_quiet(&self.pos) == 0 {
            Leaf::NoMoves
        } else {
            Leaf::Quiet
        }
    }

    #[inline]
    fn is_threatened(&self) -> bool {
        movegen::threateners(&self.pos).any()
    }

    #[inline]
    fn reversible_plies(&self) -> u32 {
        self.quiet_plies
    }

    #[inline]
    fn is_rule_draw(&self) -> bool {
        self.quiet_plies >= self.pos.rules().end.no_progress_plies
    }

    #[inline]
    fn tactical_weight(&self, mv: &Move) -> u32 {
        mv.capture_count()
    }

    #[inline]
    fn move_key(&self, mv: &Move) -> usize {
        mv.from().index() * 64 + mv.to().index()
    }
}

/// The hashes of the game's positions before the current one, oldest
/// first: the search sees repetitions of them.
fn history_hashes(game: &Game) -> Vec<u64> {
    game.positions_and_moves().map(|(p, _)| p.hash()).collect()
}

/// A checkers engine: a searcher with its table kept between moves, and
/// optionally the opening book.
pub struct Engine {
    searcher: Searcher<CheckersNode, CheckersEval>,
    book: bool,
}

impl Engine {
    /// An engine with a search configuration and an evaluation.
    pub fn new(config: SearchConfig, eval: CheckersEval) -> Engine {
        Engine {
            searcher: Searcher::new(config, eval),
            book: false,
        }
    }

    /// An engine whose table starts small and grows as it fills
    /// ([`Searcher::with_growing_table`]), for one short search.
    pub fn with_growing_table(config: SearchConfig, eval: CheckersEval) -> Engine {
        Engine {
            searcher: Searcher::with_growing_table(config, eval),
            book: false,
        }
    }

    /// Plays the compiled-in opening book's move, where it has one, in
    /// [`Engine::think`] (`on`), or always searches (the default).
    pub fn with_book(self, on: bool) -> Engine {
        Engine { book: on, ..self }
    }

    /// Probes an endgame database below the root (None: search without).
    pub fn with_egdb(self, egdb: Option<Arc<Egdb>>) -> Engine {
        Engine {
            searcher: self
                .searcher
                .with_exact(egdb.map(|e| e as Arc<dyn ExactProbe<CheckersNode>>)),
            ..self
        }
    }

    /// Uses another millisecond clock (the browser passes `performance.now`).
    pub fn with_clock(self, clock: Clock) -> Engine {
        Engine {
            searcher: self.searcher.with_clock(clock),
            ..self
        }
    }

    /// The flag that stops a running search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }

    /// Forgets what earlier searches learnt.
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Searches the game's current position, reporting each iteration; with
    /// the book on, a book position's move is played without a search (its
    /// report has no nodes).
    pub fn think(
        &mut self,
        game: &Game,
        limits: Limits,
        mut on_iteration: impl FnMut(&SearchInfo<Move>),
    ) -> SearchInfo<Move> {
        let hit = self.book.then(|| book::builtin_move(game.position()));
        if let Some(info) = hit.flatten().map(|h| h.info()) {
            on_iteration(&info);
            return info;
        }
        self.searcher.search(
            &CheckersNode::from_game(game),
            &history_hashes(game),
            limits,
            on_iteration,
        )
    }

    /// Searches the game's current position choosing only among `moves`
    /// (those of them that are legal; see [`Searcher::search_among`]), for
    /// a move already partly made: the hops of a capture under way. The
    /// book is not asked.
    pub fn think_among(
        &mut self,
        game: &Game,
        moves: &[Move],
        limits: Limits,
        on_iteration: impl FnMut(&SearchInfo<Move>),
    ) -> SearchInfo<Move> {
        self.searcher.search_among(
            &CheckersNode::from_game(game),
            moves,
            &history_hashes(game),
            limits,
            on_iteration,
        )
    }

    /// Searches a bare position (no game history, no-progress count 0).
    pub fn think_position(
        &mut self,
        pos: &Position,
        limits: Limits,
        on_iteration: impl FnMut(&SearchInfo<Move>),
    ) -> SearchInfo<Move> {
        let node = CheckersNode {
            pos: *pos,
            quiet_plies: 0,
        };
        self.searcher.search(&node, &[], limits, on_iteration)
    }
}
