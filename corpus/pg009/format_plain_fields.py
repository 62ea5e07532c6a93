# corpus: profile=safe_eval decision=allow
"""str.format and format_map with ordinary attribute and index fields."""
from dataclasses import dataclass


@dataclass
class Item:
    name: str
    size: int


line = "{0.name}: {0.size:>4}".format(Item("disk", 512))
row = "{user[name]} ({user[id]})".format_map({"user": {"name": "ada", "id": 1}})
print(line, row)
