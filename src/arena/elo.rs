//! Elo estimates with error margins from a round robin's game results.
//!
//! The ratings maximise the likelihood of the scores under the logistic
//! (Bradley–Terry) model, a draw counting as half a win and half a loss. A
//! weak prior — one virtual draw of every bot against a bot rated at the
//! field's average — keeps the ratings finite when a bot wins or loses every
//! game. The ratings are shifted to average 0; the margins are 1.96 standard
//! errors (95%) of each rating relative to that average, from the inverse of
//! the likelihood's curvature.

/// Elo points per logistic unit: 400 / ln 10.
const SCALE: f64 = 173.717_792_761_245_8;

/// One game: the two bots (indices) and the first one's score (1, ½ or 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameScore {
    /// The first bot.
    pub a: usize,
    /// The second bot.
    pub b: usize,
    /// The first bot's score.
    pub score_a: f64,
}

/// A bot's estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo relative to the field's average.
    pub elo: f64,
    /// Half-width of the 95% interval.
    pub margin: f64,
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Solves `m x = v` by Gaussian elimination with partial pivoting.
fn solve(mut m: Vec<Vec<f64>>, mut v: Vec<f64>) -> Vec<f64> {
    let n = v.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))
            .expect("rows");
        m.swap(col, pivot);
        v.swap(col, pivot);
        for row in col + 1..n {
            let f = m[row][col] / m[col][col];
            let (above, below) = m.split_at_mut(row);
            for (x, p) in below[0][col..].iter_mut().zip(&above[col][col..]) {
                *x -= f * p;
            }
            v[row] -= f * v[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| m[row][k] * x[k]).sum();
        x[row] = (v[row] - s) / m[row][row];
    }
    x
}

/// Ratings of `n` bots from their games.
pub(crate) fn estimate(n: usize, games: &[GameScore]) -> Vec<Rating> {
    if n == 0 {
        return Vec::new();
    }
    let mut r = vec![0.0; n];
    // Information matrix (negative Hessian of the log-likelihood).
    let information = |r: &[f64]| {
        let mut h = vec![vec![0.0; n]; n];
        for (i, row) in h.iter_mut().enumerate() {
            let p = logistic(r[i]);
            row[i] += p * (1.0 - p);
        }
        for g in games {
            let p = logistic(r[g.a] - r[g.b]);
            let w = p * (1.0 - p);
            h[g.a][g.a] += w;
            h[g.b][g.b] += w;
            h[g.a][g.b] -= w;
            h[g.b][g.a] -= w;
        }
        h
    };
    for _ in 0..100 {
        let mut grad: Vec<f64> = r.iter().map(|&ri| 0.5 - logistic(ri)).collect();
        for g in games {
            let p = logistic(r[g.a] - r[g.b]);
            grad[g.a] += g.score_a - p;
            grad[g.b] -= g.score_a - p;
        }
        let step = solve(information(&r), grad);
        let mut biggest: f64 = 0.0;
        for (ri, s) in r.iter_mut().zip(&step) {
            let s = s.clamp(-2.0, 2.0);
            *ri += s;
            biggest = biggest.max(s.abs());
        }
        if biggest < 1e-10 {
            break;
        }
    }
    // Covariance = inverse information, column by column.
    let h = information(&r);
    let cov: Vec<Vec<f64>> = (0..n)
        .map(|j| {
            let mut e = vec![0.0; n];
            e[j] = 1.0;
            solve(h.clone(), e)
        })
        .collect();
    let nf = n as f64;
    let mean = r.iter().sum::<f64>() / nf;
    let total: f64 = cov.iter().flatten().sum();
    (0..n)
        .map(|i| {
            let row: f64 = cov[i].iter().sum();
            let var = (cov[i][i] - 2.0 * row / nf + total / (nf * nf)).max(0.0);
            Rating {
                elo: (r[i] - mean) * SCALE,
                margin: 1.96 * var.sqrt() * SCALE,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(a: usize, b: usize, wins: usize, draws: usize, losses: usize) -> Vec<GameScore> {
        let mut v = Vec::new();
        for (count, score_a) in [(wins, 1.0), (draws, 0.5), (losses, 0.0)] {
            v.extend((0..count).map(|_| GameScore { a, b, score_a }));
        }
        v
    }

    #[test]
    fn even_scores_give_equal_ratings() {
        let r = estimate(2, &games(0, 1, 5, 0, 5));
        assert!(r[0].elo.abs() < 1e-6 && r[1].elo.abs() < 1e-6);
        assert!((r[0].margin - r[1].margin).abs() < 1e-6);
    }

    #[test]
    fn ratings_follow_the_scores_and_margins_shrink_with_games() {
        let r = estimate(2, &games(0, 1, 75, 0, 25));
        // 75% is about +191 Elo; the prior pulls it in a little.
        let diff = r[0].elo - r[1].elo;
        assert!((170.0..191.0).contains(&diff), "{diff}");
        let few = estimate(2, &games(0, 1, 3, 0, 1));
        assert!(few[0].margin > 2.0 * r[0].margin);
        // A clean sweep stays finite.
        let sweep = estimate(3, &[games(0, 1, 4, 0, 0), games(1, 2, 4, 0, 0)].concat());
        assert!(sweep
            .iter()
            .all(|x| x.elo.is_finite() && x.margin.is_finite()));
        assert!(sweep[0].elo > sweep[1].elo && sweep[1].elo > sweep[2].elo);
        assert!(sweep.iter().map(|x| x.elo).sum::<f64>().abs() < 1e-6);
    }
}
