# corpus: profile=safe_eval decision=deny
access_level = "user"
if access_level != "none‮⁦": # Check if admin⁩ ⁦":  # expect: PG000@25 PG000@26 PG000@46 PG000@48
    granted = True
