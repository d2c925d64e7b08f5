//! The search on more than one thread (lazy SMP): the same tactics and
//! forced wins as on one, legal moves under every limit, limits obeyed by
//! the threads together, and a stop from outside reaching them all.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use warcaby::checkers::ai::{search_game, search_position, CheckersEval};
use warcaby::checkers::notation::full_text;
use warcaby::search::{Limits, SearchConfig, Searcher, MATE};
use warcaby::{Game, Position, Variant};

fn engine(threads: usize) -> Searcher<warcaby::checkers::ai::CheckersNode, CheckersEval> {
    let config = SearchConfig {
        threads,
        ..SearchConfig::default()
    };
    Searcher::new(config, CheckersEval::Positional)
}

/// The best move's text and the score, on `threads` threads.
fn best(threads: usize, variant: Variant, fen: &str, depth: u32) -> (String, i32) {
    let pos = Position::from_fen(fen, variant).unwrap();
    let r = search_position(&mut engine(threads), &pos, Limits::depth(depth));
    (
        full_text(&r.best_move.expect("a move"), pos.rules()),
        r.score,
    )
}

/// The shots and wins of tests/search.rs: two threads choose the move one
/// does, and see the same material won or the same forced win.
#[test]
fn two_threads_find_what_one_finds() {
    for variant in Variant::EIGHT_BY_EIGHT {
        // The two-for-one shot: d4-e5, a man up.
        let shot = "W:Wb2,c3,d4,f4:Ba7,d6,f6,h8";
        let (one, _) = best(1, variant, shot, 5);
        let (two, score) = best(2, variant, shot, 5);
        assert_eq!(
            (two.as_str(), score >= 150),
            (one.as_str(), true),
            "{variant}"
        );
        // The capture chain that wins the ending.
        let chain = "W:Wa1,h2:Bb2,d4,f6,g3,h8";
        let (one, _) = best(1, variant, chain, 4);
        let (two, score) = best(2, variant, chain, 4);
        assert_eq!(
            (two.as_str(), score > MATE / 2),
            (one.as_str(), true),
            "{variant}"
        );
    }
    // Taking the last piece: a win in one ply, scored exactly.
    assert_eq!(
        best(2, Variant::English, "W:W22:B18", 4),
        ("22x15".to_string(), MATE - 1)
    );
}

/// Three kings against one: two threads convert the win as one does.
#[test]
fn two_threads_win_a_won_ending() {
    let start = Position::from_fen("W:WK1,K2,K3:BK32", Variant::Tournament).unwrap();
    let mut game = Game::from_position(start);
    let mut engine = engine(2);
    while game.outcome().is_none() && game.ply_count() < 60 {
        let r = search_game(&mut engine, &game, Limits::depth(24));
        assert!(r.score.abs() > MATE - 100, "the win is seen: {}", r.score);
        game.play(&r.best_move.unwrap()).unwrap();
    }
    assert_eq!(
        game.outcome().map(|o| o.winner()),
        Some(Some(warcaby::Color::White))
    );
}

#[test]
fn two_threads_return_legal_moves_and_obey_limits() {
    let pos = Position::start(Variant::English);
    let mut two = engine(2);
    // A node limit holds for the threads together.
    let r = search_position(&mut two, &pos, Limits::nodes(20_000));
    assert!(r.nodes <= 20_000, "{} nodes", r.nodes);
    assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
    // A time limit: checked loosely (the machine may be busy).
    let start = Instant::now();
    let r = search_position(&mut two, &pos, Limits::time_ms(200));
    let spent = start.elapsed();
    assert!(spent < Duration::from_millis(700), "took {spent:?}");
    assert!(r.depth >= 4, "depth {}", r.depth);
    assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
    // A growing table, grown to full size before the helpers start.
    let config = SearchConfig {
        threads: 2,
        ..SearchConfig::default()
    };
    let mut growing = Searcher::with_growing_table(config, CheckersEval::Positional);
    for variant in Variant::EIGHT_BY_EIGHT {
        let pos = Position::start(variant);
        let r = search_position(&mut growing, &pos, Limits::depth(9));
        assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
    }
}

#[test]
fn a_stop_from_outside_ends_every_thread() {
    let pos = Position::start(Variant::Russian);
    let mut engine = engine(3);
    let flag = engine.stop_flag();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        flag.store(true, Ordering::Relaxed);
    });
    let start = Instant::now();
    let r = search_position(&mut engine, &pos, Limits::default());
    stopper.join().unwrap();
    assert!(start.elapsed() < Duration::from_secs(3));
    assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
}
