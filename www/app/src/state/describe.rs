//! The state in words: the status line, and the board's accessible name
//! (the position, the selection and the cursor for screen readers).

use super::editor::Editing;
use super::game::{capitalise, checkers_at};
use super::State;
use warcaby::clobber::ClobberPosition;
use warcaby::games::AnyGame;
use warcaby::{Bitboard, Color, Position, Role, Square, SquareNotation};

impl State {
    /// The status line; `ai_unavailable` says the AI cannot be started.
    pub fn status_text(&self, ai_unavailable: bool) -> String {
        let outcome = self.outcome_text();
        if self.editor.is_some() {
            return "Editing the position: pick a square to change what stands there, then \"Play from here\"."
                .to_string();
        }
        if let Some(ply) = self.view {
            let count = self.game.ply_count();
            let at = match ply {
                0 => "the start position".to_string(),
                ply => format!("the position after move {ply}"),
            };
            let over = if outcome.is_some() {
                " (the game is over)"
            } else {
                ""
            };
            return format!("Viewing {at} of {count}{over}");
        }
        if let Some(outcome) = &outcome {
            return format!("Game over — {outcome}");
        }
        let side = capitalise(self.game.side_to_move().name());
        if self.is_ai_turn() && ai_unavailable {
            format!("{side} (AI) to move — the AI is unavailable")
        } else if self.is_ai_turn() {
            format!("{side} (AI) is thinking…")
        } else if self.game.capture_is_forced() {
            format!("{side} to move — a capture is mandatory")
        } else {
            format!("{side} to move")
        }
    }

    /// What follows a move in its announcement: the result, or who is next.
    pub fn next_announcement(&self) -> String {
        match self.outcome_text() {
            Some(outcome) => format!("Game over: {outcome}"),
            None => format!("{} to move", capitalise(self.game.side_to_move().name())),
        }
    }

    /// The board's accessible name: the game, who is to move (or the
    /// result), every piece, the selection, the best line and the cursor's
    /// square (`under_cursor`, the spot the view finds there).
    pub fn board_label(&self, under_cursor: Option<u8>) -> String {
        let (board, pieces, under) = match (&self.game, &self.editor) {
            (AnyGame::Checkers(game), editor) => {
                let pos = match editor {
                    Some(Editing::Checkers(pos)) => *pos,
                    _ => checkers_at(game, self.shown_ply()),
                };
                let board = format!(
                    "Checkers board, {} rules.",
                    capitalise(game.variant().name())
                );
                let (pieces, under) = checkers_words(&pos, under_cursor);
                (board, pieces, under)
            }
            (AnyGame::Clobber(game), editor) => {
                let pos = match editor {
                    Some(Editing::Clobber(pos)) => pos,
                    _ => game.position_at(self.shown_ply()),
                };
                let shape = pos.shape();
                let board = format!(
                    "Clobber board, {} rows by {} columns.",
                    shape.rows(),
                    shape.cols()
                );
                let (pieces, under) = clobber_words(pos, under_cursor);
                (board, pieces, under)
            }
        };
        let mut label = format!("{board} {} {pieces}.", self.turn_words());
        if let Some(selected) = self.selected_name() {
            label.push_str(&format!(" Selected: {selected}."));
        }
        let line = &self.best_line;
        if self.analysing && !line.moves.is_empty() && line.ply == self.shown_ply() {
            let texts: Vec<&str> = line.moves.iter().map(|(t, _)| t.as_str()).collect();
            label.push_str(&format!(" Engine's best line: {}.", texts.join(", ")));
        }
        if let (true, Some(under)) = (self.board_focused, under) {
            label.push_str(&format!(" Cursor: {under}."));
        }
        label
    }

    /// Who is to move, or the result, or what is shown.
    fn turn_words(&self) -> String {
        if let Some(editing) = &self.editor {
            return format!(
                "Editing, {} to move.",
                capitalise(editing.side_to_move().name())
            );
        }
        if let Some(ply) = self.view {
            return format!("Showing the position after move {ply}.");
        }
        match self.outcome_text() {
            Some(outcome) => format!("Game over: {outcome}."),
            None => format!("{} to move.", capitalise(self.game.side_to_move().name())),
        }
    }

    /// The selected piece's square or cell name.
    fn selected_name(&self) -> Option<String> {
        match &self.game {
            AnyGame::Checkers(g) => {
                let notation = g.position().rules().notation;
                self.selection
                    .from()
                    .map(|sq| sq.display(notation).to_string())
            }
            AnyGame::Clobber(g) => {
                let shape = g.position().shape();
                self.clobber_selection
                    .from()
                    .map(|c| shape.name(c as usize))
            }
        }
    }
}

/// Every checkers piece in words, and what is on the cursor's square.
fn checkers_words(pos: &Position, cursor: Option<u8>) -> (String, Option<String>) {
    let notation = pos.rules().notation;
    let name = |sq: Square| sq.display(notation).to_string();
    let list = |bb: Bitboard| {
        // In the order of their names: 1, 2, ... or a1, c1, ...
        let mut squares: Vec<Square> = bb.squares().collect();
        if notation == SquareNotation::Numeric {
            squares.sort_by_key(|sq| sq.number());
        }
        squares.into_iter().map(name).collect::<Vec<_>>().join(", ")
    };
    let pieces = [Color::White, Color::Black].map(|color| {
        let (men, kings) = (pos.men(color), pos.kings(color));
        let mut text = format!("{}:", capitalise(color.name()));
        if men.count() > 0 {
            text.push_str(&format!(" men on {}", list(men)));
        }
        if kings.count() > 0 {
            let sep = if men.count() > 0 { ";" } else { "" };
            text.push_str(&format!("{sep} kings on {}", list(kings)));
        }
        if pos.pieces(color).count() == 0 {
            text.push_str(" no pieces");
        }
        text
    });
    let under = cursor.and_then(Square::from_index).map(|sq| {
        let what = pos.piece_at(sq).map_or("empty".to_string(), |p| {
            let role = if p.role == Role::King { "king" } else { "man" };
            format!("{} {role}", p.color.name())
        });
        format!("{}, {what}", name(sq))
    });
    (pieces.join(". "), under)
}

/// Every Clobber stone in words, and what is on the cursor's cell.
fn clobber_words(pos: &ClobberPosition, cursor: Option<u8>) -> (String, Option<String>) {
    let shape = pos.shape();
    let cells = |color: Color| {
        let names: Vec<String> = (0..shape.rows() * shape.cols())
            .filter(|&c| pos.stones(color) & (1u128 << c) != 0)
            .map(|c| shape.name(c))
            .collect();
        let list = if names.is_empty() {
            "no stones".to_string()
        } else {
            names.join(", ")
        };
        format!("{}: {list}", capitalise(color.name()))
    };
    let under = cursor.map(|cell| {
        let what = [Color::Black, Color::White]
            .into_iter()
            .find(|&c| pos.stones(c) & (1u128 << cell) != 0)
            .map_or("empty".to_string(), |c| format!("{} stone", c.name()));
        format!("{}, {what}", shape.name(cell as usize))
    });
    let pieces = format!("{}. {}", cells(Color::Black), cells(Color::White));
    (pieces, under)
}
