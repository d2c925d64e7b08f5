//! Splits PDN text into tags, words (moves, move numbers, results, NAGs)
//! and comments. Variations are skipped. A syntax error becomes an error
//! token and the lexer goes on after it, so one bad game does not hide the
//! rest of a database.

use super::{Location, PdnError};

/// One piece of PDN text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Token {
    /// `[Name "value"]`.
    Tag(String, String),
    /// A run of characters up to white space or a bracket: a move, a move
    /// number, a result or a NAG.
    Word(String),
    /// A `{...}` comment or a `;` / `%` line comment, without its delimiters.
    Comment(String),
    /// Something that is not PDN; the lexer has skipped past it.
    Error(PdnError),
}

/// The lexer: characters in, tokens with their location out.
pub(crate) struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer over `text`; a UTF-8 byte order mark at the start is skipped.
    pub(crate) fn new(text: &'a str) -> Lexer<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
        }
    }

    fn here(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn error(at: Location, message: impl Into<String>) -> Token {
        Token::Error(PdnError::Syntax {
            at,
            message: message.into(),
        })
    }

    /// Reads up to and including `close`; None when the text ends first.
    fn until(&mut self, close: char) -> Option<String> {
        let mut text = String::new();
        loop {
            match self.bump()? {
                c if c == close => return Some(text),
                c => text.push(c),
            }
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// Skips a variation (the `(` already read), nested ones and comments
    /// inside included. False when it is never closed.
    fn skip_variation(&mut self) -> bool {
        let mut depth = 1;
        while let Some(c) = self.bump() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return true;
                    }
                }
                '{' if self.until('}').is_none() => return false,
                _ => {}
            }
        }
        false
    }

    /// A tag, the `[` already read. A tag without a quoted value is skipped
    /// to its `]` or the end of its line.
    fn tag(&mut self, at: Location) -> Token {
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|&c| c.is_alphanumeric() || c == '_') {
            name.push(c);
            self.bump();
        }
        self.skip_spaces();
        if name.is_empty() || self.peek() != Some('"') {
            while let Some(c) = self.peek().filter(|&c| c != '\n' && c != '[') {
                self.bump();
                if c == ']' {
                    break;
                }
            }
            return Self::error(at, "a tag must look like [Name \"value\"]");
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                // A tag stays on its line: an escaped line break does not
                // continue it (a writer could not give it back).
                Some('\\') => match self.bump() {
                    Some('\n') | None => break,
                    Some(c) => value.push(c),
                },
                Some('"') => {
                    while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
                        self.bump();
                    }
                    return match self.peek() {
                        Some(']') => {
                            self.bump();
                            Token::Tag(name, value)
                        }
                        _ => Self::error(at, format!("tag [{name} ...] is missing its ']'")),
                    };
                }
                Some('\n') | None => break,
                Some(c) => value.push(c),
            }
        }
        Self::error(at, format!("the value of tag [{name} ...] is never closed"))
    }

    fn word(&mut self) -> Token {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];".contains(c) {
                break;
            }
            word.push(c);
            self.bump();
        }
        Token::Word(word)
    }

    /// The next token and where it starts, or None at the end of the text.
    pub(crate) fn next_token(&mut self) -> Option<(Location, Token)> {
        self.skip_spaces();
        let at = self.here();
        let token = match self.peek()? {
            '{' => {
                self.bump();
                match self.until('}') {
                    Some(text) => Token::Comment(text),
                    None => Self::error(at, "'{' is never closed"),
                }
            }
            '(' => {
                self.bump();
                if self.skip_variation() {
                    return self.next_token();
                }
                Self::error(at, "'(' is never closed")
            }
            ';' => {
                self.bump();
                Token::Comment(self.until('\n').unwrap_or_default())
            }
            '%' if at.column == 1 => Token::Comment(self.until('\n').unwrap_or_default()),
            '[' => {
                self.bump();
                self.tag(at)
            }
            c @ ('}' | ')' | ']') => {
                self.bump();
                Self::error(at, format!("unexpected '{c}'"))
            }
            _ => self.word(),
        };
        Some((at, token))
    }
}
