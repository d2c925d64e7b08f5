# Shared by www/serve.sh and tests/run_all.sh: installs what the browser
# build and its tests need, each only when missing (so a second run is
# instant). Sources only registries: crates.io, npm, Debian.
# Usage: source www/tools.sh; ensure_web_build; build_site; ensure_browser
# (the end-to-end tests: build_e2e_site instead of build_site)

WWW_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

ensure_wasm_target() {
    if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
        say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi
}

# ensure_cargo_tool BINARY CRATE VERSION [cargo install flags...]
ensure_cargo_tool() {
    local bin=$1 crate=$2 version=$3
    shift 3
    if ! "$bin" --version 2>/dev/null | grep -q "$version"; then
        say "installing $crate $version (once; this takes a few minutes)"
        cargo install "$crate" --version "$version" "$@"
    fi
}

# npm ci again whenever package-lock.json changed since the last install.
ensure_npm_packages() {
    local stamp="$WWW_DIR/node_modules/.installed-lock.json"
    if ! cmp -s "$WWW_DIR/package-lock.json" "$stamp"; then
        say "installing npm packages (binaryen for wasm-opt, playwright-core, express)"
        (cd "$WWW_DIR" && npm ci --no-audit --no-fund)
        cp "$WWW_DIR/package-lock.json" "$stamp"
    fi
    # npm's binaryen first: Debian's wasm-opt breaks the output.
    export PATH="$WWW_DIR/node_modules/.bin:$PATH"
}

ensure_web_build() {
    ensure_wasm_target
    ensure_cargo_tool wasm-bindgen wasm-bindgen-cli 0.2.130
    ensure_cargo_tool trunk trunk 0.21.14 --locked
    ensure_npm_packages
    # Trunk runs offline: fetch the crates first.
    (cd "$WWW_DIR/.." && cargo fetch --target wasm32-unknown-unknown >/dev/null)
}

# trunk_release DIR [trunk flags...]: a release build of the site into DIR
# (relative to the repository). A failed build removes DIR (and Trunk's
# staging folder in it), so that no stale build is served, shipped or tested.
trunk_release() {
    local root dir=$1
    shift
    root="$(cd "$WWW_DIR/.." && pwd)"
    if ! (cd "$root" && trunk build --release --dist "$root/$dir" "$@"); then
        rm -rf "${root:?}/$dir"
        say "the build failed (above): $dir/ is removed, so no old build is served or shipped"
        return 1
    fi
}

# Builds the release site into dist/: what the start command serves and a
# host gets, without the test-only hooks.
build_site() {
    trunk_release dist
}

# The end-to-end tests' site (www/e2e/harness.mjs serves it): the release
# build plus the cargo feature test-hooks (the app's
# window.wasmBindings.debug_crash_ai, the worker's Request::Panic, which the
# tests of the page's recovery from a crashed AI use), in target/e2e-dist/,
# so that dist/ never holds them. Only the page's three crates build again
# for it; the engine's compiled code is shared.
build_e2e_site() {
    trunk_release target/e2e-dist --features test-hooks
}

ensure_browser() {
    if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
        say "installing Debian's chromium and chromium-driver"
        local sudo=""
        [ "$(id -u)" -ne 0 ] && sudo=sudo
        $sudo apt-get update
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
    fi
}
