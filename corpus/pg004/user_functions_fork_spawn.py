# corpus: profile=safe_eval decision=allow
"""User functions named fork and spawn in a game map."""


def fork(road):
    return [road + "-left", road + "-right"]


def spawn(kind, count):
    return [f"{kind}{i}" for i in range(count)]


print(fork("north"), spawn("goblin", 3))
