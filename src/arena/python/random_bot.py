"""A tournament-framework bot that plays a random legal step.

The arena runs it through its Python adapter:

    warcaby arena --bots python:src/arena/python/random_bot.py level=2
"""

import random


class bot:
    def move(self, plansza, ruchy):
        # plansza: 8x8 board from the mover's side (None light square, 0 empty,
        # 1 own man, 2 opponent man, 3 own king, 4 opponent king; own men move
        # towards row 0). ruchy: legal steps ((start_row, start_col), (end_row, end_col)).
        return random.choice(ruchy)
