//! A bot's [`Policy`] as a Landlock ruleset (Linux 5.13 and later), built
//! in the arena before the bot's process is started: the child, forked from
//! a process with many threads, may only make async-signal-safe calls, so
//! all it does with the ruleset is hand its descriptor to
//! `landlock_restrict_self` (see the parent module's `confine`).
//!
//! The ruleset handles every file access of ABI 7 (reading, writing,
//! making, removing, linking across folders, truncating, device ioctls),
//! TCP binding and connecting (ABI 4, with no port allowed), and scopes
//! abstract UNIX sockets and signals to the bot's own processes (ABI 6). On
//! an older kernel the `landlock` crate drops, best effort, what the kernel
//! does not know; [`kernel_abi`] says what that leaves.

use super::policy::Policy;
use landlock::{
    Access, AccessFs, AccessNet, PathBeneath, PathFd, Ruleset, RulesetAttr, RulesetCreatedAttr,
    Scope, ABI,
};
use std::os::fd::OwnedFd;
use std::path::Path;

/// The Landlock ABI whose rights the rulesets ask for (tested on a kernel
/// with it; the crate never asks for rights of later ABIs by itself).
const ABI_USED: ABI = ABI::V7;
/// `landlock_create_ruleset`'s flag that asks for the ABI version.
const CREATE_RULESET_VERSION: libc::c_uint = 1;

/// The kernel's Landlock ABI version; None where Landlock is not built in
/// or not enabled.
pub fn kernel_abi() -> Option<u32> {
    // SAFETY: the version query passes no attribute pointer (null with size
    // 0, as the kernel documents) and only returns a number.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            CREATE_RULESET_VERSION,
        )
    };
    u32::try_from(v).ok().filter(|&v| v >= 1)
}

/// The ruleset of `policy`, with `scratch` writable: its descriptor, to be
/// given to `landlock_restrict_self` in the child.
pub fn ruleset(policy: &Policy, scratch: &Path) -> Result<OwnedFd, String> {
    let fail = |e: landlock::RulesetError| format!("Landlock ruleset: {e}");
    let mut ruleset = Ruleset::default()
        .handle_access(AccessFs::from_all(ABI_USED))
        .and_then(|r| r.handle_access(AccessNet::from_all(ABI_USED)))
        .and_then(|r| r.scope(Scope::from_all(ABI_USED)))
        .and_then(|r| r.create())
        .map_err(fail)?;
    let scratch = [(scratch, true)];
    let grants = policy.grants.iter().map(|g| (g.path.as_path(), g.write));
    for (path, write) in grants.chain(scratch) {
        // Paths that do not exist on this machine are skipped.
        let Ok(fd) = PathFd::new(path) else {
            continue;
        };
        let folder = std::fs::metadata(path).is_ok_and(|m| m.is_dir());
        let mut access = match write {
            true => AccessFs::from_all(ABI_USED),
            false => AccessFs::from_read(ABI_USED),
        };
        if !folder {
            access &= AccessFs::from_file(ABI_USED);
        }
        ruleset = ruleset
            .add_rule(PathBeneath::new(fd, access))
            .map_err(fail)?;
    }
    Option::<OwnedFd>::from(ruleset)
        .ok_or_else(|| "Landlock is not available on this kernel".to_string())
}
