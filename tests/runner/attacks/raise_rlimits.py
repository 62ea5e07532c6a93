# Raise its own resource limits above the hard limits.
import resource
raised = []
for name in ("RLIMIT_CPU", "RLIMIT_AS", "RLIMIT_NPROC", "RLIMIT_NOFILE", "RLIMIT_FSIZE"):
    which = getattr(resource, name)
    soft, hard = resource.getrlimit(which)
    try:
        resource.setrlimit(which, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        raised.append(name)
    except (ValueError, OSError) as error:
        print("refused", name, error)
print("RAISED", raised) if raised else None
raise SystemExit(10 if raised else 0)
