# corpus: profile=safe_eval decision=allow
"""Local variables named pickle, marshal and loads are plain data."""
import hashlib

pickle = {"jar": 3, "brine": "salt"}
marshal = ["Wyatt", "Virgil"]
loads = [12.5, 7.25]
digest = hashlib.sha256(str(sorted(pickle)).encode()).hexdigest()
print(len(marshal), sum(loads), digest[:8])
