# corpus: profile=plotting decision=deny
"""seaborn.utils holds urllib's urlopen under its own name."""
from seaborn import utils

page = utils.urlopen("https://example.com/").read()  # expect: PG005
