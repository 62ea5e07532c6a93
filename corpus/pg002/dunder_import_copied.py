# corpus: profile=safe_eval decision=deny
"""__import__ copied into a helper name, then called."""
loader = __import__  # expect: PG002


def load(name: str):
    return loader(name)  # expect: PG002


socket_module = load("socket")
