//! Where a Python interpreter keeps what a bot imports (its standard
//! library, numpy, the `warcaby` package): asked of the interpreter itself,
//! once before the games and outside the sandbox. The question runs no bot
//! code, only `sys` and `site`, so its answer can be trusted to build the
//! bots' sandbox from.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The question: the interpreter's own path, its prefixes, `sys.path` and
/// its user site (which the sandbox keeps, as it points `HOME` elsewhere).
const PROBE: &str = "import json, site, sys\n\
user = site.ENABLE_USER_SITE\n\
print(json.dumps({'executable': sys.executable,\n\
 'prefixes': [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix],\n\
 'path': sys.path,\n\
 'user_base': site.getuserbase() if user else None,\n\
 'user_site': site.getusersitepackages() if user else None}))\n";

/// What the interpreter said about itself.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct PythonEnv {
    /// The interpreter's own path (`sys.executable`): the program the
    /// sandboxed bots are started with, so that no launcher script on
    /// `PATH` (pyenv's shims) needs to be readable.
    pub executable: PathBuf,
    /// `sys.prefix`, `sys.base_prefix` and the exec prefixes.
    pub prefixes: Vec<PathBuf>,
    /// `sys.path` (the empty entry, the working folder, is left out).
    pub path: Vec<PathBuf>,
    /// `site.getuserbase()`, where the user site is enabled.
    pub user_base: Option<PathBuf>,
    /// The user's site-packages, where the user site is enabled.
    pub user_site: Option<PathBuf>,
}

impl PythonEnv {
    /// Asks `python` (a name on `PATH` or a path).
    pub fn discover(python: &str) -> Result<PythonEnv, String> {
        let out = Command::new(python)
            .args(["-c", PROBE])
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("{python} cannot be run: {e}"))?;
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            return Err(format!(
                "{python} could not tell where its libraries are: {}",
                err.lines().last().unwrap_or("no message")
            ));
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let mut env: PythonEnv = serde_json::from_str(text.trim())
            .map_err(|e| format!("{python}'s answer about its libraries is unreadable: {e}"))?;
        env.path.retain(|p| !p.as_os_str().is_empty());
        Ok(env)
    }

    /// True when the user's site-packages is on `sys.path` (it exists and
    /// is enabled), so the bots must find it though `HOME` moves.
    pub fn uses_user_site(&self) -> bool {
        self.user_site
            .as_ref()
            .is_some_and(|site| self.path.contains(site))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_interpreter_is_an_error_in_words() {
        let err = PythonEnv::discover("/no/such/python").unwrap_err();
        assert!(err.contains("/no/such/python cannot be run"), "{err}");
    }

    #[test]
    fn the_answer_is_read() {
        let json = r#"{"executable": "/v/bin/python", "prefixes": ["/v", "/usr"],
            "path": ["/usr/lib/python311.zip", "/h/.local/site"],
            "user_base": "/h/.local", "user_site": "/h/.local/site"}"#;
        let env: PythonEnv = serde_json::from_str(json).unwrap();
        assert_eq!(env.executable, PathBuf::from("/v/bin/python"));
        assert!(env.uses_user_site());
    }
}
