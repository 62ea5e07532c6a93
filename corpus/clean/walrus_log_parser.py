# corpus: profile=safe_eval decision=allow
"""Parse log lines with the walrus operator, regular expressions and json."""
import json
import re
from collections import Counter

LINE = re.compile(r"(?P<level>INFO|WARN|ERROR) (?P<code>\d{3}) (?P<payload>\{.*\})")

LOG = """\
INFO 200 {"path": "/", "ms": 12}
WARN 429 {"path": "/api", "ms": 3}
garbage line
ERROR 500 {"path": "/api", "ms": 250}
INFO 200 {"path": "/about", "ms": 9}
"""


def parse(log: str) -> list[dict]:
    records = []
    for raw in log.splitlines():
        if (match := LINE.fullmatch(raw)) is None:
            continue
        record = json.loads(match["payload"])
        record.update(level=match["level"], code=int(match["code"]))
        records.append(record)
    return records


records = parse(LOG)
levels = Counter(r["level"] for r in records)
slow = [r["path"] for r in records if (ms := r["ms"]) > 100]
pending = list(range(5))
drained = []
while (item := pending.pop() if pending else None) is not None:
    drained.append(item)
print(levels, slow, drained, json.dumps(records[0], sort_keys=True))
