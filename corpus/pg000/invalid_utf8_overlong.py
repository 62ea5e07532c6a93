# corpus: profile=safe_eval decision=deny
# 0xC0 0xAF is an overlong encoding of '/': no UTF-8 decoder may accept it
path = "..À¯etc"  # expect: PG000@11
