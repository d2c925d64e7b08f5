"""A bot that simply reads another team's file in its move, without
catching anything: in the sandbox its own process gets the
PermissionError, and the arena handles it as any exception in a move."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))


class bot:
    def move(self, plansza, ruchy):
        with open(os.path.join(HERE, "secret_bot.py")) as f:
            f.read()
        return ruchy[0]
