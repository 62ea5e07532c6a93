# corpus: profile=safe_eval decision=deny
# source: https://github.com/mcp-use/mcp-use/issues/1718
# technique: type.__subclasses__ and rebuilding __builtins__
classes = type.__subclasses__(type)  # expect: PG009@11 PG009@31
b = __builtins__  # expect: PG009
