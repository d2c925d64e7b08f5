//! The maker: the exact solver picks the winning moves, the plain negamax
//! marks the leaves.

use super::{
    map_on_threads, plain_wins_within, put_number, Certificate, Proven, ProvenKeys, EXPAND, LEAF,
    SEEN,
};
use crate::clobber::solver::Solver;
use crate::clobber::ClobberPosition;
use crate::Color;
use std::collections::{HashMap, HashSet};

/// Where the proof tree is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CertifyOptions {
    /// A position of at most this many stones is a leaf when the plain
    /// negamax decides it within `leaf_nodes` positions.
    pub leaf_stones: u32,
    /// The plain negamax's budget at a leaf.
    pub leaf_nodes: u64,
    /// Threads testing the replies at a loser's turn for leaves (the tests
    /// are shared out, the proof is written in order by one thread).
    pub threads: usize,
}

impl Default for CertifyOptions {
    fn default() -> Self {
        CertifyOptions {
            leaf_stones: 20,
            leaf_nodes: 1_000_000,
            threads: 1,
        }
    }
}

/// A certificate and how it was made.
#[derive(Clone, Debug)]
pub struct MadeCertificate {
    /// The certificate.
    pub certificate: Certificate,
    /// Positions in the tree (inner nodes, leaves and seen marks).
    pub positions: u64,
    /// Leaves.
    pub leaves: u64,
    /// Positions proven earlier in the file, met again.
    pub seen: u64,
    /// Calls of the exact solver.
    pub solves: u64,
}

/// Proves who wins `pos` and writes the proof as a certificate, with the
/// exact `solver` choosing the winning moves. Fails only if the solver and
/// the plain negamax disagree (a bug).
pub fn certify(
    pos: &ClobberPosition,
    solver: &mut Solver,
    options: CertifyOptions,
) -> Result<MadeCertificate, String> {
    let mut maker = Maker {
        solver,
        options,
        proven: HashSet::new(),
        keys: ProvenKeys::new(pos.shape()),
        tested: HashMap::new(),
        body: Vec::new(),
        made: MadeCertificate {
            certificate: Certificate {
                position: *pos,
                mover_wins: false,
                winning_move: None,
                leaf_nodes: options.leaf_nodes,
                body: Vec::new(),
            },
            positions: 0,
            leaves: 0,
            seen: 0,
            solves: 0,
        },
    };
    let winning_move = maker.solver.solve(pos).winning_move;
    maker.made.solves += 1;
    match winning_move {
        Some(mv) => maker.play(pos, &mv)?,
        None => maker.expand(pos)?,
    }
    let mut made = maker.made;
    made.certificate.mover_wins = winning_move.is_some();
    made.certificate.winning_move = winning_move;
    made.certificate.body = maker.body;
    Ok(made)
}

struct Maker<'a> {
    solver: &'a mut Solver,
    options: CertifyOptions,
    proven: HashSet<Proven>,
    keys: ProvenKeys,
    /// Leaf tests done ahead (in parallel) for the replies being proven:
    /// the plain negamax's verdict, None when over budget.
    tested: HashMap<Proven, Option<bool>>,
    body: Vec<u8>,
    made: MadeCertificate,
}

impl Maker<'_> {
    /// True when `pos` is a leaf where the side to move wins (`wins`) or
    /// loses.
    fn leaf(&mut self, pos: &ClobberPosition, wins: bool) -> Result<bool, String> {
        if !self.may_be_leaf(pos) {
            return Ok(false);
        }
        let verdict = match self.tested.remove(&self.keys.of(pos, wins)) {
            Some(verdict) => verdict,
            None => plain_wins_within(pos, &mut self.options.leaf_nodes.clone()),
        };
        match verdict {
            Some(verdict) if verdict != wins => Err(format!(
                "the solver and the plain negamax disagree on {}",
                pos.to_text()
            )),
            verdict => Ok(verdict.is_some()),
        }
    }

    fn may_be_leaf(&self, pos: &ClobberPosition) -> bool {
        let stones = (pos.stones(Color::Black) | pos.stones(Color::White)).count_ones();
        stones <= self.options.leaf_stones
    }

    /// Runs the leaf tests of `children` (positions where the side to move
    /// is to win) ahead, shared out between the threads.
    fn test_ahead(&mut self, children: &[ClobberPosition]) {
        let threads = self.options.threads;
        let open: Vec<&ClobberPosition> = children
            .iter()
            .filter(|c| self.may_be_leaf(c) && !self.proven.contains(&self.keys.of(c, true)))
            .collect();
        // Small positions' tests cost less than the threads would.
        let small = |c: &&ClobberPosition| {
            (c.stones(Color::White) | c.stones(Color::Black)).count_ones() <= Solver::SERIAL_STONES
        };
        if threads < 2 || open.len() < 2 || open.iter().all(small) {
            return;
        }
        let budget = self.options.leaf_nodes;
        let verdicts = map_on_threads(&open, threads, |c| {
            plain_wins_within(c, &mut budget.clone())
        });
        // A thread that fails leaves its children to be tested in order.
        for (child, verdict) in open.iter().zip(verdicts) {
            if let Some(verdict) = verdict {
                self.tested.insert(self.keys.of(child, true), verdict);
            }
        }
    }

    /// Leaf or seen before: writes its code and returns true.
    fn settled(&mut self, pos: &ClobberPosition, wins: bool) -> Result<bool, String> {
        if self.proven.contains(&self.keys.of(pos, wins)) {
            self.made.seen += 1;
            put_number(&mut self.body, SEEN);
        } else if self.leaf(pos, wins)? {
            self.made.leaves += 1;
            put_number(&mut self.body, LEAF);
        } else {
            return Ok(false);
        }
        self.made.positions += 1;
        Ok(true)
    }

    /// Writes the proof that the side to move wins `pos`.
    fn wins(&mut self, pos: &ClobberPosition) -> Result<(), String> {
        if self.settled(pos, true)? {
            return Ok(());
        }
        // A move to a position already proven lost costs nothing more.
        let moves = pos.legal_moves();
        let known = moves
            .iter()
            .find(|m| self.proven.contains(&self.keys.of(&pos.after(m), false)));
        let mv = match known {
            Some(&mv) => mv,
            None => {
                self.made.solves += 1;
                self.solver.solve(pos).winning_move.ok_or_else(|| {
                    format!("the solver finds no winning move at {}", pos.to_text())
                })?
            }
        };
        self.play(pos, &mv)
    }

    /// Writes `mv` and the proof that it wins.
    fn play(
        &mut self,
        pos: &ClobberPosition,
        mv: &crate::clobber::ClobberMove,
    ) -> Result<(), String> {
        self.made.positions += 1;
        let k = pos.legal_moves().iter().position(|m| m == mv).unwrap_or(0);
        put_number(&mut self.body, EXPAND + k as u64);
        self.loses(&pos.after(mv))?;
        self.proven.insert(self.keys.of(pos, true));
        Ok(())
    }

    /// Writes the proof that the side to move loses `pos`.
    fn loses(&mut self, pos: &ClobberPosition) -> Result<(), String> {
        if self.settled(pos, false)? {
            return Ok(());
        }
        self.expand(pos)
    }

    /// Writes every reply of `pos` with its proof.
    fn expand(&mut self, pos: &ClobberPosition) -> Result<(), String> {
        self.made.positions += 1;
        put_number(&mut self.body, EXPAND);
        let children: Vec<ClobberPosition> =
            pos.legal_moves().iter().map(|mv| pos.after(mv)).collect();
        self.test_ahead(&children);
        for child in &children {
            self.wins(child)?;
        }
        // Tests ahead of children proven meanwhile by a sibling's proof.
        for child in &children {
            self.tested.remove(&self.keys.of(child, true));
        }
        self.proven.insert(self.keys.of(pos, false));
        Ok(())
    }
}
