# corpus: profile=safe_eval decision=allow
"""Strings and comments that mention subprocess and os.system are only text."""
# Never call subprocess.run(["rm", "-rf", "/"]) or os.system("id") here.
WARNING = "use subprocess.Popen with shell=False; avoid os.system and os.fork"
RULES = {"subprocess": False, "os.kill": False}
print(WARNING, sorted(RULES))
