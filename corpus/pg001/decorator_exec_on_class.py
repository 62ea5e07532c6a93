# corpus: profile=safe_eval decision=deny
"""@exec over a decorator that returns source text: defining the class runs the string."""


@exec  # expect: PG001
@lambda _: "answer = 6 * 7"
class Payload:
    pass


print(answer)
