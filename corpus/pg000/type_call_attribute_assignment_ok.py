# corpus: profile=safe_eval decision=allow
class Config:
    pass

obj = Config()
type(obj).attr = 1
type(obj).limits = {"max": 10}
value = obj.attr
