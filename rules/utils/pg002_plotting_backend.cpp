#include "rules/utils/pg002_plotting_backend.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>

#include "analyzer/syntax/python_symbols.hpp"
#include "rules/catalogue.hpp"
#include "rules/utils/dictionary_entries.hpp"
#include "rules/utils/figure_savers.hpp"
#include "rules/utils/pandas_option_stores.hpp"
#include "rules/utils/referent_names.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;
using analyzer::Referent;
using analyzer::Referents;
using analyzer::ScopeId;

constexpr int k_specificity = 50;
constexpr std::string_view k_pandas_backend = "plotting.backend";

// Why a matplotlib backend value may import a module of its choosing.
std::optional<std::string> matplotlib_risk(Node value, ScopeId scope, const analyzer::Model& model) {
    if (node_is_null(value)) return std::nullopt;
    std::optional<std::string> text = model.fold_string(value, scope);
    if (!text) return fmt::format("`{}` is a backend pygate cannot fold", shown_source(model, value));
    if (text->starts_with("module://"))
        return fmt::format("`{}` makes matplotlib import module `{}`", *text, text->substr(9));
    // matplotlib's own backends: the file-writing ones import nothing the
    // profiles do not vouch for; the others import a GUI toolkit (tkinter,
    // PyQt, GTK, wx), IPython's comms, or tornado to serve the figure on a
    // port (webagg), and pgf runs LaTeX. Names are matched as matplotlib
    // matches them, in any case.
    static constexpr std::array<std::string_view, 5> k_vouched = {"agg", "pdf", "ps", "svg", "template"};
    std::string lowered = *text;
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (std::find(k_vouched.begin(), k_vouched.end(), lowered) != k_vouched.end()) return std::nullopt;
    return fmt::format("backend `{}` makes matplotlib import matplotlib.backends.backend_{}, which imports a GUI "
                       "toolkit, IPython, a web server or runs LaTeX; pygate vouches for agg, pdf, ps, svg and "
                       "template",
                       *text, lowered);
}

// Why a pandas plotting backend may import a module: anything but "matplotlib".
std::optional<std::string> pandas_risk(Node value, ScopeId scope, const analyzer::Model& model) {
    if (node_is_null(value)) return std::nullopt;
    std::optional<std::string> text = model.fold_string(value, scope);
    if (!text) return fmt::format("`{}` is a backend pygate cannot fold", shown_source(model, value));
    if (*text == "matplotlib") return std::nullopt;
    return fmt::format("pandas imports module `{}` to plot", *text);
}

void report(analyzer::RuleContext& context, analyzer::RuleNumber rule, Node at, std::string_view what,
            const std::string& why) {
    // A `**` pygate cannot read (`savefig(p, **options)`) may give a backend, or none: a review.
    const auto& s = analyzer::PythonSymbols::get();
    bool unpacked = node_symbol(at) == s.dictionary_splat;
    context.report(
        rule, unpacked ? analyzer::Severity::warning : analyzer::Severity::error, at,
        fmt::format("{} chooses a module to import by name: {}; the import allowlist cannot judge it", what, why),
        k_specificity);
}

// `{"backend": "module://x"}` given to rcParams.update or rc_context.
void judge_rc_dictionary(Node dictionary, const analyzer::CallSite& call, analyzer::RuleContext& context,
                         analyzer::RuleNumber rule, std::string_view what) {
    const auto& s = analyzer::PythonSymbols::get();
    if (node_is_null(dictionary) || node_symbol(dictionary) != s.dictionary) return;
    const analyzer::Model& model = context.model();
    for (std::uint32_t i = 0; i < node_named_child_count(dictionary); ++i) {
        Node pair = node_named_child(dictionary, i);
        if (node_symbol(pair) != s.pair) continue;
        if (model.fold_string(node_child_by_field_id(pair, s.field_key), call.scope) != "backend") continue;
        if (auto why = matplotlib_risk(node_child_by_field_id(pair, s.field_value), call.scope, model))
            report(context, rule, pair, what, *why);
    }
}

// An animation's writer saves every frame through the figure's savefig,
// handing it the keywords `save(savefig_kwargs=...)` holds or
// `grab_frame(**kwargs)` is given: a `backend` there switches backends as
// savefig's own does. A savefig_kwargs pygate cannot read may hold one.
void judge_frame_savefig(const analyzer::CallSite& call, analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    const analyzer::Model& model = context.model();
    const auto& s = analyzer::PythonSymbols::get();
    std::string_view method =
        node_symbol(call.function) == s.attribute ? model.text(model.attribute_name(call.function)) : std::string_view{};
    auto animation_method = [&](std::string_view name) {
        if (call.callee.empty()) return method == name && may_hold_objects_of(model, "matplotlib");
        return std::any_of(call.callee.begin(), call.callee.end(), [&](const Referent& r) {
            return r.kind == Referent::Kind::name && r.qualified.starts_with("matplotlib.animation.") &&
                   r.qualified.ends_with(name) && r.qualified.size() > name.size() &&
                   r.qualified[r.qualified.size() - name.size() - 1] == '.';
        });
    };
    if (animation_method("grab_frame")) {
        if (Node keyword = model.argument(call.node, UINT32_MAX, "backend"); !node_is_null(keyword))
            if (auto why = matplotlib_risk(keyword, call.scope, model))
                report(context, rule, keyword, "`backend=`, which the writer hands to savefig,", *why);
        return;
    }
    // Animation.save(filename, writer, fps, dpi, codec, bitrate, extra_args, metadata, extra_anim, savefig_kwargs)
    Node options = animation_method("save") ? model.argument(call.node, 9, "savefig_kwargs") : Node{};
    if (node_is_null(options) || model.text(options) == "None") return;
    DictionaryEntries entries = dictionary_entries(options, call.scope, model);
    bool unseen = !entries.known || !entries.complete ||
                  std::any_of(entries.entries.begin(), entries.entries.end(), [](const DictionaryEntry& entry) {
                      return entry.key == "backend" && node_is_null(entry.value);
                  });
    if (unseen) {
        context.report(rule, analyzer::Severity::warning, options,
                       fmt::format("`savefig_kwargs` `{}`, which the writer hands to savefig for every frame, may "
                                   "hold a `backend` pygate cannot see; a backend chooses a module to import by name",
                                   shown_source(model, options)),
                       k_specificity);
        return;
    }
    for (const DictionaryEntry& entry : entries.entries)
        if (entry.key == "backend")
            if (auto why = matplotlib_risk(entry.value, entry.scope, model))
                report(context, rule, entry.value,
                       "`savefig_kwargs`' backend, which the writer hands to savefig,", *why);
}

}  // namespace

void judge_backend_call(const analyzer::CallSite& call, analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    const analyzer::Model& model = context.model();
    // Most calls are neither matplotlib's nor pandas' nor setattr: leave them at once.
    bool candidate = std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name &&
               (r.qualified.starts_with("matplotlib.") || r.qualified.starts_with("pandas.") ||
                r.qualified.starts_with("seaborn.") ||
                r.qualified == "builtins.setattr" || r.qualified.starts_with("builtins.dict."));
    });
    if (!candidate && (!call.callee.empty() ||
                       !may_hold_objects_of(model, "matplotlib")))  // any of the library family
        return;
    judge_frame_savefig(call, context, rule);
    if (names_any(call.callee, {"matplotlib.use", "matplotlib.pyplot.switch_backend"})) {
        Node backend = model.argument(call.node, 0, "backend");
        if (node_is_null(backend)) backend = model.argument(call.node, 0, "newbackend");
        if (auto why = matplotlib_risk(backend, call.scope, model))
            report(context, rule, call.function, "the call", *why);
        return;
    }
    // `fig.savefig(path, backend="module://x")`: savefig switches to that backend to save.
    bool saving = saves_a_figure(call.callee) ||
                  (call.callee.empty() && may_hold_objects_of(model, "matplotlib") &&
                   node_symbol(call.function) == analyzer::PythonSymbols::get().attribute &&
                   (model.text(model.attribute_name(call.function)) == "savefig" ||
                    model.text(model.attribute_name(call.function)) == "print_figure" ||
                    (model.text(model.attribute_name(call.function)) == "save" && may_hold_objects_of(model, "seaborn"))));
    if (Node keyword = model.argument(call.node, UINT32_MAX, "backend"); saving && !node_is_null(keyword))
        if (auto why = matplotlib_risk(keyword, call.scope, model)) report(context, rule, keyword, "`backend=`", *why);
    // `rcParams.update(backend=...)`, `dict.update(rcParams, backend=...)`: a keyword is a key.
    bool rc_setter = names_any(call.callee, {"matplotlib.rcParams.update", "matplotlib.pyplot.rcParams.update",
                                             "matplotlib.rcParams.__init__", "matplotlib.pyplot.rcParams.__init__"}) ||
                     (names_any(call.callee, {"builtins.dict.update", "builtins.dict.__init__"}) &&
                      names_any(model.resolve(model.argument(call.node, 0), call.scope),
                                {"matplotlib.rcParams", "matplotlib.pyplot.rcParams"}));
    if (Node keyword = model.argument(call.node, UINT32_MAX, "backend"); rc_setter && !node_is_null(keyword))
        if (auto why = matplotlib_risk(keyword, call.scope, model)) report(context, rule, keyword, "`backend=`", *why);
    if (names_any(call.callee, {"matplotlib.rcParams.update", "matplotlib.pyplot.rcParams.update", "matplotlib.rc_context",
                            "matplotlib.pyplot.rc_context", "matplotlib.style.use", "matplotlib.pyplot.style.use"})) {
        Node rc = model.argument(call.node, 0, "rc");
        if (node_is_null(rc)) rc = model.argument(call.node, 0, "style");
        return judge_rc_dictionary(rc, call, context, rule, "the call");
    }
    // pandas' plotting.backend, however the key spells it (pandas_option_stores.hpp).
    for (const OptionStore& store : pandas_option_stores(call, model)) {
        if (!store.key) {
            report(context, rule, store.at, "the call", "an option pygate cannot fold, with its value");
            continue;
        }
        if (!may_set(store, k_pandas_backend)) continue;
        if (auto why = pandas_risk(store.value, call.scope, model))
            report(context, rule, store.at, fmt::format("option `{}`", *store.key), *why);
    }
    // `df.plot(backend=...)`, `pd.plotting.boxplot(df, backend=...)`: pandas' plotting functions and
    // methods of values pygate cannot trace, in a file that imports pandas (or seaborn, whose grids
    // hold frames; a frame's plot with an unreadable `**` is a review only where frames are at hand).
    if (!model.imports("pandas") && !model.imports("seaborn")) return;
    Node backend = model.argument(call.node, UINT32_MAX, "backend");
    if (node_is_null(backend)) return;
    bool pandas_call =
        call.callee.empty() || std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
            return r.kind == Referent::Kind::name && r.qualified.starts_with("pandas.");
        });
    if (!pandas_call) return;
    // An unpacking pygate cannot read may give backend= only to pandas' plotting calls.
    const auto& s = analyzer::PythonSymbols::get();
    if (node_symbol(backend) == s.dictionary_splat || node_symbol(backend) == s.list_splat) {
        std::string_view name = node_symbol(call.function) == s.attribute ? model.text(model.attribute_name(call.function))
                                                                           : model.text(call.function);
        bool plotting = name.find("plot") != std::string_view::npos || name.find("hist") != std::string_view::npos ||
                        std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
                            return r.qualified.find("plot") != std::string_view::npos;
                        });
        if (!plotting) return;
    }
    if (auto why = pandas_risk(backend, call.scope, model)) report(context, rule, backend, "`backend=`", *why);
}

void judge_backend_value(Node value, ScopeId scope, analyzer::RuleContext& context, Node at) {
    if (auto why = matplotlib_risk(value, scope, context.model()))
        report(context, k_pg002_dynamic_import.number, at, "the setting", *why);
}

// matplotlib's own backends that import something the profiles do not
// vouch for; a name matplotlib has no backend for imports nothing.
bool names_a_risky_backend(std::string_view text) {
    static constexpr std::array<std::string_view, 20> k_backends = {
        "gtk3agg", "gtk3cairo", "gtk4agg", "gtk4cairo", "macosx", "nbagg",  "notebook", "qtagg",  "qtcairo", "qt5agg",
        "qt5cairo", "tkagg",    "tkcairo", "webagg",    "wx",     "wxagg",  "wxcairo",  "pgf",    "cairo",   "ipympl"};
    std::string lowered(text);
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lowered.starts_with("module://") ||
           std::find(k_backends.begin(), k_backends.end(), lowered) != k_backends.end();
}

// A `"backend"` key in any dictionary: judged when its value names a module
// matplotlib would import (a dictionary of other settings, `{"backend":
// "loky"}`, names none); rcParams' own setters judge what they cannot fold.
void judge_backend_pair(const analyzer::SyntaxSite& site, analyzer::RuleContext& context, analyzer::RuleNumber rule) {
    const auto& p = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    if (!may_hold_objects_of(model, "matplotlib")) return;
    if (model.fold_string(node_child_by_field_id(site.node, p.field_key), site.scope) != "backend") return;
    Node value = node_child_by_field_id(site.node, p.field_value);
    std::optional<std::string> text = model.fold_string(value, site.scope);
    if (!text || !names_a_risky_backend(*text)) return;
    if (auto why = matplotlib_risk(value, site.scope, model)) report(context, rule, site.node, "the setting", *why);
}

void judge_backend_subscript(const analyzer::SyntaxSite& site, analyzer::RuleContext& context,
                             analyzer::RuleNumber rule) {
    const auto& p = analyzer::PythonSymbols::get();
    Node assignment = node_parent(site.node);
    if (node_is_null(assignment) || node_symbol(assignment) != p.assignment ||
        !node_eq(node_child_by_field_id(assignment, p.field_left), site.node))
        return;
    const analyzer::Model& model = context.model();
    Node index = node_child_by_field_id(site.node, p.field_subscript);
    if (model.fold_string(index, site.scope) != "backend") return;
    if (!names_any(model.resolve(node_child_by_field_id(site.node, p.field_value), site.scope),
               {"matplotlib.rcParams", "matplotlib.pyplot.rcParams"}))
        return;
    if (auto why = matplotlib_risk(node_child_by_field_id(assignment, p.field_right), site.scope, model))
        report(context, rule, site.node, "`rcParams[\"backend\"]`", *why);
}

void judge_backend_attribute(const analyzer::AttributeSite& site, analyzer::RuleContext& context,
                             analyzer::RuleNumber rule) {
    if (!site.store || site.attribute != "backend") return;
    const analyzer::Model& model = context.model();
    std::optional<OptionStore> store = pandas_option_store(site, model);
    if (!store || !may_set(*store, k_pandas_backend)) return;
    if (node_is_null(store->value))
        return report(context, rule, site.node, "`pandas.options.plotting.backend`",
                      "it is bound to a value pygate cannot see");
    if (auto why = pandas_risk(store->value, site.scope, model))
        report(context, rule, site.node, "`pandas.options.plotting.backend`", *why);
}

}  // namespace pygate::rules
