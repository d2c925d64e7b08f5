//! Files written whole or not at all: the one way the crate saves anything a
//! later run reads back (books, tables, checkpoints, proofs, game records),
//! so that a run killed midway — or two runs writing the same name — never
//! leaves a half-written file under the real name.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` so that the file is either the old one or the
/// whole new one, even if the process is killed or the machine stops.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("warcaby-fs-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("notes.txt");
/// warcaby::core::fs::write_atomically(&path, b"first").unwrap();
/// warcaby::core::fs::write_atomically(&path, b"second").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"second");
/// // Nothing is left beside it.
/// assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomically_with(path, |out| out.write_all(bytes))
}

/// Like [`write_atomically`], for a writer that streams what it writes (a
/// table too big to hold twice): `write` fills a buffered file beside
/// `path`, which is synced to disk and renamed over `path`, and the folder
/// is synced. On any error the temporary file is removed and `path` is as
/// it was.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<std::fs::File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let temp = temporary_name(path);
    let written = std::fs::File::create(&temp).and_then(|file| {
        let mut out = BufWriter::with_capacity(1 << 20, file);
        write(&mut out)?;
        out.flush()?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&temp, path)) {
        let _ = std::fs::remove_file(&temp);
        return Err(e);
    }
    // The rename is durable once the folder is synced (not possible on
    // every system: a failure here loses nothing written).
    if let Ok(dir) = std::fs::File::open(folder_of(path)) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// True for a temporary file [`write_atomically`] leaves when killed before
/// its rename: a dot name ending `.tmp`. Loaders skip (or remove) them.
pub fn is_temporary(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let name = name.unwrap_or_default();
    name.starts_with('.') && name.ends_with(".tmp")
}

/// `.NAME.PID-N.tmp` beside `path`: each process and each write its own, so
/// two runs saving the same file never write into one temporary.
fn temporary_name(path: &Path) -> PathBuf {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    folder_of(path).join(format!(".{name}.{}-{n}.tmp", std::process::id()))
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("warcaby-fs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_leaves_nothing_beside_it() {
        let dir = scratch("fail");
        let path = dir.join("book.bin");
        write_atomically(&path, b"old").unwrap();
        let err = write_atomically_with(&path, |out| {
            out.write_all(b"half of the new")?;
            Err(std::io::Error::other("killed"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "killed");
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(names.len(), 1, "{names:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporaries_are_dot_names_ending_tmp_and_differ_each_write() {
        let path = Path::new("some/dir/unit-00001.unit");
        let (a, b) = (temporary_name(path), temporary_name(path));
        assert_ne!(a, b);
        assert_eq!(a.parent(), Some(Path::new("some/dir")));
        assert!(is_temporary(&a) && is_temporary(&b), "{a:?}");
        assert!(!is_temporary(path));
        assert_eq!(
            temporary_name(Path::new("x")).parent(),
            Some(Path::new("."))
        );
    }

    #[test]
    fn a_missing_folder_is_a_not_found_error() {
        let err = write_atomically(Path::new("/nonexistent/dir/x.book"), b"x").unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::NotFound);
    }
}
