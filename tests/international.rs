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
