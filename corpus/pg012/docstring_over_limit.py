# corpus: profile=profiles/tiny_strings.toml decision=deny


def policy(x):
    """A docstring is a string literal too."""  # expect: PG012
    return x
