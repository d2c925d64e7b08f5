//! `report.html`: a tournament writes it into its output folder, with every
//! bot, the crosstable's cells, each bot's faults with their reasons and
//! every game's PDN, and nothing fetched from elsewhere (it opens offline);
//! with `--site` each game links the board page with its PDN in the
//! fragment (`#pdn=`), which decodes back to the game's PDN file.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

#[allow(dead_code)]
mod arena_common;

use arena_common::{arena, games, out_dir};
use serde_json::Value;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn sh_bot(mode: &str) -> String {
    format!("exec:sh {ROOT}/tests/bots/bot.sh {mode}")
}

fn report(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("report.html")).expect("report.html")
}

/// Points as the report's titles write them.
fn points(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// What HTML escapes in the report's texts.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// No resource from elsewhere: no external script, style sheet, image,
/// frame or font, and (without a site) no http(s) address at all.
fn self_contained(html: &str, site: Option<&str>) {
    for tag in [
        "<link", "<img", "<iframe", "<object", "<embed", "@import", "src=",
    ] {
        assert!(!html.contains(tag), "report.html has {tag}");
    }
    let mut rest = html.to_string();
    if let Some(site) = site {
        rest = rest.replace(&format!("<a href=\"{site}#pdn="), "");
    }
    assert!(
        !rest.contains("http://") && !rest.contains("https://"),
        "an outside address in report.html"
    );
    assert!(html.contains("<style>") && html.contains("<script>"));
}

/// Every pair's crosstable cells, both ways, as their titles say.
fn crosstable_cells(html: &str, results: &Value) {
    for p in results["pairs"].as_array().unwrap() {
        let bots = [
            p["bots"][0].as_str().unwrap(),
            p["bots"][1].as_str().unwrap(),
        ];
        let score = [
            p["regular"][0].as_f64().unwrap(),
            p["regular"][1].as_f64().unwrap(),
        ];
        let link = format!("<a href=\"#pair-{}\">", p["pair"]);
        assert_eq!(html.matches(&link).count(), 2, "{link}");
        for (a, b) in [(0, 1), (1, 0)] {
            let title = format!(
                "title=\"{} - {}: {}-{} ({})\"",
                escape(bots[a]),
                escape(bots[b]),
                points(score[a]),
                points(score[b]),
                p["decided_by"].as_str().unwrap()
            );
            assert!(html.contains(&title), "{title}");
        }
    }
}

#[test]
fn a_tournament_writes_a_self_contained_report() {
    let dir = out_dir("report");
    let crash = sh_bot("crash");
    let bots = ["random", "alphabeta:depth=2", crash.as_str()];
    let mut args = vec!["--quiet", "--seed", "3", "--bots"];
    args.extend(bots);
    let (stdout, results) = arena(&dir, &args);
    assert!(stdout.contains("report.html"), "{stdout}");
    let html = report(&dir);
    self_contained(&html, None);
    let labels: Vec<&str> = results["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["label"].as_str().unwrap())
        .collect();
    for label in &labels {
        // In the standings, the crosstable and the faults.
        assert!(html.matches(&escape(label)).count() >= 3, "{label}");
    }
    crosstable_cells(&html, &results);
    // The crashing bot's fault with its reason and last words.
    assert!(html.contains("<b>lost by crash</b>"), "a fault kind");
    assert!(html.contains("segfault imminent"), "its last words");
    assert!(html.contains("random: no faults"));
    // Every game, with its PDN file linked and its text to copy.
    for g in games(&results) {
        let id = g["id"].as_str().unwrap();
        assert!(html.contains(&format!("<span id=\"{id}\">")), "{id}");
        let pdn = std::fs::read_to_string(dir.join(g["pdn"].as_str().unwrap())).unwrap();
        assert!(
            html.contains(&format!("<pre>{}</pre>", escape(&pdn))),
            "{id}'s PDN"
        );
    }
    assert_eq!(
        html.matches("<button class=\"copy\"").count(),
        games(&results).len()
    );
    // Elo bars with their margins, one per bot.
    assert_eq!(html.matches("<svg ").count(), labels.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `%XX` escapes back to bytes.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn a_contest_report_names_random_replacements_and_links_the_board() {
    let dir = out_dir("report-site");
    let site = "https://example.org/warcaby/";
    let illegal = sh_bot("illegal");
    let args = [
        "--quiet",
        "--seed",
        "5",
        "--contest",
        "--move-time",
        "100",
        "--site",
        site,
        "--bots",
        "random",
        &illegal,
    ];
    let (_, results) = arena(&dir, &args);
    let html = report(&dir);
    self_contained(&html, Some(site));
    crosstable_cells(&html, &results);
    assert!(
        html.contains("<b>random step for not_legal</b>"),
        "the reason's kind"
    );
    assert!(html.contains("Tie-break wins"));
    let prefix = format!("<a href=\"{site}#pdn=");
    assert_eq!(html.matches(&prefix).count(), games(&results).len());
    for g in games(&results) {
        let pdn = std::fs::read_to_string(dir.join(g["pdn"].as_str().unwrap())).unwrap();
        let at = html.find(&format!("<span id=\"{}\">", g["id"].as_str().unwrap()));
        let row = &html[at.unwrap()..];
        let link = &row[row.find(&prefix).unwrap() + prefix.len()..];
        let link = &link[..link.find('"').unwrap()];
        assert_eq!(percent_decode(link), pdn, "the link holds the game's PDN");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
