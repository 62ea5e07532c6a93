# corpus: profile=safe_eval decision=allow
"""A parameter called `socket` is a local name, not the socket module (which is never imported)."""
def relay(socket, messages):
    for message in messages:
        socket.send(message.encode())
    return socket.close()


class FakeSocket:
    def send(self, data): return len(data)
    def close(self): return "closed"

print(relay(FakeSocket(), ["a", "b"]))
