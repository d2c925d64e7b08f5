//! Limits on external bot processes: each runs in its own process group (so
//! the whole group is killed at the end of a game), with an address-space
//! limit (`setrlimit(RLIMIT_AS)`) and, where the kernel allows it, in a new
//! network namespace with no interfaces but a down loopback
//! (`unshare(CLONE_NEWNET)`, or with `CLONE_NEWUSER` for a user without the
//! privilege). A failed `unshare` is ignored; whether it applied is read back
//! from `/proc/<pid>/ns/net` and reported.

use std::process::{Child, Command};

/// Sets up `cmd` so that the child is sandboxed when it starts.
pub(crate) fn confine(cmd: &mut Command, memory_bytes: Option<u64>) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
        #[cfg(target_os = "linux")]
        {
            // SAFETY: the hook runs in the forked child before exec and only
            // makes async-signal-safe system calls.
            unsafe {
                cmd.pre_exec(move || {
                    // Die with the arena rather than linger.
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    if let Some(bytes) = memory_bytes {
                        let limit = libc::rlimit {
                            rlim_cur: bytes as libc::rlim_t,
                            rlim_max: bytes as libc::rlim_t,
                        };
                        libc::setrlimit(libc::RLIMIT_AS, &limit);
                    }
                    if libc::unshare(libc::CLONE_NEWNET) != 0 {
                        libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNET);
                    }
                    Ok(())
                });
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (cmd, memory_bytes);
}

/// True when `child` runs in another network namespace than the arena;
/// None when that cannot be read (not Linux, or the child is gone).
pub fn network_isolated(child: &Child) -> Option<bool> {
    #[cfg(target_os = "linux")]
    {
        let theirs = std::fs::read_link(format!("/proc/{}/ns/net", child.id())).ok()?;
        let ours = std::fs::read_link("/proc/self/ns/net").ok()?;
        Some(theirs != ours)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = child;
        None
    }
}

/// Kills the child's whole process group (the child was started by
/// [`confine`], so the group is its own), then reaps the child.
pub(crate) fn kill(child: &mut Child) {
    #[cfg(unix)]
    {
        if let Ok(pid) = i32::try_from(child.id()) {
            // SAFETY: a plain system call. The group id is our child's pid: it
            // is not handed out again while the child is unreaped or the
            // group has members, and pids are reused only after wrapping.
            #[cfg(target_os = "linux")]
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
            #[cfg(not(target_os = "linux"))]
            let _ = pid;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}
