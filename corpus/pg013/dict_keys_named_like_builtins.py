# corpus: profile=code_pool decision=allow
"""Dictionary keys and keyword arguments named open, type, id and hash are strings."""


def policy(state: dict) -> dict:
    record = dict(id=state["id"], type="move", open=True)
    record["hash"] = len(str(state))
    return record
