#!/bin/sh
# pygate with every decision of its JSON Lines report rewritten to allow
# ($PYGATE is the real binary): the reference oracle's own test, that it fails
# when pygate allows what a program called.
"$PYGATE" "$@" | sed 's/"decision": *"[a-z]*"/"decision":"allow"/g'
