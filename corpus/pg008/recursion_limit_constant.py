# corpus: profile=safe_eval decision=allow
"""A user constant named RECURSION_LIMIT and a depth check, not sys.setrecursionlimit."""
RECURSION_LIMIT = 200


def depth(tree, level=0):
    if level > RECURSION_LIMIT or not isinstance(tree, list):
        return level
    return max((depth(t, level + 1) for t in tree), default=level + 1)


print(depth([[1, [2]], [3]]))
