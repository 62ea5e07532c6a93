#pragma once
// A `pygate serve` started as a child process, for the commands that are its
// clients (`pygate repl`, `pygate mcp`): they translate their own protocol,
// the server judges and runs. One thread may send while another reads.

#include <sys/types.h>

#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "support/line_reader.hpp"

namespace pygate::serve {

class ServeChild {
public:
    ServeChild() = default;
    ServeChild(const ServeChild&) = delete;
    ServeChild& operator=(const ServeChild&) = delete;
    ~ServeChild();

    // Starts `pygate serve ARGS...` (this same executable) and reads its hello
    // line; false with `error` set when it does not start or greet.
    bool start(const std::vector<std::string>& serve_args, std::string& error);

    // Writes one request line; false when the server is gone. Thread-safe.
    bool send(const nlohmann::json& request);

    // The server's next line, parsed; nullopt when it ended (or wrote a line
    // that is not a JSON object, which a client must treat as the same).
    std::optional<nlohmann::json> next_message();

    // Closes the server's input: it answers what is in flight, then exits.
    void close_input();

    // Closes its input and reaps it; returns the wait status.
    int stop();

    // Kills it (its workers get SIGTERM from the kernel and clean up), for a
    // server whose answers can no longer be trusted.
    void kill();

private:
    pid_t m_pid = -1;
    int m_requests = -1;
    int m_answers = -1;
    std::mutex m_send;
    std::optional<support::LineReader> m_reader;
};

}  // namespace pygate::serve
