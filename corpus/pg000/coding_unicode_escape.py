# -*- coding: unicode_escape -*-  # expect: PG000@15
# corpus: profile=safe_eval decision=deny
# unicode_escape turns the escape sequences below into newlines before tokenizing.
x = 1  # \x0aimport os\x0aos.system('id')
