//! `warcaby evalnet rescore`: new scores for a training-position file, from
//! a search of a fixed node count of each position. Self-play labels each
//! position with the score of the player that reached it, so a set played
//! by cheap players carries cheap scores; rescored, the same diverse
//! positions carry the strongest evaluation's search. The file is scored
//! in chunks of [`RESCORE_CHUNK`] positions, each with a fresh table and
//! written in order: a killed run leaves whole chunks (a torn last one is
//! cut off), and the next run goes on from them with the same result.

use crate::evalnet::open_output;
use crate::strength::with_net;
use anyhow::{Context, Result};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;
use warcaby::checkers::ai::learned::data::{
    parse_samples, rescore, self_play_engine, Sample, SelfPlaySpec, DATA_MAGIC, RESCORE_CHUNK,
    SAMPLE_BYTES,
};
use warcaby::checkers::rules::BoardSize;
use warcaby::core::jobs::{run_ordered, Flow};
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
    let mut file = open_output(&args.out, DATA_MAGIC)?;
    let spec = SelfPlaySpec {
        nodes: args.nodes,
        random_plies: 0,
        eval,
    };
    let chunks: Vec<&[Sample]> = samples[done..].chunks(RESCORE_CHUNK).collect();
    let start = Instant::now();
    let mut written = done;
    // Chunks are written in order: the same file on any number of threads.
    run_ordered(
        args.threads,
        0,
        || self_play_engine(&spec),
        |engine, i| {
            let chunk = chunks.get(i)?;
            let scored = rescore(chunk, args.variant, args.nodes, engine);
            let at = done + i * RESCORE_CHUNK;
            Some(scored.map_err(|e| anyhow::anyhow!("{name}: position {at} on: {e}")))
        },
        |_, scored| {
            let mut out = Vec::with_capacity(scored.len() * SAMPLE_BYTES);
            scored
                .iter()
                .for_each(|s| s.write(BoardSize::Eight, &mut out));
            file.write_all(&out)
                .and_then(|()| file.flush())
                .with_context(|| args.out.display().to_string())?;
            written += scored.len();
            eprintln!(
                "positions={written} of {} seconds={:.0}",
                samples.len(),
                start.elapsed().as_secs_f64()
            );
            Ok(Flow::Continue)
        },
    )?;
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
    // Nothing kept: the file starts again (`open_output` writes its header).
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
