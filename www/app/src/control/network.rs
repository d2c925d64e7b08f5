//! The networks for the worker: the AlphaZero bot's and the learned
//! evaluation's of each rule set ([`Network`]). None is part of the page:
//! a file is fetched once, when an engine first needs it (AlphaZero
//! chosen; a strong level, the analysis or the lab's `learned` in a rule
//! set), kept here, and sent to each worker before its first request that
//! needs it (a restarted worker gets it again). A file that cannot be
//! fetched, or that the worker finds unusable, leaves the game playable
//! with a notice: the AlphaZero choices turn back into the other AIs, and
//! the learned evaluation falls back to the positional one (the engine's
//! own rule for a rule set without a network) for the rest of the visit.

use super::App;
use crate::dom;
use crate::i18n::notices;
use std::rc::Rc;
use warcaby_protocol::{NetBytes, Network, Request};

/// Where a network's file is: named by `<meta name="warcaby-net-STEM">`
/// (STEM: the file name without its extension).
fn net_url(network: Network) -> String {
    let file = network.file_name();
    let stem = file.split('.').next().unwrap_or_default();
    dom::fetch::site_file(&format!("warcaby-net-{stem}"), &file)
}

/// A network's file, as far as the page has it (not asked for yet: absent
/// from [`NetFiles`]).
pub(crate) enum NetFile {
    /// On its way.
    Fetching,
    /// Here: its bytes.
    Fetched(Rc<Vec<u8>>),
    /// It could not be fetched or read: the engines do without it (an
    /// evaluation network's; the AlphaZero network's failure forgets it
    /// instead, so choosing AlphaZero again tries again).
    Failed,
}

/// The network files, by network (a handful: a list, which costs the
/// page's wasm less than a hash map).
#[derive(Default)]
pub(crate) struct NetFiles(Vec<(Network, NetFile)>);

impl NetFiles {
    fn get(&self, network: Network) -> Option<&NetFile> {
        self.0.iter().find(|(n, _)| *n == network).map(|(_, f)| f)
    }

    fn set(&mut self, network: Network, file: NetFile) {
        self.forget(network);
        self.0.push((network, file));
    }

    fn forget(&mut self, network: Network) {
        self.0.retain(|(n, _)| *n != network);
    }
}

impl App {
    /// Makes sure the worker has `network` before a request that needs it:
    /// fetches the file the first time (false: the AI is asked again once
    /// it has come or failed), sends it to a worker that lacks it. True
    /// also when the file failed: the request goes without it.
    pub(super) fn provide_net(&mut self, network: Network) -> bool {
        let bytes = match self.ai.nets.get(network) {
            Some(NetFile::Fetched(bytes)) => Rc::clone(bytes),
            Some(NetFile::Failed) => return true,
            Some(NetFile::Fetching) => return false,
            None => {
                self.ai.nets.set(network, NetFile::Fetching);
                let url = net_url(network);
                wasm_bindgen_futures::spawn_local(async move {
                    let result = dom::fetch::bytes(&url).await;
                    crate::with_app(|app| app.net_fetched(network, result));
                });
                return false;
            }
        };
        // The worker of the game's board first (a 10x10 game has a worker
        // of its own): the file goes where the request that needs it will.
        self.fit_worker_to_game();
        if self.ai.client.is_none() {
            self.start_ai();
        }
        let id = self.ai.next_id();
        if let Some(client) = self.ai.client.as_mut().filter(|c| !c.has_net(network)) {
            client.send(Request::LoadNet {
                id,
                network,
                bytes: NetBytes(bytes.to_vec()),
            });
            client.mark_net_sent(network);
            self.ai.net_requests.push((id, network));
        }
        true
    }

    /// The file came (or did not): ask the AI again (and weigh a draw
    /// offer that waited for it), or give the network up.
    fn net_fetched(&mut self, network: Network, result: Result<Vec<u8>, String>) {
        match result {
            Ok(bytes) => {
                self.ai.nets.set(network, NetFile::Fetched(Rc::new(bytes)));
                self.resume_after_net();
            }
            Err(why) => self.net_failed(network, &format!("it could not be downloaded: {why}")),
        }
    }

    /// The worker could not read the file a LoadNet request (`id`) sent;
    /// false when `id` was no such request.
    pub(super) fn net_unusable(&mut self, id: u32, message: &str) -> bool {
        let Some(at) = self
            .ai
            .net_requests
            .iter()
            .position(|(sent, _)| *sent == id)
        else {
            return false;
        };
        let (_, network) = self.ai.net_requests.swap_remove(at);
        self.net_failed(network, message);
        true
    }

    /// The network cannot be had: AlphaZero's choices become the other
    /// AIs; the learned evaluation goes on as the positional one. The
    /// game goes on, and the notice says so.
    fn net_failed(&mut self, network: Network, why: &str) {
        let lang = self.state.settings.lang;
        match network {
            Network::AlphaZero => {
                self.ai.nets.forget(network);
                self.cancel_thinking();
                self.state.settings.drop_alphazero();
                self.ui.show_settings(&self.state.settings);
                self.ui.notice(&notices::net_failed(lang, why));
            }
            Network::Eval(_) => {
                self.ai.nets.set(network, NetFile::Failed);
                self.ui.notice(&notices::eval_net_failed(lang, why));
            }
        }
        self.resume_after_net();
    }

    /// What waited for a network goes on: a draw offer is weighed, the
    /// review and a hint go on, the AI's move and the analysis are asked
    /// for.
    fn resume_after_net(&mut self) {
        if std::mem::take(&mut self.ai.draw_waiting) {
            self.offer_draw();
        }
        self.resume_review();
        self.resume_hint();
        self.after_change();
    }
}
