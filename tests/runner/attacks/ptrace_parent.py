# ptrace: attach to the parent, or trace itself.
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
PTRACE_TRACEME, PTRACE_ATTACH = 0, 16
for request, pid in ((PTRACE_ATTACH, os.getppid()), (PTRACE_TRACEME, 0)):
    if libc.ptrace(request, pid, None, None) == 0:
        print("PTRACE ALLOWED", request)
        raise SystemExit(10)
    print("refused", request, ctypes.get_errno())
