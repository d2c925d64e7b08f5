//! The AI worker: receives [`Request`]s, searches with the engine and posts
//! [`Response`]s (one Info per finished iteration, then Done or Error). It
//! posts `Ready` first, since messages sent before its wasm loads are lost.
//! It keeps the networks the page sends (the AlphaZero bot's, and the
//! learned evaluation's of each rule set: the page fetches a file only when
//! an engine first needs it; none is compiled in), and
//! between requests builds the endgame tables the strong levels probe, one
//! group per timer task, so a request waits at most for one group.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
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

/// The service and whether its idle work is scheduled.
#[derive(Clone)]
struct Worker {
    scope: DedicatedWorkerGlobalScope,
    service: Rc<RefCell<Service>>,
    scheduled: Rc<Cell<bool>>,
}

impl Worker {
    fn on_message(&self, event: MessageEvent) {
        match warcaby_protocol::from_js::<Request>(event.data()) {
            Ok(request) => {
                let scope = &self.scope;
                self.service
                    .borrow_mut()
                    .serve(&request, now, |response| post(scope, &response));
            }
            Err(e) => post(
                &self.scope,
                &Response::Error {
                    id: 0,
                    message: format!("unreadable request: {e}"),
                },
            ),
        }
        self.schedule_work();
    }

    /// Runs one piece of idle work in a later task (after any message
    /// already waiting), and schedules the next while work remains.
    fn schedule_work(&self) {
        if self.scheduled.get() || !self.service.borrow().has_work() {
            return;
        }
        self.scheduled.set(true);
        let worker = self.clone();
        let task = Closure::once_into_js(move || {
            worker.scheduled.set(false);
            let news = worker.service.borrow_mut().work();
            if let Some(news) = news {
                post(&worker.scope, &news);
            }
            worker.schedule_work();
        });
        let timer = self
            .scope
            .set_timeout_with_callback_and_timeout_and_arguments_0(task.unchecked_ref(), 0);
        if let Err(e) = timer {
            self.scheduled.set(false);
            web_sys::console::error_2(&"worker: cannot schedule the endgame tables".into(), &e);
        }
    }
}

fn main() {
    let worker = Worker {
        scope: js_sys::global().unchecked_into(),
        service: Rc::new(RefCell::new(Service::default())),
        scheduled: Rc::new(Cell::new(false)),
    };
    let handler = worker.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        handler.on_message(event)
    });
    worker
        .scope
        .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&worker.scope, &Response::Ready);
}
