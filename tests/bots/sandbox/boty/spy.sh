#!/bin/sh
# An external bot (the arena's line protocol) that tries, when asked to
# move, to read another team's bot and to write outside its temporary
# folder, and answers with what happened as its "move" (which is no move,
# so the arena records the text): read=denied,write=denied in the sandbox.
# SPY_OUTSIDE: a folder of the test's, where no file may appear.
here=$(dirname "$0")
probe() {
  if "$@" >/dev/null 2>&1; then echo ok; else echo denied; fi
}
while read -r word rest; do
  case "$word" in
    arena) echo "id name=\"spy.sh\""; echo ready ;;
    go)
      r=$(probe cat "$here/secret_bot.py")
      w=$(probe sh -c "echo spy > '$SPY_OUTSIDE/sh_was_here.txt'")
      t=$(probe sh -c "echo note > '${TMPDIR:-/tmp}/note.txt'")
      echo "move read=$r,write=$w,tmp=$t" ;;
    quit) exit 0 ;;
  esac
done
