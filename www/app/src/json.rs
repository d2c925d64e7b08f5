//! JSON text in and out (the saved game, settings, clock and puzzle
//! record, the puzzle sets). In the browser it goes through the browser's
//! own `JSON.parse`/`JSON.stringify` and serde-wasm-bindgen, which the page
//! links anyway for the worker's messages: serde_json's reader and writer
//! cost the first visit about 12 KB compressed (measured), and the budget
//! is full. The native build (the state's unit tests) uses serde_json, so
//! the same values are written and read either way.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// `value` as JSON text.
pub fn to_text<T: Serialize>(value: &T) -> Result<String, String> {
    imp::to_text(value)
}

/// A value read from JSON text; malformed text or a value of another
/// shape is an error that says why.
pub fn from_text<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    imp::from_text(text)
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::*;
    use wasm_bindgen::{JsCast, JsValue};

    /// A thrown JavaScript error's message.
    fn message(error: JsValue) -> String {
        match error.dyn_into::<js_sys::Error>() {
            Ok(error) => String::from(error.message()),
            Err(other) => format!("{other:?}"),
        }
    }

    pub(super) fn to_text<T: Serialize>(value: &T) -> Result<String, String> {
        // Plain objects and numbers (no Map, no BigInt), as JSON has them.
        let serializer = serde_wasm_bindgen::Serializer::json_compatible();
        let value = value.serialize(&serializer).map_err(|e| e.to_string())?;
        js_sys::JSON::stringify(&value)
            .map(String::from)
            .map_err(message)
    }

    pub(super) fn from_text<T: DeserializeOwned>(text: &str) -> Result<T, String> {
        let value = js_sys::JSON::parse(text).map_err(message)?;
        serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::*;

    pub(super) fn to_text<T: Serialize>(value: &T) -> Result<String, String> {
        serde_json::to_string(value).map_err(|e| e.to_string())
    }

    pub(super) fn from_text<T: DeserializeOwned>(text: &str) -> Result<T, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}
