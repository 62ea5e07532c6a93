# corpus: profile=safe_eval decision=deny
"""From a bound method to its function and on to that function's globals."""
class Job:
    def run(self):
        return 1


scope = Job().run.__func__.__globals__  # expect: PG009 PG009
