//! The arena's reading of bot output: `key=value` fields and the Python
//! adapter's steps never panic, and a step reads back from its text.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warcaby::arena::process::key_values;
use warcaby::checkers::referee::{parse_step, step_text};

fuzz_target!(|line: &str| {
    for (key, value) in key_values(line) {
        assert!(!key.is_empty() || line.contains('='));
        let _ = value;
    }
    if let Some(step) = parse_step(line.trim()) {
        assert_eq!(parse_step(&step_text(step)), Some(step));
    }
});
