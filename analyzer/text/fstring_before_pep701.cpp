#include "analyzer/text/fstring_before_pep701.hpp"

#include <vector>

#include "analyzer/text/string_literal.hpp"

namespace pygate::analyzer {
namespace {

using Complaint = std::optional<std::string_view>;

// Follows Python/ast.c's fstring_find_literal and fstring_find_expr (3.11):
// `at` walks the body; each function returns CPython's complaint, if any.
class FstringScanner {
public:
    FstringScanner(std::string_view body, bool raw) : m_body(body), m_raw(raw) {}

    Complaint scan() { return literal_and_fields(0); }

private:
    std::string_view m_body;
    bool m_raw;
    std::size_t m_at = 0;

    bool at_end() const { return m_at >= m_body.size(); }
    char peek(std::size_t ahead = 0) const {
        return m_at + ahead < m_body.size() ? m_body[m_at + ahead] : '\0';
    }

    // Literal text and replacement fields up to the end of the body, or (a
    // format specification, `level` 1) up to its closing `}`.
    Complaint literal_and_fields(int level) {
        while (!at_end()) {
            char c = peek();
            if (!m_raw && c == '\\') {
                // `\N{NAME}` names a character; its braces are no field.
                if (peek(1) == 'N' && peek(2) == '{') {
                    std::size_t close = m_body.find('}', m_at + 3);
                    if (close == std::string_view::npos) return "(unicode error) malformed \\N character escape";
                    m_at = close + 1;
                    continue;
                }
                // `\{` leaves the brace to start a field (3.11 warns of the escape).
                m_at += peek(1) == '{' || peek(1) == '}' ? 1 : 2;
                continue;
            }
            if (c == '{') {
                if (level == 0 && peek(1) == '{') {
                    m_at += 2;
                    continue;
                }
                ++m_at;
                if (Complaint complaint = field(level)) return complaint;
                continue;
            }
            if (c == '}') {
                if (level > 0) return std::nullopt;  // the specification's end: the field reads it
                if (peek(1) != '}') return "f-string: single '}' is not allowed";
                m_at += 2;
                continue;
            }
            ++m_at;
        }
        return std::nullopt;
    }

    // After a field's `{`: the expression, `=`, `!c`, `:spec` and `}`.
    Complaint field(int level) {
        if (level >= 2) return "f-string: expressions nested too deeply";
        char quote = '\0';
        bool triple = false;
        std::vector<char> brackets;
        std::size_t start = m_at;
        while (!at_end()) {
            char c = peek();
            if (c == '\\') return "f-string expression part cannot include a backslash";
            if (quote != '\0') {
                if (c == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
                    m_at += triple ? 3 : 1;
                    quote = '\0';
                    continue;
                }
                ++m_at;
                continue;
            }
            if (c == '\'' || c == '"') {
                triple = peek(1) == c && peek(2) == c;
                quote = c;
                m_at += triple ? 3 : 1;
                continue;
            }
            if (c == '[' || c == '(' || c == '{') {
                if (brackets.size() >= 200) return "f-string: too many nested parenthesis";
                brackets.push_back(c);
            } else if (c == '#') {
                return "f-string expression part cannot include '#'";
            } else if (brackets.empty() && (c == '!' || c == ':' || c == '}' || c == '=' || c == '>' || c == '<')) {
                // `!=`, `==`, `<=`, `>=`, `<`, `>` are operators, not the field's end.
                if (peek(1) == '=' && c != ':' && c != '}') {
                    m_at += 2;
                    continue;
                }
                if (c == '>' || c == '<') {
                    ++m_at;
                    continue;
                }
                break;
            } else if (c == ']' || c == ')' || c == '}') {
                if (brackets.empty()) return "f-string: unmatched bracket";
                char open = brackets.back();
                brackets.pop_back();
                if ((c == ']' && open != '[') || (c == ')' && open != '(') || (c == '}' && open != '{'))
                    return "f-string: closing parenthesis does not match opening parenthesis";
            }
            ++m_at;
        }
        if (quote != '\0') return "f-string: unterminated string";
        if (!brackets.empty()) return "f-string: unmatched bracket";
        if (at_end()) return "f-string: expecting '}'";
        if (m_body.substr(start, m_at - start).find_first_not_of(" \t\f\r\n") == std::string_view::npos)
            return "f-string: empty expression not allowed";
        if (peek() == '=') {  // `{x=}`, `{x = }`: the text is shown too
            ++m_at;
            while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r' || peek() == '\f'))
                ++m_at;
        }
        if (at_end()) return "f-string: expecting '}'";
        if (peek() == '!') {
            char conversion = peek(1);
            m_at += 2;
            if (conversion != 's' && conversion != 'r' && conversion != 'a')
                return "f-string: invalid conversion character: expected 's', 'r', or 'a'";
        }
        if (at_end()) return "f-string: expecting '}'";
        if (peek() == ':') {
            ++m_at;
            if (Complaint complaint = literal_and_fields(level + 1)) return complaint;
        }
        if (at_end() || peek() != '}') return "f-string: expecting '}'";
        ++m_at;
        return std::nullopt;
    }
};

}  // namespace

std::optional<std::string_view> fstring_refused_by_python_311(std::string_view literal) {
    std::optional<LiteralParts> parts = split_string_literal(literal);
    if (!parts || !parts->prefix.format) return std::nullopt;
    std::size_t open = literal.find_first_of("'\"");
    char quote = literal[open];
    // The string token 3.11's tokenizer reads: it ends at the first quote
    // (three, for a triple-quoted one) no backslash escapes.
    std::string_view body = parts->body;
    for (std::size_t i = 0; i < body.size(); ++i) {
        if (body[i] == '\\') {
            ++i;
            continue;
        }
        if (!parts->triple_quoted && body[i] == '\n') return "unterminated string literal";
        bool closes = body[i] == quote && (!parts->triple_quoted ||
                                           (i + 2 < body.size() && body[i + 1] == quote && body[i + 2] == quote));
        if (closes) return "f-string: expecting '}'";
    }
    return FstringScanner(body, parts->prefix.raw).scan();
}

}  // namespace pygate::analyzer
