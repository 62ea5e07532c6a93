# corpus: profile=profiles/tiny_strings.toml decision=deny


def label(n):
    return f"item number {n}!"  # expect: PG012
