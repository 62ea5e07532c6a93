# corpus: profile=safe_eval decision=deny
"""A raw socket reached through an import alias, then used through the socket object it returns."""
import socket as s  # expect: PG003

conn = s.socket()  # expect: PG005
conn.connect(("collector.example.net", 4444))  # expect: PG005
