//! The sounds of moves, made on the spot with the Web Audio API (short
//! tones, no sound files to download). The audio context is made at the
//! first sound, which follows a player's click or key (browsers let a page
//! play sound only after one). Each sound played is named in the board's
//! `data-sound` attribute, for tests and tools.

use super::element;
use crate::state::appearance::Sound;
use std::cell::RefCell;
use web_sys::{AudioContext, AudioContextState, HtmlElement, OscillatorType};

thread_local! {
    static AUDIO: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// A tone: its pitch (Hz), when it starts after the sound's start and how
/// long it rings (s), its wave and its loudness (0-1).
struct Tone(f32, f64, f64, OscillatorType, f32);

/// The tones of a sound: a wooden tock for a move, two for a capture, a
/// rising arpeggio for a crown, a short cadence for the game's end, two
/// short beeps for low time.
fn tones(sound: Sound) -> Vec<Tone> {
    use OscillatorType::{Sine, Square, Triangle};
    match sound {
        Sound::Move => vec![Tone(420.0, 0.0, 0.09, Triangle, 0.5)],
        Sound::Capture => vec![
            Tone(330.0, 0.0, 0.08, Triangle, 0.55),
            Tone(520.0, 0.07, 0.1, Triangle, 0.5),
        ],
        Sound::Crown => vec![
            Tone(660.0, 0.0, 0.12, Sine, 0.3),
            Tone(880.0, 0.09, 0.12, Sine, 0.3),
            Tone(1320.0, 0.18, 0.2, Sine, 0.3),
        ],
        Sound::LowTime => vec![
            Tone(880.0, 0.0, 0.07, Square, 0.18),
            Tone(880.0, 0.15, 0.07, Square, 0.18),
        ],
        Sound::GameEnd => vec![
            Tone(523.25, 0.0, 0.2, Sine, 0.3),
            Tone(659.25, 0.15, 0.2, Sine, 0.3),
            Tone(783.99, 0.3, 0.45, Sine, 0.3),
        ],
    }
}

/// Plays `sound`; says so on the board. Without Web Audio it stays silent.
pub fn play(sound: Sound) {
    if let Ok(board) = element::<HtmlElement>("board") {
        let _ = board.set_attribute("data-sound", sound.name());
    }
    AUDIO.with(|cell| {
        let mut audio = cell.borrow_mut();
        if audio.is_none() {
            *audio = AudioContext::new().ok();
        }
        if let Some(ctx) = audio.as_ref() {
            if ctx.state() == AudioContextState::Suspended {
                let _ = ctx.resume();
            }
            for tone in tones(sound) {
                let _ = ring(ctx, &tone);
            }
        }
    });
}

/// One tone: an oscillator through a gain that rises in 5 ms and fades out.
fn ring(
    ctx: &AudioContext,
    Tone(pitch, after, length, wave, loudness): &Tone,
) -> Result<(), wasm_bindgen::JsValue> {
    let start = ctx.current_time() + after;
    let oscillator = ctx.create_oscillator()?;
    oscillator.set_type(*wave);
    oscillator.frequency().set_value(*pitch);
    let gain = ctx.create_gain()?;
    let volume = gain.gain();
    volume.set_value_at_time(0.0, start)?;
    volume.linear_ramp_to_value_at_time(*loudness, start + 0.005)?;
    volume.exponential_ramp_to_value_at_time(0.001, start + length)?;
    oscillator.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    oscillator.start_with_when(start)?;
    oscillator.stop_with_when(start + length + 0.02)?;
    Ok(())
}
