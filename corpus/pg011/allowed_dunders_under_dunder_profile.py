# corpus: profile=profiles/dunder_name_only.toml decision=allow
"""The dunders in the profile's dunders.allow are not forbidden: __name__, __doc__,
__qualname__, __module__, __file__."""


def policy() -> str:
    return __name__ + str(__doc__) + policy.__qualname__ + policy.__module__ + __file__


if __name__ == "__main__":
    print(policy())
