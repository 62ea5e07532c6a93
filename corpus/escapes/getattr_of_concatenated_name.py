# corpus: profile=data_processing decision=deny
# source: https://github.com/kiwamizamurai/cctf/blob/main/.claude/skills/pyjail/reference/bypass.md
# technique: getattr of a module with a concatenated name
getattr(__import__("o" + "s"), "sys" + "tem")("id")  # expect: PG004 PG002
