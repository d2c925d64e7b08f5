//! Monte Carlo tree search guided by the network (PUCT), as in AlphaZero:
//! priors from the policy head, leaf values from the value head, Dirichlet
//! noise on the root priors in self-play, and a batch of leaves evaluated per
//! network call (virtual loss keeps the leaves of one batch apart).

use super::encode::{encode_into, move_priors, INPUT_LEN};
use super::net::{Net, NetOutput};
use crate::core::rng::Rng;
use crate::{Move, Position};

/// Evaluates a batch of encoded positions (the network, or a stand-in in tests).
pub trait Evaluator {
    /// Policy logits and values for `inputs`, [`INPUT_LEN`] floats a position.
    fn evaluate(&self, inputs: &[f32]) -> NetOutput;
}

impl Evaluator for Net {
    fn evaluate(&self, inputs: &[f32]) -> NetOutput {
        self.forward(inputs)
    }
}

/// A millisecond clock (the browser passes `performance.now`).
pub type Clock = fn() -> f64;

/// The process's monotonic clock natively; always 0 in wasm (pass a clock).
pub fn default_clock() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static EPOCH: OnceLock<Instant> = OnceLock::new();
        EPOCH.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
    #[cfg(target_arch = "wasm32")]
    {
        0.0
    }
}

/// Search settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Exploration constant of PUCT.
    pub c_puct: f32,
    /// Leaves evaluated per network call.
    pub batch: usize,
    /// Dirichlet noise on the root priors: (alpha, weight); None in play.
    pub noise: Option<(f32, f32)>,
    /// Plies without progress that draw the game (80 in English checkers).
    pub no_progress_plies: u32,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            c_puct: 1.5,
            batch: 8,
            noise: None,
            no_progress_plies: 80,
        }
    }
}

/// When a search stops: after `sims` simulations or `time_ms`, whichever first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsLimits {
    /// Simulations (leaf evaluations and terminal visits).
    pub sims: Option<u32>,
    /// Milliseconds.
    pub time_ms: Option<u64>,
}

/// One root move's statistics after a search.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats {
    /// The move.
    pub mv: Move,
    /// Visits.
    pub visits: u32,
    /// The network's prior.
    pub prior: f32,
    /// Mean value for the side to move at the root (−1..1), 0 if unvisited.
    pub q: f32,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult {
    /// Root moves, most visited first.
    pub moves: Vec<MoveStats>,
    /// The network's value of the root.
    pub root_value: f32,
    /// Simulations run.
    pub sims: u32,
    /// Positions the network evaluated.
    pub evals: u64,
    /// The most visited line from the root (its first move is `moves[0]`'s
    /// when the root has visits).
    pub pv: Vec<Move>,
}

/// The longest principal line a result carries.
const PV_PLIES: usize = 12;

const NONE: u32 = u32::MAX;

struct Node {
    pos: Position,
    quiet: u32,
    moves: Vec<Move>,
    priors: Vec<f32>,
    children: Vec<u32>,
    visits: Vec<u32>,
    value_sum: Vec<f32>,
    /// Game over here: the value for the side to move.
    terminal: Option<f32>,
    expanded: bool,
    pending: bool,
}

impl Node {
    fn new(pos: Position, quiet: u32, repeated: bool, no_progress: u32) -> Node {
        let moves = pos.legal_moves();
        let terminal = if moves.is_empty() {
            Some(-1.0)
        } else if quiet >= no_progress || repeated {
            Some(0.0)
        } else {
            None
        };
        let n = moves.len();
        Node {
            pos,
            quiet,
            moves,
            priors: vec![0.0; n],
            children: vec![NONE; n],
            visits: vec![0; n],
            value_sum: vec![0.0; n],
            terminal,
            expanded: false,
            pending: false,
        }
    }
}

/// A search tree for one root position.
pub struct Mcts {
    config: MctsConfig,
    nodes: Vec<Node>,
    history: Vec<u64>,
    root_value: f32,
    evals: u64,
    clock: Clock,
}

impl Mcts {
    /// A tree at `pos`, `quiet` plies after the last progress; `history`
    /// holds the hashes of the game's earlier positions (a position met
    /// again in the tree counts as a draw).
    pub fn new(config: MctsConfig, pos: Position, quiet: u32, history: Vec<u64>) -> Mcts {
        let root = Node::new(pos, quiet, false, config.no_progress_plies);
        Mcts {
            config,
            nodes: vec![root],
            history,
            root_value: 0.0,
            evals: 0,
            clock: default_clock,
        }
    }

    /// Uses another millisecond clock.
    pub fn with_clock(mut self, clock: Clock) -> Mcts {
        self.clock = clock;
        self
    }

    /// Runs simulations until a limit is reached; `rng` draws the root noise.
    pub fn run<E: Evaluator>(&mut self, eval: &E, limits: MctsLimits, rng: &mut Rng) -> MctsResult {
        self.run_reporting(eval, limits, rng, f64::INFINITY, |_| {})
    }

    /// As [`Mcts::run`], handing `report` the result so far every
    /// `every_ms` milliseconds while it runs (a host shows the search live).
    pub fn run_reporting<E: Evaluator>(
        &mut self,
        eval: &E,
        limits: MctsLimits,
        rng: &mut Rng,
        every_ms: f64,
        mut report: impl FnMut(&MctsResult),
    ) -> MctsResult {
        let start = (self.clock)();
        let mut reported = start;
        let max_sims = limits.sims.unwrap_or(u32::MAX).max(1);
        if !self.nodes[0].expanded && self.nodes[0].terminal.is_none() {
            self.evaluate_leaves(eval, &[0]);
        }
        if let Some((alpha, weight)) = self.config.noise {
            let root = &mut self.nodes[0];
            let noise = dirichlet(rng, alpha, root.priors.len());
            for (p, n) in root.priors.iter_mut().zip(noise) {
                *p = (1.0 - weight) * *p + weight * n;
            }
        }
        let mut sims = 0u32;
        while sims < max_sims && self.nodes[0].terminal.is_none() {
            if let Some(ms) = limits.time_ms {
                if sims > 0 && (self.clock)() - start >= ms as f64 {
                    break;
                }
            }
            let want = self.config.batch.min((max_sims - sims) as usize).max(1);
            sims += self.simulate_batch(eval, want);
            let now = (self.clock)();
            if now - reported >= every_ms {
                reported = now;
                report(&self.result(sims));
            }
        }
        self.result(sims)
    }

    fn result(&self, sims: u32) -> MctsResult {
        let root = &self.nodes[0];
        let mut moves: Vec<MoveStats> = (0..root.moves.len())
            .map(|i| MoveStats {
                mv: root.moves[i],
                visits: root.visits[i],
                prior: root.priors[i],
                q: if root.visits[i] > 0 {
                    root.value_sum[i] / root.visits[i] as f32
                } else {
                    0.0
                },
            })
            .collect();
        moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.prior.total_cmp(&a.prior)));
        MctsResult {
            moves,
            root_value: self.root_value,
            sims,
            evals: self.evals,
            pv: self.principal_line(),
        }
    }

    /// From the root, the most visited move at each node, while visited.
    fn principal_line(&self) -> Vec<Move> {
        let mut line = Vec::new();
        let mut id = 0u32;
        while line.len() < PV_PLIES && id != NONE {
            let node = &self.nodes[id as usize];
            let best = (0..node.moves.len()).max_by(|&a, &b| {
                let by_visits = node.visits[a].cmp(&node.visits[b]);
                by_visits.then(node.priors[a].total_cmp(&node.priors[b]))
            });
            match best {
                Some(i) if node.visits[i] > 0 => {
                    line.push(node.moves[i]);
                    id = node.children[i];
                }
                _ => break,
            }
        }
        line
    }

    /// Selects up to `want` leaves, evaluates them in one call, backs up.
    fn simulate_batch<E: Evaluator>(&mut self, eval: &E, want: usize) -> u32 {
        let mut leaves: Vec<(u32, Vec<(u32, usize)>)> = Vec::new();
        let mut done = 0u32;
        for _ in 0..want {
            let (leaf, path) = self.select();
            let node = &self.nodes[leaf as usize];
            if let Some(v) = node.terminal {
                self.backup(&path, v);
                done += 1;
            } else if node.pending {
                self.undo_virtual(&path);
                break;
            } else {
                self.nodes[leaf as usize].pending = true;
                leaves.push((leaf, path));
            }
        }
        let ids: Vec<u32> = leaves.iter().map(|(l, _)| *l).collect();
        let values = self.evaluate_leaves(eval, &ids);
        for ((_, path), v) in leaves.iter().zip(values) {
            self.backup(path, v);
            done += 1;
        }
        done
    }

    /// Encodes and evaluates `ids`, expands them; their values.
    fn evaluate_leaves<E: Evaluator>(&mut self, eval: &E, ids: &[u32]) -> Vec<f32> {
        if ids.is_empty() {
            return Vec::new();
        }
        let mut inputs = vec![0.0; ids.len() * INPUT_LEN];
        for (chunk, &id) in inputs.chunks_exact_mut(INPUT_LEN).zip(ids) {
            encode_into(&self.nodes[id as usize].pos, chunk);
        }
        let out = eval.evaluate(&inputs);
        self.evals += ids.len() as u64;
        for (i, &id) in ids.iter().enumerate() {
            let node = &mut self.nodes[id as usize];
            let logits = &out.logits[i * super::ACTIONS..(i + 1) * super::ACTIONS];
            node.priors = move_priors(logits, &node.moves);
            node.expanded = true;
            node.pending = false;
            if id == 0 {
                self.root_value = out.values[i];
            }
        }
        out.values
    }

    /// Walks down by PUCT, adding a virtual loss on each edge; creates the
    /// child at the end of the path. Returns the leaf and the edges taken.
    fn select(&mut self) -> (u32, Vec<(u32, usize)>) {
        let mut path = Vec::new();
        let mut hashes: Vec<u64> = Vec::new();
        let mut id = 0u32;
        loop {
            let node = &self.nodes[id as usize];
            if node.terminal.is_some() || !node.expanded {
                return (id, path);
            }
            hashes.push(node.pos.hash());
            let a = self.best_edge(id);
            path.push((id, a));
            let node = &mut self.nodes[id as usize];
            node.visits[a] += 1;
            node.value_sum[a] -= 1.0;
            let child = node.children[a];
            if child != NONE {
                id = child;
                continue;
            }
            let mv = node.moves[a];
            let quiet = if node.pos.is_progress(&mv) {
                0
            } else {
                node.quiet + 1
            };
            let pos = node.pos.after(&mv);
            let h = pos.hash();
            let repeated = hashes.contains(&h) || self.history.contains(&h);
            let new_id = self.nodes.len() as u32;
            self.nodes.push(Node::new(
                pos,
                quiet,
                repeated,
                self.config.no_progress_plies,
            ));
            self.nodes[id as usize].children[a] = new_id;
            return (new_id, path);
        }
    }

    fn best_edge(&self, id: u32) -> usize {
        let node = &self.nodes[id as usize];
        let total: u32 = node.visits.iter().sum();
        let sqrt_n = (total.max(1) as f32).sqrt();
        let mut best = (f32::NEG_INFINITY, 0);
        for i in 0..node.moves.len() {
            let n = node.visits[i] as f32;
            let q = if n > 0.0 { node.value_sum[i] / n } else { 0.0 };
            let u = q + self.config.c_puct * node.priors[i] * sqrt_n / (1.0 + n);
            if u > best.0 {
                best = (u, i);
            }
        }
        best.1
    }

    /// Backs up `value` (for the side to move at the leaf), replacing the
    /// virtual losses of the path.
    fn backup(&mut self, path: &[(u32, usize)], mut value: f32) {
        for &(id, a) in path.iter().rev() {
            value = -value;
            self.nodes[id as usize].value_sum[a] += 1.0 + value;
        }
    }

    fn undo_virtual(&mut self, path: &[(u32, usize)]) {
        for &(id, a) in path {
            let node = &mut self.nodes[id as usize];
            node.visits[a] -= 1;
            node.value_sum[a] += 1.0;
        }
    }
}

/// Picks a root move: the most visited when `temperature` is 0, otherwise
/// with probability proportional to visits^(1/temperature).
pub fn pick_move(result: &MctsResult, temperature: f32, rng: &mut Rng) -> Option<Move> {
    if result.moves.is_empty() {
        return None;
    }
    if temperature <= 1e-3 {
        return Some(result.moves[0].mv);
    }
    let weights: Vec<f64> = result
        .moves
        .iter()
        .map(|m| (m.visits as f64).powf(1.0 / temperature as f64))
        .collect();
    let total: f64 = weights.iter().sum();
    if total <= 0.0 {
        return Some(result.moves[0].mv);
    }
    let mut x = uniform(rng) * total;
    for (m, w) in result.moves.iter().zip(&weights) {
        x -= w;
        if x < 0.0 {
            return Some(m.mv);
        }
    }
    result.moves.last().map(|m| m.mv)
}

fn uniform(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut Rng) -> f64 {
    let u1 = uniform(rng).max(1e-300);
    let u2 = uniform(rng);
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// A Gamma(alpha, 1) draw (Marsaglia–Tsang; boosted for alpha < 1).
fn gamma(rng: &mut Rng, alpha: f64) -> f64 {
    if alpha < 1.0 {
        return gamma(rng, alpha + 1.0) * uniform(rng).max(1e-300).powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = uniform(rng);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// `n` weights from a symmetric Dirichlet(alpha) distribution.
pub fn dirichlet(rng: &mut Rng, alpha: f32, n: usize) -> Vec<f32> {
    let draws: Vec<f64> = (0..n).map(|_| gamma(rng, alpha as f64)).collect();
    let total: f64 = draws.iter().sum::<f64>().max(1e-300);
    draws.iter().map(|d| (d / total) as f32).collect()
}
