//! Squares, FEN, move text and PDN: what is accepted, what is written, and a
//! clear typed error for everything malformed.

use proptest::prelude::*;
use warcaby::checkers::notation::fen::FenError;
use warcaby::checkers::notation::pdn::{self, PdnError, PdnGame};
use warcaby::checkers::notation::{full_text, pdn_text, short_text, MoveTextError};
use warcaby::checkers::position::PositionError;
use warcaby::{Bitboard, Color, Game, Move, Position, Setup, Square, SquareNotation, Variant};

fn sq(name: &str) -> Square {
    Square::parse(name, SquareNotation::Algebraic).unwrap()
}

#[test]
fn numbered_squares_follow_the_spec() {
    for (n, name) in [
        (1, "b8"),
        (4, "h8"),
        (5, "a7"),
        (29, "a1"),
        (30, "c1"),
        (32, "g1"),
    ] {
        assert_eq!(Square::from_number(n), Some(sq(name)), "square {n}");
        assert_eq!(sq(name).number(), n);
    }
    for n in 1..=32 {
        let s = Square::from_number(n).unwrap();
        assert_eq!(
            Square::parse(&n.to_string(), SquareNotation::Numeric),
            Ok(s)
        );
    }
    assert_eq!(Square::from_number(0), None);
    assert_eq!(Square::from_number(33), None);
}

#[test]
fn bad_squares_are_named_in_errors() {
    let numeric = SquareNotation::Numeric;
    assert!(Square::parse("b1", numeric)
        .unwrap_err()
        .to_string()
        .contains("light square"));
    assert!(Square::parse("33", numeric)
        .unwrap_err()
        .to_string()
        .contains("off the board"));
    assert!(Square::parse("z9", numeric)
        .unwrap_err()
        .to_string()
        .contains("off the board"));
    assert!(Square::parse("1a", numeric)
        .unwrap_err()
        .to_string()
        .contains("not a square"));
    let err = Square::parse("12", SquareNotation::Algebraic).unwrap_err();
    assert!(err.to_string().contains("algebraically"));
}

#[test]
fn fen_reads_ranges_kings_and_wrappers() {
    let start = Position::start(Variant::English);
    for text in [
        "B:W21-32:B1-12",
        "[FEN \"B:W21-32:B1-12\"]",
        " \"B:W21-32:B1-12.\" ",
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "b:w 21-24, 25-32 : b1-12",
    ] {
        assert_eq!(
            Position::from_fen(text, Variant::English),
            Ok(start),
            "{text}"
        );
    }
    let pos = Position::from_fen("W:W21,22,K30:B1,2,K5", Variant::Tournament).unwrap();
    assert_eq!(pos.side_to_move(), Color::White);
    assert_eq!(pos.kings(Color::White).count(), 1);
    assert_eq!(pos.kings(Color::Black).count(), 1);
    assert_eq!(pos.to_fen(), "W:W21,22,K30:B1,2,K5");
    let russian = Position::from_fen("W:Wa1,c1,Kd4:Bb8", Variant::Russian).unwrap();
    assert_eq!(russian.to_fen(), "W:Wa1,c1,Kd4:Bb8");
    assert_eq!(
        Position::start(Variant::Russian).to_fen(),
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
    );
}

#[test]
fn malformed_fen_gets_a_typed_error() {
    let t = Variant::Tournament;
    type Check = fn(&FenError) -> bool;
    let cases: Vec<(&str, Check)> = vec![
        ("", |e| matches!(e, FenError::Empty)),
        ("X:W1:B2", |e| matches!(e, FenError::SideToMove(_))),
        ("W:W21", |e| matches!(e, FenError::FieldCount(1 | 2))),
        ("W:W21:B1:B2", |e| matches!(e, FenError::FieldCount(4))),
        ("W:Q21:B1", |e| matches!(e, FenError::FieldColor(_))),
        ("W:W21:W22", |e| matches!(e, FenError::DuplicateColor(_))),
        ("W:W21,40:B1", |e| matches!(e, FenError::Square { .. })),
        ("W:Wb1:B1", |e| matches!(e, FenError::Square { .. })),
        ("W:W21,,x:B1", |e| matches!(e, FenError::Square { .. })),
        ("W:W12-1:B30", |e| matches!(e, FenError::Range { .. })),
        ("W:W21,21:B1", |e| matches!(e, FenError::DuplicateSquare(_))),
        ("W:W21:B21", |e| matches!(e, FenError::DuplicateSquare(_))),
        ("W:W1:B30", |e| {
            matches!(e, FenError::Position(PositionError::ManOnCrowningRow(..)))
        }),
        ("W:W1-13:B30", |e| {
            matches!(e, FenError::Position(PositionError::TooManyPieces(..)))
        }),
    ];
    for (text, ok) in cases {
        let err = Position::from_fen(text, t).unwrap_err();
        assert!(ok(&err), "{text:?} gave {err:?}");
        assert!(!err.to_string().is_empty());
    }
    let err = Position::from_fen("W:W21:B1", Variant::Russian).unwrap_err();
    assert!(err.to_string().contains("algebraically"), "{err}");
}

#[test]
fn move_text_reads_short_and_full_forms() {
    let pos = Position::start(Variant::English);
    let mv = pos.parse_move("11-15").unwrap();
    assert_eq!(mv.from().number(), 11);
    assert_eq!(mv.to().number(), 15);
    assert_eq!(pos.move_text(&mv), "11-15");
    // x is accepted for a quiet move, as many PDN files write it loosely.
    assert_eq!(pos.parse_move("11x15").unwrap(), mv);
    let russian = Position::start(Variant::Russian);
    let mv = russian.parse_move("c3-d4").unwrap();
    assert_eq!(russian.move_text(&mv), "c3-d4");
    assert_eq!(russian.parse_move("C3:D4").unwrap(), mv);
}

#[test]
fn multi_captures_read_with_or_without_landings() {
    // White man on 27 jumps 23 and 14 (landing 18, then 9... check by path).
    let pos = Position::from_fen("W:W27:B23,14,2", Variant::English).unwrap();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 1);
    let mv = moves[0];
    assert_eq!(full_text(&mv, pos.rules()), "27x18x9");
    assert_eq!(pos.move_text(&mv), "27x9");
    for text in ["27x9", "27x18x9", "27-9", "27x18x9"] {
        assert_eq!(pos.parse_move(text), Ok(mv), "{text}");
    }
    assert!(matches!(
        pos.parse_move("27x19x9"),
        Err(MoveTextError::Illegal { .. })
    ));
}

/// English king on 22 (c3) with black men on 18, 19, 25, 26, 27: it can take
/// b2 alone (22x29), or run the loop c3-e5-g3-e1-c3 either way round and then
/// take b2: two sequences with the same start, end and captured pieces but
/// different landing squares.
const LOOP: &str = "W:WK22:B18,19,25,26,27";

#[test]
fn ambiguous_and_illegal_texts_name_the_candidates() {
    let pos = Position::from_fen(LOOP, Variant::English).unwrap();
    let mut texts: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| full_text(m, pos.rules()))
        .collect();
    texts.sort();
    assert_eq!(texts, ["22x15x24x31x22x29", "22x29", "22x31x24x15x22x29"]);
    // The two-square text is the full path of the single capture.
    assert_eq!(pos.parse_move("22x29").unwrap().capture_count(), 1);
    match pos.parse_move("22x24x29") {
        Err(MoveTextError::Ambiguous { candidates, .. }) => {
            assert!(candidates.contains("22x15x24x31x22x29"), "{candidates}");
            assert!(candidates.contains("22x31x24x15x22x29"), "{candidates}");
            assert_eq!(candidates.split(", ").count(), 2, "{candidates}");
        }
        other => panic!("expected ambiguity, got {other:?}"),
    }
    for mv in pos.legal_moves() {
        assert_eq!(pos.parse_move(&pos.move_text(&mv)), Ok(mv));
        assert_eq!(pos.move_text(&mv), full_text(&mv, pos.rules()));
    }
    let start = Position::start(Variant::Tournament);
    match start.parse_move("11-15") {
        Err(MoveTextError::Illegal { legal, .. }) => {
            assert!(
                legal.contains("21-17") && legal.contains("24-19"),
                "{legal}"
            );
        }
        other => panic!("expected illegal, got {other:?}"),
    }
    for bad in ["", "11", "11--15", "x-", "11-15-", "aa-bb", "99-100"] {
        assert!(start.parse_move(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn two_paths_with_same_ends_are_distinct_moves() {
    // Russian king on f2 takes e3, e5, g5 (f2:d4:f6:h4) or c7... the other
    // way round the board (f2:b6:d8:h4): same ends, different captures.
    let pos = Position::from_fen("W:WKf2:Bc7,d2,e3,e5,g5", Variant::Russian).unwrap();
    let mut texts: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    texts.sort();
    assert_eq!(texts, ["f2:b6:d8:h4", "f2:d4:f6:h4"]);
    match pos.parse_move("f2:h4") {
        Err(MoveTextError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates.matches(':').count(), 6, "{candidates}")
        }
        other => panic!("expected ambiguity, got {other:?}"),
    }
    // The English loop: same captured set, different order.
    let pos = Position::from_fen(LOOP, Variant::English).unwrap();
    let loops: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.capture_count() == 5)
        .collect();
    assert_eq!(loops.len(), 2);
    assert_eq!(loops[0].captured(), loops[1].captured());
    assert_ne!(loops[0].path(), loops[1].path());
}

/// A Russian king capturing f4 and then c7 on one line makes one move; any
/// square between the two captured pieces names its stop, and written text
/// uses the one right behind f4 (PDN 3.0).
#[test]
fn russian_king_flight_stops_anywhere_between_the_captured_pieces() {
    let pos = Position::from_fen("W:WKg3:Bf4,c7", Variant::Russian).unwrap();
    let mv = pos.legal_moves()[0];
    assert_eq!(pos.legal_moves().len(), 1);
    for text in ["g3:b8", "g3:e5:b8", "g3xe5xb8", "G3xD6xB8", "g3-d6-b8"] {
        assert_eq!(pos.parse_move(text), Ok(mv), "{text}");
    }
    for bad in ["g3:f4:b8", "g3:c7:b8", "g3:e5:d6:b8", "g3:h2:b8"] {
        assert!(
            matches!(pos.parse_move(bad), Err(MoveTextError::Illegal { .. })),
            "{bad}"
        );
    }
    assert_eq!(full_text(&mv, pos.rules()), "g3:e5:b8");
    assert_eq!(pos.move_text(&mv), "g3:b8");
    assert_eq!(pos.pdn_move_text(&mv), "g3xb8");
}

/// c1 takes d2 and flies on over g5 to h6 (then turns three times), or takes
/// d2, stops on f4 and turns over g3 to h2: both end on h2, so the full path
/// is written, with e3 (right behind d2) for the straight flight.
#[test]
fn russian_full_paths_write_the_square_behind_the_captured_piece() {
    let pos = Position::from_fen("W:WKc1:Be7,g3,g5,d2,g7", Variant::Russian).unwrap();
    let mut texts: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    texts.sort();
    assert_eq!(texts, ["c1:e3:h6:f8:d6:h2", "c1:f4:h2"]);
    let long = pos.parse_move("c1:e3:h6:f8:d6:h2").unwrap();
    assert_eq!(long.capture_count(), 5);
    assert_eq!(pos.pdn_move_text(&long), "c1xe3xh6xf8xd6xh2");
    // pydraughts' text and the old output (the last square before g5) name it too.
    for text in ["c1xe3xh6xf8xd6xh2", "c1:f4:h6:f8:d6:h2", "c1:e3:h2"] {
        assert_eq!(pos.parse_move(text), Ok(long), "{text}");
    }
    assert_eq!(pos.parse_move("c1:f4:h2").unwrap().capture_count(), 2);
    assert!(matches!(
        pos.parse_move("c1:h2"),
        Err(MoveTextError::Ambiguous { .. })
    ));
}

/// For each stop of `mv`, the squares that may name it: the straight
/// stretch between the pieces captured before and after it when the piece
/// goes on along the same line, else the stop itself. Written apart from
/// the library, from the move's squares and captures alone.
fn stop_squares(mv: &Move) -> Vec<Vec<Square>> {
    let dir = |a: Square, b: Square| {
        (
            (b.file() as i8 - a.file() as i8).signum(),
            (b.rank() as i8 - a.rank() as i8).signum(),
        )
    };
    let walk = |a: Square, d: (i8, i8)| {
        std::iter::successors(a.offset(d.0, d.1), move |s| s.offset(d.0, d.1))
    };
    let mut corners = vec![mv.from()];
    corners.extend_from_slice(mv.path());
    corners
        .windows(3)
        .map(|w| {
            let d = dir(w[0], w[1]);
            if !mv.is_capture() || d != dir(w[1], w[2]) {
                return vec![w[1]];
            }
            let captured = |s: &Square| mv.captured().contains(*s);
            let before = walk(w[0], d).find(captured).unwrap();
            walk(before, d).take_while(|s| !captured(s)).collect()
        })
        .collect()
}

/// A position from 32 cells (0 empty, 1/2 white man/king, 3/4 black
/// man/king); men on their crowning row become kings.
fn position_of(cells: &[u8], black_to_move: bool, variant: Variant) -> Option<Position> {
    let mut setup = Setup {
        side_to_move: Some(if black_to_move {
            Color::Black
        } else {
            Color::White
        }),
        ..Setup::default()
    };
    for (n, &cell) in (1..=32u8).zip(cells) {
        let sq = Square::from_number(n).unwrap();
        let bit = Bitboard::from_square(sq);
        let white = cell == 1 || cell == 2;
        let crowned = sq.rank() == if white { 7 } else { 0 };
        match cell {
            1 | 2 => setup.white |= bit,
            3 | 4 => setup.black |= bit,
            _ => continue,
        }
        if cell == 2 || cell == 4 || crowned {
            setup.kings |= bit;
        }
    }
    Position::from_setup(&setup, variant).ok()
}

fn cells() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![6 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8), 1 => Just(3u8), 1 => Just(4u8)],
        32,
    )
}

fn random_game(variant: Variant, seed: u64, max_plies: usize) -> Game {
    let mut state = seed | 1;
    let mut game = Game::new(variant);
    for _ in 0..max_plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves[(state % moves.len() as u64) as usize];
        game.play(&mv).unwrap();
    }
    game
}

#[test]
fn pdn_round_trips_whole_random_games() {
    for variant in Variant::EIGHT_BY_EIGHT {
        for seed in 1..=25u64 {
            let game = random_game(variant, seed * 7919, 200);
            let mut pdn = PdnGame::new(game.clone());
            pdn.set_tag("Event", "Round \"trip\" test");
            pdn.set_tag("White", "Alice");
            let text = pdn.to_pdn();
            let back = pdn::read_game(&text, Variant::Tournament)
                .unwrap_or_else(|e| panic!("{variant} seed {seed}: {e}\n{text}"));
            assert_eq!(back.game, game, "{variant} seed {seed}\n{text}");
            assert_eq!(back.result, pdn.result);
            assert_eq!(back.tag("Event"), Some("Round \"trip\" test"));
            assert_eq!(back.tag("White"), Some("Alice"));
            assert_eq!(back.game.variant(), variant);
        }
    }
}

#[test]
fn pdn_with_fen_start_round_trips() {
    let start = Position::from_fen("B:W18,K30:B9,K5", Variant::English).unwrap();
    let mut game = Game::from_position(start);
    game.play(&start.legal_moves()[0]).unwrap();
    let text = PdnGame::new(game.clone()).to_pdn();
    assert!(text.contains("[FEN \"B:W18,K30:K5,9\"]") || text.contains("[FEN \"B:W18,K30:"));
    assert!(text.contains("1. "), "{text}");
    let back = pdn::read_game(&text, Variant::Russian).unwrap();
    assert_eq!(back.game, game);
}

#[test]
fn pdn_reader_skips_comments_variations_and_annotations() {
    let text = r#"
[Event "Club match"]
[White "A"]
[Black "B"]
[Result "1/2-1/2"]
[GameType "21"]
; a line comment
1. 11-15 {a comment (with parentheses)} 23-19 $1
2. 8-11! (2. 9-13 (2. 10-14 22-17) 22-18) 22-17?! 3. 4-8 17-13
3... 15-18 1/2-1/2
"#;
    let game = pdn::read_game(text, Variant::Tournament).unwrap();
    assert_eq!(game.game.variant(), Variant::English);
    assert_eq!(game.game.ply_count(), 7);
    assert_eq!(game.result, "1/2-1/2");
    assert_eq!(game.tag("Event"), Some("Club match"));
}

#[test]
fn pdn_reads_several_games_and_tournament_game_type() {
    let one = PdnGame::new(random_game(Variant::Tournament, 5, 30)).to_pdn();
    let two = PdnGame::new(random_game(Variant::Russian, 6, 30)).to_pdn();
    assert!(one.contains("[GameType \"21,W,8,8,N2,0\"]"));
    assert!(two.contains("[GameType \"25\"]"));
    let games = pdn::read_games(&format!("{one}\n{two}"), Variant::English).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].game.variant(), Variant::Tournament);
    assert_eq!(games[1].game.variant(), Variant::Russian);
}

#[test]
fn malformed_pdn_says_what_and_where() {
    let cases: Vec<(&str, &str)> = vec![
        ("", "no game"),
        ("[Event \"x\"", "missing its ']'"),
        ("[Event \"x", "never closed"),
        ("[Event x]", "tag must look like"),
        ("[GameType \"30\"]\n1. 32-28 *", "not supported"),
        (
            "[GameType \"20\"]\n1. 32-28 *",
            "(10x10 board) read as a game of the 8x8 board",
        ),
        ("[FEN \"W:W1:B2\"]\n*", "FEN tag"),
        ("1. 11-15 {unclosed", "never closed"),
        ("1. 11-15 (22-18", "never closed"),
        ("1. 11-15 ) *", "unexpected ')'"),
    ];
    for (text, needle) in cases {
        let err = pdn::read_game(text, Variant::English).unwrap_err();
        assert!(err.to_string().contains(needle), "{text:?}: {err}");
    }
    let err = pdn::read_game(
        "[Event \"x\"]\n1. 11-15 23-19\n2. 11-16 *",
        Variant::English,
    )
    .unwrap_err();
    match &err {
        PdnError::Move { at, number, .. } => {
            assert_eq!(at.line, 3);
            assert_eq!(at.column, 4);
            assert_eq!(number, "2.");
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("legal moves"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// No input string makes any parser panic.
    #[test]
    fn parsers_never_panic(text in ".{0,80}") {
        for variant in Variant::EIGHT_BY_EIGHT {
            let _ = Position::from_fen(&text, variant);
            let _ = Position::start(variant).parse_move(&text);
            let _ = pdn::read_games(&text, variant);
        }
    }

    /// Near-miss inputs built from the pieces of real notation never panic either.
    #[test]
    fn notation_shaped_inputs_never_panic(text in "[WBK0-9a-hx:,.\\- \\[\\]\"{}()]{0,60}") {
        for variant in Variant::EIGHT_BY_EIGHT {
            let _ = Position::from_fen(&text, variant);
            let _ = Position::start(variant).parse_move(&text);
            let _ = pdn::read_games(&text, variant);
        }
    }

    /// Every legal move reads back from each of its texts: the short form,
    /// the full path (ours, PDN 3.0, and the generator's own stops), any
    /// square of each straight stretch for its stop, with any separator.
    #[test]
    fn every_text_of_a_legal_move_reads_back(
        cells in cells(),
        black in any::<bool>(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 12),
        sep in prop::sample::select(vec!['x', ':', '-', 'X']),
    ) {
        for variant in Variant::EIGHT_BY_EIGHT {
            let Some(pos) = position_of(&cells, black, variant) else { continue };
            let legal = pos.legal_moves();
            let rules = pos.rules();
            let name = |sq: &Square| sq.display(rules.notation).to_string();
            for mv in &legal {
                let choices = stop_squares(mv);
                let mut picked = vec![name(&mv.from())];
                picked.extend(choices.iter().zip(&picks).map(|(c, i)| name(i.get(c))));
                picked.push(name(&mv.to()));
                let mut generator = vec![name(&mv.from())];
                generator.extend(mv.path().iter().map(name));
                let texts = [
                    short_text(mv, &legal, rules),
                    full_text(mv, rules),
                    pdn_text(mv, &legal, rules),
                    generator.join(&sep.to_string()),
                    picked.join(&sep.to_string()),
                    full_text(mv, rules).replace(['x', ':', '-'], &sep.to_string()),
                ];
                for text in texts {
                    prop_assert_eq!(pos.parse_move(&text), Ok(*mv), "{} in {}", text, pos.to_fen());
                }
            }
        }
    }
}

/// A setup with a piece on a light square is refused (b1 has bit index 1),
/// instead of being accepted and written as another square by `to_fen`.
#[test]
fn setups_with_pieces_on_light_squares_are_refused() {
    for (white, kings) in [(1u64 << 1, 0), (1 << 0 | 1 << 8, 0), (1 << 0, 1 << 8)] {
        let setup = Setup {
            white: Bitboard::from_bits(white),
            black: Bitboard::from_bits(1 << 63),
            kings: Bitboard::from_bits(kings),
            side_to_move: None,
        };
        let err = Position::from_setup(&setup, Variant::English).unwrap_err();
        assert!(matches!(err, PositionError::LightSquare(_)), "{err}");
    }
}
