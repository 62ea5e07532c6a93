# corpus: profile=safe_eval decision=allow
"""getattr, hasattr and setattr with harmless constant names are ordinary attribute access."""
class Config:
    retries = 3


cfg = Config()
timeout = getattr(cfg, "timeout", 5)
if hasattr(cfg, "retries"):
    setattr(cfg, "retries", cfg.retries + 1)
print(timeout, cfg.retries)
