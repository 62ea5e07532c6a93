# corpus: profile=safe_eval decision=deny
"""@eval over a decorator that returns source text: defining the function runs it."""


@eval  # expect: PG001
@lambda _: "print('ran at definition time')"
def on_import():
    pass
