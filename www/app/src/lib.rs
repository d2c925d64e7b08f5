//! The Warcaby page: a canvas board with click and drag input, the AI in a
//! web worker, move list, undo/redo, import/export and saved state, for
//! checkers and for Clobber. All rules come from the engine crate; this
//! crate only shows and asks.

mod ai;
mod animation;
pub mod clobber;
pub mod input;
mod render;
pub mod storage;
mod ui;

use ai::{AiClient, Event};
use animation::Animation;
use clobber::ClobberGame;
use input::{ClobberSelection, Outcome, Selection};
use render::{Board, ClobberMarks, Flying, Grid, Marks, Pen};
use std::cell::RefCell;
use storage::{Mode, Settings};
use warcaby::checkers::notation::full_text;
use warcaby::checkers::notation::pdn::{self, PdnGame};
use warcaby::clobber::{ClobberEval, ClobberMove, ClobberPosition};
use warcaby::core::rng::entropy_seed;
use warcaby::{Bitboard, Color, Game, Move, Position, Role, Square, SquareNotation, Variant};
use warcaby_protocol::{EngineSettings, GameText, Progress, Request, Response};
use wasm_bindgen::prelude::*;

/// The game on the board: checkers (one of its variants) or Clobber.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Current {
    /// Checkers.
    Checkers(Game),
    /// Clobber.
    Clobber(ClobberGame),
}

impl Current {
    /// The side to move now.
    pub fn side_to_move(&self) -> Color {
        match self {
            Current::Checkers(g) => g.position().side_to_move(),
            Current::Clobber(g) => g.position().side_to_move(),
        }
    }

    /// True once the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome_text().is_some()
    }

    /// How the game ended, like "Black wins: White has no move (0-1)".
    pub fn outcome_text(&self) -> Option<String> {
        match self {
            Current::Checkers(g) => g
                .outcome()
                .map(|o| capitalise(&format!("{o} ({})", o.result_text()))),
            Current::Clobber(g) => g.outcome_text(),
        }
    }

    /// Moves played.
    pub fn ply_count(&self) -> usize {
        match self {
            Current::Checkers(g) => g.ply_count(),
            Current::Clobber(g) => g.ply_count(),
        }
    }

    /// Takes a move back; false if there was none.
    fn undo(&mut self) -> bool {
        match self {
            Current::Checkers(g) => g.undo().is_some(),
            Current::Clobber(g) => g.undo().is_some(),
        }
    }

    /// Replays an undone move; false if there was none.
    fn redo(&mut self) -> bool {
        match self {
            Current::Checkers(g) => g.redo().is_some(),
            Current::Clobber(g) => g.redo().is_some(),
        }
    }

    /// The moves' texts, for the move list.
    pub fn move_texts(&self) -> Vec<String> {
        match self {
            Current::Checkers(g) => g
                .positions_and_moves()
                .map(|(p, m)| p.move_text(m))
                .collect(),
            Current::Clobber(g) => g.move_texts(),
        }
    }

    /// True when the side that moves first in this game did not start.
    fn starts_second(&self) -> bool {
        match self {
            Current::Checkers(g) => g.start().side_to_move() != g.variant().rules().first_to_move,
            Current::Clobber(g) => g.start().side_to_move() != Color::Black,
        }
    }

    /// The text of the position after `view` plies (None: now): a FEN, or
    /// Clobber position text.
    pub fn position_text(&self, view: Option<usize>) -> String {
        let ply = view.unwrap_or(self.ply_count());
        match self {
            Current::Checkers(g) => checkers_position_at(g, ply).to_fen(),
            Current::Clobber(g) => g.position_at(ply).to_text(),
        }
    }

    /// The only legal move's full text, when there is exactly one.
    fn only_move_text(&self) -> Option<String> {
        match self {
            Current::Checkers(g) => match g.legal_moves().as_slice() {
                [only] => Some(full_text(only, g.variant().rules())),
                _ => None,
            },
            Current::Clobber(g) => match g.legal_moves().as_slice() {
                [only] => Some(g.position().move_text(only)),
                _ => None,
            },
        }
    }

    /// The game as the worker wants it.
    fn game_text(&self) -> GameText {
        self.game_text_at(self.ply_count())
    }

    /// The game up to `ply` moves, as the worker wants it.
    fn game_text_at(&self, ply: usize) -> GameText {
        let mut saved = storage::SavedGame::of_current(self);
        saved.moves.truncate(ply);
        match self {
            Current::Checkers(_) => GameText::Checkers {
                variant: saved.variant,
                start_fen: saved.start_fen,
                moves: saved.moves,
            },
            Current::Clobber(_) => GameText::Clobber {
                start: saved.start_fen,
                moves: saved.moves,
            },
        }
    }

    /// The rules' name for the rules panel: a variant, or `clobber`.
    fn rules_name(&self) -> &'static str {
        match self {
            Current::Checkers(g) => g.variant().name(),
            Current::Clobber(_) => storage::CLOBBER,
        }
    }
}

/// How long the analysis of one position may think, in milliseconds.
const ANALYSIS_MS: u64 = 60_000;

/// How many moves of the engine's best line are drawn.
const BEST_LINE_MOVES: usize = 3;

/// Worker failures in a row (without an answer between them) after which
/// the AI is given up until the player retries.
const MAX_AI_FAILURES: u32 = 3;

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Runs `f` on the app, if it is up (and not already borrowed).
fn with_app(f: impl FnOnce(&mut App)) {
    APP.with(|cell| {
        if let Ok(mut guard) = cell.try_borrow_mut() {
            if let Some(app) = guard.as_mut() {
                f(app);
            }
        }
    });
}

/// A position being set up in the board editor.
#[derive(Clone, Copy)]
enum Editing {
    /// A checkers position (always one the engine accepts).
    Checkers(Position),
    /// A Clobber position.
    Clobber(ClobberPosition),
}

/// A drag in progress: the piece follows the pointer. `from` is a square's
/// index (checkers) or a cell (Clobber).
struct Drag {
    from: u8,
    at: (f64, f64),
    moved: bool,
}

/// The whole page state.
pub struct App {
    settings: Settings,
    game: Current,
    /// Viewing the position after this many plies (None: the live game).
    view: Option<usize>,
    selection: Selection,
    clobber_selection: ClobberSelection,
    drag: Option<Drag>,
    animation: Option<Animation>,
    /// A redraw is asked for on the next animation frame.
    frame_pending: bool,
    ai: Option<AiClient>,
    /// Id of the request the AI is working on.
    thinking: Option<u32>,
    next_id: u32,
    /// The latest progress of the current request.
    progress: Option<Progress>,
    /// "Move now" pressed before any iteration finished.
    move_now_pending: bool,
    /// Who searches with what in the current request, for the info panel.
    search_label: String,
    /// Worker failures since the AI last answered.
    ai_failures: u32,
    /// The AI cannot be started (its worker does not load, or keeps
    /// failing): the game waits for the player's retry.
    ai_unavailable: bool,
    /// What the last move was, for the announcement after it.
    announcement: Option<String>,
    /// The move being played is the only legal one, played automatically.
    auto_played: bool,
    /// The keyboard's cursor on the board: screen column and row.
    cursor: (usize, usize),
    /// Analysis is on: the engine evaluates the position shown.
    analysing: bool,
    /// Id of the analysis request running.
    analysis: Option<u32>,
    /// The analysed position (its ply) and the engine's best line there:
    /// each move's texts and spots (the start, then each landing).
    best_line: (usize, Vec<(String, Vec<u8>)>),
    /// The board editor's position, while it is open.
    editor: Option<Editing>,
    /// The board has the keyboard's focus (the cursor is drawn).
    board_focused: bool,
    seed: u64,
    ui: ui::Ui,
}

#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    let ui = ui::Ui::bind()?;
    let fresh = || Current::Checkers(Game::new(Variant::Tournament));
    // Saved settings the form cannot show (a value none of its choices
    // has) are as corrupt as unreadable ones.
    let restored = ui::load_saved().and_then(|saved| match saved {
        Some((settings, game)) => {
            ui.show_settings(&settings);
            ui.form_shows(&settings).map(|()| Some((settings, game)))
        }
        None => Ok(None),
    });
    let (settings, game, notice) = match restored {
        Ok(Some((settings, game))) => (settings, game, None),
        Ok(None) => (Settings::default(), fresh(), None),
        Err(problem) => (
            Settings::default(),
            fresh(),
            Some(format!(
                "Your saved game could not be restored ({problem}); a new game was started."
            )),
        ),
    };
    let app = App {
        settings,
        game,
        view: None,
        selection: Selection::default(),
        clobber_selection: ClobberSelection::default(),
        drag: None,
        animation: None,
        frame_pending: false,
        ai: None,
        thinking: None,
        next_id: 1,
        progress: None,
        move_now_pending: false,
        search_label: String::new(),
        ai_failures: 0,
        ai_unavailable: false,
        announcement: None,
        auto_played: false,
        cursor: (0, 7),
        board_focused: false,
        analysing: false,
        analysis: None,
        best_line: (0, Vec::new()),
        editor: None,
        seed: entropy_seed(),
        ui,
    };
    APP.with(|cell| *cell.borrow_mut() = Some(app));
    ui::install_handlers()?;
    with_app(|app| {
        app.ui.show_settings(&app.settings);
        if let Some(text) = notice {
            app.ui.notice(&text);
            app.save();
        }
        app.start_ai();
        app.refresh();
        app.after_change();
    });
    Ok(())
}

impl App {
    /// The checkers game, when checkers is played.
    fn checkers(&self) -> Option<&Game> {
        match &self.game {
            Current::Checkers(g) => Some(g),
            Current::Clobber(_) => None,
        }
    }

    /// The Clobber game, when Clobber is played.
    fn clobber(&self) -> Option<&ClobberGame> {
        match &self.game {
            Current::Clobber(g) => Some(g),
            Current::Checkers(_) => None,
        }
    }

    /// The checkers position on the board (live or a viewed past one).
    fn shown_position(&self, game: &Game) -> Position {
        match self.view {
            Some(ply) => checkers_position_at(game, ply),
            None => *game.position(),
        }
    }

    fn is_ai_turn(&self) -> bool {
        if self.game.is_over() || self.editor.is_some() {
            return false;
        }
        let side = self.game.side_to_move();
        match self.settings.mode {
            Mode::HumanVsAi { human_white } => (side == Color::White) != human_white,
            Mode::HumanVsHuman => false,
            Mode::AiVsAi => true,
        }
    }

    fn human_may_move(&self) -> bool {
        self.view.is_none() && !self.game.is_over() && !self.is_ai_turn()
    }

    // ----- AI -----

    fn start_ai(&mut self) {
        match AiClient::start(deliver) {
            Ok(client) => self.ai = Some(client),
            Err(e) => self.ai_gone(&e),
        }
    }

    /// The AI cannot run: say so, keep the game and offer a retry.
    fn ai_gone(&mut self, why: &str) {
        if let Some(client) = self.ai.take() {
            client.terminate();
        }
        self.ai_unavailable = true;
        self.thinking = None;
        self.move_now_pending = false;
        self.ui.notice(&format!(
            "The AI is unavailable ({why}). Your game is kept: press \"Retry the AI\" to try again."
        ));
        self.ui.show_retry(true);
        self.refresh_status();
    }

    /// The player asks for the AI again after it was unavailable.
    fn retry_ai(&mut self) {
        self.ai_unavailable = false;
        self.ai_failures = 0;
        self.ui.show_retry(false);
        self.ui.clear_notice();
        self.restart_ai();
        if !self.ai_unavailable {
            self.after_change();
        }
    }

    fn restart_ai(&mut self) {
        if let Some(client) = self.ai.take() {
            client.terminate();
        }
        self.start_ai();
    }

    /// Cancels a search in progress (its answer will be ignored).
    fn cancel_thinking(&mut self) {
        if self.thinking.take().is_some() {
            self.restart_ai();
        }
        self.move_now_pending = false;
    }

    /// What the side to move searches with: the level, or in the lab its
    /// own algorithm, depth and heuristic.
    fn engine_settings(&self) -> EngineSettings {
        if self.settings.lab {
            let clobber = matches!(self.game, Current::Clobber(_));
            let lab = self.settings.lab_side(self.game.side_to_move(), clobber);
            EngineSettings::Lab {
                algorithm: lab.algorithm.to_string(),
                eval: lab.eval.to_string(),
                depth: (lab.depth > 0).then_some(lab.depth),
            }
        } else {
            EngineSettings::Level {
                level: self.settings.level,
                seed: self.seed ^ self.game.ply_count() as u64,
            }
        }
    }

    fn ask_ai(&mut self) {
        self.stop_analysis();
        let id = self.next_id;
        self.next_id += 1;
        self.thinking = Some(id);
        self.progress = None;
        let settings = self.engine_settings();
        let clobber = matches!(self.game, Current::Clobber(_));
        self.search_label = search_label(self.game.side_to_move(), &settings, clobber);
        let request = Request::Think {
            id,
            game: self.game.game_text(),
            settings,
            time_ms: self.settings.time_ms,
        };
        if self.ai_unavailable {
            self.thinking = None;
            self.ui.notice(
                "The AI is unavailable. Your game is kept: press \"Retry the AI\" to try again.",
            );
            self.refresh_status();
            return;
        }
        if self.ai.is_none() {
            self.start_ai();
        }
        if let Some(ai) = self.ai.as_mut() {
            ai.send(request);
        }
        self.refresh_status();
    }

    fn on_ai_event(&mut self, event: Event) {
        match event {
            Event::Answer(Response::Ready) => {
                if let Some(ai) = self.ai.as_mut() {
                    ai.mark_ready();
                }
            }
            Event::Answer(Response::Info { id, progress }) if Some(id) == self.thinking => {
                self.ui.show_progress(&self.search_label, &progress);
                self.progress = Some(progress);
                if self.move_now_pending {
                    self.move_now();
                }
            }
            Event::Answer(Response::Done { id, progress }) if Some(id) == self.thinking => {
                self.thinking = None;
                self.ai_failures = 0;
                self.ui.show_progress(&self.search_label, &progress);
                self.play_ai_move(progress.best_move.as_deref());
            }
            Event::Answer(Response::Info { id, progress } | Response::Done { id, progress })
                if Some(id) == self.analysis =>
            {
                self.analysed(progress)
            }
            Event::Answer(Response::Error { id, .. }) if Some(id) == self.analysis => {
                self.analysis = None;
            }
            Event::Answer(Response::Error { id, message })
                if Some(id) == self.thinking || id == 0 =>
            {
                self.thinking = None;
                self.ui.notice(&format!("The AI could not move: {message}"));
                self.refresh_status();
            }
            Event::Answer(_) => {}
            Event::Failed(message) => {
                // A worker that never loaded will not load the next time
                // either; one that keeps crashing is no better.
                let loaded = self.ai.as_ref().is_some_and(AiClient::is_ready);
                self.ai_failures += 1;
                if !loaded || self.ai_failures >= MAX_AI_FAILURES {
                    self.ai_gone(&message);
                    return;
                }
                self.ui.notice(&format!(
                    "The AI stopped unexpectedly ({message}); it was restarted and the game goes on."
                ));
                self.restart_ai();
                self.analysis = None;
                if self.thinking.take().is_some() {
                    self.after_change();
                }
            }
        }
    }

    fn play_ai_move(&mut self, text: Option<&str>) {
        let Some(text) = text else {
            return;
        };
        if let Err(e) = self.play_text(text) {
            self.ui.notice(&format!("The AI suggested a bad move: {e}"));
        }
    }

    /// Reads a move text with the engine and plays it.
    fn play_text(&mut self, text: &str) -> Result<(), String> {
        match &self.game {
            Current::Checkers(g) => {
                let mv = g.position().parse_move(text).map_err(|e| e.to_string())?;
                self.play(mv);
            }
            Current::Clobber(g) => {
                let mv = g.position().parse_move(text).map_err(|e| e.to_string())?;
                self.play_clobber(mv);
            }
        }
        Ok(())
    }

    /// Plays the best move found so far and stops the search.
    fn move_now(&mut self) {
        if self.thinking.is_none() {
            return;
        }
        let best = self.progress.as_ref().and_then(|p| p.best_move.clone());
        match best {
            Some(text) => {
                self.thinking = None;
                self.move_now_pending = false;
                self.restart_ai();
                self.play_ai_move(Some(&text));
            }
            None => self.move_now_pending = true,
        }
    }

    // ----- analysis -----

    /// Turns the analysis on or off.
    fn set_analysing(&mut self, on: bool) {
        self.analysing = on;
        self.update_analysis();
        self.refresh();
    }

    /// Stops the analysis running (a search cannot be interrupted otherwise).
    fn stop_analysis(&mut self) {
        if self.analysis.take().is_some() {
            self.restart_ai();
        }
    }

    /// Starts the engine on the position shown, when the analysis is on and
    /// the AI is not thinking about its own move; forgets the old line.
    fn update_analysis(&mut self) {
        self.stop_analysis();
        let ply = self.view.unwrap_or(self.game.ply_count());
        self.best_line = (ply, Vec::new());
        self.ui.show_evaluation(None);
        let over = self.view.is_none() && self.game.is_over();
        if !self.analysing || self.thinking.is_some() || self.ai_unavailable || over {
            return;
        }
        let id = self.next_id;
        self.next_id += 1;
        self.analysis = Some(id);
        let side = self.side_at(ply);
        self.search_label = format!("Analysis: {} to move", capitalise(side.name()));
        let request = Request::Think {
            id,
            game: self.game.game_text_at(ply),
            settings: EngineSettings::Level {
                level: 8,
                seed: self.seed,
            },
            time_ms: ANALYSIS_MS,
        };
        if self.ai.is_none() {
            self.start_ai();
        }
        if let Some(ai) = self.ai.as_mut() {
            ai.send(request);
        }
    }

    /// The side to move after `ply` moves.
    fn side_at(&self, ply: usize) -> Color {
        match &self.game {
            Current::Checkers(g) => checkers_position_at(g, ply).side_to_move(),
            Current::Clobber(g) => g.position_at(ply).side_to_move(),
        }
    }

    /// An analysis iteration finished: its score on the bar, its best line
    /// (read with the engine from the analysed position) as arrows.
    fn analysed(&mut self, progress: Progress) {
        self.ui.show_progress(&self.search_label, &progress);
        let ply = self.best_line.0;
        let white = if self.side_at(ply) == Color::White {
            1
        } else {
            -1
        };
        self.ui.show_evaluation(Some(progress.score * white));
        let mut line = Vec::new();
        match &self.game {
            Current::Checkers(g) => {
                let mut pos = checkers_position_at(g, ply);
                for text in progress.pv.iter().take(BEST_LINE_MOVES) {
                    let Ok(mv) = pos.parse_move(text) else { break };
                    let spots = std::iter::once(mv.from()).chain(mv.path().iter().copied());
                    line.push((text.clone(), spots.map(|sq| sq.index() as u8).collect()));
                    pos.play(&mv);
                }
            }
            Current::Clobber(g) => {
                let mut pos = *g.position_at(ply);
                for text in progress.pv.iter().take(BEST_LINE_MOVES) {
                    let Ok(mv) = pos.parse_move(text) else { break };
                    line.push((text.clone(), vec![mv.from, mv.to]));
                    pos = pos.after(&mv);
                }
            }
        }
        self.best_line.1 = line;
        self.show_board_label();
        self.draw();
    }

    /// The best line's arrows for the position shown: each move's points in
    /// board units, through `centre` of each spot.
    fn arrows(&self, centre: impl Fn(u8) -> (f64, f64)) -> Vec<Vec<(f64, f64)>> {
        let (ply, line) = &self.best_line;
        if *ply != self.view.unwrap_or(self.game.ply_count()) || self.drag.is_some() {
            return Vec::new();
        }
        line.iter()
            .map(|(_, spots)| spots.iter().map(|&s| centre(s)).collect())
            .collect()
    }

    // ----- board editor -----

    /// Opens the editor on the position shown; the AI waits.
    fn open_editor(&mut self) {
        self.cancel_thinking();
        self.stop_analysis();
        let ply = self.view.unwrap_or(self.game.ply_count());
        self.editor = Some(match &self.game {
            Current::Checkers(g) => Editing::Checkers(checkers_position_at(g, ply)),
            Current::Clobber(g) => Editing::Clobber(*g.position_at(ply)),
        });
        self.selection.clear();
        self.clobber_selection.clear();
        self.set_animation(None);
        self.ui.show_editor(true, self.editor_side());
        self.ui.clear_notice();
        self.refresh();
    }

    /// The side to move in the editor.
    fn editor_side(&self) -> Color {
        match self.editor {
            Some(Editing::Checkers(pos)) => pos.side_to_move(),
            Some(Editing::Clobber(pos)) => pos.side_to_move(),
            None => self.game.side_to_move(),
        }
    }

    /// Changes what stands on `spot`: checkers cycle through empty, white
    /// man, white king, black man, black king, skipping what the engine
    /// refuses (a man on its crowning row, a thirteenth piece); Clobber
    /// through empty, black, white.
    fn edit_spot(&mut self, spot: u8) {
        let edited = match self.editor {
            Some(Editing::Checkers(pos)) => {
                let Some(sq) = Square::from_index(spot) else {
                    return;
                };
                let bit = Bitboard::from_square(sq);
                let base = pos.to_setup();
                let cleared = warcaby::Setup {
                    white: base.white & !bit,
                    black: base.black & !bit,
                    kings: base.kings & !bit,
                    side_to_move: Some(pos.side_to_move()),
                };
                let states = [
                    (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY),
                    (bit, Bitboard::EMPTY, Bitboard::EMPTY),
                    (bit, Bitboard::EMPTY, bit),
                    (Bitboard::EMPTY, bit, Bitboard::EMPTY),
                    (Bitboard::EMPTY, bit, bit),
                ];
                let now = states
                    .iter()
                    .position(|&(w, b, k)| {
                        base.white & bit == w && base.black & bit == b && base.kings & bit == k
                    })
                    .unwrap_or(0);
                (1..=states.len())
                    .map(|step| states[(now + step) % states.len()])
                    .find_map(|(w, b, k)| {
                        let setup = warcaby::Setup {
                            white: cleared.white | w,
                            black: cleared.black | b,
                            kings: cleared.kings | k,
                            ..cleared
                        };
                        Position::from_setup(&setup, pos.variant()).ok()
                    })
                    .map(Editing::Checkers)
            }
            Some(Editing::Clobber(pos)) => {
                let bit = 1u128 << spot;
                let (black, white) = (pos.stones(Color::Black), pos.stones(Color::White));
                let (black, white) = if black & bit != 0 {
                    (black & !bit, white | bit)
                } else if white & bit != 0 {
                    (black, white & !bit)
                } else {
                    (black | bit, white)
                };
                clobber_position(&pos, black, white, pos.side_to_move()).map(Editing::Clobber)
            }
            None => None,
        };
        if edited.is_some() {
            self.editor = edited;
        }
        self.show_board_label();
        self.draw();
    }

    /// Empties the editor's board, or sets the side to move.
    fn edit(&mut self, empty: bool, side: Color) {
        self.editor = match self.editor {
            Some(Editing::Checkers(pos)) => {
                let setup = if empty {
                    warcaby::Setup {
                        white: Bitboard::EMPTY,
                        black: Bitboard::EMPTY,
                        kings: Bitboard::EMPTY,
                        side_to_move: Some(side),
                    }
                } else {
                    warcaby::Setup {
                        side_to_move: Some(side),
                        ..pos.to_setup()
                    }
                };
                Position::from_setup(&setup, pos.variant())
                    .ok()
                    .map(Editing::Checkers)
            }
            Some(Editing::Clobber(pos)) => {
                let (black, white) = if empty {
                    (0, 0)
                } else {
                    (pos.stones(Color::Black), pos.stones(Color::White))
                };
                clobber_position(&pos, black, white, side).map(Editing::Clobber)
            }
            None => None,
        };
        self.refresh();
    }

    /// Closes the editor: plays on from its position (`play`), or goes
    /// back to the game.
    fn close_editor(&mut self, play: bool) {
        let Some(edited) = self.editor.take() else {
            return;
        };
        self.ui.show_editor(false, Color::White);
        if !play {
            self.after_change();
            return;
        }
        self.loaded(match edited {
            Editing::Checkers(pos) => Current::Checkers(Game::from_position(pos)),
            Editing::Clobber(pos) => Current::Clobber(ClobberGame::from_position(pos)),
        });
    }

    // ----- moves -----

    /// Plays a legal move, animates it and lets the next player move.
    fn play(&mut self, mv: Move) {
        let Current::Checkers(game) = &mut self.game else {
            return;
        };
        let before = *game.position();
        let ply = game.ply_count();
        let text = before.move_text(&mv);
        if let Err(e) = game.play(&mv) {
            self.ui.notice(&e.to_string());
            return;
        }
        self.selection.clear();
        self.ui.clear_notice();
        let mut said = format!("{} plays {text}", capitalise(before.side_to_move().name()));
        match mv.capture_count() {
            0 => {}
            1 => said.push_str(", capturing 1 piece"),
            n => said.push_str(&format!(", capturing {n} pieces")),
        }
        if mv.promotes() {
            said.push_str(", and is crowned");
        }
        self.moved(said);
        self.animate(Animation::checkers(&before, &mv, ply, ui::now()));
        self.after_change();
    }

    /// Plays a legal Clobber move, animates it and lets the next player move.
    fn play_clobber(&mut self, mv: ClobberMove) {
        let Current::Clobber(game) = &mut self.game else {
            return;
        };
        let before = *game.position();
        let ply = game.ply_count();
        if let Err(e) = game.play(&mv) {
            self.ui.notice(&e);
            return;
        }
        self.clobber_selection.clear();
        self.ui.clear_notice();
        self.moved(format!(
            "{} plays {}, taking the stone on {}",
            capitalise(before.side_to_move().name()),
            before.move_text(&mv),
            before.shape().name(mv.to as usize)
        ));
        self.animate(Some(Animation::clobber(&before, &mv, ply, ui::now())));
        self.after_change();
    }

    /// A move was played: what to tell screen readers (`said`, the move
    /// and what it took), told with what follows in one announcement.
    fn moved(&mut self, said: String) {
        let auto = if std::mem::take(&mut self.auto_played) {
            "Only legal move, played automatically: "
        } else {
            ""
        };
        self.announcement = Some(format!("{auto}{said}"));
    }

    /// Starts a move's animation, unless animation is off (by the setting
    /// or the system's reduced motion) or an earlier position is shown.
    fn animate(&mut self, animation: Option<Animation>) {
        let wanted = self.settings.animate && !ui::prefers_reduced_motion() && self.view.is_none();
        self.set_animation(animation.filter(|_| wanted));
        if self.animation.is_some() {
            self.request_frame();
        }
    }

    /// Sets (or with None ends) the animation; the canvas's
    /// `data-animating` attribute says whether one runs, and a replaced
    /// animation ends there before the new one starts.
    fn set_animation(&mut self, animation: Option<Animation>) {
        if self.animation.take().is_some() {
            self.ui.set_animating(false);
        }
        if animation.is_some() {
            self.ui.set_animating(true);
        }
        self.animation = animation;
    }

    /// Milliseconds until the running animation ends (0 without one).
    fn animation_left_ms(&self) -> u64 {
        self.animation
            .as_ref()
            .map_or(0.0, |a| a.left_ms(ui::now()))
            .ceil() as u64
    }

    /// After any change of the game: save, redraw, and start whoever is next.
    fn after_change(&mut self) {
        self.save();
        self.refresh();
        // One announcement after a move: the move, then the result or who is next.
        let outcome = self.game.outcome_text();
        let next = match &outcome {
            Some(outcome) => format!("Game over: {outcome}"),
            None => format!("{} to move", capitalise(self.game.side_to_move().name())),
        };
        match self.announcement.take() {
            Some(said) => self.ui.announce(&format!("{said}. {next}.")),
            None if outcome.is_some() => self.ui.announce(&next),
            None => {}
        }
        if outcome.is_some() {
            return;
        }
        if self.view.is_some() || !self.is_ai_turn() {
            self.update_analysis();
        } else {
            self.stop_analysis();
        }
        if self.view.is_some() {
            return;
        }
        // The next move waits for the last one's animation to end.
        let animation_ms = self.animation_left_ms();
        if self.is_ai_turn() {
            if self.thinking.is_none() {
                let pause = match self.settings.mode {
                    Mode::AiVsAi => self.settings.ai_delay_ms,
                    _ => 0,
                };
                ui::later(pause.max(animation_ms) as i32, || {
                    with_app(|app| {
                        if app.is_ai_turn() && app.thinking.is_none() && app.view.is_none() {
                            app.ask_ai();
                        }
                    })
                });
            }
        } else if self.settings.auto_single && matches!(self.settings.mode, Mode::HumanVsAi { .. })
        {
            if let Some(only) = self.game.only_move_text() {
                ui::later(animation_ms.max(400) as i32, move || {
                    with_app(|app| {
                        if app.human_may_move() && app.game.only_move_text() == Some(only.clone()) {
                            app.auto_played = true;
                            let _ = app.play_text(&only);
                            app.auto_played = false;
                        }
                    })
                });
            }
        }
    }

    fn save(&self) {
        ui::save(&storage::encode(&self.settings, &self.game));
    }

    // ----- input -----

    /// True when a click on the board may enter a move; otherwise says why not.
    fn may_click(&mut self) -> bool {
        if self.view.is_some() {
            self.ui.notice(
                "You are looking at an earlier position: press \"Back to the game\" to play on.",
            );
            return false;
        }
        if !self.human_may_move() {
            if !self.game.is_over() {
                self.ui
                    .notice("Wait for the AI to move (or press \"Move now\").");
            }
            return false;
        }
        true
    }

    /// Shows what a click did (with `hint`, what to do next), or plays the
    /// move it completed.
    fn clicked<M>(&mut self, outcome: Outcome<M>, play: fn(&mut App, M), hint: Option<String>) {
        match outcome {
            Outcome::Play(mv) => play(self, mv),
            Outcome::Refused(why) => {
                self.ui.notice(&why);
                self.ui.announce(&why);
                self.draw();
            }
            Outcome::Changed => {
                match hint {
                    Some(hint) => {
                        self.ui.notice(&hint);
                        self.ui.announce(&hint);
                    }
                    None => self.ui.clear_notice(),
                }
                self.show_board_label();
                self.draw();
            }
            Outcome::None => {}
        }
    }

    fn click_square(&mut self, sq: Square) {
        if !self.may_click() {
            return;
        }
        let Some(game) = self.checkers() else {
            return;
        };
        let pos = *game.position();
        let legal = pos.legal_moves();
        let outcome = self.selection.click(&pos, &legal, sq);
        let hint = self.selection.hint(&legal, pos.rules().notation);
        self.clicked(outcome, App::play, hint);
    }

    fn click_cell(&mut self, cell: u8) {
        if !self.may_click() {
            return;
        }
        let Some(game) = self.clobber() else {
            return;
        };
        let pos = *game.position();
        let legal = pos.legal_moves();
        let outcome = self.clobber_selection.click(&pos, &legal, cell);
        self.clicked(outcome, App::play_clobber, None);
    }

    /// The square index (checkers) or cell (Clobber) under a canvas point.
    fn spot_at(&self, x: f64, y: f64) -> Option<u8> {
        match &self.game {
            Current::Checkers(_) => self.board().square_at(x, y).map(|s| s.index() as u8),
            Current::Clobber(g) => self.grid(g.position()).cell_at(x, y),
        }
    }

    /// A canvas point in board units (cells).
    fn units(&self, x: f64, y: f64) -> (f64, f64) {
        match &self.game {
            Current::Checkers(_) => {
                let c = self.board().cell();
                (x / c, y / c)
            }
            Current::Clobber(g) => self.grid(g.position()).to_units(x, y),
        }
    }

    fn click_spot(&mut self, spot: u8) {
        if self.editor.is_some() {
            self.edit_spot(spot);
            return;
        }
        match &self.game {
            Current::Checkers(_) => {
                if let Some(sq) = Square::from_index(spot) {
                    self.click_square(sq);
                }
            }
            Current::Clobber(_) => self.click_cell(spot),
        }
    }

    /// The selected piece's spot, if any.
    fn selected_spot(&self) -> Option<u8> {
        match &self.game {
            Current::Checkers(_) => self.selection.from().map(|s| s.index() as u8),
            Current::Clobber(_) => self.clobber_selection.from(),
        }
    }

    fn pointer_down(&mut self, x: f64, y: f64) {
        let Some(spot) = self.spot_at(x, y) else {
            return;
        };
        let own = self.human_may_move()
            && self.editor.is_none()
            && match &self.game {
                Current::Checkers(g) => {
                    let pos = g.position();
                    Square::from_index(spot).is_some_and(|sq| {
                        pos.pieces(pos.side_to_move()).contains(sq)
                            && self.selection.entered().is_empty()
                    })
                }
                Current::Clobber(g) => {
                    let pos = g.position();
                    pos.stones(pos.side_to_move()) & (1u128 << spot) != 0
                }
            };
        if own {
            self.drag = Some(Drag {
                from: spot,
                at: self.units(x, y),
                moved: false,
            });
        }
        self.click_spot(spot);
    }

    fn pointer_move(&mut self, x: f64, y: f64) {
        let (nx, ny) = self.units(x, y);
        if let Some(drag) = self.drag.as_mut() {
            if (nx - drag.at.0).abs() + (ny - drag.at.1).abs() > 0.1 {
                drag.moved = true;
            }
            drag.at = (nx, ny);
            self.draw();
        }
    }

    fn pointer_up(&mut self, x: f64, y: f64) {
        let Some(drag) = self.drag.take() else {
            return;
        };
        if !drag.moved {
            self.draw();
            return;
        }
        match self.spot_at(x, y) {
            Some(spot) if spot != drag.from => {
                if self.selected_spot() != Some(drag.from) {
                    // The click on pointer-down toggled the selection off: select again.
                    self.click_spot(drag.from);
                }
                self.click_spot(spot);
            }
            _ => self.draw(),
        }
    }

    // ----- keyboard -----

    /// The board's size on screen: columns and rows.
    fn screen_size(&self) -> (usize, usize) {
        match &self.game {
            Current::Checkers(_) => (8, 8),
            Current::Clobber(g) => {
                let shape = g.position().shape();
                (shape.cols(), shape.rows())
            }
        }
    }

    /// The cursor, kept on the board (whose size may have changed).
    fn cursor(&self) -> (usize, usize) {
        let (cols, rows) = self.screen_size();
        (self.cursor.0.min(cols - 1), self.cursor.1.min(rows - 1))
    }

    /// The cursor to draw: only while the board has the keyboard's focus.
    fn drawn_cursor(&self) -> Option<(usize, usize)> {
        self.board_focused.then(|| self.cursor())
    }

    /// The square index (checkers) or cell (Clobber) under the cursor.
    fn spot_under_cursor(&self) -> Option<u8> {
        let (col, row) = self.cursor();
        match &self.game {
            Current::Checkers(_) => self
                .board()
                .square_on_screen(col, row)
                .map(|s| s.index() as u8),
            Current::Clobber(g) => self.grid(g.position()).cell_on_screen(col, row),
        }
    }

    /// The board got or lost the keyboard's focus.
    fn board_focus(&mut self, focused: bool) {
        self.board_focused = focused;
        self.show_board_label();
        self.draw();
    }

    /// A key on the focused board: the arrows move the cursor, Enter or
    /// Space clicks the square under it (a capture chain hop by hop),
    /// Escape drops the selection. False for other keys.
    fn board_key(&mut self, key: &str) -> bool {
        let (cols, rows) = self.screen_size();
        let (col, row) = self.cursor();
        match key {
            "ArrowLeft" => self.cursor = (col.saturating_sub(1), row),
            "ArrowRight" => self.cursor = ((col + 1).min(cols - 1), row),
            "ArrowUp" => self.cursor = (col, row.saturating_sub(1)),
            "ArrowDown" => self.cursor = (col, (row + 1).min(rows - 1)),
            "Enter" | " " => {
                if let Some(spot) = self.spot_under_cursor() {
                    self.click_spot(spot);
                }
            }
            "Escape" => {
                self.selection.clear();
                self.clobber_selection.clear();
                self.ui.clear_notice();
            }
            _ => return false,
        }
        self.show_board_label();
        self.draw();
        true
    }

    /// Gives the board its accessible name: the game, who is to move (or
    /// the result), the selection, every piece, and the cursor's square.
    fn show_board_label(&self) {
        let state = if self.editor.is_some() {
            format!(
                "Editing, {} to move.",
                capitalise(self.editor_side().name())
            )
        } else if let Some(ply) = self.view {
            format!("Showing the position after move {ply}.")
        } else if let Some(outcome) = self.game.outcome_text() {
            format!("Game over: {outcome}.")
        } else {
            format!("{} to move.", capitalise(self.game.side_to_move().name()))
        };
        let cursor = self.spot_under_cursor();
        let (board, selected, pieces, under) = match &self.game {
            Current::Checkers(game) => {
                let pos = match self.editor {
                    Some(Editing::Checkers(pos)) => pos,
                    _ => self.shown_position(game),
                };
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
                (
                    format!(
                        "Checkers board, {} rules.",
                        capitalise(game.variant().name())
                    ),
                    self.selection.from().map(name),
                    pieces.join(". "),
                    under,
                )
            }
            Current::Clobber(game) => {
                let pos = match &self.editor {
                    Some(Editing::Clobber(pos)) => pos,
                    _ => game.position_at(self.view.unwrap_or(game.ply_count())),
                };
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
                (
                    format!(
                        "Clobber board, {} rows by {} columns.",
                        shape.rows(),
                        shape.cols()
                    ),
                    self.clobber_selection
                        .from()
                        .map(|c| shape.name(c as usize)),
                    format!("{}. {}", cells(Color::Black), cells(Color::White)),
                    under,
                )
            }
        };
        let mut label = format!("{board} {state} {pieces}.");
        if let Some(selected) = selected {
            label.push_str(&format!(" Selected: {selected}."));
        }
        let (ply, line) = &self.best_line;
        if self.analysing && !line.is_empty() && *ply == self.view.unwrap_or(self.game.ply_count())
        {
            let texts: Vec<&str> = line.iter().map(|(t, _)| t.as_str()).collect();
            label.push_str(&format!(" Engine's best line: {}.", texts.join(", ")));
        }
        if let (true, Some(under)) = (self.board_focused, under) {
            label.push_str(&format!(" Cursor: {under}."));
        }
        self.ui.board_label(&label);
    }

    fn typed_move(&mut self, text: &str) -> bool {
        if !self.human_may_move() {
            self.ui.notice("It is not your turn.");
            return false;
        }
        match self.play_text(text) {
            Ok(()) => true,
            Err(e) => {
                self.ui.notice(&e);
                self.ui.announce(&e);
                false
            }
        }
    }

    // ----- commands -----

    fn new_game(&mut self) {
        self.cancel_thinking();
        let (game, name) = if self.settings.game == storage::CLOBBER {
            let (rows, cols) = (self.settings.rows as usize, self.settings.cols as usize);
            let game = ClobberGame::new(rows, cols)
                .or_else(|_| ClobberGame::new(6, 5))
                .expect("the default board");
            (Current::Clobber(game), format!("{rows}x{cols} Clobber"))
        } else {
            let variant: Variant = self.settings.variant.parse().unwrap_or_default();
            (Current::Checkers(Game::new(variant)), variant.to_string())
        };
        self.game = game;
        self.view = None;
        self.selection.clear();
        self.clobber_selection.clear();
        self.set_animation(None);
        self.seed = entropy_seed();
        self.ui.clear_progress();
        self.ui.clear_notice();
        self.ui.announce(&format!("New {name} game"));
        self.after_change();
    }

    fn undo(&mut self) {
        self.cancel_thinking();
        self.view = None;
        self.selection.clear();
        self.clobber_selection.clear();
        self.set_animation(None);
        let mut undone = 0;
        while self.game.undo() {
            undone += 1;
            // Against the AI, go back to the human's turn.
            if !self.is_ai_turn() || matches!(self.settings.mode, Mode::AiVsAi) {
                break;
            }
        }
        if undone == 0 {
            self.ui.notice("Nothing to undo.");
        }
        self.after_change();
    }

    fn redo(&mut self) {
        self.cancel_thinking();
        self.view = None;
        self.selection.clear();
        self.clobber_selection.clear();
        self.set_animation(None);
        if !self.game.redo() {
            self.ui.notice("Nothing to redo.");
        }
        while self.is_ai_turn() && !matches!(self.settings.mode, Mode::AiVsAi) && self.game.redo() {
        }
        self.after_change();
    }

    fn import(&mut self, text: &str) {
        let text = text.trim();
        if self.clobber().is_some() {
            self.import_clobber(text);
            return;
        }
        if text.is_empty() {
            self.ui
                .notice("Paste a FEN (like W:W21-32:B1-12) or a PDN game first.");
            return;
        }
        let variant: Variant = self.settings.variant.parse().unwrap_or_default();
        let looks_like_fen = !text.contains('[') && !text.contains('.') && text.contains(':')
            || text.starts_with("[FEN");
        let result = if looks_like_fen {
            Position::from_fen(text, variant)
                .map(Game::from_position)
                .map_err(|e| e.to_string())
        } else {
            pdn::read_game(text, variant)
                .map(|p| p.game)
                .map_err(|e| e.to_string())
        };
        match result {
            Ok(game) => {
                let switched = game.variant() != variant;
                self.settings.variant = game.variant().name().to_string();
                self.loaded(Current::Checkers(game));
                if switched {
                    let rules = ui::option_label("variant", &self.settings.variant);
                    self.ui.notice(&format!(
                        "This game is played by other rules (its PDN GameType): the rules were switched to {rules}."
                    ));
                }
            }
            Err(e) => self
                .ui
                .notice(&format!("Not loaded — {e}. The current game is unchanged.")),
        }
    }

    /// Loads a Clobber position text (FEN and PDN are for checkers only).
    fn import_clobber(&mut self, text: &str) {
        if text.is_empty() {
            self.ui
                .notice("Paste a Clobber position first, like WBWB/BWBW/WBWB/BWBW:B.");
            return;
        }
        match ClobberPosition::parse(text) {
            Ok(pos) => {
                self.settings.rows = pos.shape().rows() as u8;
                self.settings.cols = pos.shape().cols() as u8;
                self.loaded(Current::Clobber(ClobberGame::from_position(pos)));
            }
            Err(e) => self
                .ui
                .notice(&format!("Not loaded — {e}. The current game is unchanged.")),
        }
    }

    /// Plays on from an imported game.
    fn loaded(&mut self, game: Current) {
        self.cancel_thinking();
        self.game = game;
        self.view = None;
        self.selection.clear();
        self.clobber_selection.clear();
        self.set_animation(None);
        self.ui.show_settings(&self.settings);
        self.ui.clear_notice();
        self.ui.announce("Position loaded");
        self.after_change();
    }

    /// The game as PDN (checkers only).
    fn pdn_text(&self) -> Option<String> {
        let mut pdn = PdnGame::new(self.checkers()?.clone());
        pdn.set_tag("Event", "Warcaby game");
        let (white, black) = match self.settings.mode {
            Mode::HumanVsAi { human_white: true } => ("Human", "Warcaby AI"),
            Mode::HumanVsAi { human_white: false } => ("Warcaby AI", "Human"),
            Mode::HumanVsHuman => ("Human", "Human"),
            Mode::AiVsAi => ("Warcaby AI", "Warcaby AI"),
        };
        pdn.set_tag("White", white);
        pdn.set_tag("Black", black);
        pdn.set_tag("Date", &ui::today());
        Some(pdn.to_pdn())
    }

    /// Steps through the game's positions (the arrow keys of the move list).
    fn step_view(&mut self, step: ui::Step) {
        let count = self.game.ply_count();
        let now = self.view.unwrap_or(count);
        let next = match step {
            ui::Step::Back => now.saturating_sub(1),
            ui::Step::Forward => (now + 1).min(count),
            ui::Step::Start => 0,
            ui::Step::End => count,
        };
        if next != now {
            self.view_ply(Some(next));
        }
    }

    fn view_ply(&mut self, ply: Option<usize>) {
        let was_viewing = self.view.is_some();
        self.view = ply.filter(|&p| p < self.game.ply_count());
        self.selection.clear();
        self.clobber_selection.clear();
        self.set_animation(None);
        if was_viewing && self.view.is_none() {
            // Back to the game: whoever waited while a past position was
            // shown (the AI, an automatic single move) goes on.
            self.after_change();
        } else {
            self.refresh();
            self.update_analysis();
        }
    }

    /// Applies a settings change made in the page.
    fn settings_changed(&mut self, new: Settings) {
        let clobber = new.game == storage::CLOBBER;
        let variant_changed = new.game != self.settings.game
            || if clobber {
                (new.rows, new.cols) != (self.settings.rows, self.settings.cols)
            } else {
                new.variant != self.settings.variant
            };
        let players_changed = new.mode != self.settings.mode;
        let engine_changed = new.level != self.settings.level
            || new.lab != self.settings.lab
            || new.time_ms != self.settings.time_ms
            || [Color::Black, Color::White]
                .into_iter()
                .any(|side| new.lab_side(side, clobber) != self.settings.lab_side(side, clobber));
        self.settings = new;
        if variant_changed {
            self.ui.show_settings(&self.settings);
            self.new_game();
            return;
        }
        if players_changed || engine_changed {
            self.cancel_thinking();
            // Checkers puts the human's men at the bottom; a Clobber board
            // has no sides, so it stays as it is.
            if let (Mode::HumanVsAi { human_white }, Current::Checkers(_)) =
                (self.settings.mode, &self.game)
            {
                self.settings.flipped = !human_white;
                self.ui.show_settings(&self.settings);
            }
            self.after_change();
            return;
        }
        self.save();
        self.refresh();
    }

    // ----- drawing -----

    fn board(&self) -> Board {
        Board {
            size: self.ui.board_size(),
            flipped: self.settings.flipped,
            coordinates: self.settings.coordinates,
        }
    }

    fn grid(&self, pos: &ClobberPosition) -> Grid {
        Grid {
            size: self.ui.board_size(),
            rows: pos.shape().rows(),
            cols: pos.shape().cols(),
            flipped: self.settings.flipped,
            coordinates: self.settings.coordinates,
        }
    }

    fn clobber_marks(&self, game: &ClobberGame, pos: &ClobberPosition) -> ClobberMarks {
        let ply = self.view.unwrap_or(game.ply_count());
        let mut marks = ClobberMarks {
            last_move: ply
                .checked_sub(1)
                .and_then(|i| game.moves().get(i))
                .map(|m| (m.from, m.to)),
            ..ClobberMarks::default()
        };
        if self.view.is_some() || !self.human_may_move() {
            return marks;
        }
        let legal = pos.legal_moves();
        marks.selected = self.clobber_selection.from();
        marks.targets = self.clobber_selection.targets(&legal);
        if marks.selected.is_none() {
            marks.movable = legal.iter().map(|m| m.from).collect();
            marks.movable.dedup();
        }
        marks
    }

    /// Draws the Clobber board: the animated move over the position before
    /// it, or the shown position with its marks and the dragged stone.
    fn draw_clobber(&self, game: &ClobberGame, animated: Option<(usize, Flying)>) {
        let grid = self.grid(game.position());
        let Some(ctx) = self.ui.context(grid.size) else {
            return;
        };
        if let Some(Editing::Clobber(pos)) = self.editor {
            let marks = ClobberMarks {
                cursor: self.drawn_cursor(),
                ..ClobberMarks::default()
            };
            grid.draw(&ctx, &pos, &marks, None);
            return;
        }
        if let Some((ply, flying)) = animated {
            let marks = ClobberMarks {
                last_move: game.moves().get(ply).map(|m| (m.from, m.to)),
                ..ClobberMarks::default()
            };
            grid.draw(&ctx, game.position_at(ply), &marks, Some(&flying));
            return;
        }
        let pos = *game.position_at(self.view.unwrap_or(game.ply_count()));
        let mut marks = self.clobber_marks(game, &pos);
        marks.cursor = self.drawn_cursor();
        marks.arrows = self.arrows(|cell| grid.centre(cell as usize));
        let flying = self.drag.as_ref().filter(|d| d.moved).and_then(|d| {
            let color = [Color::Black, Color::White]
                .into_iter()
                .find(|&c| pos.stones(c) & animation::bit(d.from) != 0)?;
            Some(Flying {
                from: d.from,
                at: d.at,
                color,
                king: false,
                gone: 0,
            })
        });
        grid.draw(&ctx, &pos, &marks, flying.as_ref());
    }

    fn marks(&self, game: &Game, pos: &Position) -> Marks {
        let mut marks = Marks::default();
        let last = match self.view {
            Some(0) => None,
            Some(ply) => game.moves().nth(ply - 1),
            None => game.moves().last(),
        };
        marks.last_move = last.map(render::path_of);
        if self.view.is_some() || !self.human_may_move() {
            return marks;
        }
        let legal = pos.legal_moves();
        if legal.first().is_some_and(|m| m.is_capture()) {
            marks.must_capture = legal.iter().map(|m| m.from()).collect();
        }
        marks.selected = self.selection.from();
        marks.entered = self.selection.entered().to_vec();
        let candidates = self.selection.candidates(&legal);
        marks.targets = self.selection.next_squares(&legal);
        if candidates.iter().any(|m| m.is_capture()) {
            marks.paths = candidates.iter().map(|m| m.path().to_vec()).collect();
            marks.ghosts = candidates
                .iter()
                .fold(Bitboard::EMPTY, |b, m| b | m.captured());
            // The remaining steps' landing squares are worth showing too.
            for m in &candidates {
                marks.targets |= m.path().iter().copied().collect::<Bitboard>();
            }
        }
        marks.crowns = candidates
            .iter()
            .filter(|m| m.promotes())
            .map(|m| m.to())
            .collect();
        marks
    }

    /// Draws the board, with the animation's next frame if one runs.
    fn draw(&mut self) {
        let animated = self.animation_frame();
        match &self.game {
            Current::Clobber(game) => self.draw_clobber(game, animated),
            Current::Checkers(game) => self.draw_checkers(game, animated),
        }
    }

    /// The running animation's frame: the ply it starts from and the
    /// moving piece. Asks for the next frame, or ends a finished animation.
    fn animation_frame(&mut self) -> Option<(usize, Flying)> {
        let anim = self.animation.as_ref()?;
        let frame = match &self.game {
            Current::Checkers(_) => {
                let board = self.board();
                anim.flying(ui::now(), |spot| {
                    Square::from_index(spot).map_or((0.0, 0.0), |sq| board.centre(sq))
                })
            }
            Current::Clobber(g) => {
                let grid = self.grid(g.position());
                anim.flying(ui::now(), |spot| grid.centre(spot as usize))
            }
        };
        let ply = anim.ply;
        match frame {
            Some(flying) if ply < self.game.ply_count() => {
                self.request_frame();
                Some((ply, flying))
            }
            _ => {
                self.set_animation(None);
                None
            }
        }
    }

    /// Asks for one redraw on the next animation frame (one at a time).
    fn request_frame(&mut self) {
        if !self.frame_pending {
            self.frame_pending = true;
            ui::request_frame();
        }
    }

    /// The animation frame asked for has come: redraw.
    fn on_frame(&mut self) {
        self.frame_pending = false;
        self.draw();
    }

    /// Draws the checkers board: the animated move over the position
    /// before it, or the shown position with its marks and the dragged piece.
    fn draw_checkers(&self, game: &Game, animated: Option<(usize, Flying)>) {
        let board = self.board();
        let Some(ctx) = self.ui.context(board.size) else {
            return;
        };
        if let Some(Editing::Checkers(pos)) = self.editor {
            let marks = Marks {
                cursor: self.drawn_cursor(),
                ..Marks::default()
            };
            board.draw(&ctx, &pos, &marks, None);
            return;
        }
        if let Some((ply, flying)) = animated {
            let marks = Marks {
                last_move: game.moves().nth(ply).map(render::path_of),
                ..Marks::default()
            };
            board.draw(
                &ctx,
                &checkers_position_at(game, ply),
                &marks,
                Some(&flying),
            );
            return;
        }
        let pos = self.shown_position(game);
        let mut marks = self.marks(game, &pos);
        marks.cursor = self.drawn_cursor();
        marks.arrows =
            self.arrows(|spot| Square::from_index(spot).map_or((0.0, 0.0), |sq| board.centre(sq)));
        let flying = self.drag.as_ref().filter(|d| d.moved).and_then(|d| {
            let piece = pos.piece_at(Square::from_index(d.from)?)?;
            Some(Flying {
                from: d.from,
                at: d.at,
                color: piece.color,
                king: piece.role == Role::King,
                gone: 0,
            })
        });
        board.draw(&ctx, &pos, &marks, flying.as_ref());
    }

    fn refresh_status(&self) {
        let outcome = self.game.outcome_text();
        let text = if self.editor.is_some() {
            "Editing the position: click a square to change what stands there, then \"Play from here\"."
                .to_string()
        } else if let Some(ply) = self.view {
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
            format!("Viewing {at} of {count}{over}")
        } else if let Some(outcome) = &outcome {
            format!("Game over — {outcome}")
        } else {
            let side = self.game.side_to_move().name();
            if self.is_ai_turn() && self.ai_unavailable {
                format!("{} (AI) to move — the AI is unavailable", capitalise(side))
            } else if self.is_ai_turn() {
                format!("{} (AI) is thinking…", capitalise(side))
            } else {
                let must = self
                    .checkers()
                    .and_then(|g| g.legal_moves().first().map(|m| m.is_capture()))
                    .unwrap_or(false);
                format!(
                    "{} to move{}",
                    capitalise(side),
                    if must {
                        " — a capture is mandatory"
                    } else {
                        ""
                    }
                )
            }
        };
        self.ui.status(&text);
        self.ui
            .show_result(outcome.as_deref().filter(|_| self.view.is_none()));
        self.ui.set_thinking(self.thinking.is_some());
    }

    /// Redraws the board and every panel.
    fn refresh(&mut self) {
        self.refresh_status();
        self.show_board_label();
        let texts = self.game.move_texts();
        self.ui
            .show_moves(&texts, self.game.starts_second(), self.view);
        self.ui.show_fen(&self.game.position_text(self.view));
        self.ui.show_rules(self.game.rules_name());
        self.ui.show_game(&self.settings.game);
        self.ui.show_lab(self.settings.lab);
        self.draw();
    }
}

/// A Clobber position on `like`'s board with these stones and side to move,
/// if the engine accepts it.
fn clobber_position(
    like: &ClobberPosition,
    black: u128,
    white: u128,
    side: Color,
) -> Option<ClobberPosition> {
    let mut stones = [0; 2];
    stones[Color::Black.index()] = black;
    stones[Color::White.index()] = white;
    ClobberPosition::from_stones(like.shape(), stones, side).ok()
}

/// The position of a checkers game after `ply` moves.
fn checkers_position_at(game: &Game, ply: usize) -> Position {
    let mut pos = *game.start();
    for mv in game.moves().take(ply) {
        pos.play(mv);
    }
    pos
}

/// Who searches with what, for the info panel: like "Black: minimax,
/// depth 2", "White: NegaScout, time only" or "Black: level 4"; in Clobber
/// with the heuristic, like "Black: level 4, heuristic live".
fn search_label(side: Color, settings: &EngineSettings, clobber: bool) -> String {
    let mut how = match settings {
        EngineSettings::Level { level, .. } => format!("level {level}"),
        EngineSettings::Lab {
            algorithm, depth, ..
        } => {
            let name = match algorithm.as_str() {
                "alphabeta" => "alpha-beta",
                "negascout" => "NegaScout",
                other => other,
            };
            match depth {
                Some(d) => format!("{name}, depth {d}"),
                None => format!("{name}, time only"),
            }
        }
    };
    if clobber {
        let heuristic = match settings {
            EngineSettings::Lab { eval, .. } => eval.as_str(),
            EngineSettings::Level { .. } => ClobberEval::default().name(),
        };
        how = format!("{how}, heuristic {heuristic}");
    }
    format!("{}: {how}", capitalise(side.name()))
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Makes the AI worker crash (for the end-to-end tests of the page's
/// recovery; reachable as `window.wasmBindings.debug_crash_ai()`). An idle
/// worker is told to panic. A thinking worker cannot read that message
/// before its search ends, so it fails the way a crashed worker does: an
/// error event on the worker object.
#[wasm_bindgen]
pub fn debug_crash_ai() {
    let mut busy = None;
    with_app(|app| {
        let thinking = app.thinking.is_some();
        if let Some(ai) = app.ai.as_mut() {
            if thinking {
                busy = Some(ai.worker());
            } else {
                ai.send(Request::Panic);
            }
        }
    });
    // Outside `with_app`: the error handler needs the app itself.
    if let Some(worker) = busy {
        ai::raise_error(&worker, "the AI worker crashed on purpose");
    }
}

/// Worker events arrive here.
fn deliver(event: Event) {
    with_app(|app| app.on_ai_event(event));
}

/// The full path of a move, for tests in the page.
pub fn move_text(pos: &Position, mv: &Move) -> String {
    full_text(mv, pos.rules())
}
