# corpus: profile=safe_eval decision=deny
# help() imports the module a string names to document it, running its code:
# help("antigravity") starts a web browser, and a module written to the working
# folder would run whole.
help("antigravity")  # expect: PG002
document = help  # expect: PG002
document("this")  # expect: PG002
