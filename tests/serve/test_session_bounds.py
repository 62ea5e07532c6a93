"""The number of sessions a server holds at once is bounded (--max-sessions):
one more is refused `too_many_sessions`, and what is open goes on."""

from __future__ import annotations

import os
import time

from process_probe import children_of


def session_open(request_id, **fields):
    return {"id": request_id, "op": "session_open", "profile": "data_processing", **fields}


def answers_to(server, ids, timeout=120):
    """Reads until every id in `ids` has its answer."""
    answers = {}
    while set(answers) != set(ids):
        message = server.read(timeout)
        if "event" not in message and message.get("id") in ids:
            answers[message["id"]] = message
    return answers


def test_the_default_comes_from_cores_and_memory(serve):
    server = serve()
    memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    by_memory = memory // 2 // (512 << 20)
    by_cores = max(1, os.cpu_count() or 1) * 8
    assert server.hello["max_sessions"] == max(1, min(by_memory, by_cores))


def test_a_client_opening_sessions_in_a_loop_gets_at_most_the_bound(serve):
    server = serve("--max-sessions", "3")
    assert server.hello["max_sessions"] == 3
    # Sent all at once, as a loop that does not wait would: requests still
    # opening count against the bound as well as those already open.
    ids = list(range(1, 11))
    for request_id in ids:
        server.send(session_open(request_id))
    answers = answers_to(server, ids)
    opened = [a["result"]["session"] for a in answers.values() if "result" in a]
    refused = [a["error"] for a in answers.values() if "error" in a]
    assert len(opened) == 3, answers
    assert len(refused) == 7
    assert all(error["code"] == "too_many_sessions" for error in refused), refused
    assert all("--max-sessions" in error["message"] for error in refused)
    # No more interpreters than the bound were started (worker processes).
    assert len(children_of(server.process.pid)) == 3


def test_open_sessions_are_not_disturbed_and_a_closed_one_makes_room(serve):
    server = serve("--max-sessions", "2")
    sessions = []
    for request_id in (1, 2):
        answer = server.ask(session_open(request_id))
        sessions.append(answer["result"]["session"])
        assert server.ask({"id": request_id + 10, "op": "session_exec", "session": sessions[-1],
                           "code": f"x = {request_id}"}, 120)["result"]["status"] == "ok"
    for request_id in range(20, 30):
        assert server.ask(session_open(request_id))["error"]["code"] == "too_many_sessions"
    # Both sessions kept their state through the refusals.
    for number, session in enumerate(sessions, start=1):
        value = server.ask({"id": 40 + number, "op": "session_exec", "session": session, "code": "x"}, 120)
        assert value["result"]["value"] == str(number)
    assert server.ask({"id": 50, "op": "session_close", "session": sessions[0]})["result"]["reason"] == "closed"
    assert "result" in server.ask(session_open(51))
    assert server.close() == 0


def test_a_session_that_ended_on_its_own_no_longer_counts(serve):
    server = serve("--max-sessions", "1")
    assert "result" in server.ask(session_open(1, idle_timeout=1))
    deadline = time.monotonic() + 60
    while True:
        answer = server.ask(session_open(2))
        if "result" in answer:
            break
        # Refused only while the idle session has not yet ended.
        assert answer["error"]["code"] == "too_many_sessions"
        assert time.monotonic() < deadline, "the idle session never made room"
        time.sleep(0.5)
    assert server.close() == 0
