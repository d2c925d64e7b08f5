"""Step 3: the game's history, so that the search sees the referee's draws.

contest.Follower takes every board the bot is handed and finds what was
played in between (the opponent's reply, and moves the referee played
without asking because a side had a single option). follow() returns the
game so far as a Board(contest=True): its repetitions and no-progress count
are the referee's, and the search scores a repetition or the 20th turn
without a capture or crowning as a draw. follower.answer(move) records the
answer and gives the step to return.

Flaw left for step 4: in the middle of a capture the search still looks at
every move of the turn, and the best may no longer be possible."""

import warcaby
from warcaby import contest


class bot:
    T = None
    SHARE = 0.4

    def __init__(self):
        if bot.T is None:
            bot.T = contest.move_time()
        self.follower = contest.Follower()  # a new bot for every game

    def move(self, plansza, ruchy):
        board = self.follower.follow(plansza)
        best = warcaby.search(board, time_ms=self.T * 1000 * self.SHARE).move
        if best not in self.follower.moves:  # mid-capture: no longer possible
            best = self.follower.moves[0]
        return self.follower.answer(best)
