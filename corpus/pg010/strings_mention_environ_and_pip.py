# corpus: profile=safe_eval decision=allow
"""Text that mentions os.environ, sys.path and pip install is only text."""
# Do not touch os.environ or sys.path from here.
TIPS = ["never read os.environ['TOKEN']", "pip install requests", "sys.path.append(x)"]
command = ["pip", "install", "x"]
print(len(TIPS), " ".join(command))
