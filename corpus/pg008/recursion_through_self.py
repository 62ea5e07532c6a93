# corpus: profile=safe_eval decision=deny
class Walker:
    def __init__(self):
        self.steps = 0

    def walk(self):
        self.steps += 1
        self.walk()  # expect: PG008


Walker().walk()
