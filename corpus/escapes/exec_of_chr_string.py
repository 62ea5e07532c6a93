# corpus: profile=data_processing decision=deny
# source: https://github.com/kiwamizamurai/cctf/blob/main/.claude/skills/pyjail/reference/bypass.md
# technique: exec of a string built from chr() calls
exec(chr(105) + chr(109) + chr(112) + chr(111) + chr(114) + chr(116) + chr(32) + chr(111) + chr(115))  # expect: PG001
