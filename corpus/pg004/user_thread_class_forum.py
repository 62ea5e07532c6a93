# corpus: profile=safe_eval decision=allow
"""A user class named Thread (a forum thread) is not threading.Thread."""
from dataclasses import dataclass


@dataclass
class Thread:
    title: str
    replies: int = 0


threads = [Thread("welcome"), Thread("rules", 3)]
print(max(threads, key=lambda t: t.replies).title)
