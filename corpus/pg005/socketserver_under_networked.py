# corpus: profile=networked decision=deny
"""socketserver serves raw connections; the networked profile does not allow servers."""
import socketserver  # expect: PG003


class Handler(socketserver.BaseRequestHandler):  # expect: PG005
    def handle(self):
        self.request.sendall(b"ok")  # expect: PG005
