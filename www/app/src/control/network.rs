//! The AlphaZero network for the worker. The file is not part of the page:
//! it is fetched once, when an AI side first plays with AlphaZero, kept
//! here, and sent to each worker before its first AlphaZero request (a
//! restarted worker gets it again). A file that cannot be fetched, or that
//! the worker finds unusable, turns the AlphaZero choices back into the
//! other AIs, with a notice: the game goes on.

use super::App;
use crate::dom;
use crate::i18n::notices;
use std::rc::Rc;
use warcaby_protocol::{NetBytes, Request};
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

/// Where the network file is: named by `<meta name="warcaby-az-net">` in a
/// release build (www/postbuild.mjs gives the file a content hash).
fn net_url() -> String {
    dom::document()
        .query_selector("meta[name=warcaby-az-net]")
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| "./az-english.wazn".to_string())
}

/// The network file, as far as the page has it.
pub(crate) enum NetFile {
    /// Not asked for yet (or its last fetch failed).
    Absent,
    /// On its way.
    Fetching,
    /// Here: its bytes.
    Fetched(Rc<Vec<u8>>),
}

/// A JavaScript error's message.
fn describe(error: JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_string())
}

async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    let answer = JsFuture::from(dom::window().fetch_with_str(url))
        .await
        .map_err(describe)?;
    let response: web_sys::Response = answer.dyn_into().map_err(describe)?;
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(describe)?)
        .await
        .map_err(describe)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

impl App {
    /// Makes sure the worker has the network before a request that needs
    /// it: fetches the file the first time (false: the AI is asked again
    /// once it has come), sends it to a worker that lacks it.
    pub(super) fn provide_net(&mut self) -> bool {
        let bytes = match &self.ai.net {
            NetFile::Fetched(bytes) => Rc::clone(bytes),
            NetFile::Fetching => return false,
            NetFile::Absent => {
                self.ai.net = NetFile::Fetching;
                let url = net_url();
                wasm_bindgen_futures::spawn_local(async move {
                    let result = fetch_bytes(&url).await;
                    crate::with_app(|app| app.net_fetched(result));
                });
                return false;
            }
        };
        if self.ai.client.is_none() {
            self.start_ai();
        }
        let id = self.ai.next_id();
        if let Some(client) = self.ai.client.as_mut().filter(|c| !c.has_net()) {
            client.send(Request::LoadNet {
                id,
                bytes: NetBytes(bytes.to_vec()),
            });
            client.mark_net_sent();
            self.ai.net_request = Some(id);
        }
        true
    }

    /// The file came (or did not): ask the AI again, or give AlphaZero up.
    fn net_fetched(&mut self, result: Result<Vec<u8>, String>) {
        match result {
            Ok(bytes) => {
                self.ai.net = NetFile::Fetched(Rc::new(bytes));
                self.after_change();
            }
            Err(why) => {
                self.ai.net = NetFile::Absent;
                self.net_failed(&format!("it could not be downloaded: {why}"));
            }
        }
    }

    /// The worker could not read the file.
    pub(super) fn net_unusable(&mut self, message: &str) {
        self.ai.net = NetFile::Absent;
        self.net_failed(message);
    }

    /// AlphaZero cannot play: its choices become the other AIs, the game
    /// goes on, and the notice says so.
    fn net_failed(&mut self, why: &str) {
        self.cancel_thinking();
        self.state.settings.drop_alphazero();
        self.ui.show_settings(&self.state.settings);
        self.ui
            .notice(&notices::net_failed(self.state.settings.lang, why));
        self.after_change();
    }
}
