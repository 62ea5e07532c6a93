# corpus: profile=safe_eval decision=deny
"""`getattr(socket, 'sock' + 'et')` hides the constructor behind a folded constant."""
import socket  # expect: PG003

factory = getattr(socket, "sock" + "et")  # expect: PG005 PG005
channel = factory()  # expect: PG005
