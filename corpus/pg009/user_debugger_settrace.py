# corpus: profile=safe_eval decision=allow
"""settrace and setprofile on a user's own debugger object."""


class Debugger:
    def settrace(self, fn):
        self.fn = fn

    def setprofile(self, fn):
        self.profile = fn


debugger = Debugger()
debugger.settrace(print)
debugger.setprofile(len)
