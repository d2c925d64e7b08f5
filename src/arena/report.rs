//! Text for the terminal: one line per finished game, the standings table
//! and the Elo lines.

use super::results::{ContestRecord, GameRecord, Results, SideRecord};
use std::fmt::Write;

/// Points as `1`, `1.5`, `0.5`.
pub fn points(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// `[ 3/12] p01-g2  white - black  1-0  how it ended  (match 1-1)`: the
/// match score is the two bots' points in their pair so far, white's first.
/// In contest mode it is followed by [`contest_notes`].
pub fn game_line(record: &GameRecord, done: usize, scheduled: usize, pair: [f64; 2]) -> String {
    let w = scheduled.to_string().len();
    let mut detail = record.end.detail.clone();
    if let Some(words) = &record.end.last_words {
        let last_of = |text: &str| {
            text.lines()
                .rfind(|l| !l.trim().is_empty())
                .map(str::to_string)
        };
        let last = last_of(&words.stderr).or_else(|| last_of(&words.stdout));
        if let Some(last) = last {
            let short: String = last.chars().take(60).collect();
            let _ = write!(detail, " [last words: {short}]");
        }
    }
    if let Some(t) = &record.tiebreak_winner {
        let _ = write!(detail, "; tie-break to {t} (less time used)");
    }
    if let Some(c) = &record.contest {
        let _ = write!(
            detail,
            " [T={:.3} s; white {}; black {}]",
            c.move_time_ms / 1e3,
            side_summary(&c.white),
            side_summary(&c.black)
        );
    }
    let mut line = format!(
        "[{done:>w$}/{scheduled}] {}  {} - {}  {}  {}  (match {}-{})",
        record.id,
        record.white,
        record.black,
        record.result,
        detail,
        points(pair[0]),
        points(pair[1])
    );
    for note in record.contest.iter().flat_map(contest_notes) {
        line.push_str("\n    ");
        line.push_str(&note);
    }
    line
}

/// Why a contest game's bots played at random, one note per distinct
/// reason and side with the plies it applied to: `white, ply 4:
/// exception: move raised ValueError: no move (bot.py:12 in move: ...)`,
/// and the failures of their processes (`black, before ply 1: start
/// failed: ...: ModuleNotFoundError: ...`). Identical reasons are told once
/// with their count, so a bot that never started takes one line.
pub fn contest_notes(contest: &ContestRecord) -> Vec<String> {
    // (colour, "before " for failures, the reason) and its plies.
    type Key = (&'static str, &'static str, String);
    let mut groups: Vec<(Key, Vec<usize>)> = Vec::new();
    let mut add = |key: Key, ply: usize| match groups.iter_mut().find(|(k, _)| *k == key) {
        Some((_, plies)) => plies.push(ply),
        None => groups.push((key, vec![ply])),
    };
    for (colour, side) in [("white", &contest.white), ("black", &contest.black)] {
        for f in &side.failures {
            let text = format!("{} failed: {}", f.stage, f.detail);
            add((colour, "before ", text), f.ply);
        }
        for s in &side.substitutions {
            add((colour, "", format!("{}: {}", s.reason, s.detail)), s.ply);
        }
    }
    groups
        .into_iter()
        .map(|((colour, before, text), plies)| {
            let when = match plies.as_slice() {
                [first, .., last] => {
                    format!("{} times, {before}plies {first} to {last}", plies.len())
                }
                [ply] => format!("{before}ply {ply}"),
                [] => String::new(),
            };
            format!("{colour}, {when}: {text}")
        })
        .collect()
}

/// One side's contest log: `flags 1, random 3 (timeout 2, not_legal 1), restarts 1`.
fn side_summary(side: &SideRecord) -> String {
    let mut out = format!("flags {}", side.flags_used);
    if !side.substitutions.is_empty() {
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for s in &side.substitutions {
            match counts.iter_mut().find(|(r, _)| *r == s.reason) {
                Some((_, n)) => *n += 1,
                None => counts.push((&s.reason, 1)),
            }
        }
        let reasons: Vec<String> = counts.iter().map(|(r, n)| format!("{r} {n}")).collect();
        let _ = write!(
            out,
            ", random {} ({})",
            side.substitutions.len(),
            reasons.join(", ")
        );
    }
    if side.restarts > 0 {
        let _ = write!(out, ", restarts {}", side.restarts);
    }
    out
}

/// The final table: points (pairs won, ½ per undecided pair), pairs W-D-L,
/// overtime wins, game points and games W-D-L.
pub fn standings(results: &Results) -> String {
    let name_w = results
        .standings
        .iter()
        .map(|s| s.bot.chars().count())
        .max()
        .unwrap_or(3)
        .max(3);
    let contest = results.contest.is_some();
    let mut out = String::new();
    let _ = write!(
        out,
        "{:>3}  {:<name_w$}  {:>6}  {:>11}  {:>8}  {:>6}  {:>11}",
        "#", "bot", "points", "pairs W-D-L", "OT wins", "games", "games W-D-L"
    );
    out.push_str(if contest { "  tie-break wins\n" } else { "\n" });
    for s in &results.standings {
        let _ = write!(
            out,
            "{:>3}  {:<name_w$}  {:>6}  {:>11}  {:>8}  {:>6}  {:>11}",
            s.rank,
            s.bot,
            points(s.points),
            format!("{}-{}-{}", s.pairs_won, s.pairs_drawn, s.pairs_lost),
            s.overtime_wins,
            points(s.game_points),
            format!("{}-{}-{}", s.wins, s.draws, s.losses),
        );
        if contest {
            let _ = write!(out, "  {:>14}", s.tiebreak_wins);
        }
        out.push('\n');
    }
    out
}

/// One line per bot, best Elo first: `elo BOT +120 ± 85`.
pub fn elo_lines(results: &Results) -> String {
    let mut rows: Vec<_> = results.standings.iter().collect();
    rows.sort_by(|a, b| b.elo.cmp(&a.elo).then(a.rank.cmp(&b.rank)));
    let name_w = rows
        .iter()
        .map(|s| s.bot.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::from("Elo (relative to the field's average, 95% margins):\n");
    for s in rows {
        let _ = writeln!(
            out,
            "elo {:<name_w$}  {:>+5} ± {}",
            s.bot, s.elo, s.elo_margin
        );
    }
    out
}
