#!/usr/bin/env bash
# Runs the README's two commands as a newcomer would: in a fresh clone, inside
# a minimal Debian 12 or 13 (debootstrap --variant=minbase RELEASE, with the
# RELEASE-updates and RELEASE-security suites), as root.
#
#   scripts/fresh-debian-check.sh [OPTIONS] [STEP...]
#
# Steps, in this order (default: all of them):
#   chroot   make the Debian tree with debootstrap, unless it is there already
#   clone    clone this repository's HEAD afresh into it (/srv/pygate)
#   check    ./bootstrap.sh check   inside it
#   test     ./bootstrap.sh test    inside it
#   shell    an interactive shell inside it, in the clone (not part of "all")
# Options:
#   --release NAME   bookworm (Debian 12, the default) or trixie (Debian 13)
#   --root DIR       where the chroot lives (default /srv/pygate-RELEASE); never inside the clone
#   --mirror URL     the Debian mirror (default http://deb.debian.org/debian)
#   --security URL   the security mirror (default http://deb.debian.org/debian-security)
#   --no-pts         give the chroot /dev without /dev/pts, as some containers do (no pseudo-terminal)
#   --log DIR        also write each step's output to DIR/STEP.log (default: the terminal only)
#
# Needs root (debootstrap, chroot, mounts) and debootstrap. Each step runs in a
# private mount namespace whose root is the chroot (pivot_root, as a container's
# is), with /dev (and its submounts: /dev/pts, /dev/shm, /dev/mqueue), /proc and
# /sys mounted, so they are gone when the step ends,
# whichever way it ends. Each step prints how long it took. The chroot gets this
# machine's /etc/resolv.conf and /usr/local/share/ca-certificates before each step.
set -euo pipefail

release=bookworm
root=
mirror=http://deb.debian.org/debian
security=http://deb.debian.org/debian-security
pts=yes
log_dir=
steps=()

usage() {
    sed -n '2,/^set /{/^#/s/^# \{0,1\}//p}' "$0" >&2
    exit 2
}

while (($#)); do
    case "$1" in
        --release) release=${2:?--release needs bookworm or trixie}; shift 2 ;;
        --root) root=${2:?--root needs a directory}; shift 2 ;;
        --mirror) mirror=${2:?--mirror needs a URL}; shift 2 ;;
        --security) security=${2:?--security needs a URL}; shift 2 ;;
        --no-pts) pts=no; shift ;;
        --log) log_dir=${2:?--log needs a directory}; shift 2 ;;
        -h|--help) usage ;;
        chroot|clone|check|test|shell) steps+=("$1"); shift ;;
        *) echo "fresh-debian-check.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
((${#steps[@]})) || steps=(chroot clone check test)
case "$release" in
    bookworm|trixie) ;;
    *) echo "fresh-debian-check.sh: --release must be bookworm or trixie, not '$release'" >&2; usage ;;
esac
[[ -n $root ]] || root=/srv/pygate-$release

repository=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
root=$(realpath -m "$root")
# Not under /root (mode 700): the suite runs pygate as nobody, who must reach the binary.
clone=/srv/pygate

die() { echo "fresh-debian-check.sh: $*" >&2; exit 1; }
[[ $(id -u) -eq 0 ]] || die "run as root: debootstrap, chroot and the mounts need it"
case "$root/" in
    "$repository"/*) die "--root $root is inside the repository; choose a directory outside it" ;;
    /) die "--root / would be this machine itself" ;;
esac

# Runs COMMAND inside the chroot with /dev, /proc and /sys mounted, in a mount
# namespace of its own: the mounts end with it. The chroot is made that
# namespace's root (pivot_root), as a machine's or a container's root is: a
# process that enters another mount namespace (setns, as pygate's warm runs do)
# is put at that namespace's root, which under a plain chroot is this machine's.
in_chroot() {  # COMMAND...
    local dev_mounts="mount --rbind /dev '$root/dev'"
    # Without a devpts under it, /dev/ptmx finds no pseudo-terminal to give (ENODEV). A host
    # may have several devpts stacked on /dev/pts: take each away.
    [[ $pts == yes ]] || dev_mounts+="; while umount --lazy '$root/dev/pts' 2>/dev/null; do :; done"
    unshare --mount --propagation private -- /bin/sh -c "
        set -e
        mount --bind '$root' '$root'
        mount -t proc proc '$root/proc'
        mount --rbind /sys '$root/sys'
        $dev_mounts
        cd '$root'
        pivot_root . .
        umount --lazy .
        cd /
        exec chroot / /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=\"\${TERM:-dumb}\" \
            PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \"\$@\"" sh "$@"
}

# What the chroot takes from this machine's network set-up: its resolver, and the
# certificate authorities it adds to Debian's (a network that inspects TLS, as the
# npm registry is reached through, needs its own; ca-certificates, which
# bootstrap.sh installs, trusts them from /usr/local/share/ca-certificates).
network_setup() {
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
        mkdir -p "$root/usr/local/share/ca-certificates"
        cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
        if [[ -x $root/usr/sbin/update-ca-certificates ]]; then
            in_chroot /usr/sbin/update-ca-certificates >/dev/null
        fi
    fi
}

step_chroot() {
    if [[ -x "$root/usr/bin/apt-get" && -f "$root/etc/debian_version" ]]; then
        local codename
        codename=$(. "$root/etc/os-release" && echo "${VERSION_CODENAME:-}")
        [[ $codename == "$release" ]] || die "$root holds Debian ${codename:-?}, not $release: choose another --root"
        echo "chroot: $root holds Debian $(cat "$root/etc/debian_version") ($codename) already; kept"
        return
    fi
    command -v debootstrap >/dev/null || die "debootstrap is missing: apt-get install debootstrap"
    debootstrap --variant=minbase "$release" "$root" "$mirror"
    # One-line sources in /etc/apt/sources.list, which both releases' apt read.
    rm -f "$root/etc/apt/sources.list.d/debian.sources"
    cat > "$root/etc/apt/sources.list" <<EOF
deb $mirror $release main
deb $mirror $release-updates main
deb $security $release-security main
EOF
    network_setup
    # What the updates and security suites hold newer than the release.
    in_chroot /bin/sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get dist-upgrade -y -qq'
}

step_clone() {
    [[ -x "$root/usr/bin/apt-get" ]] || die "no chroot at $root: run the chroot step first"
    local head
    head=$(git -C "$repository" rev-parse HEAD)
    rm -rf "$root$clone"
    git clone --quiet --no-local --no-hardlinks "$repository" "$root$clone"
    git -C "$root$clone" checkout --quiet --detach "$head"
    echo "clone: $clone at $(git -C "$root$clone" log -1 --format='%h %s')"
    git -C "$repository" diff --quiet HEAD || echo "clone: note: uncommitted changes of $repository are not in the clone"
}

step_check() {
    [[ -d "$root$clone" ]] || die "no clone at $root$clone: run the clone step first"
    network_setup
    in_chroot /bin/bash -c "cd $clone && ./bootstrap.sh check"
}

step_test() {
    [[ -d "$root$clone" ]] || die "no clone at $root$clone: run the clone step first"
    network_setup
    in_chroot /bin/bash -c "cd $clone && ./bootstrap.sh test"
}

step_shell() {
    in_chroot /bin/bash -c "cd $clone 2>/dev/null; exec bash -i"
}

status=0
for step in "${steps[@]}"; do
    echo "== $step (Debian $release, chroot $root, $(date -u '+%Y-%m-%d %H:%M:%S UTC'))"
    start=$(date +%s)
    if [[ -n $log_dir ]]; then
        mkdir -p "$log_dir"
        set +e
        ("step_$step") 2>&1 | tee "$log_dir/$step.log"
        result=${PIPESTATUS[0]}
        set -e
    else
        set +e
        ("step_$step")
        result=$?
        set -e
    fi
    elapsed=$(($(date +%s) - start))
    echo "== $step: exit $result after $((elapsed / 60)) min $((elapsed % 60)) s"
    if ((result != 0)); then
        status=$result
        # check and test are independent of each other; the rest needs what failed.
        [[ $step == check ]] || break
    fi
done
exit "$status"
