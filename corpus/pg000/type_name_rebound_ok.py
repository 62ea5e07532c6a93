# corpus: profile=safe_eval decision=allow
# `type = 3` is an assignment, not a 3.12 type alias; with no `type(...).x = `
# statement in the file, rebinding the name hides nothing.
class Config:
    attr = 1

type = 3
value = type + Config.attr
