# corpus: profile=safe_eval decision=deny
"""`__import__('socket')` dodges the import statement; the module it returns is still socket."""
net = __import__("socket")  # expect: PG002 PG005
net.create_connection(("198.51.100.7", 80))  # expect: PG005
