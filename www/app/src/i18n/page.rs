//! The page's fixed texts, in both languages: an element of `index.html`
//! with `data-t="key"` gets the text of `key` as its content (with
//! `data-t-html`, as markup: our own, never the player's), and one with
//! `data-t-label`, `data-t-role`, `data-t-placeholder` or `data-t-title` the
//! text of that key as its `aria-label`, `aria-roledescription`,
//! `placeholder` or `title`. The page's HTML holds
//! the English text too, for the first paint; a test checks every key the
//! page names is here and every key here is named.

use super::Lang;

/// The attributes (besides the content, `data-t`) that take a text: the
/// marking attribute and the attribute it fills.
pub const ATTRIBUTES: [(&str, &str); 4] = [
    ("data-t-label", "aria-label"),
    ("data-t-role", "aria-roledescription"),
    ("data-t-placeholder", "placeholder"),
    ("data-t-title", "title"),
];

/// Key, English, Polish. Polish draughts words: pionek (man), damka
/// (king), bierka (piece), bicie (capture), remis (draw).
pub const TEXTS: &[(&str, &str, &str)] = &[
    ("page-title", "Warcaby — checkers against a strong AI", "Warcaby — graj z silnym komputerem"),
    ("tagline", "Checkers and Clobber against a strong AI — and a lab to watch it think.", "Warcaby i Clobber z silną sztuczną inteligencją — i laboratorium, w którym widać, jak myśli."),
    ("language", "Language", "Język"),
    ("sec-board", "Board", "Plansza"),
    ("role-board", "board", "plansza"),
    ("new-game", "New game", "Nowa gra"),
    ("rematch-title", "A new game with the colours swapped", "Nowa gra z zamienionymi kolorami"),
    ("rematch", "Rematch", "Rewanż"),
    ("ai-retry", "Retry the AI", "Uruchom komputer ponownie"),
    ("restore-game", "Back to the previous game", "Wróć do poprzedniej partii"),
    ("type-move", "Type a move", "Wpisz ruch"),
    ("play", "Play", "Graj"),
    ("sec-controls", "Game controls", "Sterowanie grą"),
    ("undo", "Undo", "Cofnij"),
    ("redo", "Redo", "Powtórz"),
    ("flip", "Flip board", "Obróć planszę"),
    ("move-now", "Move now", "Ruch teraz"),
    ("review-start", "Review the game", "Analizuj partię"),
    ("hint", "Hint", "Podpowiedź"),
    ("puzzles", "Puzzles", "Zadania"),
    ("puzzle-open", "Solve a puzzle", "Rozwiąż zadanie"),
    ("puzzle-solution", "Solution", "Rozwiązanie"),
    ("puzzle-next", "Next puzzle", "Następne zadanie"),
    ("puzzle-leave", "Back to the game", "Wróć do partii"),
    ("review-graph", "Evaluation graph: click a point to go to that move", "Wykres oceny: kliknij punkt, aby przejść do tego ruchu"),
    ("edit", "Edit position", "Ustaw pozycję"),
    ("sec-editor", "Position editor", "Edytor pozycji"),
    ("edit-title", "Edit the position", "Ustaw pozycję"),
    ("edit-hint", "Choose a piece, then pick squares to put it there; with “Next in turn” each pick changes what stands there (empty, white man, white king, black man, black king; in Clobber empty, black, white). Keyboard: Enter on a square.", "Wybierz bierkę, potem pola, na których ma stanąć; przy „Kolejna po kolei” każdy wybór zmienia to, co stoi na polu (puste, biały pionek, biała damka, czarny pionek, czarna damka; w Clobberze puste, czarny, biały). Klawiatura: Enter na polu."),
    ("side-to-move", "Side to move", "Strona na ruchu"),
    ("white", "White", "Białe"),
    ("black", "Black", "Czarne"),
    ("edit-done", "Play from here", "Graj od tej pozycji"),
    ("palette", "Piece to place", "Bierka do postawienia"),
    ("brush-cycle", "Next in turn", "Kolejna po kolei"),
    ("brush-empty", "Empty", "Puste pole"),
    ("brush-white-man", "White man", "Biały pionek"),
    ("brush-white-stone", "White stone", "Biały kamień"),
    ("brush-white-king", "White king", "Biała damka"),
    ("brush-black-man", "Black man", "Czarny pionek"),
    ("brush-black-stone", "Black stone", "Czarny kamień"),
    ("brush-black-king", "Black king", "Czarna damka"),
    ("edit-start", "Start position", "Pozycja początkowa"),
    ("edit-clear", "Empty board", "Pusta plansza"),
    ("cancel", "Cancel", "Anuluj"),
    ("moves", "Moves", "Ruchy"),
    ("live", "Back to the game", "Wróć do gry"),
    ("engine", "Engine", "Silnik"),
    ("info-search", "search", "szukanie"),
    ("info-depth", "depth", "głębokość"),
    ("info-score", "score", "ocena"),
    ("info-nodes", "nodes", "węzły"),
    ("info-nps", "nodes/s", "węzły/s"),
    ("pv", "PV:", "Wariant:"),
    ("mcts-caption", "AlphaZero's top moves", "Najlepsze ruchy AlphaZero"),
    ("mcts-move", "move", "ruch"),
    ("mcts-visits", "visits", "odwiedziny"),
    ("mcts-prior", "prior", "a priori"),
    ("mcts-value", "value", "wartość"),
    ("analyse", "Analyse the position shown (best line as arrows)", "Analizuj pokazaną pozycję (najlepszy wariant strzałkami)"),
    ("evaluation", "Evaluation (White's share of the bar)", "Ocena (udział białych w pasku)"),
    ("look", "Look and sound", "Wygląd i dźwięk"),
    ("board-theme", "Board", "Plansza"),
    ("theme-wood", "Wood", "Drewno"),
    ("theme-green", "Green", "Zielona"),
    ("theme-blue", "Blue", "Niebieska"),
    ("theme-slate", "Slate", "Łupek"),
    ("piece-set", "Pieces", "Bierki"),
    ("set-classic", "Classic", "Klasyczne"),
    ("set-flat", "Flat", "Płaskie"),
    ("set-glossy", "Glossy", "Błyszczące"),
    ("color-scheme", "Page", "Strona"),
    ("scheme-system", "As the system", "Jak w systemie"),
    ("scheme-light", "Light", "Jasna"),
    ("scheme-dark", "Dark", "Ciemna"),
    ("coordinates", "Coordinates (a–h, 1–8)", "Współrzędne (a–h, 1–8)"),
    ("square-numbers", "Square numbers (1–32, 1–50)", "Numery pól (1–32, 1–50)"),
    ("animate", "Animate moves", "Animacja ruchów"),
    ("sound", "Sounds", "Dźwięki"),
    ("settings", "Settings", "Ustawienia"),
    ("game", "Game", "Gra"),
    ("checkers", "Checkers", "Warcaby"),
    ("rules", "Rules", "Zasady"),
    ("variant-tournament", "Tournament (default)", "Turniejowe (domyślne)"),
    ("variant-english", "English / American", "Angielskie / amerykańskie"),
    ("variant-russian", "Russian", "Rosyjskie"),
    ("variant-brazilian", "Brazilian (8×8)", "Brazylijskie (8×8)"),
    ("variant-international", "International (10×10)", "Warcaby polskie (10×10)"),
    ("rows", "Rows", "Wiersze"),
    ("cols", "Columns", "Kolumny"),
    ("players", "Players", "Gracze"),
    ("mode-white", "You (White) vs AI", "Ty (białe) – komputer"),
    ("mode-black", "You (Black) vs AI", "Ty (czarne) – komputer"),
    ("mode-human", "Human vs human", "Człowiek – człowiek"),
    ("mode-ai", "AI vs AI (watch)", "Komputer – komputer (oglądaj)"),
    ("level", "Level", "Poziom"),
    ("level-1", "1 — beginner", "1 — początkujący"),
    ("level-8", "8 — full strength", "8 — pełna siła"),
    ("level-alphazero", "AlphaZero (network + MCTS)", "AlphaZero (sieć + MCTS)"),
    ("time", "AI time per move", "Czas komputera na ruch"),
    ("ai-delay", "AI vs AI pause", "Przerwa w grze komputerów"),
    ("none", "none", "brak"),
    ("auto-single", "Play a single legal move automatically", "Wykonuj sam jedyny legalny ruch"),
    ("lab", "AI lab", "Laboratorium AI"),
    ("lab-enabled", "Use these settings instead of the level", "Użyj tych ustawień zamiast poziomu"),
    ("algorithm", "Algorithm", "Algorytm"),
    ("alphabeta", "alpha-beta", "alfa-beta"),
    ("fixed-depth", "Fixed depth (0 = time only)", "Stała głębokość (0 = tylko czas)"),
    ("heuristic", "Heuristic", "Heurystyka"),
    ("eval-live", "live (default)", "żywe kamienie (domyślna)"),
    ("eval-active", "active", "aktywne kamienie"),
    ("eval-center", "center", "środek"),
    ("eval-accumulation", "accumulation", "skupienie"),
    ("eval-first-center", "first center, then aggressive", "najpierw środek, potem atak"),
    ("eval-group", "group, then fight", "grupa, potem walka"),
    ("eval-middle", "take the middle, stay in a group", "zajmij środek, trzymaj się grupy"),
    ("heuristic-both", "Heuristic (both sides)", "Heurystyka (obie strony)"),
    ("eval-material", "material", "materiał"),
    ("eval-positional", "positional", "pozycyjna"),
    ("eval-learned", "learned", "wyuczona"),
    ("import-export", "Import and export", "Wczytywanie i zapis"),
    ("import-title", "Import / export", "Wczytaj / zapisz"),
    ("paste-checkers", "Paste a FEN or a PDN game", "Wklej FEN albo partię w PDN"),
    ("paste-clobber", "Paste a Clobber position, like WBWB/BWBW/WBWB/BWBW:B (rows top to bottom, then the side to move)", "Wklej pozycję Clobbera, np. WBWB/BWBW/WBWB/BWBW:B (wiersze od góry, potem strona na ruchu)"),
    ("load", "Load", "Wczytaj"),
    ("open-file", "Open file", "Otwórz plik"),
    ("copy-pdn", "Copy PDN", "Kopiuj PDN"),
    ("download-pdn", "Download PDN", "Pobierz PDN"),
    ("copy-position", "Copy position", "Kopiuj pozycję"),
    ("clobber-text-only", "FEN and PDN are for checkers only: Clobber positions are loaded and saved as position text.", "FEN i PDN są tylko dla warcabów: pozycje Clobbera wczytuje się i zapisuje jako tekst pozycji."),
    ("position", "Position:", "Pozycja:"),
    ("rules-title", "Rules", "Zasady"),
    ("rules-tournament", "<b>Tournament</b> (the university contest's rules): White moves first. Men move one square diagonally forward and capture forward <em>and backward</em>; kings move and capture one square in any direction. Capturing is mandatory, any capture sequence may be chosen, and a started sequence must be finished. A man reaching the last row during a capture is crowned and continues capturing, as a king, if it can. Draw after 20 plies without a man move or a capture, or on the third repetition.", "<b>Turniejowe</b> (zasady konkursu uczelnianego): zaczynają białe. Pionki chodzą o jedno pole po skosie do przodu, a biją do przodu <em>i do tyłu</em>; damki chodzą i biją o jedno pole w każdą stronę. Bicie jest obowiązkowe, można wybrać dowolną sekwencję bić, a rozpoczętą trzeba dokończyć. Pionek, który w trakcie bicia dojdzie do ostatniego rzędu, zostaje damką i bije dalej jako damka, jeśli może. Remis po 20 półruchach bez ruchu pionkiem i bez bicia albo przy trzecim powtórzeniu pozycji."),
    ("rules-english", "<b>English / American</b> checkers: Black moves first. Men capture forward only; kings move and capture one square in any direction. Capturing is mandatory, any sequence may be chosen. A man crowned during a capture stops there. Draw after 80 plies (40 moves each) without a man move or capture, or on the third repetition.", "Warcaby <b>angielskie / amerykańskie</b>: zaczynają czarne. Pionki biją tylko do przodu; damki chodzą i biją o jedno pole w każdą stronę. Bicie jest obowiązkowe, można wybrać dowolną sekwencję. Pionek, który w trakcie bicia zostanie damką, na tym kończy ruch. Remis po 80 półruchach (po 40 ruchów każdej strony) bez ruchu pionkiem i bez bicia albo przy trzecim powtórzeniu pozycji."),
    ("rules-russian", "<b>Russian</b> draughts: White moves first. Men capture forward and backward; kings fly any distance along free diagonals and capture from afar, landing anywhere behind the piece (where they can capture again, if possible). A man reaching the last row during a capture is crowned and goes on capturing as a king. Draw after 30 plies without a man move or capture, or on the third repetition.", "Warcaby <b>rosyjskie</b>: zaczynają białe. Pionki biją do przodu i do tyłu; damki chodzą na dowolną odległość po wolnych przekątnych i biją z daleka, stając na dowolnym polu za zbitą bierką (tam, skąd mogą bić dalej, jeśli to możliwe). Pionek, który w trakcie bicia dojdzie do ostatniego rzędu, zostaje damką i bije dalej jako damka. Remis po 30 półruchach bez ruchu pionkiem i bez bicia albo przy trzecim powtórzeniu pozycji."),
    ("rules-brazilian", "<b>Brazilian</b> draughts (the international rules on the 8×8 board): White moves first. Men capture forward and backward; kings fly any distance along free diagonals and capture from afar. You must take the capture that takes the most pieces (a king counts as one, like a man). A man that reaches the last row during a capture and can capture on goes on as a man; it is crowned only if its move ends there. Captured pieces leave the board when the move ends. Draws as in Russian draughts (the Brazilian confederation's counts).", "Warcaby <b>brazylijskie</b> (zasady międzynarodowe na planszy 8×8): zaczynają białe. Pionki biją do przodu i do tyłu; damki chodzą na dowolną odległość po wolnych przekątnych i biją z daleka. Obowiązuje bicie większości: trzeba wybrać bicie, które zbija najwięcej bierek (damka liczy się jak jedna bierka). Pionek, który w trakcie bicia dojdzie do ostatniego rzędu i może bić dalej, bije dalej jako pionek; damką zostaje tylko wtedy, gdy tam kończy ruch. Zbite bierki zdejmuje się po zakończeniu ruchu. Remisy jak w warcabach rosyjskich (liczby konfederacji brazylijskiej)."),
    ("rules-clobber", "<b>Clobber</b>: the board (2–10 rows and columns, 6×5 by default) starts full, Black and White stones alternating like a checkerboard, with a Black stone in the bottom-left corner. Black moves first. A move takes one of your stones one cell up, down, left or right onto an opponent's stone, which is removed (clobbered); you may never move onto an empty cell. The player who has no move loses. Moves are written <code>b3-b4</code>: columns a, b, … from the left, rows 1, 2, … from the bottom.", "<b>Clobber</b>: plansza (od 2 do 10 wierszy i kolumn, domyślnie 6×5) jest na początku pełna: czarne i białe kamienie na przemian jak na szachownicy, z czarnym kamieniem w lewym dolnym rogu. Zaczynają czarne. Ruch przesuwa własny kamień o jedno pole w górę, w dół, w lewo albo w prawo na kamień przeciwnika, który znika z planszy; nie wolno wejść na puste pole. Przegrywa gracz, który nie ma ruchu. Ruchy zapisuje się <code>b3-b4</code>: kolumny a, b, … od lewej, wiersze 1, 2, … od dołu."),
    ("rules-international", "<b>International</b> draughts (in Polish “warcaby polskie”, the FMJD's game) on the 10×10 board: 20 men a side, White moves first. The dark squares are numbered 1–50 from Black's side, and moves are written with them (32-28, a capture 28x19). Men move forward and capture forward and backward; kings fly any distance along free diagonals and capture from afar. You must take the capture that takes the most pieces (a king counts as one, like a man). A man that reaches the last row during a capture and can capture on goes on as a man. Captured pieces leave the board when the move ends. Draw on the third repetition, after 25 moves each of kings only without a capture, or when three pieces (one a king) against a lone king do not win in 16 moves each (two pieces: 5 moves).", "Warcaby <b>polskie</b> (międzynarodowe, gra FMJD) na planszy 10×10: po 20 pionków, zaczynają białe. Ciemne pola mają numery 1–50 od strony czarnych i nimi zapisuje się ruchy (32-28, bicie 28x19). Pionki chodzą do przodu, a biją do przodu i do tyłu; damki chodzą na dowolną odległość po wolnych przekątnych i biją z daleka. Obowiązuje bicie większości: trzeba wybrać bicie, które zbija najwięcej bierek (damka liczy się jak jedna bierka). Pionek, który w trakcie bicia dojdzie do ostatniego rzędu i może bić dalej, bije dalej jako pionek. Zbite bierki zdejmuje się po zakończeniu ruchu. Remis po trzecim powtórzeniu pozycji, po 25 ruchach każdej strony samymi damkami bez bicia albo gdy trzy bierki (w tym damka) przeciw samotnej damce nie wygrają w 16 ruchów każdej strony (dwie bierki: 5 ruchów)."),
    ("rules-common", "A side with no legal move loses. Captured pieces are removed only when the move ends and cannot be jumped twice.", "Strona bez legalnego ruchu przegrywa. Zbite bierki znikają dopiero po zakończeniu ruchu i nie można ich przeskoczyć dwa razy."),
    ("board-help", "Keyboard: Tab to the board, move the cursor with the arrow keys, pick up and drop with Enter or Space (a capture chain hop by hop), cancel with Escape. Elsewhere ← and → step through the moves.", "Klawiatura: Tab przenosi na planszę, strzałki przesuwają kursor, Enter albo spacja podnosi i stawia bierkę (bicie pole po polu), Escape anuluje. Poza planszą ← i → przechodzą po ruchach."),
];

/// The text of `key` in `lang`, if there is such a key.
pub fn text(lang: Lang, key: &str) -> Option<&'static str> {
    all_texts()
        .find(|(k, _, _)| *k == key)
        .map(|&(_, en, pl)| lang.pick(en, pl))
}

/// The page's texts and the game flow's (kept apart in
/// [`super::flow::PAGE_TEXTS`]).
fn all_texts() -> impl Iterator<Item = &'static (&'static str, &'static str, &'static str)> {
    TEXTS.iter().chain(super::flow::PAGE_TEXTS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    const PAGE: &str = include_str!("../../../../index.html");

    /// Every key the page names in `attribute="key"`.
    fn keys_in_page(attribute: &str) -> Vec<String> {
        let marker = format!("{attribute}=\"");
        PAGE.match_indices(&marker)
            .map(|(at, _)| {
                let rest = &PAGE[at + marker.len()..];
                rest[..rest.find('"').expect("a closing quote")].to_string()
            })
            .collect()
    }

    #[test]
    fn every_key_of_the_page_has_both_texts_and_every_text_is_used() {
        let mut named = BTreeSet::new();
        let contents = ["data-t", "data-t-html"];
        for attribute in contents.into_iter().chain(ATTRIBUTES.map(|(a, _)| a)) {
            for key in keys_in_page(attribute) {
                assert!(
                    text(Lang::Pl, &key).is_some(),
                    "no text for {attribute}=\"{key}\""
                );
                named.insert(key);
            }
        }
        let mut seen = BTreeSet::new();
        for (key, en, pl) in all_texts() {
            assert!(seen.insert(*key), "{key} is listed twice");
            assert!(named.contains(*key), "{key} is named nowhere in the page");
            assert!(
                !en.trim().is_empty() && !pl.trim().is_empty(),
                "{key} lacks a text"
            );
        }
    }
}
