#include "cli/shell_python.hpp"

#include <filesystem>
#include <optional>
#include <regex>

#include "analyzer/source_file.hpp"

namespace pygate::cli {
namespace {

namespace fs = std::filesystem;

struct Word {
    std::string text;
    bool dynamic = false;  // the shell would expand part of it at run time
};

struct Heredoc {
    std::string delimiter;
    bool strip_tabs = false;
    bool expands = true;  // an unquoted delimiter: $ and ` in the body are expanded
    std::string body;
    bool dynamic = false;
};

struct Command {
    std::vector<Word> words;
    std::optional<Heredoc> heredoc;
    std::optional<Word> stdin_file;  // `< file`
    bool piped_in = false;           // `... | this`
};

// Splits a command line into simple commands, as a shell would.
class Splitter {
public:
    explicit Splitter(const std::string& text) : m_text(text) {}

    std::vector<Command> commands() {
        Command current;
        Word word;
        bool in_word = false;
        auto end_word = [&] {
            if (!in_word) return;
            if (m_redirect_stdin) {
                current.stdin_file = word;
                m_redirect_stdin = false;
            } else if (m_redirect_other) {
                m_redirect_other = false;
            } else if (m_heredoc_next) {
                m_heredoc_next = false;
                current.heredoc->delimiter = word.text;
            } else {
                current.words.push_back(word);
            }
            word = Word{};
            in_word = false;
        };
        auto end_command = [&](bool pipe_next) {
            end_word();
            m_commands.push_back(std::move(current));
            current = Command{};
            current.piped_in = pipe_next;
        };
        while (m_at < m_text.size()) {
            const char c = m_text[m_at];
            if (c == ' ' || c == '\t') {
                end_word();
                ++m_at;
            } else if (c == '\n') {
                end_command(false);
                ++m_at;
                read_heredoc_bodies();
            } else if (c == '#' && !in_word) {
                while (m_at < m_text.size() && m_text[m_at] != '\n')
                    ++m_at;
            } else if (c == '\'') {
                in_word = true;
                const std::size_t close = m_text.find('\'', m_at + 1);
                const std::size_t end = close == std::string::npos ? m_text.size() : close;
                word.text.append(m_text, m_at + 1, end - m_at - 1);
                m_at = end + 1;
            } else if (c == '"') {
                in_word = true;
                ++m_at;
                while (m_at < m_text.size() && m_text[m_at] != '"') {
                    const char d = m_text[m_at];
                    const bool escape = d == '\\' && m_at + 1 < m_text.size() &&
                                        std::string_view("$`\"\\\n").find(m_text[m_at + 1]) != std::string_view::npos;
                    if (escape) {
                        if (m_text[m_at + 1] != '\n') word.text += m_text[m_at + 1];
                        m_at += 2;
                        continue;
                    }
                    if (d == '$' || d == '`') word.dynamic = true;
                    word.text += d;
                    ++m_at;
                }
                ++m_at;
            } else if (c == '\\') {
                in_word = true;
                if (m_at + 1 < m_text.size() && m_text[m_at + 1] != '\n') word.text += m_text[m_at + 1];
                m_at += 2;
            } else if (c == '$' || c == '`') {
                in_word = true;
                word.dynamic = true;
                word.text += c;
                ++m_at;
            } else if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')') {
                const bool pipe = c == '|' && !(m_at + 1 < m_text.size() && m_text[m_at + 1] == '|');
                const bool doubled = m_at + 1 < m_text.size() && m_text[m_at + 1] == c;
                end_command(pipe);
                m_at += doubled ? 2 : 1;
            } else if (c == '<' && m_text.compare(m_at, 2, "<<") == 0 && m_text.compare(m_at, 3, "<<<") != 0) {
                end_word();
                m_at += 2;
                Heredoc heredoc;
                if (m_at < m_text.size() && m_text[m_at] == '-') {
                    heredoc.strip_tabs = true;
                    ++m_at;
                }
                while (m_at < m_text.size() && (m_text[m_at] == ' ' || m_text[m_at] == '\t'))
                    ++m_at;
                if (m_at < m_text.size() && (m_text[m_at] == '\'' || m_text[m_at] == '"')) heredoc.expands = false;
                current.heredoc = heredoc;
                m_heredoc_next = true;
                m_open_heredocs.push_back(m_commands.size());
            } else if (c == '<' && m_text.compare(m_at, 3, "<<<") == 0) {
                // A here-string: the word after it is stdin.
                end_word();
                m_at += 3;
                m_redirect_stdin = true;
            } else if (c == '<') {
                end_word();
                ++m_at;
                m_redirect_stdin = true;
            } else if (c == '>') {
                end_word();
                while (m_at < m_text.size() && (m_text[m_at] == '>' || m_text[m_at] == '&'))
                    ++m_at;
                m_redirect_other = true;
            } else {
                // A digit right before a redirection is its descriptor (2>err).
                in_word = true;
                word.text += c;
                ++m_at;
            }
        }
        end_command(false);
        read_heredoc_bodies();
        std::vector<Command> out;
        for (auto& command : m_commands)
            if (!command.words.empty() || command.heredoc || command.stdin_file) out.push_back(std::move(command));
        return out;
    }

private:
    // After a line ends, the bodies of the heredocs it opened, in order.
    void read_heredoc_bodies() {
        for (std::size_t index : m_open_heredocs) {
            if (index >= m_commands.size() || !m_commands[index].heredoc) continue;
            Heredoc& heredoc = *m_commands[index].heredoc;
            for (;;) {
                if (m_at >= m_text.size()) break;
                std::size_t newline = m_text.find('\n', m_at);
                if (newline == std::string::npos) newline = m_text.size();
                std::string line = m_text.substr(m_at, newline - m_at);
                m_at = newline + 1;
                std::string compared = line;
                if (heredoc.strip_tabs) compared.erase(0, compared.find_first_not_of('\t'));
                if (compared == heredoc.delimiter) break;
                if (heredoc.expands && (line.find('$') != std::string::npos || line.find('`') != std::string::npos))
                    heredoc.dynamic = true;
                heredoc.body += (heredoc.strip_tabs ? compared : line) + "\n";
            }
        }
        m_open_heredocs.clear();
    }

    const std::string& m_text;
    std::size_t m_at = 0;
    std::vector<Command> m_commands;
    std::vector<std::size_t> m_open_heredocs;
    bool m_redirect_stdin = false;
    bool m_redirect_other = false;
    bool m_heredoc_next = false;
};

bool is_python(const std::string& word) {
    static const std::regex k_python(R"((python|python3|python3\.\d+|pypy3?)$)");
    return std::regex_match(fs::path(word).filename().string(), k_python);
}

bool is_uv(const std::string& word) {
    const std::string name = fs::path(word).filename().string();
    return name == "uv" || name == "uvx";
}

ShellPython undetermined(std::string why) {
    return ShellPython{ShellPython::Kind::undetermined, {}, {}, std::move(why)};
}

ShellPython from_file(const Word& path, const std::string& cwd, const char* what) {
    if (path.dynamic) return undetermined(std::string(what) + " is named by an expansion (`" + path.text + "`)");
    fs::path file(path.text);
    if (file.is_relative()) file = fs::path(cwd) / file;
    analyzer::ReadResult read = analyzer::read_source_file(file.string());
    if (auto* failure = std::get_if<analyzer::ReadFailure>(&read))
        return undetermined(std::string(what) + " " + path.text + " cannot be read (" + failure->message +
                            "): it may not exist yet");
    return ShellPython{ShellPython::Kind::code, std::get<std::string>(read), path.text, {}};
}

// What Python, started with `args` (after the interpreter's name), runs.
ShellPython python_of(const Command& command, std::size_t first, const std::string& cwd) {
    const auto& words = command.words;
    for (std::size_t i = first; i < words.size(); ++i) {
        const std::string& arg = words[i].text;
        if (arg == "-c") {
            if (i + 1 >= words.size()) return undetermined("`-c` has no code");
            if (words[i + 1].dynamic) return undetermined("the code of `-c` is built by the shell at run time");
            return ShellPython{ShellPython::Kind::code, words[i + 1].text, "-c", {}};
        }
        if (arg.rfind("-c", 0) == 0 && arg.size() > 2 && arg[1] == 'c') {
            if (words[i].dynamic) return undetermined("the code of `-c` is built by the shell at run time");
            return ShellPython{ShellPython::Kind::code, arg.substr(2), "-c", {}};
        }
        if (arg == "-m" || arg.rfind("-m", 0) == 0) return undetermined("`-m` runs a module pygate does not read");
        if (arg == "-X" || arg == "-W") {
            ++i;
            continue;
        }
        if (arg == "-") break;  // the program is standard input
        if (!arg.empty() && arg[0] == '-') continue;  // -u, -B, -I, -OO...
        return from_file(words[i], cwd, "the script");
    }
    if (command.heredoc) {
        if (command.heredoc->dynamic) return undetermined("the heredoc's text is expanded by the shell at run time");
        return ShellPython{ShellPython::Kind::code, command.heredoc->body, "heredoc", {}};
    }
    if (command.stdin_file) return from_file(*command.stdin_file, cwd, "standard input");
    if (command.piped_in) return undetermined("the program comes from a pipe");
    return undetermined("an interactive interpreter: its input is not known");
}

}  // namespace

std::vector<ShellPython> find_shell_python(const std::string& text, const std::string& cwd) {
    std::vector<ShellPython> found;
    for (const Command& command : Splitter(text).commands()) {
        const auto& words = command.words;
        std::size_t i = 0;
        // Assignments and wrappers that run the next word as the command.
        while (i < words.size()) {
            const std::string& word = words[i].text;
            const bool assignment = word.find('=') != std::string::npos && word[0] != '-' && word[0] != '=';
            if (assignment || word == "env" || word == "exec" || word == "time" || word == "nohup" ||
                word == "command" || word == "sudo") {
                ++i;
                continue;
            }
            break;
        }
        if (i >= words.size()) continue;
        if (words[i].dynamic) {
            // The command itself is an expansion: it may be an interpreter.
            found.push_back(undetermined("the command is built by the shell at run time (`" + words[i].text + "`)"));
            continue;
        }
        if (is_python(words[i].text)) {
            found.push_back(python_of(command, i + 1, cwd));
        } else if (is_uv(words[i].text) && i + 1 < words.size() && words[i + 1].text == "run") {
            std::size_t j = i + 2;
            while (j < words.size() && words[j].text.rfind("-", 0) == 0) {
                // Options of `uv run` that take a value.
                const std::string& option = words[j].text;
                j += (option == "--with" || option == "--python" || option == "-p" || option == "--project") ? 2 : 1;
            }
            if (j >= words.size()) continue;
            if (is_python(words[j].text))
                found.push_back(python_of(command, j + 1, cwd));
            else if (words[j].text.size() > 3 && words[j].text.substr(words[j].text.size() - 3) == ".py")
                found.push_back(from_file(words[j], cwd, "the script"));
        }
    }
    return found;
}

}  // namespace pygate::cli
