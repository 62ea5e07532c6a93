# corpus: profile=data_processing decision=review
# `frame.style.env` is a jinja2 Environment (its templates reach any module)
# whether or not pygate can name frame's class: on a parameter, the member
# is a review; on a DataFrame it names, a denial.
import pandas as pd


def render(frame):
    return frame.style.env  # expect: PG003


class Report:
    def __init__(self):
        self.env = {}

    def settings(self):
        return self.env


print(render(pd.DataFrame({"a": [1.0]})), Report().settings())
