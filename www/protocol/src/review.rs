//! The worker's game review: one position per idle step, so the page
//! hears of the progress after each and can stop it between two.

use super::{Response, Service};
use warcaby::checkers::ai::Level;
use warcaby::games::review::{Review, ReviewSettings};
use warcaby::games::{AnyGame, Engine, EngineChoice, GameRecord};

/// The level whose engine reviews games (the analysis's).
pub const REVIEW_LEVEL: u8 = 8;

/// A review under way: its request, the review and its engine (kept
/// between positions, so what it learnt carries on).
pub(crate) struct Reviewing {
    pub(crate) id: u32,
    review: Review,
    engine: Engine,
}

impl Service {
    /// Starts reviewing `game` (replacing a review under way): answers
    /// with the progress before the first position, or an Error.
    pub(crate) fn start_review(
        &mut self,
        id: u32,
        game: &GameRecord,
        time_ms: u64,
        clock: warcaby::search::Clock,
    ) -> Response {
        let game = match AnyGame::from_record(game) {
            Ok(game) => game,
            Err(e) => {
                return Response::Error {
                    id,
                    message: e.to_string(),
                }
            }
        };
        let choice = EngineChoice::Level {
            level: Level::new(REVIEW_LEVEL.into()).expect("the review's level exists"),
            seed: 1,
        };
        let engine = Engine::new(choice, self.assets()).with_clock(Some(clock));
        let settings = ReviewSettings {
            limits: engine.limits(time_ms),
        };
        let review = Review::new(&game, settings);
        let progress = review.progress();
        self.reviewing = Some(Box::new(Reviewing { id, review, engine }));
        Response::ReviewProgress {
            id,
            analysed: progress.analysed as u32,
            total: progress.total as u32,
        }
    }

    /// Analyses the review's next position: its progress, or the review
    /// once done, or the engine's error (which ends the review).
    pub(crate) fn review_step(&mut self) -> Option<Response> {
        let reviewing = self.reviewing.as_mut()?;
        let id = reviewing.id;
        let answer = match reviewing.review.step(&mut reviewing.engine) {
            Ok(progress) if progress.is_done() => Response::Reviewed {
                id,
                review: reviewing.review.result(),
            },
            Ok(progress) => {
                return Some(Response::ReviewProgress {
                    id,
                    analysed: progress.analysed as u32,
                    total: progress.total as u32,
                })
            }
            Err(e) => Response::Error {
                id,
                message: e.to_string(),
            },
        };
        self.reviewing = None;
        Some(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Request;
    use std::sync::OnceLock;
    use std::time::Instant;
    use warcaby::Variant;

    fn clock() -> f64 {
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }

    fn review(id: u32, moves: &[&str]) -> Request {
        Request::Review {
            id,
            game: GameRecord::Checkers {
                variant: Variant::English,
                start_fen: "B:W21-32:B1-12".into(),
                moves: moves.iter().map(|m| m.to_string()).collect(),
            },
            time_ms: 20,
        }
    }

    fn served(service: &mut Service, request: &Request) -> Vec<Response> {
        let mut answers = Vec::new();
        service.serve(request, clock, |r| answers.push(r));
        answers
    }

    #[test]
    fn a_review_goes_one_position_per_step_and_ends_with_the_review() {
        let mut service = Service::new(0);
        let started = served(&mut service, &review(3, &["11-15", "23-19", "8-11"]));
        let start = Response::ReviewProgress {
            id: 3,
            analysed: 0,
            total: 4,
        };
        assert_eq!(started, [start]);
        let mut answers = Vec::new();
        while service.has_work() {
            answers.extend(service.work());
        }
        assert_eq!(answers.len(), 4, "{answers:?}");
        for (i, answer) in answers[..3].iter().enumerate() {
            let analysed = i as u32 + 1;
            let progress = Response::ReviewProgress {
                id: 3,
                analysed,
                total: 4,
            };
            assert_eq!(answer, &progress);
        }
        let Some(Response::Reviewed { id: 3, review }) = answers.last() else {
            panic!("{answers:?}");
        };
        assert_eq!(review.moves.len(), 3);
        assert_eq!(review.moves[0].played, "11-15");
        assert_eq!(review.curve().len(), 4);
    }

    #[test]
    fn a_stopped_review_says_nothing_more_and_a_bad_game_is_refused() {
        let mut service = Service::new(0);
        served(&mut service, &review(4, &["11-15", "23-19"]));
        assert!(service.work().is_some());
        served(&mut service, &Request::StopReview { id: 9 });
        assert!(service.has_work(), "another review's id stops nothing");
        served(&mut service, &Request::StopReview { id: 4 });
        assert!(!service.has_work());
        assert_eq!(service.work(), None);
        let refused = served(&mut service, &review(5, &["11-15", "11-15"]));
        assert!(
            matches!(refused.as_slice(), [Response::Error { id: 5, .. }]),
            "{refused:?}"
        );
        assert!(!service.has_work());
    }
}
