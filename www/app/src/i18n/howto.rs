//! "How to play": for each rule set and Clobber a few diagrams (a
//! position and the move drawn on it as an arrow) with a caption in both
//! languages. The diagrams are drawn by the board's own renderer.

use super::Lang;

/// One diagram: a position (a FEN of the rules, or Clobber position
/// text; empty: the start position), the moves drawn as arrows, and the
/// caption in English and Polish.
pub struct Diagram {
    /// The position (empty: the start).
    pub position: &'static str,
    /// The moves drawn, in the rules' notation.
    pub moves: &'static [&'static str],
    /// English caption.
    pub en: &'static str,
    /// Polish caption.
    pub pl: &'static str,
}

impl Diagram {
    /// The caption in `lang`.
    pub fn caption(&self, lang: Lang) -> &'static str {
        lang.pick(self.en, self.pl)
    }
}

const GOAL: Diagram = Diagram {
    position: "",
    moves: &[],
    en: "",
    pl: "",
};

const TOURNAMENT: &[Diagram] = &[
    Diagram {
        moves: &["22-18"],
        en: "White moves first. A man steps one square diagonally forward.",
        pl: "Zaczynają białe. Pionek idzie o jedno pole po skosie do przodu.",
        ..GOAL
    },
    Diagram {
        position: "W:W18:B14,22",
        moves: &["18x25"],
        en: "Capturing is mandatory. A man captures forward and backward, jumping over the piece to the empty square behind it.",
        pl: "Bicie jest obowiązkowe. Pionek bije do przodu i do tyłu, przeskakując bierkę przeciwnika na wolne pole za nią.",
    },
    Diagram {
        position: "W:WK18:B1",
        moves: &["18-23"],
        en: "A man reaching the last row is crowned. A king moves and captures one square in any direction.",
        pl: "Pionek, który dojdzie do ostatniego rzędu, staje się damką. Damka chodzi i bije o jedno pole w każdą stronę.",
    },
];

const ENGLISH: &[Diagram] = &[
    Diagram {
        moves: &["11-15"],
        en: "Black moves first. A man steps one square diagonally forward.",
        pl: "Zaczynają czarne. Pionek idzie o jedno pole po skosie do przodu.",
        ..GOAL
    },
    Diagram {
        position: "B:W19,30:B15,6",
        moves: &["15x24"],
        en: "Capturing is mandatory, and a man captures forward only. A man crowned by a capture stops there.",
        pl: "Bicie jest obowiązkowe, a pionek bije tylko do przodu. Pionek, który w biciu staje się damką, kończy na tym ruch.",
    },
];

/// The first diagram of the rules written in squares' names (Russian,
/// Brazilian).
const ALGEBRAIC_START: Diagram = Diagram {
    moves: &["c3-d4"],
    en: "White moves first. A man steps one square diagonally forward; moves are written with the squares' names.",
    pl: "Zaczynają białe. Pionek idzie o jedno pole po skosie do przodu; ruchy zapisuje się nazwami pól.",
    ..GOAL
};

const RUSSIAN: &[Diagram] = &[
    ALGEBRAIC_START,
    Diagram {
        position: "W:WKa1:Bd4,f4",
        moves: &["a1:h2"],
        en: "A king flies along free diagonals and captures from afar, landing anywhere behind the piece, and captures on while it can.",
        pl: "Damka porusza się po wolnych przekątnych o dowolną liczbę pól, bije z daleka, staje na dowolnym polu za zbitą bierką i bije dalej, dopóki może.",
    },
];

const BRAZILIAN: &[Diagram] = &[
    ALGEBRAIC_START,
    Diagram {
        position: "W:Wc3,h2:Bd4,f6,g3",
        moves: &["c3:e5:g7"],
        en: "You must capture the most pieces you can (a king counts as one piece, like a man): here c3 takes two, so h2 may not take one.",
        pl: "Trzeba zbić jak najwięcej bierek (damka liczy się jak jedna bierka, tak jak pionek): tu c3 bije dwie, więc h2 nie może bić jednej.",
    },
    Diagram {
        position: "W:Wb6:Bc7,e7",
        moves: &["b6:d8:f6"],
        en: "Men capture forward and backward. A man that reaches the last row during a capture and can capture on goes on as a man, and is crowned only if its move ends there.",
        pl: "Pionki biją do przodu i do tyłu. Pionek, który w trakcie bicia dojdzie do ostatniego rzędu i może bić dalej, bije dalej jako pionek; damką zostaje tylko wtedy, gdy tam kończy ruch.",
    },
    Diagram {
        position: "W:WKa1:Bd4,f4",
        moves: &["a1:e5:h2"],
        en: "A king flies along free diagonals and captures from afar, landing anywhere behind the piece. Captured pieces are removed only when the move ends.",
        pl: "Damka porusza się po wolnych przekątnych o dowolną liczbę pól i bije z daleka, stając na dowolnym polu za zbitą bierką. Zbite bierki zdejmuje się dopiero po zakończeniu ruchu.",
    },
];

const INTERNATIONAL: &[Diagram] = &[
    Diagram {
        moves: &["32-28"],
        en: "A 10×10 board, 20 men a side; White moves first. The dark squares are numbered 1–50 from Black's side, and moves are written with them: here the man on 32 steps to 28.",
        pl: "Plansza 10×10, po 20 pionków; zaczynają białe. Ciemne pola mają numery 1–50 od strony czarnych i nimi zapisuje się ruchy: tu pionek z pola 32 idzie na 28.",
        ..GOAL
    },
    Diagram {
        position: "W:W46,35:B41,32,22,11,5,30",
        moves: &["46x6"],
        en: "You must capture the most pieces you can (a king counts as one, like a man), and men capture backward too: 46 takes four, so 35 may not take one.",
        pl: "Trzeba zbić jak najwięcej bierek (damka liczy się jak jedna bierka, tak jak pionek), a pionki biją także do tyłu: 46 bije cztery, więc 35 nie może bić jednej.",
    },
    Diagram {
        position: "W:W12:B8,9,30",
        moves: &["12x3x14"],
        en: "A man that reaches the last row during a capture and can capture on goes on as a man, and is crowned only if its move ends there.",
        pl: "Pionek, który w trakcie bicia dojdzie do ostatniego rzędu i może bić dalej, bije dalej jako pionek; damką zostaje tylko wtedy, gdy tam kończy ruch.",
    },
    Diagram {
        position: "W:WK46:B37,17,5",
        moves: &["46x28x11"],
        en: "A king flies along free diagonals and captures from afar, landing anywhere behind the piece. Captured pieces are removed only when the move ends.",
        pl: "Damka porusza się po wolnych przekątnych o dowolną liczbę pól i bije z daleka, stając na dowolnym polu za zbitą bierką. Zbite bierki zdejmuje się dopiero po zakończeniu ruchu.",
    },
];

const CLOBBER: &[Diagram] = &[
    Diagram {
        moves: &["a1-a2"],
        en: "Black moves first. A stone moves one cell up, down, left or right onto an opponent's stone, which is removed.",
        pl: "Zaczynają czarne. Kamień przesuwa się o jedno pole w górę, w dół, w lewo lub w prawo na kamień przeciwnika, który znika z planszy.",
        ..GOAL
    },
    Diagram {
        position: "B.B/.W./W..:B",
        moves: &[],
        en: "A stone never moves onto an empty cell. Black has no stone next to a white one: Black cannot move and loses.",
        pl: "Kamień nigdy nie wchodzi na puste pole. Żaden czarny kamień nie sąsiaduje z białym: czarne nie mają ruchu i przegrywają.",
    },
];

/// The diagrams of a rule set by its name (`tournament`, `english`,
/// `russian`, `brazilian`, `international` or `clobber`).
pub fn diagrams(rules: &str) -> &'static [Diagram] {
    match rules {
        "english" => ENGLISH,
        "russian" => RUSSIAN,
        "brazilian" => BRAZILIAN,
        "international" => INTERNATIONAL,
        "clobber" => CLOBBER,
        _ => TOURNAMENT,
    }
}

/// The dialog's title for a rule set.
pub fn title(lang: Lang, rules: &str) -> &'static str {
    match rules {
        "english" => lang.pick(
            "How to play: English / American checkers",
            "Jak grać: warcaby angielskie / amerykańskie",
        ),
        "russian" => lang.pick(
            "How to play: Russian draughts",
            "Jak grać: warcaby rosyjskie",
        ),
        "brazilian" => lang.pick(
            "How to play: Brazilian draughts (international rules on 8×8)",
            "Jak grać: warcaby brazylijskie (zasady międzynarodowe na planszy 8×8)",
        ),
        "international" => lang.pick(
            "How to play: international draughts (10×10)",
            "Jak grać: warcaby polskie (międzynarodowe, 10×10)",
        ),
        "clobber" => lang.pick("How to play: Clobber", "Jak grać: Clobber"),
        _ => lang.pick(
            "How to play: checkers, tournament rules",
            "Jak grać: warcaby, zasady turniejowe",
        ),
    }
}

/// What wins, for every rule set.
pub fn goal(lang: Lang, rules: &str) -> &'static str {
    if rules == "clobber" {
        return lang.pick(
            "The player who cannot move loses.",
            "Przegrywa gracz, który nie może wykonać ruchu.",
        );
    }
    lang.pick(
        "You win by capturing all the opponent's pieces or leaving them without a legal move.",
        "Wygrywasz, gdy zbijesz wszystkie bierki przeciwnika albo zostawisz go bez ruchu.",
    )
}
