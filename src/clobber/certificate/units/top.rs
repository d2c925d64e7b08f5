//! The top's tree walks: the split that writes it, the check that it
//! proves the root from the units' claims, and the join that puts the
//! units' proof trees in their places.

use super::{Manifest, Unit, UnitProof, UnitsError};
use crate::clobber::certificate::{
    put_number, take_number, Certificate, CertifyOptions, Proven, ProvenKeys, EXPAND, SEEN,
};
use crate::clobber::solver::Solver;
use crate::clobber::ClobberPosition;
use std::collections::HashMap;

/// Splits the proof of `root` at `depth` plies: the exact `solver` picks
/// the winning moves of the top (options.threads is not used). Fails only
/// if the solver finds no winning move where it found the position won (a
/// bug).
pub fn split(
    root: &ClobberPosition,
    depth: u32,
    solver: &mut Solver,
    options: CertifyOptions,
) -> Result<Manifest, String> {
    let mover_wins = solver.solve(root).mover_wins;
    let mut splitter = Splitter {
        solver,
        depth,
        keys: ProvenKeys::new(root.shape()),
        ids: HashMap::new(),
        manifest: Manifest {
            root: *root,
            mover_wins,
            depth,
            leaf_stones: options.leaf_stones,
            leaf_nodes: options.leaf_nodes,
            top: Vec::new(),
            units: Vec::new(),
        },
    };
    splitter.node(root, mover_wins, 0)?;
    Ok(splitter.manifest)
}

struct Splitter<'a> {
    solver: &'a mut Solver,
    depth: u32,
    keys: ProvenKeys,
    /// The unit of each position (and its mirror images) met at the depth.
    ids: HashMap<Proven, usize>,
    manifest: Manifest,
}

impl Splitter<'_> {
    fn node(&mut self, pos: &ClobberPosition, wins: bool, ply: u32) -> Result<(), String> {
        if ply == self.depth {
            let units = &mut self.manifest.units;
            let id = *self.ids.entry(self.keys.of(pos, wins)).or_insert_with(|| {
                units.push(Unit {
                    id: units.len(),
                    position: *pos,
                    mover_wins: wins,
                });
                units.len() - 1
            });
            self.manifest.top.push(format!("#{id}"));
        } else if wins {
            let mv =
                self.solver.solve(pos).winning_move.ok_or_else(|| {
                    format!("the solver finds no winning move at {}", pos.to_text())
                })?;
            self.manifest.top.push(pos.move_text(&mv));
            self.node(&pos.after(&mv), false, ply + 1)?;
        } else {
            self.manifest.top.push("*".into());
            for mv in pos.legal_moves() {
                self.node(&pos.after(&mv), true, ply + 1)?;
            }
        }
        Ok(())
    }
}

impl Manifest {
    /// Checks that the top proves the root's claim from the units' claims:
    /// every move it names is legal, every loser's reply is there, each
    /// unit stands where its position (or a mirror image of it) is met,
    /// with the verdict that is needed there, and every unit is used.
    pub fn check_top(&self) -> Result<(), UnitsError> {
        let mut walk = TopWalk {
            manifest: self,
            at: 0,
            keys: ProvenKeys::new(self.root.shape()),
            used: vec![false; self.units.len()],
        };
        walk.node(&self.root, self.mover_wins)
            .map_err(|e| UnitsError::Proof(format!("the top fails: {e}")))?;
        if walk.at != self.top.len() {
            return Err(UnitsError::Proof(format!(
                "the top fails: {} tokens follow its end",
                self.top.len() - walk.at
            )));
        }
        if let Some(id) = walk.used.iter().position(|u| !u) {
            return Err(UnitsError::Proof(format!(
                "the top fails: unit {id} is not in it"
            )));
        }
        Ok(())
    }
}

/// The reading position in the top while it is checked.
struct TopWalk<'a> {
    manifest: &'a Manifest,
    at: usize,
    keys: ProvenKeys,
    used: Vec<bool>,
}

impl TopWalk<'_> {
    fn node(&mut self, pos: &ClobberPosition, wins: bool) -> Result<(), String> {
        let token = self
            .manifest
            .top
            .get(self.at)
            .ok_or("it is cut short")?
            .as_str();
        self.at += 1;
        if let Some(id) = token.strip_prefix('#') {
            let unit = id
                .parse()
                .ok()
                .and_then(|id: usize| self.manifest.units.get(id))
                .ok_or_else(|| format!("'{token}' names no unit"))?;
            if self.keys.of(&unit.position, unit.mover_wins) != self.keys.of(pos, wins) {
                return Err(format!(
                    "unit {} stands at {} (side to move {}), which it does not prove",
                    unit.id,
                    pos.to_text(),
                    if wins { "wins" } else { "loses" }
                ));
            }
            self.used[unit.id] = true;
            return Ok(());
        }
        if wins {
            let mv = pos
                .parse_move(token)
                .ok()
                .filter(|mv| pos.legal_moves().contains(mv))
                .ok_or_else(|| {
                    format!(
                        "'{token}' is not a legal move at {}, where a winning move should be",
                        pos.to_text()
                    )
                })?;
            self.node(&pos.after(&mv), false)
        } else if token == "*" {
            for mv in pos.legal_moves() {
                self.node(&pos.after(&mv), true)?;
            }
            Ok(())
        } else {
            Err(format!(
                "'{token}' at {}, where every reply should follow (*)",
                pos.to_text()
            ))
        }
    }
}

/// The top of `m` (checked already) and its units' proofs (every one,
/// by number) joined into one certificate of the root: each unit's proof
/// tree where the unit is first met, a seen mark where it is met again.
pub(super) fn join(m: &Manifest, proofs: Vec<Option<UnitProof>>) -> Result<UnitProof, UnitsError> {
    let mut join = Join {
        top: &m.top,
        at: 0,
        proofs,
        body: Vec::new(),
        made: UnitProof {
            unit: 0,
            seconds: 0.0,
            positions: 0,
            leaves: 0,
            solves: 0,
            certificate: Certificate {
                position: m.root,
                mover_wins: m.mover_wins,
                winning_move: None,
                leaf_nodes: m.leaf_nodes,
                body: Vec::new(),
            },
        },
    };
    join.node(&m.root, m.mover_wins)?;
    let mut made = join.made;
    made.certificate.body = join.body;
    if m.mover_wins {
        // The first code of the body names the winning move.
        let code = take_number(&made.certificate.body, &mut 0).unwrap_or(0);
        made.certificate.winning_move = code
            .checked_sub(EXPAND)
            .and_then(|k| m.root.legal_moves().get(k as usize).copied());
    }
    Ok(made)
}

/// The reading position in the top while its units are joined.
struct Join<'a> {
    top: &'a [String],
    at: usize,
    /// Each unit's proof until it is placed.
    proofs: Vec<Option<UnitProof>>,
    body: Vec<u8>,
    made: UnitProof,
}

impl Join<'_> {
    /// Writes the proof of `pos` (the side to move winning when `wins`)
    /// from the top (checked already) and the units' certificates.
    fn node(&mut self, pos: &ClobberPosition, wins: bool) -> Result<(), UnitsError> {
        let token = &self.top[self.at];
        self.at += 1;
        self.made.positions += 1;
        if let Some(id) = token.strip_prefix('#') {
            let id: usize = id.parse().unwrap_or(usize::MAX);
            match self.proofs.get_mut(id).and_then(Option::take) {
                Some(proof) => {
                    let cert = &proof.certificate;
                    if cert.position != *pos {
                        return Err(UnitsError::Proof(format!(
                            "unit {id} is first met as a mirror image of its position: its proof cannot be placed there"
                        )));
                    }
                    self.body.extend_from_slice(&cert.body);
                    self.made.positions += proof.positions.saturating_sub(1);
                    self.made.leaves += proof.leaves;
                    self.made.solves += proof.solves;
                    self.made.seconds += proof.seconds;
                }
                None => put_number(&mut self.body, SEEN),
            }
        } else if wins {
            let moves = pos.legal_moves();
            let k = pos
                .parse_move(token)
                .ok()
                .and_then(|mv| moves.iter().position(|m| *m == mv))
                .ok_or_else(|| UnitsError::Proof(format!("'{token}' is not a legal move")))?;
            put_number(&mut self.body, EXPAND + k as u64);
            self.node(&pos.after(&moves[k]), false)?;
        } else {
            put_number(&mut self.body, EXPAND);
            for mv in pos.legal_moves() {
                self.node(&pos.after(&mv), true)?;
            }
        }
        Ok(())
    }
}
