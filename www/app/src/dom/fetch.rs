//! Files of the site the page fetches when first needed (the networks,
//! the puzzle sets): where the build put them, and their bodies.

use super::{document, window};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Where a lazily fetched file is: named by `<meta name="NAME">` in a
/// release build (www/postbuild.mjs gives each such file a content hash),
/// else `fallback` (a build without the hook).
pub fn site_file(name: &str, fallback: &str) -> String {
    document()
        .query_selector(&format!("meta[name=\"{name}\"]"))
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| format!("./{fallback}"))
}

/// A JavaScript error's message.
fn js_error(error: JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_string())
}

/// The server's good answer for `url`; an error says why there is none.
async fn answer(url: &str) -> Result<web_sys::Response, String> {
    let answer = JsFuture::from(window().fetch_with_str(url))
        .await
        .map_err(js_error)?;
    let response: web_sys::Response = answer.dyn_into().map_err(js_error)?;
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()));
    }
    Ok(response)
}

/// A file's bytes.
pub async fn bytes(url: &str) -> Result<Vec<u8>, String> {
    let body = answer(url).await?.array_buffer().map_err(js_error)?;
    let buffer = JsFuture::from(body).await.map_err(js_error)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// A file's text.
pub async fn text(url: &str) -> Result<String, String> {
    let body = answer(url).await?.text().map_err(js_error)?;
    let text = JsFuture::from(body).await.map_err(js_error)?;
    text.as_string().ok_or_else(|| "not text".to_string())
}
