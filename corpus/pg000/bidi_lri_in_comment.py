# corpus: profile=safe_eval decision=deny
x = 1  # ⁦harmless⁩  # expect: PG000@10 PG000@19
