//! The checker: plain rules and plain negamax (exact memo per leaf) only.

use super::{
    map_on_threads, take_number, Certificate, CertificateError, Proven, ProvenKeys, EXPAND, LEAF,
    SEEN,
};
use crate::cgt::FastMap;
use crate::clobber::ClobberPosition;
use std::collections::HashSet;

/// What [`verify`] checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verified {
    /// Positions of the tree checked (inner nodes, leaves and seen marks).
    pub positions: u64,
    /// Leaves decided by the plain negamax.
    pub leaves: u64,
    /// Positions the plain negamax visited at the leaves.
    pub leaf_nodes: u64,
}

/// Plain negamax with a budget and an exact memo: whether the side to move
/// wins, or None once more than `*budget` distinct positions would be
/// searched. The memo keys whole positions (the mover's stones, the
/// opponent's stones), so no two positions share an entry; it lives for
/// one call only.
pub fn plain_wins_within(pos: &ClobberPosition, budget: &mut u64) -> Option<bool> {
    PlainNegamax {
        memo: FastMap::default(),
        budget,
    }
    .wins(pos)
}

struct PlainNegamax<'a> {
    memo: FastMap<(u128, u128), bool>,
    budget: &'a mut u64,
}

impl PlainNegamax<'_> {
    fn wins(&mut self, pos: &ClobberPosition) -> Option<bool> {
        let me = pos.side_to_move();
        let key = (pos.stones(me), pos.stones(me.opponent()));
        if let Some(&known) = self.memo.get(&key) {
            return Some(known);
        }
        if *self.budget == 0 {
            return None;
        }
        *self.budget -= 1;
        // The opponent's replies fewest first: a win is usually found sooner.
        let mut children: Vec<(u32, ClobberPosition)> = pos
            .legal_moves()
            .iter()
            .map(|mv| {
                let child = pos.after(mv);
                (child.move_count(child.side_to_move()), child)
            })
            .collect();
        children.sort_by_key(|&(replies, _)| replies);
        let mut wins = false;
        for (_, child) in &children {
            if !self.wins(child)? {
                wins = true;
                break;
            }
        }
        self.memo.insert(key, wins);
        Some(wins)
    }
}

/// The plain negamax's verdict on a leaf, which must be `wins`: the
/// positions it searched.
fn check_leaf(pos: &ClobberPosition, wins: bool, budget: u64) -> Result<u64, CertificateError> {
    let mut left = budget;
    let verdict = plain_wins_within(pos, &mut left).ok_or_else(|| {
        fail(format!(
            "leaf {} takes the plain negamax more than {budget} positions",
            pos.to_text()
        ))
    })?;
    if verdict != wins {
        return Err(fail(format!(
            "at leaf {} the side to move {}, not as the proof says",
            pos.to_text(),
            if verdict { "wins" } else { "loses" }
        )));
    }
    Ok(budget - left)
}

/// Checks a certificate's proof: the claimed winner wins, with the claimed
/// move. Returns what was checked, or why the proof fails.
pub fn verify(cert: &Certificate) -> Result<Verified, CertificateError> {
    verify_on_threads(cert, 1)
}

/// Leaves gathered before they are checked (shared out between threads).
const LEAF_BATCH: usize = 1 << 16;

/// [`verify`], with the leaves shared out between `threads` threads (the
/// tree itself is read in order by one).
pub fn verify_on_threads(cert: &Certificate, threads: usize) -> Result<Verified, CertificateError> {
    let mut checker = Checker {
        body: &cert.body,
        at: 0,
        leaf_nodes: cert.leaf_nodes,
        proven: HashSet::new(),
        keys: ProvenKeys::new(cert.position.shape()),
        done: Verified::default(),
        pending: Vec::with_capacity(LEAF_BATCH),
        threads: threads.max(1),
    };
    let root = &cert.position;
    let first = checker.peek()?;
    if first == LEAF || first == SEEN {
        return Err(fail("the root must be expanded".into()));
    }
    if cert.mover_wins {
        let named = root.legal_moves().get((first - EXPAND) as usize).copied();
        if named.is_none() || named != cert.winning_move {
            return Err(fail(
                "the proof's first move is not the header's winning move".into(),
            ));
        }
        checker.wins(root)?;
    } else {
        checker.loses(root)?;
    }
    checker.check_pending()?;
    if checker.at != cert.body.len() {
        return Err(fail(format!(
            "{} bytes follow the end of the proof",
            cert.body.len() - checker.at
        )));
    }
    Ok(checker.done)
}

fn fail(why: String) -> CertificateError {
    CertificateError::Proof(why)
}

/// The reading position in the body and what is proven so far.
struct Checker<'a> {
    body: &'a [u8],
    at: usize,
    leaf_nodes: u64,
    proven: HashSet<Proven>,
    keys: ProvenKeys,
    done: Verified,
    /// Leaves read and not checked yet, with the verdict the proof claims.
    pending: Vec<(ClobberPosition, bool)>,
    threads: usize,
}

impl Checker<'_> {
    fn peek(&self) -> Result<u64, CertificateError> {
        take_number(self.body, &mut self.at.clone())
            .ok_or_else(|| fail("the proof is cut short".into()))
    }

    fn next(&mut self) -> Result<u64, CertificateError> {
        take_number(self.body, &mut self.at).ok_or_else(|| fail("the proof is cut short".into()))
    }

    /// A leaf, to be checked with the others of its batch.
    fn leaf(&mut self, pos: &ClobberPosition, wins: bool) -> Result<(), CertificateError> {
        self.pending.push((*pos, wins));
        if self.pending.len() >= LEAF_BATCH {
            self.check_pending()?;
        }
        Ok(())
    }

    /// Checks the pending leaves, shared out between the threads; the
    /// first wrong one in the file's order fails the proof.
    fn check_pending(&mut self) -> Result<(), CertificateError> {
        let budget = self.leaf_nodes;
        let results = map_on_threads(&self.pending, self.threads, |(pos, wins)| {
            check_leaf(pos, *wins, budget)
        });
        for result in results {
            self.done.leaf_nodes +=
                result.unwrap_or_else(|| Err(fail("a checking thread failed".into())))?;
        }
        self.done.leaves += self.pending.len() as u64;
        self.pending.clear();
        Ok(())
    }

    /// A position proven earlier with the same verdict (or a mirror image
    /// of one).
    fn seen(&self, pos: &ClobberPosition, wins: bool) -> Result<(), CertificateError> {
        if self.proven.contains(&self.keys.of(pos, wins)) {
            Ok(())
        } else {
            Err(fail(format!(
                "{} is marked as proven before, and it is not",
                pos.to_text()
            )))
        }
    }

    /// Checks the proof that the side to move wins `pos`.
    fn wins(&mut self, pos: &ClobberPosition) -> Result<(), CertificateError> {
        self.done.positions += 1;
        match self.next()? {
            LEAF => self.leaf(pos, true),
            SEEN => self.seen(pos, true),
            code => {
                let moves = pos.legal_moves();
                let mv = usize::try_from(code - EXPAND)
                    .ok()
                    .and_then(|k| moves.get(k))
                    .ok_or_else(|| {
                        fail(format!(
                            "move number {} at {}: only {} moves",
                            code - EXPAND,
                            pos.to_text(),
                            moves.len()
                        ))
                    })?;
                self.loses(&pos.after(mv))?;
                self.proven.insert(self.keys.of(pos, true));
                Ok(())
            }
        }
    }

    /// Checks the proof that the side to move loses `pos`.
    fn loses(&mut self, pos: &ClobberPosition) -> Result<(), CertificateError> {
        self.done.positions += 1;
        match self.next()? {
            LEAF => self.leaf(pos, false),
            SEEN => self.seen(pos, false),
            EXPAND => {
                for mv in pos.legal_moves() {
                    self.wins(&pos.after(&mv))?;
                }
                self.proven.insert(self.keys.of(pos, false));
                Ok(())
            }
            code => Err(fail(format!(
                "code {code} at {}, where the opponent's replies should follow",
                pos.to_text()
            ))),
        }
    }
}
