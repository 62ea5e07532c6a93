# corpus: profile=safe_eval decision=deny
"""site.addsitedir processes .pth files from any folder."""
import site  # expect: PG003

site.addsitedir("/tmp/pkgs")  # expect: PG010
