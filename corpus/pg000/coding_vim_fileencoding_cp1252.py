# vim: set fileencoding=cp1252 :  # expect: PG000@25
# corpus: profile=safe_eval decision=deny
# CPython's search is for 'coding[:=]' anywhere in the comment, so fileencoding= counts too.
s = "“quoted”"
