//! The AI worker: receives [`Request`]s, searches with the engine and posts
//! [`Response`]s (one Info per finished iteration, then Done or Error). It
//! posts `Ready` first, since messages sent before its wasm loads are lost.
//! It keeps the AlphaZero network the page sends (the page fetches the
//! file only when that engine is chosen; nothing of it is compiled in).

use warcaby_protocol::{Request, Response, Service};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn now() -> f64 {
    js_sys::Date::now()
}

fn post(scope: &DedicatedWorkerGlobalScope, response: &Response) {
    match warcaby_protocol::to_js(response) {
        Ok(value) => {
            if let Err(e) = scope.post_message(&value) {
                web_sys::console::error_2(&"worker: cannot post".into(), &e);
            }
        }
        Err(e) => web_sys::console::error_1(&format!("worker: cannot encode: {e}").into()),
    }
}

fn main() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let mut service = Service::default();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        match warcaby_protocol::from_js::<Request>(event.data()) {
            Ok(request) => service.serve(&request, now, |response| post(&replies, &response)),
            Err(e) => post(
                &replies,
                &Response::Error {
                    id: 0,
                    message: format!("unreadable request: {e}"),
                },
            ),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, &Response::Ready);
}
