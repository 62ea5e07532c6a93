#include "serve/serve_child.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "support/write_all.hpp"

extern char** environ;

namespace pygate::serve {

using support::LineReader;
using support::write_all;

ServeChild::~ServeChild() {
    if (m_pid > 0) stop();
}

bool ServeChild::start(const std::vector<std::string>& serve_args, std::string& error) {
    int requests[2], answers[2];
    if (::pipe2(requests, O_CLOEXEC) != 0) {
        error = std::strerror(errno);
        return false;
    }
    if (::pipe2(answers, O_CLOEXEC) != 0) {
        error = std::strerror(errno);
        ::close(requests[0]);
        ::close(requests[1]);
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, requests[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, answers[1], STDOUT_FILENO);
    std::vector<std::string> words{"pygate", "serve"};
    words.insert(words.end(), serve_args.begin(), serve_args.end());
    std::vector<char*> argv;
    for (auto& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const int spawned = ::posix_spawn(&m_pid, "/proc/self/exe", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(requests[0]);
    ::close(answers[1]);
    m_requests = requests[1];
    m_answers = answers[0];
    // Answers carry whole run results; the server bounds them, not us.
    m_reader.emplace(m_answers, std::size_t{1} << 30);
    if (spawned != 0) {
        m_pid = -1;
        error = std::strerror(spawned);
        return false;
    }
    auto hello = next_message();
    if (!hello || !hello->contains("hello")) {
        error = "pygate serve did not greet (see its message above)";
        return false;
    }
    return true;
}

bool ServeChild::send(const nlohmann::json& request) {
    const std::string line = request.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    std::lock_guard lock(m_send);
    return m_requests >= 0 && write_all(m_requests, line);
}

std::optional<nlohmann::json> ServeChild::next_message() {
    std::string line;
    for (;;) {
        switch (m_reader->next(line)) {
            case LineReader::Next::line: {
                nlohmann::json message = nlohmann::json::parse(line, nullptr, false);
                if (!message.is_object()) return std::nullopt;
                return message;
            }
            case LineReader::Next::too_long:
                return std::nullopt;
            case LineReader::Next::woken:
                continue;
            case LineReader::Next::end:
                return std::nullopt;
        }
    }
}

void ServeChild::close_input() {
    std::lock_guard lock(m_send);
    if (m_requests >= 0) ::close(m_requests);
    m_requests = -1;
}

int ServeChild::stop() {
    close_input();
    int status = 0;
    if (m_pid > 0) {
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    m_pid = -1;
    if (m_answers >= 0) ::close(m_answers);
    m_answers = -1;
    return status;
}

}  // namespace pygate::serve

namespace pygate::serve {

void ServeChild::kill() {
    if (m_pid > 0) ::kill(m_pid, SIGKILL);
}

}  // namespace pygate::serve
