# corpus: profile=safe_eval decision=allow
"""Metrics keyed 'eval' and 'exec', and keyword arguments with those names."""
metrics = {"train": 0.91, "eval": 0.87, "exec": 12.5}
summary = dict(eval=metrics["eval"], compile=False)
phase = "eval" if summary["eval"] > 0.8 else "train"
print(phase, metrics.get("exec"), summary)
