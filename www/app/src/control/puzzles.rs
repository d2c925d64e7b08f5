//! Puzzles on the page: the set of the rules in play is fetched the first
//! time (a file of the site, cached for offline play), the next puzzle is
//! the unseen one nearest the player's rating, the player's moves are
//! judged by the library's run and the defence answers from its line; a
//! wrong move or the solution counts the puzzle as failed. The game that
//! was on the board is set aside and comes back with "Back to the game".

use super::App;
use crate::dom::{self, puzzles as shown};
use crate::i18n::puzzles as texts;
use crate::state::puzzle::{PuzzleNews, PuzzleRecord, Solving, RECORD_KEY};
use warcaby::checkers::puzzles::{self, PuzzleRun, PuzzleSet, Verdict};
use warcaby::games::{GameKind, SpotMove};
use warcaby::{Color, Variant};

/// Milliseconds between the player's right move and the defence's reply.
const REPLY_MS: i32 = 450;

/// The puzzle sets the page has fetched, and the player's record.
#[derive(Default)]
pub(crate) struct Puzzles {
    sets: Vec<PuzzleSet>,
    fetching: Option<Variant>,
    record: Option<PuzzleRecord>,
    /// The board's side before the puzzles turned it to the solver's.
    flipped_before: Option<bool>,
}

/// Where the set of `variant` is: named by `<meta name="warcaby-puzzles-
/// VARIANT">` in a release build (www/postbuild.mjs gives the file a
/// content hash).
fn set_url(variant: Variant) -> String {
    dom::fetch::site_file(
        &format!("warcaby-puzzles-{variant}"),
        &format!("puzzles-{variant}.json"),
    )
}

impl App {
    /// "Solve a puzzle": the next puzzle of the rules in play.
    pub fn open_puzzles(&mut self) {
        if self.state.clock.is_some() && !self.state.is_over() {
            return;
        }
        let Some(variant) = self.puzzle_rules() else {
            return;
        };
        if self.puzzles.sets.iter().any(|s| s.variant == variant) {
            self.next_puzzle();
            return;
        }
        if self.puzzles.fetching.is_some() {
            return;
        }
        self.puzzles.fetching = Some(variant);
        shown::show_loading(true);
        let url = set_url(variant);
        wasm_bindgen_futures::spawn_local(async move {
            let result = dom::fetch::text(&url).await;
            crate::with_app(|app| app.puzzle_set_fetched(variant, result));
        });
    }

    /// The set arrived (or did not: a notice, the game stays as it is).
    fn puzzle_set_fetched(&mut self, variant: Variant, result: Result<String, String>) {
        self.puzzles.fetching = None;
        shown::show_loading(false);
        let lang = self.state.settings.lang;
        let set = result.and_then(|text| {
            let set: PuzzleSet = crate::json::from_text(&text)?;
            set.check().map_err(|e| e.to_string())?;
            Ok(set)
        });
        match set {
            Ok(set) if set.variant == variant && !set.puzzles.is_empty() => {
                self.puzzles.sets.push(set);
                self.next_puzzle();
            }
            Ok(_) => self
                .ui
                .notice(&texts::unavailable(lang, "the set is empty")),
            Err(why) => self.ui.notice(&texts::unavailable(lang, &why)),
        }
    }

    /// The player's record, read from the browser the first time (a broken
    /// one is replaced by a fresh one, with a notice).
    fn puzzle_record(&mut self) -> &mut PuzzleRecord {
        if self.puzzles.record.is_none() {
            let record = match dom::storage::load_text(RECORD_KEY).map(|t| PuzzleRecord::decode(&t))
            {
                Some(Ok(record)) => record,
                Some(Err(_)) => {
                    self.ui
                        .notice(texts::record_reset(self.state.settings.lang));
                    PuzzleRecord::default()
                }
                None => PuzzleRecord::default(),
            };
            self.puzzles.record = Some(record);
        }
        self.puzzles
            .record
            .get_or_insert_with(PuzzleRecord::default)
    }

    /// The rules in play when there are puzzles of them (not in Clobber,
    /// nor in a rule set without a set).
    fn puzzle_rules(&self) -> Option<Variant> {
        let variant = self.state.game.played().rules().endgame_rules()?;
        puzzles::has_set(variant).then_some(variant)
    }

    /// Puts the next puzzle of the rules in play on the board.
    pub fn next_puzzle(&mut self) {
        let Some(variant) = self.state.game.played().rules().endgame_rules() else {
            return;
        };
        let record = self.puzzle_record().clone();
        let Some(set) = self.puzzles.sets.iter().find(|s| s.variant == variant) else {
            return;
        };
        let seen = |id: &str| record.seen.iter().any(|s| s == id);
        let Some(puzzle) = record.rating.next(&set.puzzles, seen) else {
            return;
        };
        let run = match PuzzleRun::new(puzzle) {
            Ok(run) => run,
            Err(e) => {
                let lang = self.state.settings.lang;
                self.ui.notice(&texts::unavailable(lang, &e.to_string()));
                return;
            }
        };
        self.cancel_thinking();
        self.stop_analysis();
        if self.state.puzzle.is_none() {
            self.keep_set_aside(Some(self.state.game.clone()));
            self.puzzles.flipped_before = Some(self.state.settings.flipped);
        }
        let solving = Solving::new(run);
        let solver = solving.run.solver();
        self.state.load(solving.game());
        self.state.puzzle = Some(solving);
        if self.state.game.kind() == GameKind::Checkers {
            self.state.settings.flipped = solver == Color::Black;
            self.ui.show_settings(&self.state.settings);
        }
        self.set_animation(None);
        self.refresh();
        self.show_puzzle();
        self.ui.announce(&texts::news(
            self.state.settings.lang,
            solver,
            &PuzzleNews::Find,
        ));
    }

    /// The player's move in a puzzle: judged, played when right (the
    /// defence answers a moment later), refused when wrong. False when no
    /// puzzle is on the board.
    pub(super) fn puzzle_move(&mut self, mv: &SpotMove) -> bool {
        let Some(solving) = self.state.puzzle.as_mut() else {
            return false;
        };
        if solving.run.is_solved() || self.state.view.is_some() {
            return true;
        }
        let Some(verdict) = solving.try_text(mv.text()) else {
            return true;
        };
        let (id, rating, failed) = (
            solving.run.puzzle().id.clone(),
            solving.run.puzzle().rating,
            solving.run.is_failed(),
        );
        match verdict {
            Verdict::Wrong { .. } => {
                self.count_puzzle(&id, rating, false);
                self.state.clear_selection();
            }
            Verdict::Solved => {
                let change = self.count_puzzle(&id, rating, !failed);
                if let Some(solving) = self.state.puzzle.as_mut() {
                    solving.news = PuzzleNews::Solved { change };
                }
                self.play_puzzle_move(mv);
            }
            Verdict::Right { .. } => {
                self.play_puzzle_move(mv);
                dom::later(REPLY_MS, || crate::with_app(App::puzzle_reply));
            }
        }
        self.show_puzzle();
        self.refresh();
        true
    }

    /// Counts the puzzle's result once; returns the rating's change.
    fn count_puzzle(&mut self, id: &str, rating: u32, solved: bool) -> i32 {
        if let Some(change) = self.state.puzzle.as_ref().and_then(|s| s.counted) {
            return change;
        }
        let record = self.puzzle_record();
        let change = record.count(id, rating, solved);
        let text = record.encode();
        dom::storage::save_text(RECORD_KEY, &text);
        if let Some(solving) = self.state.puzzle.as_mut() {
            solving.counted = Some(change);
        }
        change
    }

    /// Plays a move of the line on the board (as the game plays any move:
    /// sound, animation).
    fn play_puzzle_move(&mut self, mv: &SpotMove) {
        self.play_now(mv.clone());
    }

    /// The defence's reply, from the line, once the player's move is on
    /// the board.
    fn puzzle_reply(&mut self) {
        let Some(solving) = self.state.puzzle.as_ref() else {
            return;
        };
        let target = solving.run.game().ply_count();
        if self.state.game.ply_count() + 1 != target {
            return;
        }
        let Some(reply) = solving.run.game().moves().last().copied() else {
            return;
        };
        let before = solving
            .run
            .game()
            .positions_and_moves()
            .last()
            .map(|(p, _)| *p);
        let Some(text) = before.map(|p| p.move_text(&reply)) else {
            return;
        };
        if let Ok(mv) = self.state.game.played().parse_move(&text) {
            self.play_puzzle_move(&mv);
        }
        self.show_puzzle();
    }

    /// "Hint": lights the piece of the next move.
    pub fn puzzle_hint(&mut self) {
        if self.state.light_puzzle_hint() {
            self.draw();
            self.show_puzzle();
        }
    }

    /// "Solution": plays the rest of the line (the puzzle counts as failed).
    pub fn puzzle_solution(&mut self) {
        let Some(solving) = self.state.puzzle.as_ref() else {
            return;
        };
        let (id, rating) = (solving.run.puzzle().id.clone(), solving.run.puzzle().rating);
        self.count_puzzle(&id, rating, false);
        let Some(solving) = self.state.puzzle.as_mut() else {
            return;
        };
        let start = *solving.run.game().position();
        let rest = solving.run.show_solution();
        let mut pos = start;
        let line: Vec<String> = rest
            .iter()
            .map(|mv| {
                let text = pos.move_text(mv);
                pos.play(mv);
                text
            })
            .collect();
        solving.news = PuzzleNews::Shown {
            line: line.join(" "),
        };
        let game = solving.game();
        let puzzle = self.state.puzzle.take();
        self.state.load(game);
        self.state.puzzle = puzzle;
        self.set_animation(None);
        self.refresh();
        self.show_puzzle();
    }

    /// "Back to the game": leaves the puzzles for the game set aside.
    pub fn leave_puzzles(&mut self) {
        if self.state.puzzle.take().is_none() {
            return;
        }
        if let Some(flipped) = self.puzzles.flipped_before.take() {
            self.state.settings.flipped = flipped;
            self.ui.show_settings(&self.state.settings);
        }
        if self.set_aside.is_some() {
            self.restore_set_aside();
        } else {
            self.new_game();
        }
        self.show_puzzle();
    }

    /// Shows the puzzle panel: the puzzle, what it says, the record.
    pub(super) fn show_puzzle(&self) {
        let lang = self.state.settings.lang;
        let checkers = self.puzzle_rules().is_some();
        // Not during a timed game: its clock would be lost.
        let timed = self.state.clock.is_some() && !self.state.is_over();
        shown::show_open(checkers && self.state.puzzle.is_none() && !timed);
        let Some(solving) = &self.state.puzzle else {
            shown::show_puzzle(None);
            return;
        };
        let record = self.puzzles.record.clone().unwrap_or_default();
        shown::show_puzzle(Some(shown::Shown {
            title: texts::title(lang, solving.run.puzzle()),
            news: texts::news(lang, solving.run.solver(), &solving.news),
            record: texts::record(lang, &record.rating),
            done: solving.run.is_solved(),
        }));
    }
}
