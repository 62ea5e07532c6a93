# corpus: profile=safe_eval decision=allow
"""The class's name of an object for a label, as notebooks print an estimator's:
obj.__class__.__name__ (and __qualname__) is a str, what type(obj).__name__ gives."""
class Ridge:
    pass


estimators = [Ridge(), 3, "text"]
for estimator in estimators:
    print(f"Learning curve for {estimator.__class__.__name__}")
    print(estimator.__class__.__qualname__.lower())
names = {model.__class__.__name__: model for model in estimators}
print(sorted(names))
