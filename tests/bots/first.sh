#!/bin/sh
# An executable test bot: plays the first legal move listed. It speaks the
# protocol itself rather than running bot.sh: in the arena's sandbox a bot
# may not read another bot's file, and bot.sh is one.
while read -r word rest; do
  case "$word" in
    arena) echo 'id name="test first"'; echo ready ;;
    pos) moves=${rest##*moves=}; first=${moves%%,*} ;;
    go) echo "move $first" ;;
    quit) exit 0 ;;
  esac
done
