# corpus: profile=data_processing decision=deny
# source: https://github.com/kiwamizamurai/cctf/blob/main/.claude/skills/pyjail/reference/bypass.md
# technique: attribute names taken from dir() instead of spelled
obj = getattr((), dir(())[0])  # expect: PG009
