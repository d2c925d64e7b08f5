//! The Python adapter: lets a bot written for the tournament framework's
//! interface (`class bot` with `move(self, plansza, ruchy)`) play in the
//! arena unchanged. The adapter (`python/adapter.py`, standard library only)
//! is built into the binary and written to a temporary directory when the
//! first Python bot starts; each game runs `python3 adapter.py <bot file>`,
//! which speaks the arena's line protocol and asks the bot step by step.
//! See `bot-protocol.md` for the board and move mapping.

use std::path::{Path, PathBuf};

/// The adapter script.
pub const ADAPTER: &str = include_str!("python/adapter.py");
/// The example bot that plays random legal steps.
pub const RANDOM_BOT: &str = include_str!("python/random_bot.py");
/// The example bot that prefers captures, avoids hanging pieces and advances safely.
pub const SENSIBLE_BOT: &str = include_str!("python/sensible_bot.py");
/// The interpreter the adapter runs under.
pub const PYTHON: &str = "python3";

/// The adapter written to a temporary directory, removed again on drop.
#[derive(Debug)]
pub struct Adapter {
    dir: PathBuf,
    script: PathBuf,
}

impl Adapter {
    /// Writes the adapter to a new temporary directory.
    pub fn install() -> std::io::Result<Adapter> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("warcaby-arena-{}-{stamp:x}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let script = dir.join("adapter.py");
        std::fs::write(&script, ADAPTER)?;
        Ok(Adapter { dir, script })
    }

    /// The script's path.
    pub fn script(&self) -> &Path {
        &self.script
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
