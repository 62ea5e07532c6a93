#pragma once
// Whether the process a pid named is gone: no such process, or a zombie (it
// has ended and holds nothing: no descriptor, no lock, no mount namespace;
// only its parent has yet to reap it). What a run left behind when its
// pygate was killed is removed once the pid in its name is gone.

#include <sys/types.h>

namespace pygate::runner {

bool process_gone(pid_t pid);

}  // namespace pygate::runner
