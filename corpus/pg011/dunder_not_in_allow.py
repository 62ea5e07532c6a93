# corpus: profile=profiles/dunder_name_only.toml decision=deny
"""Only dunder-name forbidden: __name__ and __doc__ are in dunders.allow, __all__ and __version__ are not."""
__all__ = ["policy"]  # expect: PG011
__version__ = "1.0"  # expect: PG011


def policy() -> str:
    return __doc__ or __name__
