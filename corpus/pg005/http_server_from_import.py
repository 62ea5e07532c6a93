# corpus: profile=safe_eval decision=deny
"""Serving the working directory over HTTP with http.server."""
from http.server import HTTPServer, SimpleHTTPRequestHandler  # expect: PG003

server = HTTPServer(("0.0.0.0", 8000), SimpleHTTPRequestHandler)  # expect: PG005 PG005
server.serve_forever()  # expect: PG005
