# corpus: profile=safe_eval decision=allow
class Report:
    def print(self, text):
        return text


report = Report()
for i in range(10**9):
    report.print(i)
    break
