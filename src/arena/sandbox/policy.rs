//! What one bot's process may touch, decided before the games from its
//! spec, the other bots and the interpreter.
//!
//! A bot may read (and run):
//! * its own code: its file and a folder of the same name beside it
//!   (`boty/moj_bot.py` and `boty/moj_bot/`), as the contest's 4 MiB rule
//!   counts it; for an `exec:` bot, the files its command line names;
//! * the framework's modules: the `.py` and `.so` files directly in the
//!   folder above the bot's folder (`silnik.py` beside `boty/`), never that
//!   folder's subfolders, so never `boty/` and the other bots in it;
//! * the interpreter: its prefixes and `sys.path` (standard library,
//!   site-packages with numpy and `warcaby`), as [`PythonEnv`] found them;
//! * the system: `/usr`, `/lib*`, `/bin`, `/sbin`, what the loader and
//!   Python read in `/etc`, the CPU list in `/sys`, `/dev/null`,
//!   `/dev/zero` and `/dev/urandom`;
//!
//! and it may write only its private temporary folder (see
//! [`super::scratch`]). A folder is never granted when it holds another
//! bot's code, the arena's output folder or the user's home, whatever put
//! it on the list (a `sys.path` entry like `.` would otherwise open the
//! bots' folder). Paths that do not exist are skipped when the rules are
//! made.

use super::python_env::PythonEnv;
use std::path::{Path, PathBuf};

/// System paths every bot may read and run.
const SYSTEM_READ: &[&str] = &[
    "/usr",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/bin",
    "/sbin",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/ld.so.preload",
    "/etc/localtime",
    "/etc/passwd",
    "/etc/group",
    "/etc/nsswitch.conf",
    "/sys/devices/system/cpu",
    "/proc/cpuinfo",
    "/dev/zero",
    "/dev/urandom",
    "/dev/random",
];
/// System paths every bot may also write.
const SYSTEM_WRITE: &[&str] = &["/dev/null"];
/// Names in `/etc` that start with this are Python's own settings
/// (Debian's `sitecustomize.py` lives in `/etc/python3.X`).
const ETC_PYTHON: &str = "python3";
/// Files in the framework folder that a bot may import.
const MODULE_SUFFIXES: &[&str] = &[".py", ".so"];
/// The variable that names the framework's modules for the adapter, which
/// finds them by name because the sandbox does not let it list their
/// folder (see `python/adapter.py`).
pub const FRAMEWORK_MODULES_VAR: &str = "WARCABY_FRAMEWORK_MODULES";

/// One path a bot may use: read it (files and, for a folder, everything
/// in it) and run it, and with `write`, change it too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The file or folder.
    pub path: PathBuf,
    /// Writing, making and removing files are allowed too.
    pub write: bool,
}

impl Grant {
    fn read(path: impl Into<PathBuf>) -> Grant {
        Grant {
            path: path.into(),
            write: false,
        }
    }
}

/// What one bot's process may touch, and the environment that goes with it.
#[derive(Clone, Debug)]
pub struct Policy {
    /// The paths it may use, besides its temporary folder.
    pub grants: Vec<Grant>,
    /// Variables set for it (the framework's module names, the user site).
    pub env: Vec<(String, String)>,
}

/// A bot's code as the policy sees it: the files that are its own.
#[derive(Clone, Debug)]
pub struct Code {
    /// Its files (a Python bot's `.py`, an executable, the files an
    /// `exec:` command line names).
    pub files: Vec<PathBuf>,
}

impl Code {
    /// The code of an `exec:` command line: every word that names an
    /// existing file (the first looked up on `PATH` too).
    pub fn of_command(command: &str) -> Code {
        let mut files = Vec::new();
        for (i, word) in command.split_whitespace().enumerate() {
            let path = Path::new(word);
            if path.is_file() {
                files.push(absolute(path));
            } else if i == 0 && !word.contains('/') {
                files.extend(on_path(word));
            }
        }
        Code { files }
    }

    /// The code of a Python bot or an executable: its file.
    pub fn of_file(file: &Path) -> Code {
        Code {
            files: vec![absolute(file)],
        }
    }

    /// Its files and, for each, the folder of the same name beside it.
    fn own_paths(&self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for file in &self.files {
            out.push(file.clone());
            if let Some(stem) = file.file_stem() {
                let folder = file.with_file_name(stem);
                if folder != *file {
                    out.push(folder);
                }
            }
        }
        out
    }
}

/// `path` made absolute and, where it exists, real (links resolved).
fn absolute(path: &Path) -> PathBuf {
    path.canonicalize()
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}

/// `name` found in a folder of `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .map(|p| absolute(&p))
}

/// The framework's module files directly in the folder above `file`'s
/// folder (its file names, sorted).
fn framework_modules(file: &Path) -> Vec<PathBuf> {
    let Some(framework) = file.parent().and_then(Path::parent) else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(framework) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            !name.starts_with('.') && MODULE_SUFFIXES.iter().any(|s| name.ends_with(s))
        })
        .map(|e| e.path())
        .collect();
    files.sort();
    files
}

/// The paths a bot with `code` may not be given, nor a folder above them:
/// the other bots' code (unless it is its own too: two bots may run one
/// script), the output folder and the user's home.
fn forbidden(code: &Code, others: &[&Code], out: Option<&Path>) -> Vec<PathBuf> {
    let own = code.own_paths();
    let mut paths: Vec<PathBuf> = others
        .iter()
        .flat_map(|c| c.own_paths())
        .filter(|p| !own.contains(p))
        .collect();
    paths.extend(out.map(absolute));
    paths.extend(std::env::var_os("HOME").map(|h| absolute(Path::new(&h))));
    paths
}

/// False when granting `path` would open one of `forbidden` (it is one of
/// them, or a folder above one).
fn allowed(path: &Path, forbidden: &[PathBuf]) -> bool {
    !forbidden.iter().any(|f| f.starts_with(path))
}

/// The system paths, including `/etc/python3*`.
fn system_grants() -> Vec<Grant> {
    let mut grants: Vec<Grant> = SYSTEM_READ.iter().map(|p| Grant::read(*p)).collect();
    grants.extend(SYSTEM_WRITE.iter().map(|p| Grant {
        path: PathBuf::from(p),
        write: true,
    }));
    if let Ok(entries) = std::fs::read_dir("/etc") {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(ETC_PYTHON) {
                grants.push(Grant::read(entry.path()));
            }
        }
    }
    grants
}

/// The interpreter's paths: its program, prefixes and `sys.path`.
fn python_grants(python: &PythonEnv) -> Vec<PathBuf> {
    let mut paths = vec![python.executable.clone(), absolute(&python.executable)];
    paths.extend(python.prefixes.iter().cloned());
    paths.extend(python.path.iter().cloned());
    paths
}

impl Policy {
    /// The policy of a bot with `code` among `others` (the other bots'
    /// code), with the output folder `out`; `adapter`: the Python adapter's
    /// script, for a Python bot; `python`: the interpreter, if any.
    pub fn new(
        code: &Code,
        others: &[&Code],
        out: Option<&Path>,
        adapter: Option<&Path>,
        python: Option<&PythonEnv>,
    ) -> Policy {
        let forbidden = &forbidden(code, others, out);
        let mut grants = system_grants();
        let mut candidates = code.own_paths();
        let mut modules = Vec::new();
        for file in &code.files {
            modules.extend(framework_modules(file));
        }
        modules.retain(|m| allowed(m, forbidden) && !code.files.contains(m));
        candidates.extend(modules.iter().cloned());
        candidates.extend(adapter.map(Path::to_path_buf));
        candidates.extend(python.map(python_grants).unwrap_or_default());
        for path in candidates {
            let path = absolute(&path);
            if allowed(&path, forbidden) && !grants.iter().any(|g| g.path == path) {
                grants.push(Grant::read(path));
            }
        }
        let mut env = Vec::new();
        let names: Vec<String> = modules
            .iter()
            .filter_map(|m| m.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        if !names.is_empty() {
            env.push((FRAMEWORK_MODULES_VAR.to_string(), names.join(":")));
        }
        if let Some(base) = python.filter(|p| p.uses_user_site()) {
            if let Some(user_base) = &base.user_base {
                env.push((
                    "PYTHONUSERBASE".to_string(),
                    user_base.to_string_lossy().into_owned(),
                ));
            }
        }
        Policy { grants, env }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("warcaby-policy-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("boty/mine")).unwrap();
        for f in [
            "silnik.py",
            "gra.py",
            ".hidden.py",
            "notes.txt",
            "boty/mine.py",
            "boty/other.py",
            "boty/mine/helper.py",
        ] {
            std::fs::write(dir.join(f), "x").unwrap();
        }
        dir.canonicalize().unwrap()
    }

    fn granted(policy: &Policy, path: &Path) -> bool {
        policy.grants.iter().any(|g| g.path == path)
    }

    #[test]
    fn a_bot_gets_its_code_and_the_framework_modules_but_not_the_others() {
        let dir = temp("layout");
        let mine = Code::of_file(&dir.join("boty/mine.py"));
        let other = Code::of_file(&dir.join("boty/other.py"));
        let out = dir.join("arena-out");
        let policy = Policy::new(&mine, &[&other], Some(&out), None, None);
        for yes in ["boty/mine.py", "boty/mine", "silnik.py", "gra.py"] {
            assert!(granted(&policy, &dir.join(yes)), "{yes}: {policy:?}");
        }
        for no in [
            "boty/other.py",
            "boty",
            "",
            ".hidden.py",
            "notes.txt",
            "arena-out",
        ] {
            assert!(!granted(&policy, &dir.join(no)), "{no}: {policy:?}");
        }
        assert!(policy
            .env
            .contains(&(FRAMEWORK_MODULES_VAR.into(), "gra.py:silnik.py".into())));
        assert!(policy
            .grants
            .iter()
            .all(|g| !g.write || g.path == Path::new("/dev/null")));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_folder_above_another_bot_or_the_output_is_never_granted() {
        let dir = temp("broad");
        let mine = Code::of_file(&dir.join("boty/mine.py"));
        let other = Code::of_file(&dir.join("boty/other.py"));
        let python = PythonEnv {
            executable: PathBuf::from("/usr/bin/python3"),
            prefixes: vec![dir.clone()],
            path: vec![dir.join("boty"), dir.join("boty/mine")],
            user_base: None,
            user_site: None,
        };
        let policy = Policy::new(&mine, &[&other], None, None, Some(&python));
        assert!(!granted(&policy, &dir));
        assert!(!granted(&policy, &dir.join("boty")));
        assert!(granted(&policy, &dir.join("boty/mine")));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn two_bots_may_share_a_script() {
        let dir = temp("shared");
        let script = dir.join("boty/mine.py");
        let code = Code::of_command(&format!("sh {} --fast", script.display()));
        let policy = Policy::new(&code, &[&code.clone()], None, None, None);
        assert!(granted(&policy, &script), "{policy:?}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_command_line_names_its_files() {
        let dir = temp("exec");
        let script = dir.join("boty/mine.py");
        let code = Code::of_command(&format!("sh {} --fast", script.display()));
        assert!(code.files.contains(&script), "{code:?}");
        assert!(code
            .files
            .iter()
            .any(|f| f.ends_with("sh") || f.ends_with("dash")));
        let _ = std::fs::remove_dir_all(dir);
    }
}
