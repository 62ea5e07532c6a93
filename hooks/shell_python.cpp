#include "hooks/shell_python.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <optional>
#include <regex>
#include <string_view>

#include "analyzer/text/source_file.hpp"

namespace pygate::hooks {
namespace {

namespace fs = std::filesystem;

// Command substitutions and `sh -c` strings nest; past this depth the
// command is not read further and counts as undetermined.
constexpr int k_max_depth = 8;

struct Word {
    std::string text;
    bool dynamic = false;  // the shell expands part of it at run time ($, `, $( ))
    bool pattern = false;  // unquoted glob, tilde or brace characters the shell may expand
    bool quoted = false;   // part of it was quoted (a quoted heredoc delimiter turns off expansion)
};

struct Redirect {
    enum class Op { read, write, append, read_write, duplicate, heredoc, herestring };
    int fd = 0;
    Op op = Op::read;
    Word target;            // the file, the descriptor (duplicate), the here-string, the heredoc's delimiter
    bool strip_tabs = false;
    std::string body;       // a heredoc's text
    bool body_dynamic = false;
};

struct Command {
    std::vector<Word> words;
    std::vector<Redirect> redirects;
    bool piped_in = false;
};

bool all_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Splits a command line into simple commands, as bash would, and notes
// every construct that makes the line more than a list of simple commands.
class Splitter {
public:
    Splitter(const std::string& text, const std::string& cwd, int depth) : m_text(text), m_cwd(cwd), m_depth(depth) {}

    std::vector<Command> commands() {
        while (m_at < m_text.size()) step();
        end_command(false);
        read_heredoc_bodies();
        if (m_pending) beyond("a redirection without a target");
        std::vector<Command> out;
        for (auto& command : m_commands)
            if (!command.words.empty() || !command.redirects.empty()) out.push_back(std::move(command));
        return out;
    }

    // Python found inside command substitutions and process substitutions.
    std::vector<ShellPython>& nested_python() { return m_nested; }
    const std::string& beyond_python() const { return m_beyond; }

private:
    void beyond(std::string what) {
        if (m_beyond.empty()) m_beyond = std::move(what);
    }

    char peek(std::size_t offset = 0) const {
        return m_at + offset < m_text.size() ? m_text[m_at + offset] : '\0';
    }

    void step() {
        const char c = m_text[m_at];
        switch (c) {
            case ' ':
            case '\t':
                end_word();
                ++m_at;
                return;
            case '\n':
                end_command(false);
                ++m_at;
                read_heredoc_bodies();
                return;
            case '#':
                if (!m_in_word) {
                    while (m_at < m_text.size() && m_text[m_at] != '\n')
                        ++m_at;
                    return;
                }
                break;
            case '\'':
                single_quoted();
                return;
            case '"':
                double_quoted();
                return;
            case '\\':
                if (peek(1) == '\n') {  // a line continuation joins the lines
                    m_at += 2;
                    return;
                }
                m_in_word = true;
                m_word.quoted = true;
                if (m_at + 1 < m_text.size()) m_word.text += m_text[m_at + 1];
                m_at += 2;
                return;
            case '$':
                dollar();
                return;
            case '`':
                backticks();
                return;
            case ';':
                if (peek(1) == ';' || peek(1) == '&') beyond("a `case` statement");
                end_command(false);
                m_at += (peek(1) == ';' || peek(1) == '&') ? 2 : 1;
                return;
            case '&':
                if (peek(1) == '&') {
                    end_command(false);
                    m_at += 2;
                } else if (peek(1) == '>') {
                    // &> and &>>: standard output and error to one file.
                    end_word();
                    const bool append = peek(2) == '>';
                    m_at += append ? 3 : 2;
                    open_redirect(1, append ? Redirect::Op::append : Redirect::Op::write);
                } else {
                    beyond("a background job (`&`)");
                    end_command(false);
                    ++m_at;
                }
                return;
            case '|':
                if (peek(1) == '|') {
                    end_command(false);
                    m_at += 2;
                } else {
                    beyond("a pipeline");
                    end_command(true);
                    m_at += peek(1) == '&' ? 2 : 1;
                }
                return;
            case '(':
                if (m_in_word) {  // a function definition or an array
                    beyond("shell syntax pygate does not read (`(` inside a word)");
                    break;
                }
                beyond("a subshell or arithmetic command");
                end_command(false);
                ++m_at;
                return;
            case ')':
                beyond("a subshell");
                end_command(false);
                ++m_at;
                return;
            case '<':
                less_than();
                return;
            case '>':
                greater_than();
                return;
            case '*':
            case '?':
            case '[':
            case ']':
            case '{':
            case '}':
                m_word.pattern = true;
                break;
            case '~':
                if (!m_in_word) m_word.pattern = true;
                break;
            default:
                break;
        }
        m_in_word = true;
        m_word.text += c;
        ++m_at;
    }

    void single_quoted() {
        m_in_word = true;
        m_word.quoted = true;
        const std::size_t close = m_text.find('\'', m_at + 1);
        if (close == std::string::npos) beyond("an unterminated quote");
        const std::size_t end = close == std::string::npos ? m_text.size() : close;
        m_word.text.append(m_text, m_at + 1, end - m_at - 1);
        m_at = end + 1;
    }

    void double_quoted() {
        m_in_word = true;
        m_word.quoted = true;
        ++m_at;
        while (m_at < m_text.size() && m_text[m_at] != '"') {
            const char d = m_text[m_at];
            if (d == '\\' && m_at + 1 < m_text.size() &&
                std::string_view("$`\"\\\n").find(m_text[m_at + 1]) != std::string_view::npos) {
                if (m_text[m_at + 1] != '\n') m_word.text += m_text[m_at + 1];
                m_at += 2;
            } else if (d == '$') {
                dollar();
            } else if (d == '`') {
                backticks();
            } else {
                m_word.text += d;
                ++m_at;
            }
        }
        if (m_at >= m_text.size()) beyond("an unterminated quote");
        ++m_at;
    }

    // `$name`, `${...}`, `$(...)`, `$((...))`, `$'...'`, `$"..."`: all
    // expanded at run time.
    void dollar() {
        m_in_word = true;
        const char next = peek(1);
        if (next == '(') {
            const std::size_t open = m_at + 1;
            const std::size_t close = matching(open, '(', ')');
            substitution(m_text.substr(open + 1, close - open - 1));
            m_word.text.append(m_text, m_at, std::min(close + 1, m_text.size()) - m_at);
            m_at = close + 1;
        } else if (next == '{') {
            const std::size_t close = matching(m_at + 1, '{', '}');
            m_word.text.append(m_text, m_at, std::min(close + 1, m_text.size()) - m_at);
            m_at = close + 1;
        } else if (next == '\'') {
            // ANSI-C quoting: escapes pygate does not decode.
            std::size_t at = m_at + 2;
            while (at < m_text.size() && m_text[at] != '\'')
                at += m_text[at] == '\\' ? 2 : 1;
            if (at >= m_text.size()) beyond("an unterminated quote");
            m_word.text.append(m_text, m_at, std::min(at + 1, m_text.size()) - m_at);
            m_at = at + 1;
        } else {
            m_word.text += '$';
            ++m_at;
        }
        m_word.dynamic = true;
        beyond("an expansion the shell makes at run time");
    }

    void backticks() {
        std::size_t at = m_at + 1;
        std::string inner;
        while (at < m_text.size() && m_text[at] != '`') {
            if (m_text[at] == '\\' && at + 1 < m_text.size()) {
                inner += m_text[at + 1];
                at += 2;
                continue;
            }
            inner += m_text[at++];
        }
        if (at >= m_text.size()) beyond("an unterminated command substitution");
        substitution(inner);
        m_in_word = true;
        m_word.dynamic = true;
        m_word.text.append(m_text, m_at, std::min(at + 1, m_text.size()) - m_at);
        m_at = at + 1;
    }

    // The index of the bracket that closes the one at `open`, skipping
    // quotes; the text's end when there is none.
    std::size_t matching(std::size_t open, char left, char right) {
        int depth = 0;
        for (std::size_t at = open; at < m_text.size(); ++at) {
            const char c = m_text[at];
            if (c == '\\') {
                ++at;
            } else if (c == '\'') {
                const std::size_t close = m_text.find('\'', at + 1);
                if (close == std::string::npos) break;
                at = close;
            } else if (c == '"') {
                for (++at; at < m_text.size() && m_text[at] != '"'; ++at)
                    if (m_text[at] == '\\') ++at;
            } else if (c == left) {
                ++depth;
            } else if (c == right && --depth == 0) {
                return at;
            }
        }
        beyond("an unterminated substitution");
        return m_text.size();
    }

    void substitution(const std::string& inner);

    void less_than() {
        const int fd = take_fd(0);
        if (m_text.compare(m_at, 3, "<<<") == 0) {
            m_at += 3;
            open_redirect(fd, Redirect::Op::herestring);
        } else if (m_text.compare(m_at, 2, "<<") == 0) {
            m_at += 2;
            bool strip = false;
            if (peek() == '-') {
                strip = true;
                ++m_at;
            }
            open_redirect(fd, Redirect::Op::heredoc);
            m_pending->strip_tabs = strip;
        } else if (peek(1) == '(') {
            process_substitution();
        } else if (peek(1) == '&') {
            m_at += 2;
            open_redirect(fd, Redirect::Op::duplicate);
        } else if (peek(1) == '>') {
            m_at += 2;
            open_redirect(fd, Redirect::Op::read_write);
        } else {
            ++m_at;
            open_redirect(fd, Redirect::Op::read);
        }
    }

    void greater_than() {
        if (peek(1) == '(') {
            process_substitution();
            return;
        }
        const int fd = take_fd(1);
        if (peek(1) == '>') {
            m_at += 2;
            open_redirect(fd, Redirect::Op::append);
        } else if (peek(1) == '&') {
            m_at += 2;
            open_redirect(fd, Redirect::Op::duplicate);
        } else {
            m_at += peek(1) == '|' ? 2 : 1;
            open_redirect(fd, Redirect::Op::write);
        }
    }

    void process_substitution() {
        end_word();
        const std::size_t open = m_at + 1;
        const std::size_t close = matching(open, '(', ')');
        substitution(m_text.substr(open + 1, close - open - 1));
        beyond("a process substitution");
        m_in_word = true;
        m_word.dynamic = true;
        m_word.text.append(m_text, m_at, std::min(close + 1, m_text.size()) - m_at);
        m_at = close + 1;
    }

    // A word of digits written right before a redirection is the descriptor
    // it redirects (`2>err`); otherwise the operator's default.
    int take_fd(int fallback) {
        if (m_in_word && !m_word.quoted && !m_word.dynamic && all_digits(m_word.text) && m_word.text.size() < 4) {
            const int fd = std::stoi(m_word.text);
            m_word = Word{};
            m_in_word = false;
            return fd;
        }
        end_word();
        return fallback;
    }

    void open_redirect(int fd, Redirect::Op op) {
        if (m_pending) beyond("a redirection without a target");
        m_pending = Redirect{};
        m_pending->fd = fd;
        m_pending->op = op;
        while (peek() == ' ' || peek() == '\t')
            ++m_at;
    }

    void end_word() {
        if (!m_in_word) return;
        if (m_pending) {
            m_pending->target = std::move(m_word);
            if (m_pending->op == Redirect::Op::heredoc) m_open_heredocs.emplace_back(m_commands.size(), m_current.redirects.size());
            m_current.redirects.push_back(std::move(*m_pending));
            m_pending.reset();
        } else {
            m_current.words.push_back(std::move(m_word));
        }
        m_word = Word{};
        m_in_word = false;
    }

    void end_command(bool pipe_next) {
        end_word();
        if (m_pending) {
            beyond("a redirection without a target");
            m_pending.reset();
        }
        m_commands.push_back(std::move(m_current));
        m_current = Command{};
        m_current.piped_in = pipe_next;
    }

    // After a line ends, the bodies of the heredocs it opened, in order.
    void read_heredoc_bodies() {
        for (auto [command_index, redirect_index] : m_open_heredocs) {
            Redirect& heredoc = m_commands[command_index].redirects[redirect_index];
            bool closed = false;
            while (m_at < m_text.size()) {
                std::size_t newline = m_text.find('\n', m_at);
                if (newline == std::string::npos) newline = m_text.size();
                std::string line = m_text.substr(m_at, newline - m_at);
                m_at = newline + 1;
                if (heredoc.strip_tabs) line.erase(0, line.find_first_not_of('\t'));
                if (line == heredoc.target.text) {
                    closed = true;
                    break;
                }
                if (!heredoc.target.quoted && line.find_first_of("$`\\") != std::string::npos)
                    heredoc.body_dynamic = true;
                heredoc.body += line + "\n";
            }
            if (!closed) beyond("a heredoc without its closing line");
        }
        m_open_heredocs.clear();
    }

    const std::string& m_text;
    const std::string& m_cwd;
    const int m_depth;
    std::size_t m_at = 0;
    std::vector<Command> m_commands;
    Command m_current;
    Word m_word;
    bool m_in_word = false;
    std::optional<Redirect> m_pending;
    std::vector<std::pair<std::size_t, std::size_t>> m_open_heredocs;  // (command, redirect)
    std::vector<ShellPython> m_nested;
    std::string m_beyond;
};

ShellPython undetermined(std::string why) {
    ShellPython python;
    python.why = std::move(why);
    return python;
}

ShellPython code(std::string text, std::string source, std::string import_folder) {
    return ShellPython{ShellPython::Kind::code, std::move(text), std::move(source), {}, std::move(import_folder)};
}

// What a shell command reads: the Python it runs and what else it does.
class Reader {
public:
    Reader(std::string cwd, int depth) : m_cwd(std::move(cwd)), m_depth(depth) {}

    ShellReading read(const std::string& text) {
        ShellReading reading;
        if (m_depth > k_max_depth) {
            reading.python.push_back(undetermined("commands nest deeper than pygate reads"));
            reading.beyond_python = "commands nested too deeply";
            return reading;
        }
        Splitter splitter(text, m_cwd, m_depth);
        std::vector<Command> commands = splitter.commands();
        m_beyond = splitter.beyond_python();
        for (const Command& command : commands)
            read_command(command);
        for (ShellPython& python : splitter.nested_python())
            m_python.push_back(std::move(python));
        reading.python = std::move(m_python);
        reading.beyond_python = std::move(m_beyond);
        reading.writes = std::move(m_writes);
        return reading;
    }

private:
    void beyond(std::string what) {
        if (m_beyond.empty()) m_beyond = std::move(what);
    }

    static bool is_python(const std::string& word) {
        static const std::regex k_python(R"((python|python3|python3\.\d+|pypy3?)$)");
        return std::regex_match(fs::path(word).filename().string(), k_python);
    }

    // An interpreter named so that the host runs a Debian interpreter (or one
    // on its PATH): a bare name or an absolute path in the system's folders,
    // never a relative path the command's folder could hold.
    static bool is_plain_interpreter(const std::string& word) {
        static const std::regex k_plain(R"(((/usr/local/bin/|/usr/bin/|/bin/)?)(python|python3|python3\.\d+))");
        return std::regex_match(word, k_plain);
    }

    static bool is_assignment(const Word& word) {
        static const std::regex k_assignment(R"([A-Za-z_][A-Za-z0-9_]*\+?=.*)", std::regex::extended);
        return !word.text.empty() && std::regex_match(word.text, k_assignment);
    }

    // The working folder, which the interpreter puts first on sys.path for
    // `-c` and standard input unless isolated.
    std::string working_folder(bool isolated) const {
        return isolated ? std::string() : fs::path(m_cwd).lexically_normal().string();
    }

    // The folder a script or the working folder names, for sys.path[0].
    std::string folder_of_script(const std::string& path) const {
        fs::path file(path);
        if (file.is_relative()) file = fs::path(m_cwd) / file;
        return file.parent_path().lexically_normal().string();
    }

    ShellPython from_file(const Word& path, const char* what, const std::string& import_folder) const {
        if (path.dynamic) return undetermined(std::string(what) + " is named by an expansion (`" + path.text + "`)");
        if (path.pattern) return undetermined(std::string(what) + " `" + path.text + "` is a pattern the shell expands");
        fs::path file(path.text);
        if (file.is_relative()) file = fs::path(m_cwd) / file;
        analyzer::ReadResult read = analyzer::read_source_file(file.string());
        if (auto* failure = std::get_if<analyzer::ReadFailure>(&read))
            return undetermined(std::string(what) + " " + path.text + " cannot be read (" + failure->message +
                                "): it may not exist yet");
        return code(std::get<std::string>(read), path.text, import_folder);
    }

    // Whether an output redirection stays within what a hook may approve:
    // /dev/null, descriptors, or files the profile is then asked about.
    void judge_redirect(const Redirect& redirect, bool program_from_stdin) {
        using Op = Redirect::Op;
        const Word& target = redirect.target;
        if (target.dynamic || target.pattern) {
            beyond("a redirection to `" + target.text + "`, which the shell expands");
            return;
        }
        switch (redirect.op) {
            case Op::heredoc:
            case Op::herestring:
                if (redirect.fd != 0) beyond("a heredoc on descriptor " + std::to_string(redirect.fd));
                return;
            case Op::read:
                if (redirect.fd != 0 || !program_from_stdin) beyond("reads `" + target.text + "` as input");
                return;
            case Op::read_write:
                beyond("opens `" + target.text + "` for reading and writing");
                return;
            case Op::duplicate:
                if (all_digits(target.text) || target.text == "-") return;
                [[fallthrough]];  // `>&file` writes both outputs to the file
            case Op::write:
            case Op::append:
                if (target.text == "/dev/null") return;
                m_writes.push_back(target.text);
                return;
        }
    }

    // What Python started with `words[first...]` (after the interpreter's
    // name) runs; notes what makes that invocation more than plain Python.
    ShellPython python_of(const Command& command, std::size_t first) {
        const auto& words = command.words;
        bool isolated = false;  // -I or -P: no folder is put before the standard library
        std::optional<std::size_t> script;
        bool from_stdin = false;
        bool prints_only = false;  // --version, -h: runs no program
        std::optional<ShellPython> result;
        for (std::size_t i = first; i < words.size() && !result && !script && !from_stdin && !prints_only; ++i) {
            const Word& word = words[i];
            const std::string& arg = word.text;
            if (word.dynamic) return undetermined("an interpreter argument is built by the shell at run time");
            if (arg == "--") {
                if (i + 1 < words.size()) script = i + 1;
                else from_stdin = true;
            } else if (arg == "-") {
                from_stdin = true;
            } else if (arg.starts_with("--")) {
                if (arg == "--version" || arg == "--help" || arg.starts_with("--help-")) prints_only = true;
                else if (arg == "--check-hash-based-pycs") ++i;
                else return undetermined("an interpreter option pygate does not know (`" + arg + "`)");
            } else if (arg.size() > 1 && arg[0] == '-') {
                for (std::size_t j = 1; j < arg.size() && !result && !prints_only; ++j) {
                    const char option = arg[j];
                    const bool has_rest = j + 1 < arg.size();
                    if (option == 'c') {
                        if (has_rest) {
                            result = code(arg.substr(j + 1), "-c", working_folder(isolated));
                        } else if (i + 1 >= words.size()) {
                            return undetermined("`-c` has no code");
                        } else {
                            const Word& text = words[++i];
                            if (text.dynamic) return undetermined("the code of `-c` is built by the shell at run time");
                            result = code(text.text, "-c", working_folder(isolated));
                        }
                    } else if (option == 'm') {
                        return undetermined("`-m` runs a module pygate does not read");
                    } else if (option == 'i') {
                        return undetermined("`-i` reads more code from standard input after the program");
                    } else if (option == 'x') {
                        return undetermined("`-x` skips the source's first line, so Python would read another program");
                    } else if (option == 'X' || option == 'W') {
                        const std::string value = has_rest ? arg.substr(j + 1) : (i + 1 < words.size() ? words[++i].text : "");
                        if (option == 'X' && !harmless_x_option(value)) beyond("the interpreter option `-X " + value + "`");
                        break;
                    } else if (option == 'h' || option == '?' || option == 'V') {
                        prints_only = true;
                    } else if (option == 'I' || option == 'P') {
                        isolated = true;
                    } else if (std::string_view("bBdEOqRsSuv").find(option) == std::string_view::npos) {
                        return undetermined(std::string("an interpreter option pygate does not know (`-") + option + "`)");
                    }
                }
            } else {
                script = i;
            }
        }
        const std::string cwd_folder = working_folder(isolated);
        if (prints_only) result = code("", "an interpreter option that prints and exits", "");
        if (result) {
            judge_redirects(command, false);
            return *result;
        }
        if (script) {
            judge_redirects(command, false);
            return from_file(words[*script], "the script",
                             isolated ? std::string() : folder_of_script(words[*script].text));
        }
        // The program is standard input: the last redirection of descriptor 0.
        judge_redirects(command, true);
        const Redirect* input = nullptr;
        for (const Redirect& redirect : command.redirects)
            if (redirect.fd == 0 && (redirect.op == Redirect::Op::read || redirect.op == Redirect::Op::heredoc ||
                                     redirect.op == Redirect::Op::herestring || redirect.op == Redirect::Op::read_write ||
                                     redirect.op == Redirect::Op::duplicate))
                input = &redirect;
        if (input && input->op == Redirect::Op::heredoc) {
            if (input->body_dynamic) return undetermined("the heredoc's text is expanded by the shell at run time");
            return code(input->body, "heredoc", cwd_folder);
        }
        if (input && input->op == Redirect::Op::herestring) {
            if (input->target.dynamic) return undetermined("the here-string is expanded by the shell at run time");
            return code(input->target.text + "\n", "here-string", cwd_folder);
        }
        if (input && input->op == Redirect::Op::read) return from_file(input->target, "standard input", cwd_folder);
        if (input) return undetermined("standard input comes from a descriptor pygate does not read");
        if (command.piped_in) return undetermined("the program comes from a pipe");
        return undetermined("an interactive interpreter: its input is not known");
    }

    void judge_redirects(const Command& command, bool program_from_stdin) {
        for (const Redirect& redirect : command.redirects)
            judge_redirect(redirect, program_from_stdin);
    }

    // -X options that change neither what runs nor where it is read from.
    static bool harmless_x_option(const std::string& value) {
        static const std::array<std::string_view, 6> k_harmless = {
            "dev", "utf8", "utf8=1", "utf8=0", "warn_default_encoding", "no_debug_ranges"};
        return std::find(k_harmless.begin(), k_harmless.end(), value) != k_harmless.end() ||
               value.starts_with("int_max_str_digits=");
    }

    // Wrappers that run the rest of their words as a command, and those of
    // their options that take a value.
    struct Wrapper {
        std::string_view name;
        std::string_view options_with_value;  // one letter each
        int positionals;                      // words before the command (timeout's duration)
    };

    static const Wrapper* wrapper(const std::string& name) {
        static const std::array<Wrapper, 14> k_wrappers = {{
            {"env", "uC", 0},     {"sudo", "ugpChDrtUT", 0}, {"doas", "uC", 0},  {"nice", "n", 0},
            {"ionice", "cnpPu", 0}, {"timeout", "sk", 1},   {"stdbuf", "ioe", 0}, {"nohup", "", 0},
            {"setsid", "", 0},    {"exec", "a", 0},          {"command", "", 0},  {"builtin", "", 0},
            {"time", "", 0},      {"taskset", "", 1},
        }};
        for (const Wrapper& w : k_wrappers)
            if (w.name == name) return &w;
        return nullptr;
    }

    static bool is_reserved(const std::string& word) {
        static const std::array<std::string_view, 14> k_reserved = {
            "!", "{", "}", "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "[[", "]]"};
        return std::find(k_reserved.begin(), k_reserved.end(), word) != k_reserved.end();
    }

    static bool is_shell(const std::string& word) {
        const std::string name = fs::path(word).filename().string();
        return name == "sh" || name == "bash" || name == "dash" || name == "zsh" || name == "ksh";
    }

    void read_command(const Command& command) {
        const auto& words = command.words;
        std::size_t i = 0;
        bool plain = true;  // nothing but the interpreter's own words so far
        for (const Word& word : words)
            if (word.dynamic || word.pattern) beyond("`" + word.text + "`, which the shell expands");
        while (i < words.size()) {
            const Word& word = words[i];
            if (is_assignment(word)) {
                beyond("an environment assignment (`" + word.text + "`)");
            } else if (word.dynamic) {
                break;
            } else if (is_reserved(word.text)) {
                beyond("shell syntax (`" + word.text + "`)");
            } else if (const Wrapper* w = wrapper(fs::path(word.text).filename().string())) {
                beyond("`" + word.text + "`, which runs the command after it");
                ++i;
                int positionals = w->positionals;
                while (i < words.size()) {
                    const std::string& arg = words[i].text;
                    if (arg == "--") {
                        ++i;
                        break;
                    }
                    if (w->name == "command" && (arg == "-v" || arg == "-V")) return;  // names a command, runs none
                    if (w->name == "env" && (arg == "-S" || arg.starts_with("--split-string") || arg.starts_with("-S"))) {
                        m_python.push_back(undetermined("`env -S` splits a string into the command at run time"));
                        return;
                    }
                    if (arg.size() > 1 && arg[0] == '-') {
                        const bool long_option = arg.starts_with("--");
                        const bool takes_value = !long_option && arg.size() == 2 &&
                                                 w->options_with_value.find(arg[1]) != std::string_view::npos;
                        i += takes_value ? 2 : 1;
                        continue;
                    }
                    if (w->name == "env" && is_assignment(words[i])) {
                        ++i;
                        continue;
                    }
                    if (w->name == "nice" && all_digits(arg)) {
                        ++i;
                        continue;
                    }
                    if (positionals > 0) {
                        --positionals;
                        ++i;
                        continue;
                    }
                    break;
                }
                plain = false;
                continue;
            } else {
                break;
            }
            plain = false;
            ++i;
        }
        if (i >= words.size()) {
            if (!command.redirects.empty()) beyond("a redirection without a command");
            return;
        }
        const Word& program = words[i];
        if (program.dynamic) {
            m_python.push_back(undetermined("the command is built by the shell at run time (`" + program.text + "`)"));
            beyond("a command built at run time");
            return;
        }
        if (is_python(program.text)) {
            if (!plain) beyond("a wrapper around the interpreter");
            if (!is_plain_interpreter(program.text)) beyond("the interpreter `" + program.text + "`, not one of the system's");
            m_python.push_back(python_of(command, i + 1));
            return;
        }
        beyond("runs `" + program.text + "`");
        if (is_shell(program.text)) {
            read_shell_string(words, i + 1);
        } else if (fs::path(program.text).filename() == "xargs") {
            for (std::size_t j = i + 1; j < words.size(); ++j)
                if (is_python(words[j].text)) {
                    m_python.push_back(undetermined("`xargs` gives the interpreter arguments from its input"));
                    break;
                }
        } else if ((program.text == "uv" || program.text == "uvx") && i + 1 < words.size() && words[i + 1].text == "run") {
            read_uv_run(command, i + 2);
        } else if (program.text.find('/') != std::string::npos && program.text.ends_with(".py")) {
            // A script run through its #! line: judged as the Python it most likely is.
            m_python.push_back(from_file(program, "the script", folder_of_script(program.text)));
        }
    }

    // `sh -c 'STRING'`: the string is read as a command of its own.
    void read_shell_string(const std::vector<Word>& words, std::size_t first) {
        for (std::size_t j = first; j < words.size(); ++j) {
            const std::string& arg = words[j].text;
            if (arg.size() > 1 && arg[0] == '-' && arg.find('c') != std::string::npos && !arg.starts_with("--")) {
                if (j + 1 >= words.size()) return;
                if (words[j + 1].dynamic) {
                    m_python.push_back(undetermined("a shell runs a command string built at run time"));
                    return;
                }
                ShellReading inner = Reader(m_cwd, m_depth + 1).read(words[j + 1].text);
                for (ShellPython& python : inner.python)
                    m_python.push_back(std::move(python));
                return;
            }
            if (arg == "-o" || arg == "+o") {
                ++j;
                continue;
            }
            if (arg.empty() || (arg[0] != '-' && arg[0] != '+')) return;  // a script file: not Python
        }
    }

    void read_uv_run(const Command& command, std::size_t j) {
        const auto& words = command.words;
        while (j < words.size() && words[j].text.starts_with("-")) {
            const std::string& option = words[j].text;
            j += (option == "--with" || option == "--python" || option == "-p" || option == "--project") ? 2 : 1;
        }
        if (j >= words.size()) return;
        if (is_python(words[j].text)) m_python.push_back(python_of(command, j + 1));
        else if (words[j].text.ends_with(".py"))
            m_python.push_back(from_file(words[j], "the script", folder_of_script(words[j].text)));
    }

    std::string m_cwd;
    int m_depth;
    std::vector<ShellPython> m_python;
    std::vector<std::string> m_writes;
    std::string m_beyond;
};

void Splitter::substitution(const std::string& inner) {
    beyond("a command substitution");
    ShellReading reading = Reader(m_cwd, m_depth + 1).read(inner);
    for (ShellPython& python : reading.python)
        m_nested.push_back(std::move(python));
}

}  // namespace

ShellReading read_shell_command(const std::string& command, const std::string& cwd) {
    return Reader(cwd, 0).read(command);
}

}  // namespace pygate::hooks
