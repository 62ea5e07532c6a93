# corpus: profile=safe_eval decision=allow
"""A UI model whose popen() opens a popup menu."""
from dataclasses import dataclass, field


@dataclass
class Menu:
    items: list[str] = field(default_factory=list)
    visible: bool = False

    def popen(self):
        self.visible = True
        return self.items

print(Menu(["open", "save"]).popen())
