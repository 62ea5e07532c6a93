# corpus: profile=safe_eval decision=allow
"""Methods named run, kill and system on a user's own class are not processes."""


class Game:
    def run(self):
        return "running"

    def kill(self, enemy):
        return f"{enemy} defeated"

    def system(self):
        return {"fps": 60}

print(Game().run(), Game().kill("orc"), Game().system())
