"""The Board and Move API: round trips of FEN, PDN, move text and the move
stack, in every variant, and the bridge to contest boards."""

import random

import pytest

import warcaby
from warcaby import Board, IllegalMoveError, InvalidFenError, contest


def random_game(board, rng, plies=60):
    """Plays random moves, checking each move's text on the way."""
    for _ in range(plies):
        moves = board.legal_moves
        if not moves:
            break
        for m in moves:
            assert board.parse_move(str(m)) == m
            assert board.parse_move(m.full) == m
        board.push(rng.choice(moves))
    return board


def test_start_position():
    board = Board()
    assert board.variant == "tournament" and board.turn == "white" and board.ply() == 0
    assert board.fen() == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert [str(m) for m in board.legal_moves] == [
        "21-17", "22-18", "23-19", "24-20", "22-17", "23-18", "24-19"]
    assert not board.is_game_over() and board.outcome() is None
    assert Board("english").turn == "black"


def test_brazilian_takes_the_most_pieces_and_a_passing_man_stays_a_man():
    board = Board("brazilian", fen="W:Wc3,h2:Bd4,f6,g3")
    assert [m.full for m in board.legal_moves] == ["c3:e5:g7"]
    assert Board("russian", fen="W:Wc3,h2:Bd4,f6,g3").legal_moves != board.legal_moves
    board = Board("brazilian", fen="W:Wb6:Bc7,e7,a7")
    board.push_text("b6:f6")
    assert board.piece_at("f6").role == "man"


def test_moves_carry_their_path_and_captures():
    board = Board(fen="W:W30:B18,19,26")
    moves = board.legal_moves
    assert sorted(m.full for m in moves) == ["30x23x14", "30x23x16"]
    m = board.parse_move("30x23x16")
    assert (m.path, m.captures, m.from_square, m.to_square) == ([30, 23, 16], [19, 26], 30, 16)
    assert m.is_capture and not m.promotes
    assert m.steps == [((7, 2), (5, 4)), ((5, 4), (3, 6))]
    assert repr(m) == "Move('30x16')" and hash(m) == hash(board.parse_move("30x23x16"))


@pytest.mark.parametrize("variant", ["tournament", "english", "russian", "brazilian"])
def test_fen_push_pop_and_copy_round_trip(variant):
    rng = random.Random(variant)
    for _ in range(10):
        board = random_game(Board(variant), rng)
        assert Board(variant, fen=board.fen()).fen() == board.fen()
        copy = board.copy()
        stack = board.move_stack
        assert len(stack) == board.ply()
        fens = []
        while board.ply():
            fens.append(board.fen())
            board.pop()
        assert board.fen() == Board(variant).fen()
        for m, fen in zip(stack, reversed(fens)):
            board.push(m)
        assert board.fen() == copy.fen() == fens[0] if fens else True
        replay = Board.from_pdn(copy.pdn(), variant)
        assert replay.fen() == copy.fen() and replay.ply() == copy.ply()


def test_pushing_text_and_the_outcome():
    board = Board(fen="W:W27:B18")
    board.push("27-23")
    board.push("18x27")
    assert board.is_game_over()
    outcome = board.outcome()
    assert (outcome.winner, outcome.result(), outcome.termination) == ("black", "0-1", "no_pieces")
    assert "white has no pieces left" in outcome.reason
    assert board.legal_moves == []
    with pytest.raises(IllegalMoveError, match="legal moves: none"):
        board.push("18x27")


def test_illegal_moves_and_bad_fens_raise_and_change_nothing():
    board = Board()
    with pytest.raises(IllegalMoveError, match="legal moves: 21-17"):
        board.push("11-15")
    with pytest.raises(IllegalMoveError, match="is not a move"):
        board.parse_move("banana")
    elsewhere = Board(fen="W:W30:B18,19,26").legal_moves[0]
    with pytest.raises(IllegalMoveError):
        board.push(elsewhere)
    with pytest.raises(TypeError):
        board.push(42)
    assert board.ply() == 0
    for fen in ["W:W33:B1", "X:W1:B2", "W:W21", "", "W:W1,1:B1"]:
        with pytest.raises(InvalidFenError):
            Board(fen=fen)
    with pytest.raises(warcaby.WarcabyError, match="unknown variant 'chess'"):
        Board("chess")
    with pytest.raises(ValueError):
        Board.from_pdn("1. 11-15 nonsense *")
    with pytest.raises(IndexError):
        Board().pop()


def test_contest_boards_both_ways():
    rng = random.Random(5)
    board = random_game(Board(), rng, plies=31)
    plansza = board.contest_board()
    assert plansza.shape == (8, 8) and plansza.dtype == object
    seen = Board.from_contest(plansza)
    assert sorted(m.steps for m in seen.legal_moves) == contest.sequences(plansza)
    assert sorted(m.steps for m in board.legal_moves) == contest.sequences(plansza)
    assert seen.turn == "white" and len(seen.legal_moves) == len(board.legal_moves)


def test_contest_rules_end_games_as_the_referee_does():
    written, referee = Board(), Board(contest=True)
    for text in ["22-18", "11-15"] * 1 + ["18x11", "8x15"]:
        written.push(text)
        referee.push(text)
    assert written.fen() == referee.fen()
    with pytest.raises(warcaby.WarcabyError, match="tournament variant"):
        Board("english", contest=True)


def test_str_draws_the_board():
    text = str(Board())
    assert text.splitlines()[0] == "8   x   x   x   x"
    assert text.endswith("white to move")


def test_python_chess_habits():
    board = Board()
    assert "22-18" in board.legal_moves and " 22-18 " in board.legal_moves
    assert "11-15" not in board.legal_moves and Board().legal_moves[0] in board.legal_moves
    assert board.is_legal("22-18") and board.is_legal(board.legal_moves[1])
    assert not board.is_legal("11-15") and not board.is_legal("banana")
    elsewhere = Board(fen="W:W30:B18,19,26").legal_moves[0]
    assert not board.is_legal(elsewhere)
    man = board.piece_at(22)
    assert (man.color, man.role, man.symbol()) == ("white", "man", "o")
    assert board.piece_at("22") == man and board.piece_at(15) is None
    assert board.piece_at(1).color == "black" and repr(man) == "Piece('white', 'man')"
    with pytest.raises(warcaby.WarcabyError, match="square must be 1-32"):
        board.piece_at(33)
    with pytest.raises(TypeError):
        board.piece_at(None)
    assert Board("russian").piece_at("c3").color == "white"
    before = board.copy()
    assert board == before and hash(board) == hash(before) and board != board.fen()
    assert board.push_text("22-18") == board.peek() and board.ply() == 1
    assert board != before and len({board.copy(), before, Board()}) == 2
    board.push("11-15")
    assert board.is_capture("18x11") and not Board().is_capture("22-18")
    with pytest.raises(IllegalMoveError):
        board.is_capture("11-15")
    with pytest.raises(IndexError):
        Board().peek()
    with pytest.raises(IllegalMoveError):
        board.push_text("banana")
    # The same position by other moves is the same board.
    a, b = Board(), Board()
    for m in ["21-17", "9-13", "24-20", "12-16"]:
        a.push(m)
    for m in ["24-20", "12-16", "21-17", "9-13"]:
        b.push(m)
    assert a == b and hash(a) == hash(b) and a.move_stack != b.move_stack
    done = Board(fen="W:W27:B18")
    done.push("27-23")
    done.push("18x27")
    assert done.outcome().result() == "0-1"
