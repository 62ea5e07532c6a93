# corpus: profile=safe_eval decision=allow
def chunks(stream):
    out = []
    for chunk in iter(lambda: stream.read(4096), b""):
        out.append(chunk)
    for block in iter(stream.read, b""):
        out.append(block)
    for zero in iter(int, 0):
        out.append(zero)
    return out
