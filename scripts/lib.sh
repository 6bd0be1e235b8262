# Helpers shared by scripts/setup, scripts/demo, scripts/test and .ci/run (sourced, not run).

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo "$@"
    else
        return 1
    fi
}

APT_UPDATED=0

# apt_install PACKAGE...: install the Debian packages that are missing, if we may.
apt_install() {
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
            || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        log "Missing system packages: ${missing[*]} (no apt-get here: install them yourself)"
        return 1
    fi
    log "Installing system packages: ${missing[*]}"
    if [ "$APT_UPDATED" -eq 0 ]; then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq || {
            log "Need root or passwordless sudo to install: ${missing[*]}"
            return 1
        }
        APT_UPDATED=1
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
}

# need_command COMMAND PACKAGE: make sure COMMAND exists, installing PACKAGE if it does not.
need_command() {
    command -v "$1" >/dev/null 2>&1 || apt_install "$2" || {
        log "The command '$1' is needed (Debian package '$2')."
        exit 1
    }
}

# The newest python3.X (3.11 or later) on PATH.
find_python() {
    local candidate
    for candidate in python3.13 python3.12 python3.11 python3; do
        if command -v "$candidate" >/dev/null 2>&1 \
            && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            command -v "$candidate"
            return 0
        fi
    done
    return 1
}
