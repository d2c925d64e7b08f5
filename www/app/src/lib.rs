//! The Warcaby page: a canvas board with click and drag input, the AI in a
//! web worker, move list, undo/redo, import/export and saved state. All
//! rules come from the engine crate; this crate only shows and asks.

mod ai;
pub mod input;
mod render;
pub mod storage;
mod ui;

use ai::{AiClient, Event};
use input::{Outcome, Selection};
use render::{Board, Flying, Marks};
use std::cell::RefCell;
use storage::{Mode, Settings};
use warcaby::notation::full_text;
use warcaby::pdn::{self, PdnGame};
use warcaby::rng::entropy_seed;
use warcaby::{Bitboard, Color, Game, Move, Position, Square, Variant};
use warcaby_protocol::{EngineSettings, Progress, Request, Response};
use wasm_bindgen::prelude::*;

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

/// A move being animated hop by hop.
struct Animation {
    before: Position,
    mv: Move,
    start_ms: f64,
}

const HOP_MS: f64 = 180.0;

/// A drag in progress: the piece follows the pointer.
struct Drag {
    from: Square,
    at: (f64, f64),
    moved: bool,
}

/// The whole page state.
pub struct App {
    settings: Settings,
    game: Game,
    /// Viewing the position after this many plies (None: the live game).
    view: Option<usize>,
    selection: Selection,
    drag: Option<Drag>,
    animation: Option<Animation>,
    ai: Option<AiClient>,
    /// Id of the request the AI is working on.
    thinking: Option<u32>,
    next_id: u32,
    /// The latest progress of the current request.
    progress: Option<Progress>,
    /// "Move now" pressed before any iteration finished.
    move_now_pending: bool,
    seed: u64,
    ui: ui::Ui,
}

#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    let ui = ui::Ui::bind()?;
    let (settings, game, notice) = match ui::load_saved() {
        Ok(Some((settings, game))) => (settings, game, None),
        Ok(None) => (Settings::default(), Game::new(Variant::Tournament), None),
        Err(problem) => (
            Settings::default(),
            Game::new(Variant::Tournament),
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
        drag: None,
        animation: None,
        ai: None,
        thinking: None,
        next_id: 1,
        progress: None,
        move_now_pending: false,
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
    fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// The position on the board (live or a viewed past one).
    fn shown_position(&self) -> Position {
        match self.view {
            Some(ply) => {
                let mut pos = *self.game.start();
                for mv in self.game.moves().take(ply) {
                    pos.play(mv);
                }
                pos
            }
            None => *self.game.position(),
        }
    }

    fn is_ai_turn(&self) -> bool {
        if self.game.outcome().is_some() {
            return false;
        }
        let side = self.game.position().side_to_move();
        match self.settings.mode {
            Mode::HumanVsAi { human_white } => (side == Color::White) != human_white,
            Mode::HumanVsHuman => false,
            Mode::AiVsAi => true,
        }
    }

    fn human_may_move(&self) -> bool {
        self.view.is_none() && self.game.outcome().is_none() && !self.is_ai_turn()
    }

    // ----- AI -----

    fn start_ai(&mut self) {
        match AiClient::start(deliver) {
            Ok(client) => self.ai = Some(client),
            Err(e) => self.ui.notice(&e),
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

    fn engine_settings(&self) -> EngineSettings {
        if self.settings.lab {
            EngineSettings::Lab {
                algorithm: self.settings.algorithm.clone(),
                eval: self.settings.eval.clone(),
                depth: (self.settings.depth > 0).then_some(self.settings.depth),
            }
        } else {
            EngineSettings::Level {
                level: self.settings.level,
                seed: self.seed ^ self.game.ply_count() as u64,
            }
        }
    }

    fn ask_ai(&mut self) {
        let id = self.next_id;
        self.next_id += 1;
        self.thinking = Some(id);
        self.progress = None;
        let saved = storage::SavedGame::of(&self.game);
        let request = Request::Think {
            id,
            variant: saved.variant,
            start_fen: saved.start_fen,
            moves: saved.moves,
            settings: self.engine_settings(),
            time_ms: self.settings.time_ms,
        };
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
                self.ui.show_progress(&progress);
                self.progress = Some(progress);
                if self.move_now_pending {
                    self.move_now();
                }
            }
            Event::Answer(Response::Done { id, progress }) if Some(id) == self.thinking => {
                self.thinking = None;
                self.ui.show_progress(&progress);
                self.play_ai_move(progress.best_move.as_deref());
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
                self.ui.notice(&format!(
                    "The AI stopped unexpectedly ({message}); it was restarted and the game goes on."
                ));
                self.restart_ai();
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
        match self.game.position().parse_move(text) {
            Ok(mv) => self.play(mv),
            Err(e) => self.ui.notice(&format!("The AI suggested a bad move: {e}")),
        }
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

    // ----- moves -----

    /// Plays a legal move, animates it and lets the next player move.
    fn play(&mut self, mv: Move) {
        let before = *self.game.position();
        let text = before.move_text(&mv);
        if let Err(e) = self.game.play(&mv) {
            self.ui.notice(&e.to_string());
            return;
        }
        self.selection.clear();
        self.ui.clear_notice();
        self.ui
            .announce(&format!("{} plays {text}", before.side_to_move().name()));
        if self.settings.animate && !ui::prefers_reduced_motion() {
            self.animation = Some(Animation {
                before,
                mv,
                start_ms: ui::now(),
            });
            ui::request_frame();
        }
        self.after_change();
    }

    /// After any change of the game: save, redraw, and start whoever is next.
    fn after_change(&mut self) {
        self.save();
        self.refresh();
        if let Some(outcome) = self.game.outcome() {
            self.ui.announce(&format!("Game over: {outcome}"));
            return;
        }
        if self.view.is_some() {
            return;
        }
        if self.is_ai_turn() {
            if self.thinking.is_none() {
                let delay = match self.settings.mode {
                    Mode::AiVsAi => {
                        self.settings
                            .ai_delay_ms
                            .max(if self.settings.animate { 200 } else { 0 })
                    }
                    _ => 0,
                };
                ui::later(delay as i32, || {
                    with_app(|app| {
                        if app.is_ai_turn() && app.thinking.is_none() && app.view.is_none() {
                            app.ask_ai();
                        }
                    })
                });
            }
        } else if self.settings.auto_single && matches!(self.settings.mode, Mode::HumanVsAi { .. })
        {
            let legal = self.game.legal_moves();
            if legal.len() == 1 {
                let only = legal[0];
                ui::later(400, move || {
                    with_app(|app| {
                        if app.human_may_move() && app.game.legal_moves() == [only] {
                            app.ui.announce("Only one legal move: played automatically");
                            app.play(only);
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

    fn click_square(&mut self, sq: Square) {
        if self.view.is_some() {
            self.ui.notice(
                "You are looking at an earlier position: press \"Back to the game\" to play on.",
            );
            return;
        }
        if !self.human_may_move() {
            if self.game.outcome().is_none() {
                self.ui
                    .notice("Wait for the AI to move (or press \"Move now\").");
            }
            return;
        }
        let pos = *self.game.position();
        let legal = pos.legal_moves();
        match self.selection.click(&pos, &legal, sq) {
            Outcome::Play(mv) => self.play(mv),
            Outcome::Refused(why) => {
                self.ui.notice(&why);
                self.ui.announce(&why);
                self.draw();
            }
            Outcome::Changed => {
                self.ui.clear_notice();
                self.draw();
            }
            Outcome::None => {}
        }
    }

    fn pointer_down(&mut self, x: f64, y: f64) {
        let board = self.board();
        let Some(sq) = board.square_at(x, y) else {
            return;
        };
        let own = self.human_may_move()
            && self
                .game
                .position()
                .pieces(self.game.position().side_to_move())
                .contains(sq);
        if own && self.selection.entered().is_empty() {
            let c = board.cell();
            self.drag = Some(Drag {
                from: sq,
                at: (x / c, y / c),
                moved: false,
            });
        }
        self.click_square(sq);
    }

    fn pointer_move(&mut self, x: f64, y: f64) {
        let c = self.board().cell();
        if let Some(drag) = self.drag.as_mut() {
            let (nx, ny) = (x / c, y / c);
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
        match self.board().square_at(x, y) {
            Some(sq) if sq != drag.from => {
                if self.selection.from() != Some(drag.from) {
                    // The click on pointer-down toggled the selection off: select again.
                    self.click_square(drag.from);
                }
                self.click_square(sq);
            }
            _ => self.draw(),
        }
    }

    fn typed_move(&mut self, text: &str) -> bool {
        if !self.human_may_move() {
            self.ui.notice("It is not your turn.");
            return false;
        }
        match self.game.position().parse_move(text) {
            Ok(mv) => {
                self.play(mv);
                true
            }
            Err(e) => {
                self.ui.notice(&e.to_string());
                self.ui.announce(&e.to_string());
                false
            }
        }
    }

    // ----- commands -----

    fn new_game(&mut self) {
        self.cancel_thinking();
        let variant: Variant = self.settings.variant.parse().unwrap_or_default();
        self.game = Game::new(variant);
        self.view = None;
        self.selection.clear();
        self.animation = None;
        self.seed = entropy_seed();
        self.ui.clear_progress();
        self.ui.clear_notice();
        self.ui.announce(&format!("New {variant} game"));
        self.after_change();
    }

    fn undo(&mut self) {
        self.cancel_thinking();
        self.view = None;
        self.selection.clear();
        self.animation = None;
        let mut undone = 0;
        while self.game.undo().is_some() {
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
        if self.game.redo().is_none() {
            self.ui.notice("Nothing to redo.");
        }
        while self.is_ai_turn()
            && !matches!(self.settings.mode, Mode::AiVsAi)
            && self.game.redo().is_some()
        {}
        self.after_change();
    }

    fn import(&mut self, text: &str) {
        let text = text.trim();
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
                self.cancel_thinking();
                self.settings.variant = game.variant().name().to_string();
                self.game = game;
                self.view = None;
                self.selection.clear();
                self.ui.show_settings(&self.settings);
                self.ui.clear_notice();
                self.ui.announce("Position loaded");
                self.after_change();
            }
            Err(e) => self
                .ui
                .notice(&format!("Not loaded — {e}. The current game is unchanged.")),
        }
    }

    fn pdn_text(&self) -> String {
        let mut pdn = PdnGame::new(self.game.clone());
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
        pdn.to_pdn()
    }

    fn view_ply(&mut self, ply: Option<usize>) {
        let was_viewing = self.view.is_some();
        self.view = ply.filter(|&p| p < self.game.ply_count());
        self.selection.clear();
        if was_viewing && self.view.is_none() {
            // Back to the game: whoever waited while a past position was
            // shown (the AI, an automatic single move) goes on.
            self.after_change();
        } else {
            self.refresh();
        }
    }

    /// Applies a settings change made in the page.
    fn settings_changed(&mut self, new: Settings) {
        let variant_changed = new.variant != self.settings.variant;
        let players_changed = new.mode != self.settings.mode;
        let engine_changed = new.level != self.settings.level
            || new.lab != self.settings.lab
            || new.algorithm != self.settings.algorithm
            || new.eval != self.settings.eval
            || new.depth != self.settings.depth
            || new.time_ms != self.settings.time_ms;
        self.settings = new;
        if variant_changed {
            self.new_game();
            return;
        }
        if players_changed || engine_changed {
            self.cancel_thinking();
            if let Mode::HumanVsAi { human_white } = self.settings.mode {
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

    fn marks(&self, pos: &Position) -> Marks {
        let mut marks = Marks::default();
        let last = match self.view {
            Some(0) => None,
            Some(ply) => self.game.moves().nth(ply - 1),
            None => self.game.moves().last(),
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

    /// Draws the board (with the animation frame, if one runs).
    fn draw(&mut self) {
        let board = self.board();
        let Some(ctx) = self.ui.context(board.size) else {
            return;
        };
        if let Some(anim) = &self.animation {
            let hops = anim.mv.path().len() as f64;
            let t = (ui::now() - anim.start_ms) / HOP_MS;
            if t < hops {
                let hop = t.floor() as usize;
                let frac = t - hop as f64;
                let from = if hop == 0 {
                    anim.mv.from()
                } else {
                    anim.mv.path()[hop - 1]
                };
                let to = anim.mv.path()[hop];
                let (a, b) = (board.centre(from), board.centre(to));
                let piece = anim.before.piece_at(anim.mv.from()).expect("moving piece");
                let gone = anim
                    .mv
                    .path()
                    .iter()
                    .take(hop)
                    .scan(anim.mv.from(), |prev, &land| {
                        let between = passed(*prev, land, anim.mv.captured());
                        *prev = land;
                        Some(between)
                    })
                    .fold(Bitboard::EMPTY, |acc, b| acc | b);
                let flying = Flying {
                    from: anim.mv.from(),
                    at: (a.0 + (b.0 - a.0) * frac, a.1 + (b.1 - a.1) * frac),
                    color: piece.color,
                    king: piece.role == warcaby::Role::King,
                    gone,
                };
                let marks = Marks {
                    last_move: Some(render::path_of(&anim.mv)),
                    ..Marks::default()
                };
                board.draw(&ctx, &anim.before, &marks, Some(&flying));
                ui::request_frame();
                return;
            }
            self.animation = None;
        }
        let pos = self.shown_position();
        let marks = self.marks(&pos);
        let flying = self.drag.as_ref().filter(|d| d.moved).and_then(|d| {
            pos.piece_at(d.from).map(|p| Flying {
                from: d.from,
                at: d.at,
                color: p.color,
                king: p.role == warcaby::Role::King,
                gone: Bitboard::EMPTY,
            })
        });
        board.draw(&ctx, &pos, &marks, flying.as_ref());
    }

    fn refresh_status(&self) {
        let text = if let Some(outcome) = self.game.outcome() {
            format!("Game over — {outcome} ({})", outcome.result_text())
        } else if let Some(ply) = self.view {
            format!(
                "Viewing the position after move {ply} of {}",
                self.game.ply_count()
            )
        } else {
            let side = self.game.position().side_to_move().name();
            if self.is_ai_turn() {
                format!("{} (AI) is thinking…", capitalise(side))
            } else {
                let must = self
                    .game
                    .legal_moves()
                    .first()
                    .is_some_and(|m| m.is_capture());
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
        self.ui.set_thinking(self.thinking.is_some());
    }

    /// Redraws the board and every panel.
    fn refresh(&mut self) {
        self.refresh_status();
        let texts: Vec<String> = self
            .game
            .positions_and_moves()
            .map(|(p, m)| p.move_text(m))
            .collect();
        let first_mover = self.variant().rules().first_to_move;
        let starts_second = self.game.start().side_to_move() != first_mover;
        self.ui.show_moves(&texts, starts_second, self.view);
        self.ui.show_fen(&self.shown_position().to_fen());
        self.ui.show_rules(self.variant().name());
        self.draw();
    }
}

/// The captured piece between two landing squares of a move.
fn passed(from: Square, to: Square, captured: Bitboard) -> Bitboard {
    let (f0, r0, f1, r1) = (
        from.file() as i8,
        from.rank() as i8,
        to.file() as i8,
        to.rank() as i8,
    );
    let (df, dr) = ((f1 - f0).signum(), (r1 - r0).signum());
    let mut out = Bitboard::EMPTY;
    let mut sq = from;
    while let Some(next) = sq.offset(df, dr) {
        if next == to {
            break;
        }
        if captured.contains(next) {
            out |= Bitboard::from_square(next);
        }
        sq = next;
    }
    out
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
