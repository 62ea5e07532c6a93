# corpus: profile=data_processing decision=deny
# source: https://github.com/kiwamizamurai/cctf/blob/main/.claude/skills/pyjail/reference/bypass.md
# technique: globals() holds __builtins__
globals()["__builtins__"]["__import__"]("os").system("id")  # expect: PG002 PG004 PG009
