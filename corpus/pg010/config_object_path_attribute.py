# corpus: profile=safe_eval decision=allow
"""A config object with a `path` list attribute and an `environ` mapping."""
from dataclasses import dataclass, field


@dataclass
class Config:
    path: list[str] = field(default_factory=list)
    environ: dict[str, str] = field(default_factory=dict)


config = Config()
config.path.append("plugins")
config.environ["MODE"] = "test"
print(config)
