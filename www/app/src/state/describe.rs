//! The state in words: the status line, and the board's accessible name
//! (the position, the selection and the cursor for screen readers).

use super::State;
use crate::i18n::{words, Lang};
use warcaby::clobber::ClobberPosition;
use warcaby::games::{AnyGame, PlayedGame};
use warcaby::{Color, SquareNotation};

impl State {
    /// The status line; `ai_unavailable` says the AI cannot be started.
    pub fn status_text(&self, ai_unavailable: bool) -> String {
        let lang = self.settings.lang;
        let outcome = self.outcome_text();
        if self.editor.is_some() {
            return lang
                .pick(
                    "Editing the position: pick a square to change what stands there, then \"Play from here\".",
                    "Edycja pozycji: wybierz pole, by zmienić to, co na nim stoi, potem „Graj od tej pozycji”.",
                )
                .to_string();
        }
        if let Some(ply) = self.view {
            return viewing(lang, ply, self.game.ply_count(), outcome.is_some());
        }
        if let Some(outcome) = &outcome {
            return lang.pick(
                format!("Game over — {outcome}"),
                format!("Koniec gry — {outcome}"),
            );
        }
        let side = self.game.side_to_move();
        let name = words::side(lang, side);
        if self.is_ai_turn() && ai_unavailable {
            lang.pick(
                format!("{name} (AI) to move — the AI is unavailable"),
                format!(
                    "{} (komputer) — komputer jest niedostępny",
                    words::to_move(lang, side)
                ),
            )
        } else if self.is_ai_turn() {
            lang.pick(
                format!("{name} (AI) is thinking…"),
                format!("{name} (komputer) myślą…"),
            )
        } else if self.game.capture_is_forced() {
            lang.pick(
                format!("{name} to move — a capture is mandatory"),
                format!("{} — bicie jest obowiązkowe", words::to_move(lang, side)),
            )
        } else {
            words::to_move(lang, side)
        }
    }

    /// What follows a move in its announcement: the result, or who is next.
    pub fn next_announcement(&self) -> String {
        let lang = self.settings.lang;
        match self.outcome_text() {
            Some(outcome) => lang.pick(
                format!("Game over: {outcome}"),
                format!("Koniec gry: {outcome}"),
            ),
            None => words::to_move(lang, self.game.side_to_move()),
        }
    }

    /// The board's accessible name: the game, who is to move (or the
    /// result), every piece, the selection, the best line and the cursor's
    /// square (`under_cursor`, the spot the view finds there).
    pub fn board_label(&self, under_cursor: Option<u8>) -> String {
        let lang = self.settings.lang;
        let (shown, ply) = match &self.editor {
            Some(editing) => (editing.as_game(), 0),
            None => (&self.game, self.shown_ply()),
        };
        let (board, pieces, under) = match shown {
            AnyGame::Clobber(game) => {
                let pos = game.position_at(ply);
                let shape = pos.shape();
                let (rows, cols) = (shape.rows(), shape.cols());
                let board = lang.pick(
                    format!("Clobber board, {rows} rows by {cols} columns."),
                    format!("Plansza Clobbera, {rows} na {cols} (wiersze na kolumny)."),
                );
                let (pieces, under) = clobber_words(lang, pos, under_cursor);
                (board, pieces, under)
            }
            // Checkers, on either board.
            checkers => {
                let played = checkers.played();
                let rules = played.rules();
                let name = rules.checkers_variant().map_or_else(
                    || played.rules_name(),
                    |v| words::variant(lang, v).to_string(),
                );
                let board = lang.pick(
                    format!("Checkers board, {name} rules."),
                    format!("Plansza warcabów, zasady: {}.", name.to_lowercase()),
                );
                let (pieces, under) = checkers_words(lang, played, ply, under_cursor);
                (board, pieces, under)
            }
        };
        let mut label = format!("{board} {} {pieces}.", self.turn_words());
        if let Some(selected) = self.selected_name() {
            label.push_str(&lang.pick(
                format!(" Selected: {selected}."),
                format!(" Wybrane: {selected}."),
            ));
        }
        let line = &self.best_line;
        if self.analysing && !line.moves.is_empty() && line.ply == self.shown_ply() {
            let texts: Vec<&str> = line.moves.iter().map(|(t, _)| t.as_str()).collect();
            let texts = texts.join(", ");
            label.push_str(&lang.pick(
                format!(" Engine's best line: {texts}."),
                format!(" Najlepszy wariant silnika: {texts}."),
            ));
        }
        if let (true, Some(under)) = (self.board_focused, under) {
            label.push_str(&lang.pick(format!(" Cursor: {under}."), format!(" Kursor: {under}.")));
        }
        label
    }

    /// Who is to move, or the result, or what is shown.
    fn turn_words(&self) -> String {
        let lang = self.settings.lang;
        if let Some(editing) = &self.editor {
            let turn = words::to_move(lang, editing.side_to_move());
            return lang.pick(
                format!("Editing, {turn}."),
                format!("Edycja; {}.", turn.to_lowercase()),
            );
        }
        if let Some(ply) = self.view {
            return lang.pick(
                format!("Showing the position after move {ply}."),
                format!("Pokazana pozycja po ruchu {ply}."),
            );
        }
        match self.outcome_text() {
            Some(outcome) => lang.pick(
                format!("Game over: {outcome}."),
                format!("Koniec gry: {outcome}."),
            ),
            None => format!("{}.", words::to_move(lang, self.game.side_to_move())),
        }
    }

    /// The selected piece's square or cell name.
    fn selected_name(&self) -> Option<String> {
        let spot = self.selection.from()?;
        Some(self.game.played().spot_name(spot))
    }
}

/// Every checkers piece of the position after `ply` moves in words (8x8
/// or 10x10), and what is on the cursor's square.
fn checkers_words(
    lang: Lang,
    game: &dyn PlayedGame,
    ply: usize,
    cursor: Option<u8>,
) -> (String, Option<String>) {
    let numeric = game
        .rules()
        .checkers_variant()
        .is_some_and(|v| v.rules().notation == SquareNotation::Numeric);
    let mut on_board = game.pieces_at(ply);
    // In the order of their names: 1, 2, ... or a1, c1, ...
    if numeric {
        on_board.sort_by_key(|&(spot, _)| game.spot_number(spot));
    }
    let list = |color: Color, king: bool| {
        let names: Vec<String> = on_board
            .iter()
            .filter(|(_, p)| p.color == color && p.crowned == king)
            .map(|&(spot, _)| game.spot_name(spot))
            .collect();
        names.join(", ")
    };
    let pieces = [Color::White, Color::Black].map(|color| {
        let (men, kings) = (list(color, false), list(color, true));
        let mut text = format!("{}:", words::side(lang, color));
        if !men.is_empty() {
            let on = lang.pick(" men on ", " pionki na ");
            text.push_str(&format!("{on}{men}"));
        }
        if !kings.is_empty() {
            let sep = if men.is_empty() { "" } else { ";" };
            let on = lang.pick(" kings on ", " damki na ");
            text.push_str(&format!("{sep}{on}{kings}"));
        }
        if men.is_empty() && kings.is_empty() {
            text.push_str(lang.pick(" no pieces", " brak bierek"));
        }
        text
    });
    let under = cursor.map(|spot| {
        let piece = on_board.iter().find(|&&(s, _)| s == spot).map(|&(_, p)| p);
        let what = piece.map_or(lang.pick("empty", "puste"), |p| {
            words::piece(lang, p.color, p.crowned)
        });
        format!("{}, {what}", game.spot_name(spot))
    });
    (pieces.join(". "), under)
}

/// Every Clobber stone in words, and what is on the cursor's cell.
fn clobber_words(
    lang: Lang,
    pos: &ClobberPosition,
    cursor: Option<u8>,
) -> (String, Option<String>) {
    let shape = pos.shape();
    let cells = |color: Color| {
        let names: Vec<String> = (0..shape.rows() * shape.cols())
            .filter(|&c| pos.stones(color) & (1u128 << c) != 0)
            .map(|c| shape.name(c))
            .collect();
        let list = if names.is_empty() {
            lang.pick("no stones", "brak kamieni").to_string()
        } else {
            names.join(", ")
        };
        format!("{}: {list}", words::side(lang, color))
    };
    let under = cursor.map(|cell| {
        let what = [Color::Black, Color::White]
            .into_iter()
            .find(|&c| pos.stones(c) & (1u128 << cell) != 0)
            .map_or(lang.pick("empty", "puste"), |c| words::stone(lang, c));
        format!("{}, {what}", shape.name(cell as usize))
    });
    let pieces = format!("{}. {}", cells(Color::Black), cells(Color::White));
    (pieces, under)
}

/// "Viewing the position after move 5 of 12 (the game is over)".
fn viewing(lang: Lang, ply: usize, count: usize, over: bool) -> String {
    match lang {
        Lang::En => {
            let at = match ply {
                0 => "the start position".to_string(),
                ply => format!("the position after move {ply}"),
            };
            let over = if over { " (the game is over)" } else { "" };
            format!("Viewing {at} of {count}{over}")
        }
        Lang::Pl => {
            let at = match ply {
                0 => "pozycja początkowa".to_string(),
                ply => format!("pozycja po ruchu {ply}"),
            };
            let over = if over { " (gra skończona)" } else { "" };
            format!("Podgląd: {at} z {count}{over}")
        }
    }
}
