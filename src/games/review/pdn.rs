//! A review written into a game's comments and read back.
//!
//! Each position gets one comment, lichess's way: the start's before the
//! first move, `{[%eval +0.00]}`, and after each move the evaluation of the
//! position it left, then for a marked move its mark, the better move and
//! the engine's line from the position before it:
//! `{[%eval -1.25] blunder; better 11-15 (11-15 23-19 8-11)}`, and for the
//! engine's own move `best` (`{[%eval +0.10] best}`: it lost nothing, so
//! the accuracy read back is the review's). The
//! evaluation is from White's view in the game's units (men), or `#+N` /
//! `#-N` for a forced win of White / Black in N plies ([`Eval`]).
//!
//! A comment is a review comment only when it reads in full as one: the
//! players' own comments, and review comments that do not read (a bad
//! evaluation, an unknown mark, a clause we do not write), are ignored by
//! the reader and kept as they are by [`GameReview::annotate`]. The reader
//! also ignores a review comment whose better move is not legal where the
//! move was played. Nothing in a comment can make either panic.

use super::{Eval, GameReview, Mark, MoveReview};
use crate::checkers::notation::pdn::PdnGame;
use crate::games::AnyGame;

/// What a review comment says.
#[derive(Clone, Debug, PartialEq)]
struct ReviewComment {
    /// The evaluation of the position the comment follows.
    eval: Eval,
    /// The mark of the move just played.
    mark: Option<Mark>,
    /// The better move there and the engine's line from it.
    better: Option<(String, Vec<String>)>,
    /// The move just played was the engine's best.
    best: bool,
}

const EVAL_PREFIX: &str = "[%eval ";

impl ReviewComment {
    fn write(&self) -> String {
        let mut text = format!("{EVAL_PREFIX}{}]", self.eval);
        if self.best {
            text.push_str(" best");
        }
        if let Some(mark) = self.mark {
            text.push(' ');
            text.push_str(mark.name());
        }
        if let Some((better, line)) = &self.better {
            text.push_str(if self.mark.is_some() { "; " } else { " " });
            text.push_str("better ");
            text.push_str(better);
            if !line.is_empty() {
                text.push_str(&format!(" ({})", line.join(" ")));
            }
        }
        text
    }

    /// Reads a comment as a review comment; None when it is not one in
    /// full (see the module's documentation).
    fn read(text: &str) -> Option<ReviewComment> {
        let rest = text.trim().strip_prefix(EVAL_PREFIX)?;
        let (eval, rest) = rest.split_once(']')?;
        let mut comment = ReviewComment {
            eval: eval.trim().parse().ok()?,
            mark: None,
            better: None,
            best: false,
        };
        for part in rest.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            if part == "best" {
                if std::mem::replace(&mut comment.best, true) {
                    return None;
                }
            } else if let Some(clause) = part.strip_prefix("better ") {
                if comment.better.is_some() {
                    return None;
                }
                comment.better = Some(read_better(clause)?);
            } else if let Some(mark) = Mark::from_name(part) {
                if comment.mark.replace(mark).is_some() {
                    return None;
                }
            } else {
                return None;
            }
        }
        Some(comment)
    }
}

/// `MOVE` or `MOVE (LINE...)`: the better move and its line.
fn read_better(clause: &str) -> Option<(String, Vec<String>)> {
    let clause = clause.trim();
    let (mv, line) = match clause.split_once('(') {
        Some((mv, line)) => (mv.trim(), line.trim().strip_suffix(')')?),
        None => (clause, ""),
    };
    let plain = |t: &str| !t.is_empty() && !t.contains([' ', '(', ')']);
    let line: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    (plain(mv) && line.iter().all(|t| plain(t))).then(|| (mv.to_string(), line))
}

impl GameReview {
    /// The review as comments `(moves before, text)`, one per position
    /// whose evaluation is known (see the module's documentation).
    pub fn comments(&self) -> Vec<(usize, String)> {
        let curve = self.curve();
        let mut comments = Vec::with_capacity(curve.len());
        if let Some(eval) = curve[0] {
            let start = ReviewComment {
                eval,
                mark: None,
                better: None,
                best: false,
            };
            comments.push((0, start.write()));
        }
        for (mv, after) in self.moves.iter().zip(&curve[1..]) {
            let Some(eval) = *after else { continue };
            let better = mv
                .mark
                .and(mv.best_move.clone())
                .map(|best| (best, mv.line.clone()));
            let comment = ReviewComment {
                eval,
                mark: mv.mark,
                better,
                best: mv.best,
            };
            comments.push((mv.ply + 1, comment.write()));
        }
        comments
    }

    /// `comments` (a game's, as [`PdnGame::comments`] holds them) with
    /// this review's in place of any review's they held: at each position
    /// the review's comment first, then the others in their order.
    pub fn annotate(&self, comments: &[(usize, String)]) -> Vec<(usize, String)> {
        let own: Vec<&(usize, String)> = comments
            .iter()
            .filter(|(_, text)| ReviewComment::read(text).is_none())
            .collect();
        let mut merged: Vec<(usize, String)> = self.comments();
        merged.extend(own.into_iter().cloned());
        // A stable sort keeps the review's comment first at each position.
        merged.sort_by_key(|(before, _)| *before);
        merged
    }

    /// The review a PDN game's comments hold ([`GameReview::from_comments`]).
    pub fn from_pdn(pdn: &PdnGame) -> Option<GameReview> {
        GameReview::from_comments(&AnyGame::Checkers(pdn.game.clone()), &pdn.comments)
    }

    /// The review `comments` hold for `game`, if they hold any: each
    /// move's evaluation before and after, its mark, better move and line
    /// as written; its loss recomputed from the evaluations (0 for a move
    /// that was the only one, which keeps no mark either, and for one the
    /// comment calls `best`, as the review counted it). The first review
    /// comment at each position counts; the others, and comments that do
    /// not read as review comments, are ignored.
    pub fn from_comments(game: &AnyGame, comments: &[(usize, String)]) -> Option<GameReview> {
        let plies = game.ply_count();
        let mut read: Vec<Option<ReviewComment>> = vec![None; plies + 1];
        for (before, text) in comments {
            let Some(slot) = read.get_mut(*before) else {
                continue; // past the last move: no position of this game
            };
            if slot.is_none() {
                *slot = ReviewComment::read(text);
            }
        }
        if read.iter().all(Option::is_none) {
            return None;
        }
        let kind = game.kind();
        let played = game.played().move_list();
        let mut cursor = game.clone();
        while cursor.undo().is_some() {}
        let mut moves = Vec::with_capacity(plies);
        for ply in 0..plies {
            let mover = cursor.side_to_move();
            let forced = cursor.legal_moves().len() == 1;
            let illegal_better = read[ply + 1]
                .as_ref()
                .and_then(|c| c.better.as_ref())
                .is_some_and(|(mv, _)| cursor.parse_move(mv).is_err());
            if illegal_better {
                read[ply + 1] = None;
            }
            let eval = read[ply].as_ref().map(|c| c.eval);
            let after = read[ply + 1].as_ref();
            let better = after.and_then(|c| c.better.clone());
            let best = !forced && after.is_some_and(|c| c.best);
            let loss = match (eval, after) {
                _ if forced || best => Some(0.0),
                (Some(before), Some(after)) => {
                    Some((before.expected(mover, kind) - after.eval.expected(mover, kind)).max(0.0))
                }
                _ => None,
            };
            let (best_move, line) = better.map_or((None, Vec::new()), |(mv, l)| (Some(mv), l));
            moves.push(MoveReview {
                ply,
                mover,
                played: played.get(ply).cloned().unwrap_or_default(),
                eval,
                expected: eval.map(|e| e.expected(mover, kind)),
                best_move,
                line,
                loss,
                mark: after.and_then(|c| c.mark).filter(|_| !forced),
                forced,
                best,
            });
            cursor.redo()?;
        }
        // Every review comment may have named an illegal better move: then
        // the comments hold no review after all.
        if read.iter().all(Option::is_none) {
            return None;
        }
        Some(GameReview {
            kind,
            moves,
            final_eval: read[plies].as_ref().map(|c| c.eval),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Color;

    #[test]
    fn a_comment_is_written_and_read_back() {
        let comment = ReviewComment {
            eval: Eval::Score(35),
            mark: Some(Mark::Mistake),
            better: Some(("11-15".into(), vec!["11-15".into(), "23-19".into()])),
            best: false,
        };
        let text = comment.write();
        assert_eq!(text, "[%eval +0.35] mistake; better 11-15 (11-15 23-19)");
        assert_eq!(ReviewComment::read(&text), Some(comment));
        let bare = ReviewComment {
            eval: Eval::Win {
                winner: Color::Black,
                plies: 3,
            },
            mark: None,
            better: None,
            best: false,
        };
        assert_eq!(bare.write(), "[%eval #-3]");
        let best = ReviewComment {
            eval: Eval::Score(-5),
            mark: None,
            better: None,
            best: true,
        };
        assert_eq!(best.write(), "[%eval -0.05] best");
        assert_eq!(ReviewComment::read("[%eval -0.05] best"), Some(best));
        assert_eq!(ReviewComment::read(" [%eval #-3] "), Some(bare));
    }

    #[test]
    fn what_does_not_read_in_full_is_no_review_comment() {
        for text in [
            "a quiet development",
            "",
            "[%eval",
            "[%eval +0.35",
            "[%eval abc]",
            "[%eval +0.35] blunderous",
            "[%eval +0.35] blunder; blunder",
            "[%eval +0.35] best; best",
            "[%eval +0.35] bestest",
            "[%eval +0.35] mistake; better",
            "[%eval +0.35] mistake; better 11-15 (11-15 23-19",
            "[%eval +0.35] mistake; better 11-15 (11-15) (x)",
            "[%eval +0.35] mistake; better 11-15; better 9-13",
            "[%eval +0.35] and a note",
            "[%clk 0:01:00]",
            "[%eval +0.35] mistake; better ()",
            "[%eval ]]]",
            "[%eval \u{1F600}]",
        ] {
            assert_eq!(ReviewComment::read(text), None, "{text:?}");
        }
    }
}
