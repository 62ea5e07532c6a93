#include "rules/utils/pg004_matplotlib_programs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "analyzer/syntax/python_symbols.hpp"
#include "rules/utils/dictionary_entries.hpp"
#include "rules/utils/figure_savers.hpp"
#include "rules/utils/pg002_plotting_backend.hpp"
#include "rules/utils/stored_value.hpp"
#include "rules/utils/referent_names.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;
using analyzer::Referent;
using analyzer::Referents;
using analyzer::ScopeId;

constexpr int k_specificity = 55;

struct ProgramSetting {
    std::string_view key;
    std::string_view runs;
};

constexpr std::array<ProgramSetting, 6> k_program_settings = {{
    {"text.usetex", "runs latex and dvipng for the text it draws"},
    // A string (not a Cycler) is evaluated by rcsetup.validate_cycler, whose
    // restricted eval a generator's gi_frame.f_back chain leaves.
    {"axes.prop_cycle", "is evaluated as Python code when it is a string (matplotlib's validate_cycler), and that "
                        "code can reach any module through a generator's frames"},
    {"ps.usedistiller", "runs Ghostscript or xpdf on the PostScript it saves"},
    {"pgf.texsystem", "names the TeX program the pgf backend runs"},
    {"animation.ffmpeg_path", "names the program the ffmpeg writers start"},
    {"animation.convert_path", "names the program the ImageMagick writers start"},
}};

const ProgramSetting* program_setting(std::string_view key) {
    for (const ProgramSetting& setting : k_program_settings)
        if (setting.key == key) return &setting;
    return nullptr;
}

// The setting a dictionary key, an item's index or a setter's KEY argument
// names wherever it is written: a text's "usetex", or an rcParams key, which
// may reach rcParams by a way pygate does not follow (a parameter, a list,
// `operator.setitem`, `|=`).
const ProgramSetting* setting_named_by_key(Node key, ScopeId scope, const analyzer::Model& model) {
    std::optional<std::string> name = model.fold_string(key, scope);
    if (!name) return nullptr;
    if (*name == "usetex") return &k_program_settings[0];
    return program_setting(*name);
}

enum class Setting : std::uint8_t { off, on, unseen };

// Whether a value turns a setting on: False, None, 0 and "" leave it off.
Setting state_of(Node value, ScopeId scope, const analyzer::Model& model, int depth = 0) {
    const auto& s = analyzer::PythonSymbols::get();
    if (node_is_null(value) || depth > 8) return Setting::unseen;
    std::string_view type = analyzer::node_type(value);
    if (type == "false" || type == "none") return Setting::off;
    if (type == "true") return Setting::on;
    if (node_symbol(value) == s.integer) return model.text(value) == "0" ? Setting::off : Setting::on;
    if (std::optional<std::string> text = model.fold_string(value, scope))
        return text->empty() ? Setting::off : Setting::on;
    if (node_symbol(value) == s.identifier)
        if (std::optional<analyzer::Model::BoundValue> bound = model.single_value(value, scope);
            bound && node_symbol(bound->value) != s.identifier)
            return state_of(bound->value, bound->scope, model, depth + 1);
    return Setting::unseen;
}

// axes.prop_cycle: a Cycler made by cycler() is data; anything else may be
// a string matplotlib evaluates.
Setting cycle_state(Node value, ScopeId scope, const analyzer::Model& model, int depth = 0) {
    const auto& s = analyzer::PythonSymbols::get();
    if (node_is_null(value) || depth > 8) return Setting::unseen;
    if (node_symbol(value) == s.call) {
        Referents callee = model.resolve(model.call_function(value), scope);
        bool cycler = !callee.empty() && std::all_of(callee.begin(), callee.end(), [](const Referent& r) {
            return r.kind == Referent::Kind::name &&
                   (r.qualified == "matplotlib.cycler" || r.qualified == "matplotlib.pyplot.cycler" ||
                    r.qualified == "matplotlib.rcsetup.cycler" || r.qualified == "cycler.cycler" ||
                    r.qualified == "cycler.Cycler");
        });
        return cycler ? Setting::off : Setting::unseen;
    }
    if (node_symbol(value) == s.identifier)
        if (std::optional<analyzer::Model::BoundValue> bound = model.single_value(value, scope);
            bound && node_symbol(bound->value) != s.identifier)
            return cycle_state(bound->value, bound->scope, model, depth + 1);
    // `cycler(color=...) + cycler(lw=...)`, `* 2`: Cyclers combined are a Cycler.
    if (node_symbol(value) == s.binary_operator) {
        Setting left = cycle_state(node_child_by_field_id(value, s.field_left), scope, model, depth + 1);
        Node right_node = node_child_by_field_id(value, s.field_right);
        Setting right = node_symbol(right_node) == s.integer ? Setting::off
                                                             : cycle_state(right_node, scope, model, depth + 1);
        if (left == Setting::off && right == Setting::off) return Setting::off;
    }
    if (node_symbol(value) == s.parenthesized_expression)
        return cycle_state(node_named_child(value, 0), scope, model, depth + 1);
    return state_of(value, scope, model);
}

void judge_value(analyzer::RuleContext& context, analyzer::RuleNumber rule, Node at, const ProgramSetting& setting,
                 Node value, ScopeId scope) {
    const analyzer::Model& model = context.model();
    Setting state = setting.key == "axes.prop_cycle" ? cycle_state(value, scope, model) : state_of(value, scope, model);
    if (state == Setting::off) return;
    if (state == Setting::on) {
        context.report(rule, analyzer::Severity::error, at,
                       fmt::format("matplotlib setting `{}` = `{}` {}", setting.key, shown_source(model, value), setting.runs),
                       k_specificity);
        return;
    }
    context.report(rule, analyzer::Severity::warning, at,
                   fmt::format("matplotlib setting `{}` is set to `{}`, a value pygate cannot see; when on, it {}",
                               setting.key, shown_source(model, value), setting.runs),
                   k_specificity);
}

void unseen_key(analyzer::RuleContext& context, analyzer::RuleNumber rule, Node key) {
    context.report(rule, analyzer::Severity::warning, key,
                   fmt::format("`{}` is a matplotlib setting pygate cannot fold; some ({}) make matplotlib start "
                               "other programs",
                               shown_source(context.model(), key), "text.usetex, ps.usedistiller, animation.ffmpeg_path"),
                   k_specificity);
}

// `{"text.usetex": True}` given to rcParams.update, rc_context or style.use.
void judge_dictionary(Node dictionary, ScopeId scope, analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    const auto& s = analyzer::PythonSymbols::get();
    if (node_is_null(dictionary) || node_symbol(dictionary) != s.dictionary) return;
    const analyzer::Model& model = context.model();
    for (std::uint32_t i = 0; i < node_named_child_count(dictionary); ++i) {
        Node pair = node_named_child(dictionary, i);
        if (node_symbol(pair) != s.pair) continue;
        Node key = node_child_by_field_id(pair, s.field_key);
        std::optional<std::string> name = model.fold_string(key, scope);
        if (!name) {
            unseen_key(context, rule, key);
            continue;
        }
        if (const ProgramSetting* setting = program_setting(*name))
            judge_value(context, rule, pair, *setting, node_child_by_field_id(pair, s.field_value), scope);
    }
}

bool is_rc_params(Node value, ScopeId scope, const analyzer::Model& model);

// A mapping handed to rcParams' update or |=, rc_context's rc, seaborn's rc=:
// a display is judged pair by pair, and any other dictionary by the keys
// pygate sees stored in it (dictionary_entries.hpp; each is judged where it
// is written, by judge_setting_pair and judge_program_settings_subscript).
// Keys pygate cannot see are a review; rcParams' own defaults are the host's.
void judge_mapping(Node mapping, ScopeId scope, analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    if (node_is_null(mapping) || is_rc_params(mapping, scope, model)) return;
    if (node_symbol(mapping) == s.dictionary) {
        judge_dictionary(mapping, scope, context, rule);
        for (std::uint32_t i = 0; i < node_named_child_count(mapping); ++i)
            if (Node element = node_named_child(mapping, i); node_symbol(element) == s.dictionary_splat)
                judge_mapping(node_named_child(element, 0), scope, context, rule);
        return;
    }
    DictionaryEntries entries = dictionary_entries(mapping, scope, model, {}, is_rc_params);
    if (!entries.known || !entries.complete) return unseen_key(context, rule, mapping);
    for (const DictionaryEntry& entry : entries.entries) {
        // The backend names a module to import (PG002's, pg002_plotting_backend.hpp).
        if (*entry.key == "backend") judge_backend_value(entry.value, entry.scope, context, mapping);
        if (entry.listed)
            if (const ProgramSetting* setting = program_setting(*entry.key))
                judge_value(context, rule, mapping, *setting, entry.value, entry.scope);
    }
}

// The style names matplotlib 3.6 ships (matplotlib.style.available), and
// "default": style.use takes anything else for a file's path or a URL.
constexpr std::array<std::string_view, 30> k_shipped_styles = {
    "Solarize_Light2", "_classic_test_patch", "_mpl-gallery", "_mpl-gallery-nogrid", "bmh", "classic",
    "dark_background", "default", "fast", "fivethirtyeight", "ggplot", "grayscale", "seaborn-v0_8",
    "seaborn-v0_8-bright", "seaborn-v0_8-colorblind", "seaborn-v0_8-dark", "seaborn-v0_8-dark-palette",
    "seaborn-v0_8-darkgrid", "seaborn-v0_8-deep", "seaborn-v0_8-muted", "seaborn-v0_8-notebook",
    "seaborn-v0_8-paper", "seaborn-v0_8-pastel", "seaborn-v0_8-poster", "seaborn-v0_8-talk", "seaborn-v0_8-ticks",
    "seaborn-v0_8-white", "seaborn-v0_8-whitegrid", "tableau-colorblind10", "seaborn"};

bool shipped_style(std::string_view name) {
    if (std::find(k_shipped_styles.begin(), k_shipped_styles.end(), name) != k_shipped_styles.end()) return true;
    // matplotlib 3.6 still takes the old seaborn names for their seaborn-v0_8 copies.
    if (!name.starts_with("seaborn-")) return false;
    std::string renamed = "seaborn-v0_8" + std::string(name.substr(7));
    return std::find(k_shipped_styles.begin(), k_shipped_styles.end(), renamed) != k_shipped_styles.end();
}

void settings_from_a_file(analyzer::RuleContext& context, analyzer::RuleNumber rule, Node at, std::string_view how) {
    context.report(rule, analyzer::Severity::warning, at,
                   fmt::format("{} reads matplotlib settings from a file pygate does not read; some settings "
                               "({}) make matplotlib start other programs",
                               how, "text.usetex, pgf.texsystem, ps.usedistiller, animation.ffmpeg_path"),
                   k_specificity);
}

// style.use / style.context's argument: a dictionary is judged key by key, a
// shipped style's name is harmless, anything else names a file (or a URL).
void judge_style(Node style, ScopeId scope, analyzer::RuleContext& context, analyzer::RuleNumber rule, Node at) {
    const auto& s = analyzer::PythonSymbols::get();
    if (node_is_null(style)) return;
    TSSymbol kind = node_symbol(style);
    if (kind == s.dictionary) return judge_dictionary(style, scope, context, rule);
    if (kind == s.list || kind == s.tuple) {
        for (std::uint32_t i = 0; i < node_named_child_count(style); ++i)
            judge_style(node_named_child(style, i), scope, context, rule, at);
        return;
    }
    std::optional<std::string> name = context.model().fold_string(style, scope);
    if (name && shipped_style(*name)) return;
    settings_from_a_file(context, rule, at,
                         name ? fmt::format("style `{}`, which matplotlib does not ship,", *name)
                              : fmt::format("style `{}`, which pygate cannot fold,", shown_source(context.model(), style)));
}

// savefig and print_figure to a .pgf file, or with format="pgf" or
// backend="pgf": the pgf backend runs TeX to measure the text.
void judge_pgf_output(const analyzer::CallSite& call, analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    const analyzer::Model& model = context.model();
    std::string storage;
    std::string_view method = node_symbol(call.function) == analyzer::PythonSymbols::get().attribute
                                  ? model.identifier(model.attribute_name(call.function), storage)
                                  : std::string_view{};
    bool saving = saves_a_figure(call.callee) ||
                  ((call.callee.empty() || std::all_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
                        return r.kind == Referent::Kind::name &&
                               (r.qualified.starts_with("matplotlib.") || r.qualified.starts_with("seaborn."));
                    })) &&
                   (method == "savefig" || method == "print_figure" ||
                    (method == "save" && may_hold_objects_of(context.model(), "seaborn"))));  // seaborn.objects' Plot.save
    // matplotlib.image.thumbnail saves its thumbnail through a figure's savefig too.
    bool thumbnail = names_any(call.callee, {"matplotlib.image.thumbnail", "matplotlib.pyplot.thumbnail"});
    if (!saving && !thumbnail) return;
    auto lowered = [](std::string text) {
        std::transform(text.begin(), text.end(), text.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return text;
    };
    Node path = thumbnail ? model.argument(call.node, 1, "thumbfile") : model.argument(call.node, 0, "fname");
    if (node_is_null(path)) path = model.argument(call.node, 0, "loc");  // seaborn's Plot.save
    std::optional<std::string> fname = model.fold_string(path, call.scope);
    std::optional<std::string> format = model.fold_string(model.argument(call.node, UINT32_MAX, "format"), call.scope);
    std::optional<std::string> backend =
        model.fold_string(model.argument(call.node, UINT32_MAX, "backend"), call.scope);
    bool pgf = (fname && lowered(*fname).ends_with(".pgf")) || (format && lowered(*format) == "pgf") ||
               (backend && lowered(*backend) == "pgf");
    if (!pgf) return;
    context.report(rule, analyzer::Severity::error, call.function,
                   "saving through the pgf backend (a .pgf file, format=\"pgf\" or backend=\"pgf\") runs the TeX "
                   "program pgf.texsystem names to measure the text",
                   k_specificity);
}

// The rcParams object, named or passed to dict's own methods
// (`dict.update(rcParams, {...})`, `dict.__setitem__(rcParams, k, v)`).
constexpr std::array<std::string_view, 6> k_rc_params = {
    "matplotlib.rcParams",     "matplotlib.pyplot.rcParams",        "matplotlib.rcParamsDefault",
    "matplotlib.rcParamsOrig", "matplotlib.pyplot.rcParamsDefault", "matplotlib.pyplot.rcParamsOrig"};
constexpr std::array<std::string_view, 6> k_rc_setters = {"update", "setdefault", "__setitem__", "_set", "__ior__",
                                                          "__init__"};

bool is_rc_params(Node value, ScopeId scope, const analyzer::Model& model) {
    analyzer::Referents referents = model.resolve(value, scope);
    return std::any_of(referents.begin(), referents.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name &&
               std::find(k_rc_params.begin(), k_rc_params.end(), r.qualified) != k_rc_params.end();
    });
}

// The setter a callee is, when it is one of rcParams' own (`rcParams.update`)
// or, with `owner` "builtins.dict", dict's called on rcParams.
std::optional<std::string_view> setter_of(const analyzer::Referents& callee, std::string_view owner = {}) {
    for (const Referent& r : callee) {
        if (r.kind != Referent::Kind::name) continue;
        std::size_t dot = r.qualified.rfind('.');
        if (dot == std::string_view::npos) continue;
        std::string_view object = r.qualified.substr(0, dot), setter = r.qualified.substr(dot + 1);
        bool owned = owner.empty() ? std::find(k_rc_params.begin(), k_rc_params.end(), object) != k_rc_params.end()
                                   : object == owner;
        if (owned && std::find(k_rc_setters.begin(), k_rc_setters.end(), setter) != k_rc_setters.end())
            return setter;
    }
    return std::nullopt;
}

// rcParams' and dict's setters: update(MAPPING), setdefault(KEY, VALUE),
// __setitem__(KEY, VALUE), _set(KEY, VALUE); `first` is where their own
// arguments start (1 for dict's unbound methods, whose first is rcParams).
void judge_setter(const analyzer::CallSite& call, std::string_view setter, std::uint32_t first,
                  analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    // `rcParams.update(**{...})`, `dict.update(rcParams, *pairs)`: what they set is unseen.
    Node arguments = model.call_arguments(call.node);
    for (std::uint32_t i = 0; !node_is_null(arguments) && i < node_named_child_count(arguments); ++i) {
        Node argument = node_named_child(arguments, i);
        if (node_symbol(argument) == s.list_splat) return unseen_key(context, rule, argument);
        // `rcParams.update(**d)` sets d's keys.
        if (node_symbol(argument) == s.dictionary_splat) {
            if (setter != "update" && setter != "__init__") return unseen_key(context, rule, argument);
            judge_mapping(node_named_child(argument, 0), call.scope, context, rule);
        }
    }
    if (setter == "update" || setter == "__ior__" || setter == "__init__") {
        // `rcParams.update(rcParamsDefault)`: the defaults are the host's
        // matplotlibrc, and every store to them is judged as rcParams' are.
        return judge_mapping(model.argument(call.node, first), call.scope, context, rule);
    }
    Node key = model.argument(call.node, first);
    if (node_is_null(key)) return;
    std::optional<std::string> name = model.fold_string(key, call.scope);
    if (!name) return unseen_key(context, rule, key);
    if (const ProgramSetting* setting = program_setting(*name))
        judge_value(context, rule, call.function, *setting, model.argument(call.node, first + 1), call.scope);
}

}  // namespace

namespace {

// A setting's key in the list of keys of `zip(KEYS, VALUES)` or
// `dict.fromkeys(KEYS, VALUE)`, wherever the pairs go (a text's update
// handed to map or functools.partial, a method pygate cannot type): judged
// by the value it is paired with, or a review when that is unseen.
void judge_listed_setting_keys(const analyzer::CallSite& call, analyzer::RuleContext& context,
                               analyzer::RuleNumber rule) {
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    bool zip = false, fromkeys = false;
    for (const Referent& r : call.callee) {
        zip = zip || (r.kind == Referent::Kind::name && r.qualified == "builtins.zip");
        fromkeys = fromkeys || (r.kind == Referent::Kind::name && r.qualified == "builtins.dict.fromkeys");
    }
    if (!zip && !fromkeys && node_symbol(call.function) == s.attribute &&
        model.identifier(model.attribute_name(call.function)) == "fromkeys")
        fromkeys = true;  // `{}.fromkeys(...)`, `OrderedDict.fromkeys(...)`
    if (!zip && !fromkeys) return;
    Node keys = model.argument(call.node, 0);
    if (node_is_null(keys)) return;
    Node values = model.argument(call.node, 1);
    const TSSymbol kind = node_symbol(keys);
    std::vector<Node> key_nodes;
    const bool keys_listed = kind == s.list || kind == s.tuple;  // a set's order is not the values'
    if (kind == s.list || kind == s.tuple || kind == s.set) {
        for (std::uint32_t i = 0; i < node_named_child_count(keys); ++i) key_nodes.push_back(node_named_child(keys, i));
    } else {
        key_nodes.push_back(keys);  // a name bound to a list: its strings, paired as a whole
    }
    bool values_listed = zip && !node_is_null(values) && (node_symbol(values) == s.list || node_symbol(values) == s.tuple);
    for (std::size_t i = 0; i < key_nodes.size(); ++i) {
        for (const std::string& key : model.fold_strings(key_nodes[i], call.scope)) {
            const ProgramSetting* setting = key == "usetex" ? &k_program_settings[0] : program_setting(key);
            if (setting == nullptr) continue;
            Node value = fromkeys ? values
                         : values_listed && keys_listed && i < node_named_child_count(values)
                             ? node_named_child(values, static_cast<std::uint32_t>(i))
                             : Node{};
            if (fromkeys && node_is_null(values)) return;  // fromkeys(KEYS): every value None, off
            judge_value(context, rule, call.node, *setting, value, call.scope);
            return;
        }
    }
}

// TeX started by a text's own methods, on any receiver: `t.set_usetex(True)`,
// `ismath="TeX"` (a renderer's text measures, TextPath), and the TeX manager
// a renderer hands out (`get_texmanager().make_dvi(...)` runs latex).
// The methods whose arguments ask for TeX, and where: `ismath` (a text's
// layout in TeX when "TeX"), or a usetex flag.
struct TexArgument {
    std::string_view method;
    std::uint32_t position;  // of the argument, after the receiver
    bool usetex;             // a flag (TextPath's usetex), not an ismath mode
};
constexpr std::array<TexArgument, 6> k_tex_arguments = {{
    {"Text", 11, true},  // Text(x, y, text, color, va, ha, ma, fontproperties, rotation, linespacing, rotation_mode, usetex)
    {"get_text_width_height_descent", 2, false},  // renderer(s, prop, ismath)
    {"get_text_path", 2, false},                  // TextToPath(prop, s, ismath)
    {"draw_text", 6, false},                      // renderer(gc, x, y, s, prop, angle, ismath)
    {"TextPath", 5, true},                        // TextPath(xy, s, size, prop, _interpolation_steps, usetex)
    {"text_to_path", 2, false},
}};

// Methods that run TeX whenever called, and the setter that turns it on.
bool runs_tex(std::string_view name) {
    return name == "draw_tex" || name == "get_texmanager" || name == "make_dvi" || name == "make_png" ||
           name == "get_glyphs_tex";
}

void judge_tex_by_method(const analyzer::CallSite& call, analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    // The name the callee resolves to (`from matplotlib.text import Text as T`), else as written.
    std::string method = node_symbol(call.function) == s.attribute ? model.identifier(model.attribute_name(call.function))
                         : node_symbol(call.function) == s.identifier ? model.identifier(call.function)
                                                                       : std::string();
    for (const Referent& r : call.callee)
        if (r.kind == Referent::Kind::name && r.qualified.starts_with("matplotlib.")) {
            method = std::string(r.qualified.substr(r.qualified.rfind('.') + 1));
            break;
        }
    if (method == "set_usetex") {
        judge_value(context, rule, call.node, k_program_settings[0], model.argument(call.node, 0), call.scope);
        return;
    }
    if (runs_tex(method)) {
        context.report(rule, analyzer::Severity::error, call.node,
                       fmt::format("`{}` runs latex and dvipng for the text it is given (matplotlib's TeX manager)",
                                   method),
                       k_specificity);
        return;
    }
    // The same methods named as strings to the getattr family
    // (`getattr(t, "set_usetex")`, `methodcaller("set_usetex", True)`): called where no site shows.
    bool by_name = std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name &&
               (r.qualified == "builtins.getattr" || r.qualified == "operator.methodcaller" ||
                r.qualified == "operator.attrgetter");
    });
    Node arguments = by_name ? model.call_arguments(call.node) : Node{};
    for (std::uint32_t i = 0; !node_is_null(arguments) && i < node_named_child_count(arguments) && i < 4; ++i)
        for (const std::string& named : model.fold_strings(node_named_child(arguments, i), call.scope))
            if (named == "set_usetex" || runs_tex(named)) {
                context.report(rule, analyzer::Severity::warning, call.node,
                               fmt::format("`{}` named by a string is a TeX switch or runner called where pygate "
                                           "cannot see its arguments",
                                           named),
                               k_specificity);
                return;
            }
    Node ismath = model.argument(call.node, UINT32_MAX, "ismath");
    for (const TexArgument& tex : k_tex_arguments)
        if (node_is_null(ismath) && method == tex.method) {
            Node given = model.argument(call.node, tex.position, tex.usetex ? "usetex" : "ismath");
            if (tex.usetex) {
                if (!node_is_null(given)) judge_value(context, rule, call.node, k_program_settings[0], given, call.scope);
                return;
            }
            ismath = given;
        }
    // A `**` pygate cannot read: its keys are judged as property names (PG009).
    if (node_is_null(ismath) || node_symbol(ismath) == s.dictionary_splat || node_symbol(ismath) == s.list_splat)
        return;
    std::string_view type = analyzer::node_type(ismath);
    if (type == "true" || type == "false" || type == "none") return;  // mathtext, or plain text
    std::optional<std::string> mode = model.fold_string(ismath, call.scope);
    if (mode && *mode != "TeX") return;
    context.report(rule, mode ? analyzer::Severity::error : analyzer::Severity::warning, node_parent(ismath),
                   mode ? std::string("`ismath=\"TeX\"` lays the text out with TeX: it runs latex and dvipng")
                        : fmt::format("`ismath={}` is a value pygate cannot see; \"TeX\" runs latex and dvipng",
                                      shown_source(model, ismath)),
                   k_specificity);
}

}  // namespace

void judge_tex_method_as_value(const analyzer::AttributeSite& site, analyzer::RuleContext& context,
                               analyzer::RuleNumber rule) {
    bool lays_out_tex = site.attribute == "get_text_path" || site.attribute == "get_text_width_height_descent";
    if (site.store || (site.attribute != "set_usetex" && !runs_tex(site.attribute) && !lays_out_tex)) return;
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    if (!may_hold_objects_of(model, "matplotlib")) return;
    Node parent = node_parent(site.node);
    if (!node_is_null(parent) && node_symbol(parent) == s.call && node_field(site.node) == s.field_function)
        return;  // called where it is named: judge_tex_by_method's
    context.report(rule, runs_tex(site.attribute) ? analyzer::Severity::error : analyzer::Severity::warning,
                   site.node,
                   fmt::format("`{}` taken as a value: a TeX switch or runner called where pygate cannot see its "
                               "arguments",
                               site.attribute),
                   k_specificity);
}

// A setting travels as a key too: a text's usetex (`fontdict={"usetex":
// True}`, `**{"usetex": True}`, `props["usetex"] = True`, `dict(usetex=True)`)
// into whatever text the dictionary reaches, and an rcParams key into
// rcParams by ways pygate does not follow (`operator.setitem(rc, KEY, v)`, a
// helper's `rc[KEY] = v`). In a file that imports matplotlib, every such key
// is judged by its value: a keyword, a dictionary pair (judge_setting_pair),
// an item store (judge_program_settings_subscript) and a call's positional
// KEY, VALUE.
void judge_setting_key_call(const analyzer::CallSite& call, analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    if (!may_hold_objects_of(model, "matplotlib")) return;
    Node usetex = model.argument(call.node, UINT32_MAX, "usetex");
    // Reported at the keyword, where a matplotlib call's own keyword is (one finding there).
    // A `**` pygate cannot read is judged by its keys (PG009's judge_splatted_keywords).
    if (!node_is_null(usetex) && node_symbol(usetex) != s.dictionary_splat && node_symbol(usetex) != s.list_splat)
        judge_value(context, rule, node_parent(usetex), k_program_settings[0], usetex, call.scope);
    judge_tex_by_method(call, context, rule);
    judge_listed_setting_keys(call, context, rule);
    // rcParams' setters, and dict's called on rcParams, are judge_setter's.
    if (setter_of(call.callee) ||
        (setter_of(call.callee, "builtins.dict") && is_rc_params(model.argument(call.node, 0), call.scope, model)))
        return;
    Node arguments = model.call_arguments(call.node);
    if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return;
    std::vector<Node> positional;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        Node argument = node_named_child(arguments, i);
        TSSymbol kind = node_symbol(argument);
        if (kind == s.keyword_argument || kind == s.comment || kind == s.dictionary_splat) continue;
        positional.push_back(argument);
    }
    for (std::size_t i = 0; i + 1 < positional.size(); ++i) {
        if (node_symbol(positional[i]) == s.list_splat) continue;
        if (const ProgramSetting* setting = setting_named_by_key(positional[i], call.scope, model))
            judge_value(context, rule, call.node, *setting,
                        node_symbol(positional[i + 1]) == s.list_splat ? Node{} : positional[i + 1], call.scope);
    }
}

namespace {

// `rc("text", **d)`, `rc_context(**d)`, `set_theme(**d)`: d's keys are the
// call's keywords. With matplotlib.rc's GROUP, each key is GROUP.KEY; the
// others' `rc` is a mapping of settings and `fname` a settings file.
void judge_settings_keywords_splat(Node splat, std::optional<std::string> group, ScopeId scope,
                                   analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    DictionaryEntries entries = dictionary_entries(node_named_child(splat, 0), scope, context.model(), {}, is_rc_params);
    if (!entries.known || !entries.complete) return unseen_key(context, rule, splat);
    for (const DictionaryEntry& entry : entries.entries) {
        if (group) {
            if (const ProgramSetting* setting = program_setting(*group + "." + *entry.key))
                judge_value(context, rule, splat, *setting, entry.value, entry.scope);
        } else if (*entry.key == "rc") {
            judge_mapping(entry.value, entry.scope, context, rule);
        } else if (*entry.key == "fname") {
            settings_from_a_file(context, rule, splat, "`fname=` given by `**`");
        }
    }
}

}  // namespace

void judge_program_settings_call(const analyzer::CallSite& call, analyzer::RuleContext& context,
                                 analyzer::RuleNumber rule) {
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    judge_setting_key_call(call, context, rule);
    bool matplotlib_call = std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name &&
               (r.qualified.starts_with("matplotlib.") || r.qualified.starts_with("mpl_toolkits.") ||
                r.qualified.starts_with("seaborn.") || r.qualified.starts_with("pandas."));
    });
    // dict's own setters called on rcParams: `dict.update(rcParams, {...})`.
    if (std::optional<std::string_view> setter = setter_of(call.callee, "builtins.dict");
        setter && is_rc_params(model.argument(call.node, 0), call.scope, model))
        return judge_setter(call, *setter, 1, context, rule);
    if (!matplotlib_call && !(call.callee.empty() && may_hold_objects_of(model, "matplotlib"))) return;
    if (std::optional<std::string_view> setter = setter_of(call.callee))
        return judge_setter(call, *setter, 0, context, rule);
    if (names_any(call.callee, {"matplotlib.rc_context", "matplotlib.pyplot.rc_context"})) {
        judge_mapping(model.argument(call.node, 0, "rc"), call.scope, context, rule);
        if (!node_is_null(model.argument(call.node, 1, "fname")))
            settings_from_a_file(context, rule, call.function, "`rc_context(fname=...)`");
    }
    if (names_any(call.callee, {"matplotlib.style.use", "matplotlib.pyplot.style.use", "matplotlib.style.context",
                            "matplotlib.pyplot.style.context", "matplotlib.style.core.use",
                            "matplotlib.style.core.context"}))
        judge_style(model.argument(call.node, 0, "style"), call.scope, context, rule, call.function);
    if (names_any(call.callee, {"matplotlib.rc_file", "matplotlib.pyplot.rc_file", "matplotlib.rc_params_from_file",
                            "matplotlib.style.core.rc_params_from_file"}))
        settings_from_a_file(context, rule, call.function, fmt::format("`{}`", shown_source(model, call.function)));
    judge_pgf_output(call, context, rule);
    // `matplotlib.rc("text", usetex=True)`: the keys are GROUP.KEYWORD.
    bool rc = names_any(call.callee, {"matplotlib.rc", "matplotlib.pyplot.rc"});
    std::optional<std::string> group;
    if (rc) {
        Node group_node = model.argument(call.node, 0, "group");
        group = model.fold_string(group_node, call.scope);
        if (!group && !node_is_null(group_node)) unseen_key(context, rule, group_node);
    }
    Node arguments = model.call_arguments(call.node);
    if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return;
    // `rcParams.update(**{...})`, `rc("text", **kw)`, `rc_context(**kw)`,
    // `set_theme(**kw)`: keywords pygate cannot see may set any setting.
    // (rcParams' own setters judged their splats above.)
    bool settings_call = rc || names_any(call.callee, {"matplotlib.rc_context", "matplotlib.pyplot.rc_context"});
    // seaborn's functions that take rc= (they update rcParams).
    settings_call = settings_call || std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
                        if (r.kind != Referent::Kind::name || !r.qualified.starts_with("seaborn.")) return false;
                        std::string_view last = r.qualified.substr(r.qualified.rfind('.') + 1);
                        return last == "set" || last == "set_theme" || last == "set_style" ||
                               last == "set_context" || last == "axes_style" || last == "plotting_context";
                    });
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        Node argument = node_named_child(arguments, i);
        if (settings_call && node_symbol(argument) == s.dictionary_splat)
            judge_settings_keywords_splat(argument, rc ? group : std::nullopt, call.scope, context, rule);
        if (node_symbol(argument) != s.keyword_argument) continue;
        std::string keyword = model.identifier(node_child_by_field_id(argument, s.field_name));
        Node value = node_child_by_field_id(argument, s.field_value);
        if (rc && group) {
            if (const ProgramSetting* setting = program_setting(*group + "." + keyword))
                judge_value(context, rule, argument, *setting, value, call.scope);
        } else if (keyword == "rc" && !rc) {
            // seaborn's set_theme(rc={...}), axes_style, plotting_context: they update rcParams.
            judge_mapping(value, call.scope, context, rule);
        } else if (keyword == "usetex") {
            // A text's own `usetex=` (plt.text, ax.set_title, Text, TextPath, ...).
            judge_value(context, rule, argument, k_program_settings[0], value, call.scope);
        }
    }
}

void judge_setting_pair(const analyzer::SyntaxSite& site, analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    const auto& p = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    if (!may_hold_objects_of(model, "matplotlib")) return;
    const ProgramSetting* setting = setting_named_by_key(node_child_by_field_id(site.node, p.field_key), site.scope, model);
    if (setting == nullptr) return;
    judge_value(context, rule, site.node, *setting, node_child_by_field_id(site.node, p.field_value), site.scope);
}

void judge_program_settings_subscript(const analyzer::SyntaxSite& site, analyzer::RuleContext& context,
                                      analyzer::RuleNumber rule) {
    const auto& p = analyzer::PythonSymbols::get();
    // A store to the subscript (rules/utils/stored_value.hpp): only a plain
    // `=` of the subscript alone shows its value.
    std::optional<Node> stored = value_stored_at(site.node);
    if (!stored) return;
    const analyzer::Model& model = context.model();
    Node index = node_child_by_field_id(site.node, p.field_subscript);
    // `props["usetex"] = True`, `rc["text.usetex"] = True` on any object (judge_setting_key_call).
    if (may_hold_objects_of(model, "matplotlib"))
        if (const ProgramSetting* setting = setting_named_by_key(index, site.scope, model))
            return judge_value(context, rule, site.node, *setting, *stored, site.scope);
    if (!is_rc_params(node_child_by_field_id(site.node, p.field_value), site.scope, model)) return;
    if (!model.fold_string(index, site.scope)) unseen_key(context, rule, index);
}

void judge_rc_params_update_in_place(const analyzer::SyntaxSite& site, analyzer::RuleContext& context,
                                     analyzer::RuleNumber rule) {
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    if (model.text(node_child_by_field_id(site.node, s.field_operator)) != "|=") return;
    if (!is_rc_params(node_child_by_field_id(site.node, s.field_left), site.scope, model)) return;
    judge_mapping(node_child_by_field_id(site.node, s.field_right), site.scope, context, rule);
}

namespace {

// Callables that only read the mapping they are given.
constexpr std::array<std::string_view, 22> k_rc_params_readers = {
    "builtins.print", "builtins.len", "builtins.repr", "builtins.str", "builtins.dict", "builtins.list",
    "builtins.sorted", "builtins.iter", "builtins.id", "builtins.type", "builtins.isinstance", "builtins.set",
    "builtins.tuple", "builtins.format", "copy.copy", "copy.deepcopy", "builtins.dict.__getitem__",
    "builtins.dict.get", "builtins.dict.items", "builtins.dict.keys", "builtins.dict.values", "pprint.pprint"};

// Whether the call `argument_list` belongs to is one pygate follows rcParams
// into: a reader, or a setter of rcParams or dict (judged by judge_setter).
bool followed_into(Node argument_list, ScopeId scope, const analyzer::Model& model) {
    Node call = node_parent(argument_list);
    Referents callee = model.resolve(model.call_function(call), scope);
    if (callee.empty()) return false;
    if (setter_of(callee, "builtins.dict") || setter_of(callee)) return true;
    return std::all_of(callee.begin(), callee.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name &&
               std::find(k_rc_params_readers.begin(), k_rc_params_readers.end(), r.qualified) !=
                   k_rc_params_readers.end();
    });
}

}  // namespace

namespace {

// Whether a referent is one of `names` or a member of one (`writers.list`).
bool names_or_members_of(const Referents& referents, std::initializer_list<std::string_view> names) {
    return std::any_of(referents.begin(), referents.end(), [&](const Referent& r) {
        if (r.kind != Referent::Kind::name) return false;
        return std::any_of(names.begin(), names.end(), [&](std::string_view name) {
            return r.qualified == name ||
                   (r.qualified.size() > name.size() && r.qualified.starts_with(name) && r.qualified[name.size()] == '.');
        });
    });
}

}  // namespace

void judge_rc_params_reference(const analyzer::Reference& reference, analyzer::RuleContext& context,
                               analyzer::RuleNumber rule) {
    const auto& s = analyzer::PythonSymbols::get();
    if (reference.store) return;
    // rcParams' validators: axes.prop_cycle's evaluates a string as code
    // (`rcParams.validate["axes.prop_cycle"](s)` runs it with nothing stored).
    if (names_or_members_of(reference.referents,
                            {"matplotlib.rcParams.validate", "matplotlib.pyplot.rcParams.validate",
                             "matplotlib.RcParams.validate", "matplotlib.rcsetup._validators",
                             "matplotlib.rcParamsDefault.validate"})) {
        context.report(rule, analyzer::Severity::error, reference.node,
                       fmt::format("`{}` holds matplotlib's settings validators, and axes.prop_cycle's "
                                   "(rcsetup.validate_cycler) evaluates a string as code",
                                   shown_source(context.model(), reference.node)),
                       k_specificity);
        return;
    }
    // The animation writers' registry: list() and is_available() start the
    // programs they probe (convert --version), and register() can put
    // ffmpeg's writer under the name "pillow", which Animation.save trusts.
    if (names_or_members_of(reference.referents,
                            {"matplotlib.animation.writers", "matplotlib.animation.MovieWriterRegistry"})) {
        context.report(rule, analyzer::Severity::warning, reference.node,
                       fmt::format("`{}` is the animation writers' registry: listing it starts the programs it "
                                   "probes, and a writer registered under another name starts ffmpeg or "
                                   "ImageMagick where pygate sees pillow",
                                   shown_source(context.model(), reference.node)),
                       k_specificity);
        return;
    }
    if (reference.callee) return;
    // style.library holds the settings style.use(NAME) applies: a change to
    // it is a change to the settings a shipped style's name stands for.
    if (names_any(reference.referents, {"matplotlib.style.library", "matplotlib.style.core.library",
                                        "matplotlib.pyplot.style.library"})) {
        context.report(rule, analyzer::Severity::warning, reference.node,
                       fmt::format("`{}` holds the settings style.use applies by name, and pygate does not follow "
                                   "changes to it; some settings ({}) make matplotlib start other programs",
                                   shown_source(context.model(), reference.node),
                                   "text.usetex, ps.usedistiller, animation.ffmpeg_path"),
                       k_specificity);
        return;
    }
    // rcParams itself, or one of its setters as a value (`partial(rcParams.update)`).
    if (!std::any_of(reference.referents.begin(), reference.referents.end(), [](const Referent& r) {
            return r.kind == Referent::Kind::name &&
                   (std::find(k_rc_params.begin(), k_rc_params.end(), r.qualified) != k_rc_params.end() ||
                    setter_of(Referents{r}).has_value());
        }))
        return;
    const analyzer::Model& model = context.model();
    Node node = reference.node;
    Node parent = node_parent(node);
    while (node_symbol(parent) == s.parenthesized_expression) {
        node = parent;
        parent = node_parent(node);
    }
    TSSymbol kind = node_symbol(parent);
    auto is_field = [&](TSFieldId id) { return node_child_by_field_id(parent, id).id == node.id; };
    // Its own attributes and items (their setters and stores are judged
    // where they are called or stored), an alias the resolver follows, a
    // comparison, a printed value.
    if (kind == s.attribute && is_field(s.field_object)) {
        // A setter handed on uncalled (`functools.partial(rcParams.update)`,
        // `map(rcParams.update, ...)`) sets what pygate does not see.
        std::string storage;
        std::string_view member = model.identifier(model.attribute_name(parent), storage);
        Node call = node_parent(parent);
        bool called = node_symbol(call) == s.call && model.call_function(call).id == parent.id;
        if (called || std::find(k_rc_setters.begin(), k_rc_setters.end(), member) == k_rc_setters.end()) return;
        node = parent;
        parent = node_parent(node);
    } else if (kind == s.subscript && is_field(s.field_value)) {
        return;
    } else if (kind == s.for_statement && is_field(s.field_right)) {
        return;  // its keys
    }
    kind = node_symbol(parent);
    if (kind == s.augmented_assignment && is_field(s.field_left)) return;  // judge_rc_params_update_in_place
    if (kind == s.assignment && is_field(s.field_right)) {
        TSSymbol target = node_symbol(node_child_by_field_id(parent, s.field_left));
        if (target == s.identifier || target == s.attribute) return;
    }
    if (analyzer::node_type(parent) == std::string_view("comparison_operator") || kind == s.interpolation ||
        kind == s.expression_statement)
        return;
    if (kind == s.argument_list && followed_into(parent, reference.scope, model)) return;
    if (kind == s.keyword_argument && node_symbol(node_parent(parent)) == s.argument_list &&
        followed_into(node_parent(parent), reference.scope, model))
        return;
    context.report(rule, analyzer::Severity::warning, node,
                   fmt::format("matplotlib's settings `{}` go where pygate does not follow them (`{}`), and code "
                               "there may set any setting; some ({}) make matplotlib start other programs",
                               shown_source(model, node), analyzer::first_line_shortened(model.text(parent), 60),
                               "text.usetex, ps.usedistiller, animation.ffmpeg_path"),
                   k_specificity);
}

}  // namespace pygate::rules
