# corpus: profile=profiles/tiny_nodes.toml decision=allow
# A small function: a few dozen syntax nodes.


def policy(a, b):
    return max(a, b) - min(a, b)
