//! Asking the AI: the worker's session (request ids, the latest report,
//! failures), the AI's own moves, "Move now", and the analysis of the
//! position shown (its score bar and best line).

use super::ai::{AiClient, Event, WorkerBuild};
use super::network::NetFiles;
use super::App;
use crate::i18n::{notices, words, Lang};
use crate::state::game::{for_white, line_spots};
use warcaby::checkers::ai::Level;
use warcaby::core::rng::entropy_seed;
use warcaby::games::{EngineChoice, GameKind, Report};
use warcaby::search::Algorithm;
use warcaby::{Color, Variant};
use warcaby_protocol::{Network, Request, Response};

/// How long the analysis of one position may think, in milliseconds.
const ANALYSIS_MS: u64 = 60_000;

/// How many moves of the engine's best line are drawn.
const BEST_LINE_MOVES: usize = 3;

/// Worker failures in a row (without an answer between them) after which
/// the AI is given up until the player retries.
const MAX_AI_FAILURES: u32 = 3;

/// The AI worker and what the page asked of it.
pub(crate) struct AiSession {
    pub(super) client: Option<AiClient>,
    /// Id of the request the AI is working on.
    pub(super) thinking: Option<u32>,
    next_id: u32,
    /// The latest report of the current request.
    report: Option<Report>,
    /// "Move now" pressed before any iteration finished.
    move_now_pending: bool,
    /// Who searches with what in the current request, for the info panel.
    search_label: String,
    /// Worker failures since the AI last answered.
    failures: u32,
    /// The AI cannot be started (its worker does not load, or keeps
    /// failing): the game waits for the player's retry.
    pub(super) unavailable: bool,
    /// Id of the analysis request running.
    analysis: Option<u32>,
    /// Id of the search weighing the player's draw offer.
    pub(super) draw_offer: Option<u32>,
    /// Seed of the weak levels' randomness, new each game.
    pub(super) seed: u64,
    /// The endgame tables the worker has built: their rules and most
    /// pieces.
    tables: Option<(Variant, u32)>,
    /// The network files fetched (or being fetched, or failed).
    pub(super) nets: NetFiles,
    /// The LoadNet requests (id, network) sent to the current worker and
    /// not answered yet: an Error for one means its file is unusable.
    pub(super) net_requests: Vec<(u32, Network)>,
    /// The player offered a draw while the network its search needs was
    /// on its way: weighed once it has come (or failed).
    pub(super) draw_waiting: bool,
    /// A hint waits for its network file.
    pub(super) hint_waiting: bool,
}

impl AiSession {
    /// No worker yet.
    pub(crate) fn new() -> AiSession {
        AiSession {
            client: None,
            thinking: None,
            next_id: 1,
            report: None,
            move_now_pending: false,
            search_label: String::new(),
            failures: 0,
            unavailable: false,
            analysis: None,
            draw_offer: None,
            seed: entropy_seed(),
            tables: None,
            nets: NetFiles::default(),
            net_requests: Vec::new(),
            draw_waiting: false,
            hint_waiting: false,
        }
    }

    /// True while the worker serves the game itself: the AI's move, or
    /// the weighing of the player's draw offer (the analysis, a review or
    /// a hint wait for it).
    pub(super) fn busy_with_the_game(&self) -> bool {
        self.thinking.is_some() || self.draw_offer.is_some()
    }

    /// A new request id.
    pub(super) fn next_id(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }
}

/// Worker events arrive here.
fn deliver(event: Event) {
    crate::with_app(|app| app.on_ai_event(event));
}

impl App {
    pub(super) fn start_ai(&mut self) {
        // A new worker runs no analysis: the old one's went with it (were
        // it still named here, stopping it would replace the new worker
        // too: after a change between 8x8 and 10x10 with the analysis on,
        // a second 10x10 worker),
        self.ai.analysis = None;
        // and it knows nothing of the old one's review,
        self.review_stopped(notices::worker_replaced(self.state.settings.lang));
        // nor the old one's hint request.
        if self.state.hint_request().is_some() {
            self.state.hint = None;
        }
        // A new worker has no tables until it builds them, and no network
        // until it is sent one.
        self.ai.tables = None;
        self.ai.net_requests.clear();
        self.show_endgame_tables();
        let build = WorkerBuild::for_rules(self.state.game.played().rules());
        match AiClient::start(build, deliver) {
            Ok(client) => self.ai.client = Some(client),
            Err(e) => self.ai_gone(&e),
        }
    }

    /// The AI cannot run: say so, keep the game and offer a retry.
    fn ai_gone(&mut self, why: &str) {
        if let Some(client) = self.ai.client.take() {
            client.terminate();
        }
        self.ai.unavailable = true;
        self.review_stopped(why);
        self.ai.thinking = None;
        self.ai.move_now_pending = false;
        self.ui.notice(&notices::ai_unavailable(
            self.state.settings.lang,
            Some(why),
        ));
        self.ui.show_retry(true);
        self.refresh_status();
    }

    /// The player asks for the AI again after it was unavailable.
    pub fn retry_ai(&mut self) {
        self.ai.unavailable = false;
        self.ai.failures = 0;
        self.ui.show_retry(false);
        self.ui.clear_notice();
        self.restart_ai();
        if !self.ai.unavailable {
            self.after_change();
        }
    }

    fn restart_ai(&mut self) {
        if let Some(client) = self.ai.client.take() {
            client.terminate();
        }
        self.start_ai();
    }

    /// Cancels a search in progress (its answer will be ignored).
    pub(super) fn cancel_thinking(&mut self) {
        if self.ai.thinking.take().is_some() {
            self.restart_ai();
        }
        self.ai.move_now_pending = false;
    }

    /// Replaces a worker of another build than the game on the board
    /// needs (the game moved between 8x8 and 10x10): the 10x10 worker is
    /// fetched the first time a 10x10 game is on the board. An AI given
    /// up stays so until the player retries (which starts the right build).
    pub(super) fn fit_worker_to_game(&mut self) {
        let build = WorkerBuild::for_rules(self.state.game.played().rules());
        let other = self.ai.client.as_ref().is_some_and(|c| c.build() != build);
        if other && !self.ai.unavailable {
            self.restart_ai();
        }
    }

    /// Sends a request, starting the worker if there is none.
    pub(super) fn send(&mut self, request: Request) {
        self.fit_worker_to_game();
        if self.ai.client.is_none() {
            self.start_ai();
        }
        if let Some(client) = self.ai.client.as_mut() {
            client.send(request);
        }
    }

    /// Asks the AI for its move in the live game.
    pub(super) fn ask_ai(&mut self) {
        self.stop_analysis();
        let state = &self.state;
        let (side, kind) = (state.game.side_to_move(), state.game.kind());
        let seed = self.ai.seed ^ state.game.ply_count() as u64;
        let choice = state
            .settings
            .engine_choice(side, state.game.played().rules(), seed);
        self.ai.search_label = search_label(state.settings.lang, side, &choice, kind);
        if !self.ai.unavailable && !self.net_ready(&choice) {
            return;
        }
        let id = self.ai.next_id();
        self.ai.thinking = Some(id);
        self.ai.report = None;
        let state = &self.state;
        let request = Request::Think {
            id,
            game: state.game.record(),
            choice,
            time_ms: self.ai_time_ms(side),
        };
        if self.ai.unavailable {
            self.ai.thinking = None;
            self.ui
                .notice(&notices::ai_unavailable(self.state.settings.lang, None));
            self.refresh_status();
            return;
        }
        self.send(request);
        self.refresh_status();
    }

    /// Whether the worker has (or is about to get) the network `choice`
    /// needs in the game on the board, or it needs none; when the file is
    /// still to come, the search panel says so, and the request waits
    /// (its file's arrival asks again).
    pub(super) fn net_ready(&mut self, choice: &EngineChoice) -> bool {
        let rules = self.state.game.played().rules();
        let Some(network) = Network::needed_by(choice, rules) else {
            return true;
        };
        if self.provide_net(network) {
            return true;
        }
        self.ui.clear_progress();
        let lang = self.state.settings.lang;
        self.ui
            .show_search(&notices::loading_network(lang, &self.ai.search_label));
        false
    }

    /// Says which endgame tables the worker has, only while the game on
    /// the board is played by their rules (other rules and Clobber have
    /// no use for them).
    pub(super) fn show_endgame_tables(&self) {
        let rules = self.state.game.played().rules().endgame_rules();
        let tables = self
            .ai
            .tables
            .filter(|&(variant, _)| Some(variant) == rules);
        self.ui.show_endgame_tables(tables);
    }

    /// What the worker said (or that it failed).
    pub(crate) fn on_ai_event(&mut self, event: Event) {
        match event {
            Event::Answer(response) => self.on_answer(response),
            Event::Failed(message) => self.on_ai_failure(&message),
        }
    }

    fn on_answer(&mut self, response: Response) {
        if self.on_review_answer(&response) || self.on_hint_answer(&response) {
            return;
        }
        let thinking = self.ai.thinking;
        let analysis = self.ai.analysis;
        let draw_offer = self.ai.draw_offer;
        match response {
            Response::Done { id, report } if Some(id) == draw_offer => self.draw_weighed(&report),
            Response::Error { id, .. } if Some(id) == draw_offer => self.draw_unanswered(),
            Response::Ready => {
                if let Some(client) = self.ai.client.as_mut() {
                    client.mark_ready();
                }
            }
            Response::NetLoaded { id, .. } => self.ai.net_requests.retain(|(sent, _)| *sent != id),
            Response::EndgameTables { variant, pieces } => {
                self.ai.tables = Some((variant, pieces));
                self.show_endgame_tables();
            }
            Response::Error { id, message } if self.net_unusable(id, &message) => {}
            Response::Info { id, report } if Some(id) == thinking => {
                let to_move = self.state.game.side_to_move();
                self.ui
                    .show_progress(&self.ai.search_label, &report, to_move);
                self.ai.report = Some(report);
                if self.ai.move_now_pending {
                    self.move_now();
                }
            }
            Response::Done { id, report } if Some(id) == thinking => {
                self.ai.thinking = None;
                self.ai.failures = 0;
                let to_move = self.state.game.side_to_move();
                self.ui
                    .show_progress(&self.ai.search_label, &report, to_move);
                self.play_ai_move(report.best_move.as_deref());
            }
            Response::Info { id, report } | Response::Done { id, report }
                if Some(id) == analysis =>
            {
                self.analysed(report)
            }
            Response::Error { id, .. } if Some(id) == analysis => self.ai.analysis = None,
            Response::Error { id, message } if Some(id) == thinking || id == 0 => {
                self.ai.thinking = None;
                let lang = self.state.settings.lang;
                self.ui.notice(&notices::ai_could_not_move(lang, &message));
                self.refresh_status();
            }
            _ => {}
        }
    }

    fn on_ai_failure(&mut self, message: &str) {
        // A worker that never loaded will not load the next time either;
        // one that keeps crashing is no better.
        let loaded = self.ai.client.as_ref().is_some_and(AiClient::is_ready);
        self.ai.failures += 1;
        self.draw_unanswered();
        if !loaded || self.ai.failures >= MAX_AI_FAILURES {
            self.ai_gone(message);
            return;
        }
        self.ui
            .notice(&notices::ai_restarted(self.state.settings.lang, message));
        self.review_stopped(message);
        self.restart_ai();
        if self.ai.thinking.take().is_some() {
            self.after_change();
        }
    }

    fn play_ai_move(&mut self, text: Option<&str>) {
        let Some(text) = text else {
            return;
        };
        let lang = self.state.settings.lang;
        if let Err(e) = self.state.game.parse_move(text) {
            self.ui.notice(&notices::ai_bad_move(lang, &e));
            return;
        }
        let _ = self.play_text(text);
    }

    /// Plays the best move found so far and stops the search.
    pub fn move_now(&mut self) {
        if self.ai.thinking.is_none() {
            return;
        }
        let best = self.ai.report.as_ref().and_then(|p| p.best_move.clone());
        match best {
            Some(text) => {
                self.ai.thinking = None;
                self.ai.move_now_pending = false;
                self.restart_ai();
                self.play_ai_move(Some(&text));
            }
            None => self.ai.move_now_pending = true,
        }
    }

    /// Makes the worker crash (see [`crate::debug_crash_ai`]): an idle
    /// worker is told to panic; a thinking one gets the error event a
    /// crashed worker fires. Returns the worker to fire it at.
    #[cfg(feature = "test-hooks")]
    pub(crate) fn crash_ai(&mut self) -> Option<web_sys::Worker> {
        let thinking = self.ai.thinking.is_some();
        let client = self.ai.client.as_mut()?;
        if thinking {
            return Some(client.worker());
        }
        client.send(Request::Panic);
        None
    }

    /// Turns the analysis on or off.
    pub fn set_analysing(&mut self, on: bool) {
        self.state.analysing = on;
        self.update_analysis();
        self.refresh();
    }

    /// Stops the analysis running (a search cannot be interrupted otherwise).
    pub(super) fn stop_analysis(&mut self) {
        if self.ai.analysis.take().is_some() {
            self.restart_ai();
        }
    }

    /// Starts the engine on the position shown, when the analysis is on and
    /// the AI is not thinking about its own move; forgets the old line.
    pub(super) fn update_analysis(&mut self) {
        self.stop_analysis();
        let ply = self.state.shown_ply();
        self.state.best_line = crate::state::BestLine {
            ply,
            moves: Vec::new(),
        };
        self.ui.show_evaluation(None);
        let over = self.state.view.is_none() && self.state.is_over();
        let busy = self.ai.busy_with_the_game() || self.state.running_review().is_some();
        if !self.state.analysing || busy || self.ai.unavailable || over {
            return;
        }
        let side = self.state.game.played().side_at(ply);
        self.ai.search_label = notices::analysis_label(self.state.settings.lang, side);
        let choice = EngineChoice::Level {
            level: Level::new(8).expect("level 8 exists"),
            seed: self.ai.seed,
        };
        if !self.net_ready(&choice) {
            return;
        }
        let id = self.ai.next_id();
        let request = Request::Think {
            id,
            game: self.state.game.played().record_at(ply),
            choice,
            time_ms: ANALYSIS_MS,
        };
        // Named once sent: a worker that `send` starts forgets the analysis.
        self.send(request);
        self.ai.analysis = Some(id);
    }

    /// An analysis iteration finished: its score on the bar, its best line
    /// (read with the engine from the analysed position) as arrows.
    fn analysed(&mut self, report: Report) {
        let ply = self.state.best_line.ply;
        let to_move = self.state.game.played().side_at(ply);
        self.ui
            .show_progress(&self.ai.search_label, &report, to_move);
        self.ui
            .show_evaluation(Some(for_white(report.score, to_move)));
        let texts = &report.pv[..report.pv.len().min(BEST_LINE_MOVES)];
        self.state.best_line.moves = line_spots(self.state.game.played(), ply, texts);
        self.show_board_label();
        self.draw();
    }
}

/// Who searches with what, for the info panel: like "Black: minimax,
/// depth 2", "White: NegaScout, time only" or "Black: level 4"; where each
/// side has its own evaluation (Clobber) with it, like "Black: level 4,
/// heuristic live".
fn search_label(lang: Lang, side: Color, choice: &EngineChoice, game: GameKind) -> String {
    let mut how = match choice {
        EngineChoice::Level { level, .. } => format!("{} {level}", lang.pick("level", "poziom")),
        EngineChoice::AlphaZero { .. } => "AlphaZero".to_string(),
        EngineChoice::Custom(custom) => custom.config.algorithm.to_string(),
        EngineChoice::Lab {
            algorithm, depth, ..
        } => {
            let name = match algorithm {
                Algorithm::AlphaBeta => "alpha-beta".to_string(),
                Algorithm::NegaScout => "NegaScout".to_string(),
                other => other.to_string(),
            };
            match depth {
                Some(d) => format!("{name}, {} {d}", lang.pick("depth", "głębokość")),
                None => format!("{name}, {}", lang.pick("time only", "tylko czas")),
            }
        }
    };
    if game.sides_choose_evals() {
        let heuristic = match choice {
            EngineChoice::Lab { eval, .. } => eval.to_string(),
            EngineChoice::Custom(custom) => custom.eval.to_string(),
            EngineChoice::Level { .. } | EngineChoice::AlphaZero { .. } => {
                game.default_eval().to_string()
            }
        };
        let heuristic = words::heuristic(lang, &heuristic);
        how = format!(
            "{how}, {} {heuristic}",
            lang.pick("heuristic", "heurystyka")
        );
    }
    format!("{}: {how}", words::side(lang, side))
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::games::AnyEval;

    #[test]
    fn the_search_label_says_who_searches_with_what() {
        let level = EngineChoice::Level {
            level: Level::new(4).unwrap(),
            seed: 0,
        };
        assert_eq!(
            search_label(Lang::En, Color::Black, &level, GameKind::Checkers),
            "Black: level 4"
        );
        assert_eq!(
            search_label(Lang::En, Color::Black, &level, GameKind::Clobber),
            "Black: level 4, heuristic live"
        );
        let lab = EngineChoice::Lab {
            algorithm: Algorithm::NegaScout,
            eval: "active".parse::<AnyEval>().unwrap(),
            depth: None,
        };
        assert_eq!(
            search_label(Lang::En, Color::White, &lab, GameKind::Clobber),
            "White: NegaScout, time only, heuristic active"
        );
        assert_eq!(
            search_label(Lang::Pl, Color::White, &lab, GameKind::Clobber),
            "Białe: NegaScout, tylko czas, heurystyka aktywne kamienie"
        );
    }
}
