//! How the arena isolates each external and Python bot's process.
//!
//! Every bot process runs in its own process group (so the whole group is
//! killed at the end of a game), dies with the arena (`PR_SET_PDEATHSIG`)
//! and has an address-space limit (`setrlimit(RLIMIT_AS)`, `--memory-mb`).
//! With the sandbox on (`--sandbox on`, the default) it also runs
//!
//! * under Landlock (where the kernel has it): it may read only its own
//!   code, the framework's modules, the interpreter and the system's
//!   libraries, and write only a private temporary folder that is removed
//!   after the game ([`policy`], [`rules`], [`scratch`]); `TMPDIR`, `TEMP`,
//!   `TMP` and `HOME` point there. TCP is closed, and abstract UNIX sockets
//!   and signals reach only its own processes. A forbidden access fails in
//!   the bot's own process (`PermissionError` in Python);
//! * with UNIX sockets closed by a seccomp filter on x86_64 and aarch64
//!   (Landlock before ABI 9 does not close sockets reached by their path,
//!   such as an ssh agent's or the display server's);
//! * in a new network namespace with no interfaces but a down loopback
//!   (`unshare(CLONE_NEWNET)`, or with `CLONE_NEWUSER` for a user without
//!   the privilege). A failed `unshare` is ignored; whether it applied is
//!   read back from `/proc/<pid>/ns/net` and reported.
//!
//! A kernel without Landlock still runs the arena, with a warning and the
//! fact recorded ([`Sandbox::warning`]); a ruleset that was made but cannot
//! be applied stops the bot's process from starting, never runs it open.

pub mod policy;
pub mod python_env;
#[cfg(target_os = "linux")]
pub mod rules;
pub mod scratch;
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod seccomp;

/// True where the seccomp filter that closes UNIX sockets is built (Linux
/// on x86_64 and aarch64).
pub const UNIX_SOCKETS_CLOSED: bool = cfg!(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
));

pub use policy::{Code, Policy};
pub use python_env::PythonEnv;
pub use scratch::Scratch;

use std::process::{Child, Command};

/// The isolation of one tournament's bot processes, decided before the
/// games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sandbox {
    /// `--sandbox on` (true, the default): Landlock and a network
    /// namespace; off: neither (process group, death with the arena and the
    /// memory limit apply either way).
    pub on: bool,
    /// The kernel's Landlock ABI version; None where it has no Landlock.
    pub landlock_abi: Option<u32>,
}

impl Sandbox {
    /// The sandbox `on` or off, with this kernel's Landlock.
    pub fn detect(on: bool) -> Sandbox {
        #[cfg(target_os = "linux")]
        let landlock_abi = rules::kernel_abi();
        #[cfg(not(target_os = "linux"))]
        let landlock_abi = None;
        Sandbox { on, landlock_abi }
    }

    /// True when bot processes run under Landlock.
    pub fn landlock(&self) -> bool {
        self.on && self.landlock_abi.is_some()
    }

    /// What Landlock does on this kernel, in words: `Landlock ABI 7 (files,
    /// TCP, signals and abstract sockets)`, `Landlock unavailable on this
    /// kernel (files not isolated)` or `off`.
    pub fn landlock_words(&self) -> String {
        match (self.on, self.landlock_abi) {
            (false, _) => "off".to_string(),
            (true, None) => "Landlock unavailable on this kernel (files not isolated)".to_string(),
            (true, Some(abi)) => {
                let mut what = vec!["files"];
                if abi >= 4 {
                    what.push("TCP");
                }
                if abi >= 6 {
                    what.push("signals and abstract sockets");
                }
                format!("Landlock ABI {abi} ({})", what.join(", "))
            }
        }
    }

    /// True when bot processes get the seccomp filter on UNIX sockets.
    pub fn unix_sockets_closed(&self) -> bool {
        self.on && UNIX_SOCKETS_CLOSED
    }

    /// The line that says what isolates the bots (`network`: whether their
    /// processes ran in network namespaces of their own, None before any
    /// ran), e.g. `sandbox on: Landlock ABI 7 (files, TCP, signals and
    /// abstract sockets), network namespace, 1024 MiB address space`.
    pub fn summary(&self, network: Option<bool>, memory_mib: u64) -> String {
        let memory = match memory_mib {
            0 => "no memory limit".to_string(),
            m => format!("{m} MiB address space"),
        };
        if !self.on {
            return format!(
                "sandbox off: bots may read and write what you can and use the network; {memory}"
            );
        }
        let network = match network {
            Some(true) | None => "network namespace",
            Some(false) => "NO network namespace (the kernel refused it)",
        };
        let unix = match self.unix_sockets_closed() {
            true => "UNIX sockets closed (seccomp)",
            false => "UNIX sockets open",
        };
        format!(
            "sandbox on: {}, {unix}, {network}, {memory}",
            self.landlock_words()
        )
    }

    /// The warning to print when the sandbox is on but cannot keep bots
    /// from the user's files.
    pub fn warning(&self) -> Option<String> {
        (self.on && self.landlock_abi.is_none()).then(|| {
            "warning: Landlock is unavailable on this kernel: bots can read and write \
             every file you can (the network namespace and the memory limit still apply)"
                .to_string()
        })
    }
}

/// One bot's sandbox: its policy, applied with Landlock where the kernel
/// has it, and its own network namespace.
#[derive(Clone, Debug)]
pub struct BotSandbox {
    /// What it may touch.
    pub policy: Policy,
    /// The policy is enforced with Landlock (else only the temporary
    /// folder and the network namespace apply).
    pub landlock: bool,
}

/// A process about to start in its sandbox: what [`confine`] applies, and
/// the ruleset's descriptor, which must stay open until it has started.
pub(crate) struct Prepared {
    pub(crate) isolation: Isolation,
    #[cfg(target_os = "linux")]
    _ruleset: Option<std::os::fd::OwnedFd>,
}

/// Prepares `cmd` to run in `sandbox` with `scratch` as its temporary
/// folder (and home): the environment, and the Landlock ruleset, built
/// here in the arena, before the fork.
pub(crate) fn prepare(
    cmd: &mut Command,
    sandbox: &BotSandbox,
    scratch: &std::path::Path,
) -> Result<Prepared, String> {
    for var in ["TMPDIR", "TEMP", "TMP", "HOME"] {
        cmd.env(var, scratch);
    }
    cmd.envs(sandbox.policy.env.iter().map(|(k, v)| (k, v)));
    let mut isolation = Isolation {
        ruleset: None,
        new_network: true,
        seccomp: UNIX_SOCKETS_CLOSED,
    };
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let ruleset = match sandbox.landlock {
            true => Some(rules::ruleset(&sandbox.policy, scratch)?),
            false => None,
        };
        isolation.ruleset = ruleset.as_ref().map(|fd| fd.as_raw_fd());
        Ok(Prepared {
            isolation,
            _ruleset: ruleset,
        })
    }
    #[cfg(not(target_os = "linux"))]
    {
        isolation.ruleset = None;
        Ok(Prepared { isolation })
    }
}

/// What [`confine`] applies beyond the process group, the death signal and
/// the memory limit.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Isolation {
    /// A Landlock ruleset's descriptor (see [`rules::ruleset`]), kept open
    /// by the caller until the process has started.
    pub(crate) ruleset: Option<i32>,
    /// A new network namespace.
    pub(crate) new_network: bool,
    /// The seccomp filter on UNIX sockets.
    pub(crate) seccomp: bool,
}

/// Sets up `cmd` so that the child is confined when it starts.
pub(crate) fn confine(cmd: &mut Command, memory_bytes: Option<u64>, isolation: Isolation) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
        #[cfg(target_os = "linux")]
        {
            // SAFETY: the hook runs in the forked child before exec and only
            // makes async-signal-safe system calls; it allocates nothing
            // (an io::Error from an errno is a plain value).
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
                    if isolation.new_network && libc::unshare(libc::CLONE_NEWNET) != 0 {
                        libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNET);
                    }
                    restrict(isolation)
                });
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (cmd, memory_bytes, isolation);
}

/// In the child before exec: `no_new_privs` (which Landlock and seccomp
/// need from an unprivileged process), the seccomp filter, then the
/// Landlock ruleset. Any failure stops the start: the bot never runs with
/// less than it was promised. Async-signal-safe: system calls only.
#[cfg(target_os = "linux")]
fn restrict(isolation: Isolation) -> std::io::Result<()> {
    let failed = || Err(std::io::Error::last_os_error());
    if isolation.ruleset.is_none() && !isolation.seccomp {
        return Ok(());
    }
    // SAFETY: plain system calls on integers and, for seccomp, a static
    // filter; nothing is allocated or locked.
    unsafe {
        if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
            return failed();
        }
        #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
        if isolation.seccomp && seccomp::install() != 0 {
            return failed();
        }
        if let Some(fd) = isolation.ruleset {
            if libc::syscall(libc::SYS_landlock_restrict_self, fd, 0) != 0 {
                return failed();
            }
        }
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kernel_and_mode_is_said_in_words() {
        let full = Sandbox {
            on: true,
            landlock_abi: Some(7),
        };
        assert_eq!(
            full.summary(Some(true), 1024),
            "sandbox on: Landlock ABI 7 (files, TCP, signals and abstract sockets), \
             UNIX sockets closed (seccomp), network namespace, 1024 MiB address space"
        );
        assert!(full.warning().is_none());
        let old = Sandbox {
            on: true,
            landlock_abi: Some(3),
        };
        assert_eq!(old.landlock_words(), "Landlock ABI 3 (files)");
        let none = Sandbox {
            on: true,
            landlock_abi: None,
        };
        assert!(none.summary(Some(false), 0).contains(
            "Landlock unavailable on this kernel (files not isolated), UNIX sockets closed \
             (seccomp), NO network namespace"
        ));
        assert!(none.warning().unwrap().contains("Landlock is unavailable"));
        let off = Sandbox {
            on: false,
            landlock_abi: Some(7),
        };
        assert!(!off.landlock() && off.warning().is_none());
        assert!(off.summary(Some(false), 200).starts_with("sandbox off"));
    }
}
