# corpus: profile=safe_eval decision=deny
"""A network function smuggled in as a default parameter value and called under a neutral name."""
import socket  # expect: PG003


def probe(host, port, connect=socket.create_connection):  # expect: PG005
    return connect((host, port), 2)  # expect: PG005
