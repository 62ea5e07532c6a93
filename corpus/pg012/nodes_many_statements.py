# corpus: profile=profiles/tiny_nodes.toml decision=deny  # expect: PG012


def policy(a, b):
    c = a + b
    d = c * a
    e = d - b
    f = e / 2
    g = f // 3
    h = g % 4
    i = h ** 2
    j = abs(i) + min(a, b) + max(a, b)
    k = [a, b, c, d, e, f, g, h, i, j]
    return sorted(k)[len(k) // 2]
