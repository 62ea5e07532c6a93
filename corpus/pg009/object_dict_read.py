# corpus: profile=safe_eval decision=deny
"""Reading an object's __dict__ exposes and lets code rewrite its whole namespace."""
class Account:
    def __init__(self, owner):
        self.owner = owner


acct = Account("ada")
state = acct.__dict__  # expect: PG009
print(state)
