use super::*;
use std::collections::{HashSet, VecDeque};

/// A book of the English start and the positions after two of its moves.
fn small_book() -> (Book, Vec<(Position, Move)>) {
    let start = Position::start(Variant::English);
    let moves = start.legal_moves();
    let mut book = Book::new(Variant::English);
    let mut recorded = vec![(start, moves[2])];
    book.insert(&start, &moves[2], 17, 21).unwrap();
    for mv in &moves[..2] {
        let pos = start.after(mv);
        let reply = *pos.legal_moves().last().unwrap();
        book.insert(&pos, &reply, -5, 19).unwrap();
        recorded.push((pos, reply));
    }
    (book, recorded)
}

#[test]
fn round_trip_keeps_every_entry_and_move() {
    let (book, recorded) = small_book();
    let bytes = book.to_bytes();
    assert_eq!(bytes.len(), 16 + 3 * 20 + 4);
    let read = Book::from_bytes(&bytes).unwrap();
    assert_eq!(read, book);
    for (pos, mv) in recorded {
        let hit = read.lookup(&pos).unwrap();
        assert_eq!(hit.mv, mv);
    }
    let start = Position::start(Variant::English);
    assert_eq!(
        read.lookup(&start).map(|h| (h.score, h.depth)),
        Some((17, 21))
    );
}

#[test]
fn insert_replaces_the_entry_of_a_position() {
    let (mut book, _) = small_book();
    let start = Position::start(Variant::English);
    let other = start.legal_moves()[0];
    book.insert(&start, &other, 3, 9).unwrap();
    assert_eq!(book.len(), 3);
    assert_eq!(book.lookup(&start).unwrap().mv, other);
}

#[test]
fn a_position_outside_the_book_or_of_another_variant_has_no_move() {
    let (book, _) = small_book();
    let start = Position::start(Variant::English);
    let deeper = start.after(&start.legal_moves()[5]);
    assert!(book.lookup(&deeper).is_none());
    assert!(book.lookup(&Position::start(Variant::Tournament)).is_none());
    let mut wrong = Book::new(Variant::Tournament);
    assert!(matches!(
        wrong.insert(&start, &start.legal_moves()[0], 0, 1),
        Err(BookError::WrongVariant { .. })
    ));
}

#[test]
fn an_entry_whose_second_hash_differs_is_ignored() {
    let (mut book, _) = small_book();
    let start = Position::start(Variant::English);
    let i = book
        .entries
        .iter()
        .position(|e| e.key == start.hash())
        .unwrap();
    book.entries[i].check ^= 1;
    assert!(book.lookup(&start).is_none());
}

#[test]
fn corrupted_or_foreign_bytes_are_clear_errors() {
    let bytes = small_book().0.to_bytes();
    let mut flipped = bytes.clone();
    flipped[30] ^= 0x40;
    assert_eq!(Book::from_bytes(&flipped), Err(BookError::Checksum));
    assert!(matches!(
        Book::from_bytes(&bytes[..bytes.len() - 1]),
        Err(BookError::Length { .. })
    ));
    assert_eq!(Book::from_bytes(b"PK\x03\x04"), Err(BookError::BadMagic));
    assert_eq!(Book::from_bytes(&[]), Err(BookError::BadMagic));
    let mut version = bytes.clone();
    version[8] = 9;
    assert_eq!(Book::from_bytes(&version), Err(BookError::Version(9)));
    let mut variant = bytes.clone();
    variant[10] = 7;
    assert_eq!(
        Book::from_bytes(&variant),
        Err(BookError::UnknownVariant(7))
    );
    let mut huge = bytes.clone();
    huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        Book::from_bytes(&huge),
        Err(BookError::Length { .. })
    ));
    let err = Book::from_bytes_for(&bytes, Variant::Tournament).unwrap_err();
    assert_eq!(
        err.to_string(),
        "opening book is for english, not tournament"
    );
}

#[test]
fn unsorted_entries_are_refused_even_with_a_good_checksum() {
    let (mut book, _) = small_book();
    book.entries.swap(0, 1);
    assert_eq!(Book::from_bytes(&book.to_bytes()), Err(BookError::Order(1)));
}

/// Walks from the start through every position of the book (the builder
/// reaches each from the start by legal moves through book positions):
/// every entry must be reached and give a legal move.
fn assert_every_entry_reached_and_legal(book: &Book) {
    let start = Position::start(book.variant());
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([start]);
    let in_book = |pos: &Position| {
        book.entries
            .binary_search_by_key(&pos.hash(), |e| e.key)
            .is_ok()
    };
    if !in_book(&start) {
        assert!(
            book.is_empty(),
            "{}: the start is not in the book",
            book.variant()
        );
        return;
    }
    seen.insert(start.hash());
    while let Some(pos) = queue.pop_front() {
        let hit = book.lookup(&pos);
        assert!(
            hit.is_some(),
            "{}: an entry without a legal move",
            book.variant()
        );
        assert!(pos.legal_moves().contains(&hit.unwrap().mv));
        for mv in pos.legal_moves() {
            let next = pos.after(&mv);
            if in_book(&next) && seen.insert(next.hash()) {
                queue.push_back(next);
            }
        }
    }
    assert_eq!(
        seen.len(),
        book.len(),
        "{}: entries not reached from the start",
        book.variant()
    );
}

#[test]
fn every_committed_book_entry_is_reached_and_legal() {
    for variant in [Variant::English, Variant::Tournament] {
        let book = builtin(variant).expect("the committed book reads");
        assert_eq!(book.variant(), variant);
        assert_every_entry_reached_and_legal(book);
    }
}

#[test]
fn builtin_move_is_the_committed_books() {
    let start = Position::start(Variant::English);
    let book = builtin(Variant::English).unwrap();
    assert_eq!(builtin_move(&start), book.lookup(&start));
    assert!(builtin_move(&Position::start(Variant::Russian)).is_none());
}
