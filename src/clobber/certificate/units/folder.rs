//! A units folder: its manifest, its unit files (written atomically) and
//! what they add up to.

use super::{io_error, split, Manifest, UnitProof, UnitsError, UnitsVerified, MANIFEST};
use crate::clobber::certificate::map_on_threads;
use crate::clobber::solver::Solver;
use std::path::{Path, PathBuf};

/// Where a unit stands in its folder.
#[derive(Debug)]
pub enum UnitState {
    /// No file yet.
    Missing,
    /// A readable file that proves (by its claim) the manifest's unit.
    Done(UnitProof),
    /// A file that is not a proof of this unit: left alone, reported.
    Bad(UnitsError),
}

/// What a units folder holds.
#[derive(Debug, Default)]
pub struct UnitsStatus {
    /// Units in the manifest.
    pub total: usize,
    /// Units with a file.
    pub done: usize,
    /// Units without one, by number.
    pub remaining: Vec<usize>,
    /// Those of the remaining units that are split again (their files
    /// are made by joining their own units).
    pub split: Vec<usize>,
    /// Units whose file is damaged or proves something else, with why.
    pub bad: Vec<(usize, String)>,
    /// Seconds spent on the done units.
    pub seconds: f64,
    /// Positions in the done units' trees.
    pub positions: u64,
}

/// A units folder: its manifest and its unit files.
pub struct UnitsDir {
    path: PathBuf,
    /// The folder's manifest.
    pub manifest: Manifest,
}

impl UnitsDir {
    /// Writes `manifest` into the folder `path` (created if need be). A
    /// folder already split the same way is kept as it is (its proven
    /// units too); one split otherwise is refused, so that no unit file
    /// is left beside a manifest it does not belong to.
    pub fn create(path: &Path, manifest: Manifest) -> Result<UnitsDir, UnitsError> {
        std::fs::create_dir_all(path).map_err(io_error(path))?;
        let file = path.join(MANIFEST);
        let text = manifest.to_text();
        if file.exists() {
            let old = std::fs::read_to_string(&file).map_err(io_error(&file))?;
            if old != text {
                return Err(UnitsError::Input(format!(
                    "{} holds another split (another board, depth or leaf options): use another folder, or remove it first",
                    path.display()
                )));
            }
        } else {
            write_atomically(&file, text.as_bytes())?;
        }
        Ok(UnitsDir {
            path: path.to_path_buf(),
            manifest,
        })
    }

    /// Opens a folder written by [`UnitsDir::create`].
    pub fn open(path: &Path) -> Result<UnitsDir, UnitsError> {
        let file = path.join(MANIFEST);
        let text = std::fs::read(&file).map_err(io_error(&file))?;
        let text = String::from_utf8(text).map_err(|_| {
            UnitsError::Format(format!(
                "{}: not a units manifest (not text)",
                file.display()
            ))
        })?;
        let manifest = Manifest::from_text(&text).map_err(|e| match e {
            UnitsError::Format(m) => UnitsError::Format(format!("{}: {m}", file.display())),
            other => other,
        })?;
        Ok(UnitsDir {
            path: path.to_path_buf(),
            manifest,
        })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file of unit `id`.
    pub fn unit_path(&self, id: usize) -> PathBuf {
        self.path.join(format!("unit-{id:05}.unit"))
    }

    /// The folder unit `id` is split into when it is split again.
    pub fn split_path(&self, id: usize) -> PathBuf {
        self.path.join(format!("unit-{id:05}.split"))
    }

    /// True when unit `id` is split again into a folder of its own.
    pub fn is_split(&self, id: usize) -> bool {
        self.split_path(id).join(MANIFEST).exists()
    }

    /// Splits unit `id` again at `depth` plies under it, into
    /// [`UnitsDir::split_path`], with this folder's leaf options. Refused
    /// for a unit proven already, and if the solver finds the other
    /// verdict (a bug).
    pub fn split_unit(
        &self,
        id: usize,
        depth: u32,
        solver: &mut Solver,
    ) -> Result<UnitsDir, UnitsError> {
        let unit = self.manifest.unit(id)?.clone();
        if let UnitState::Done(_) = self.state(id)? {
            return Err(UnitsError::Input(format!(
                "unit {id} is proven already ({})",
                self.unit_path(id).display()
            )));
        }
        let manifest = split(
            &unit.position,
            depth,
            solver,
            self.manifest.certify_options(1),
        )
        .map_err(UnitsError::Proof)?;
        if manifest.mover_wins != unit.mover_wins {
            return Err(UnitsError::Proof(format!(
                "unit {id}: the solver finds the other verdict than the split did"
            )));
        }
        UnitsDir::create(&self.split_path(id), manifest)
    }

    /// The top and every unit's certificate joined into one certificate of
    /// the root, as if made in one run: each unit's proof tree stands where
    /// the unit is first met, and a later meeting of it (or of a mirror
    /// image) is marked as seen. Every unit must be proven (its claim is
    /// checked, not its proof: verify the result).
    pub fn join(&self) -> Result<UnitProof, UnitsError> {
        let m = &self.manifest;
        m.check_top()?;
        let mut proofs = Vec::with_capacity(m.units.len());
        for id in 0..m.units.len() {
            match self.state(id)? {
                UnitState::Done(proof) => proofs.push(Some(proof)),
                UnitState::Missing => {
                    return Err(UnitsError::Waiting(format!(
                        "{}: unit {id} is not proven yet",
                        self.path.display()
                    )))
                }
                UnitState::Bad(e) => return Err(self.bad_file(id, e)),
            }
        }
        super::top::join(m, proofs)
    }

    /// Reads unit `id`'s file, if there is one, and checks that it claims
    /// what the manifest's unit needs (not the proof: see
    /// [`UnitsDir::verify_unit`]).
    pub fn state(&self, id: usize) -> Result<UnitState, UnitsError> {
        self.manifest.unit(id)?;
        let file = self.unit_path(id);
        let bytes = match std::fs::read(&file) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(UnitState::Missing),
            Err(e) => return Err(io_error(&file)(e)),
        };
        let read = UnitProof::from_bytes(&bytes).and_then(|proof| {
            if proof.unit != id {
                return Err(UnitsError::Proof(format!(
                    "the file is unit {}'s, not unit {id}'s",
                    proof.unit
                )));
            }
            self.manifest.check_claim(&proof)?;
            Ok(proof)
        });
        Ok(match read {
            Ok(proof) => UnitState::Done(proof),
            Err(e) => UnitState::Bad(e),
        })
    }

    /// What is done, what remains, and the time spent.
    pub fn status(&self) -> Result<UnitsStatus, UnitsError> {
        let mut status = UnitsStatus {
            total: self.manifest.units.len(),
            ..UnitsStatus::default()
        };
        for id in 0..status.total {
            match self.state(id)? {
                UnitState::Missing => {
                    status.remaining.push(id);
                    if self.is_split(id) {
                        status.split.push(id);
                    }
                }
                UnitState::Done(proof) => {
                    status.done += 1;
                    status.seconds += proof.seconds;
                    status.positions += proof.positions;
                }
                UnitState::Bad(e) => status.bad.push((id, e.to_string())),
            }
        }
        Ok(status)
    }

    /// Writes a unit's proof (made here or elsewhere) to its file, once it
    /// claims what the manifest's unit needs: a temporary file, synced,
    /// then renamed, so that a file under the unit's name is always whole.
    pub fn save(&self, proof: &UnitProof) -> Result<(), UnitsError> {
        self.manifest.check_claim(proof)?;
        write_atomically(&self.unit_path(proof.unit), &proof.to_bytes())
    }

    /// Proves unit `id` and saves it, unless its file is there already
    /// (then None). A damaged or foreign file is an error and is left as
    /// it is.
    pub fn run(
        &self,
        id: usize,
        solver: &mut Solver,
        threads: usize,
    ) -> Result<Option<UnitProof>, UnitsError> {
        match self.state(id)? {
            UnitState::Done(_) => Ok(None),
            UnitState::Bad(e) => Err(self.bad_file(id, e)),
            UnitState::Missing if self.is_split(id) => {
                let sub = UnitsDir::open(&self.split_path(id))?;
                let mut proof = sub.join()?;
                proof.unit = id;
                self.save(&proof)?;
                Ok(Some(proof))
            }
            UnitState::Missing => {
                let proof = self.manifest.prove(id, solver, threads)?;
                self.save(&proof)?;
                Ok(Some(proof))
            }
        }
    }

    fn bad_file(&self, id: usize, e: UnitsError) -> UnitsError {
        UnitsError::Format(format!(
            "{}: {e} (left as it is: remove it to prove unit {id} again)",
            self.unit_path(id).display()
        ))
    }

    /// Verifies unit `id`'s certificate with the plain negamax (on
    /// `threads` threads), after checking its claim.
    pub fn verify_unit(&self, id: usize, threads: usize) -> Result<UnitsVerified, UnitsError> {
        let proof = match self.state(id)? {
            UnitState::Done(proof) => proof,
            UnitState::Missing => {
                return Err(UnitsError::Proof(format!("unit {id} is not proven yet")))
            }
            UnitState::Bad(e) => return Err(self.bad_file(id, e)),
        };
        self.manifest
            .verify_proof(&proof, threads)
            .map_err(|e| UnitsError::Proof(format!("{}: {e}", self.unit_path(id).display())))
    }

    /// Checks the top, then verifies the units of part `part` of `parts`
    /// (numbered from 1: units `part - 1`, `part - 1 + parts`, ...), the
    /// units shared out between `threads` threads. With `parts` = 1 this
    /// checks the whole proof; the parts together check it too, so the
    /// check can be shared out between machines.
    pub fn verify(
        &self,
        part: usize,
        parts: usize,
        threads: usize,
    ) -> Result<UnitsVerified, UnitsError> {
        if parts == 0 || !(1..=parts).contains(&part) {
            return Err(UnitsError::Input(format!(
                "part {part}/{parts}: expected K/N with 1 <= K <= N"
            )));
        }
        self.manifest.check_top()?;
        let ids: Vec<usize> = (part - 1..self.manifest.units.len())
            .step_by(parts)
            .collect();
        let missing: Vec<usize> = ids
            .iter()
            .copied()
            .filter(|&id| matches!(self.state(id), Ok(UnitState::Missing)))
            .collect();
        if !missing.is_empty() {
            return Err(UnitsError::Proof(format!(
                "{} of the units to check are not proven yet (first: unit {})",
                missing.len(),
                missing[0]
            )));
        }
        let results = map_on_threads(&ids, threads, |&id| self.verify_unit(id, 1));
        let mut total = UnitsVerified::default();
        for (id, result) in ids.iter().zip(results) {
            let one = result.ok_or_else(|| {
                UnitsError::Proof(format!("the thread checking unit {id} failed"))
            })??;
            total.units += one.units;
            total.positions += one.positions;
            total.leaves += one.leaves;
            total.leaf_nodes += one.leaf_nodes;
        }
        Ok(total)
    }
}

/// Writes `bytes` to `path` whole or not at all
/// ([`crate::core::fs::write_atomically`]), the error naming the file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), UnitsError> {
    crate::core::fs::write_atomically(path, bytes).map_err(io_error(path))
}
