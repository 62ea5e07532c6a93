# CPU spin: never sleeps, never ends.
n = 0
while True:
    n += 1
