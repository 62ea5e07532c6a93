// Runs a Python program on the CPython of an npm `pyodide` package (WebAssembly,
// under Node), as `python3` would, for the oracles in tests/tools:
//
//   node pyodide_python.mjs PYODIDE_PACKAGE_DIR [-I] (-c CODE | SCRIPT) [ARGS...]
//
// What passes through as it does for a real `python3 SCRIPT ARGS`: sys.argv,
// standard input, output and error as bytes (read and written synchronously,
// so a line protocol works), the environment, the working folder, and the exit
// status (SystemExit's code; an uncaught exception is its traceback on stderr
// and status 1). `-I` leaves the script's folder off sys.path, as it does in
// CPython. The host's files are not all visible: the working folder and the
// script's folder are mounted at their own paths (NODEFS), nothing else.
//
// Pyodide's CPython has no signals, and the oracles bound each case with
// signal.alarm(). This launcher gives `signal` an alarm(): a timer on a second
// thread, which delivers SIGALRM through Pyodide's interrupt buffer; Python runs
// the SIGALRM handler at its next check, as CPython runs a handler after the
// signal arrives (neither interrupts a long operation in C).
//
// Pyodide's asyncio loop runs only with WebAssembly stack switching, which Node
// lacks without experimental flags; asyncio.run gets an event loop of the
// standard library's base class without I/O instead (the oracles' programs do
// none: their I/O functions are stubs), and no loop is running when the program starts.
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

const SIGALRM = 14;
const usage = "usage: node pyodide_python.mjs PYODIDE_PACKAGE_DIR [-I] (-c CODE | SCRIPT) [ARGS...]";

function parse(argv) {
  const [packageDir, ...rest] = argv;
  if (!packageDir || rest.length === 0) throw new Error(usage);
  let isolated = false;
  while (rest[0] === "-I") {
    isolated = true;
    rest.shift();
  }
  if (rest[0] === "-c") {
    if (rest.length < 2) throw new Error("pyodide_python: -c needs the code to run");
    return { packageDir, isolated, code: rest[1], script: null, argv: ["-c", ...rest.slice(2)] };
  }
  if (!rest[0] || rest[0].startsWith("-")) throw new Error(usage);
  const script = path.resolve(rest[0]);
  return { packageDir, isolated, code: null, script, argv: [rest[0], ...rest.slice(1)] };
}

// Writes all of `bytes` to a descriptor that may be a non-blocking pipe.
function writeAll(fd, bytes) {
  let done = 0;
  while (done < bytes.length) {
    try {
      done += fs.writeSync(fd, bytes, done, bytes.length - done);
    } catch (error) {
      if (error.code !== "EAGAIN") throw error;
    }
  }
  return bytes.length;
}

function readSome(fd, buffer) {
  for (;;) {
    try {
      return fs.readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      if (error.code === "EOF") return 0;
      if (error.code !== "EAGAIN") throw error;
    }
  }
}

// The alarm's timer runs on its own thread, so it fires while Python keeps the main one.
function alarmClock(interrupt) {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    let timer = null;
    parentPort.on("message", (seconds) => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (seconds > 0) timer = setTimeout(() => { timer = null; Atomics.store(workerData, 0, ${SIGALRM}); }, seconds * 1000);
    });`;
  const worker = new Worker(source, { eval: true, workerData: interrupt });
  worker.unref();
  let deadline = 0;
  return (seconds) => {
    const left = deadline ? Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) : 0;
    deadline = seconds > 0 ? Date.now() + seconds * 1000 : 0;
    worker.postMessage(seconds);
    return left;
  };
}

// Mounts each host folder at its own path; a folder inside another mounted one is already there.
function mountFolders(pyodide, folders) {
  const unique = [...new Set(folders)].sort();
  const mounted = [];
  for (const folder of unique) {
    if (mounted.some((outer) => folder === outer || folder.startsWith(outer + "/"))) continue;
    pyodide.FS.mkdirTree(folder);
    pyodide.mountNodeFS(folder, folder);
    mounted.push(folder);
  }
}

const SETUP = `
import asyncio, asyncio.events, asyncio.runners, selectors, signal, time
import _pygate_alarm

signal.alarm = lambda seconds: _pygate_alarm.alarm(int(seconds))


class _NoIOSelector(selectors.BaseSelector):
    def register(self, fileobj, events, data=None):
        raise OSError("this event loop has no I/O")

    def unregister(self, fileobj):
        raise KeyError(fileobj)

    def select(self, timeout=None):
        if timeout:
            time.sleep(timeout)
        return []

    def get_map(self):
        return {}


class _NoIOEventLoop(asyncio.BaseEventLoop):
    def __init__(self):
        super().__init__()
        self._selector = _NoIOSelector()

    def _process_events(self, event_list):
        pass

    def _write_to_self(self):
        pass


def _run(main, *, debug=None, loop_factory=None):
    return asyncio.runners.run(main, debug=debug, loop_factory=loop_factory or _NoIOEventLoop)


asyncio.run = _run
asyncio.events._set_running_loop(None)
`;

const RUN = `
def __pygate_run(code, script, argv, isolated):
    import os, sys, traceback
    sys.argv = list(argv)
    # Pyodide starts with "" on sys.path; CPython puts there the script's folder, "" for -c, nothing with -I.
    while sys.path and sys.path[0] == "":
        sys.path.pop(0)
    status = 0
    try:
        if script is None:
            if not isolated:
                sys.path.insert(0, "")
            import __main__
            exec(compile(code, "<string>", "exec"), __main__.__dict__)
        else:
            if not isolated:
                sys.path.insert(0, os.path.dirname(script))
            import runpy
            runpy.run_path(script, run_name="__main__")
    except SystemExit as stop:
        if stop.code is None:
            status = 0
        elif isinstance(stop.code, int):
            status = stop.code & 0xFF
        else:
            print(stop.code, file=sys.stderr)
            status = 1
    except BaseException as error:
        # This function's own frame is not the program's: left out, as CPython's runner is.
        traceback.print_exception(type(error), error, error.__traceback__.tb_next)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            status = status or 120
    return status
`;

async function main() {
  let options;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  const packageDir = path.resolve(options.packageDir);
  const { loadPyodide } = await import(path.join(packageDir, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: packageDir + "/", env: { ...process.env } });
  pyodide.setStdin({ read: (buffer) => readSome(0, buffer) });
  pyodide.setStdout({ write: (buffer) => writeAll(1, buffer) });
  pyodide.setStderr({ write: (buffer) => writeAll(2, buffer) });

  const interrupt = new Int32Array(new SharedArrayBuffer(4));
  pyodide.setInterruptBuffer(interrupt);
  pyodide.registerJsModule("_pygate_alarm", { alarm: alarmClock(interrupt) });
  pyodide.runPython(SETUP, { globals: pyodide.toPy({}) }); // not the program's __main__

  const cwd = process.cwd();
  mountFolders(pyodide, options.script ? [cwd, path.dirname(options.script)] : [cwd]);
  pyodide.FS.chdir(cwd);

  pyodide.runPython(RUN);
  const run = pyodide.globals.get("__pygate_run");
  pyodide.globals.delete("__pygate_run");
  const status = run(options.code ?? undefined, options.script ?? undefined, pyodide.toPy(options.argv), options.isolated);
  run.destroy();
  return status;
}

main().then(
  (status) => process.exit(status),
  (error) => {
    process.stderr.write(`pyodide_python: ${error && error.stack ? error.stack : error}\n`);
    process.exit(2);
  },
);
