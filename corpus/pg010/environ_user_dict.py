# corpus: profile=safe_eval decision=allow
"""`environ` as the name of the user's own dict is not os.environ."""
environ = {"HOME": "/home/alice", "LANG": "C"}
environ["LANG"] = "en_US.UTF-8"
print(environ.get("HOME"), sorted(environ))
