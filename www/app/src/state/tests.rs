use super::*;
use warcaby::games::GameKind;
use warcaby::{Color, Game, Variant};

fn human_vs_human(variant: Variant) -> State {
    let settings = Settings {
        mode: Mode::HumanVsHuman,
        variant,
        ..Settings::default()
    };
    State::new(settings, AnyGame::Checkers(Game::new(variant)))
}

fn spot(name: &str) -> u8 {
    warcaby::Square::parse(name, warcaby::SquareNotation::Algebraic)
        .unwrap()
        .index() as u8
}

#[test]
fn two_clicks_play_a_move_and_say_it() {
    let mut state = human_vs_human(Variant::Tournament);
    assert_eq!(state.click(spot("c3")).0, Outcome::Changed);
    assert_eq!(state.selected_spot(), Some(spot("c3")));
    let (Outcome::Play(mv), _) = state.click(spot("d4")) else {
        panic!("a move");
    };
    assert_eq!(state.play(&mv).unwrap(), "White plays 22-18");
    assert_eq!(state.game.ply_count(), 1);
    assert_eq!(state.selected_spot(), None);
    assert_eq!(state.status_text(false), "Black to move");
}

#[test]
fn a_forced_capture_is_in_the_status_and_the_refusal() {
    let mut state = human_vs_human(Variant::English);
    for text in ["11-15", "22-18"] {
        state.game.play_text(text).unwrap();
    }
    assert_eq!(
        state.status_text(false),
        "Black to move — a capture is mandatory"
    );
    let (outcome, _) = state.click(spot("b6"));
    assert!(matches!(
        outcome,
        Outcome::Refused(selection::Refusal::MustCapture { .. })
    ));
}

#[test]
fn undo_against_the_ai_goes_back_to_the_humans_turn() {
    let mut state = human_vs_human(Variant::Tournament);
    state.settings.mode = Mode::HumanVsAi { human_white: true };
    for text in ["22-18", "11-15"] {
        state.game.play_text(text).unwrap();
    }
    assert!(!state.is_ai_turn());
    assert_eq!(state.undo(), 2);
    assert_eq!(state.game.ply_count(), 0);
    assert!(state.redo());
    assert_eq!(
        state.game.ply_count(),
        2,
        "redo goes on to the human's turn"
    );
    assert_eq!(state.undo(), 2);
    state.settings.mode = Mode::HumanVsHuman;
    assert!(state.redo());
    assert_eq!(state.game.ply_count(), 1);
    assert_eq!(human_vs_human(Variant::Russian).undo(), 0);
}

#[test]
fn viewing_a_past_position_and_back() {
    let mut state = human_vs_human(Variant::Tournament);
    for text in ["22-18", "11-15"] {
        state.game.play_text(text).unwrap();
    }
    assert_eq!(state.step(Step::Forward), None);
    assert_eq!(state.step(Step::Back), Some(1));
    assert!(!state.set_view(Some(1)));
    assert!(!state.human_may_move());
    assert_eq!(
        state.status_text(false),
        "Viewing the position after move 1 of 2"
    );
    assert_eq!(state.step(Step::Start), Some(0));
    assert!(state.set_view(Some(2)), "the last ply is the live game");
    assert_eq!(state.view, None);
}

#[test]
fn the_board_label_names_the_pieces_the_selection_and_the_cursor() {
    let mut state = human_vs_human(Variant::English);
    state.board_focused = true;
    state.click(spot("b6"));
    let label = state.board_label(Some(spot("b6")));
    assert!(
        label.starts_with("Checkers board, English rules. Black to move."),
        "{label}"
    );
    assert!(label.contains("Selected: 9."), "{label}");
    assert!(label.contains("Cursor: 9, black man."), "{label}");
}

#[test]
fn a_10x10_game_is_played_by_clicks_and_described_square_by_number() {
    let settings = Settings {
        mode: Mode::HumanVsHuman,
        variant: Variant::International,
        ..Settings::default()
    };
    let fen = "W:W46,35,K50:B41,32,22,11,12,30";
    let game = AnyGame::from_fen(fen, Variant::International).unwrap();
    let mut state = State::new(settings, game);
    let at = |n: u8| {
        warcaby::checkers::international::Square::from_number(n)
            .unwrap()
            .index() as u8
    };
    assert_eq!(state.screen_size(), (10, 10));
    // The man on 46 takes four; 35, which could take one, may not move.
    assert!(matches!(state.click(at(35)).0, Outcome::Refused(_)));
    for landing in [46, 37, 28, 17] {
        assert_eq!(state.click(at(landing)).0, Outcome::Changed, "{landing}");
    }
    let (Outcome::Play(mv), _) = state.click(at(6)) else {
        panic!("the chain is complete");
    };
    assert_eq!(
        state.play(&mv).unwrap(),
        "White plays 46x6, capturing 4 pieces"
    );
    state.board_focused = true;
    let label = state.board_label(Some(at(12)));
    assert!(
        label.starts_with("Checkers board, International (10×10) rules. Black to move."),
        "{label}"
    );
    assert!(
        label.contains("White: men on 6, 35; kings on 50."),
        "{label}"
    );
    assert!(label.contains("Black: men on 12, 30."), "{label}");
    assert!(label.contains("Cursor: 12, black man."), "{label}");
}

#[test]
fn a_fresh_game_follows_the_settings() {
    let mut state = human_vs_human(Variant::Tournament);
    state.settings.game = GameKind::Clobber;
    state.settings.rows = 4;
    state.settings.cols = 3;
    let (game, name) = state.fresh_game();
    assert_eq!(name, "4x3 Clobber");
    assert_eq!(state.cursor(), (0, 7));
    state.load(game);
    assert_eq!(state.screen_size(), (3, 4));
    assert_eq!(state.cursor(), (0, 3), "the cursor stays on the board");
    assert!(state.move_cursor("ArrowRight"));
    assert!(!state.move_cursor("x"));
    assert_eq!(state.cursor(), (1, 3));
    assert!(state.status_text(false).starts_with("Black"));
    assert!(!state.is_ai_turn());
    assert_eq!(state.game.side_to_move(), Color::Black);
}

/// The state of a human-vs-human tournament game from `fen`.
fn tournament_from(fen: &str) -> State {
    let pos = warcaby::Position::from_fen(fen, Variant::Tournament).unwrap();
    let mut state = human_vs_human(Variant::Tournament);
    state.game = AnyGame::Checkers(Game::from_position(pos));
    state
}

/// Plays `text` and gives the sound the page makes for it.
fn sound_after(state: &mut State, text: &str) -> Sound {
    let mv = state.game.played().parse_move(text).unwrap();
    state.play(&mv).unwrap();
    state.sound_of(&mv)
}

#[test]
fn a_move_sounds_as_what_it_did() {
    let mut state = human_vs_human(Variant::Tournament);
    assert_eq!(sound_after(&mut state, "22-18"), Sound::Move);
    assert_eq!(sound_after(&mut state, "11-15"), Sound::Move);
    assert_eq!(sound_after(&mut state, "18x11"), Sound::Capture);
    // A man crowned on 1, the game going on (Black's man on 20 can move).
    let mut crowning = tournament_from("W:W6:B20");
    assert_eq!(sound_after(&mut crowning, "6-1"), Sound::Crown);
    // The last black piece taken: the game's end sounds over the capture.
    let mut last = tournament_from("W:W14:B10");
    assert_eq!(sound_after(&mut last, "14x7"), Sound::GameEnd);
    let mut clobber = State::new(
        Settings::default(),
        AnyGame::Clobber(warcaby::clobber::ClobberGame::new(
            warcaby::clobber::Shape::new(2, 2).unwrap(),
        )),
    );
    let first = clobber.game.played().legal_moves()[0].clone();
    clobber.play(&first).unwrap();
    assert_ne!(
        clobber.sound_of(&first),
        Sound::Move,
        "every Clobber move takes a stone"
    );
}

#[test]
fn a_game_set_aside_comes_back_with_its_rules() {
    let mut state = human_vs_human(Variant::Tournament);
    assert!(!state.has_progress(), "a fresh game loses nothing");
    state.game.play_text("22-18").unwrap();
    assert!(state.has_progress());
    let tournament = state.game.clone();
    state.settings.game = GameKind::Clobber;
    let (clobber, _) = state.fresh_game();
    state.load(clobber);
    assert!(!state.has_progress());
    assert!(
        !state.adopt(tournament),
        "the rules were tournament all along"
    );
    assert_eq!(state.settings.game, GameKind::Checkers);
    assert_eq!(state.game.ply_count(), 1);
    let russian = AnyGame::Checkers(Game::new(Variant::Russian));
    assert!(state.adopt(russian));
    assert_eq!(state.settings.variant, Variant::Russian);
}
