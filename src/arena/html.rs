//! `report.html`: the tournament on one page, for people — the standings
//! with Elo bars and their margins, the crosstable, each bot's faults
//! (time flags, random replacements with their reasons, restarts, failed
//! starts, games lost by a fault with the last words), the sandbox line, and
//! every game with its PDN.
//!
//! The page is self-contained (its style and its one script inline, bars
//! drawn in inline SVG, nothing fetched), so it works offline from
//! `file://`. Each game links its PDN file beside the report and embeds the
//! PDN text with a copy button; with a site (`--site URL`) each game also
//! links `URL#pdn=<the PDN, percent-encoded>`, which the board page opens.
//! It holds no clock readings, so a seed reproduces it like `results.json`.

use super::report::{contest_notes, points};
use super::results::{GameRecord, PairRecord, Results, Standing};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

const STYLE: &str = include_str!("html.css");
const SCRIPT: &str = include_str!("html.js");

/// Text for HTML: `&`, `<`, `>`, `"` and `'` escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `text` percent-encoded as JavaScript's `encodeURIComponent` does (every
/// byte but letters, digits and `-_.!~*'()`), for a URL fragment.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => out.push(b as char),
            b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')' => out.push(b as char),
            _ => {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    out
}

/// The report of `results`, whose PDN files are in `dir`; `site`: the board
/// page that opens a game from `#pdn=` (None: no links to it).
pub fn page(results: &Results, dir: &Path, site: Option<&str>) -> String {
    let mut out = String::new();
    let title = format!(
        "Arena: {} bots, {} games",
        results.bots.len(),
        results.games.len()
    );
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    header(&mut out, results);
    standings(&mut out, results);
    crosstable(&mut out, results);
    faults(&mut out, results);
    games(&mut out, results, dir, site);
    let _ = write!(out, "<script>\n{SCRIPT}</script>\n</body>\n</html>\n");
    out
}

fn header(out: &mut String, r: &Results) {
    let rules = match &r.contest {
        Some(c) => format!(
            "contest refereeing: move time {}, {} time flags",
            c.fixed_move_time_ms
                .map_or("from each game's benchmark".into(), |t| format!("{t} ms")),
            c.flags
        ),
        None => format!("{:.1} s per game and bot", r.time_per_game_ms as f64 / 1e3),
    };
    let openings = match r.openings.len() {
        0 => "the start position".to_string(),
        n => format!("{n} openings"),
    };
    let _ = write!(
        out,
        "<p class=\"meta\">Variant {}, seed {}, {} games per pair from {openings}, {}.</p>\n\
         <p class=\"meta\" id=\"sandbox\">{}</p>\n<nav><a href=\"#standings\">Standings</a>\
         <a href=\"#crosstable\">Crosstable</a><a href=\"#faults\">Faults</a>\
         <a href=\"#games\">Games</a></nav>\n",
        escape(&rules_label(r)),
        r.seed,
        r.games_per_pair,
        escape(&rules),
        escape(&r.sandbox.summary)
    );
}

/// The rules played, with the board where the rules choose one.
fn rules_label(r: &Results) -> String {
    match r.rows.zip(r.cols) {
        Some((rows, cols)) => format!("{} {rows}x{cols}", r.variant),
        None => r.variant.clone(),
    }
}

/// An Elo bar from the field's average (the middle) with its 95% margin
/// as a whisker; `scale`: the largest |Elo| + margin of the field.
fn elo_bar(s: &Standing, scale: f64) -> String {
    let (w, h, mid) = (160.0, 16.0, 80.0);
    let x = |elo: f64| (mid + elo / scale * (mid - 4.0)).clamp(1.0, w - 1.0);
    let (elo, margin) = (s.elo as f64, s.elo_margin as f64);
    let (from, to) = (x(elo.min(0.0)), x(elo.max(0.0)));
    let class = if s.elo >= 0 { "up" } else { "down" };
    let (lo, hi) = (x(elo - margin), x(elo + margin));
    format!(
        "<svg width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" \
         aria-label=\"Elo {:+} ± {}\"><rect class=\"bar {class}\" x=\"{from:.1}\" y=\"4\" \
         width=\"{:.1}\" height=\"8\"/><line class=\"axis\" x1=\"{mid}\" y1=\"0\" x2=\"{mid}\" \
         y2=\"{h}\"/><path class=\"margin\" d=\"M{lo:.1} 8H{hi:.1}M{lo:.1} 5V11M{hi:.1} 5V11\" \
         fill=\"none\"/></svg>",
        s.elo,
        s.elo_margin,
        (to - from).max(0.5)
    )
}

fn standings(out: &mut String, r: &Results) {
    let contest = r.contest.is_some();
    let scale = r
        .standings
        .iter()
        .map(|s| (s.elo.abs() + s.elo_margin) as f64)
        .fold(100.0, f64::max);
    out.push_str(
        "<h2 id=\"standings\">Standings</h2>\n<div class=\"wide\"><table class=\"standings\">\n<tr><th class=\"n\">#\
         </th><th>Bot</th><th class=\"n\">Points</th><th class=\"n\">Pairs W-D-L</th>\
         <th class=\"n\">OT wins</th><th class=\"n\">Games</th><th class=\"n\">Games W-D-L</th>",
    );
    if contest {
        out.push_str("<th class=\"n\">Tie-break wins</th>");
    }
    out.push_str("<th colspan=\"2\">Elo ± 95% (0: the field's average)</th></tr>\n");
    for s in &r.standings {
        let _ = write!(
            out,
            "<tr><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">\
             {}-{}-{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}-{}-{}\
             </td>",
            s.rank,
            escape(&s.bot),
            points(s.points),
            s.pairs_won,
            s.pairs_drawn,
            s.pairs_lost,
            s.overtime_wins,
            points(s.game_points),
            s.wins,
            s.draws,
            s.losses
        );
        if contest {
            let _ = write!(out, "<td class=\"n\">{}</td>", s.tiebreak_wins);
        }
        let _ = writeln!(
            out,
            "<td class=\"n\">{:+} ± {}</td><td class=\"elo\">{}</td></tr>",
            s.elo,
            s.elo_margin,
            elo_bar(s, scale)
        );
    }
    out.push_str("</table></div>\n");
}

/// A pair from `bot`'s side: its points, the opponent's, whether it won
/// the pair (None: undecided), and the overtime points if any.
fn pair_from(pair: &PairRecord, bot: &str) -> ([f64; 2], Option<bool>, Option<[f64; 2]>) {
    let mine = if pair.bots[0] == bot { 0 } else { 1 };
    let turn = |s: [f64; 2]| [s[mine], s[1 - mine]];
    let won = pair.winner.as_ref().map(|w| w == bot);
    (
        turn(pair.regular),
        won,
        pair.overtime.as_ref().map(|o| turn(o.score)),
    )
}

fn crosstable(out: &mut String, r: &Results) {
    let order: Vec<&str> = r.standings.iter().map(|s| s.bot.as_str()).collect();
    let mut by_bots: BTreeMap<(&str, &str), &PairRecord> = BTreeMap::new();
    for p in &r.pairs {
        by_bots.insert((&p.bots[0], &p.bots[1]), p);
        by_bots.insert((&p.bots[1], &p.bots[0]), p);
    }
    out.push_str(
        "<h2 id=\"crosstable\">Crosstable</h2>\n<p class=\"meta\">Each cell: the row's points \
         against the column in their regular games, then in overtime; green: the row won the \
         pair, red: lost, grey: undecided. A click shows the pair's games.</p>\n\
         <div class=\"wide\"><table class=\"cross\">\n<tr><th></th><th></th>",
    );
    for (i, bot) in order.iter().enumerate() {
        let _ = write!(
            out,
            "<th class=\"r\" title=\"{}\">{}</th>",
            escape(bot),
            i + 1
        );
    }
    out.push_str("</tr>\n");
    for (i, row) in order.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><th class=\"n\">{}</th><th>{}</th>",
            i + 1,
            escape(row)
        );
        for col in &order {
            let Some(pair) = by_bots.get(&(*row, *col)) else {
                out.push_str("<td class=\"self\"></td>");
                continue;
            };
            let (score, won, overtime) = pair_from(pair, row);
            let class = match won {
                Some(true) => "win",
                Some(false) => "loss",
                None => "draw",
            };
            let mut text = points_html(score[0]);
            if let Some(ot) = overtime {
                let _ = write!(text, "+{}", points_html(ot[0]));
            }
            let _ = write!(
                out,
                "<td class=\"{class}\" title=\"{} - {}: {}-{} ({})\"><a href=\"#pair-{}\">{text}\
                 </a></td>",
                escape(row),
                escape(col),
                points(score[0]),
                points(score[1]),
                escape(&pair.decided_by),
                pair.pair
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table></div>\n");
}

/// Points with ½ for a half: `1½`, `½`, `2`.
fn points_html(x: f64) -> String {
    match (x.trunc(), x.fract() != 0.0) {
        (0.0, true) => "½".to_string(),
        (whole, true) => format!("{whole:.0}½"),
        (whole, false) => format!("{whole:.0}"),
    }
}

/// One kind of fault of a bot: how often, in which games, and a few of
/// its texts (those of one kind differ in numbers: a call, a time).
#[derive(Default)]
struct Reason {
    count: usize,
    games: Vec<String>,
    examples: Vec<String>,
}

/// Texts shown per kind of fault.
const EXAMPLES: usize = 2;
/// Games linked per kind of fault.
const GAME_LINKS: usize = 8;

/// One bot's faults over the tournament.
#[derive(Default)]
struct Faults {
    games: usize,
    flags: u32,
    restarts: u32,
    /// By kind: `random step for exception`, `start failed`, `lost by crash`.
    reasons: BTreeMap<String, Reason>,
}

impl Faults {
    fn note(&mut self, kind: String, text: &str, g: &GameRecord) {
        let reason = self.reasons.entry(kind).or_default();
        reason.count += 1;
        if reason.games.last() != Some(&g.id) {
            reason.games.push(g.id.clone());
        }
        if reason.examples.len() < EXAMPLES && !reason.examples.iter().any(|e| e == text) {
            reason.examples.push(text.to_string());
        }
    }
}

fn faults_of(r: &Results) -> BTreeMap<&str, Faults> {
    let mut all: BTreeMap<&str, Faults> = BTreeMap::new();
    for g in &r.games {
        for (colour, bot) in [("white", &g.white), ("black", &g.black)] {
            let f = all.entry(bot.as_str()).or_default();
            f.games += 1;
            if g.end.by.as_deref() == Some(colour) {
                let mut text = g.end.detail.clone();
                if let Some(words) = &g.end.last_words {
                    // Its stderr says why more often than the protocol.
                    if let Some(last) = last_line(&words.stderr).or(last_line(&words.stdout)) {
                        let _ = write!(text, " [last words: {last}]");
                    }
                }
                f.note(format!("lost by {}", g.end.kind), &text, g);
            }
            let Some(contest) = &g.contest else { continue };
            let side = if colour == "white" {
                &contest.white
            } else {
                &contest.black
            };
            f.flags += side.flags_used;
            f.restarts += side.restarts;
            for fail in &side.failures {
                f.note(format!("{} failed", fail.stage), &fail.detail, g);
            }
            for s in &side.substitutions {
                f.note(format!("random step for {}", s.reason), &s.detail, g);
            }
        }
    }
    all
}

/// The last line of `text` that is not blank, trimmed.
fn last_line(text: &str) -> Option<&str> {
    text.lines().rfind(|l| !l.trim().is_empty()).map(str::trim)
}

fn faults(out: &mut String, r: &Results) {
    out.push_str(
        "<h2 id=\"faults\">Faults</h2>\n<p class=\"meta\">Per bot: time flags spent, restarts \
         of its process, and each kind of fault — random replacements by reason, failed starts \
         and benchmarks, games lost by a fault — with how often, a few of its texts and the \
         games.</p>\n<ul class=\"faults\">\n",
    );
    let all = faults_of(r);
    for s in &r.standings {
        let Some(f) = all.get(s.bot.as_str()) else {
            continue;
        };
        if f.reasons.is_empty() && f.flags == 0 && f.restarts == 0 {
            let _ = writeln!(out, "<li class=\"none\">{}: no faults</li>", escape(&s.bot));
            continue;
        }
        let _ = write!(
            out,
            "<li><b>{}</b>: {} games, {} time flags spent, {} restarts\n<ul>",
            escape(&s.bot),
            f.games,
            f.flags,
            f.restarts
        );
        for (kind, reason) in &f.reasons {
            let links: Vec<String> = reason
                .games
                .iter()
                .take(GAME_LINKS)
                .map(|id| format!("<a href=\"#{id}\">{id}</a>"))
                .collect();
            let more = match reason.games.len().saturating_sub(GAME_LINKS) {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            let examples: Vec<String> = reason
                .examples
                .iter()
                .map(|e| format!("<div class=\"reason\">{}</div>", escape(e)))
                .collect();
            let _ = write!(
                out,
                "<li><b>{}</b>: {} times in {} games ({}{more}){}</li>",
                escape(kind),
                reason.count,
                reason.games.len(),
                links.join(", "),
                examples.concat()
            );
        }
        out.push_str("</ul></li>\n");
    }
    out.push_str("</ul>\n");
}

fn games(out: &mut String, r: &Results, dir: &Path, site: Option<&str>) {
    out.push_str(
        "<h2 id=\"games\">Games</h2>\n<div class=\"wide\"><table class=\"games\">\n<tr><th>Game</th><th>White</th>\
         <th>Black</th><th>Result</th><th>How it ended</th><th class=\"n\">Plies</th>\
         <th>Random steps</th><th>PDN</th></tr>\n",
    );
    let mut last_pair = 0;
    for g in &r.games {
        let first = g.pair != last_pair;
        last_pair = g.pair;
        let (row, anchor) = match first {
            true => (" class=\"first\"", format!(" id=\"pair-{}\"", g.pair)),
            false => ("", String::new()),
        };
        let class = |label: &str| match &g.winner {
            Some(w) if w == label => " class=\"r1\"",
            Some(_) => " class=\"r0\"",
            None => "",
        };
        let notes = g.contest.as_ref().map(contest_notes).unwrap_or_default();
        let random = g.contest.as_ref().map_or(0, |c| {
            c.white.substitutions.len() + c.black.substitutions.len()
        });
        let random = match random {
            0 => String::new(),
            n => format!("<span title=\"{}\">{n}</span>", escape(&notes.join("\n"))),
        };
        let mut ended = format!("{}: {}", g.end.kind, g.end.detail);
        if let Some(t) = &g.tiebreak_winner {
            let _ = write!(ended, "; tie-break to {t} (less time used)");
        }
        let _ = writeln!(
            out,
            "<tr{row}><td{anchor}><span id=\"{id}\">{id}</span></td><td{}>{}</td><td{}>{}</td>\
             <td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{random}</td>\
             <td>{}</td></tr>",
            class(&g.white),
            escape(&g.white),
            class(&g.black),
            escape(&g.black),
            escape(&g.result),
            escape(&ended),
            g.plies,
            pdn_cell(g, dir, site),
            id = escape(&g.id),
        );
    }
    out.push_str("</table></div>\n");
}

/// A game's file: its PDN beside the report, the board page's link with
/// the PDN (given a site), and the text to copy; for a game without PDN
/// (Clobber) its record file and text, with no link to the board page,
/// which opens PDN.
fn pdn_cell(g: &GameRecord, dir: &Path, site: Option<&str>) -> String {
    let Some(name) = g.pdn.as_ref().or(g.record.as_ref()) else {
        return String::new();
    };
    let file = escape(name);
    let mut cell = format!("<a href=\"{file}\">{file}</a>");
    let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
        return cell;
    };
    let what = if g.pdn.is_some() { "PDN" } else { "record" };
    if let Some(site) = site.filter(|_| g.pdn.is_some()) {
        let _ = write!(
            cell,
            " · <a href=\"{}#pdn={}\" target=\"_blank\" rel=\"noopener\">on the board</a>",
            escape(site),
            percent_encode(&text)
        );
    }
    let _ = write!(
        cell,
        "<details><summary>text</summary><pre>{}</pre><button class=\"copy\" \
         type=\"button\">Copy {what}</button></details>",
        escape(&text)
    );
    cell
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_encodes_what_html_and_urls_need() {
        assert_eq!(
            escape("<a href=\"x\">&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;"
        );
        assert_eq!(
            percent_encode("[White \"a b\"]\n1. 9-13 *"),
            "%5BWhite%20%22a%20b%22%5D%0A1.%209-13%20*"
        );
        assert_eq!(percent_encode("ż"), "%C5%BC");
        assert_eq!(points_html(1.5), "1½");
        assert_eq!(points_html(0.5), "½");
        assert_eq!(points_html(2.0), "2");
    }
}
