# corpus: profile=safe_eval decision=deny
"""Network functions copied through a for loop over a tuple."""
import socket  # expect: PG003
import ssl  # expect: PG003

for make in (socket.create_connection, ssl.create_default_context):  # expect: PG005 PG005
    print(make)  # expect: PG005
