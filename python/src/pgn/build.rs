//! `read_game` with python-chess's default visitor, `GameBuilder`, done in Rust: the game
//! object and its tags, the nodes with their moves, comments and NAGs, and the errors, made as
//! `GameBuilder` makes them but without a Python call per token. The moves of standard chess
//! and Chess960 are read on chess-rules' lenient positions with chess-notation's lenient SAN
//! reader, which follows python-chess's `Board.parse_san`; those of a variant (a `Variant` tag
//! naming one of `kingside.variant`'s boards) on chess-rules' variant positions with
//! chess-notation's variant SAN reader, by the code of the variant board's own `parse_san` and
//! `push` (`crate::variant::VariantLine`).

use std::mem;

use chess_notation::lenient::parse_san;
use chess_rules::lenient::RawMove;
use chess_rules::lenient::{LenientGame, LenientPosition};
use pyo3::exceptions::{PyAssertionError, PyIndexError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList};

use super::node::{Children, Game, MoveField, Node, Parent, Text, Tree};
use super::read::{Open, Sink, read_game};
use super::{board_type, game_builder_class, headers_class, initial_board, is_exactly};
use crate::board::BaseBoard;
use crate::variant::VariantLine;

/// The names of the Seven Tag Roster, which `Headers` keeps apart from the other tags.
const TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Reads a game as `builder` would, a plain ``GameBuilder`` building plain ``Game`` objects
/// (``read_game`` checks; None for the default one, made only if an error needs its
/// ``handle_error``): the game, or None at the end of the file.
#[pyfunction]
#[pyo3(signature = (handle, builder = None))]
pub(crate) fn pgn_read_game<'py>(
    handle: &Bound<'py, PyAny>,
    builder: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = handle.py();
    let mut sink = Builder {
        py,
        builder,
        game: None,
        tags: None,
        special_tags: false,
        tree: Tree::new(),
        stack: Vec::new(),
        starting_comment: String::new(),
        in_variation: false,
        boards: Boards::Standard(Vec::new()),
    };
    read_game(handle, &mut sink)
}

/// A game's ``Headers`` and the tags it will be made of.
struct Tags<'py> {
    headers: Bound<'py, PyAny>,
    pending: Bound<'py, PgnTags>,
}

impl Tags<'_> {
    /// A tag read: kept in Rust, or set in ``Headers`` once it has taken the tags.
    fn add(&self, name: &str, value: &str) -> PyResult<()> {
        // A line break in a value: `Headers.__setitem__` refuses it, with its words.
        if !value.contains('\n') {
            let mut pending = self.pending.borrow_mut();
            if !pending.taken {
                pending.push(name, value);
                return Ok(());
            }
        }
        self.headers.set_item(name, value)
    }
}

/// Reads the tags of the next game as ``read_headers`` does (``HeadersBuilder``): a
/// ``Headers`` of them, kept in Rust until asked for, the movetext skipped; None at the end of
/// the file.
#[pyfunction]
pub(crate) fn pgn_read_headers<'py>(
    handle: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let mut sink = TagsOnly {
        py: handle.py(),
        tags: None,
    };
    read_game(handle, &mut sink)
}

/// `HeadersBuilder`'s state, in Rust.
struct TagsOnly<'py> {
    py: Python<'py>,
    tags: Option<Tags<'py>>,
}

impl<'py> Sink<'py> for TagsOnly<'py> {
    fn begin_game(&mut self) -> PyResult<bool> {
        Ok(false)
    }

    fn begin_headers(&mut self) -> PyResult<()> {
        self.tags = Some(new_tags(self.py, false)?);
        Ok(())
    }

    fn header(&mut self, name: &str, value: &str) -> PyResult<()> {
        match &self.tags {
            Some(tags) => tags.add(name, value),
            None => Ok(()),
        }
    }

    fn end_headers(&mut self) -> PyResult<bool> {
        // The movetext is skipped: none of the calls below come.
        Ok(true)
    }

    fn start_board(&mut self) -> PyResult<bool> {
        Ok(false)
    }

    fn comment(&mut self, _: &str) -> PyResult<()> {
        Ok(())
    }

    fn open(&mut self) -> PyResult<Open> {
        Ok(Open::Skipped)
    }

    fn end_skipped(&mut self) -> PyResult<()> {
        Ok(())
    }

    fn close(&mut self) -> PyResult<()> {
        Ok(())
    }

    fn nag(&mut self, _: &str) -> PyResult<()> {
        Ok(())
    }

    fn in_mainline(&self) -> bool {
        true
    }

    fn result(&mut self, _: &str) -> PyResult<()> {
        Ok(())
    }

    fn san(&mut self, _: &str) -> PyResult<bool> {
        Ok(true)
    }

    fn end_game(&mut self) -> PyResult<Bound<'py, PyAny>> {
        let tags = self.tags.take().expect("begin_headers made the tags");
        Ok(tags.headers)
    }
}

/// The tags `read_game` read for a game's ``Headers``, kept in Rust until Python asks for them
/// (``Headers`` then makes its two dictionaries of them, as if each had been set in turn).
#[pyclass(module = "kingside._native")]
pub(crate) struct PgnTags {
    /// The names and values, one after the other.
    text: String,
    /// Each tag's name and value, as ranges of `text`.
    spans: Vec<[u32; 4]>,
    /// The result a result token set (`GameBuilder.visit_result`).
    result: Option<String>,
    /// Whether ``Headers`` took the tags: later ones go to it.
    taken: bool,
    /// Whether the Seven Tag Roster's defaults come first (a game's tags; not those of
    /// ``HeadersBuilder``, which start empty).
    defaults: bool,
}

impl PgnTags {
    fn push(&mut self, name: &str, value: &str) {
        let at = |text: &String| u32::try_from(text.len()).unwrap_or(u32::MAX);
        let name_at = at(&self.text);
        self.text.push_str(name);
        let value_at = at(&self.text);
        self.text.push_str(value);
        self.spans
            .push([name_at, value_at, value_at, at(&self.text)]);
    }

    fn tag(&self, span: [u32; 4]) -> (&str, &str) {
        let text = |from: u32, to: u32| &self.text[from as usize..to as usize];
        (text(span[0], span[1]), text(span[2], span[3]))
    }

    /// The `Result` tag as the tags and results set it.
    fn current_result(&self) -> &str {
        if let Some(result) = &self.result {
            return result;
        }
        self.spans
            .iter()
            .rev()
            .map(|&span| self.tag(span))
            .find(|(name, _)| *name == "Result")
            .map_or("*", |(_, value)| value)
    }
}

#[pymethods]
impl PgnTags {
    /// The dictionaries of the Seven Tag Roster (its defaults, then the tags read) and of the
    /// other tags, in the order read. The tags are Python's from then on.
    fn dicts<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
        self.taken = true;
        let roster = PyDict::new(py);
        if self.defaults {
            for (name, value) in TAG_ROSTER.iter().zip(ROSTER_DEFAULTS) {
                roster.set_item(name, value)?;
            }
        }
        let others = PyDict::new(py);
        for &span in &self.spans {
            let (name, value) = self.tag(span);
            if TAG_ROSTER.contains(&name) {
                roster.set_item(name, value)?;
            } else {
                others.set_item(name, value)?;
            }
        }
        if let Some(result) = &self.result {
            roster.set_item("Result", result)?;
        }
        Ok((roster, others))
    }
}

/// `GameBuilder`'s state, in Rust: the game's tree is built here and given to the game at its
/// end.
struct Builder<'py> {
    py: Python<'py>,
    /// The ``GameBuilder`` whose ``handle_error`` reports the errors.
    builder: Option<Bound<'py, PyAny>>,
    game: Option<Bound<'py, Game>>,
    tags: Option<Tags<'py>>,
    /// Whether a `FEN` or `Variant` tag was read (the starting position is then Python's).
    special_tags: bool,
    tree: Tree,
    /// `GameBuilder.variation_stack`: the node each open line has reached.
    stack: Vec<u32>,
    starting_comment: String,
    in_variation: bool,
    /// The reader's board stack.
    boards: Boards,
}

/// The reader's board stack: the mainline's board, then each open variation's; boards of
/// standard chess (and Chess960) or of a variant, chosen once per game by its tags.
enum Boards {
    Standard(Vec<LenientGame>),
    Variant(Vec<VariantLine>),
}

/// What the reader asks of a board of its stack, besides reading and playing a move.
trait LineBoard: Clone {
    /// Whether a move was played on the board (there is one to take back).
    fn has_moves(&self) -> bool;
    /// Takes back the last move.
    fn take_back(&mut self);
}

impl LineBoard for LenientGame {
    fn has_moves(&self) -> bool {
        !self.is_empty()
    }

    fn take_back(&mut self) {
        self.pop();
    }
}

impl LineBoard for VariantLine {
    fn has_moves(&self) -> bool {
        VariantLine::has_moves(self)
    }

    fn take_back(&mut self) {
        self.pop();
    }
}

/// A variation opens: a copy of the top board with its last move taken back.
fn open_line<B: LineBoard>(boards: &mut Vec<B>) {
    if let Some(top) = boards.last() {
        let mut board = top.clone();
        board.take_back();
        boards.push(board);
    }
}

impl Boards {
    /// How many boards the stack holds.
    fn len(&self) -> usize {
        match self {
            Boards::Standard(boards) => boards.len(),
            Boards::Variant(boards) => boards.len(),
        }
    }

    /// Whether the top board has a move to take back (false for an empty stack).
    fn top_has_moves(&self) -> bool {
        match self {
            Boards::Standard(boards) => boards.last().is_some_and(LineBoard::has_moves),
            Boards::Variant(boards) => boards.last().is_some_and(LineBoard::has_moves),
        }
    }

    /// A variation opens (see `open_line`).
    fn open(&mut self) {
        match self {
            Boards::Standard(boards) => open_line(boards),
            Boards::Variant(boards) => open_line(boards),
        }
    }

    /// A variation closes: its board is dropped.
    fn close(&mut self) {
        match self {
            Boards::Standard(boards) => {
                boards.pop();
            }
            Boards::Variant(boards) => {
                boards.pop();
            }
        }
    }
}

/// python-chess's `IndexError` for an empty variation stack.
fn empty_stack() -> PyErr {
    PyIndexError::new_err("list index out of range")
}

impl<'py> Builder<'py> {
    fn tags(&self) -> &Tags<'py> {
        self.tags.as_ref().expect("begin_game made the tags")
    }

    fn top(&mut self) -> PyResult<&mut Node> {
        let top = *self.stack.last().ok_or_else(empty_stack)?;
        Ok(&mut self.tree.nodes[top as usize])
    }

    /// The builder's `handle_error` (the builder made now if it was not given), bound to
    /// the game being read.
    fn handle_error_method(&mut self) -> PyResult<Bound<'py, PyAny>> {
        let builder = match &self.builder {
            Some(builder) => builder.clone(),
            None => {
                let builder = game_builder_class(self.py)?.call0()?;
                self.builder = Some(builder.clone());
                builder
            }
        };
        if let Some(game) = &self.game {
            builder.setattr("game", game)?;
        }
        builder.getattr("handle_error")
    }

    /// `GameBuilder.handle_error`: logged and added to the game's errors.
    fn handle_error(&mut self, error: PyErr) -> PyResult<()> {
        let py = self.py;
        self.handle_error_method()?.call1((error.into_value(py),))?;
        Ok(())
    }

    /// `GameBuilder.visit_move`: a child of the top node, which it replaces.
    fn visit_move(&mut self, m: RawMove) -> PyResult<()> {
        let top = *self.stack.last().ok_or_else(empty_stack)?;
        let mut node = Node {
            parent: Parent::Index(top),
            mv: MoveField::Raw(m),
            ..Node::default()
        };
        if !self.starting_comment.is_empty() {
            node.rare_mut().starting_comment = Text::Rust(mem::take(&mut self.starting_comment));
        }
        let child = self.tree.push(node);
        if let Children::Indices(children) = &mut self.tree.nodes[top as usize].children {
            children.push(child);
        }
        *self.stack.last_mut().expect("checked above") = child;
        self.in_variation = true;
        Ok(())
    }
}

/// A new ``Headers`` whose tags are kept in Rust until Python asks for them (after the Seven
/// Tag Roster's defaults with `defaults`).
fn new_tags(py: Python<'_>, defaults: bool) -> PyResult<Tags<'_>> {
    let class = headers_class(py)?;
    let headers = class.call_method1(pyo3::intern!(py, "__new__"), (&class,))?;
    let pending = Bound::new(
        py,
        PgnTags {
            text: String::with_capacity(512),
            spans: Vec::with_capacity(20),
            result: None,
            taken: false,
            defaults,
        },
    )?;
    headers.setattr(pyo3::intern!(py, "_pending"), &pending)?;
    Ok(Tags { headers, pending })
}

/// The Seven Tag Roster's default values, in its order.
const ROSTER_DEFAULTS: [&str; 7] = ["?", "?", "????.??.??", "?", "?", "?", "*"];

impl<'py> Sink<'py> for Builder<'py> {
    fn begin_game(&mut self) -> PyResult<bool> {
        let py = self.py;
        let tags = new_tags(py, true)?;
        let game = Game::built(
            py,
            Tree::new(),
            tags.headers.clone().unbind(),
            PyList::empty(py).into_any().unbind(),
        )?;
        self.game = Some(game);
        self.tags = Some(tags);
        self.tree = Tree::with_capacity(128, 2048);
        self.stack = vec![0];
        self.starting_comment.clear();
        self.in_variation = false;
        Ok(false)
    }

    fn begin_headers(&mut self) -> PyResult<()> {
        Ok(())
    }

    fn header(&mut self, name: &str, value: &str) -> PyResult<()> {
        if matches!(name, "FEN" | "Variant") {
            self.special_tags = true;
        }
        self.tags().add(name, value)
    }

    fn end_headers(&mut self) -> PyResult<bool> {
        Ok(false)
    }

    fn start_board(&mut self) -> PyResult<bool> {
        if !self.special_tags {
            self.boards = Boards::Standard(vec![LenientGame::new(LenientPosition::standard())]);
            return Ok(true);
        }
        let handle_error = self.handle_error_method()?;
        let board = initial_board(self.py)?.call1((&self.tags().headers, handle_error))?;
        if board.is_none() {
            return Ok(false);
        }
        // A board of `kingside.variant` when not exactly `kingside.Board`.
        self.boards = if is_exactly(&board, board_type(self.py)?) {
            Boards::Standard(vec![board.cast::<BaseBoard>()?.borrow().game.clone()])
        } else {
            Boards::Variant(vec![VariantLine::of(&board)?])
        };
        Ok(true)
    }

    fn comment(&mut self, text: &str) -> PyResult<()> {
        let py = self.py;
        let in_variation = self.in_variation;
        let top = self.top()?;
        let on_node = in_variation
            || (matches!(top.parent, Parent::None)
                && matches!(&top.children, Children::Indices(c) if c.is_empty()));
        if on_node {
            let top = *self.stack.last().ok_or_else(empty_stack)?;
            let Tree {
                nodes,
                text: buffer,
                ..
            } = &mut self.tree;
            return nodes[top as usize].comment.append(py, buffer, text);
        }
        if !text.is_empty() {
            if !self.starting_comment.is_empty() {
                self.starting_comment.push(' ');
            }
            self.starting_comment.push_str(text);
        }
        Ok(())
    }

    fn open(&mut self) -> PyResult<Open> {
        if !self.boards.top_has_moves() {
            return Ok(Open::Ignored);
        }
        // `GameBuilder.begin_variation`: back to the parent of the top node.
        let Parent::Index(parent) = self.top()?.parent else {
            return Err(PyAssertionError::new_err(
                "begin_variation() at the root: no move to take back",
            ));
        };
        self.stack.push(parent);
        self.in_variation = false;
        self.boards.open();
        Ok(Open::Opened)
    }

    fn end_skipped(&mut self) -> PyResult<()> {
        self.stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        Ok(())
    }

    fn close(&mut self) -> PyResult<()> {
        if self.boards.len() > 1 {
            self.end_skipped()?;
            self.boards.close();
        }
        Ok(())
    }

    fn nag(&mut self, digits: &str) -> PyResult<()> {
        let py = self.py;
        let top = self.top()?;
        match digits.parse::<u64>() {
            Ok(nag) => top.rare_mut().nags.add(py, nag),
            Err(_) => {
                let nag = py.get_type::<PyInt>().call1((digits,))?;
                top.rare_mut().nags.add_object(&nag)
            }
        }
    }

    fn in_mainline(&self) -> bool {
        self.boards.len() == 1
    }

    fn result(&mut self, result: &str) -> PyResult<()> {
        let tags = self.tags();
        {
            let mut pending = tags.pending.borrow_mut();
            if !pending.taken {
                if pending.current_result() == "*" {
                    pending.result = Some(result.to_owned());
                }
                return Ok(());
            }
        }
        let headers = &tags.headers;
        if headers.call_method1("get", ("Result", "*"))?.eq("*")? {
            headers.set_item("Result", result)?;
        }
        Ok(())
    }

    fn san(&mut self, token: &str) -> PyResult<bool> {
        let py = self.py;
        let m = match &mut self.boards {
            Boards::Standard(boards) => {
                let game = boards.last_mut().ok_or_else(empty_stack)?;
                match parse_san(game.position(), token) {
                    Ok(m) => {
                        // A legal move or the null move: it plays.
                        let played = game.push(m);
                        debug_assert!(played.is_ok());
                        m
                    }
                    Err(e) => {
                        let error = crate::board::errors::move_error(py, &e, game.position());
                        self.handle_error(error)?;
                        return Ok(true);
                    }
                }
            }
            Boards::Variant(boards) => {
                let line = boards.last_mut().ok_or_else(empty_stack)?;
                match line.parse_san(py, token) {
                    Ok(m) => {
                        // The board's push, whose errors (none for the moves its parse_san
                        // gives) stop the reader, as they stop python-chess's.
                        line.push(py, &m)?;
                        m.raw
                    }
                    Err(error) => {
                        self.handle_error(error)?;
                        return Ok(true);
                    }
                }
            }
        };
        // The move as the board keeps it (castling as python-chess's board writes it).
        self.visit_move(m)?;
        Ok(false)
    }

    fn end_game(&mut self) -> PyResult<Bound<'py, PyAny>> {
        self.stack.clear();
        self.boards = Boards::Standard(Vec::new());
        self.tags = None;
        let game = self.game.take().expect("begin_game made the game");
        Game::set_tree(&game, mem::take(&mut self.tree))?;
        Ok(game.into_any())
    }
}
