//! The opening book: `warcaby book build`, and the book's use by the strong
//! levels, `bestmove` and the arena's engines (and switching it off).

use std::process::Output;
use warcaby::arena::BotSpec;
use warcaby::checkers::ai::{search_position, Level};
use warcaby::checkers::book::{self, Book};
use warcaby::games::Engine;
use warcaby::games::{AnyEval, AnyGame, EngineChoice};
use warcaby::search::{Algorithm, Limits, Searcher};
use warcaby::{Game, Position, Variant};

mod common;

fn warcaby(args: &[&str]) -> Output {
    common::run_warcaby(args, "")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The English position after `moves`.
fn after(moves: &str) -> Game {
    let mut game = Game::new(Variant::English);
    for mv in moves.split_whitespace() {
        game.play_text(mv).unwrap();
    }
    game
}

const NODES: u64 = 3000;

/// Builds a book of the first ACF ballot, one ply deep, under a node limit.
fn mini_book(dir: &std::path::Path, name: &str) -> Vec<u8> {
    book_of_plies(dir, name, 1, &[])
}

/// `book build` of the first ACF ballot and `plies` plies after it under
/// [`NODES`], with `more` arguments; the book's bytes.
fn book_of_plies(dir: &std::path::Path, name: &str, plies: u32, more: &[&str]) -> Vec<u8> {
    let file = dir.join(name);
    let out = build_book(&file, plies, more);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = stdout(&out);
    assert!(line.starts_with("variant=english positions="), "{line}");
    std::fs::read(file).unwrap()
}

fn build_book(file: &std::path::Path, plies: u32, more: &[&str]) -> Output {
    let plies = plies.to_string();
    let nodes = NODES.to_string();
    let args = [
        "book",
        "build",
        "--out",
        file.to_str().unwrap(),
        "--nodes",
        &nodes,
        "--plies",
        &plies,
        "--ballots",
        "1",
        "--rank-depth",
        "4",
    ];
    warcaby(&[&args[..], more].concat())
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("warcaby-book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `book` with the ballot's end given another legal move than its own.
fn with_other_move_at_the_ballot_end(book: &Book) -> (Book, warcaby::Move) {
    let end = after("9-13 21-17 5-9");
    let pos = end.position();
    let hit = book.lookup(pos).unwrap();
    let other = *pos.legal_moves().iter().find(|mv| **mv != hit.mv).unwrap();
    let mut changed = book.clone();
    changed.insert(pos, &other, hit.score, hit.depth).unwrap();
    (changed, other)
}

#[test]
fn a_book_grown_from_a_shallower_one_keeps_its_analyses_and_equals_one_built_whole() {
    let dir = scratch("grow");
    let whole = book_of_plies(&dir, "whole.book", 2, &[]);
    let shallow = book_of_plies(&dir, "shallow.book", 1, &[]);
    let from = dir.join("shallow.book");
    let grown = book_of_plies(&dir, "grown.book", 2, &["--from", from.to_str().unwrap()]);
    assert_eq!(grown, whole, "growing gives the book a whole build gives");
    // The earlier book's move is taken, not searched again: a book whose
    // ballot end holds another move grows with that move.
    let shallow = Book::from_bytes(&shallow).unwrap();
    let (changed, other) = with_other_move_at_the_ballot_end(&shallow);
    std::fs::write(&from, changed.to_bytes()).unwrap();
    let grown = book_of_plies(&dir, "grown2.book", 2, &["--from", from.to_str().unwrap()]);
    let grown = Book::from_bytes(&grown).unwrap();
    let end = after("9-13 21-17 5-9");
    assert_eq!(grown.lookup(end.position()).unwrap().mv, other);
    assert!(
        grown.lookup(&end.position().after(&other)).is_some(),
        "the line of the kept move is followed"
    );
    // A book of another variant is refused, naming it.
    let tournament = dir.join("tournament.book");
    std::fs::write(&tournament, Book::new(Variant::Tournament).to_bytes()).unwrap();
    let out = build_book(
        &dir.join("x.book"),
        2,
        &["--from", tournament.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("tournament.book"), "{err}");
    assert!(!dir.join("x.book").exists());
    assert!(
        !dir.join("x.book.partial.limit").exists(),
        "a refused build leaves nothing"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_build_resumes_from_its_partial_book() {
    let dir = scratch("resume");
    let whole = book_of_plies(&dir, "whole.book", 2, &[]);
    let names = |dir: &std::path::Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(names(&dir), ["whole.book"], "no partial file stays");
    // What a build killed after its first ply leaves: the positions it
    // analysed, under its limit. One is given another move, to see that
    // the resumed build keeps what was saved.
    let first_ply = Book::from_bytes(&book_of_plies(&dir, "ply1.book", 1, &[])).unwrap();
    let (saved, other) = with_other_move_at_the_ballot_end(&first_ply);
    let out = dir.join("resumed.book");
    let partial = dir.join("resumed.book.partial");
    let limit = dir.join("resumed.book.partial.limit");
    std::fs::write(&limit, format!("variant=english nodes={NODES}\n")).unwrap();
    std::fs::write(&partial, first_ply.to_bytes()).unwrap();
    let run = build_book(&out, 2, &[]);
    assert!(run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    let resumed = format!("resuming: {} positions analysed before", first_ply.len());
    assert!(err.contains(&resumed), "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), whole);
    assert!(!partial.exists() && !limit.exists());
    std::fs::remove_file(&out).unwrap();
    // The saved analysis is the one kept.
    std::fs::write(&limit, format!("variant=english nodes={NODES}\n")).unwrap();
    std::fs::write(&partial, saved.to_bytes()).unwrap();
    assert!(build_book(&out, 2, &[]).status.success());
    let book = Book::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(
        book.lookup(after("9-13 21-17 5-9").position()).unwrap().mv,
        other
    );
    std::fs::remove_file(&out).unwrap();
    // A partial book made under another limit, or damaged, is refused
    // and left as it is; nothing is written.
    std::fs::write(&limit, "variant=english nodes=999\n").unwrap();
    std::fs::write(&partial, saved.to_bytes()).unwrap();
    let run = build_book(&out, 2, &[]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("another limit (variant=english nodes=999)"),
        "{err}"
    );
    assert_eq!(std::fs::read(&partial).unwrap(), saved.to_bytes());
    std::fs::write(&limit, format!("variant=english nodes={NODES}\n")).unwrap();
    let mut damaged = saved.to_bytes();
    damaged[20] ^= 1;
    std::fs::write(&partial, &damaged).unwrap();
    let run = build_book(&out, 2, &[]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("resumed.book.partial") && err.contains("delete it"),
        "{err}"
    );
    assert_eq!(std::fs::read(&partial).unwrap(), damaged);
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_built_mini_book_holds_the_searched_moves_and_is_reproducible() {
    let dir = std::env::temp_dir().join(format!("warcaby-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bytes = mini_book(&dir, "a.book");
    assert_eq!(
        bytes,
        mini_book(&dir, "b.book"),
        "a node-limited build repeats"
    );
    let book = Book::from_bytes_for(&bytes, Variant::English).unwrap();
    // The start, the ballot's two intermediate positions, its end, and one
    // or two positions after the end.
    assert!((5..=6).contains(&book.len()), "{} positions", book.len());
    let ballot = after("9-13 21-17 5-9");
    for game in [Game::new(Variant::English), after("9-13"), ballot.clone()] {
        let pos = game.position();
        let hit = book
            .lookup(pos)
            .expect("the ballot's positions are in the book");
        assert!(pos.legal_moves().contains(&hit.mv));
        let level = Level::MAX;
        let mut engine = Searcher::new(level.config(0), level.eval());
        let searched = search_position(&mut engine, pos, Limits::nodes(NODES));
        assert_eq!(
            Some(hit.mv),
            searched.best_move,
            "the book keeps the search's move"
        );
        assert_eq!(hit.depth, searched.depth);
    }
    let next = ballot
        .position()
        .after(&book.lookup(ballot.position()).unwrap().mv);
    assert!(
        book.lookup(&next).is_some(),
        "the line after the ballot is followed"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn book_build_refuses_a_bad_output_path() {
    let out = warcaby(&[
        "book",
        "build",
        "--out",
        "/nonexistent/dir/x.book",
        "--nodes",
        "100",
        "--plies",
        "0",
        "--ballots",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/dir/x.book"));
}

#[test]
fn bestmove_plays_the_book_move_unless_told_not_to() {
    let start = Position::start(Variant::English);
    let hit = book::builtin_move(&start).expect("the English start is in the book");
    let text = start.move_text(&hit.mv);
    let args = ["bestmove", "--variant", "english", "--movetime", "30"];
    let out = stdout(&warcaby(&args));
    let last = out.lines().last().unwrap();
    assert!(last.starts_with(&format!("bestmove {text} ")), "{last}");
    assert!(last.ends_with(" nodes=0 time_ms=0 source=book"), "{last}");
    let out = stdout(&warcaby(&[&args[..], &["--no-book"]].concat()));
    let last = out.lines().last().unwrap();
    assert!(
        last.ends_with(" source=search") && !last.contains(" nodes=0 "),
        "{last}"
    );
    // A fixed depth asks for a search.
    let out = stdout(&warcaby(&[
        "bestmove",
        "--variant",
        "english",
        "--depth",
        "3",
    ]));
    assert!(
        out.lines().last().unwrap().ends_with(" source=search"),
        "{out}"
    );
}

#[test]
fn the_strong_levels_report_book_moves_and_the_lab_searches() {
    let game = AnyGame::Checkers(Game::new(Variant::English));
    let expected = book::builtin_move(&Position::start(Variant::English)).unwrap();
    let level = |n| EngineChoice::Level {
        level: Level::new(n).unwrap(),
        seed: 1,
    };
    let report = game.think(&level(8), 50, None, |_| {}).unwrap();
    assert!(report.book && report.nodes == 0, "{report:?}");
    let start = Position::start(Variant::English);
    assert_eq!(report.best_move, Some(start.move_text(&expected.mv)));
    assert_eq!(report.depth, expected.depth);
    assert!(game.think(&level(7), 50, None, |_| {}).unwrap().book);
    assert!(!game.think(&level(6), 50, None, |_| {}).unwrap().book);
    let lab = EngineChoice::Lab {
        algorithm: Algorithm::NegaScout,
        eval: "positional".parse::<AnyEval>().unwrap(),
        depth: Some(3),
    };
    let report = game.think(&lab, 50, None, |_| {}).unwrap();
    assert!(!report.book && report.nodes > 0);
}

#[test]
fn arena_specs_switch_the_book() {
    let level8 = |spec: &str| match BotSpec::parse(spec).unwrap() {
        BotSpec::Level { book, .. } => book,
        other => panic!("{other:?}"),
    };
    assert!(level8("level=8"));
    assert!(!level8("level=8:book=off"));
    assert!(!level8("level=5"));
    assert!(level8("level=5:book=on"));
    let BotSpec::Engine(e) = BotSpec::parse("negascout:time=50:book=on").unwrap() else {
        panic!()
    };
    assert!(e.book);
    let BotSpec::Engine(e) = BotSpec::parse("negascout").unwrap() else {
        panic!()
    };
    assert!(!e.book);
    let err = BotSpec::parse("level=8:book=maybe")
        .unwrap_err()
        .to_string();
    assert!(err.contains("book=maybe: expected on or off"), "{err}");
}

#[test]
fn an_engine_with_the_book_plays_it_and_without_searches() {
    let game = Game::new(Variant::English);
    let expected = book::builtin_move(game.position()).unwrap().mv;
    let level = Level::MAX;
    let mut with = Engine::configured(level.config(0), level.eval()).with_book(true);
    let thought = with.think_checkers(&game, Limits::nodes(500)).unwrap();
    assert!(thought.from_book);
    assert_eq!(
        (thought.info.best_move, thought.info.nodes),
        (Some(expected), 0)
    );
    let mut without = Engine::configured(level.config(0), level.eval());
    let thought = without.think_checkers(&game, Limits::nodes(500)).unwrap();
    assert!(!thought.from_book && thought.info.nodes > 0);
}
