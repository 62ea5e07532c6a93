# corpus: profile=data_processing decision=deny
# source: https://github.com/kiwamizamurai/cctf/blob/main/.claude/skills/pyjail/reference/bypass.md
# technique: fullwidth letters that NFKC normalises to eval
ｅｖａｌ("__import__('os').system('id')")  # expect: PG001
