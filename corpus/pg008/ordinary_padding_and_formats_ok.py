# corpus: profile=safe_eval decision=allow
"""Padding and format widths of ordinary sizes, and formats the estimate cannot follow."""
title = "report".center(40, "=")
code = "7".zfill(3)
cell = f"{3.14159:>10.3f}"
row = "%5d | %-12s | %0*d" % (42, "name", 6, 7)
mapping = "%(count)d items" % {"count": 3}
tabs = "a\tb".expandtabs(4)
print(title, code, cell, row, mapping, tabs)
