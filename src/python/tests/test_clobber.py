"""ClobberBoard: moves, push and pop, the end and errors."""

import random

import pytest

from warcaby import ClobberBoard, IllegalMoveError, InvalidFenError, WarcabyError


def test_start_and_moves():
    board = ClobberBoard()
    assert (board.rows, board.cols, board.turn) == (6, 5, "black")
    moves = board.legal_moves
    assert str(moves[0]) == "a1-a2" and moves[0].from_cell == (5, 0) and moves[0].to_cell == (4, 0)
    assert board.parse_move("5,0,up") == moves[0]


def test_random_games_end_with_a_winner_and_pop_back():
    rng = random.Random(3)
    for rows, cols in [(2, 2), (3, 4), (5, 5), (10, 10)]:
        board = ClobberBoard(rows, cols)
        start = board.position()
        while not board.is_game_over():
            board.push(rng.choice(board.legal_moves))
        loser = board.turn
        assert board.winner() == ("white" if loser == "black" else "black")
        assert ClobberBoard(position=board.position()).position() == board.position()
        copy = board.copy()
        while board.move_stack:
            board.pop()
        assert board.position() == start and copy.is_game_over()


def test_bad_input_raises():
    board = ClobberBoard(2, 2)
    with pytest.raises(IllegalMoveError):
        board.push("a1-b2")
    with pytest.raises(IllegalMoveError):
        board.push("z9-z8")
    with pytest.raises(WarcabyError, match="rows and columns must be 2-10"):
        ClobberBoard(1, 5)
    with pytest.raises(InvalidFenError):
        ClobberBoard(position="WBX:B")
    with pytest.raises(IndexError):
        board.pop()
