# corpus: profile=data_processing decision=deny
# source: https://github.com/kiwamizamurai/cctf/blob/main/.claude/skills/pyjail/reference/bypass.md
# technique: __import__ of a name built by concatenation, reversal, escapes and chr
__import__("o" + "s").system("id")  # expect: PG002 PG004
__import__("so"[::-1]).system("id")  # expect: PG002 PG004
__import__("\x6f\x73").system("id")  # expect: PG002 PG004
__import__(chr(111) + chr(115)).system("id")  # expect: PG002 PG004
