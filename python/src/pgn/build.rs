//! `read_game` with python-chess's default visitor, `GameBuilder`, done in Rust: the game
//! object and its tags, the nodes with their moves, comments and NAGs, and the errors, made as
//! `GameBuilder` makes them but without a Python call per token. The moves are read on
//! chess-rules' lenient positions with chess-notation's lenient SAN reader, which follows
//! python-chess's `Board.parse_san`.

use std::mem;

use chess_notation::lenient::{FenOptions, LenientMoveError, parse_san, write_fen};
use chess_rules::lenient::RawMove;
use chess_rules::lenient::{LenientGame, LenientPosition};
use pyo3::exceptions::{PyAssertionError, PyIndexError, PyNotImplementedError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyInt, PyList, PyType};

use super::node::{Children, Game, MoveField, Node, Parent, Text, Tree};
use super::read::{Open, Sink, read_game};
use super::{board_class, headers_class, initial_board};
use crate::board::BaseBoard;

/// The names of the Seven Tag Roster, which `Headers` keeps apart from the other tags.
const TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Reads a game with `builder`, a plain ``GameBuilder`` building plain ``Game`` objects
/// (``read_game`` checks): the game, or None at the end of the file.
#[pyfunction]
pub(crate) fn pgn_read_game<'py>(
    handle: &Bound<'py, PyAny>,
    builder: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = handle.py();
    let mut sink = Builder {
        py,
        builder: builder.clone(),
        game: None,
        tags: None,
        special_tags: false,
        tree: Tree::new(),
        stack: Vec::new(),
        starting_comment: String::new(),
        in_variation: false,
        boards: Vec::new(),
    };
    read_game(handle, &mut sink)
}

/// The two dictionaries of a game's ``Headers`` (the roster's tags, the others), filled
/// directly.
struct Tags<'py> {
    headers: Bound<'py, PyAny>,
    roster: Bound<'py, PyDict>,
    others: Bound<'py, PyDict>,
}

/// `GameBuilder`'s state, in Rust: the game's tree is built here and given to the game at its
/// end.
struct Builder<'py> {
    py: Python<'py>,
    builder: Bound<'py, PyAny>,
    game: Option<Bound<'py, Game>>,
    tags: Option<Tags<'py>>,
    /// Whether a `FEN` or `Variant` tag was read (the starting position is then Python's).
    special_tags: bool,
    tree: Tree,
    /// `GameBuilder.variation_stack`: the node each open line has reached.
    stack: Vec<u32>,
    starting_comment: String,
    in_variation: bool,
    /// The reader's board stack: the mainline's board, then each open variation's.
    boards: Vec<LenientGame>,
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

    /// `GameBuilder.handle_error`: logged and added to the game's errors.
    fn handle_error(&self, error: PyErr) -> PyResult<()> {
        self.builder
            .call_method1("handle_error", (error.into_value(self.py),))?;
        Ok(())
    }

    /// `GameBuilder.visit_move`: a child of the top node, which it replaces.
    fn visit_move(&mut self, m: RawMove) -> PyResult<()> {
        let top = *self.stack.last().ok_or_else(empty_stack)?;
        let child = self.tree.push(Node {
            parent: Parent::Index(top),
            mv: MoveField::Raw(m),
            starting_comment: Text::Rust(mem::take(&mut self.starting_comment)),
            ..Node::default()
        });
        if let Children::Indices(children) = &mut self.tree.nodes[top as usize].children {
            children.push(child);
        }
        *self.stack.last_mut().expect("checked above") = child;
        self.in_variation = true;
        Ok(())
    }
}

/// A new ``Headers`` with the Seven Tag Roster's defaults, made as ``Headers()`` makes it.
fn new_tags(py: Python<'_>) -> PyResult<Tags<'_>> {
    let class = headers_class(py)?;
    let headers = class.call_method1("__new__", (&class,))?;
    let roster = PyDict::new(py);
    for (name, value) in TAG_ROSTER.iter().zip(ROSTER_DEFAULTS) {
        roster.set_item(name, value)?;
    }
    let others = PyDict::new(py);
    headers.setattr("_tag_roster", &roster)?;
    headers.setattr("_others", &others)?;
    Ok(Tags {
        headers,
        roster,
        others,
    })
}

/// The Seven Tag Roster's default values, in its order.
const ROSTER_DEFAULTS: [&str; 7] = ["?", "?", "????.??.??", "?", "?", "?", "*"];

/// The Python error `Board.parse_san` raises for a move it cannot read (the classes of
/// `kingside._errors`, the messages of the board's own errors).
fn san_error(py: Python<'_>, error: &LenientMoveError, pos: &LenientPosition) -> PyErr {
    static INVALID: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static ILLEGAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static AMBIGUOUS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let (cell, name, message) = match error {
        LenientMoveError::Invalid { .. } => (&INVALID, "InvalidMoveError", error.to_string()),
        LenientMoveError::Ambiguous { .. } => (
            &AMBIGUOUS,
            "AmbiguousMoveError",
            format!("{error} in {}", write_fen(pos, FenOptions::default())),
        ),
        LenientMoveError::Illegal { .. } | LenientMoveError::MissingPromotion { .. } => (
            &ILLEGAL,
            "IllegalMoveError",
            format!("{error} in {}", write_fen(pos, FenOptions::default())),
        ),
    };
    match cell.import(py, "kingside._errors", name) {
        Ok(class) => PyErr::from_type(class.clone(), message),
        Err(e) => e,
    }
}

impl<'py> Sink<'py> for Builder<'py> {
    fn begin_game(&mut self) -> PyResult<bool> {
        let py = self.py;
        let tags = new_tags(py)?;
        let game = Game::built(
            py,
            Tree::new(),
            tags.headers.clone().unbind(),
            PyList::empty(py).into_any().unbind(),
        )?;
        self.builder.setattr("game", &game)?;
        self.game = Some(game);
        self.tags = Some(tags);
        self.tree = Tree::new();
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
        let tags = self.tags();
        if value.contains('\n') {
            // `Headers.__setitem__` refuses it, with its words.
            return tags.headers.set_item(name, value);
        }
        let dict = if TAG_ROSTER.contains(&name) {
            &tags.roster
        } else {
            &tags.others
        };
        dict.set_item(name, value)
    }

    fn end_headers(&mut self) -> PyResult<bool> {
        Ok(false)
    }

    fn start_board(&mut self) -> PyResult<bool> {
        if !self.special_tags {
            self.boards = vec![LenientGame::new(LenientPosition::standard())];
            return Ok(true);
        }
        let handle_error = self.builder.getattr("handle_error")?;
        let board = initial_board(self.py)?.call1((&self.tags().headers, handle_error))?;
        if board.is_none() {
            return Ok(false);
        }
        if !board.get_type().is(&board_class(self.py)?) {
            return Err(PyNotImplementedError::new_err(format!(
                "read_game() reads games of standard chess and Chess960, not on a {}",
                board.get_type().name()?
            )));
        }
        let game = board.cast::<BaseBoard>()?.borrow().game.clone();
        self.boards = vec![game];
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
            return top.comment.append(py, text);
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
        let Some(board) = self.boards.last() else {
            return Ok(Open::Ignored);
        };
        if board.is_empty() {
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
        let mut board = self.boards.last().expect("checked above").clone();
        board.pop();
        self.boards.push(board);
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
            self.boards.pop();
        }
        Ok(())
    }

    fn nag(&mut self, digits: &str) -> PyResult<()> {
        let py = self.py;
        let top = self.top()?;
        match digits.parse::<u64>() {
            Ok(nag) => top.nags.add(py, nag),
            Err(_) => {
                let nag = py.get_type::<PyInt>().call1((digits,))?;
                top.nags.add_object(&nag)
            }
        }
    }

    fn in_mainline(&self) -> bool {
        self.boards.len() == 1
    }

    fn result(&mut self, result: &str) -> PyResult<()> {
        let roster = &self.tags().roster;
        let unset = match roster.get_item("Result")? {
            Some(value) => value.eq("*")?,
            None => true,
        };
        if unset {
            roster.set_item("Result", result)?;
        }
        Ok(())
    }

    fn san(&mut self, token: &str) -> PyResult<bool> {
        let py = self.py;
        let board = self.boards.last_mut().ok_or_else(empty_stack)?;
        let m = match parse_san(board.position(), token) {
            Ok(m) => m,
            Err(e) => {
                let error = san_error(py, &e, board.position());
                self.handle_error(error)?;
                return Ok(true);
            }
        };
        // A legal move or the null move: it plays.
        let played = board.push(m);
        debug_assert!(played.is_ok());
        // The move as the board keeps it (castling as python-chess's board writes it).
        self.visit_move(m)?;
        Ok(false)
    }

    fn end_game(&mut self) -> PyResult<Bound<'py, PyAny>> {
        self.stack.clear();
        self.boards.clear();
        self.tags = None;
        let game = self.game.take().expect("begin_game made the game");
        Game::set_tree(&game, mem::take(&mut self.tree))?;
        Ok(game.into_any())
    }
}
