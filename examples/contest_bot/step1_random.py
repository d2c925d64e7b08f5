"""Step 1: the smallest contest bot. The referee (silnik.py) hands it the
board (plansza, seen from the bot's side) and the legal steps (ruchy), and
takes back one of the steps."""

import random


class bot:
    def move(self, plansza, ruchy):
        return random.choice(ruchy)
