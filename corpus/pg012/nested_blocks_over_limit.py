# corpus: profile=profiles/tiny_depth.toml decision=deny


def policy(x):
    if x:
        if x > 1:
            if x > 2:
                return [x + (x * 2)]  # expect: PG012
    return 0
