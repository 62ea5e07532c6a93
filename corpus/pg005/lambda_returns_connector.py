# corpus: profile=safe_eval decision=deny
"""A lambda that returns socket.create_connection, called twice to reach it."""
import socket  # expect: PG003

connector = lambda: socket.create_connection  # expect: PG005
connector()(("192.0.2.1", 22))  # expect: PG005
