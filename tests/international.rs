//! International draughts on the 10x10 board: the FMJD capture rules, each
//! as a position (their moves checked against pydraughts 0.6.7's `standard`
//! variant when the test was written), the board's numbering and FEN, and
//! bad input refused. Perft: `tests/perft.rs`.

use warcaby::checkers::game::GameOf;
use warcaby::checkers::international::{Bitboard, Board10, Position, Square};
use warcaby::checkers::position::PositionError;
use warcaby::checkers::rules::{EndgameDraw, EndgameMaterial};
use warcaby::{Color, DrawReason, FenError, Outcome, Variant};

fn position(fen: &str) -> Position {
    Position::from_fen(fen, Variant::International).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves' texts, sorted, with the number of pieces each takes.
fn moves(fen: &str) -> Vec<(String, u32)> {
    let pos = position(fen);
    let mut list: Vec<(String, u32)> = pos
        .legal_moves()
        .iter()
        .map(|m| (pos.move_text(m), m.capture_count()))
        .collect();
    list.sort();
    list
}

fn texts(list: &[(&str, u32)]) -> Vec<(String, u32)> {
    list.iter().map(|(t, n)| (t.to_string(), *n)).collect()
}

#[test]
fn squares_are_numbered_1_to_50_from_the_top_left() {
    let sq = |n| Square::from_number(n).unwrap();
    let name = |n| format!("{:?}", sq(n));
    assert_eq!(
        [name(1), name(5), name(46), name(50)],
        ["b10", "j10", "a1", "i1"]
    );
    assert_eq!(Square::all().count(), 50);
    assert!(Square::from_number(0).is_none() && Square::from_number(51).is_none());
    for n in 1..=50 {
        assert_eq!(sq(n).number(), n);
        assert_eq!((sq(n).file() + sq(n).rank()) % 2, 0, "{n} is a dark square");
    }
}

#[test]
fn the_start_has_twenty_men_a_side_and_white_moves_first() {
    let start = Position::start(Variant::International);
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!(start.pieces(Color::White).count(), 20);
    assert_eq!(start.pieces(Color::Black).count(), 20);
    let numbers = |c| -> Vec<u8> { start.pieces(c).squares().map(|s| s.number()).collect() };
    let mut white = numbers(Color::White);
    white.sort();
    assert_eq!(white, (31..=50).collect::<Vec<u8>>());
    let mut legal: Vec<String> = start
        .legal_moves()
        .iter()
        .map(|m| start.move_text(m))
        .collect();
    legal.sort();
    assert_eq!(
        legal,
        ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]
    );
    // Turned round, the start is its own colour-reversed twin.
    let [own, theirs, kings] = start.mover_view();
    let black_view = start.with_side_to_move(Color::Black).mover_view();
    assert_eq!([own, theirs, kings], black_view);
}

#[test]
fn the_capture_taking_the_most_pieces_is_the_only_move() {
    // 28 could take the king on 22 (one piece) or the men 23 and 19 (two):
    // the king counts as one piece, so only the two-piece capture is legal.
    assert_eq!(moves("W:W33:B28,K29,18"), texts(&[("33x13", 2)]));
    // With equal maxima every one is offered.
    assert_eq!(
        moves("W:W32,31:B27,26,17"),
        texts(&[("31x11", 2), ("32x12", 2)])
    );
    assert_eq!(
        moves("W:W38:B33,22,23,13"),
        texts(&[("38x27", 3), ("38x9", 3)])
    );
}

#[test]
fn a_man_crossing_the_last_row_in_a_capture_goes_on_as_a_man() {
    // 14 takes 9 landing on 3 (the crowning row), then 8 to 12: a man.
    let pos = position("W:W14:B9,8");
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), 1);
    assert_eq!(pos.move_text(&legal[0]), "14x12");
    assert!(!legal[0].promotes());
    assert_eq!(pos.after(&legal[0]).to_fen(), "B:W12:B");
    // A man that ends its capture on the last row is crowned.
    let pos = position("W:W13:B8");
    let mv = pos.parse_move("13x2").unwrap();
    assert!(mv.promotes());
    assert_eq!(pos.after(&mv).to_fen(), "B:WK2:B");
}

#[test]
fn a_flying_king_takes_along_a_long_chain_and_the_pieces_go_at_the_end() {
    // The king on 46 takes five men; it may finish on 16 or 11, and a
    // piece it has jumped stays on the board until the move ends (it
    // cannot be jumped twice).
    assert_eq!(
        moves("W:WK46:B41,32,23,14,7,8"),
        texts(&[("46x11", 5), ("46x16", 5)])
    );
    let pos = position("W:WK46:B41,32,23,14,7,8");
    let mv = pos.parse_move("46x11").unwrap();
    // Entered hop by hop as well as by its final square.
    let full = warcaby::checkers::notation::full_text(&mv, pos.rules());
    assert_eq!(pos.parse_move(&full), Ok(mv));
    assert_eq!(pos.after(&mv).pieces(Color::Black).count(), 1);
    // The Turkish strike: a man already jumped blocks the king's way.
    assert_eq!(moves("W:WK50:B44,33,22,11,17,28"), texts(&[("50x39", 1)]));
}

#[test]
fn men_capture_backward_and_black_men_move_down() {
    assert_eq!(moves("W:W22:B28"), texts(&[("22x33", 1)]));
    assert_eq!(moves("B:W33,28:B19"), texts(&[("19-23", 0), ("19-24", 0)]));
}

#[test]
fn fen_reads_and_writes_numbers_and_ranges() {
    let pos = position("B:W31-35,K46:B1-3,K5");
    assert_eq!(pos.to_fen(), "B:W31,32,33,34,35,K46:B1,2,3,K5");
    assert_eq!(pos.side_to_move(), Color::Black);
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let err = |fen: &str| Position::from_fen(fen, Variant::International).unwrap_err();
    assert!(matches!(err("W:W51:B1"), FenError::Square { .. }));
    assert!(err("W:W51:B1").to_string().contains("1-50"));
    let all: Vec<String> = (1..=21).map(|n| n.to_string()).collect();
    assert!(matches!(
        err(&format!("W:W{}:B50", all.join(","))),
        FenError::Position(PositionError::TooManyPieces("white", 21))
    ));
    assert!(matches!(
        err("W:W1:B50"),
        FenError::Position(PositionError::ManOnCrowningRow("white", _))
    ));
    // An 8x8 rule set on this board, and this rule set on 8x8, are refused.
    assert!(matches!(
        Position::from_fen("W:W31:B1", Variant::Tournament).unwrap_err(),
        FenError::Position(PositionError::WrongBoard("tournament", "8x8"))
    ));
    assert!(warcaby::Position::from_fen("W:W31:B1", Variant::International).is_err());
    // A move that is not legal names the legal ones.
    let start = Position::start(Variant::International);
    let e = start.parse_move("31-25").unwrap_err().to_string();
    assert!(e.contains("32-28"), "{e}");
    // Bits off the board (the layout's unused bits) are refused too.
    let ghost = warcaby::checkers::international::Setup {
        white: Bitboard::from_bits(1 << 5),
        ..Default::default()
    };
    assert!(matches!(
        Position::from_setup(&ghost, Variant::International),
        Err(PositionError::LightSquare(5))
    ));
}

/// Plays `plies` quiet moves: each the first that reaches a position not
/// seen before and leaves the opponent no capture (kings walking about).
fn walk_kings(game: &mut GameOf<Board10>, plies: usize) {
    let mut seen = std::collections::HashSet::new();
    seen.insert(game.position().hash());
    for ply in 0..plies {
        assert!(
            game.outcome().is_none(),
            "over after {ply} plies: {:?}",
            game.outcome()
        );
        let pos = *game.position();
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| {
                let next = pos.after(m);
                !m.is_capture()
                    && !seen.contains(&next.hash())
                    && next.legal_moves().iter().all(|r| !r.is_capture())
            })
            .unwrap_or_else(|| panic!("no quiet move at ply {ply}: {}", pos.to_fen()));
        game.play(&mv).unwrap();
        seen.insert(game.position().hash());
    }
}

#[test]
fn the_fmjd_draws_end_king_endings() {
    let game_from = |fen: &str| GameOf::from_position(position(fen));
    // Two pieces with a king against a lone king: drawn after 5 moves each.
    let mut game = game_from("W:WK47,K49:BK3");
    walk_kings(&mut game, 10);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::Endgame(EndgameDraw {
            material: EndgameMaterial::PiecesAgainstLoneKing(2),
            plies: 10,
        })))
    );
    // Three pieces with a king: 16 moves each.
    let mut game = game_from("W:WK47,K49,K45:BK3");
    walk_kings(&mut game, 31);
    assert_eq!(game.outcome(), None);
    walk_kings(&mut game, 1);
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::Endgame(EndgameDraw {
            plies: 32,
            ..
        })))
    ));
    // Kings only on both sides, more than a lone king: 25 moves each.
    let mut game = game_from("W:WK47,K49,K45:BK3,K1");
    walk_kings(&mut game, 49);
    assert_eq!(game.outcome(), None);
    walk_kings(&mut game, 1);
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::NoProgress { plies: 50, .. }))
    ));
}

/// Real games: three of the 2003 world championship (Zwartewaterland), as
/// the public PDN collection of wiegerw/pdn (`games/succeed/wk2003.pdn`)
/// writes their moves (from and to square; captures long and short, kings
/// flying across the board). Each is replayed move by move from the start;
/// its final position is pydraughts' replay of the same moves.
const WORLD_CHAMPIONSHIP_2003: [(&str, &str, &str); 3] = [
    (
        "Jansen - Valneris, round 1, 1-0",
        "1. 32-28 17-22 2. 28x17 11x22 3. 37-32 12-17 4. 41-37 6-11
     5. 46-41 1-6 6. 34-30 7-12 7. 30-25 19-23 8. 40-34 14-19
     9. 25x14 9x20 10. 34-29 23x34 11. 39x30 20-25 12. 44-39 25x34
     13. 39x30 15-20 14. 31-27 22x31 15. 36x27 10-14 16. 50-44 5-10
     17. 44-40 20-25 18. 30-24 19x30 19. 35x24 3-9 20. 43-39 18-23
     21. 24-20 13-18 22. 40-34 17-21 23. 45-40 11-17 24. 40-35 21-26
     25. 20-15 17-22 26. 41-36 22x31 27. 36x27 6-11 28. 47-41 11-17
     29. 49-43 17-21 30. 41-36 8-13 31. 34-30 25x34 32. 39x30 12-17
     33. 30-25 17-22 34. 35-30 22x31 35. 36x27 2-8 36. 43-39 14-19
     37. 48-43 8-12 38. 33-28 23-29 39. 39-33 12-17 40. 33x24 18-22
     41. 27x18 13x33 42. 38x29 10-14 43. 24x13 9x18 44. 30-24 17-22
     45. 32-28 22x33 46. 29x38 21-27 47. 38-33 4-10 48. 15x4 14-20
     49. 4x36 20x49 50. 25-20 49-44 51. 20-14",
        "B:W14,37,42,K36:B16,26,K44",
    ),
    (
        "Clerc - Andall, round 1, 1-0",
        "1. 33-29 20-25 2. 39-33 14-20 3. 44-39 20-24 4. 29x20 25x14
     5. 35-30 18-23 6. 30-25 12-18 7. 34-30 7-12 8. 30-24 19x30
     9. 25x34 14-19 10. 32-28 23x32 11. 37x28 10-14 12. 41-37 5-10
     13. 46-41 19-23 14. 28x19 14x23 15. 37-32 10-14 16. 50-44 14-19
     17. 33-28 15-20 18. 38-33 1-7 19. 41-37 16-21 20. 34-29 23x34
     21. 40x29 21-26 22. 42-38 19-23 23. 28x19 13x24 24. 39-34 20-25
     25. 29x20 25x14 26. 47-42 14-19 27. 43-39 8-13 28. 49-43 9-14
     29. 44-40 2-8 30. 40-35 3-9 31. 34-29 18-23 32. 29x18 12x23
     33. 31-27 7-12 34. 45-40 12-18 35. 40-34 17-22 36. 34-30 22x31
     37. 36x27 14-20 38. 30-25 20-24 39. 33-28 8-12 40. 27-22 18x27
     41. 32x21 23x41 42. 21-17 12x21 43. 42-37 41x32 44. 38x7 26-31
     45. 48-42 31-36 46. 42-37 6-11 47. 7x16 13-18 48. 16-11 19-23
     49. 11-7 23-28 50. 43-38 18-22 51. 38-33 24-29 52. 33x24 22-27
     53. 7-1 27-31 54. 37x26 36-41 55. 24-19 9-14 56. 19x10 4x15
     57. 1-29 15-20 58. 29x15 41-46 59. 15-33 28-32 60. 33-42",
        "B:W25,26,35,39,K42:B32,K46",
    ),
    (
        "Georgiev - Schwarzman, round 1, 1/2-1/2",
        "1. 33-28 18-22 2. 38-33 12-18 3. 34-29 19-23 4. 28x19 14x34
     5. 40x29 7-12 6. 32-28 16-21 7. 45-40 1-7 8. 40-34 10-14
     9. 37-32 11-16 10. 43-38 14-19 11. 44-40 19-24 12. 31-27 22x31
     13. 36x27 21-26 14. 50-44 5-10 15. 41-37 20-25 16. 29x20 15x24
     17. 28-23 18x29 18. 34x23 10-15 19. 49-43 17-21 20. 33-29 24x33
     21. 38x29 13-19 22. 23x14 9x20 23. 39-34 8-13 24. 43-39 13-18
     25. 29-24 20x29 26. 34x23 18x29 27. 39-34 2-8 28. 34x23 8-13
     29. 40-34 4-9 30. 46-41 9-14 31. 44-39 13-18 32. 34-29 14-20
     33. 29-24 18x29 34. 24x33 3-9 35. 42-38 9-13 36. 48-43 13-19
     37. 39-34 12-18 38. 43-39 7-11 39. 41-36 11-17 40. 34-29 17-22
     41. 47-42 22x31 42. 36x27 19-24 43. 29-23 18x29 44. 39-34 29x40
     45. 35x44 6-11 46. 33-28 24-29 47. 28-22 25-30 48. 22-18 30-35
     49. 18-13 29-34 50. 44-39 34x43 51. 38x49 35-40 52. 13-9 40-45
     53. 27-22 45-50 54. 22-18 21-27 55. 32x21 16x27 56. 18-13 50-17
     57. 9-3 17-50 58. 3x25 27-32 59. 37x28 50x4 60. 42-37 11-16
     61. 25-48 4-36 62. 49-44",
        "B:W37,44,K48:B15,16,26,K36",
    ),
];

#[test]
fn real_games_of_the_2003_world_championship_replay_to_pydraughts_positions() {
    for (game, moves, last) in WORLD_CHAMPIONSHIP_2003 {
        let mut pos = Position::start(Variant::International);
        let mut played = 0;
        for token in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
            let mv = pos
                .parse_move(token)
                .unwrap_or_else(|e| panic!("{game}, move {token}: {e}"));
            pos.play(&mv);
            played += 1;
        }
        assert!(played > 100, "{game}: {played} moves");
        assert_eq!(pos, position(last), "{game}: {}", pos.to_fen());
    }
}

/// The same three games as PDN (GameType 20, the event's tags, the
/// numbered movetext as the collection writes it), one file: the reader
/// replays each to the same final position, and what it writes reads back
/// to the same game.
#[test]
fn the_pdn_reader_reads_the_2003_games_and_writes_them_back() {
    use warcaby::checkers::notation::pdn;
    let mut file = String::new();
    for (game, moves, _) in WORLD_CHAMPIONSHIP_2003 {
        let (players, rest) = game.split_once(", round 1, ").unwrap();
        let (white, black) = players.split_once(" - ").unwrap();
        file.push_str(&format!(
            "[Event \"WK 2003\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
             [Result \"{rest}\"]\n[GameType \"20\"]\n\n{moves} {rest}\n\n"
        ));
    }
    let raw = pdn::split(&file);
    assert_eq!(raw.len(), 3);
    for (raw, (game, _, last)) in raw.iter().zip(WORLD_CHAMPIONSHIP_2003) {
        let read = raw.replay_on::<Board10>(Variant::Tournament).unwrap();
        assert_eq!(read.game.variant(), Variant::International, "{game}");
        assert_eq!(*read.game.position(), position(last), "{game}");
        assert_eq!(read.result, game.rsplit(", ").next().unwrap(), "{game}");
        // An 8x8 reader refuses it, naming the board.
        let err = raw.replay(Variant::Tournament).unwrap_err().to_string();
        assert!(err.contains("10x10"), "{err}");
        // Written and read back: the same moves.
        let text = read.to_pdn();
        assert!(text.contains("[GameType \"20\"]"), "{text}");
        let again = pdn::split(&text)[0].replay_on::<Board10>(Variant::Tournament);
        assert_eq!(again.unwrap().game, read.game, "{text}");
    }
    // An 8x8 game is refused on the 10x10 board; a square off it too.
    let english = &pdn::split("[GameType \"21\"]\n1. 11-15 *")[0];
    let err = english
        .replay_on::<Board10>(Variant::Tournament)
        .unwrap_err();
    assert!(err.to_string().contains("8x8"), "{err}");
    let off = &pdn::split("[GameType \"20\"]\n[FEN \"W:W51:B1\"]\n1. 51-46 *")[0];
    assert!(off.replay_on::<Board10>(Variant::Tournament).is_err());
}

/// 10x10 in the one game abstraction: a game of any kind plays, undoes,
/// saves and rebuilds it, and the engine searches it, as the front ends do.
#[cfg(feature = "international")]
#[test]
fn the_game_abstraction_plays_10x10() {
    use warcaby::checkers::ai::Level;
    use warcaby::games::{AnyGame, EngineChoice, GameRecord, GameRules, PlayedGame};
    let rules = GameRules::from_name("international", None).unwrap();
    assert!(rules.is_10x10() && rules.endgame_rules().is_none() && !rules.has_book());
    let mut game = rules.new_game();
    let played: &mut dyn PlayedGame = game.played_mut();
    assert_eq!(played.board_size(), (10, 10));
    assert_eq!(played.rules_name(), "international");
    assert_eq!(played.legal_moves().len(), 9);
    assert_eq!(played.pieces_at(0).len(), 40);
    assert_eq!(
        position(&played.position_text_at(0)),
        position("W:W31-50:B1-20")
    );
    let mv = played.play_text("32-28").unwrap();
    assert_eq!(
        (played.spot_number(mv.from()), played.spot_number(mv.to())),
        (32, 28)
    );
    played.play_text("19-23").unwrap();
    let capture = played.play_text("28x19").unwrap();
    assert_eq!(capture.taken().len(), 1);
    assert_eq!(played.spot_number(capture.taken()[0]), 23);
    // Bad input changes nothing: square 51, an illegal move, 8x8 text.
    for bad in ["51-46", "31-27", "c3-d4", "banana"] {
        assert!(played.play_text(bad).is_err(), "{bad}");
    }
    assert_eq!(played.ply_count(), 3);
    assert_eq!(played.move_list(), ["32-28", "19-23", "28x19"]);
    assert!(
        played.text_board().contains("10    x   x"),
        "{}",
        played.text_board()
    );
    let record = game.record();
    assert!(matches!(
        &record,
        GameRecord::Checkers {
            variant: Variant::International,
            ..
        }
    ));
    assert_eq!(AnyGame::from_record(&record).unwrap(), game);
    // A FEN of the other board is refused, in both directions.
    assert!(AnyGame::from_fen("W:W31-50:B1-20", Variant::English).is_err());
    assert!(AnyGame::from_fen("W:W51:B1", Variant::International).is_err());
    // The strong levels play the 10x10 network, the others the plain
    // evaluation; an 8x8 one is not this game's.
    let rules = warcaby::games::GameRules::Checkers(Variant::International);
    assert!(rules.level_eval(Level::MAX).is_learned());
    assert_eq!(
        rules.level_eval(Level::new(6).unwrap()).to_string(),
        "plain"
    );
    assert!(rules.plays_eval(&"learned".parse().unwrap()));
    assert!(!rules.plays_eval(&"positional".parse().unwrap()));
    // The engine: a level and the lab's plain evaluation.
    let level = EngineChoice::Level {
        level: Level::new(3).unwrap(),
        seed: 1,
    };
    let report = game.think(&level, 50, None, |_| {}).unwrap();
    let best = report.best_move.expect("a move");
    assert!(game.played_mut().play_text(&best).is_ok(), "{best}");
    let pdn = game.pdn(&[("White", "A")], "*", Vec::new()).unwrap();
    assert!(
        pdn.contains("[GameType \"20\"]") && pdn.contains("1. 32-28 19-23 2. 28x19"),
        "{pdn}"
    );
}
