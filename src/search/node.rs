//! One node of the search: negamax with the configured algorithm, its
//! cut-offs (rules, repetitions, endgame tables, the transposition table,
//! ProbCut), late move reductions, the child searches of each algorithm and the move
//! ordering.

use super::tunables::{LMR_BASE, LMR_DIVISOR, LMR_FIRST_INDEX, LMR_MIN_DEPTH};
use super::tunables::{PROBCUT_MIN_DEPTH, PROBCUT_REDUCTION};
use super::{ordering, tt, Algorithm, Evaluator, Leaf, SearchGame, Searcher};
use super::{DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY};

/// What the transposition table says of a node.
enum Probe {
    /// Its stored score settles the node.
    Cut(i32),
    /// The move to try first, if the table knows one.
    Hint(Option<usize>),
}

impl<G: SearchGame, E: Evaluator<G>> Searcher<G, E> {
    /// The core: negamax with the configured algorithm. Returns the score of
    /// `node` for the side to move, exact inside (alpha, beta).
    pub(super) fn negamax(
        &mut self,
        node: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        let hash = node.hash();
        if let Some(score) = self.settled_before_moves(node, hash, depth, ply) {
            return score;
        }
        // Quiescence nodes (depth <= 0) skip the table: they are many, cheap
        // and rarely transpose, and probing them costs a cache miss each. A
        // restricted root skips it too: its best move among some is no
        // entry for the position, whose moves the table indexes in full.
        let restricted_root = ply == 0 && self.root_only.is_some();
        let use_tt = depth > 0
            && !restricted_root
            && self.tt.enabled()
            && self.config.algorithm != Algorithm::Minimax;
        let mut tt_move_index = None;
        if use_tt {
            match self.probe_table(hash, depth, ply, alpha, beta) {
                Probe::Cut(score) => return score,
                Probe::Hint(index) => tt_move_index = index,
            }
        }
        if ply > 0 && beta - alpha == 1 && depth >= PROBCUT_MIN_DEPTH && self.config.probcut {
            if let Some(score) = self.probcut(node, depth, ply, beta) {
                return score;
            }
            if self.aborted {
                return DRAW;
            }
        }

        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        if ply == 0 {
            self.root_moves(node, &mut moves);
        } else {
            node.legal_moves(&mut moves);
        }
        if moves.is_empty() {
            self.move_buffers[ply] = moves;
            return -MATE + ply as i32;
        }
        if ply == 0 {
            if let Some(i) = self
                .root_hint
                .and_then(|h| moves.iter().position(|m| *m == h))
            {
                tt_move_index = Some(i);
            }
        }
        let mut scores = std::mem::take(&mut self.score_buffers[ply]);
        self.order(node, &moves, ply, tt_move_index, &mut scores);

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_index = 0;
        self.hashes.push(hash);
        for i in 0..moves.len() {
            let pick = ordering::take_best(&mut scores);
            let mv = moves[pick];
            let child = node.after(&mv);
            if use_tt {
                self.tt.prefetch(child.hash());
            }
            let reduction = self.reduction(node, &mv, depth, i, ply);
            let score = self.search_child(&child, depth, ply, alpha, beta, i == 0, reduction);
            if self.aborted {
                break;
            }
            if ply == 0 {
                self.note_root_result(mv, score, alpha, i == 0);
            }
            if score > best_score {
                best_score = score;
                best_index = pick;
                if score > alpha || self.config.algorithm == Algorithm::Minimax || i == 0 {
                    self.update_pv(ply, mv);
                }
                alpha = alpha.max(score);
            }
            if alpha >= beta && self.config.algorithm != Algorithm::Minimax {
                self.note_cutoff(node, &mv, depth, ply);
                break;
            }
        }
        self.hashes.pop();
        if !self.aborted && use_tt {
            self.store_table(
                hash,
                depth,
                ply,
                (original_alpha, beta),
                best_score,
                best_index,
            );
        }
        self.move_buffers[ply] = moves;
        self.score_buffers[ply] = scores;
        best_score
    }

    /// The node's score when it is settled before its moves are generated:
    /// the search stopped, a draw by the rules or by repetition, a hit in
    /// the endgame tables, or a leaf at the horizon (no moves, or a quiet
    /// position evaluated). None: search its moves.
    #[inline]
    fn settled_before_moves(&mut self, node: &G, hash: u64, depth: i32, ply: usize) -> Option<i32> {
        if ply > 0 {
            self.check_limits();
            if self.aborted {
                return Some(DRAW);
            }
            if node.is_rule_draw() || self.is_repetition(node, hash) {
                return Some(DRAW);
            }
            if let Some(value) = self.exact.as_ref().and_then(|exact| exact.probe(node)) {
                return Some(value.score(ply));
            }
        }
        if depth > 0 && ply < MAX_PLY {
            return None;
        }
        match node.leaf() {
            Leaf::NoMoves => Some(-MATE + ply as i32),
            // One quiet ply more, only at the horizon itself (depth 0):
            // the replies are then searched at depth -1, where a threat
            // no longer extends, so quiescence stays captures only.
            Leaf::Quiet
                if depth == 0
                    && ply < MAX_PLY
                    && self.config.threat_extension
                    && node.is_threatened() =>
            {
                None
            }
            Leaf::Quiet => Some(self.evaluate(node, hash)),
            Leaf::Tactical if ply >= MAX_PLY => Some(self.evaluate(node, hash)),
            Leaf::Tactical => None,
        }
    }

    /// ProbCut: a null-window search [`PROBCUT_REDUCTION`] plies shallower
    /// around beta + the evaluation's margin; failing high there predicts
    /// the full search failing high at beta, so the node is cut
    /// (Some(beta)). Not near mate scores, where a margin means nothing,
    /// nor with an evaluation that has no margin.
    fn probcut(&mut self, node: &G, depth: i32, ply: usize, beta: i32) -> Option<i32> {
        let high = beta + self.evaluator.probcut_margin()?;
        if high.abs() >= MATE_BOUND {
            return None;
        }
        let score = self.negamax(node, depth - PROBCUT_REDUCTION, ply, high - 1, high);
        (score >= high && !self.aborted).then_some(beta)
    }

    /// The transposition table's answer for this node: a score that cuts
    /// the search off, or the index of the move to try first.
    #[inline]
    fn probe_table(&self, hash: u64, depth: i32, ply: usize, alpha: i32, beta: i32) -> Probe {
        let Some(entry) = self.tt.probe(hash) else {
            return Probe::Hint(None);
        };
        if ply > 0 && entry.depth() >= depth {
            let score = tt::score_from_tt(entry.score(), ply);
            let cut = match entry.bound() {
                tt::Bound::Exact => true,
                tt::Bound::Lower => score >= beta,
                tt::Bound::Upper => score <= alpha,
            };
            if cut {
                return Probe::Cut(score);
            }
        }
        Probe::Hint(entry.move_index())
    }

    /// Stores the node's result: exact inside the window it was searched
    /// with, else the bound it proved.
    #[inline]
    fn store_table(
        &mut self,
        hash: u64,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
        best_score: i32,
        best_index: usize,
    ) {
        let bound = if best_score <= alpha {
            tt::Bound::Upper
        } else if best_score >= beta {
            tt::Bound::Lower
        } else {
            tt::Bound::Exact
        };
        let score = tt::score_to_tt(best_score, ply);
        let wants_to_grow = self.tt.store(hash, depth, score, bound, Some(best_index));
        // Only a table this thread owns alone grows: helpers never see
        // it move (a search with helpers grows it to full size first).
        if wants_to_grow {
            if let Some(tt) = std::sync::Arc::get_mut(&mut self.tt) {
                tt.grow();
            }
        }
    }

    /// A quiet move refuted the node: remembered as a killer and in the
    /// history, to be tried early in sibling nodes.
    #[inline]
    fn note_cutoff(&mut self, node: &G, mv: &G::Move, depth: i32, ply: usize) {
        if self.config.ordering && node.tactical_weight(mv) == 0 {
            self.killers.store(ply, *mv);
            self.history.reward(node.move_key(mv), depth);
        }
    }

    /// Late move reduction: later quiet moves of a deep node are searched
    /// shallower first (and again at full depth if they look good), the
    /// more so the later the move and the deeper the node ([`LMR_BASE`]).
    fn reduction(&self, node: &G, mv: &G::Move, depth: i32, index: usize, ply: usize) -> i32 {
        if !self.config.reductions
            || depth < LMR_MIN_DEPTH
            || index < LMR_FIRST_INDEX
            || node.tactical_weight(mv) > 0
            || self.killers.bonus(ply, mv) > 0
        {
            return 0;
        }
        let r = LMR_BASE + (depth as f32).ln() * (index as f32).ln() / LMR_DIVISOR;
        (r as i32).clamp(1, (depth - 2).max(1))
    }

    /// Searches one child with the configured algorithm; the score is from
    /// this node's point of view.
    #[allow(clippy::too_many_arguments)]
    fn search_child(
        &mut self,
        child: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        first: bool,
        reduction: i32,
    ) -> i32 {
        let next = ply + 1;
        let full = depth - 1;
        match self.config.algorithm {
            Algorithm::Minimax => -self.negamax(child, full, next, -INFINITY, INFINITY),
            Algorithm::AlphaBeta | Algorithm::NegaScout if first => {
                -self.negamax(child, full, next, -beta, -alpha)
            }
            Algorithm::AlphaBeta if reduction == 0 => {
                -self.negamax(child, full, next, -beta, -alpha)
            }
            algorithm => {
                // A null window (at reduced depth if reducing) proves the move
                // no better than alpha; otherwise search it properly.
                let mut score = -self.negamax(child, full - reduction, next, -alpha - 1, -alpha);
                if score > alpha && reduction > 0 && !self.aborted {
                    score = if algorithm == Algorithm::AlphaBeta {
                        -self.negamax(child, full, next, -beta, -alpha)
                    } else {
                        -self.negamax(child, full, next, -alpha - 1, -alpha)
                    };
                }
                if algorithm == Algorithm::NegaScout
                    && score > alpha
                    && score < beta
                    && !self.aborted
                {
                    score = -self.negamax(child, full, next, -beta, -alpha);
                }
                score
            }
        }
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Ordering scores for `moves`, aligned with them, into `scores`.
    fn order(
        &self,
        node: &G,
        moves: &[G::Move],
        ply: usize,
        tt_move: Option<usize>,
        scores: &mut Vec<i64>,
    ) {
        scores.clear();
        scores.extend(moves.iter().enumerate().map(|(i, mv)| {
            if tt_move == Some(i) {
                return i64::MAX;
            }
            let tactical = node.tactical_weight(mv) as i64;
            let mut s = tactical << 40;
            if self.config.ordering && tactical == 0 {
                s += self.killers.bonus(ply, mv) + self.history.score(node.move_key(mv));
            }
            // Earlier generated moves first among equals.
            (s << 8) - i as i64
        }));
    }
}
