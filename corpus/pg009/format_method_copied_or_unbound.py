# corpus: profile=safe_eval decision=deny
# A format string's fields read attributes whether its format method is
# called at once, copied first, or called unbound on str.
def secret():
    return 1


render = "{0.__globals__}".format  # expect: PG009
leaked = render(secret)
unbound = str.format("{0.__globals__}", secret)  # expect: PG009
mapped = str.format_map("{f.__code__}", {"f": secret})  # expect: PG009
