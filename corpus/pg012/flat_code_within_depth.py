# corpus: profile=profiles/tiny_depth.toml decision=allow
# A long flat list, an elif chain and a short sum stay shallow.
values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]


def sign(x):
    if x < 0:
        return -1
    elif x == 0:
        return 0
    elif x < 10:
        return 1
    else:
        return 2
