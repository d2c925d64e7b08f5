//! The search: the three algorithms agree, pruning pays, tactics are found,
//! endgames are won, limits and the stop flag are obeyed.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use warcaby::checkers::ai::{search_game, search_position, CheckersEval, CheckersNode, Level};
use warcaby::core::rng::Rng;
use warcaby::search::{Algorithm, Limits, SearchConfig, Searcher, MATE};
use warcaby::{Color, Game, Outcome, Position, Variant};

/// Positions from seeded random playouts (some with kings), for every variant.
fn random_positions(variant: Variant, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::start(variant);
        let plies = 4 + rng.below(60);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(&moves[rng.below(moves.len() as u64) as usize]);
        }
        if !pos.legal_moves().is_empty() {
            out.push(pos);
        }
    }
    out
}

/// As `warcaby compare` runs them: no table, no reductions, one iteration;
/// negascout with killer/history ordering, the others in generation order.
fn fixed_depth(algorithm: Algorithm, pos: &Position, depth: u32) -> (i32, u64) {
    let config = SearchConfig {
        ordering: algorithm == Algorithm::NegaScout,
        ..SearchConfig::bare(algorithm)
    };
    let mut engine = Searcher::new(config, CheckersEval::Positional);
    let r = search_position(&mut engine, pos, Limits::depth(depth));
    assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
    (r.score, r.nodes)
}

#[test]
fn algorithms_agree_and_pruning_pays() {
    let mut shallow = [0u64; 3];
    let mut deep = [0u64; 2];
    let mut kings_seen = 0;
    let mut positions = 0;
    for (i, variant) in Variant::EIGHT_BY_EIGHT.into_iter().enumerate() {
        for pos in random_positions(variant, 100, 17 + i as u64) {
            positions += 1;
            if pos.kings(Color::White).any() || pos.kings(Color::Black).any() {
                kings_seen += 1;
            }
            let fen = pos.to_fen();
            let at_4: Vec<(i32, u64)> = Algorithm::ALL
                .iter()
                .map(|&a| fixed_depth(a, &pos, 4))
                .collect();
            assert_eq!(
                at_4[0].0, at_4[1].0,
                "minimax vs alphabeta, {variant} {fen}"
            );
            assert_eq!(
                at_4[0].0, at_4[2].0,
                "minimax vs negascout, {variant} {fen}"
            );
            let ab = fixed_depth(Algorithm::AlphaBeta, &pos, 6);
            let ns = fixed_depth(Algorithm::NegaScout, &pos, 6);
            assert_eq!(ab.0, ns.0, "alphabeta vs negascout at 6, {variant} {fen}");
            for (total, (_, nodes)) in shallow.iter_mut().zip(&at_4) {
                *total += nodes;
            }
            deep[0] += ab.1;
            deep[1] += ns.1;
        }
    }
    assert_eq!(positions, 100 * Variant::EIGHT_BY_EIGHT.len());
    assert!(kings_seen > 20, "only {kings_seen} positions with kings");
    let [minimax, alphabeta, _] = shallow;
    assert!(
        alphabeta < minimax,
        "alphabeta {alphabeta} vs minimax {minimax}"
    );
    assert!(
        deep[1] <= deep[0],
        "negascout {} vs alphabeta {} at depth 6",
        deep[1],
        deep[0]
    );
}

fn best(variant: Variant, fen: &str, depth: u32) -> (String, i32, Position) {
    let pos = Position::from_fen(fen, variant).unwrap();
    let mut engine = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
    let r = search_position(&mut engine, &pos, Limits::depth(depth));
    let mv = r.best_move.expect("a move");
    (
        warcaby::checkers::notation::full_text(&mv, pos.rules()),
        r.score,
        pos,
    )
}

/// White gives a man on e5; Black must take it (f6xd4, stopped by b2) and
/// White takes two back: c3xe5xc7.
#[test]
fn two_for_one_shot_in_every_variant() {
    for variant in Variant::EIGHT_BY_EIGHT {
        let (mv, score, pos) = best(variant, "W:Wb2,c3,d4,f4:Ba7,d6,f6,h8", 5);
        let expected = pos.parse_move("d4-e5").unwrap();
        assert_eq!(
            mv,
            warcaby::checkers::notation::full_text(&expected, pos.rules()),
            "{variant}"
        );
        assert!(score >= 150, "{variant}: score {score}");
    }
}

/// English, White to move: the king steps e5-d4 (15-18) between the men on
/// c3 and e3 (22, 23), which cannot both be saved. At depth 1 the reply is
/// already past the horizon: only the threat extension (a quiet horizon
/// position whose opponent threatens a capture gets one more ply) sees the
/// man won; without it every move looks the same as its static material.
#[test]
fn a_fork_one_ply_deep_is_seen_only_with_the_threat_extension() {
    let pos = Position::from_fen("W:WK15:B5,22,23", Variant::English).unwrap();
    let search = |threat_extension| {
        let config = SearchConfig {
            threat_extension,
            ..SearchConfig::default()
        };
        let mut engine = Searcher::new(config, CheckersEval::Material);
        let r = search_position(&mut engine, &pos, Limits::depth(1));
        let mv = r.best_move.expect("a move");
        (
            warcaby::checkers::notation::full_text(&mv, pos.rules()),
            r.score,
        )
    };
    let (fork, with) = search(true);
    let (_, without) = search(false);
    assert_eq!(fork, "15-18");
    let man = with - without;
    assert!(
        (90..=110).contains(&man),
        "the extension should see one man more: {with} with, {without} without"
    );
}

/// ProbCut cuts nodes a shallower search already puts well above beta:
/// over middle-game positions a deep search costs fewer nodes with it on
/// every rule set, the move found stays legal and the score mostly within
/// a man of the full search's; and an
/// evaluation without a margin for it (Clobber's) never cuts.
#[test]
fn probcut_saves_nodes_only_where_the_evaluation_has_a_margin() {
    let run = |pos: &Position, probcut: bool| {
        let config = SearchConfig {
            probcut,
            ..SearchConfig::default()
        };
        let mut engine = Searcher::new(config, CheckersEval::Positional);
        let r = search_position(&mut engine, pos, Limits::depth(13));
        (r.best_move.expect("a move"), r.score, r.nodes)
    };
    for variant in Variant::EIGHT_BY_EIGHT {
        let (mut cut_total, mut full_total, mut apart) = (0, 0, 0);
        for pos in random_positions(variant, 12, 38) {
            let (mv, cut_score, cut_nodes) = run(&pos, true);
            let (_, full_score, full_nodes) = run(&pos, false);
            assert!(pos.legal_moves().contains(&mv));
            apart += usize::from((cut_score - full_score).abs() > 100);
            cut_total += cut_nodes;
            full_total += full_nodes;
        }
        assert!(apart <= 2, "{variant}: {apart} of 12 scores a man apart");
        assert!(
            cut_total < full_total,
            "{variant}: {cut_total} nodes with ProbCut, {full_total} without"
        );
    }
    use warcaby::clobber::{ClobberEval, ClobberPosition, Shape};
    let start = ClobberPosition::start(Shape::new(5, 5).unwrap());
    let nodes = |probcut| {
        let config = SearchConfig {
            probcut,
            ..SearchConfig::default()
        };
        let mut engine = Searcher::new(config, ClobberEval::default());
        engine.search(&start, &[], Limits::depth(7), |_| {}).nodes
    };
    assert_eq!(nodes(true), nodes(false), "no ProbCut without a margin");
}

/// White must capture; the single capture h2xg3 (f4) is legal, but the
/// chain a1xb2xd4xf6 (landing c3, e5, g7) takes three.
#[test]
fn the_winning_capture_chain_is_chosen() {
    for variant in Variant::EIGHT_BY_EIGHT {
        let (mv, score, pos) = best(variant, "W:Wa1,h2:Bb2,d4,f6,g3,h8", 4);
        let chain = pos.parse_move("a1xc3xe5xg7").unwrap();
        assert_eq!(
            mv,
            warcaby::checkers::notation::full_text(&chain, pos.rules()),
            "{variant}"
        );
        assert!(score > MATE / 2, "{variant}: a won ending, score {score}");
    }
}

/// Engine against engine from `fen` for up to `plies`: the game record.
fn play_out(variant: Variant, fen: &str, plies: usize, depth: u32) -> Game {
    let mut game = Game::from_position(Position::from_fen(fen, variant).unwrap());
    let mut engine = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let r = search_game(&mut engine, &game, Limits::depth(depth));
        game.play(&r.best_move.unwrap()).unwrap();
    }
    game
}

/// A man with a free road to the crown decides a race of equal material:
/// the engine sees the win (stated depth 14) and crowns within five plies.
#[test]
fn runaway_man_is_crowned() {
    for (variant, fen) in [
        // e5 runs f6-g7-f8; Black's a7/a3 men are too slow.
        (Variant::Tournament, "W:W15,22:B5,21"),
        // a5 runs b6-c7-d8 past c5 and f6.
        (Variant::English, "W:W13,19:B11,14"),
        // e5 runs d6-c7-b8; f8/g7 cannot catch it.
        (Variant::Russian, "W:Wd4,e5:Bf8,g7"),
    ] {
        let (_, score, _) = best(variant, fen, 14);
        assert!(score >= 150, "{variant}: score {score}");
        let game = play_out(variant, fen, 5, 14);
        assert!(
            game.position().kings(Color::White).any(),
            "{variant}: no white king after {} plies: {}",
            game.ply_count(),
            game.position().to_fen()
        );
    }
}

/// Three kings against a lone king in a double corner (short kings), and
/// three kings against one not on the long diagonal (flying kings): the
/// engine wins well within the variant's no-progress limit.
#[test]
fn won_king_endgames_are_converted() {
    for (variant, fen) in [
        (Variant::Tournament, "W:WK1,K2,K3:BK32"),
        (Variant::English, "W:WK1,K2,K3:BK32"),
        (Variant::Russian, "W:WKa1,Kc1,Ke1:Bb8"),
    ] {
        let game = play_out(variant, fen, 60, 14);
        let outcome = game.outcome();
        assert!(
            matches!(
                outcome,
                Some(Outcome::Win {
                    winner: Color::White,
                    ..
                })
            ),
            "{variant}: {outcome:?} after {} plies, {}",
            game.ply_count(),
            game.position().to_fen()
        );
    }
}

#[test]
fn fastest_win_and_slowest_loss_are_preferred() {
    // Taking the last piece wins at once: the score is a win in one ply.
    let (mv, score, _) = best(Variant::English, "W:W22:B18", 4);
    assert_eq!(mv, "22x15");
    assert_eq!(score, MATE - 1);
    // Three kings against one: once the win is seen, every White move
    // brings it exactly one move (two plies) nearer, and Black's replies
    // score the same loss from the other side: the longest resistance.
    let mut game =
        Game::from_position(Position::from_fen("W:WK1,K2,K3:BK32", Variant::Tournament).unwrap());
    let mut engine = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
    let mut white_scores = Vec::new();
    while game.outcome().is_none() {
        let r = search_game(&mut engine, &game, Limits::depth(24));
        if game.position().side_to_move() == Color::White {
            white_scores.push(r.score);
        } else {
            assert!(r.score < -(MATE - 100), "Black sees its loss: {}", r.score);
        }
        game.play(&r.best_move.unwrap()).unwrap();
    }
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::White));
    assert!(white_scores[0] > MATE - 100, "{white_scores:?}");
    for pair in white_scores.windows(2) {
        assert_eq!(pair[1], pair[0] + 2, "{white_scores:?}");
    }
}

#[test]
fn returned_moves_are_legal_under_every_limit() {
    let limits = [Limits::depth(3), Limits::nodes(500), Limits::time_ms(5)];
    for variant in Variant::EIGHT_BY_EIGHT {
        for pos in random_positions(variant, 40, 99) {
            for limit in limits {
                let mut engine = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
                let r = search_position(&mut engine, &pos, limit);
                assert!(
                    pos.legal_moves().contains(&r.best_move.unwrap()),
                    "{}",
                    pos.to_fen()
                );
                assert!(r.pv.first() == r.best_move.as_ref() || r.pv.is_empty());
            }
        }
    }
}

#[test]
fn node_and_time_limits_are_obeyed() {
    let pos = Position::start(Variant::English);
    let mut engine = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
    let r = search_position(&mut engine, &pos, Limits::nodes(20_000));
    assert!(r.nodes <= 20_000 + 1, "{} nodes", r.nodes);
    assert!(r.depth >= 4, "depth {}", r.depth);
    // Time: checked loosely here (the benchmark measures precisely).
    let start = Instant::now();
    let r = search_position(&mut engine, &pos, Limits::time_ms(200));
    let spent = start.elapsed();
    assert!(spent < Duration::from_millis(700), "took {spent:?}");
    assert!(r.depth >= 4, "depth {}", r.depth);
}

/// A clock that advances one millisecond each time the search reads it
/// (every 1024 nodes), so time-limited searches are deterministic.
fn node_clock() -> f64 {
    use std::sync::atomic::AtomicU64;
    static READS: AtomicU64 = AtomicU64::new(0);
    READS.fetch_add(1, Ordering::Relaxed) as f64
}

#[test]
fn a_time_budget_is_used_not_just_respected() {
    // Iterations start until the budget is gone (earlier policies stopped at
    // 40 % and then 60 % of it), and the last one runs to the budget, or to
    // the ceiling while the best move fails.
    let mut engine =
        Searcher::new(SearchConfig::default(), CheckersEval::Positional).with_clock(node_clock);
    let pos = Position::start(Variant::English);
    for (limits, most) in [
        (Limits::time_ms(100), 101),
        (Limits::time_ms(100).with_max_time_ms(300), 301),
    ] {
        let r = search_position(&mut engine, &pos, limits);
        assert!(
            (99..=most).contains(&r.time_ms),
            "{limits:?}: used {} ms",
            r.time_ms
        );
    }
    // A single legal move is answered at once under a time limit.
    let forced = Position::from_fen("B:W18:B14,1", Variant::English).unwrap();
    assert_eq!(forced.legal_moves().len(), 1);
    let r = search_position(&mut engine, &forced, Limits::time_ms(100));
    assert_eq!((r.depth, r.time_ms < 10), (1, true));
}

#[test]
fn stop_flag_ends_an_unlimited_search() {
    let pos = Position::start(Variant::Russian);
    let mut engine = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
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

#[test]
fn iterations_are_reported_in_order() {
    let pos = Position::start(Variant::Tournament);
    let mut engine = Searcher::new(SearchConfig::default(), CheckersEval::Material);
    let mut depths = Vec::new();
    let node = CheckersNode {
        pos,
        quiet_plies: 0,
    };
    let r = engine.search(&node, &[], Limits::depth(7), |info| {
        assert!(!info.pv.is_empty());
        assert_eq!(info.best_move, info.pv.first().copied());
        depths.push(info.depth)
    });
    assert_eq!(depths, (1..=7).collect::<Vec<_>>());
    assert_eq!(r.depth, 7);
    assert!(r.seldepth >= 7);
}

/// A search that treats a position as drawn once it has occurred earlier in
/// the game: a lone king against a lone king scores a draw.
#[test]
fn draws_are_respected_inside_the_search() {
    let (_, score, _) = best(Variant::English, "W:WK18:BK1", 12);
    assert!(score.abs() < 100, "score {score}");
    // The no-progress count is part of the node: at the limit the game is drawn.
    let pos = Position::from_fen("W:WK1,K2,K3:BK32", Variant::Tournament).unwrap();
    let node = CheckersNode {
        pos,
        quiet_plies: 19,
    };
    let mut searcher = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
    let r = searcher.search(&node, &[], Limits::depth(6), |_| {});
    assert_eq!(r.score, 0, "one quiet ply left: nothing can be won");
}

fn level_game(level: i64, seed: u64) -> Vec<String> {
    let level = Level::new(level).unwrap();
    let mut game = Game::new(Variant::Tournament);
    let mut engine = Searcher::new(level.config(seed), level.eval());
    let mut texts = Vec::new();
    while game.outcome().is_none() && game.ply_count() < 40 {
        let r = search_game(
            &mut engine,
            &game,
            Limits::depth(level.limits(1000).depth.unwrap()),
        );
        let mv = r.best_move.unwrap();
        texts.push(game.position().move_text(&mv));
        game.play(&mv).unwrap();
    }
    texts
}

#[test]
fn weak_levels_are_reproducible_from_a_seed() {
    assert_eq!(level_game(2, 42), level_game(2, 42));
    let games: std::collections::HashSet<Vec<String>> =
        (1..=4).map(|seed| level_game(2, seed)).collect();
    assert!(games.len() > 1, "different seeds should vary the game");
    assert!(Level::new(0).is_err() && Level::new(9).is_err());
}
