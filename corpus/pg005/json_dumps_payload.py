# corpus: profile=safe_eval decision=allow
"""json.dumps of a request-shaped dict: serialising is not sending."""
import json

request = {"method": "connect", "host": "db.internal", "port": 5432}
body = json.dumps(request, sort_keys=True)
echo = json.loads(body)
print(body, echo["host"])
