# corpus: profile=safe_eval decision=allow
"""Strings that contain import code are data, never executed."""
SNIPPETS = {
    "dynamic": "__import__('os').system('ls')",
    "lookup": "sys.modules['json']",
    "runner": "runpy.run_path('x.py')",
}
# importlib.reload(module) would be needed to pick up changes.
print(max(SNIPPETS, key=len))
