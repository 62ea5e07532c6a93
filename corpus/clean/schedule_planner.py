# corpus: profile=safe_eval decision=allow
"""Plan tasks by priority and deadline with heapq, bisect, enum and datetime."""
import bisect
import heapq
from datetime import date, datetime, timedelta
from enum import Enum, auto
from typing import NamedTuple


class Priority(Enum):
    HIGH = auto()
    MEDIUM = auto()
    LOW = auto()


class Task(NamedTuple):
    due: date
    name: str
    priority: Priority


START = datetime(2024, 3, 1, 9, 0)
tasks = [
    Task(date(2024, 3, 8), "write report", Priority.MEDIUM),
    Task(date(2024, 3, 2), "fix bug", Priority.HIGH),
    Task(date(2024, 3, 15), "tidy desk", Priority.LOW),
    Task(date(2024, 3, 2), "review patch", Priority.HIGH),
]

queue = [(t.priority.value, t.due, t.name) for t in tasks]
heapq.heapify(queue)
order = [heapq.heappop(queue)[2] for _ in range(len(queue))]

slots = [START + timedelta(hours=2 * i) for i in range(len(order))]
plan = {name: slot.strftime("%a %d %b %H:%M") for name, slot in zip(order, slots)}

deadlines = sorted(t.due for t in tasks)
cutoff = date(2024, 3, 9)
due_before_cutoff = bisect.bisect_left(deadlines, cutoff)
days_left = {t.name: (t.due - START.date()).days for t in tasks}
print(order, plan, due_before_cutoff, days_left)
