//! What the page tells the player in its notices, hints and
//! announcements, in both languages.

use super::{errors, words, Lang};
use crate::state::selection::{Hint, Refusal};
use warcaby::games::{GameKind, PastedText, PieceStyle};
use warcaby::Color;

/// Why a click on the board was refused.
pub fn refusal(lang: Lang, refusal: &Refusal) -> String {
    match (lang, refusal) {
        (Lang::En, Refusal::MustCapture { movable, square }) => format!(
            "A capture is mandatory: move a marked piece ({movable}); the piece on {square} cannot capture."
        ),
        (Lang::Pl, Refusal::MustCapture { movable, square }) => format!(
            "Bicie jest obowiązkowe: rusz zaznaczoną bierką ({movable}); bierka z pola {square} nie może bić."
        ),
        (Lang::En, Refusal::MustCaptureMost { movable, square, most }) => format!(
            "The capture that takes the most pieces is mandatory ({most}): move a marked piece ({movable}); the piece on {square} cannot take as many."
        ),
        (Lang::Pl, Refusal::MustCaptureMost { movable, square, most }) => format!(
            "Obowiązuje bicie większości ({most}): rusz zaznaczoną bierką ({movable}); bierka z pola {square} nie zbije tylu."
        ),
        (Lang::En, Refusal::NoLegalMove { square, game }) if stones(*game) => {
            format!("The stone on {square} has no move: it must be next to an opponent's stone.")
        }
        (Lang::Pl, Refusal::NoLegalMove { square, game }) if stones(*game) => {
            format!("Kamień na {square} nie ma ruchu: musi stać obok kamienia przeciwnika.")
        }
        (Lang::En, Refusal::NoLegalMove { square, .. }) => {
            format!("The piece on {square} has no legal move.")
        }
        (Lang::Pl, Refusal::NoLegalMove { square, .. }) => {
            format!("Bierka z pola {square} nie ma legalnego ruchu.")
        }
        (_, Refusal::ContinueCapture) => lang
            .pick(
                "Continue the capture: pick a marked square.",
                "Dokończ bicie: wybierz zaznaczone pole.",
            )
            .to_string(),
        (_, Refusal::SeveralPassThere) => lang
            .pick(
                "Several captures pass there: pick the landing squares one by one.",
                "Przez to pole przechodzi kilka bić: wybieraj pola lądowania po kolei.",
            )
            .to_string(),
    }
}

/// True when `game` is played with stones that move only by taking (so a
/// stone without a move has no opponent's stone beside it).
fn stones(game: GameKind) -> bool {
    game.piece_style() == PieceStyle::Stones
}

/// What to do next while a capture is half entered.
pub fn hint(lang: Lang, hint: &Hint) -> String {
    match (lang, hint) {
        (Lang::En, Hint::ChooseChain { count, target }) => {
            format!(
                "{count} captures end on {target}: pick a marked square to say which one you mean."
            )
        }
        (Lang::Pl, Hint::ChooseChain { count, target }) => {
            let word = lang.plural(*count as u64, "bicie kończy", "bicia kończą", "bić kończy");
            format!("{count} {word} się na {target}: wybierz zaznaczone pole, by wskazać, o które chodzi.")
        }
        (Lang::En, Hint::EnteredUpTo { square }) => {
            format!("Capture entered up to {square}: pick the next landing square (marked).")
        }
        (Lang::Pl, Hint::EnteredUpTo { square }) => {
            format!(
                "Bicie wprowadzone do pola {square}: wybierz następne pole lądowania (zaznaczone)."
            )
        }
    }
}

/// The announcement of a new game (`name`: its rules or board).
pub fn new_game(lang: Lang, name: &str) -> String {
    lang.pick(format!("New {name} game"), format!("Nowa gra: {name}"))
}

/// A new game started by a change of game or rules, the old one kept.
pub fn put_aside(lang: Lang, name: &str) -> String {
    lang.pick(
        format!("A new {name} game was started; your previous game was put aside."),
        format!("Zaczęto nową grę ({name}); poprzednia partia została odłożona."),
    )
}

/// Back to the game put aside.
pub fn back_to_previous(lang: Lang) -> &'static str {
    lang.pick("Back to the previous game", "Powrót do poprzedniej partii")
}

/// Undo with nothing played.
pub fn nothing_to_undo(lang: Lang) -> &'static str {
    lang.pick("Nothing to undo.", "Nie ma czego cofnąć.")
}

/// Redo with nothing undone.
pub fn nothing_to_redo(lang: Lang) -> &'static str {
    lang.pick("Nothing to redo.", "Nie ma czego powtórzyć.")
}

/// An import refused, `why` in the page's language.
pub fn not_loaded(lang: Lang, why: &str) -> String {
    lang.pick(
        format!("Not loaded — {why}. The current game is unchanged."),
        format!("Nie wczytano — {why}. Bieżąca gra się nie zmieniła."),
    )
}

/// Why the game in the page's address (`#pdn=`) could not be read.
pub fn bad_link(lang: Lang, why: crate::state::link::LinkError) -> String {
    use crate::state::link::LinkError;
    let why = match why {
        LinkError::BrokenEscape(at) => lang.pick(
            format!("the link's game is cut or garbled (a broken % escape at character {at})"),
            format!("partia w linku jest ucięta lub zniekształcona (zły kod % na znaku {at})"),
        ),
        LinkError::NotText => lang.pick(
            "the link's game is not text".to_string(),
            "partia w linku nie jest tekstem".to_string(),
        ),
    };
    not_loaded(lang, &why)
}

/// Load pressed with nothing pasted: what the game in play reads.
pub fn paste_first(lang: Lang, text: PastedText) -> &'static str {
    match text {
        PastedText::FenOrPdn => lang.pick(
            "Paste a FEN (like W:W21-32:B1-12) or a PDN game first.",
            "Najpierw wklej FEN (np. W:W21-32:B1-12) albo partię w PDN.",
        ),
        PastedText::PositionText => lang.pick(
            "Paste a Clobber position first, like WBWB/BWBW/WBWB/BWBW:B.",
            "Najpierw wklej pozycję Clobbera, np. WBWB/BWBW/WBWB/BWBW:B.",
        ),
    }
}

/// A PDN of tags alone.
pub fn pdn_without_game(lang: Lang) -> String {
    lang.pick(
        "the PDN has no moves and no FEN position",
        "PDN nie ma ani ruchów, ani pozycji FEN",
    )
    .to_string()
}

/// An imported game of other rules switched them.
pub fn rules_switched(lang: Lang, rules: &str) -> String {
    lang.pick(
        format!("This game is played by other rules (its PDN GameType): the rules were switched to {rules}."),
        format!("Ta partia toczy się według innych zasad (GameType w PDN): zasady zmieniono na: {rules}."),
    )
}

/// A position or game put on the board.
pub fn position_loaded(lang: Lang) -> &'static str {
    lang.pick("Position loaded", "Wczytano pozycję")
}

/// The position's text copied.
pub fn position_copied(lang: Lang) -> &'static str {
    lang.pick("Position copied", "Skopiowano pozycję")
}

/// The PDN copied.
pub fn pdn_copied(lang: Lang) -> &'static str {
    lang.pick("PDN copied", "Skopiowano PDN")
}

/// The PDN file could not be made.
pub fn download_failed(lang: Lang) -> &'static str {
    lang.pick("The download failed.", "Nie udało się pobrać pliku.")
}

/// The editor's palette piece cannot stand there.
pub fn piece_refused(lang: Lang) -> &'static str {
    lang.pick(
        "That piece cannot stand there (a man on its crowning row, more than 12 pieces of a side, or a king in Clobber).",
        "Ta bierka nie może tam stanąć (pionek na polu przemiany, więcej niż 12 bierek jednej strony albo damka w Clobberze).",
    )
}

/// A click while an earlier position is shown.
pub fn viewing_earlier(lang: Lang) -> &'static str {
    lang.pick(
        "You are looking at an earlier position: press \"Back to the game\" to play on.",
        "Oglądasz wcześniejszą pozycję: naciśnij „Wróć do gry”, by grać dalej.",
    )
}

/// A click while the AI is to move.
pub fn wait_for_ai(lang: Lang) -> &'static str {
    lang.pick(
        "Wait for the AI to move (or press \"Move now\").",
        "Poczekaj na ruch komputera (albo naciśnij „Ruch teraz”).",
    )
}

/// A move typed when it is not the player's turn.
pub fn not_your_turn(lang: Lang) -> &'static str {
    lang.pick("It is not your turn.", "To nie twój ruch.")
}

/// Before a move played because it was the only one.
pub fn only_move_played(lang: Lang) -> &'static str {
    lang.pick(
        "Only legal move, played automatically: ",
        "Jedyny legalny ruch, wykonany automatycznie: ",
    )
}

/// The AI cannot be started or failed three times (`why`, the cause, is
/// told in English only: it comes from the browser).
pub fn ai_unavailable(lang: Lang, why: Option<&str>) -> String {
    match (lang, why) {
        (Lang::En, Some(why)) => format!(
            "The AI is unavailable ({why}). Your game is kept: press \"Retry the AI\" to try again."
        ),
        (Lang::En, None) => {
            "The AI is unavailable. Your game is kept: press \"Retry the AI\" to try again."
                .to_string()
        }
        (Lang::Pl, _) => "Komputer jest niedostępny. Twoja gra jest zachowana: naciśnij „Uruchom komputer ponownie”, by spróbować jeszcze raz.".to_string(),
    }
}

/// The AI's worker stopped and was started again.
pub fn ai_restarted(lang: Lang, why: &str) -> String {
    lang.pick(
        format!("The AI stopped unexpectedly ({why}); it was restarted and the game goes on."),
        "Komputer niespodziewanie przestał działać; uruchomiono go ponownie i gra toczy się dalej."
            .to_string(),
    )
}

/// Why a review stopped when its worker was replaced.
pub fn worker_replaced(lang: Lang) -> &'static str {
    lang.pick(
        "the AI's worker was restarted",
        "proces SI został uruchomiony ponownie",
    )
}

/// The AI could not move.
pub fn ai_could_not_move(lang: Lang, why: &str) -> String {
    lang.pick(
        format!("The AI could not move: {why}"),
        "Komputer nie mógł wykonać ruchu.".to_string(),
    )
}

/// The AI's move was not legal here (`error`, why).
pub fn ai_bad_move(lang: Lang, error: &warcaby::games::GameError) -> String {
    let why = errors::game(lang, error);
    lang.pick(
        format!("The AI suggested a bad move: {why}"),
        format!("Komputer zaproponował zły ruch: {why}"),
    )
}

/// The AlphaZero network could not be loaded.
pub fn net_failed(lang: Lang, why: &str) -> String {
    lang.pick(
        format!("The AlphaZero network could not be loaded ({why}). The game goes on with the other AI; choose another one in the settings if you like."),
        "Nie udało się wczytać sieci AlphaZero. Gra toczy się dalej z drugim komputerem; w ustawieniach możesz wybrać innego.".to_string(),
    )
}

/// The learned evaluation's network of the rule set could not be loaded:
/// the strong levels play on with the positional evaluation.
pub fn eval_net_failed(lang: Lang, why: &str) -> String {
    lang.pick(
        format!("The evaluation network could not be loaded ({why}). The game goes on; levels 7 and 8 evaluate without it, a little weaker."),
        "Nie udało się wczytać sieci oceniającej. Gra toczy się dalej; poziomy 7 i 8 oceniają bez niej, nieco słabiej.".to_string(),
    )
}

/// What the analysis searches: "Analysis: White to move".
pub fn analysis_label(lang: Lang, side: Color) -> String {
    let turn = words::to_move(lang, side);
    lang.pick(
        format!("Analysis: {turn}"),
        format!("Analiza: {}", turn.to_lowercase()),
    )
}

/// A search label while AlphaZero's network loads.
pub fn loading_network(lang: Lang, label: &str) -> String {
    lang.pick(
        format!("{label}, loading its network…"),
        format!("{label}, wczytuje sieć…"),
    )
}

/// A lab depth typed out of range, set to `depth`.
pub fn depth_corrected(lang: Lang, typed: &str, depth: i64) -> String {
    lang.pick(
        format!("A lab depth is 0-40 (0: time only): '{typed}' was set to {depth}."),
        format!(
            "Głębokość w laboratorium to 0–40 (0: tylko czas): „{typed}” zmieniono na {depth}."
        ),
    )
}
