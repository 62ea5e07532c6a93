# corpus: profile=safe_eval decision=allow
"""Methods named reload and load_module on a user class are not importlib."""


class Settings:
    def __init__(self):
        self.values: dict[str, str] = {}

    def reload(self, text: str) -> None:
        self.values = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)

    def load_module(self, name: str) -> str:
        return self.values.get(name, "")


settings = Settings()
settings.reload("theme=dark\nlang=en")
print(settings.load_module("theme"))
