//! Every `--json` shape that docs/cli.md documents, checked against what the program prints:
//! each ```json block, named by the `<!-- json-shape: NAME -->` comment above it, against the
//! output of real commands of that kind. The keys must be the same, in the same order,
//! recursively (for an array, its first element); a value written `{…}` or `{"Event": "…", …}`
//! in the docs is an object whose keys vary, and `A or B`, `A | B` are alternatives.

use std::iter::Peekable;
use std::str::Chars;

use chess_testdata::TempDir;

use crate::support::{TempFiles, chess, chess_bytes};

/// A value as documented or printed: only its structure counts.
#[derive(Debug, Clone)]
enum Shape {
    /// A string, number, boolean, null, or a placeholder (`F`, `n`, `b`, `x`).
    Scalar,
    /// An object: its keys in order with their values, or `None` when its keys vary (`{…}`).
    Object(Option<Vec<(String, Shape)>>),
    /// An array: its first element, or `None` when empty or unspecified (`[...]`).
    Array(Option<Box<Shape>>),
    /// One of several (`F or null`, `"white" | "black"`).
    Alternatives(Vec<Shape>),
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Open(char),
    Close(char),
    Colon,
    Comma,
    Or,
    Str(String),
    Word(String),
}

fn tokens(text: &str) -> Vec<Token> {
    let mut chars: Peekable<Chars> = text.chars().peekable();
    let mut tokens = Vec::new();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '{' | '[' => tokens.push(Token::Open(c)),
            '}' | ']' => tokens.push(Token::Close(c)),
            ':' => tokens.push(Token::Colon),
            ',' => tokens.push(Token::Comma),
            '|' => tokens.push(Token::Or),
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => s.extend(chars.next()),
                        c => s.push(c),
                    }
                }
                tokens.push(Token::Str(s));
            }
            c => {
                let mut word = c.to_string();
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() || "{}[]:,|\"".contains(c) {
                        break;
                    }
                    word.push(c);
                    chars.next();
                }
                tokens.push(if word == "or" {
                    Token::Or
                } else {
                    Token::Word(word)
                });
            }
        }
    }
    tokens
}

/// Whether `token` stands for "and so on".
fn is_ellipsis(token: Option<&Token>) -> bool {
    matches!(token, Some(Token::Word(w)) if w == "…" || w == "...")
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn new(text: &str) -> Parser {
        Parser {
            tokens: tokens(text),
            at: 0,
        }
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn next(&mut self) -> Token {
        let token = self.tokens.get(self.at).cloned();
        self.at += 1;
        token.unwrap_or_else(|| panic!("the text ends too soon: {:?}", self.tokens))
    }

    fn expect(&mut self, expected: &Token) {
        let token = self.next();
        assert_eq!(&token, expected, "at token {}: {:?}", self.at, self.tokens);
    }

    /// Every value of the text, one after another (a block may document several lines).
    fn values(mut self) -> Vec<Shape> {
        let mut values = Vec::new();
        while self.peek().is_some() {
            values.push(self.value());
        }
        values
    }

    fn value(&mut self) -> Shape {
        let mut alternatives = vec![self.single()];
        while self.peek() == Some(&Token::Or) {
            self.next();
            alternatives.push(self.single());
        }
        if alternatives.len() == 1 {
            alternatives.pop().unwrap()
        } else {
            Shape::Alternatives(alternatives)
        }
    }

    fn single(&mut self) -> Shape {
        match self.next() {
            Token::Open('{') => self.object(),
            Token::Open('[') => self.array(),
            Token::Str(_) | Token::Word(_) => Shape::Scalar,
            token => panic!(
                "unexpected {token:?} at token {}: {:?}",
                self.at, self.tokens
            ),
        }
    }

    fn object(&mut self) -> Shape {
        let mut keys = Vec::new();
        let mut open = false;
        loop {
            match self.next() {
                Token::Close('}') => break,
                Token::Comma => {}
                Token::Word(w) if w == "…" || w == "..." => open = true,
                Token::Str(key) => {
                    self.expect(&Token::Colon);
                    keys.push((key, self.value()));
                }
                token => panic!("unexpected {token:?} in an object: {:?}", self.tokens),
            }
        }
        Shape::Object((!open).then_some(keys))
    }

    fn array(&mut self) -> Shape {
        let mut first = None;
        let mut elements = 0;
        loop {
            match self.peek() {
                Some(Token::Close(']')) => {
                    self.next();
                    break;
                }
                Some(Token::Comma) => {
                    self.next();
                }
                token => {
                    let ellipsis = is_ellipsis(token);
                    let element = self.value();
                    if elements == 0 && !ellipsis {
                        first = Some(Box::new(element));
                    }
                    elements += 1;
                }
            }
        }
        Shape::Array(first)
    }
}

/// The differences between the documented shape `doc` and the printed one, `printed`, at
/// `path`.
fn compare(doc: &Shape, printed: &Shape, path: &str, errors: &mut Vec<String>) {
    match (doc, printed) {
        (Shape::Alternatives(alternatives), printed) => {
            // Said: the differences from the alternative of the printed kind (an object for
            // an object), else from the first.
            let mut said = None;
            for alternative in alternatives {
                let mut found = Vec::new();
                compare(alternative, printed, path, &mut found);
                if found.is_empty() {
                    return;
                }
                if said.is_none() || kind(alternative) == kind(printed) {
                    said = Some(found);
                }
            }
            errors.extend(said.unwrap_or_default());
        }
        (Shape::Scalar, Shape::Scalar) | (Shape::Object(None), Shape::Object(_)) => {}
        (Shape::Object(Some(doc_keys)), Shape::Object(Some(keys))) => {
            let names =
                |keys: &[(String, Shape)]| keys.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>();
            if names(doc_keys) != names(keys) {
                errors.push(format!(
                    "{path}: the docs have the keys {:?}, the program prints {:?}",
                    names(doc_keys),
                    names(keys)
                ));
            }
            for (key, doc_value) in doc_keys {
                if let Some((_, value)) = keys.iter().find(|(k, _)| k == key) {
                    compare(doc_value, value, &format!("{path}.{key}"), errors);
                }
            }
        }
        (Shape::Array(_), Shape::Array(None)) | (Shape::Array(None), Shape::Array(_)) => {}
        (Shape::Array(Some(doc_element)), Shape::Array(Some(element))) => {
            compare(doc_element, element, &format!("{path}[0]"), errors);
        }
        (doc, printed) => errors.push(format!(
            "{path}: the docs have {}, the program prints {}",
            kind(doc),
            kind(printed)
        )),
    }
}

fn kind(shape: &Shape) -> &'static str {
    match shape {
        Shape::Scalar => "a string, number, boolean or null",
        Shape::Object(_) => "an object",
        Shape::Array(_) => "an array",
        Shape::Alternatives(_) => "alternatives",
    }
}

/// The documented shapes of docs/cli.md by name, in order; asserts that every ```json block
/// has its name.
fn documented() -> Vec<(String, Vec<Shape>)> {
    let path = chess_testdata::workspace_root().join("docs/cli.md");
    let text = std::fs::read_to_string(&path).expect("docs/cli.md reads");
    let mut shapes = Vec::new();
    let mut lines = text.lines().map(str::trim);
    let mut previous = "";
    while let Some(line) = lines.next() {
        if line == "```json" {
            let name = previous
                .strip_prefix("<!-- json-shape: ")
                .and_then(|rest| rest.strip_suffix(" -->"))
                .unwrap_or_else(|| {
                    panic!("docs/cli.md: a ```json block without `<!-- json-shape: NAME -->` above it (after {previous:?})")
                });
            let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
            shapes.push((name.to_owned(), Parser::new(&block.join("\n")).values()));
        }
        if !line.is_empty() {
            previous = line;
        }
    }
    shapes
}

/// The objects a command printed, one a line; asserts the exit status.
fn printed(args: &[&str], stdin: &str, status: i32) -> Vec<Shape> {
    let out = chess(args, stdin);
    assert_eq!(
        out.status,
        status,
        "chess {}: {}",
        args.join(" "),
        out.stderr
    );
    assert!(
        !out.stdout.is_empty(),
        "chess {}: no output",
        args.join(" ")
    );
    out.stdout.lines().map(|l| Parser::new(l).value()).collect()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Fool's mate: white is mated.
const MATED: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
/// Black to move and stalemated.
const STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
const KBNK: &str = "8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1";

/// A good game with tags, a bad one, one with a variation dropped, and one cut off.
const GAMES: &str = "[Event \"good\"]\n[White \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n\
[Event \"variation\"]\n\n1. e4 (1. d4 d5 2. Ke3) e5 *\n\n\
[Event \"cut\"]\n\n1. d4 d5 2. c4";

/// The outputs to hold the shape `name` against: the objects each command printed.
fn outputs(name: &str, dir: &TempDir) -> Option<Vec<Vec<Shape>>> {
    let me = env!("CARGO_BIN_EXE_chess");
    let games = dir.file("games.pgn", GAMES);
    Some(match name {
        "moves" => vec![
            printed(&["moves", "--json"], "", 0),
            printed(&["moves", "--json", MATED], "", 0),
        ],
        "check" => vec![
            printed(&["check", "--json"], START, 0),
            printed(
                &["check", "--json"],
                "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR\n",
                0,
            ),
        ],
        "fen" => vec![
            printed(&["fen", "--json", START], "", 0),
            printed(&["fen", "--json", "not a fen"], "", 1),
        ],
        "pgn" => vec![printed(&["pgn", "--json", &games], "", 1)],
        "pgn plan" => {
            let big = dir.file("big.pgn", &"1. e4 e5 1-0\n\n".repeat(1000));
            vec![printed(&["pgn", "--plan", "1K", "--json", &big], "", 0)]
        }
        "decode" => {
            let position = chess(&["encode", "--fen", MATED], "").stdout;
            let huffman = chess(&["encode", "--huffman"], "").stdout;
            let good = dir.file("good.pgn", "1. e4 e5 2. Nf3 1-0\n");
            let game = chess(&["encode", &good], "").stdout;
            let values = [position.trim(), huffman.trim(), game.trim(), "not base64!"];
            vec![printed(
                &[&["decode", "--json"][..], &values[..]].concat(),
                "",
                1,
            )]
        }
        "opening" => vec![
            printed(&["opening", "--json", "e4", "c5"], "", 0),
            printed(&["opening", "--json", "--fen", KBNK], "", 0),
        ],
        "book probe" => {
            let book = dir.join("book.bin").display().to_string();
            let built = chess_bytes(
                &["book", "build", &games, "--out", &book, "--min-games", "1"],
                b"",
            );
            assert!(built.status <= 1, "{}", built.stderr);
            vec![
                printed(&["book", "probe", &book, "--json"], "", 0),
                printed(&["book", "probe", &book, "--json", "h4"], "", 0),
            ]
        }
        "tb" => {
            let tables = chess_testdata::file(chess_testdata::SYZYGY_DIR)?;
            let tables = tables.display().to_string();
            vec![printed(
                &["tb", "--syzygy", &tables, "--fen", KBNK, "--json"],
                "",
                0,
            )]
        }
        "perft compare agree" => vec![printed(
            &[
                "perft",
                "--compare",
                me,
                "--engine-arg",
                "uci",
                "--json",
                "2",
            ],
            "",
            0,
        )],
        "perft compare differ" => {
            if !crate::support::python3_or_skip("json_shapes: perft compare differ")
                || !chess_testdata::python_chess()
            {
                return None;
            }
            let liar = crate::support::own_file("perft_engine.py");
            let liar_arg = format!("--engine-arg={liar}");
            vec![
                printed(
                    &[
                        "perft",
                        "--compare",
                        "python3",
                        &liar_arg,
                        "--engine-arg=--after=e2e4",
                        "--engine-arg=--drop=e7e5",
                        "--json",
                        "3",
                    ],
                    "",
                    3,
                ),
                printed(
                    &[
                        "perft",
                        "--compare",
                        "python3",
                        &liar_arg,
                        "--engine-arg=--after=d2d4,d7d5",
                        "--engine-arg=--add=e1g1",
                        "--json",
                        "3",
                    ],
                    "",
                    3,
                ),
            ]
        }
        "analyse" => {
            let engine = ["--engine", me, "--engine-arg", "uci"];
            let with_engine = |args: &[&'static str]| [args, &engine[..]].concat();
            vec![
                printed(&["analyse", "--json", "--depth", "3"], "", 0),
                printed(&["analyse", "--json", "--fen", MATED], "", 0),
                printed(&["analyse", "--json", "--fen", STALEMATE], "", 0),
                printed(&with_engine(&["analyse", "--json", "--depth", "3"]), "", 0),
                printed(&with_engine(&["analyse", "--json", "--fen", MATED]), "", 0),
            ]
        }
        "match" => {
            let args = [
                "match",
                "--json",
                "-e",
                "builtin",
                "-e",
                "builtin",
                "--depth",
                "1",
                "-n",
                "2",
                "--max-moves",
                "5",
            ];
            vec![
                printed(&args, "", 0),
                printed(&[&args[..], &["--sprt", "elo0=0,elo1=5"]].concat(), "", 0),
            ]
        }
        _ => panic!("docs/cli.md documents the JSON of {name:?}: add its commands here"),
    })
}

/// The `--json` shapes of docs/cli.md hold for what the program prints. (They did not for
/// `chess analyse --json` on a mated position: no `turn`, and `"engine": null`.)
#[test]
fn every_documented_json_shape_is_what_the_program_prints() {
    let dir = TempDir::new("cli-json-shapes");
    let shapes = documented();
    let names: Vec<&str> = shapes.iter().map(|(name, _)| name.as_str()).collect();
    for expected in [
        "moves",
        "check",
        "fen",
        "pgn",
        "decode",
        "opening",
        "book probe",
        "tb",
        "perft compare agree",
        "perft compare differ",
        "analyse",
        "match",
        "pgn plan",
    ] {
        assert!(
            names.contains(&expected),
            "docs/cli.md has no shape {expected:?}"
        );
    }
    let mut errors = Vec::new();
    for (name, doc) in &shapes {
        let Some(runs) = outputs(name, &dir) else {
            continue;
        };
        for (run, lines) in runs.iter().enumerate() {
            // One documented object for every line; or, for a block of several, the first for
            // every line but the last (match: the games, then the standings).
            for (i, line) in lines.iter().enumerate() {
                let shape = if doc.len() == 1 || i + 1 < lines.len() {
                    &doc[0]
                } else {
                    &doc[doc.len() - 1]
                };
                compare(
                    shape,
                    line,
                    &format!("{name} (run {run}, line {i})"),
                    &mut errors,
                );
            }
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The checker itself: a missing key, an extra one and a changed order are each found.
#[test]
fn the_shape_checker_finds_what_differs() {
    let doc = &Parser::new(
        r#"{"a": n, "b": {"c": F or null}, "d": [{"e": b}, …], "h": {"Event": "…", …}}"#,
    )
    .values()[0];
    let check = |printed: &str| {
        let mut errors = Vec::new();
        compare(doc, &Parser::new(printed).value(), "x", &mut errors);
        errors
    };
    assert!(check(r#"{"a": 1, "b": {"c": null}, "d": [], "h": {"Site": "?"}}"#).is_empty());
    assert!(check(r#"{"a": 1, "b": {"c": "F"}, "d": [{"e": true}], "h": {}}"#).is_empty());
    assert_eq!(check(r#"{"a": 1, "b": {}, "d": [], "h": {}}"#).len(), 1);
    assert_eq!(
        check(r#"{"b": {"c": 1}, "a": 1, "d": [], "h": {}}"#).len(),
        1
    );
    assert_eq!(
        check(r#"{"a": 1, "b": {"c": 1}, "d": [{"e": 1, "f": 2}], "h": {}}"#).len(),
        1
    );
    assert_eq!(
        check(r#"{"a": 1, "b": {"c": 1}, "d": [], "h": {}, "z": 0}"#).len(),
        1
    );
    assert_eq!(
        check(r#"{"a": {}, "b": {"c": 1}, "d": [], "h": {}}"#).len(),
        1
    );
}
