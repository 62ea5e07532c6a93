// Model::possible_strings (analyzer/model/string_values.cpp): every constant a
// format string or an attribute name may hold, through the file's own
// functions, and whether those are all of them. A value missed would let a
// dunder through; `complete` claimed wrongly would drop a warning.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tests/support/analyzed_file.hpp"

using namespace pygate::analyzer;
using testing::Analyzed;
using Strings = std::vector<std::string>;

TEST_CASE("a parameter holds its default and what every call passes", "[string_values]") {
    Analyzed file(R"py(
def show(template, value, *, suffix="!"):
    return template.format(value) + suffix
show("{0}", 1)
show(template="{0.real}", value=2)
show("{0:>4}", 3, suffix="?")
)py");
    Model::StringValues templates = file.possible("template");
    CHECK(templates.values == Strings{"{0.real}", "{0:>4}", "{0}"});
    CHECK(templates.complete);
    Model::StringValues suffixes = file.possible("suffix");
    CHECK(suffixes.values == Strings{"!", "?"});
    CHECK(suffixes.complete);
}

TEST_CASE("a function reached otherwise than by a call of its name may be given anything", "[string_values]") {
    const char* escapes[] = {
        "print(list(map(show, ['{0}'], [1])))\n",  // passed on
        "alias = show\n",                         // stored
        "show.__call__('{0}', 1)\n",              // an attribute of it
        "show(*['{0}', 1])\n",                    // arguments unpacked
        "show(**{'template': '{0}'}, value=1)\n",
    };
    for (const char* tail : escapes) {
        Analyzed file(std::string("def show(template, value):\n    return template.format(value)\nshow('{0.real}', 1)\n") +
                      tail);
        INFO(tail);
        Model::StringValues templates = file.possible("template");
        CHECK(!templates.complete);
        CHECK(std::find(templates.values.begin(), templates.values.end(), "{0.real}") != templates.values.end());
    }
}

TEST_CASE("decorated functions, methods, module dunders and *args are never complete", "[string_values]") {
    Analyzed decorated(R"py(
import functools
@functools.cache
def show(template):
    return template.format(1)
show("{0}")
)py");
    CHECK(!decorated.possible("template").complete);
    CHECK(decorated.possible("template").values == Strings{"{0}"});

    Analyzed method(R"py(
class Report:
    def line(self, template):
        return template.format(self)
Report().line("{0.__class__}")
Report.line(Report(), "{0.__dict__}")
)py");
    Model::StringValues templates = method.possible("template");
    CHECK(!templates.complete);  // a subclass or a stored bound method calls it unseen
    CHECK(templates.values == Strings{"{0.__class__}", "{0.__dict__}"});

    Analyzed module_dunder("def __getattr__(name):\n    return name.format(1)\n");
    CHECK(!module_dunder.possible("name").complete);

    Analyzed star("def show(*parts):\n    return parts.format(1)\nshow('{0}')\n");
    CHECK(!star.possible("parts").complete);
}

TEST_CASE("return values, concatenations and a second formatting pass", "[string_values]") {
    Analyzed file(R"py(
def template(kind):
    if kind:
        return "{0.real}"
    return "{0." + kind + "}"
def quoted(field):
    return "{}".format(field)
def pick(flag):
    return "{0}" if flag else "{1}"
template("imag")
template("__class__")
quoted("{0.__globals__}")
pick(True)
print(template("real"), quoted("{0}"), pick(3))
)py");
    Model::StringValues returned = file.possible(R"(template("real"))");
    CHECK(returned.values == Strings{"{0.__class__}", "{0.imag}", "{0.real}"});
    CHECK(returned.complete);
    CHECK(file.possible(R"(quoted("{0}"))").values == Strings{"{0.__globals__}", "{0}"});
    CHECK(file.possible("pick(3)").values == Strings{"{0}", "{1}"});
    CHECK(file.possible("pick(3)").complete);
}

TEST_CASE("a recursive helper adds no value, and a value not constant is no value", "[string_values]") {
    Analyzed file(R"py(
def countdown(template, n):
    return countdown(template, n - 1) if n else template.format(n)
countdown("{0}", 3)
def echo(text):
    return text.format(1)
echo("{0}")
print(echo(input()))
)py");
    Model::StringValues looped = file.possible("template");
    CHECK(looped.values == Strings{"{0}"});
    CHECK(looped.complete);
    Model::StringValues echoed = file.possible("text");
    CHECK(echoed.values == Strings{"{0}"});
    CHECK(!echoed.complete);
    Model::StringValues formatted = file.possible("echo(input())");
    CHECK(formatted.values == Strings{"1"});  // "{0}".format(1); and what input() would make, unknown
    CHECK(!formatted.complete);
}

TEST_CASE("an attribute's values are what the class and its methods set, not all of them when set elsewhere",
          "[string_values]") {
    Analyzed file(R"py(
class Holder:
    kind = "{0.real}"
    def __init__(self):
        self.fmt = "{0.__globals__}"
    def show(self, value):
        return self.fmt.format(value)
setattr(Holder, "kind", input())
print(Holder.kind)
)py");
    Model::StringValues set_in_method = file.possible("self.fmt");
    CHECK(set_in_method.values == Strings{"{0.__globals__}"});
    CHECK(!set_in_method.complete);
    Model::StringValues class_attribute = file.possible("Holder.kind");
    CHECK(class_attribute.values == Strings{"{0.real}"});
    CHECK(!class_attribute.complete);
}

TEST_CASE("a class attribute only its body binds is all its values, unless anything else may set it",
          "[string_values]") {
    const std::string base = R"py(
class Report:
    template = "{name}: {value:.2f}"
    def render(self):
        return self.template.format(name=1, value=2)
)py";
    Model::StringValues alone = Analyzed(base + "print(Report.template.upper())\n").possible("self.template");
    CHECK(alone.values == Strings{"{name}: {value:.2f}"});
    CHECK(alone.complete);
    CHECK(Analyzed(base + "print(Report.template.upper())\n").possible("Report.template").complete);
    // Read as a value, it may be stored anywhere else (or be a loop's target): not all of them.
    CHECK(!Analyzed(base + "print(Report.template)\n").possible("Report.template").complete);
    // Each of these may put other text there: the values stay, but not as all of them.
    for (const std::string& elsewhere : {
             std::string("Report.template = input()\n"),
             std::string("r = Report()\nr.template = input()\n"),
             std::string("del Report.template\n"),
             std::string("setattr(Report(), 'template', input())\n"),
             std::string("s = setattr\n"),
             std::string("Report.__dict__\n"),
             std::string("class Detailed(Report):\n    template = input()\n"),
             std::string("class Other:\n    def __init__(self):\n        self.template = input()\n"),
             std::string("import dataclasses\nD = dataclasses.make_dataclass('D', [], bases=(Report,), "
                         "namespace={'template': input()})\n"),
             std::string("class Meta:\n    pass\nclass D(Report, metaclass=Meta):\n    pass\n"),
             std::string("R = Report\n"),
             std::string("Report.template += input()\n"),
             std::string("for Report.template in [input()]:\n    pass\n"),
         }) {
        INFO(elsewhere);
        Model::StringValues values =
            Analyzed(base + elsewhere + "print(Report().template.upper())\n").possible("Report().template");
        CHECK(values.values == Strings{"{name}: {value:.2f}"});
        CHECK(!values.complete);
    }
    // A class with a base, a decorator or a second binding in its body.
    for (const std::string& variant : {
             std::string("class Report(dict):\n    template = '{0}'\n    def f(self):\n        return self.template\n"),
             std::string("import dataclasses\n@dataclasses.dataclass\nclass Report:\n    template: str = '{0}'\n"
                         "    def f(self):\n        return self.template\n"),
             std::string("class Report:\n    template = '{0}'\n    template = '{1}'\n    def f(self):\n"
                         "        return self.template\n"),
         }) {
        INFO(variant);
        CHECK(!Analyzed(variant).possible("self.template").complete);
    }
}

TEST_CASE("a loop over zip follows each target to the list zip takes it from", "[string_values]") {
    Analyzed file(R"py(
comps = ["trend", "seasonal", "resid"]
axes = [1, 2, 3]
for ax, comp in zip(axes, comps):
    print(getattr(ax, comp))
)py");
    Model::StringValues comp = file.possible("comp");
    CHECK(comp.values == Strings{"resid", "seasonal", "trend"});
    CHECK(comp.complete);
    // A list changed elsewhere, a zip of another name, a star or a count that does not match: not all.
    for (const std::string& code : {
             std::string("comps = ['real']\nfor a, comp in zip([1], comps):\n    print(comp)\ncomps.append(input())\n"),
             std::string("def zip(*a):\n    return []\ncomps = ['real']\nfor a, comp in zip([1], comps):\n"
                         "    print(comp)\n"),
             std::string("comps = ['real']\nfor a, comp in zip(*[[1], comps]):\n    print(comp)\n"),
             std::string("comps = ['real']\nfor a, comp in zip([1], comps, [2]):\n    print(comp)\n"),
         }) {
        INFO(code);
        CHECK(!Analyzed(code).possible("comp").complete);
    }
}

TEST_CASE("a name with many constant values yields them all, and too many are not complete", "[string_values]") {
    std::string code = "def show(template):\n    return template.format(1)\n";
    for (int i = 0; i < 100; ++i)
        code += "show('{" + std::to_string(i) + "}')\n";
    Analyzed file(code);
    Model::StringValues templates = file.possible("template");
    CHECK(!templates.complete);
    CHECK(templates.values.size() == 64);
}

TEST_CASE("keyword-only and positional-only parameters are filled as Python fills them", "[string_values]") {
    Analyzed keyword_only(R"py(
def show(value, *, template="{0}"):
    return template.format(value)
show(1, "{0.__class__}")
show(2, template="{0.real}")
)py");
    // The second positional argument fills nothing: that call raises TypeError.
    CHECK(keyword_only.possible("template").values == Strings{"{0.real}", "{0}"});
    CHECK(keyword_only.possible("template").complete);

    Analyzed positional_only(R"py(
def show(template, value, /):
    return template.format(value)
show("{0}", 1)
show("{0}", 1, template="{0.__class__}")
)py");
    CHECK(positional_only.possible("template").values == Strings{"{0}"});
    CHECK(positional_only.possible("template").complete);
}

TEST_CASE("f-strings and % formatting of such values, and no value grows past the folding limit",
          "[string_values]") {
    Analyzed file(R"py(
def field(name):
    return f"{{0.{name}}}"
def percent(name, suffix):
    return "{0.%s%s}" % (name, suffix)
def single(name):
    return "{0.%s}" % name
def converted(name):
    return f"{name!r}"
field("__class__")
print(field("real"), percent("__glo", "bals__"), single("imag"), converted("x"))
)py");
    CHECK(file.possible(R"(field("real"))").values == Strings{"{0.__class__}", "{0.real}"});
    CHECK(file.possible(R"(field("real"))").complete);
    CHECK(file.possible(R"(percent("__glo", "bals__"))").values == Strings{"{0.__globals__}"});
    CHECK(file.possible(R"(single("imag"))").values == Strings{"{0.imag}"});
    CHECK(!file.possible(R"(converted("x"))").complete);  // !r adds quotes: not followed

    std::string doubling = "a0 = 'x' * 60000\n";
    for (char i = '1'; i < '8'; ++i) {
        const char line[] = {'a', i, ' ', '=', ' ', 'a', static_cast<char>(i - 1), ' ', '+', ' ', 'a',
                             static_cast<char>(i - 1), '\n', '\0'};
        doubling += line;
    }
    doubling += "print(a7)\n";
    Analyzed grown(doubling);
    Model::StringValues values = grown.possible("a7");
    CHECK(values.values.empty());
    CHECK(!values.complete);
}

TEST_CASE("a for loop over a list bound once yields its elements, all of them while nothing changes it",
          "[string_values]") {
    Analyzed file(R"py(
names = ["real", "imag"]
for name in names:
    print(getattr(1j, name))
print([getattr(2j, each) for each in names])
)py");
    Model::StringValues loop = file.possible("name");
    CHECK(loop.values == Strings{"imag", "real"});
    CHECK(loop.complete);
    CHECK(file.possible("each").values == Strings{"imag", "real"});
    CHECK(file.possible("each").complete);

    const char* changes[] = {"names.append('__class__')\n", "names[0] = '__class__'\n", "grow(names)\n",
                             "names += ['__class__']\n"};
    for (const char* change : changes) {
        INFO(change);
        Analyzed changed(std::string("def grow(x):\n    return x\nnames = ['real']\n") + change +
                         "for name in names:\n    print(getattr(1j, name))\n");
        Model::StringValues values = changed.possible("name");
        CHECK(!values.complete);
    }
}

TEST_CASE("what append, insert and extend add to an iterated list is followed too", "[string_values]") {
    Analyzed file(R"py(
names = ["real"]
names.append("imag")
names.insert(0, "conjugate")
names.extend(["__class__", "__doc__"])
for name in names:
    print(getattr(1j, name))
)py");
    Model::StringValues values = file.possible("name");
    CHECK(values.values == Strings{"__class__", "__doc__", "conjugate", "imag", "real"});
    CHECK(!values.complete);
}

TEST_CASE("format_map of a dict literal is a formatting pass too", "[string_values]") {
    Analyzed file(R"py(
def field(name):
    return "{{0.{attribute}}}".format_map({"attribute": name})
field("__class__")
print(field("real"))
)py");
    CHECK(file.possible(R"(field("real"))").values == Strings{"{0.__class__}", "{0.real}"});
    CHECK(file.possible(R"(field("real"))").complete);
}
