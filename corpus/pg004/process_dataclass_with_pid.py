# corpus: profile=safe_eval decision=allow
"""A dataclass named Process with pid and kill(): a scheduling simulation."""
import heapq
from dataclasses import dataclass, field


@dataclass(order=True)
class Process:
    priority: int
    pid: int = field(compare=False)

    def kill(self):
        return f"process {self.pid} finished"

print(heapq.nsmallest(1, [Process(2, 11), Process(1, 7)])[0].kill())
