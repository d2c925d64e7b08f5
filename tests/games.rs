//! The one game abstraction (`warcaby::games`): both games through one
//! type, records that round-trip, bad input refused without changes, and
//! the engine reached the same way for checkers and Clobber.

use warcaby::checkers::ai::{CheckersEval, Level};
use warcaby::clobber::{ClobberEval, ClobberGame, ClobberPosition, Shape};
use warcaby::games::{AnyEval, AnyGame, Assets, EngineChoice, GameError, GameKind, GameRecord};
use warcaby::search::Algorithm;
use warcaby::{Color, Game, Variant};

fn clobber(rows: usize, cols: usize) -> AnyGame {
    AnyGame::Clobber(ClobberGame::new(Shape::new(rows, cols).unwrap()))
}

fn lab(eval: &str, depth: u32) -> EngineChoice {
    EngineChoice::Lab {
        algorithm: Algorithm::NegaScout,
        eval: eval.parse().unwrap(),
        depth: Some(depth),
    }
}

#[test]
fn records_round_trip_for_both_games() {
    let mut checkers = AnyGame::Checkers(Game::new(Variant::English));
    for text in ["11-15", "22-18", "15x22"] {
        checkers.play_text(text).unwrap();
    }
    let mut clob = clobber(4, 4);
    for text in ["a1-a2", "b1-b2"] {
        clob.play_text(text).unwrap();
    }
    for game in [checkers, clob] {
        let record = game.record();
        let again = AnyGame::from_record(&record).unwrap();
        assert_eq!(again.record(), record);
        assert_eq!(again.ply_count(), game.ply_count());
        assert_eq!(again.side_to_move(), game.side_to_move());
    }
}

#[test]
fn a_corrupted_record_is_refused_with_the_move_that_fails() {
    let record = GameRecord::Checkers {
        variant: Variant::English,
        start_fen: Game::new(Variant::English).start().to_fen(),
        moves: vec!["9-13".into(), "9-14".into()],
    };
    let err = AnyGame::from_record(&record).unwrap_err();
    assert!(matches!(err, GameError::Replay { ply: 2, .. }), "{err}");
    let record = GameRecord::Clobber {
        start: "WBX:B".into(),
        moves: vec![],
    };
    assert!(AnyGame::from_record(&record).is_err());
}

#[test]
fn an_illegal_move_or_a_move_of_the_other_game_changes_nothing() {
    let mut game = clobber(3, 3);
    let before = game.clone();
    assert!(game.play_text("a1-c3").is_err());
    let checkers_move = AnyGame::Checkers(Game::new(Variant::English)).legal_moves()[0];
    assert_eq!(
        game.play(&checkers_move),
        Err(GameError::WrongGame(GameKind::Checkers))
    );
    assert_eq!(game, before);
}

#[test]
fn the_outcome_comes_from_the_engine_for_both_games() {
    // Clobber: White to move with no stone next to a black one loses.
    let game = AnyGame::Clobber(ClobberGame::from_position(
        ClobberPosition::parse("W.B/.../B.W:W").unwrap(),
    ));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Color::Black));
    assert_eq!(outcome.result_text(), "0-1");
    assert_eq!(outcome.to_string(), "Black wins: White has no move");
    assert!(game.legal_moves().is_empty());
    // Checkers: a capture is forced after 11-15 22-18 (15x22), not at the start.
    let mut game = AnyGame::Checkers(Game::new(Variant::English));
    assert!(!game.capture_is_forced());
    game.play_text("11-15").unwrap();
    game.play_text("22-18").unwrap();
    assert!(game.capture_is_forced());
    assert!(!clobber(3, 3).capture_is_forced());
}

#[test]
fn one_entry_point_thinks_in_both_games() {
    let mut game = AnyGame::Checkers(Game::new(Variant::English));
    game.play_text("11-15").unwrap();
    game.play_text("22-18").unwrap();
    let mut iterations = 0;
    let report = game
        .think(&lab("material", 4), 10_000, None, |_| iterations += 1)
        .unwrap();
    assert_eq!(report.best_move.as_deref(), Some("15x22"), "the only move");
    assert!(iterations >= 1 && report.depth >= 1);

    let game = clobber(3, 3);
    let report = game.think(&lab("live", 3), 10_000, None, |_| {}).unwrap();
    let best = report.best_move.unwrap();
    assert!(game.clone().play_text(&best).is_ok(), "{best} is legal");
    assert_eq!(report.pv.first(), Some(&best));

    let level = EngineChoice::Level {
        level: Level::new(3).unwrap(),
        seed: 7,
    };
    assert!(game.think(&level, 50, None, |_| {}).is_ok());
}

#[test]
fn the_engine_refuses_another_games_evaluation_and_a_finished_game() {
    let game = clobber(3, 3);
    let err = game
        .think(&lab("material", 2), 100, None, |_| {})
        .unwrap_err();
    assert!(matches!(err, GameError::Eval(_)), "{err}");
    let over = AnyGame::Clobber(ClobberGame::from_position(
        ClobberPosition::parse("W.B/.../B.W:W").unwrap(),
    ));
    assert_eq!(
        over.think(&lab("live", 2), 100, None, |_| {}),
        Err(GameError::Over)
    );
}

#[test]
fn evaluations_are_read_by_name_for_either_game() {
    assert_eq!(
        "positional".parse(),
        Ok(AnyEval::Checkers(CheckersEval::Positional))
    );
    assert_eq!("live".parse(), Ok(AnyEval::Clobber(ClobberEval::Live)));
    let err = "strong".parse::<AnyEval>().unwrap_err().to_string();
    assert!(err.contains("material") && err.contains("live"), "{err}");
    assert_eq!("clobber".parse(), Ok(GameKind::Clobber));
}

fn net_only(net: &std::sync::Arc<warcaby::az::Net>) -> Assets<'_> {
    Assets {
        net: Some(net),
        endgame: None,
        ..Assets::default()
    }
}

#[test]
fn the_alphazero_engine_needs_its_network_and_english_checkers() {
    let english = AnyGame::Checkers(Game::new(Variant::English));
    let az = EngineChoice::AlphaZero { sims: None };
    assert_eq!(
        english.think(&az, 100, None, |_| {}),
        Err(GameError::NoNetwork)
    );
    let net = warcaby::az::shipped_net();
    let tournament = AnyGame::Checkers(Game::new(Variant::Tournament));
    let refused = tournament.think_with(&az, net_only(&net), 100, None, |_| {});
    assert!(
        matches!(refused, Err(GameError::AlphaZero(_))),
        "{refused:?}"
    );
    let refused = clobber(4, 4).think_with(&az, net_only(&net), 100, None, |_| {});
    assert!(
        matches!(refused, Err(GameError::AlphaZero(_))),
        "{refused:?}"
    );

    // It reports while it thinks (every 200 ms), then answers a legal move
    // with every root move's visits, prior and value.
    let mut reports = Vec::new();
    let done = english
        .think_with(&az, net_only(&net), 700, None, |r| reports.push(r.clone()))
        .unwrap();
    assert!(!reports.is_empty(), "reports while thinking");
    assert!(reports.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    let best = done.best_move.clone().unwrap();
    assert!(english.clone().play_text(&best).is_ok(), "{best}");
    assert_eq!(done.root_moves.len(), 7);
    assert_eq!(done.root_moves[0].mv, best);
    let visits: u64 = done.root_moves.iter().map(|m| u64::from(m.visits)).sum();
    assert_eq!(visits, done.nodes);
    assert_eq!(done.pv.first(), Some(&best));
}

/// The host's endgame tables (built here, as the browser's worker builds
/// them): level 7 plays a won ending by them, scoring the exact distance
/// (its own search is far too shallow to see it);
/// the AI lab shows its algorithm alone and does not probe them.
#[test]
fn the_strong_levels_play_won_endings_by_the_hosts_tables() {
    let egdb = std::sync::Arc::new(
        warcaby::checkers::egdb::build_all(Variant::English, 3, 1, |_| {}).unwrap(),
    );
    let pos = warcaby::Position::from_fen("W:WK32,K28:BK1", Variant::English).unwrap();
    let Some(warcaby::checkers::egdb::Value::Win(plies)) = egdb.probe(&pos) else {
        panic!("two kings against one win")
    };
    let game = AnyGame::Checkers(Game::from_position(pos));
    let assets = Assets {
        net: None,
        endgame: Some(&egdb),
        ..Assets::default()
    };
    let think = |choice: &EngineChoice| game.think_with(choice, assets, 100, None, |_| {}).unwrap();
    // Level 7 searches 9 plies, far too shallow to see this win by itself.
    let level7 = think(&EngineChoice::Level {
        level: Level::new(7).unwrap(),
        seed: 1,
    });
    assert_eq!(level7.score, warcaby::search::MATE - plies as i32);
    let mv = pos
        .parse_move(level7.best_move.as_deref().unwrap())
        .unwrap();
    let after = egdb.probe(&pos.after(&mv));
    assert_eq!(after, Some(warcaby::checkers::egdb::Value::Loss(plies - 1)));
    let lab = think(&EngineChoice::Lab {
        algorithm: Algorithm::NegaScout,
        eval: AnyEval::Checkers(CheckersEval::Positional),
        depth: Some(6),
    });
    assert!(
        lab.score < warcaby::search::MATE / 2,
        "the lab saw {}",
        lab.score
    );
}

/// The browser's worker compiles no evaluation network in and hands the
/// engine the ones its page fetched ([`Assets::eval_nets`]): the learned
/// evaluation asked for by name plays them, a rule set they lack is
/// evaluated positionally, and an engine given a network of its own keeps
/// it. Which engines need them is the choice's to say.
#[test]
fn the_learned_evaluation_plays_the_hosts_networks_where_given() {
    use warcaby::checkers::ai::learned::{EvalNet, ENGLISH_NET, RUSSIAN_NET};
    let game = AnyGame::Checkers(Game::new(Variant::English));
    let searched = |eval: CheckersEval, eval_nets: Option<&EvalNet>| {
        let choice = EngineChoice::Lab {
            algorithm: Algorithm::NegaScout,
            eval: eval.into(),
            depth: Some(3),
        };
        let assets = Assets {
            eval_nets,
            ..Assets::default()
        };
        let report = game.think_with(&choice, assets, 60_000, None, |_| {});
        report.unwrap().score
    };
    let shipped = searched(CheckersEval::learned(), None);
    let positional = searched(CheckersEval::Positional, None);
    assert_ne!(shipped, positional);
    let empty = EvalNet::empty();
    assert_eq!(searched(CheckersEval::learned(), Some(&empty)), positional);
    let english = empty.with_net(Variant::English, ENGLISH_NET).unwrap();
    assert_eq!(searched(CheckersEval::learned(), Some(&english)), shipped);
    let russian = empty.with_net(Variant::Russian, RUSSIAN_NET).unwrap();
    assert_eq!(
        searched(CheckersEval::learned(), Some(&russian)),
        positional,
        "no English network among them"
    );
    let own = CheckersEval::Learned(EvalNet::from_bytes(RUSSIAN_NET).unwrap());
    assert_eq!(
        searched(own.clone(), Some(&english)),
        searched(own, None),
        "a network of its own is kept"
    );

    let level = |n| EngineChoice::Level {
        level: Level::new(n).unwrap(),
        seed: 1,
    };
    assert!(level(7).uses_learned_eval() && level(8).uses_learned_eval());
    assert!(!level(6).uses_learned_eval());
    for n in 1..=8 {
        let level = Level::new(n).unwrap();
        let learned = matches!(level.eval(), CheckersEval::Learned(_));
        assert_eq!(level.uses_learned_eval(), learned, "level {n}");
    }
    assert!(lab("learned", 2).uses_learned_eval());
    assert!(!lab("positional", 2).uses_learned_eval());
    assert!(!EngineChoice::AlphaZero { sims: None }.uses_learned_eval());
}
