#pragma once
// A run stopped from outside (`timeout`, an orchestrator, a closed terminal)
// ends as a cancelled run does: its processes killed, its work directory
// removed. While a StopSignals lives, SIGTERM, SIGHUP and SIGINT become a
// byte on a pipe whose read end is the run's cancel descriptor; the caller
// then ends the process as the signal would have (exit 128 + its number).
// A signal the process was started ignoring stays ignored.

#include <csignal>

#include "support/unique_fd.hpp"

namespace pygate::runner {

class StopSignals {
public:
    // Installs the handlers; one StopSignals at a time in a process. When the
    // pipe cannot be made, fd() is -1 and the signals keep their old actions.
    StopSignals();
    ~StopSignals();  // the old actions again
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

    // For RunRequest::cancel_fd: readable once a stop signal came.
    int fd() const { return m_read.get(); }
    // The first stop signal that came, 0 when none did.
    int received() const;

private:
    support::UniqueFd m_read;
    support::UniqueFd m_write;
    struct sigaction m_old[3]{};
    bool m_installed = false;
};

}  // namespace pygate::runner
