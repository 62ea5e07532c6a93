# Memory bomb: allocate until something gives.
chunks = []
while True:
    chunks.append(bytearray(16 * 1024 * 1024))
