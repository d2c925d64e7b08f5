//! The sequential probability ratio test that accepts or rejects an engine
//! change, as chess engines' testing frameworks do: games are played in
//! pairs (one opening, each side once with each colour), a pair scores 0,
//! ½, 1, 1½ or 2 for the candidate (the **pentanomial** model: a pair's two
//! games share their opening, so counting pairs rather than games keeps
//! that correlation out of the error), and after each pair the
//! log-likelihood ratio of "the candidate is `elo1` stronger" against "it
//! is `elo0` stronger" decides: accept at `ln((1-β)/α)`, reject at
//! `ln(β/(1-α))`, else play on. Elo is logistic (a score `s` is
//! `400·log10(s/(1-s))` Elo).
//!
//! The likelihood of each hypothesis is that of the pair-score distribution
//! closest to the observed one (maximum likelihood) among those whose mean
//! is the hypothesis's score — the generalised SPRT of M. Van den Bergh's
//! notes on multinomial tests, solved here by bisection.
//!
//! ```
//! use warcaby::arena::sprt::{Decision, Pentanomial, Sprt};
//!
//! let test = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
//! // A candidate that wins far more pairs than it loses is accepted.
//! let strong = Pentanomial { counts: [10, 60, 300, 120, 20] };
//! assert!(test.llr(&strong) > test.upper());
//! assert_eq!(test.decide(&strong), Decision::Accept);
//! // An even one is rejected in the end: elo0 = 0 fits it better.
//! let even = Pentanomial { counts: [40, 400, 1120, 400, 40] };
//! assert_eq!(test.decide(&even), Decision::Reject);
//! ```

use std::fmt;

/// Pair scores (the candidate's points over the pair, halved: 0 to 1).
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// What an empty cell counts as, so that no likelihood is zero.
const EMPTY_CELL: f64 = 1e-3;

/// The counts of game pairs by the candidate's points in them: 0, ½, 1, 1½
/// and 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pentanomial {
    /// Pairs scoring 0, ½, 1, 1½ and 2 points.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Adds a pair whose two games the candidate scored `a` and `b` in (each
    /// 0, ½ or 1).
    pub fn add(&mut self, a: f64, b: f64) {
        let cell = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[cell] += 1;
    }

    /// Game pairs counted.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The candidate's mean score per game (0 to 1; ½ with no pairs).
    pub fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        let points: f64 = self
            .counts
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&c, s)| c as f64 * s)
            .sum();
        points / n as f64
    }

    /// The candidate's Elo over the games so far and the half-width of its
    /// 95 % interval, from the pairs' spread.
    pub fn elo_with_margin(&self) -> (f64, f64) {
        let n = self.pairs().max(1) as f64;
        let mean = self.score();
        let var: f64 = self
            .counts
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&c, s)| c as f64 * (s - mean).powi(2))
            .sum::<f64>()
            / n;
        let se = (var / n).sqrt();
        let margin = (elo_of(mean + 1.96 * se) - elo_of(mean - 1.96 * se)) / 2.0;
        (elo_of(mean), margin)
    }
}

impl fmt::Display for Pentanomial {
    /// `[LL, LD+DL, LW+DD+WL, DW+WD, WW]` as counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.counts;
        write!(f, "[{}, {}, {}, {}, {}]", c[0], c[1], c[2], c[3], c[4])
    }
}

/// The score (0 to 1) of an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a score (clamped to ±1200 Elo at 0 and 1).
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(0.001, 0.999);
    400.0 * (s / (1.0 - s)).log10()
}

/// What the test says after the pairs so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The candidate is `elo1` stronger (H1): keep the change.
    Accept,
    /// It is not better than `elo0` (H0): drop it.
    Reject,
    /// Not enough evidence yet: play on.
    Continue,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::Accept => "accept",
            Decision::Reject => "reject",
            Decision::Continue => "continue",
        })
    }
}

/// A test's bounds: H0 `elo0`, H1 `elo1` (logistic Elo of the candidate
/// over the base), and the error rates `alpha` (accepting a change that is
/// no better than `elo0`) and `beta` (rejecting one that is `elo1` better).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

/// Bounds that make no test.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("SPRT bounds: {0}")]
pub struct SprtError(String);

impl Sprt {
    /// A test of H0 `elo0` against H1 `elo1` (`elo0 < elo1`, both within
    /// ±400) with error rates in (0, ½).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0 < elo1 && elo0 > -400.0 && elo1 < 400.0) {
            return Err(SprtError(format!(
                "elo0 {elo0} must be below elo1 {elo1}, both within ±400"
            )));
        }
        for (name, rate) in [("alpha", alpha), ("beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(SprtError(format!("{name} {rate} must be in (0, 0.5)")));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// H0 and H1 in Elo.
    pub fn bounds_elo(&self) -> (f64, f64) {
        (self.elo0, self.elo1)
    }

    /// The LLR at which the change is rejected: `ln(β/(1-α))`.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The LLR at which the change is accepted: `ln((1-β)/α)`.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 given the pairs (0 with
    /// none).
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let n = pairs.pairs();
        if n == 0 {
            return 0.0;
        }
        let observed = regularised(pairs);
        let h0 = closest_with_mean(&observed, score_of(self.elo0));
        let h1 = closest_with_mean(&observed, score_of(self.elo1));
        let per_pair: f64 = (0..5).map(|i| observed[i] * (h1[i] / h0[i]).ln()).sum();
        n as f64 * per_pair
    }

    /// Accept, reject or play on.
    pub fn decide(&self, pairs: &Pentanomial) -> Decision {
        let llr = self.llr(pairs);
        if llr >= self.upper() {
            Decision::Accept
        } else if llr <= self.lower() {
            Decision::Reject
        } else {
            Decision::Continue
        }
    }
}

/// The observed pair-score frequencies, an empty cell counted as a small
/// fraction of a pair.
fn regularised(pairs: &Pentanomial) -> [f64; 5] {
    let cells = pairs
        .counts
        .map(|c| if c == 0 { EMPTY_CELL } else { c as f64 });
    let total: f64 = cells.iter().sum();
    cells.map(|c| c / total)
}

/// The distribution on the pair scores closest to `observed` (the most
/// likely given it) whose mean is `mean`: `observed[i] / (1 + λ(a_i − mean))`
/// with λ the root of `Σ observed[i](a_i − mean)/(1 + λ(a_i − mean)) = 0`,
/// which is decreasing in λ on the interval where every weight is positive.
fn closest_with_mean(observed: &[f64; 5], mean: f64) -> [f64; 5] {
    let shifted = PAIR_SCORES.map(|a| a - mean);
    let slope = |lambda: f64| -> f64 {
        (0..5)
            .map(|i| observed[i] * shifted[i] / (1.0 + lambda * shifted[i]))
            .sum()
    };
    // Every weight 1 + λ(a_i − mean) stays positive strictly inside these.
    let (mut low, mut high) = (-1.0 / (1.0 - mean), 1.0 / mean);
    let margin = 1e-12 * (high - low);
    (low, high) = (low + margin, high - margin);
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if slope(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let lambda = 0.5 * (low + high);
    std::array::from_fn(|i| observed[i] / (1.0 + lambda * shifted[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The normal approximation of the same LLR (the GSPRT's large-sample
    /// form): `n (s1 − s0)(2x̄ − s0 − s1) / (2σ²)` over pair scores.
    fn normal_llr(test: &Sprt, pairs: &Pentanomial) -> f64 {
        let n = pairs.pairs() as f64;
        let mean = pairs.score();
        let var: f64 = (0..5)
            .map(|i| pairs.counts[i] as f64 * (PAIR_SCORES[i] - mean).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (score_of(test.elo0), score_of(test.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    #[test]
    fn the_llr_agrees_with_its_normal_approximation_for_close_bounds() {
        let test = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        for counts in [
            [300, 2000, 5000, 2200, 350],
            [350, 2200, 5000, 2000, 300],
            [100, 1500, 6000, 1500, 100],
        ] {
            let pairs = Pentanomial { counts };
            let (exact, normal) = (test.llr(&pairs), normal_llr(&test, &pairs));
            assert!(
                (exact - normal).abs() < 0.02 * normal.abs().max(1.0),
                "{counts:?}: {exact} against {normal}"
            );
        }
    }

    #[test]
    fn the_closest_distribution_has_the_asked_mean_and_sums_to_one() {
        let observed = regularised(&Pentanomial {
            counts: [3, 20, 40, 25, 0],
        });
        for mean in [0.3, 0.5, 0.55, 0.7] {
            let p = closest_with_mean(&observed, mean);
            let total: f64 = p.iter().sum();
            let got: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
            assert!((total - 1.0).abs() < 1e-9, "{p:?}");
            assert!((got - mean).abs() < 1e-9, "{mean}: {got}");
        }
    }

    #[test]
    fn evidence_for_the_candidate_raises_the_llr_and_mirrors() {
        let test = Sprt::new(-5.0, 5.0, 0.05, 0.05).unwrap();
        let better = Pentanomial {
            counts: [10, 100, 300, 140, 15],
        };
        let worse = Pentanomial {
            counts: [15, 140, 300, 100, 10],
        };
        let (up, down) = (test.llr(&better), test.llr(&worse));
        assert!(up > 0.0 && down < 0.0, "{up} {down}");
        // Symmetric bounds around 0: the mirrored result mirrors the LLR.
        assert!((up + down).abs() < 1e-9, "{up} {down}");
        assert_eq!(test.llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn bounds_follow_the_error_rates_and_bad_ones_are_refused() {
        let test = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        assert!((test.upper() - 2.944).abs() < 1e-3);
        assert!((test.lower() + 2.944).abs() < 1e-3);
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 0.7).is_err());
    }

    #[test]
    fn pairs_are_counted_by_their_points() {
        let mut pairs = Pentanomial::default();
        pairs.add(1.0, 1.0);
        pairs.add(0.5, 0.5);
        pairs.add(1.0, 0.0);
        pairs.add(0.0, 0.5);
        assert_eq!(pairs.counts, [0, 1, 2, 0, 1]);
        assert!((pairs.score() - 4.5 / 8.0).abs() < 1e-12);
        assert!((elo_of(score_of(35.0)) - 35.0).abs() < 1e-9);
    }
}
