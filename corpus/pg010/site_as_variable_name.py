# corpus: profile=safe_eval decision=allow
"""`site` is a web-site name here, not the site module."""
from dataclasses import dataclass


@dataclass
class Site:
    host: str


site = Site("example.org")
print(site.host.upper())
