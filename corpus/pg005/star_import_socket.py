# corpus: profile=safe_eval decision=deny
"""`from socket import *` makes create_connection a free name with no visible module."""
from socket import *  # expect: PG003

link = create_connection(("198.51.100.20", 8443))  # expect: PG005
