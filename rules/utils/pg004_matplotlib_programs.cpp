#include "rules/utils/pg004_matplotlib_programs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "analyzer/syntax/python_symbols.hpp"
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

constexpr std::array<ProgramSetting, 5> k_program_settings = {{
    {"text.usetex", "runs latex and dvipng for the text it draws"},
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

bool named(const Referents& referents, std::initializer_list<std::string_view> names) {
    return std::any_of(referents.begin(), referents.end(), [&](const Referent& r) {
        return r.kind == Referent::Kind::name && std::find(names.begin(), names.end(), r.qualified) != names.end();
    });
}

std::string shown(const analyzer::Model& model, Node node) {
    return analyzer::first_line_shortened(model.text(node), 60);
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

void judge_value(analyzer::RuleContext& context, analyzer::RuleNumber rule, Node at, const ProgramSetting& setting,
                 Node value, ScopeId scope) {
    const analyzer::Model& model = context.model();
    Setting state = state_of(value, scope, model);
    if (state == Setting::off) return;
    if (state == Setting::on) {
        context.report(rule, analyzer::Severity::error, at,
                       fmt::format("matplotlib setting `{}` = `{}` {}", setting.key, shown(model, value), setting.runs),
                       k_specificity);
        return;
    }
    context.report(rule, analyzer::Severity::warning, at,
                   fmt::format("matplotlib setting `{}` is set to `{}`, a value pygate cannot see; when on, it {}",
                               setting.key, shown(model, value), setting.runs),
                   k_specificity);
}

void unseen_key(analyzer::RuleContext& context, analyzer::RuleNumber rule, Node key) {
    context.report(rule, analyzer::Severity::warning, key,
                   fmt::format("`{}` is a matplotlib setting pygate cannot fold; some ({}) make matplotlib start "
                               "other programs",
                               shown(context.model(), key), "text.usetex, ps.usedistiller, animation.ffmpeg_path"),
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

}  // namespace

void judge_program_settings_call(const analyzer::CallSite& call, analyzer::RuleContext& context,
                                 analyzer::RuleNumber rule) {
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    bool matplotlib_call = std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name &&
               (r.qualified.starts_with("matplotlib.") || r.qualified.starts_with("mpl_toolkits.") ||
                r.qualified.starts_with("seaborn.") || r.qualified.starts_with("pandas."));
    });
    if (!matplotlib_call && !(call.callee.empty() && model.imports("matplotlib"))) return;
    if (named(call.callee, {"matplotlib.rcParams.update", "matplotlib.pyplot.rcParams.update", "matplotlib.rc_context",
                            "matplotlib.pyplot.rc_context", "matplotlib.style.use", "matplotlib.pyplot.style.use",
                            "matplotlib.style.context", "matplotlib.pyplot.style.context",
                            "matplotlib.style.core.use", "matplotlib.style.core.context"})) {
        Node rc = model.argument(call.node, 0, "rc");
        if (node_is_null(rc)) rc = model.argument(call.node, 0, "style");
        judge_dictionary(rc, call.scope, context, rule);
    }
    // `matplotlib.rc("text", usetex=True)`: the keys are GROUP.KEYWORD.
    bool rc = named(call.callee, {"matplotlib.rc", "matplotlib.pyplot.rc"});
    std::optional<std::string> group;
    if (rc) {
        Node group_node = model.argument(call.node, 0, "group");
        group = model.fold_string(group_node, call.scope);
        if (!group && !node_is_null(group_node)) unseen_key(context, rule, group_node);
    }
    Node arguments = model.call_arguments(call.node);
    if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        Node argument = node_named_child(arguments, i);
        if (node_symbol(argument) != s.keyword_argument) continue;
        std::string keyword = model.identifier(node_child_by_field_id(argument, s.field_name));
        Node value = node_child_by_field_id(argument, s.field_value);
        if (rc && group) {
            if (const ProgramSetting* setting = program_setting(*group + "." + keyword))
                judge_value(context, rule, argument, *setting, value, call.scope);
        } else if (keyword == "usetex") {
            // A text's own `usetex=` (plt.text, ax.set_title, Text, TextPath, ...).
            judge_value(context, rule, argument, k_program_settings[0], value, call.scope);
        }
    }
}

void judge_program_settings_subscript(const analyzer::SyntaxSite& site, analyzer::RuleContext& context,
                                      analyzer::RuleNumber rule) {
    const auto& p = analyzer::PythonSymbols::get();
    Node assignment = node_parent(site.node);
    if (node_is_null(assignment) || node_symbol(assignment) != p.assignment ||
        !node_eq(node_child_by_field_id(assignment, p.field_left), site.node))
        return;
    const analyzer::Model& model = context.model();
    if (!named(model.resolve(node_child_by_field_id(site.node, p.field_value), site.scope),
               {"matplotlib.rcParams", "matplotlib.pyplot.rcParams", "matplotlib.rcParamsDefault",
                "matplotlib.rcParamsOrig"}))
        return;
    Node index = node_child_by_field_id(site.node, p.field_subscript);
    std::optional<std::string> key = model.fold_string(index, site.scope);
    if (!key) return unseen_key(context, rule, index);
    if (const ProgramSetting* setting = program_setting(*key))
        judge_value(context, rule, site.node, *setting, node_child_by_field_id(assignment, p.field_right),
                    site.scope);
}

}  // namespace pygate::rules
