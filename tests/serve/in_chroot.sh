#!/bin/bash
# Runs the warm-run suites (tests/serve/test_warm_runs.py and
# test_sandbox_parity.py) in a chroot whose root is no mount point, as a
# fresh debootstrap chroot's is: there no mount namespace can be made
# private, and templates must still work wherever cold runs do.
#   tests/serve/in_chroot.sh SOURCE_DIR PYGATE
# The chroot is a directory of bind mounts (/usr, /etc, /var, /sys, /dev,
# the source and the binary's folder, a fresh /proc), made inside a private
# mount namespace of this script's own, so nothing of it reaches the host.
# Needs root (exit 77: skipped).
set -euo pipefail
[[ $(id -u) -eq 0 ]] || { echo "in_chroot.sh: needs root"; exit 77; }
source_dir=$(realpath "$1")
pygate=$(realpath "$2")
root=$(mktemp -d /tmp/pygate-chroot-XXXXXX)
trap 'rm -rf --one-file-system "$root"' EXIT
chmod 0755 "$root"  # the runs' unprivileged uid walks through it
unshare -m --propagation private bash -euo pipefail -c '
root=$1 source_dir=$2 pygate=$3
cd "$root"
for folder in usr etc var proc sys dev tmp root "${source_dir#/}" "$(dirname "${pygate#/}")"; do
    mkdir -p "$folder"
done
for link in bin lib lib64 sbin; do
    [[ -L /$link ]] && ln -s "$(readlink /$link)" "$link"
done
chmod 1777 tmp
for folder in /usr /etc /var /sys /dev "$source_dir" "$(dirname "$pygate")"; do
    mount --rbind "$folder" "$root$folder"
done
mount -t proc proc proc
cd /
exec chroot "$root" /usr/bin/env PYGATE="$pygate" PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest -q \
    -p no:cacheprovider "$source_dir/tests/serve/test_warm_runs.py" "$source_dir/tests/serve/test_sandbox_parity.py"
' bash "$root" "$source_dir" "$pygate"
