#include "rules/catalogue.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/library/library_tables.hpp"
#include "analyzer/model/module_reexports.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "rules/utils/library_effects.hpp"
#include "analyzer/profile.hpp"
#include "rules/utils/listed_names.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;
using analyzer::Referents;
using analyzer::Referent;

constexpr analyzer::RuleNumber k_rule = 3;
// Below every rule that names what a module does: one location, the most specific finding.
constexpr int k_specificity = 10;
constexpr std::array<std::string_view, 1> k_cwe = {"CWE-829"};

// How many single-character edits turn `a` into `b` (both short module names).
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string_view top_level(std::string_view module) {
    return module.substr(0, module.find('.'));
}

// What the profile allows near `module`: modules under the same top-level
// package (`os.path` for `os`), or a top-level name one or two edits away
// (`numpy` for `numpi`), so the message says what to import instead.
std::vector<std::string_view> allowed_nearby(const analyzer::Profile& profile, std::string_view module) {
    std::vector<std::string_view> near;
    std::string_view root = top_level(module);
    for (const std::string& allowed_module : profile.imports_allow) {
        std::string_view allowed_root = top_level(allowed_module);
        bool sibling = allowed_root == root;
        // Names whose lengths differ by more than two are more than two edits apart: no need to count.
        bool close = !sibling && root.size() > 3 && root.size() + 2 >= allowed_root.size() &&
                     allowed_root.size() + 2 >= root.size() && edit_distance(root, allowed_root) <= 2;
        if ((sibling || close) && near.size() < 5) near.push_back(allowed_module);
    }
    return near;
}

// The built-in profiles that extend another and the imports each adds
// (profiles/*.toml; tests/rules/contract_hints_test.cpp holds this table
// to them), so a refusal can name the built-in profile that allows a module
// and keeps everything the refusing one allows.
struct WiderBuiltin {
    std::string_view name;
    std::string_view extends;
    std::array<std::string_view, 7> adds;
};
constexpr std::array<WiderBuiltin, 4> k_wider_builtins = {{
    {"data_processing", "safe_eval", {"csv", "numpy", "pandas", "scipy", "pathlib", "io", "os.path"}},
    {"plotting", "data_processing", {"matplotlib", "mpl_toolkits", "seaborn"}},
    {"networked",
     "safe_eval",
     {"urllib.request", "urllib.parse", "urllib.error", "http.client", "requests", "aiohttp"}},
    {"repo_tooling", "safe_eval", {"pathlib", "os.path", "glob", "fnmatch", "ast", "tokenize"}},
}};

bool adds_module(const WiderBuiltin& builtin, std::string_view module) {
    return std::any_of(builtin.adds.begin(), builtin.adds.end(), [&](std::string_view prefix) {
        return !prefix.empty() && analyzer::module_under_prefix(module, prefix);
    });
}

// The built-in profiles that extend `profile` (a built-in one, by name),
// directly or through others, and allow `module` on the way.
std::vector<std::string_view> builtins_allowing(std::string_view profile, std::string_view module) {
    std::vector<std::string_view> found;
    for (const WiderBuiltin& candidate : k_wider_builtins) {
        bool allows = false;
        const WiderBuiltin* step = &candidate;
        for (int depth = 0; step != nullptr && depth < 8; ++depth) {
            allows = allows || adds_module(*step, module);
            if (step->extends == profile) {
                if (allows) found.push_back(candidate.name);
                break;
            }
            auto parent = std::find_if(k_wider_builtins.begin(), k_wider_builtins.end(),
                                       [&](const WiderBuiltin& b) { return b.name == step->extends; });
            step = parent == k_wider_builtins.end() ? nullptr : &*parent;
        }
    }
    return found;
}

// The message of an import the profile refuses: what it allows nearby, the
// built-in profile that allows it, and the lines of a profile file extending
// this one that allow the module.
std::string refused_import_message(const analyzer::Profile& profile, std::string_view module) {
    std::string message = fmt::format("import of `{}`, which profile {} does not allow", module, profile.name);
    std::vector<std::string_view> near = allowed_nearby(profile, module);
    if (!near.empty()) message += fmt::format(" (it allows `{}`)", fmt::join(near, "`, `"));
    std::vector<std::string_view> builtins = builtins_allowing(profile.name, module);
    if (!builtins.empty())
        message += fmt::format("; the built-in profile {} allows it (`--profile {}`)", fmt::join(builtins, " or "),
                               builtins.front());
    message += fmt::format(
        "; a profile with `extends = \"{}\"` allows it with `[imports] allow_add = [\"{}\"]` "
        "(a TOML file, passed as `--profile FILE`)",
        profile.name, module);
    return message;
}

std::vector<std::string> always_allowed() {
    return {"__future__"};
}
constexpr std::array<RuleTable, 1> k_tables = {{{"Always allowed, whatever the profile", always_allowed}}};

void on_import(const analyzer::ImportSite& site, analyzer::RuleContext& context) {
    const analyzer::Profile& profile = context.profile();
    for (const analyzer::ImportedModule& imported : site.modules) {
        if (imported.future) continue;
        if (imported.relative) {
            context.report(
                k_rule, analyzer::Severity::error, imported.at,
                fmt::format("relative import `{}`: untrusted code has no package to import from", imported.module),
                k_specificity);
            continue;
        }
        if (analyzer::allows_import(profile, imported.module)) continue;
        // `from os import path` is allowed when os.path is.
        if (!imported.members.empty() &&
            std::all_of(imported.members.begin(), imported.members.end(),
                        [&](const std::string& m) { return analyzer::allows_import(profile, m); }))
            continue;
        context.report(k_rule, analyzer::Severity::error, imported.at, refused_import_message(profile, imported.module),
                       k_specificity);
    }
}

// Importing a submodule imports its package: `http.HTTPStatus` is
// http.client's too where the profile allows http.client.
bool allows_module_or_a_submodule(const analyzer::Profile& profile, std::string_view module) {
    if (analyzer::allows_import(profile, module)) return true;
    return std::any_of(profile.imports_allow.begin(), profile.imports_allow.end(), [&](const std::string& allowed) {
        return allowed.size() > module.size() && allowed.starts_with(module) && allowed[module.size()] == '.';
    });
}

// Whether a value's type gives powers of its own: a class no library table
// knows (jinja2's Environment, whose templates reach any module; tornado's,
// traitlets'), or one of a standard-library module that runs programs,
// opens files or loads code. The value types the tables know (a stream, an
// enum, a lock) are not: the allowed modules hand them out as their own.
bool powerful_type(std::string_view type, const analyzer::LibraryKnowledge& libraries) {
    static constexpr std::array<std::string_view, 10> k_powerful = {
        "subprocess", "os", "shutil", "socket", "ctypes", "pickle", "marshal", "importlib", "multiprocessing",
        "logging"};
    std::string_view root = type.substr(0, type.find('.'));
    if (root == "builtins") return false;  // None, numbers, containers: every program has them
    if (std::find(k_powerful.begin(), k_powerful.end(), root) != k_powerful.end()) return true;
    return libraries.describe(type).status != analyzer::NameFacts::Status::known;
}

// Whether a standard-library module reaches files, processes, the network
// or code by its own functions and classes: a name of it another module
// holds (`json.tool.Path`) is that module's use. Other aliases (`open` is
// io.open, `hashlib.sha256` _hashlib's, matplotlib's `cycler` cycler's) are
// the allowed module's own API.
bool reaches_the_system(std::string_view module) {
    static constexpr std::array<std::string_view, 25> k_modules = {
        "pathlib", "os",     "shutil",   "subprocess", "socket",   "ctypes", "pickle",  "marshal", "importlib",
        "multiprocessing", "tempfile", "glob", "zipfile", "tarfile", "sqlite3", "shelve", "dbm", "webbrowser",
        "runpy",   "code",   "pty",      "urllib",     "http",     "ftplib", "smtplib"};
    std::string_view root = module.substr(0, module.find('.'));
    return std::find(k_modules.begin(), k_modules.end(), root) != k_modules.end();
}

// The module that defines a canonical name: its longest prefix the tables
// call a module (`pathlib` for `pathlib.Path`), else its first segment.
std::string_view module_defining(std::string_view name, const analyzer::LibraryKnowledge& libraries) {
    for (std::string_view prefix = name;;) {
        analyzer::NameFacts facts = libraries.describe(prefix);
        if (facts.status == analyzer::NameFacts::Status::known && facts.entry->kind == analyzer::LibraryKind::module)
            return prefix;
        std::size_t dot = prefix.rfind('.');
        if (dot == std::string_view::npos) return name.substr(0, name.find('.'));
        prefix = prefix.substr(0, dot);
    }
}

// A value an allowed library holds whose type is of a module the profile
// does not allow (pandas' Styler.env is a jinja2 Environment, whose templates
// reach any module): the program holds that module's objects without
// importing it. The library tables say each value's type.
void judge_values_of_modules_not_allowed(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    const analyzer::Profile& profile = context.profile();
    for (const Referent& referent : reference.referents) {
        if (referent.kind != Referent::Kind::name) continue;
        // Each value along the name (`frame.style.env.from_string` passes through `env`).
        std::string_view qualified = referent.qualified;
        std::size_t end = qualified.find('.');
        while (end != std::string_view::npos) {
            end = qualified.find('.', end + 1);
            std::string_view prefix = qualified.substr(0, end);
            // `json.tool.Path` is pathlib.Path: a name an allowed module holds for another module's.
            if (const analyzer::LibraryEntry* alias = context.libraries().find(prefix);
                alias != nullptr && alias->kind == analyzer::LibraryKind::alias) {
                std::string_view target = alias->fields;
                std::string_view module = module_defining(target, context.libraries());
                if (!reaches_the_system(module) || allows_module_or_a_submodule(profile, module)) continue;
                context.report(k_rule, analyzer::Severity::error, reference.node,
                               fmt::format("`{}` is `{}`, of module `{}`, which profile {} does not allow: {}", prefix,
                                           target, module, profile.name,
                                           context.how_reached(reference.node, referent)),
                               k_specificity, &referent);
                return;
            }
            analyzer::NameFacts facts = context.libraries().describe(prefix);
            if (facts.status != analyzer::NameFacts::Status::known || facts.entry->kind != analyzer::LibraryKind::data)
                continue;
            std::string_view type = facts.entry->fields;
            std::string_view module = type.substr(0, type.rfind('.'));
            if (!powerful_type(type, context.libraries()) || allows_module_or_a_submodule(profile, module)) continue;
            context.report(k_rule, analyzer::Severity::error, reference.node,
                           fmt::format("`{}` is a `{}`, an object of module `{}`, which profile {} does not "
                                       "allow: {}",
                                       prefix, type, module, profile.name,
                                       context.how_reached(reference.node, referent)),
                           k_specificity, &referent);
            return;
        }
    }
}

// Whether a call may hand its argument at `index` on where pygate does not
// follow it: anything but the builtins the resolver reads through when
// given the module first (getattr of a module is its member) and those that
// only look at a value. A library callable may keep it and give it back
// (`pd.Series([pd])[0]`, `next(iter([pd]))`), which the resolver does not
// follow, and so may a getattr's default or a setattr's value.
bool hands_its_arguments_on(const Referents& callee, std::uint32_t index) {
    static constexpr std::array<std::string_view, 5> k_read_through = {
        "builtins.getattr", "builtins.hasattr", "builtins.setattr", "builtins.delattr", "importlib.reload"};
    static constexpr std::array<std::string_view, 10> k_looked_at = {
        "builtins.vars", "builtins.dir",  "builtins.print",      "builtins.repr",       "builtins.str",
        "builtins.id",   "builtins.type", "builtins.isinstance", "builtins.issubclass", "builtins.help"};
    return callee.empty() || !std::all_of(callee.begin(), callee.end(), [&](const Referent& r) {
        if (r.kind != Referent::Kind::name) return false;
        if (std::find(k_looked_at.begin(), k_looked_at.end(), r.qualified) != k_looked_at.end()) return true;
        return index == 0 && std::find(k_read_through.begin(), k_read_through.end(), r.qualified) != k_read_through.end();
    });
}

// Whether a module stays where the resolver follows it: its member read
// (`pd.read_csv`), bound to a name (`p = pd`), an element of a list or
// tuple a loop runs over (`for m in [pd]`), or given to a builtin it reads
// through (getattr's object) or that only looks at it (print). Anywhere else
// (a list kept in a name, which may flow on through iter, pop or slices; a
// call that may keep and give it back; a dict; a generator; a yield; a
// lambda's body; a parameter's default) what is called on it is called
// where pygate cannot name it.
bool module_handed_away(Node node, analyzer::ScopeId scope, const analyzer::Model& model) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node parent = node_parent(node);
    while (!node_is_null(parent) && node_symbol(parent) == s.parenthesized_expression) {
        node = parent;
        parent = node_parent(node);
    }
    if (node_is_null(parent)) return false;
    TSSymbol kind = node_symbol(parent);
    if (kind == s.attribute) return node_field(node) != s.field_object;
    if (kind == s.call) return node_field(node) != s.field_function;
    if (kind == s.expression_statement) return false;
    std::string_view type = analyzer::node_type(parent);
    if (type == "comparison_operator" || type == "not_operator") return false;  // `json is None`
    if (type == "subscript") return node_field(node) != s.field_value;         // `globals()["x"][...]`
    if (kind == s.argument_list) {
        Node call = node_parent(parent);
        std::uint32_t index = 0;
        for (std::uint32_t i = 0; i < node_named_child_count(parent); ++i) {
            if (node_eq(node_named_child(parent, i), node)) break;
            if (node_symbol(node_named_child(parent, i)) != s.comment) ++index;
        }
        return node_is_null(call) || hands_its_arguments_on(model.resolve(model.call_function(call), scope), index);
    }
    if (kind == s.assignment)
        return !(node_field(node) == s.field_right &&
                 node_symbol(node_child_by_field_id(parent, s.field_left)) == s.identifier);
    // `for m in [pd, np]:` and `{m: ... for m in (np, pd)}` over a literal: the loop's name is each.
    if (kind == s.list || kind == s.tuple) {
        Node holder = node_parent(parent);
        // Followed only into a plain name (`for box.m in [pd]` stores it where no name holds it).
        return node_is_null(holder) ||
               !((node_symbol(holder) == s.for_statement || node_symbol(holder) == s.for_in_clause) &&
                 node_field(parent) == s.field_right &&
                 node_symbol(node_child_by_field_id(holder, s.field_left)) == s.identifier);
    }
    return true;
}

// `load(pd)` with `def load(lib): return lib.read_pickle(p)`: the members
// called on a module handed away are called where pygate cannot name them.
void judge_module_handed_away(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    if (reference.callee || reference.store) return;
    const analyzer::Model& model = context.model();
    for (const Referent& referent : reference.referents) {
        if (referent.kind != Referent::Kind::name) continue;
        analyzer::NameFacts facts = context.libraries().describe(referent.qualified);
        if (facts.status != analyzer::NameFacts::Status::known || facts.entry->kind != analyzer::LibraryKind::module)
            continue;
        if (!module_handed_away(reference.node, reference.scope, model)) return;
        context.report(k_rule, analyzer::Severity::warning, reference.node,
                       fmt::format("the module `{}` is handed where pygate does not follow it: what is called on it "
                                   "there is not judged (use its functions where it is imported)",
                                   referent.qualified),
                       k_specificity, &referent);
        return;
    }
}

// A typed datum named `name` of a class of a library the file imports whose
// type is an object of a module the profile does not allow (`env`: pandas'
// StylerRenderer.env, a jinja2 Environment), or null.
const analyzer::LibraryEntry* member_of_module_not_allowed(std::string_view name, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    const analyzer::Profile& profile = context.profile();
    for (const analyzer::LibraryEntry* member : context.libraries().data_members_named(name)) {
        std::string_view type = member->fields;
        std::string_view module = type.substr(0, type.rfind('.'));
        std::string_view library = member->name.substr(0, member->name.find('.'));
        if (model.imports(library) && powerful_type(type, context.libraries()) &&
            !allows_module_or_a_submodule(profile, module))
            return member;
    }
    return nullptr;
}

void report_member_of_module_not_allowed(Node at, std::string_view name, const analyzer::LibraryEntry& member,
                                         analyzer::RuleContext& context) {
    std::string_view type = member.fields;
    context.report(k_rule, analyzer::Severity::warning, at,
                   fmt::format("`{}` of a value pygate cannot type may be `{}`, a `{}`: an object of module `{}`, "
                               "which profile {} does not allow",
                               name, member.name, type, type.substr(0, type.rfind('.')), context.profile().name),
                   k_specificity);
}

bool of_the_files_own(const Referents& object) {
    return std::any_of(object.begin(), object.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::user_instance || r.kind == Referent::Kind::user_class ||
               r.kind == Referent::Kind::user_function;
    });
}

// `frame.style.env` on a parameter: a member of a value whose class pygate
// cannot name, which in some class of a library the file imports is a value
// of a module the profile does not allow (judge_values_of_modules_not_allowed
// judges the same member of a named class).
void on_attribute(const analyzer::AttributeSite& site, analyzer::RuleContext& context) {
    if (site.store) return;
    const analyzer::LibraryEntry* member = member_of_module_not_allowed(site.attribute, context);
    if (member == nullptr) return;
    const analyzer::Model& model = context.model();
    if (of_the_files_own(model.resolve(site.object, site.scope))) return;
    if (!of_unnamed_class(model.resolve(site.node, site.scope), context.libraries())) return;
    report_member_of_module_not_allowed(site.node, site.attribute, *member, context);
}

// The same member named to getattr or attrgetter (`getattr(frame.style,
// "env")`, `attrgetter("style.env")(frame)`), each segment of the names.
void on_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    bool attrgetter = false, by_getattr = false;
    for (const Referent& r : call.callee) {
        attrgetter = attrgetter || (r.kind == Referent::Kind::name && r.qualified == "operator.attrgetter");
        by_getattr = by_getattr || (r.kind == Referent::Kind::name && r.qualified == "builtins.getattr");
    }
    if (!attrgetter && !by_getattr) return;
    const analyzer::Model& model = context.model();
    if (by_getattr && of_the_files_own(model.resolve(model.argument(call.node, 0), call.scope))) return;
    for (std::uint32_t i = by_getattr ? 1 : 0; i < (by_getattr ? 2u : 8u); ++i) {
        Node name = model.argument(call.node, i);
        if (node_is_null(name)) break;
        for (const std::string& value : model.possible_strings(name, call.scope).values) {
            std::string_view path = value;
            while (!path.empty()) {
                std::size_t dot = path.find('.');
                std::string_view segment = path.substr(0, dot);
                if (const analyzer::LibraryEntry* member = member_of_module_not_allowed(segment, context)) {
                    report_member_of_module_not_allowed(call.node, segment, *member, context);
                    return;
                }
                path = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
            }
        }
    }
}

// `import os.path` binds `os`: using `os.listdir` is a use of `os`, which was not allowed.
void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    if (reference.store) return;
    const analyzer::Profile& profile = context.profile();
    for (const Referent& referent : reference.referents) {
        if (referent.kind != Referent::Kind::name || !referent.via_import || referent.import_path.empty()) continue;
        if (!analyzer::allows_import(profile, referent.import_path) ||
            analyzer::allows_import(profile, referent.qualified))
            continue;
        // `from pathlib import os` imports what the profile allows, by name, but binds the module os.
        std::optional<std::string> seen_through = analyzer::canonical_dotted_name(referent.import_path);
        std::string allowed_part = seen_through ? fmt::format("`{}` is `{}`", referent.import_path, *seen_through)
                                                : fmt::format("it allows `{}`", referent.import_path);
        context.report(
            k_rule, analyzer::Severity::error, reference.node,
            fmt::format("{} is a use of `{}`, which profile {} does not allow ({})",
                        context.how_reached(reference.node, referent), referent.qualified, profile.name, allowed_part),
            k_specificity, &referent);
        return;
    }
    judge_values_of_modules_not_allowed(reference, context);
    judge_module_handed_away(reference, context);
}

constexpr analyzer::RuleHooks k_hooks{
    .on_reference = on_reference, .on_call = on_call, .on_attribute = on_attribute, .on_import = on_import};

// The advice after `instead` for a refused caller: what this profile lets a
// program import.
std::string imports_allowed(const analyzer::Profile& profile) {
    return fmt::format("This profile allows importing: {}.", listed_names(profile.imports_allow));
}

}  // namespace

const RuleMetadata k_pg003_import_not_allowed{
    .number = k_rule,
    .name = "import-not-allowed",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Imports of modules outside the profile's allowlist, and relative imports",
    .catches =
        "Every import and from-import of a module outside the profile's imports.allow, by the prefix rule "
        "(allowing collections allows collections.abc; allowing os.path does not allow os); relative "
        "imports; and, after `import os.path` (which binds os), uses such as os.listdir of the part the "
        "profile did not allow, or of a module reached through an allowed one (pathlib.os is os, "
        "enum.bltns is builtins). __future__ is always allowed. Allowed modules are allowed under any alias. "
        "Also a value an allowed library holds whose type (the library tables say) is of a module the profile "
        "does not allow and that gives powers of its own: a class no table knows (pandas' Styler.env is a "
        "jinja2 Environment, whose templates reach any module) or one of subprocess, os, shutil, socket, "
        "ctypes, pickle, marshal, importlib, multiprocessing or logging; the same member of a value whose class "
        "pygate cannot name, in a file that imports its library (`frame.style.env` on a parameter, "
        "getattr(frame.style, \"env\"), attrgetter(\"style.env\")), a warning. And a module anywhere but where "
        "the resolver follows it (its members read, bound to a name, listed in a list bound to a name or looped "
        "over, given to getattr or print): an argument of the file's own function or of any library callable "
        "that may keep it (`pd.Series([pd])`, `next(iter([pd]))`), a dict's value, a yield, a lambda's body, a "
        "parameter's default (`load(pd)` with `def load(lib): lib.read_pickle(p)`), a warning: what is called on "
        "it there is not judged.",
    .why =
        "Every module an untrusted program imports is capability it gains: the allowlist is the profile's "
        "statement of what the code may use, and anything beyond it is a capability nobody reviewed.",
    .bad_example =
        "import os.path\n"
        "os.listdir('/')\n",
    .good_example =
        "import os.path\n"
        "name = os.path.basename('a/b.txt')\n",
    .instead =
        "Import only what the profile allows (the message names what it allows nearby), or choose a profile that "
        "allows the module, or write one that extends this one and adds it: `extends = \"safe_eval\"` and, under "
        "`[imports]`, `allow_add = [\"the.module\"]`.",
    .allowed_under = imports_allowed,
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
