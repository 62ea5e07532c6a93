# corpus: profile=safe_eval decision=deny
"""vars(obj) is obj.__dict__ under another name."""
class Settings:
    debug = False


print(vars(Settings))  # expect: PG009
