# corpus: profile=code_pool decision=allow
"""Only __x__ is a dunder: _private, __mangled (no trailing __), ____ and x__ are not."""
_cache: dict = {}
____ = 0


def __helper(x__: int) -> int:
    return x__ + ____


def policy(state) -> int:
    _private = state.value
    return __helper(_private) + len(_cache) + state._hidden
