# corpus: profile=data_processing decision=review
# The member that holds an object of a module the profile does not allow
# (pandas' Styler.env, a jinja2 Environment), named to getattr or
# attrgetter on a value pygate cannot type: a review, as `.env` is.
import operator

import pandas as pd


def environment(frame):
    return getattr(frame.style, "env")  # expect: PG003


reach = operator.attrgetter("style.env")  # expect: PG003
print(environment(pd.DataFrame()), getattr(pd.DataFrame(), "shape"))
