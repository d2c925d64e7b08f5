//! `warcaby bench tactics`: how many winning shots the engine finds. The
//! set (`tactics_english.txt`) holds English positions from real games
//! against Cake++ and GuiNN where the side to move has a shot: both engines,
//! searching 1.5 s each, agree on the move, our depth-6 search plays
//! something else, and GuiNN's deeper search scores every other move
//! clearly worse (the data file's header says by how much). The bench searches each position under a depth, node or
//! time limit and counts the positions where the engine plays the agreed
//! move.

use anyhow::{Context, Result};
use clap::Args;
use warcaby::checkers::ai::learned::EvalNet;
use warcaby::checkers::ai::{search_position, CheckersEval, Level};
use warcaby::search::{Limits, Searcher};
use warcaby::{Position, Variant};

/// The tactical set, one `FEN bm MOVE ; comment` per line (`#` comments).
const TACTICS: &str = include_str!("tactics_english.txt");

#[derive(Args)]
pub(crate) struct TacticsArgs {
    /// Search every position to this depth (plies).
    #[arg(long, group = "limit")]
    depth: Option<u32>,
    /// Search every position this many nodes.
    #[arg(long, group = "limit")]
    nodes: Option<u64>,
    /// Search every position this many milliseconds.
    #[arg(long, group = "limit")]
    movetime: Option<u64>,
    /// Evaluation (default: the strongest level's).
    #[arg(long = "eval", conflicts_with = "net")]
    eval: Option<String>,
    /// The learned evaluation with this network file instead of the shipped
    /// one (a candidate's tactics and speed against the shipped network's).
    #[arg(long, value_name = "FILE")]
    net: Option<std::path::PathBuf>,
    /// Print one line per position (solved or not, the move played).
    #[arg(long)]
    verbose: bool,
}

/// One position of the set and the move both anchors agree on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shot {
    /// The position, as PDN FEN.
    pub(crate) fen: String,
    /// The winning move, in PDN move text (`11-15`, `22x15`).
    pub(crate) best: String,
}

/// Parses the set's text: one `FEN bm MOVE` per line, an optional
/// `; comment` after it, blank lines and `#` lines ignored.
pub(crate) fn parse_set(text: &str) -> Result<Vec<Shot>> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.split(';').next().unwrap_or("").trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(number, line)| {
            let (fen, best) = line
                .split_once(" bm ")
                .with_context(|| format!("tactics line {number}: expected 'FEN bm MOVE'"))?;
            Ok(Shot {
                fen: fen.trim().to_string(),
                best: best.trim().to_string(),
            })
        })
        .collect()
}

fn limits(args: &TacticsArgs) -> (Limits, String) {
    match (args.depth, args.nodes, args.movetime) {
        (Some(d), _, _) => (Limits::depth(d), format!("depth={d}")),
        (_, Some(n), _) => (Limits::nodes(n), format!("nodes={n}")),
        (_, _, Some(ms)) => (Level::MAX.limits(ms), format!("movetime={ms}")),
        _ => (Limits::depth(13), "depth=13".to_string()),
    }
}

/// Searches one position afresh; returns the move played, as text, and
/// the nodes and milliseconds the search took.
fn solve(shot: &Shot, eval: CheckersEval, limits: Limits) -> Result<(String, u64, u64)> {
    let pos = Position::from_fen(&shot.fen, Variant::English)
        .with_context(|| format!("tactics '{}'", shot.fen))?;
    let mut engine = Searcher::new(Level::MAX.config(0), eval);
    let info = search_position(&mut engine, &pos, limits);
    let mv = info.best_move.context("the engine found no move")?;
    Ok((pos.move_text(&mv), info.nodes, info.time_ms))
}

/// The evaluation asked for: a network file, an evaluation's name, or the
/// strongest level's.
fn evaluation(args: &TacticsArgs) -> Result<CheckersEval> {
    Ok(match (&args.net, &args.eval) {
        (Some(path), _) => CheckersEval::Learned(EvalNet::load(path).map_err(anyhow::Error::msg)?),
        (None, Some(name)) => name.parse()?,
        (None, None) => Level::MAX.eval(),
    })
}

pub(crate) fn run(args: &TacticsArgs) -> Result<()> {
    let set = parse_set(TACTICS)?;
    let eval = evaluation(args)?;
    let (limits, limit_text) = limits(args);
    let net = args
        .net
        .as_ref()
        .map_or(String::new(), |p| format!(" net={}", p.display()));
    println!(
        "bench tactics eval={eval}{net} {limit_text} positions={}",
        set.len()
    );
    let (mut solved, mut nodes, mut ms) = (0, 0u64, 0u64);
    for (i, shot) in set.iter().enumerate() {
        let (played, searched, took) = solve(shot, eval.clone(), limits)?;
        nodes += searched;
        ms += took;
        let ok = played == shot.best;
        solved += usize::from(ok);
        if args.verbose {
            let mark = if ok { "ok  " } else { "MISS" };
            println!(
                "{mark} {:3} {} bm {} played {played}",
                i + 1,
                shot.fen,
                shot.best
            );
        }
    }
    let percent = 100.0 * solved as f64 / set.len().max(1) as f64;
    println!(
        "tactics solved={solved} total={} percent={percent:.1}% nodes={nodes} ms={ms} nps={}",
        set.len(),
        nodes * 1000 / ms.max(1)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shot_is_a_legal_move_of_a_valid_english_position() {
        let set = parse_set(TACTICS).expect("the set parses");
        assert!(set.len() >= 50, "the set has {} positions", set.len());
        for shot in &set {
            let pos = Position::from_fen(&shot.fen, Variant::English).expect("valid FEN");
            let texts: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
            assert!(texts.len() >= 2, "{}: no choice to make", shot.fen);
            assert!(
                texts.contains(&shot.best),
                "{}: {} is not among {texts:?}",
                shot.fen,
                shot.best
            );
        }
    }

    #[test]
    fn malformed_lines_are_reported_with_their_number() {
        let err = parse_set("# c\nW:W1:B2 bm 1-5\nnonsense\n").unwrap_err();
        assert!(err.to_string().contains("line 3"), "{err}");
        let ok = parse_set("W:W21:B5 bm 21-17 ; from a game\n\n").unwrap();
        assert_eq!(
            ok,
            vec![Shot {
                fen: "W:W21:B5".into(),
                best: "21-17".into()
            }]
        );
    }
}
