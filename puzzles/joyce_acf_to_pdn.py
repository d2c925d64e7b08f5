#!/usr/bin/env python3
"""Turns Eric C. Joyce's transcript of ACF archive games (the public
repository EricCJoyce/Datasets, file Checkers/ACF.txt: one game per line,
moves as 0-based squares numbered right to left within each row, hops
joined by '-', a tab, then the result) into a PDN file of English checkers
for `warcaby puzzles mine`. The data is read at mining time and never
committed.

    python3 puzzles/joyce_acf_to_pdn.py ACF.txt > acf.pdn
"""
import sys


def square(index: int) -> int:
    """Their square (0-based, right to left in a row) as the standard number."""
    row, place = divmod(index, 4)
    return row * 4 + (3 - place) + 1


def move(text: str) -> str:
    squares = [square(int(s)) for s in text.split('-')]
    jump = len(squares) > 2 or abs(squares[0] - squares[1]) > 5
    return ('x' if jump else '-').join(str(s) for s in squares)


def main() -> None:
    source = open(sys.argv[1], encoding='utf-8') if len(sys.argv) > 1 else sys.stdin
    for number, line in enumerate(source, 1):
        if '\t' not in line:
            continue
        moves, result = line.rstrip('\n').split('\t')
        texts = [move(m) for m in moves.split()]
        body = []
        for i in range(0, len(texts), 2):
            body.append(f'{i // 2 + 1}. ' + ' '.join(texts[i:i + 2]))
        print(f'[Event "ACF archive game {number} (EricCJoyce/Datasets)"]')
        print('[GameType "21"]')
        print(f'[Result "{result.strip()}"]')
        print()
        print(' '.join(body) + f' {result.strip()}')
        print()


if __name__ == '__main__':
    main()
