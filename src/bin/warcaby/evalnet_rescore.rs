//! `warcaby evalnet rescore`: new scores for a training-position file, from
//! a search of a fixed node count of each position. Self-play labels each
//! position with the score of the player that reached it, so a set played
//! by cheap players carries cheap scores; rescored, the same diverse
//! positions carry the strongest evaluation's search. The file is scored
//! in chunks of [`RESCORE_CHUNK`] positions, each with a fresh table and
//! written in order: a killed run leaves whole chunks (a torn last one is
//! cut off), and the next run goes on from them with the same result.

use crate::strength::with_net;
use anyhow::{Context, Result};
use clap::Args;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;
use warcaby::checkers::ai::learned::data::{
    parse_samples, rescore, self_play_engine, Sample, SelfPlaySpec, DATA_MAGIC, RESCORE_CHUNK,
    SAMPLE_BYTES,
};
use warcaby::checkers::rules::BoardSize;
use warcaby::Variant;

#[derive(Args)]
pub(crate) struct RescoreArgs {
    /// The 8x8 position file to read (left as it is).
    #[arg(long, value_name = "FILE")]
    data: PathBuf,
    /// The file written: the same positions, results and plies, new
    /// scores. An unfinished one from an earlier run of the same --data
    /// is kept and continued.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Nodes searched per position.
    #[arg(long, default_value_t = 20000)]
    nodes: u64,
    /// The evaluation that scores (`material`, `positional`, `learned`).
    #[arg(long, default_value = "learned")]
    eval: String,
    /// A network file for the learned evaluation instead of the shipped one.
    #[arg(long, value_name = "FILE")]
    net: Option<PathBuf>,
    /// The rules the positions are searched under.
    #[arg(long, default_value = "english", value_parser = Variant::from_any_name)]
    variant: Variant,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

pub(crate) fn run(args: &RescoreArgs) -> Result<()> {
    let name = args.data.display();
    if args.data == args.out {
        anyhow::bail!("--out must differ from --data ({name} is kept as it is)");
    }
    let eval = with_net(args.eval.parse()?, args.net.as_deref())?;
    let bytes = std::fs::read(&args.data).with_context(|| name.to_string())?;
    let samples = parse_samples(&bytes).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    let done = resume_point(args, &samples)?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| args.out.display().to_string())?;
    if done == 0 {
        file.write_all(DATA_MAGIC)?;
    }
    let spec = SelfPlaySpec {
        nodes: args.nodes,
        random_plies: 0,
        eval,
    };
    let chunks: Vec<&[Sample]> = samples[done..].chunks(RESCORE_CHUNK).collect();
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Result<Vec<Sample>, String>)>();
    let worker = |tx: mpsc::Sender<(usize, Result<Vec<Sample>, String>)>| {
        let mut engine = self_play_engine(&spec);
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(chunk) = chunks.get(i) else { return };
            let scored = rescore(chunk, args.variant, args.nodes, &mut engine);
            if tx.send((i, scored)).is_err() {
                return;
            }
        }
    };
    let mut written = done;
    std::thread::scope(|s| -> Result<()> {
        for _ in 0..args.threads.max(1) {
            let tx = tx.clone();
            s.spawn(move || worker(tx));
        }
        drop(tx);
        // Chunks finish out of order; each is written once those before it are.
        let mut waiting = BTreeMap::new();
        let mut next_out = 0;
        for (i, scored) in rx {
            let at = done + i * RESCORE_CHUNK;
            let scored = scored.map_err(|e| anyhow::anyhow!("{name}: position {at} on: {e}"))?;
            waiting.insert(i, scored);
            while let Some(scored) = waiting.remove(&next_out) {
                let mut out = Vec::with_capacity(scored.len() * SAMPLE_BYTES);
                scored
                    .iter()
                    .for_each(|s| s.write(BoardSize::Eight, &mut out));
                file.write_all(&out)
                    .and_then(|()| file.flush())
                    .with_context(|| args.out.display().to_string())?;
                written += scored.len();
                next_out += 1;
                eprintln!(
                    "positions={written} of {} seconds={:.0}",
                    samples.len(),
                    start.elapsed().as_secs_f64()
                );
            }
        }
        Ok(())
    })?;
    println!(
        "evalnet rescore positions={} kept={done} scored={} nodes={} eval={} seconds={:.0} out={}",
        samples.len(),
        written - done,
        args.nodes,
        args.eval,
        start.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}

/// How many positions an earlier run left in `--out`, its torn last chunk
/// cut off: 0 when there is no file. A file that is not a rescoring of
/// these positions (another header, another board at some position, more
/// positions than the input) is refused and left as it is.
fn resume_point(args: &RescoreArgs, samples: &[Sample]) -> Result<usize> {
    let out = args.out.display();
    let bytes = match std::fs::read(&args.out) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e).with_context(|| out.to_string()),
    };
    if bytes.len() < DATA_MAGIC.len() || &bytes[..DATA_MAGIC.len()] != DATA_MAGIC {
        anyhow::bail!(
            "{out}: not an 8x8 training-position file (its first bytes differ); left as it is"
        );
    }
    let stored = (bytes.len() - DATA_MAGIC.len()) / SAMPLE_BYTES;
    let whole = if stored == samples.len() {
        stored
    } else {
        stored / RESCORE_CHUNK * RESCORE_CHUNK
    };
    if stored > samples.len() {
        anyhow::bail!(
            "{out}: {stored} positions, more than the {} of --data; left as it is",
            samples.len()
        );
    }
    let kept = parse_samples(&bytes[..DATA_MAGIC.len() + whole * SAMPLE_BYTES])
        .map_err(|e| anyhow::anyhow!("{out}: {e}"))?;
    if let Some(i) = (0..whole).find(|&i| kept[i].board != samples[i].board) {
        anyhow::bail!(
            "{out}: position {i} is not --data's: the rescoring of another file; left as it is"
        );
    }
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(&args.out)
        .with_context(|| out.to_string())?;
    // Nothing kept: the file starts again (its header is written anew).
    let len = if whole == 0 {
        0
    } else {
        DATA_MAGIC.len() + whole * SAMPLE_BYTES
    };
    file.set_len(len as u64).with_context(|| out.to_string())?;
    if whole > 0 {
        eprintln!("{out}: {whole} positions kept from an earlier run");
    }
    Ok(whole)
}
