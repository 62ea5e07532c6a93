# corpus: profile=data_processing decision=deny
# source: https://github.com/kiwamizamurai/cctf/blob/main/.claude/skills/pyjail/reference/bypass.md
# technique: an f-string's replacement field calls __import__
f"{__import__('os').system('id')}"  # expect: PG002 PG004
