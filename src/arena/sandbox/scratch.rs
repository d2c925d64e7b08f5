//! A bot's private temporary folder: the one place its sandbox lets it
//! write. One is made for each bot in each game (a bot restarted within the
//! game gets the same one back), named so that no other bot's can be
//! guessed into, readable only by the user, and removed with everything in
//! it when the game is over, so nothing a bot writes outlives its game.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Folders made by this arena so far, for unique names.
static MADE: AtomicU64 = AtomicU64::new(0);
/// Attempts at a fresh name before giving up (a name is taken only when an
/// earlier arena with the same process id left its folder behind).
const ATTEMPTS: u32 = 16;

/// A temporary folder, removed on drop.
#[derive(Debug)]
pub struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    /// Makes a new folder `warcaby-bot-PID-N-STAMP` in the system's temporary
    /// folder. It must be new: a folder that already exists (planted by
    /// someone else) is never reused.
    pub fn create() -> std::io::Result<Scratch> {
        let base = std::env::temp_dir();
        let mut last = None;
        for _ in 0..ATTEMPTS {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let n = MADE.fetch_add(1, Ordering::Relaxed);
            let dir = base.join(format!("warcaby-bot-{}-{n}-{stamp:x}", std::process::id()));
            match make_private_dir(&dir) {
                Ok(()) => {
                    // The real path: the sandbox's rule and the bot's TMPDIR
                    // then name the same folder however the base is linked.
                    let dir = dir.canonicalize().unwrap_or(dir);
                    return Ok(Scratch { dir });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| std::io::Error::other("no free name")))
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.dir
    }
}

#[cfg(unix)]
fn make_private_dir(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().mode(0o700).create(dir)
}

#[cfg(not(unix))]
fn make_private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir(dir)
}

/// Makes every folder under `dir` writable by its owner again, so that a
/// bot that took the permissions off its own folders cannot keep them.
#[cfg(unix)]
fn unlock(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                unlock(&entry.path());
            }
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if std::fs::remove_dir_all(&self.dir).is_err() {
            #[cfg(unix)]
            unlock(&self.dir);
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_new_private_and_removed_with_their_contents() {
        let a = Scratch::create().unwrap();
        let b = Scratch::create().unwrap();
        assert_ne!(a.path(), b.path());
        let nested = a.path().join("x/y");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::write(nested.join("f"), "data").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(a.path()).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o700);
            // A bot that locks its own folder does not keep it alive.
            let x = a.path().join("x");
            std::fs::set_permissions(&x, std::fs::Permissions::from_mode(0o000)).unwrap();
        }
        let (pa, pb) = (a.path().to_path_buf(), b.path().to_path_buf());
        drop(a);
        drop(b);
        assert!(!pa.exists() && !pb.exists());
    }
}
