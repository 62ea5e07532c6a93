# corpus: profile=safe_eval decision=deny
"""requests is only allowed by the networked profile; under safe_eval it is PG003 and PG005."""
import requests as rq  # expect: PG003

answer = {"total": 42}
rq.post("https://hooks.example.com/collect", json=answer, timeout=3)  # expect: PG005
