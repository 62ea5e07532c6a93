# corpus: profile=safe_eval decision=deny
"""__closure__ reads the cells a nested function captured."""
def make_counter():
    secret = "s3cr3t"
    return lambda: secret


leaked = make_counter().__closure__[0].cell_contents  # expect: PG009
