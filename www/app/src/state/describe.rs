//! The state in words: the status line, and the board's accessible name
//! (the position, the selection and the cursor for screen readers).

use super::State;
use crate::i18n::{words, Lang};
use warcaby::clobber::ClobberPosition;
use warcaby::games::checkers_position_at;
use warcaby::games::AnyGame;
use warcaby::{Bitboard, Color, Position, Role, Square, SquareNotation};

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
            AnyGame::Checkers(game) => {
                let pos = checkers_position_at(game, ply);
                let rules = words::variant(lang, game.variant());
                let board = lang.pick(
                    format!("Checkers board, {rules} rules."),
                    format!("Plansza warcabów, zasady: {}.", rules.to_lowercase()),
                );
                let (pieces, under) = checkers_words(lang, &pos, under_cursor);
                (board, pieces, under)
            }
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
            // A game the page does not offer (10x10 checkers, in a build
            // with it): named by its rules, its pieces not listed.
            other => {
                let rules = other.played().rules_name();
                (format!("{rules}."), String::new(), None)
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

/// Every checkers piece in words, and what is on the cursor's square.
fn checkers_words(lang: Lang, pos: &Position, cursor: Option<u8>) -> (String, Option<String>) {
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
        let mut text = format!("{}:", words::side(lang, color));
        if men.count() > 0 {
            let on = lang.pick(" men on ", " pionki na ");
            text.push_str(&format!("{on}{}", list(men)));
        }
        if kings.count() > 0 {
            let sep = if men.count() > 0 { ";" } else { "" };
            let on = lang.pick(" kings on ", " damki na ");
            text.push_str(&format!("{sep}{on}{}", list(kings)));
        }
        if pos.pieces(color).count() == 0 {
            text.push_str(lang.pick(" no pieces", " brak bierek"));
        }
        text
    });
    let under = cursor.and_then(Square::from_index).map(|sq| {
        let what = pos.piece_at(sq).map_or(lang.pick("empty", "puste"), |p| {
            words::piece(lang, p.color, p.role == Role::King)
        });
        format!("{}, {what}", name(sq))
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
