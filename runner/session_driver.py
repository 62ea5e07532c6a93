# pygate's session driver: the main.py of a session's sandboxed interpreter.
#
# It receives steps from its worker on descriptor 3 and answers on descriptor
# 4, one JSON object a line, and runs each step in one persistent namespace.
# Every step was gated before it was sent. The driver keeps its own state in
# this function's locals, not in any module the steps can import, runs the
# steps in a fresh `__main__` module, and signs each answer with the token its
# step came with, so output a step writes cannot pass for an answer. What
# else stands between a step and these descriptors is the gate (no `os`, no
# frame or traceback introspection, no `gc`) and, beneath it, the OS layers.


def _serve():
    import ast
    import base64
    import builtins
    import io
    import json
    import linecache
    import signal
    from os import environ as os_environ
    import sys
    import threading
    import time
    import traceback
    import types
    import warnings

    steps_in = io.open(3, "r", encoding="utf-8", closefd=True)
    answers_out = io.open(4, "w", encoding="utf-8", closefd=True)

    # From here on nothing opens the channel by its number: an audit hook
    # cannot be removed once added, and the gate refuses `open(3)` too.
    channel = (3, 4)

    def guard(event, args):
        if event == "open" and args and isinstance(args[0], int) and args[0] in channel:
            raise PermissionError(f"descriptor {args[0]} is the session's own")

    sys.addaudithook(guard)
    write_lock = threading.Lock()
    driver_file = __file__

    def send(message):
        with write_lock:
            answers_out.write(json.dumps(message, ensure_ascii=False) + "\n")
            answers_out.flush()

    class StepOutput(io.TextIOBase):
        """A step's stdout or stderr: events to the worker, up to the step's cap."""

        def __init__(self, stream):
            self.stream = stream
            self.step = None
            self.left = 0
            self.truncated = False

        def writable(self):
            return True

        def write(self, text):
            if not isinstance(text, str):
                raise TypeError(f"write() argument must be str, not {type(text).__name__}")
            if self.step is None or not text:
                return len(text)
            kept = text[: max(self.left, 0)]
            if len(kept) < len(text):
                self.truncated = True
            self.left -= len(kept)
            if kept:
                send({"step": self.step, "event": self.stream, "data": kept})
            return len(text)

        def flush(self):
            pass

    # A cancelled step gets SIGINT from its worker: a KeyboardInterrupt in the
    # step's own code, never in the driver's between steps (it would lose the
    # channel's state), so the session goes on after it.
    in_step = [False]

    def on_interrupt(signum, frame):
        if in_step[0]:
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_interrupt)

    stdout, stderr = StepOutput("stdout"), StepOutput("stderr")
    sys.stdout, sys.stderr = stdout, stderr
    sys.stdin = io.StringIO("")

    # The steps' own __main__, with none of the driver in it.
    main = types.ModuleType("__main__")
    main.__dict__["__builtins__"] = builtins
    sys.modules["__main__"] = main
    namespace = main.__dict__

    def user_traceback(error):
        frames = traceback.extract_tb(error.__traceback__)
        kept = [frame for frame in frames if frame.filename != driver_file]
        lines = ["Traceback (most recent call last):\n"] if kept else []
        lines += traceback.format_list(kept)
        lines += traceback.format_exception_only(type(error), error)
        return "".join(lines)

    # What a notebook shows of a step (session_exec's `display`): the value's
    # HTML beside its repr, and each matplotlib figure the step left open,
    # drawn by Agg and closed, as inline backends do at the end of a cell.
    html_limit = 1 << 20
    figure_limit = 8 << 20

    def value_html(result):
        method = getattr(result, "_repr_html_", None)
        if not callable(method):
            return None
        try:
            html = method()
        except Exception:  # noqa: BLE001 - a failing _repr_html_ leaves the repr, as IPython does
            return None
        return html if isinstance(html, str) and len(html) <= html_limit else None

    def drawn_figures():
        pyplot = sys.modules.get("matplotlib.pyplot")
        if pyplot is None:
            return []
        figures = []
        try:
            for number in pyplot.get_fignums():
                # PNG for every front end, SVG for those that scale it; a
                # drawing over the limit is left out in that format only.
                drawn = {}
                png, svg = io.BytesIO(), io.StringIO()
                pyplot.figure(number).savefig(png, format="png", bbox_inches="tight")
                if png.tell() <= figure_limit:
                    drawn["image/png"] = base64.b64encode(png.getvalue()).decode("ascii")
                pyplot.figure(number).savefig(svg, format="svg", bbox_inches="tight")
                if svg.tell() <= figure_limit:
                    drawn["image/svg+xml"] = svg.getvalue()
                if drawn:
                    figures.append(drawn)
        except Exception as error:  # noqa: BLE001 - a figure that cannot be drawn is the step's stderr
            stderr.write(f"a figure could not be drawn: {type(error).__name__}: {error}\n")
        finally:
            pyplot.close("all")
        return figures

    def run_step(request):
        step, code, token = request["step"], request["code"], request["token"]
        value_limit = request.get("value_limit", 10000)
        for stream in (stdout, stderr):
            stream.step, stream.left, stream.truncated = step, request.get("output_limit", 1 << 20), False
        filename = f"<step {step}>"
        linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
        value = None
        display = {"data": None, "figures": []} if request.get("display") else None
        if display is not None:
            # No window exists to show a figure in: figures are drawn at the
            # end of the step instead, and plt.show() says nothing about it.
            os_environ.setdefault("MPLBACKEND", "agg")
            warnings.filterwarnings("ignore", message=".*non-GUI backend.*")
        traceback_text = None
        status = "ok"
        started, cpu_started = time.perf_counter(), time.process_time()
        try:
            tree = ast.parse(code, filename, "exec")
            last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            if last is not None:
                tree.body.pop()
            body = compile(tree, filename, "exec")
            expression = compile(ast.Expression(last.value), filename, "eval") if last is not None else None
            # The value's repr and HTML are the step's code too: interruptible.
            in_step[0] = True
            try:
                exec(body, namespace)
                result = eval(expression, namespace) if expression is not None else None
                if result is not None:
                    text = repr(result)
                    value = text if len(text) <= value_limit else text[:value_limit] + "..."
                    if display is not None:
                        display["data"] = {"text/plain": value}
                        html = value_html(result)
                        if html is not None:
                            display["data"]["text/html"] = html
            finally:
                in_step[0] = False
        except MemoryError as error:
            # Over the session's memory: the worker ends the session.
            status = "memory_limit"
            traceback_text = user_traceback(error)
        except BaseException as error:  # noqa: B036 - a step's SystemExit is its own end, not the session's
            status = "exception"
            traceback_text = user_traceback(error)
            if display is None:  # a notebook shows the traceback itself, once
                stderr.write(traceback_text)
        if display is not None and status != "memory_limit":
            display["figures"] = drawn_figures()
        duration_ms = (time.perf_counter() - started) * 1000
        cpu_ms = (time.process_time() - cpu_started) * 1000
        for stream in (stdout, stderr):
            stream.step = None
        if status == "ok" and (stdout.truncated or stderr.truncated):
            status = "output_truncated"
        send({"step": step, "token": token, "status": status, "value": value, "traceback": traceback_text,
              "duration_ms": round(duration_ms, 3), "cpu_ms": round(cpu_ms, 3),
              "truncated": stdout.truncated or stderr.truncated,
              **({"display": display} if display is not None else {})})

    def preload(request):
        failed = {}
        for name in request["modules"]:
            try:
                __import__(name)
            except BaseException as error:  # noqa: B036
                failed[name] = f"{type(error).__name__}: {error}"
        send({"preloaded": request["modules"], "failed": failed, "token": request["token"]})

    send({"ready": True})
    for line in steps_in:
        request = json.loads(line)
        if request.get("op") == "preload":
            preload(request)
        else:
            run_step(request)


_serve()
