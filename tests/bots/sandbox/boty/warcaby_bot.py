"""A student bot that uses the `warcaby` package's referee helpers: the
step after which the opponent has the fewest captures, captures first."""

from warcaby import contest


def their_captures(board):
    theirs = contest.legal_moves(contest.turn(board))
    return sum(1 for (a, b) in theirs if abs(b[0] - a[0]) == 2)


class bot:
    def move(self, plansza, ruchy):
        def score(ruch):
            after, captured, crowned = contest.apply(plansza, ruch)
            return (bool(captured), crowned, -their_captures(after), -ruch[1][0], ruch)

        return max(ruchy, key=score)
