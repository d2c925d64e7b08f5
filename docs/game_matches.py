# Run: python3 docs/game_matches.py [CHECKOUT]  (issue 37: at most 10 places is the goal)
"""Places (functions) outside src/games, src/checkers and src/clobber that
match on which game it is: a `::Checkers`/`::Clobber` variant in a match arm,
an `if let`/`let ... else`, `matches!`, or an `==`/`!=` test; test code left out."""
import re, sys, pathlib
VAR = r'\b(AnyGame|AnyMove|AnyOutcome|AnyEval|GameKind|GameRecord|GameRules|Editing|Surface)::(Checkers|Clobber)\b'
MATCHING = [re.compile(VAR + r'.*=>'), re.compile(r'\bif let\b.*' + VAR), re.compile(r'\blet\b.*' + VAR + r'.*\belse\b'),
            re.compile(r'matches!\(.*' + VAR), re.compile(r'[=!]=\s*[A-Za-z:]*' + VAR), re.compile(VAR + r'\s*[=!]=')]
SKIP = ('src/games/', 'src/checkers/', 'src/clobber/')
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.')
places, arms = {}, 0
for path in sorted(list(root.glob('src/**/*.rs')) + list(root.glob('www/*/src/**/*.rs'))):
    rel = str(path.relative_to(root))
    if rel.startswith(SKIP) or rel.endswith('/tests.rs') or '/tests/' in rel:
        continue
    fn, depth, test_depth, pending = None, 0, None, False
    for line in path.read_text().splitlines():
        s = line.strip()
        if s.startswith('#[cfg(test)]'):
            pending = True
        m = re.search(r'\bfn (\w+)', s)
        if m and test_depth is None:
            fn = m.group(1)
        if pending and '{' in s:
            test_depth, pending = depth, False
        if test_depth is None and not s.startswith('//') and any(p.search(s) for p in MATCHING):
            arms += 1
            places[(rel, fn)] = places.get((rel, fn), 0) + 1
        depth += s.count('{') - s.count('}')
        if test_depth is not None and depth <= test_depth:
            test_depth = None
for (rel, fn), n in sorted(places.items()):
    print(f'{rel}: {fn} ({n})')
print(f'{len(places)} places match on the game, {arms} lines')
