//! The page's side of the AI worker: start it, send requests once it is
//! ready, pass answers on, and replace it when it fails or must stop.

use warcaby::games::GameRules;
use warcaby_protocol::{Network, Request, Response};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
#[cfg(feature = "test-hooks")]
use web_sys::ErrorEventInit;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

/// What a failure without a message means: the browser fires a plain
/// `Event` (no `ErrorEvent`) when the worker's script cannot be loaded.
const NOT_LOADED: &str = "its files could not be loaded";

/// Which build of the AI worker a game needs: the 8x8 one, which every
/// visit loads, or the 10x10 one (the same worker with the engine's
/// international draughts), fetched only when a 10x10 game first needs the
/// AI, so that the first visit carries one move generator and search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkerBuild {
    /// Checkers on 8x8 and Clobber.
    Standard,
    /// International draughts.
    Board10,
}

impl WorkerBuild {
    /// The build that plays a game by `rules`.
    pub fn for_rules(rules: GameRules) -> WorkerBuild {
        if rules.is_10x10() {
            WorkerBuild::Board10
        } else {
            WorkerBuild::Standard
        }
    }

    /// The build's file name, before the release build's content hash.
    fn name(self) -> &'static str {
        match self {
            WorkerBuild::Standard => "warcaby-worker",
            WorkerBuild::Board10 => "warcaby-worker10",
        }
    }

    /// The worker script Trunk emits next to the page (a relative URL, so
    /// the site works under any sub-path). The release build gives it a
    /// content hash and names it in `<meta name="warcaby-worker">` or
    /// `"warcaby-worker10"` (www/postbuild.mjs).
    fn url(self) -> String {
        let name = self.name();
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| {
                d.query_selector(&format!("meta[name={name}]"))
                    .ok()
                    .flatten()
            })
            .and_then(|meta| meta.get_attribute("content"))
            .unwrap_or_else(|| format!("./{name}_loader.js"))
    }
}

/// What the worker said, or that it failed.
pub enum Event {
    /// A decoded answer.
    Answer(Response),
    /// The worker crashed or could not be loaded.
    Failed(String),
}

/// A running worker with its handlers.
pub struct AiClient {
    worker: Worker,
    build: WorkerBuild,
    ready: bool,
    queued: Vec<Request>,
    /// The networks sent to this worker.
    nets_sent: Vec<Network>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl AiClient {
    /// Starts a worker of `build`; every event goes to `deliver`.
    pub fn start(build: WorkerBuild, deliver: fn(Event)) -> Result<AiClient, String> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(&build.url(), &options)
            .map_err(|e| format!("cannot start the AI worker: {e:?}"))?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            match warcaby_protocol::from_js::<Response>(event.data()) {
                Ok(response) => deliver(Event::Answer(response)),
                Err(e) => deliver(Event::Failed(format!("unreadable answer from the AI: {e}"))),
            }
        });
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            event.prevent_default();
            let message = event
                .dyn_ref::<ErrorEvent>()
                .map(ErrorEvent::message)
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| NOT_LOADED.to_string());
            deliver(Event::Failed(message));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(AiClient {
            worker,
            build,
            ready: false,
            queued: Vec::new(),
            nets_sent: Vec::new(),
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Which build this worker is.
    pub fn build(&self) -> WorkerBuild {
        self.build
    }

    /// True once the worker has loaded (said Ready).
    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// The worker said Ready: send what waited, in order.
    pub fn mark_ready(&mut self) {
        self.ready = true;
        for request in std::mem::take(&mut self.queued) {
            self.post(&request);
        }
    }

    /// Sends a request now, or as soon as the worker is ready (a search
    /// asked for then replaces one that waited; networks stay first).
    pub fn send(&mut self, request: Request) {
        if self.ready {
            self.post(&request);
        } else {
            self.queued
                .retain(|waiting| matches!(waiting, Request::LoadNet { .. }));
            self.queued.push(request);
        }
    }

    /// True once `network` was sent to this worker.
    pub fn has_net(&self, network: Network) -> bool {
        self.nets_sent.contains(&network)
    }

    /// `network` was sent to this worker.
    pub fn mark_net_sent(&mut self, network: Network) {
        self.nets_sent.push(network);
    }

    fn post(&self, request: &Request) {
        let sent = warcaby_protocol::to_js(request)
            .map_err(|e| JsValue::from_str(&e.to_string()))
            .and_then(|value| self.worker.post_message(&value));
        if let Err(e) = sent {
            web_sys::console::error_2(&"cannot send to the AI worker:".into(), &e);
        }
    }

    /// The worker itself (a handle to the same one), for the test hook
    /// that fires a crash's error event at it.
    #[cfg(feature = "test-hooks")]
    pub fn worker(&self) -> Worker {
        self.worker.clone()
    }

    /// Stops the worker at once (a running search cannot be interrupted
    /// any other way).
    pub fn terminate(&self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// Fires an error event at `worker`, as the browser does when a worker
/// dies: its handler takes it for a real failure (the test hook
/// `debug_crash_ai`'s crash of a busy worker).
#[cfg(feature = "test-hooks")]
pub fn raise_error(worker: &Worker, message: &str) {
    let init = ErrorEventInit::new();
    init.set_message(message);
    if let Ok(event) = ErrorEvent::new_with_event_init_dict("error", &init) {
        let _ = worker.dispatch_event(&event);
    }
}
