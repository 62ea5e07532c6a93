# corpus: profile=safe_eval decision=allow
"""User objects with methods named connect, send and open are not network access."""
class Channel:
    def __init__(self):
        self.buffer = []

    def connect(self, peer):
        self.peer = peer

    def send(self, message):
        self.buffer.append((self.peer, message))


channel = Channel()
channel.connect("worker-1")
channel.send("start")
