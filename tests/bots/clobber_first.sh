#!/bin/sh
# A Clobber test bot for the arena's line protocol: plays the first legal
# move listed. It checks that it is told a Clobber game (`newgame
# game=clobber rows=R cols=C ...`, `pos position=ROWS:SIDE moves=...`);
# told anything else, it answers outside the protocol (garbage), so that a
# test sees it.
game=unknown
while read -r word rest; do
  case "$word" in
    arena) echo 'id name="clobber first"'; echo ready ;;
    newgame)
      case "$rest" in
        game=clobber\ rows=*\ cols=*\ color=*) game=clobber ;;
        *) game=unknown ;;
      esac ;;
    pos)
      case "$rest" in
        position=*:[BW]\ moves=*) ;;
        *) game=unknown ;;
      esac
      moves=${rest##*moves=}; first=${moves%%,*} ;;
    go)
      if [ "$game" = clobber ]; then echo "move $first"; else echo "not a clobber game"; fi ;;
    quit) exit 0 ;;
  esac
done
