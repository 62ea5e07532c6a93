# corpus: profile=safe_eval decision=deny
"""`from socket import create_connection as cc` hides the module name at the call site."""
from socket import create_connection as cc  # expect: PG003


def beacon(host):
    return cc((host, 443))  # expect: PG005
