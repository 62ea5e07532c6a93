# corpus: profile=safe_eval decision=deny
"""logging formats each record with str.format when its style is "{": a field of the format string
reads attributes of whatever is logged, as a getattr would. The %-style default reads none."""
import logging  # expect: PG003



def report():
    return "done"


handler = logging.StreamHandler()
handler.setFormatter(logging.Formatter("{msg.__globals__}", style="{"))  # expect: PG009
handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
handler.setFormatter(logging.Formatter("{levelname} {message}", style="{"))
logging.basicConfig(format="{msg.__class__}", style="{", handlers=[handler])  # expect: PG009
logging.getLogger("report").warning(report)
