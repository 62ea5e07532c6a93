# corpus: profile=safe_eval decision=allow
# `help` as a keyword argument, a parameter and a function of the file is not the builtin.
import dataclasses


@dataclasses.dataclass
class Option:
    name: str
    help: str = ""


def describe(help="no help"):
    return help.upper()


def help(topic):  # shadows the builtin from here on: the module's own function
    return f"see the manual for {topic}"


option = Option(name="verbose", help="print more")
text = describe(help=option.help) + help("options")
