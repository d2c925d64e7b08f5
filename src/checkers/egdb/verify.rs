//! The fixpoint check: every stored value is the best over the position's
//! moves (the tables' values of the positions they lead to), and a position
//! without a move is lost at once. Together with the distances this pins the
//! tables down: only the true values satisfy it.

use super::index::{position_at, Material};
use super::{Egdb, Value};

/// Checks every `step`-th index of the slice of `material`; returns the
/// number of positions checked, or the first position that fails (as FEN,
/// with the stored and the recomputed value).
pub fn verify_slice(egdb: &Egdb, material: Material, step: u64) -> Result<u64, String> {
    let Some(table) = egdb.table(material) else {
        return Err(format!("slice {} is not loaded", material.code()));
    };
    let mut checked = 0;
    for index in (0..table.len() as u64).step_by(step.max(1) as usize) {
        let Some(pos) = position_at(index, material, egdb.variant()) else {
            continue;
        };
        let stored = Value::from_byte(table[index as usize]);
        let best = pos
            .legal_moves()
            .iter()
            .map(|mv| egdb.probe(&pos.after(mv)).map(Value::before))
            .try_fold(Value::Loss(0), |best, v| {
                let v = v?;
                Some(if v.rank() > best.rank() { v } else { best })
            });
        if stored != best || best.is_none() {
            return Err(format!(
                "{}: stored {stored:?}, its moves give {best:?}",
                pos.to_fen()
            ));
        }
        checked += 1;
    }
    Ok(checked)
}
