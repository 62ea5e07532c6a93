# corpus: profile=safe_eval decision=deny
"""ensurepip installs pip itself."""
import ensurepip  # expect: PG003

ensurepip.bootstrap(upgrade=True)  # expect: PG010
