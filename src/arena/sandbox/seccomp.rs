//! A seccomp filter that closes UNIX sockets to a bot: `socket(AF_UNIX,
//! ...)` and `io_uring_setup` fail with `EACCES`. Landlock before ABI 9
//! does not check connecting to a socket by its path, and the network
//! namespace does not separate path sockets, so without this a bot could
//! talk to the user's daemons (an ssh agent, the display server, a
//! container daemon). `socketpair` stays: it reaches no one else, and
//! Python's `multiprocessing` uses it. io_uring could make and connect a
//! socket without the `socket` call, so it is closed too.
//!
//! The filter is a static array, installed in the child before exec with
//! one `prctl` (async-signal-safe, nothing allocated). A system call of
//! another architecture than the arena's (32-bit calls through `int 0x80`,
//! x32 numbers) would slip past the checks, so it kills the process.

use libc::{sock_filter, sock_fprog};

#[cfg(target_arch = "x86_64")]
const ARCH: u32 = 0xC000_003E; // AUDIT_ARCH_X86_64
#[cfg(target_arch = "aarch64")]
const ARCH: u32 = 0xC000_00B7; // AUDIT_ARCH_AARCH64

/// x86_64's x32 system calls have this bit in their number.
const X32_BIT: u32 = 0x4000_0000;
/// Offsets in `struct seccomp_data`: the call's number, its architecture,
/// the low half of its first argument (little-endian).
const NR: u32 = 0;
const ARCH_OFFSET: u32 = 4;
const ARG0: u32 = 16;

const LOAD: u16 = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
const JEQ: u16 = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
const JGE: u16 = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
const RET: u16 = (libc::BPF_RET | libc::BPF_K) as u16;

const fn op(code: u16, jt: u8, jf: u8, k: u32) -> sock_filter {
    sock_filter { code, jt, jf, k }
}

/// The filter; a jump skips that many instructions. 8: allow, 9: deny,
/// 10: kill.
static FILTER: [sock_filter; 11] = [
    op(LOAD, 0, 0, ARCH_OFFSET),
    op(JEQ, 0, 8, ARCH),
    op(LOAD, 0, 0, NR),
    op(JGE, 5, 0, X32_BIT),
    op(JEQ, 4, 0, libc::SYS_io_uring_setup as u32),
    op(JEQ, 0, 2, libc::SYS_socket as u32),
    op(LOAD, 0, 0, ARG0),
    op(JEQ, 1, 0, libc::AF_UNIX as u32),
    op(RET, 0, 0, libc::SECCOMP_RET_ALLOW),
    op(RET, 0, 0, libc::SECCOMP_RET_ERRNO | libc::EACCES as u32),
    op(RET, 0, 0, libc::SECCOMP_RET_KILL_PROCESS),
];

/// Installs the filter on the calling process (which must already have
/// `no_new_privs`); the `prctl` status. Called in the child before exec.
///
/// # Safety
/// Async-signal-safe: one system call on static data.
pub(super) unsafe fn install() -> libc::c_int {
    let prog = sock_fprog {
        len: FILTER.len() as u16,
        filter: FILTER.as_ptr().cast_mut(),
    };
    libc::prctl(
        libc::PR_SET_SECCOMP,
        libc::SECCOMP_MODE_FILTER,
        &prog as *const sock_fprog,
    )
}
