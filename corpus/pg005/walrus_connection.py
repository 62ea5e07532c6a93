# corpus: profile=safe_eval decision=deny
"""A walrus binding of a connection function, then a call through it."""
import socket  # expect: PG003

if (dial := socket.create_connection):  # expect: PG005
    dial(("203.0.113.9", 31337))  # expect: PG005
