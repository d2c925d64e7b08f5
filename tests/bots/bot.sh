#!/bin/sh
# A test bot for the arena's line protocol: bot.sh MODE, where MODE is
#   first       plays the first legal move listed
#   pause       plays the first legal move after 20 ms (a game that lasts a
#               second or two, for tests that stop a tournament midway)
#   white-only  plays the first legal move as White, an illegal one as Black
#   crash       exits with status 3 when asked to move
#   illegal     answers with a move that is never legal (1-2)
#   unreadable  answers with a move that is no move at all
#   garbage     answers with text outside the protocol
#   slow        does not answer in time (sleeps)
#   hog         needs 400 MiB of memory for its move, then plays the first one
mode=${1:-first}
color=white
while read -r word rest; do
  case "$word" in
    arena) echo "id name=\"test $mode\""; echo ready ;;
    newgame) case "$rest" in *color=black*) color=black ;; *) color=white ;; esac ;;
    pos) moves=${rest##*moves=}; first=${moves%%,*} ;;
    go)
      case "$mode" in
        first) echo "move $first" ;;
        pause) sleep 0.02; echo "move $first" ;;
        white-only)
          if [ "$color" = white ]; then echo "move $first"; else echo "move 1-2"; fi ;;
        crash) echo "segfault imminent" >&2; exit 3 ;;
        illegal) echo "# trying my luck"; echo "move 1-2" ;;
        unreadable) echo "move banana" ;;
        garbage) echo "hello there" ;;
        slow) echo "thinking very hard" >&2; sleep 30 ;;
        hog)
          # dd's buffer is one 400 MiB allocation (a system program, so it
          # runs in the sandbox whatever interpreter is on PATH).
          dd if=/dev/zero of=/dev/null bs=400M count=1 2>/dev/null ||
            { echo "out of memory" >&2; exit 4; }
          echo "move $first" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
