# corpus: profile=safe_eval decision=deny
"""`self.execute = os.popen` then `self.execute(...)` in another method."""
import os  # expect: PG003


class Shell:
    def __init__(self):
        self.execute = os.popen  # expect: PG004

    def ask(self, command):
        return self.execute(command).read()  # expect: PG004


print(Shell().ask("whoami"))
