# corpus: profile=safe_eval decision=allow
"""A method of the file's own class named open is not builtins.open."""


class Door:
    def __init__(self):
        self.is_open = False

    def open(self, mode="w"):
        self.is_open = mode == "w"
        return self


print(Door().open("w").is_open)
