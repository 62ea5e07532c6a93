#include "runner/template_link.hpp"

#include <poll.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>

namespace pygate::runner {

using support::UniqueFd;

LinkPair make_link() {
    int ends[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) return {};
    return {UniqueFd(ends[0]), UniqueFd(ends[1])};
}

int send_link_message(int link, std::string_view text, const std::vector<int>& fds) {
    if (fds.size() > k_link_max_fds) return E2BIG;
    iovec data{const_cast<char*>(text.data()), text.size()};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * k_link_max_fds)] = {};
    msghdr header{};
    header.msg_iov = &data;
    header.msg_iovlen = 1;
    if (!fds.empty()) {
        header.msg_control = control;
        header.msg_controllen = CMSG_SPACE(sizeof(int) * fds.size());
        cmsghdr* rights = CMSG_FIRSTHDR(&header);
        rights->cmsg_level = SOL_SOCKET;
        rights->cmsg_type = SCM_RIGHTS;
        rights->cmsg_len = CMSG_LEN(sizeof(int) * fds.size());
        std::memcpy(CMSG_DATA(rights), fds.data(), sizeof(int) * fds.size());
    }
    for (;;) {
        ssize_t sent = ::sendmsg(link, &header, MSG_NOSIGNAL);
        if (sent >= 0) return sent == static_cast<ssize_t>(text.size()) ? 0 : EMSGSIZE;
        if (errno != EINTR) return errno;
    }
}

LinkRead receive_link_message(int link, int timeout_ms, LinkMessage& message) {
    message.text.clear();
    message.fds.clear();
    pollfd ready{link, POLLIN, 0};
    for (;;) {
        int polled = ::poll(&ready, 1, timeout_ms);
        if (polled > 0) break;
        if (polled == 0) return LinkRead::timeout;
        if (errno != EINTR) return LinkRead::failed;
    }
    // A message of the template is small; a run's setup is sent, not received.
    std::string buffer(1 << 16, '\0');
    iovec data{buffer.data(), buffer.size()};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * k_link_max_fds)] = {};
    msghdr header{};
    header.msg_iov = &data;
    header.msg_iovlen = 1;
    header.msg_control = control;
    header.msg_controllen = sizeof control;
    ssize_t received = -1;
    do {
        received = ::recvmsg(link, &header, MSG_CMSG_CLOEXEC);
    } while (received < 0 && errno == EINTR);
    if (received < 0) return LinkRead::failed;
    for (cmsghdr* part = CMSG_FIRSTHDR(&header); part != nullptr; part = CMSG_NXTHDR(&header, part)) {
        if (part->cmsg_level != SOL_SOCKET || part->cmsg_type != SCM_RIGHTS) continue;
        const std::size_t count = (part->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (std::size_t i = 0; i < count; ++i) {
            int fd = -1;
            std::memcpy(&fd, CMSG_DATA(part) + i * sizeof(int), sizeof fd);
            message.fds.emplace_back(fd);
        }
    }
    if (received == 0 && message.fds.empty()) return LinkRead::closed;
    if ((header.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0) return LinkRead::failed;
    buffer.resize(static_cast<std::size_t>(received));
    message.text = std::move(buffer);
    return LinkRead::message;
}

namespace {

using nlohmann::json;

std::optional<json> object_of(std::string_view text) {
    json parsed = json::parse(text, nullptr, false);
    if (!parsed.is_object()) return std::nullopt;
    return parsed;
}

std::optional<double> number_of(const json& object, const char* name) {
    const auto found = object.find(name);
    if (found == object.end() || !found->is_number()) return std::nullopt;
    return found->get<double>();
}

}  // namespace

std::optional<pid_t> forked_child(std::string_view text) {
    const auto message = object_of(text);
    if (!message || message->size() != 1) return std::nullopt;
    const auto pid = message->find("pid");
    if (pid == message->end() || !pid->is_number_integer()) return std::nullopt;
    const auto value = pid->get<std::int64_t>();
    if (value <= 0 || value > std::numeric_limits<pid_t>::max()) return std::nullopt;
    return static_cast<pid_t>(value);
}

std::optional<ChildSetup> child_setup(std::string_view text) {
    const auto message = object_of(text);
    if (!message) return std::nullopt;
    ChildSetup setup;
    if (const auto ready = message->find("ready"); ready != message->end()) {
        if (!ready->is_boolean() || !ready->get<bool>()) return std::nullopt;
        const auto netns = message->find("netns");
        if (netns != message->end() && !netns->is_boolean()) return std::nullopt;
        if (message->size() != (netns != message->end() ? 2U : 1U)) return std::nullopt;
        setup.ready = true;
        setup.netns = netns != message->end() && netns->get<bool>();
        return setup;
    }
    const auto step = message->find("setup_failed");
    const auto error = message->find("errno");
    if (step == message->end() || !step->is_string() || error == message->end() || !error->is_number_integer())
        return std::nullopt;
    setup.failed_step = step->get<std::string>();
    const auto number = error->get<std::int64_t>();
    setup.error = number >= 0 && number < 4096 ? static_cast<int>(number) : 0;
    return setup;
}

std::optional<ChildExit> child_exit(std::string_view text) {
    const auto message = object_of(text);
    if (!message) return std::nullopt;
    const auto status = message->find("exited");
    if (status == message->end() || !status->is_number_integer()) return std::nullopt;
    const auto wait_status = status->get<std::int64_t>();
    if (wait_status < 0 || wait_status > 0xFFFF) return std::nullopt;
    const auto user = number_of(*message, "user_ms");
    const auto sys = number_of(*message, "sys_ms");
    const auto rss = number_of(*message, "max_rss_kb");
    if (!user || !sys || !rss || *user < 0 || *sys < 0 || *rss < 0 || *user > 1e12 || *sys > 1e12 || *rss > 1e15)
        return std::nullopt;
    return ChildExit{static_cast<int>(wait_status), *user, *sys, static_cast<long>(*rss)};
}

}  // namespace pygate::runner
