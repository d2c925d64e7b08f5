//! The page's headless state and its transitions: the game, what is shown
//! (a past position, the editor), the selection, the keyboard's cursor and
//! the analysis's best line. Plain Rust with no browser in it, tested
//! natively; the controller (`control`) drives it, the view draws it.

pub mod alphazero;
pub mod appearance;
pub mod clock;
pub mod describe;
pub mod editor;
pub mod ending;
pub mod game;
pub mod hint;
pub mod howto;
pub mod link;
pub mod newgame;
pub mod puzzle;
pub mod review;
pub mod saved;
pub mod selection;
pub mod settings;

use appearance::Sound;
use editor::Editing;
use selection::{Hint, Outcome, Selection};
use settings::{Mode, Settings};
use warcaby::games::{AnyGame, SpotMove};

/// A drag in progress: the piece follows the pointer. `from` is a square's
/// index (checkers) or a cell (Clobber); `at` is in board units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drag {
    /// The spot the piece left.
    pub from: u8,
    /// Where the pointer is, in board units.
    pub at: (f64, f64),
    /// The pointer has moved since it went down.
    pub moved: bool,
}

/// A step through the game's positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// One move back.
    Back,
    /// One move forward.
    Forward,
    /// The start position.
    Start,
    /// The position now.
    End,
}

/// The engine's best line in the analysed position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BestLine {
    /// The analysed position: after this many moves.
    pub ply: usize,
    /// Each move's text and spots (the start, then each landing).
    pub moves: Vec<(String, Vec<u8>)>,
}

/// Everything the page shows and the player changes, without the browser.
pub struct State {
    /// The player's settings.
    pub settings: Settings,
    /// The game on the board.
    pub game: AnyGame,
    /// Viewing the position after this many plies (None: the live game).
    pub view: Option<usize>,
    /// The board's selection.
    pub selection: Selection,
    /// A drag in progress.
    pub drag: Option<Drag>,
    /// The keyboard's cursor on the board: screen column and row.
    pub cursor: (usize, usize),
    /// The board has the keyboard's focus (the cursor is drawn).
    pub board_focused: bool,
    /// The board editor's position, while it is open.
    pub editor: Option<Editing>,
    /// Analysis is on: the engine evaluates the position shown.
    pub analysing: bool,
    /// The engine's best line where it analysed.
    pub best_line: BestLine,
    /// The game's clocks (None: untimed).
    pub clock: Option<clock::Clock>,
    /// The game's end by resignation, agreement or time, if so.
    pub ending: Option<ending::Ending>,
    /// The game's review, running or done.
    pub review: Option<review::GameReviewState>,
    /// Hints used in this game, White's and Black's.
    pub hints: [u32; 2],
    /// The hint asked for or shown, if any.
    pub hint: Option<hint::Hint>,
    /// The puzzle on the board, if one is being solved.
    pub puzzle: Option<puzzle::Solving>,
}

impl State {
    /// A state showing `game` live with `settings`.
    pub fn new(settings: Settings, game: AnyGame) -> State {
        let mut state = State {
            settings,
            game,
            view: None,
            selection: Selection::default(),
            drag: None,
            cursor: (0, 7),
            board_focused: false,
            editor: None,
            analysing: false,
            best_line: BestLine::default(),
            clock: None,
            ending: None,
            review: None,
            hints: [0; 2],
            hint: None,
            puzzle: None,
        };
        state.keep_alphazero_where_it_plays();
        state
    }

    /// Drops the AlphaZero choices when the game on the board is one the
    /// bot does not play (a restored or imported game of other rules).
    fn keep_alphazero_where_it_plays(&mut self) {
        if !self.game.played().rules().alphazero_plays() {
            self.settings.drop_alphazero();
        }
    }

    /// The ply of the position shown.
    pub fn shown_ply(&self) -> usize {
        self.view.unwrap_or(self.game.ply_count())
    }

    /// True once the game has ended (on the board, or by a resignation,
    /// an agreed draw or a flag).
    pub fn is_over(&self) -> bool {
        self.ending.is_some() || self.game.outcome().is_some()
    }

    /// True when the AI is to move in the live game.
    pub fn is_ai_turn(&self) -> bool {
        !self.is_over()
            && self.editor.is_none()
            && self.puzzle.is_none()
            && self.settings.ai_plays(self.game.side_to_move())
    }

    /// True when the player may enter a move now.
    pub fn human_may_move(&self) -> bool {
        self.view.is_none() && !self.is_over() && !self.is_ai_turn()
    }

    /// Forgets the selection.
    pub fn clear_selection(&mut self) {
        self.selection.clear();
    }

    /// The game the settings ask for, from its start, with its name ("6x5
    /// Clobber", "tournament").
    pub fn fresh_game(&self) -> (AnyGame, String) {
        let rules = self.settings.rules();
        let name = crate::i18n::words::rules_title(self.settings.lang, rules);
        (rules.new_game(), name)
    }

    /// True when the game on the board is more than the start of the game
    /// its settings ask for (moves were played, or a position was loaded):
    /// replacing it would lose something.
    pub fn has_progress(&self) -> bool {
        self.game.record() != self.fresh_game().0.record()
    }

    /// Shows `game` live with its game, rules or board size in the
    /// settings. True when this switched the checkers rules.
    pub fn adopt(&mut self, game: AnyGame) -> bool {
        let variant = self.settings.variant;
        self.settings.set_rules(game.played().rules());
        let switched = self.settings.variant != variant;
        self.load(game);
        switched
    }

    /// Shows `game` live, with nothing selected, untimed and not ended.
    pub fn load(&mut self, game: AnyGame) {
        self.game = game;
        self.clock = None;
        self.ending = None;
        self.view = None;
        self.review = None;
        self.hints = [0; 2];
        self.hint = None;
        self.puzzle = None;
        self.clear_selection();
        self.keep_alphazero_where_it_plays();
    }

    /// Takes moves back: one, or against the AI back to the human's turn.
    /// Returns how many were taken back.
    pub fn undo(&mut self) -> usize {
        self.view = None;
        self.clear_selection();
        let mut undone = 0;
        while self.game.undo().is_some() {
            undone += 1;
            if !self.is_ai_turn() || self.settings.mode == Mode::AiVsAi {
                break;
            }
        }
        undone
    }

    /// Replays undone moves: one, or against the AI on to the human's
    /// turn. False when there was none.
    pub fn redo(&mut self) -> bool {
        self.view = None;
        self.clear_selection();
        if self.game.redo().is_none() {
            return false;
        }
        while self.is_ai_turn() && self.settings.mode != Mode::AiVsAi && self.game.redo().is_some()
        {
        }
        true
    }

    /// The ply a step through the game leads to, if it moves at all.
    pub fn step(&self, step: Step) -> Option<usize> {
        let count = self.game.ply_count();
        let now = self.shown_ply();
        let next = match step {
            Step::Back => now.saturating_sub(1),
            Step::Forward => (now + 1).min(count),
            Step::Start => 0,
            Step::End => count,
        };
        (next != now).then_some(next)
    }

    /// Shows the position after `ply` moves (None, or the last ply: the
    /// live game). True when this went back to the live game.
    pub fn set_view(&mut self, ply: Option<usize>) -> bool {
        let was_viewing = self.view.is_some();
        self.view = ply.filter(|&p| p < self.game.ply_count());
        self.clear_selection();
        was_viewing && self.view.is_none()
    }

    /// Plays a legal move: returns it in words (before it was played), or
    /// why it was refused (nothing changes then).
    pub fn play(&mut self, mv: &SpotMove) -> Result<String, String> {
        let said = game::describe_move(self.game.played(), mv, self.settings.lang);
        self.game.played_mut().play(mv).map_err(|e| e.to_string())?;
        self.clear_selection();
        Ok(said)
    }

    /// The sound of `mv`, just played: the game's end, a crowning, a
    /// capture (every Clobber move takes a stone) or a plain move.
    pub fn sound_of(&self, mv: &SpotMove) -> Sound {
        let over = self.game.outcome().is_some();
        Sound::of_move(!mv.taken().is_empty(), mv.crowns(), over)
    }

    /// A click (or drop) on `spot` in the live game: the selection's
    /// outcome, and with a capture half entered what to do next.
    pub fn click(&mut self, spot: u8) -> (Outcome, Option<Hint>) {
        let game = self.game.played();
        let legal = game.legal_moves();
        let outcome = self.selection.click(game, &legal, spot);
        let hint = self.selection.hint(game, &legal);
        (outcome, hint)
    }

    /// The selected piece's spot, if any.
    pub fn selected_spot(&self) -> Option<u8> {
        self.selection.from()
    }

    /// True when `spot` holds a piece the player may pick up now.
    pub fn may_pick_up(&self, spot: u8) -> bool {
        let game = self.game.played();
        self.human_may_move()
            && self.editor.is_none()
            && game.owner(spot) == Some(game.side_to_move())
            && self.selection.entered().is_empty()
    }

    /// The board's size on screen: columns and rows.
    pub fn screen_size(&self) -> (usize, usize) {
        self.game.played().board_size()
    }

    /// The cursor, kept on the board (whose size may have changed).
    pub fn cursor(&self) -> (usize, usize) {
        let (cols, rows) = self.screen_size();
        (self.cursor.0.min(cols - 1), self.cursor.1.min(rows - 1))
    }

    /// The cursor to draw: only while the board has the keyboard's focus.
    pub fn drawn_cursor(&self) -> Option<(usize, usize)> {
        self.board_focused.then(|| self.cursor())
    }

    /// Moves the cursor for an arrow key; false for other keys.
    pub fn move_cursor(&mut self, key: &str) -> bool {
        let (cols, rows) = self.screen_size();
        let (col, row) = self.cursor();
        self.cursor = match key {
            "ArrowLeft" => (col.saturating_sub(1), row),
            "ArrowRight" => ((col + 1).min(cols - 1), row),
            "ArrowUp" => (col, row.saturating_sub(1)),
            "ArrowDown" => (col, (row + 1).min(rows - 1)),
            _ => return false,
        };
        true
    }

    /// The best line to draw in the position shown (none elsewhere, or
    /// while a piece is dragged).
    pub fn shown_line(&self) -> &[(String, Vec<u8>)] {
        if self.best_line.ply != self.shown_ply() || self.drag.is_some() {
            return &[];
        }
        &self.best_line.moves
    }
}

#[cfg(test)]
mod tests;
