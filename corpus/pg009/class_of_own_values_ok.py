# corpus: profile=safe_eval decision=allow
# The class of an instance of the file's own class is that class; `type`
# passed to isinstance or named in an annotation reaches nothing.
class Stack:
    def __init__(self, items=()):
        self.items = list(items)

    def copy(self) -> "Stack":
        return type(self)(self.items)


def is_class(value: object, kind: type = int) -> bool:
    return isinstance(value, type)


print(Stack([1]).copy().items, type(Stack()).__name__, is_class(int))
