# corpus: profile=safe_eval decision=allow
while False:
    pass
while 0:
    pass
running = True
while running:
    running = False
