# corpus: profile=safe_eval decision=allow
# The public interface of allowed modules, underscored names a named tuple
# documents and enum's _sunder_ names included.
import asyncio
import collections
import enum
import string

Point = collections.namedtuple("Point", "x y")
p = Point(1, 2)._replace(x=3)
fields = Point._fields
as_dict = p._asdict()


class Colour(enum.Enum):
    RED = 1

    @classmethod
    def _missing_(cls, value):
        return cls.RED


red = Colour.RED._value_
text = string.Formatter().format("{0} and {name}", 1, name="two")
field, used = string.Formatter().get_field("0.real", [3], {})


async def main():
    loop = asyncio.get_running_loop()
    await asyncio.sleep(0)
    return loop.time()


asyncio.run(main())
