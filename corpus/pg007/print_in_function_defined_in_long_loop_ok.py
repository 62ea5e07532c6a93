# corpus: profile=safe_eval decision=allow
handlers = []
for i in range(10**6):
    def handler(i=i):
        print(i)
    handlers.append(handler)
