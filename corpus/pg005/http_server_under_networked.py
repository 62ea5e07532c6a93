# corpus: profile=networked decision=deny
"""networked allows HTTP clients, not servers: http.server stays denied."""
import http.server  # expect: PG003

handler = http.server.SimpleHTTPRequestHandler  # expect: PG005
httpd = http.server.ThreadingHTTPServer(("", 8080), handler)  # expect: PG005 PG005
