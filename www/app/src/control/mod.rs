//! The controller: [`App`] holds the headless [`State`], the page's
//! elements, the AI worker and the running animation, and turns events
//! (clicks, keys, the worker's answers, timers) into state transitions,
//! then shows the result. Its submodules: `ai` (the worker client),
//! `engine` (asking the AI and the analysis), `pointer` (board input),
//! `commands` (buttons, settings, editor, import), `turns` (playing a move
//! and whoever is next), `network` (the AlphaZero network file).

pub mod ai;
mod commands;
mod engine;
mod flow;
mod hint;
mod network;
mod pointer;
mod puzzles;
mod review;
mod turns;

use crate::dom::{self, storage, ui::Ui};
use crate::state::game::move_example;
use crate::state::settings::{Mode, Settings};
use crate::state::State;
use crate::view::animation::Animation;
use crate::view::scene::{self, Animated};
use crate::view::Surface;
use engine::AiSession;
use warcaby::games::AnyGame;

/// The performance mark set when the board is first drawn (read by
/// `www/e2e/first_paint.mjs`, the first-paint benchmark).
const BOARD_DRAWN: &str = "warcaby:board-drawn";

/// The whole page: state, elements, AI and animation.
pub struct App {
    state: State,
    ui: Ui,
    ai: AiSession,
    animation: Option<Animation>,
    /// A redraw is asked for on the next animation frame.
    frame_pending: bool,
    /// What the last move was, for the announcement after it.
    announcement: Option<String>,
    /// The move being played is the only legal one, played automatically.
    auto_played: bool,
    /// A game replaced by a change of game or rules, until the player
    /// moves in the new one: "Back to the previous game" restores it.
    set_aside: Option<AnyGame>,
    /// A step (resign, agree a draw) waiting for the player's yes.
    confirming: Option<flow::Confirm>,
    /// The first game's hint is shown, until the player's first move.
    first_hint: bool,
    /// The running clock's time left at the last tick (ms): the low-time
    /// sound plays when it crosses under ten seconds.
    last_left: f64,
    /// The timer that ticks while a clock runs.
    ticker: Option<i32>,
    /// The puzzle sets fetched and the player's puzzle record.
    puzzles: puzzles::Puzzles,
}

impl App {
    /// The app on the page's elements, showing `game` with `settings`.
    pub fn new(ui: Ui, settings: Settings, game: AnyGame) -> App {
        App {
            state: State::new(settings, game),
            ui,
            ai: AiSession::new(),
            animation: None,
            frame_pending: false,
            announcement: None,
            auto_played: false,
            set_aside: None,
            confirming: None,
            first_hint: false,
            last_left: f64::INFINITY,
            ticker: None,
            puzzles: puzzles::Puzzles::default(),
        }
    }

    /// Shows the settings and the game, with `notice` (a saved game that
    /// could not be restored), and starts the AI.
    pub fn begin(&mut self, notice: Option<String>) {
        self.ui.show_settings(&self.state.settings);
        if let Some(text) = notice {
            self.ui.notice(&text);
            self.save();
        }
        self.start_ai();
        self.refresh();
        self.after_change();
    }

    /// The settings in use.
    pub fn settings(&self) -> &Settings {
        &self.state.settings
    }

    /// Shows a notice.
    pub fn notice(&self, text: &str) {
        self.ui.notice(text);
    }

    /// Says something to screen readers.
    pub fn announce(&self, text: &str) {
        self.ui.announce(text);
    }

    /// The text of the position shown (in the editor, the one edited).
    pub fn position_text(&self) -> String {
        match &self.state.editor {
            Some(editing) => editing.text(),
            None => self
                .state
                .game
                .played()
                .position_text_at(self.state.shown_ply()),
        }
    }

    fn save(&self) {
        // A puzzle is not the player's game: the saved game stays.
        if self.state.puzzle.is_some() {
            return;
        }
        storage::save(&self.state.settings, &self.state.game);
        storage::save_flow(&self.state.game, self.state.clock, self.state.ending);
    }

    /// The board's geometry now.
    fn surface(&self) -> Surface {
        Surface::of(&self.state, self.ui.board_size())
    }

    /// Draws the board, with the animation's next frame if one runs.
    pub fn draw(&mut self) {
        let surface = self.surface();
        let animated = self.animation_frame(&surface);
        if let Some(ctx) = self.ui.context(surface.size()) {
            scene::draw(&ctx, &self.state, &surface, animated);
            dom::mark_once(BOARD_DRAWN);
        }
    }

    /// The running animation's frame. Asks for the next frame, or ends a
    /// finished animation.
    fn animation_frame(&mut self, surface: &Surface) -> Option<Animated> {
        let anim = self.animation.as_ref()?;
        let frame = anim.flying(dom::now(), |spot| surface.centre(spot));
        let ply = anim.ply;
        match frame {
            Some(flying) if ply < self.state.game.ply_count() => {
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
            dom::request_frame();
        }
    }

    /// The animation frame asked for has come: redraw.
    pub fn on_frame(&mut self) {
        self.frame_pending = false;
        self.draw();
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

    /// Gives the board its accessible name.
    fn show_board_label(&self) {
        let under = self.surface().spot_on_screen(self.state.cursor());
        self.ui.board_label(&self.state.board_label(under));
    }

    fn refresh_status(&self) {
        let state = &self.state;
        self.ui.status(&state.status_text(self.ai.unavailable));
        let outcome = state.outcome_parts();
        let rematch = matches!(state.settings.mode, Mode::HumanVsAi { .. });
        self.ui
            .show_result(outcome.as_ref().filter(|_| state.view.is_none()), rematch);
        self.ui.set_thinking(self.ai.thinking.is_some());
    }

    /// Redraws the board and every panel.
    fn refresh(&mut self) {
        self.ui.show_language(self.state.settings.lang);
        self.refresh_status();
        self.show_flow();
        self.show_board_label();
        let marks = self.move_marks();
        let game = self.state.game.played();
        self.ui.show_moves(
            &game.move_list(),
            game.starts_second(),
            self.state.view,
            &marks,
        );
        self.ui.show_fen(&self.position_text());
        self.ui.show_rules(&game.rules_name());
        self.ui.show_game(
            self.state.settings.game,
            &move_example(game, self.state.settings.lang),
        );
        let settings = &self.state.settings;
        self.ui.show_alphazero(settings.rules().alphazero_plays());
        self.ui.show_lab(self.state.settings.lab);
        self.show_endgame_tables();
        self.show_review();
        self.show_hint();
        self.show_puzzle();
        dom::set_color_scheme(self.state.settings.color_scheme);
        self.draw();
    }
}
