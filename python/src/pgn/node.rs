//! The game tree's nodes: the native bases of python-chess's `GameNode`, `ChildNode` and
//! `Game` (the Python module's classes derive from them and add the methods written in
//! Python), with the fields kept by Rust.
//!
//! A node's fields live in one of two places:
//!
//! - in the node itself, for the nodes Python makes (`Game()`, `ChildNode(parent, move)`,
//!   `add_variation`): python-chess's object graph, the parent and the children referring to
//!   each other;
//! - in a tree that the game at the root owns, for the games `read_game` builds: an arena of
//!   nodes that refer to each other by index and hold no Python object, so that reading a game
//!   makes one Python object and no reference cycle. A node of such a tree becomes a Python
//!   object (a *view*: the game and the index) only when Python asks for it, and the same
//!   object is handed out while it lives (the tree keeps a weak reference to it). Whatever a
//!   view is given to keep (a comment, NAGs, the list of its variations once asked for, any
//!   attribute set on it) is kept in the tree, so that a later view of the node sees it.
//!
//! The children of a tree node are indices until Python asks for `variations`: the list then
//! made is the node's from then on, as python-chess's list is, so that `remove`, `insert` or
//! `append` on it change the tree.

use std::mem;

use chess_notation::lenient::{
    DurationCommand, EvalValue, clock_command, emt_command, eval_command,
};
use chess_rules::lenient::RawMove;
use pyo3::exceptions::{PyAttributeError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{
    PyBool, PyDict, PyList, PySet, PyString, PyTuple, PyType, PyWeakrefMethods, PyWeakrefReference,
};
use pyo3::{PyTraverseError, PyVisit};

use super::{
    child_node_class, child_node_type, game_class, game_type, headers_type, is_exactly, python_name,
};
use crate::board::Move;

python_name!(slow_clock, "kingside.pgn", "_regex_clock");
python_name!(slow_emt, "kingside.pgn", "_regex_emt");
python_name!(slow_eval, "kingside.pgn", "_regex_eval");
python_name!(slow_eval_depth, "kingside.pgn", "_regex_eval_depth");
python_name!(cp_class, "kingside.engine", "Cp");
python_name!(mate_class, "kingside.engine", "Mate");
python_name!(pov_score_class, "kingside.engine", "PovScore");

/// A text field: a Rust string (what Python's strings give), a part of the tree's text (what
/// the reader gives: one buffer for the comments of a game), or whatever other object Python
/// set.
pub(crate) enum Text {
    Rust(String),
    /// The bytes `start..start + len` of the tree's text.
    Span(usize, usize),
    Object(Py<PyAny>),
}

impl Default for Text {
    fn default() -> Text {
        Text::Rust(String::new())
    }
}

impl Text {
    /// The field for a value set from Python: a string is kept in Rust (but one holding lone
    /// surrogates, which UTF-8 cannot hold).
    fn of(value: &Bound<'_, PyAny>) -> Text {
        if let Ok(text) = value.cast::<PyString>() {
            if let Ok(text) = text.to_str() {
                return Text::Rust(text.to_owned());
            }
        }
        Text::Object(value.clone().unbind())
    }

    fn object<'py>(&self, py: Python<'py>, buffer: &str) -> Bound<'py, PyAny> {
        match self {
            Text::Object(object) => object.bind(py).clone(),
            text => PyString::new(py, text.as_str(buffer).unwrap_or_default()).into_any(),
        }
    }

    /// The text, when Rust holds it (`buffer`: the tree's text).
    pub(crate) fn as_str<'a>(&'a self, buffer: &'a str) -> Option<&'a str> {
        match self {
            Text::Rust(text) => Some(text),
            Text::Span(start, len) => buffer.get(*start..*start + *len),
            Text::Object(_) => None,
        }
    }

    /// Adds `more` after the text with a space between, leaving out empty parts (python-chess's
    /// `" ".join(filter(None, [text, more]))`); the reader's text goes to `buffer`, the tree's.
    pub(crate) fn append(
        &mut self,
        py: Python<'_>,
        buffer: &mut String,
        more: &str,
    ) -> PyResult<()> {
        if more.is_empty() {
            if let Text::Object(object) = self {
                // `" ".join` of a lone object that is no string raises, as python-chess's does.
                let parts: Vec<Bound<'_, PyAny>> = if object.bind(py).is_truthy()? {
                    vec![object.bind(py).clone()]
                } else {
                    Vec::new()
                };
                let joined = PyString::new(py, " ").call_method1("join", (parts,))?;
                *self = Text::of(&joined);
            }
            return Ok(());
        }
        match self {
            Text::Span(start, len) if *start + *len == buffer.len() => {
                if *len > 0 {
                    buffer.push(' ');
                    *len += 1;
                }
                buffer.push_str(more);
                *len += more.len();
            }
            Text::Span(..) | Text::Rust(_) => {
                let start = buffer.len();
                let old = self.as_str(buffer).unwrap_or_default().to_owned();
                if !old.is_empty() {
                    buffer.push_str(&old);
                    buffer.push(' ');
                }
                buffer.push_str(more);
                *self = Text::Span(start, buffer.len() - start);
            }
            Text::Object(object) => {
                let mut parts = Vec::new();
                if object.bind(py).is_truthy()? {
                    parts.push(object.bind(py).clone());
                }
                parts.push(PyString::new(py, more).into_any());
                let joined = PyString::new(py, " ").call_method1("join", (parts,))?;
                *self = Text::of(&joined);
            }
        }
        Ok(())
    }
}

/// The NAGs: distinct values in Rust, or the object Python sees (a set, normally).
pub(crate) enum Nags {
    Rust(Vec<u64>),
    Object(Py<PyAny>),
}

impl Default for Nags {
    fn default() -> Nags {
        Nags::Rust(Vec::new())
    }
}

impl Nags {
    /// Adds a NAG (python-chess's `nags.add(nag)`).
    pub(crate) fn add(&mut self, py: Python<'_>, nag: u64) -> PyResult<()> {
        match self {
            Nags::Rust(values) => {
                if !values.contains(&nag) {
                    values.push(nag);
                }
            }
            Nags::Object(object) => {
                object.bind(py).call_method1("add", (nag,))?;
            }
        }
        Ok(())
    }

    /// Adds a NAG given as a Python object (one too large for Rust's integers).
    pub(crate) fn add_object(&mut self, nag: &Bound<'_, PyAny>) -> PyResult<()> {
        self.object(nag.py())?.call_method1("add", (nag,))?;
        Ok(())
    }

    /// The set Python sees, made from the Rust values the first time.
    fn object<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if let Nags::Rust(values) = self {
            *self = Nags::Object(PySet::new(py, values.iter())?.into_any().unbind());
        }
        match self {
            Nags::Object(object) => Ok(object.bind(py).clone()),
            Nags::Rust(_) => unreachable!("made a set just above"),
        }
    }

    /// The NAGs, sorted, when Rust holds them.
    pub(crate) fn sorted(&self) -> Option<Vec<u64>> {
        match self {
            Nags::Rust(values) => {
                let mut values = values.clone();
                values.sort_unstable();
                Some(values)
            }
            Nags::Object(_) => None,
        }
    }
}

/// Where a node's parent is.
#[derive(Default)]
pub(crate) enum Parent {
    /// None: the root.
    #[default]
    None,
    /// The node at this index of the same tree.
    Index(u32),
    /// Any object Python set.
    Object(Py<PyAny>),
}

/// A node's move.
#[derive(Default)]
pub(crate) enum MoveField {
    /// None: the root.
    #[default]
    None,
    /// A move of kingside's `Move` class.
    Raw(RawMove),
    /// Any other object Python set.
    Object(Py<PyAny>),
}

/// The indices of a tree node's children: the first kept inline (most nodes have one child
/// or none, and need no allocation), the others after it.
#[derive(Clone, Default)]
pub(crate) struct ChildIndices {
    first: Option<u32>,
    others: Vec<u32>,
}

impl ChildIndices {
    pub(crate) fn push(&mut self, index: u32) {
        if self.first.is_none() {
            self.first = Some(index);
        } else {
            self.others.push(index);
        }
    }

    pub(crate) fn first(&self) -> Option<u32> {
        self.first
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    /// The indices, in order.
    pub(crate) fn to_vec(&self) -> Vec<u32> {
        self.first
            .into_iter()
            .chain(self.others.iter().copied())
            .collect()
    }
}

/// A node's children.
pub(crate) enum Children {
    /// The nodes at these indices of the same tree (none, for a node that keeps its fields).
    Indices(ChildIndices),
    /// The object Python sees (a list, normally), which is the node's from then on.
    Object(Py<PyAny>),
}

impl Default for Children {
    fn default() -> Children {
        Children::Indices(ChildIndices::default())
    }
}

/// The fields of a node.
#[derive(Default)]
pub(crate) struct Node {
    pub(crate) parent: Parent,
    pub(crate) mv: MoveField,
    pub(crate) comment: Text,
    pub(crate) children: Children,
    /// The starting comment and the NAGs, which few nodes of a game have: kept apart, so that
    /// the tree's nodes stay small.
    pub(crate) rare: Option<Box<Rare>>,
}

/// The fields of a node that few nodes of a game have.
#[derive(Default)]
pub(crate) struct Rare {
    pub(crate) starting_comment: Text,
    pub(crate) nags: Nags,
}

impl Node {
    /// The starting comment (None for an empty one, never set).
    pub(crate) fn starting_comment(&self) -> Option<&Text> {
        self.rare.as_ref().map(|rare| &rare.starting_comment)
    }

    /// The NAGs (None for none, never set).
    pub(crate) fn nags(&self) -> Option<&Nags> {
        self.rare.as_ref().map(|rare| &rare.nags)
    }

    /// The fields few nodes have, to change.
    pub(crate) fn rare_mut(&mut self) -> &mut Rare {
        self.rare.get_or_insert_with(Box::default)
    }

    fn traverse(&self, visit: &PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Parent::Object(object) = &self.parent {
            visit.call(object)?;
        }
        if let MoveField::Object(object) = &self.mv {
            visit.call(object)?;
        }
        let texts = [Some(&self.comment), self.starting_comment()];
        for text in texts.into_iter().flatten() {
            if let Text::Object(object) = text {
                visit.call(object)?;
            }
        }
        if let Some(Nags::Object(object)) = self.nags() {
            visit.call(object)?;
        }
        if let Children::Object(object) = &self.children {
            visit.call(object)?;
        }
        Ok(())
    }
}

/// The nodes of a game read by `read_game`: the root (the game's own fields) at index 0.
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    /// The comments the reader read, which the nodes' text fields refer to.
    pub(crate) text: String,
    /// The Python object of each node: while one lives, or for good once it was given an
    /// attribute.
    views: Vec<ViewRef>,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree::new()
    }
}

impl Tree {
    /// A tree of its root alone.
    pub(crate) fn new() -> Tree {
        Tree {
            nodes: vec![Node::default()],
            text: String::new(),
            views: vec![ViewRef::None],
        }
    }

    /// A tree of its root alone, with room for `nodes` nodes and `text` bytes of comments
    /// (the reader's guess, which saves growing the vectors move by move).
    pub(crate) fn with_capacity(nodes: usize, text: usize) -> Tree {
        let mut tree = Tree {
            nodes: Vec::with_capacity(nodes),
            text: String::with_capacity(text),
            views: Vec::with_capacity(nodes),
        };
        tree.nodes.push(Node::default());
        tree.views.push(ViewRef::None);
        tree
    }

    /// Adds a node; its index.
    pub(crate) fn push(&mut self, node: Node) -> u32 {
        self.nodes.push(node);
        self.views.push(ViewRef::None);
        u32::try_from(self.nodes.len() - 1).expect("fewer than 2^32 nodes in a game")
    }
}

/// The Python object of a node of a tree.
enum ViewRef {
    None,
    /// The object while it lives.
    Weak(Py<PyWeakrefReference>),
    /// The object, kept: it has attributes of its own (in its `__dict__`).
    Kept(Py<PyAny>),
}

/// Where a node object's fields are.
enum Repr {
    /// In the object.
    Own(Box<Node>),
    /// In the object's tree, at index 0 (a game `read_game` built).
    Root(Box<Tree>),
    /// In the tree of `game`, at `index`.
    View { game: Py<GameNode>, index: u32 },
}

/// The base of ``kingside.pgn.GameNode``: the fields python-chess's ``GameNode`` has
/// (``parent``, ``move``, ``comment``, ``starting_comment``, ``nags``, ``variations``), kept by
/// Rust, and the methods read on hot paths. It has no ``__dict__``: the Python classes add it.
#[pyclass(module = "kingside._native", name = "GameNode", subclass, weakref)]
pub(crate) struct GameNode {
    repr: Repr,
}

/// The base of ``kingside.pgn.ChildNode``.
#[pyclass(module = "kingside._native", name = "ChildNode", extends = GameNode, subclass)]
pub(crate) struct ChildNode {}

/// The base of ``kingside.pgn.Game``: the game's tags and errors.
#[pyclass(module = "kingside._native", name = "Game", extends = GameNode, subclass)]
pub(crate) struct Game {
    headers: Option<Py<PyAny>>,
    errors: Option<Py<PyAny>>,
}

impl Game {
    /// A game read by `read_game` (a ``kingside.pgn.Game``, made as its ``__new__`` makes
    /// one): its tree, tags and errors.
    pub(crate) fn built<'py>(
        py: Python<'py>,
        tree: Tree,
        headers: Py<PyAny>,
        errors: Py<PyAny>,
    ) -> PyResult<Bound<'py, Game>> {
        let class = game_class(py)?;
        let game = class.call_method1(pyo3::intern!(py, "__new__"), (&class,))?;
        let game = game.cast_into::<Game>()?;
        {
            let mut fields = game.try_borrow_mut().map_err(|_| busy())?;
            fields.headers = Some(headers);
            fields.errors = Some(errors);
            fields.as_super().repr = Repr::Root(Box::new(tree));
        }
        Ok(game)
    }

    /// Gives a game made by [`Game::built`] its tree.
    pub(crate) fn set_tree(game: &Bound<'_, Game>, tree: Tree) -> PyResult<()> {
        let old = {
            let mut node = game.as_super().try_borrow_mut().map_err(|_| busy())?;
            mem::replace(&mut node.repr, Repr::Root(Box::new(tree)))
        };
        drop(old);
        Ok(())
    }
}

/// Where the fields of a node object are, resolved: the object itself, or a game and an index.
#[derive(Clone)]
pub(crate) enum Place<'py> {
    Own(Bound<'py, GameNode>),
    Tree(Bound<'py, GameNode>, u32),
}

fn busy() -> PyErr {
    PyRuntimeError::new_err("a game tree is being changed by another call")
}

impl<'py> Place<'py> {
    pub(crate) fn of(node: &Bound<'py, GameNode>) -> PyResult<Place<'py>> {
        let py = node.py();
        Ok(match &node.try_borrow().map_err(|_| busy())?.repr {
            Repr::Own(_) => Place::Own(node.clone()),
            Repr::Root(_) => Place::Tree(node.clone(), 0),
            Repr::View { game, index } => Place::Tree(game.bind(py).clone(), *index),
        })
    }

    /// The place of any object that is a kingside node.
    pub(crate) fn of_any(node: &Bound<'py, PyAny>) -> PyResult<Option<Place<'py>>> {
        match node.cast::<GameNode>() {
            Ok(node) => Place::of(node).map(Some),
            Err(_) => Ok(None),
        }
    }

    /// Reads the node's fields (and the tree's text, which its text fields may refer to).
    pub(crate) fn read<R>(&self, f: impl FnOnce(&Node, &str) -> R) -> PyResult<R> {
        let (object, index) = match self {
            Place::Own(object) => (object, None),
            Place::Tree(game, index) => (game, Some(*index)),
        };
        let node = object.try_borrow().map_err(|_| busy())?;
        match (&node.repr, index) {
            (Repr::Own(fields), None) => Ok(f(fields, "")),
            (Repr::Root(tree), Some(i)) => match tree.nodes.get(i as usize) {
                Some(fields) => Ok(f(fields, &tree.text)),
                None => Ok(f(&Node::default(), "")),
            },
            _ => Ok(f(&Node::default(), "")),
        }
    }

    /// Changes the node's fields.
    pub(crate) fn write<R>(&self, f: impl FnOnce(&mut Node) -> R) -> PyResult<R> {
        let (object, index) = match self {
            Place::Own(object) => (object, None),
            Place::Tree(game, index) => (game, Some(*index)),
        };
        let mut node = object.try_borrow_mut().map_err(|_| busy())?;
        match (&mut node.repr, index) {
            (Repr::Own(fields), None) => Ok(f(fields)),
            (Repr::Root(tree), Some(i)) => match tree.nodes.get_mut(i as usize) {
                Some(fields) => Ok(f(fields)),
                None => Ok(f(&mut Node::default())),
            },
            _ => Ok(f(&mut Node::default())),
        }
    }

    /// The node's Python object.
    pub(crate) fn object(&self) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Place::Own(object) => Ok(object.clone().into_any()),
            Place::Tree(game, index) => view(game, *index),
        }
    }

    /// The place of the node at `index` of the same tree (for a tree place).
    pub(crate) fn at(&self, index: u32) -> Place<'py> {
        match self {
            Place::Tree(game, _) => Place::Tree(game.clone(), index),
            Place::Own(object) => Place::Own(object.clone()),
        }
    }

    /// The parent, as a place when it is a node of the same tree.
    fn parent(&self) -> PyResult<Step<'py>> {
        let py = self.py();
        let parent = self.read(|node, _| match &node.parent {
            Parent::None => Step::End,
            Parent::Index(index) => Step::Place(self.at(*index)),
            Parent::Object(object) => Step::Object(object.bind(py).clone()),
        })?;
        Ok(parent)
    }

    /// The first child, as a place when it is a node of the same tree.
    fn first_child(&self) -> PyResult<Step<'py>> {
        let py = self.py();
        let child = self.read(|node, _| match &node.children {
            Children::Indices(children) => children
                .first()
                .map_or(Step::End, |i| Step::Place(self.at(i))),
            Children::Object(object) => Step::Object(object.bind(py).clone()),
        })?;
        match child {
            // The list of children: its first item.
            Step::Object(list) => match first_item(&list)? {
                Some(first) => Step::of_object(first),
                None => Ok(Step::End),
            },
            step => Ok(step),
        }
    }

    fn py(&self) -> Python<'py> {
        match self {
            Place::Own(object) | Place::Tree(object, _) => object.py(),
        }
    }
}

/// A step through the tree: a node of known place, another object, or nothing.
pub(crate) enum Step<'py> {
    End,
    Place(Place<'py>),
    Object(Bound<'py, PyAny>),
}

impl<'py> Step<'py> {
    fn of_object(object: Bound<'py, PyAny>) -> PyResult<Step<'py>> {
        if object.is_none() {
            return Ok(Step::End);
        }
        Ok(match Place::of_any(&object)? {
            Some(place) => Step::Place(place),
            None => Step::Object(object),
        })
    }

    /// The Python object of the step (None at the end).
    pub(crate) fn object(&self) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self {
            Step::End => Ok(None),
            Step::Place(place) => place.object().map(Some),
            Step::Object(object) => Ok(Some(object.clone())),
        }
    }

    /// The parent of the node of this step.
    fn parent(&self) -> PyResult<Step<'py>> {
        match self {
            Step::End => Ok(Step::End),
            Step::Place(place) => place.parent(),
            Step::Object(object) => Step::of_object(object.getattr("parent")?),
        }
    }

    /// The first child of the node of this step.
    pub(crate) fn first_child(&self) -> PyResult<Step<'py>> {
        match self {
            Step::End => Ok(Step::End),
            Step::Place(place) => place.first_child(),
            Step::Object(object) => match first_item(&object.getattr("variations")?)? {
                Some(first) => Step::of_object(first),
                None => Ok(Step::End),
            },
        }
    }

    /// The move of the node of this step.
    fn move_object(&self) -> PyResult<Option<Bound<'py, PyAny>>> {
        let object = match self {
            Step::End => return Ok(None),
            Step::Place(place) => {
                let py = place.py();
                move_object(py, place)?
            }
            Step::Object(object) => object.getattr("move")?,
        };
        Ok((!object.is_none()).then_some(object))
    }
}

fn move_object<'py>(py: Python<'py>, place: &Place<'py>) -> PyResult<Bound<'py, PyAny>> {
    let field = place.read(|node, _| match &node.mv {
        MoveField::None => MoveField::None,
        MoveField::Raw(m) => MoveField::Raw(*m),
        MoveField::Object(object) => MoveField::Object(object.clone_ref(py)),
    })?;
    Ok(match field {
        MoveField::None => py.None().into_bound(py),
        MoveField::Raw(m) => Move::object(py, m)?.into_any(),
        MoveField::Object(object) => object.into_bound(py),
    })
}

/// A new ``kingside.pgn.ChildNode``, as its ``__new__`` makes one (no ``__init__``).
fn new_child(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    static NEW: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    static CLASS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let class = CLASS.get_or_try_init(py, || child_node_class(py).map(Bound::unbind))?;
    let new = NEW.get_or_try_init(py, || {
        Ok::<_, PyErr>(class.bind(py).getattr("__new__")?.unbind())
    })?;
    new.bind(py).call1((class.bind(py),))
}

/// The Python object of the node at `index` of `game`'s tree while one lives.
fn alive_view<'py>(game: &Bound<'py, GameNode>, index: u32) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = game.py();
    let node = game.try_borrow().map_err(|_| busy())?;
    Ok(match &node.repr {
        Repr::Root(tree) => match tree.views.get(index as usize) {
            Some(ViewRef::Weak(weak)) => weak.bind(py).upgrade(),
            Some(ViewRef::Kept(object)) => Some(object.bind(py).clone()),
            _ => None,
        },
        _ => None,
    })
}

/// The Python object of the node at `index` of `game`'s tree: the one alive, or a new view.
pub(crate) fn view<'py>(game: &Bound<'py, GameNode>, index: u32) -> PyResult<Bound<'py, PyAny>> {
    let py = game.py();
    if index == 0 {
        return Ok(game.clone().into_any());
    }
    if let Some(alive) = alive_view(game, index)? {
        return Ok(alive);
    }
    let object = new_child(py)?;
    object
        .cast::<GameNode>()?
        .try_borrow_mut()
        .map_err(|_| busy())?
        .repr = Repr::View {
        game: game.clone().unbind(),
        index,
    };
    let weak = PyWeakrefReference::new(&object)?;
    let old = {
        let mut node = game.try_borrow_mut().map_err(|_| busy())?;
        match &mut node.repr {
            Repr::Root(tree) => tree
                .views
                .get_mut(index as usize)
                .map(|slot| mem::replace(slot, ViewRef::Weak(weak.unbind()))),
            _ => None,
        }
    };
    drop(old);
    Ok(object)
}

/// Reads the fields of a node object (and the text they may refer to), without resolving its
/// place first: the getters' path.
pub(crate) fn read_node<R>(
    slf: &Bound<'_, GameNode>,
    f: impl FnOnce(&Node, &str) -> R,
) -> PyResult<R> {
    let py = slf.py();
    let this = slf.try_borrow().map_err(|_| busy())?;
    match &this.repr {
        Repr::Own(node) => Ok(f(node, "")),
        Repr::Root(tree) => Ok(f(&tree.nodes[0], &tree.text)),
        Repr::View { game, index } => {
            let game = game.bind(py).try_borrow().map_err(|_| busy())?;
            match &game.repr {
                Repr::Root(tree) => match tree.nodes.get(*index as usize) {
                    Some(node) => Ok(f(node, &tree.text)),
                    None => Ok(f(&Node::default(), "")),
                },
                _ => Ok(f(&Node::default(), "")),
            }
        }
    }
}

/// For a node of a read game whose links up to the game are all the tree's: the game and the
/// number of nodes above the node.
fn tree_depth<'py>(slf: &Bound<'py, GameNode>) -> PyResult<Option<(Bound<'py, GameNode>, usize)>> {
    let py = slf.py();
    let this = slf.try_borrow().map_err(|_| busy())?;
    let (game, mut index) = match &this.repr {
        Repr::Own(_) => return Ok(None),
        Repr::Root(_) => return Ok(Some((slf.clone(), 0))),
        Repr::View { game, index } => (game.bind(py), *index),
    };
    let depth = {
        let game = game.try_borrow().map_err(|_| busy())?;
        let Repr::Root(tree) = &game.repr else {
            return Ok(None);
        };
        let mut depth = 0;
        loop {
            match tree.nodes.get(index as usize).map(|node| &node.parent) {
                Some(Parent::None) => break,
                Some(Parent::Index(parent)) => {
                    depth += 1;
                    index = *parent;
                }
                _ => return Ok(None),
            }
        }
        if index != 0 {
            return Ok(None);
        }
        depth
    };
    Ok(Some((game.clone(), depth)))
}

/// The first item of a sequence, if it is not empty.
fn first_item<'py>(sequence: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    if let Ok(list) = sequence.cast::<PyList>() {
        return Ok(list.iter().next());
    }
    if sequence.is_truthy()? {
        sequence.get_item(0).map(Some)
    } else {
        Ok(None)
    }
}

/// Sets (or, without a value, deletes) an attribute as Python's generic attribute setting
/// does: through a data descriptor of the class (the fields' properties, a subclass's
/// properties), else in the instance's `__dict__`; a view given an attribute is then kept
/// alive by its game, so that the node keeps it.
fn set_attribute(
    slf: &Bound<'_, GameNode>,
    name: &Bound<'_, PyString>,
    value: Option<Bound<'_, PyAny>>,
) -> PyResult<()> {
    let py = slf.py();
    let class = slf.get_type();
    if let Ok(attribute) = class.as_any().getattr(name) {
        let kind = attribute.get_type();
        let method = if value.is_some() {
            "__set__"
        } else {
            "__delete__"
        };
        if let Ok(descriptor) = kind.getattr(method) {
            return match value {
                Some(value) => descriptor.call1((attribute, slf, value)).map(drop),
                None => descriptor.call1((attribute, slf)).map(drop),
            };
        }
    }
    let dict = slf.getattr(pyo3::intern!(py, "__dict__"))?;
    match value {
        Some(value) => {
            dict.set_item(name, value)?;
            keep(slf)
        }
        None => dict.del_item(name).map_err(|_| no_attribute(slf, name)),
    }
}

/// Keeps a view of a tree node alive with its game: it has attributes of its own.
fn keep(slf: &Bound<'_, GameNode>) -> PyResult<()> {
    let Place::Tree(game, index) = Place::of(slf)? else {
        return Ok(());
    };
    if index == 0 {
        return Ok(());
    }
    let old = {
        let mut node = game.try_borrow_mut().map_err(|_| busy())?;
        match &mut node.repr {
            Repr::Root(tree) => tree
                .views
                .get_mut(index as usize)
                .map(|slot| mem::replace(slot, ViewRef::Kept(slf.clone().into_any().unbind()))),
            _ => None,
        }
    };
    drop(old);
    Ok(())
}

fn no_attribute(slf: &Bound<'_, GameNode>, name: &Bound<'_, PyString>) -> PyErr {
    let class = slf
        .get_type()
        .name()
        .map_or_else(|_| "GameNode".to_owned(), |n| n.to_string());
    PyAttributeError::new_err(format!("'{class}' object has no attribute '{name}'"))
}

/// A command's value as Rust read it, or why Python must read it.
enum Reading<T> {
    /// The comment has no such command.
    Absent,
    /// The command's value.
    Found(T),
    /// A comment Rust does not hold, not ASCII, or a value too large: python-chess's regular
    /// expressions decide.
    Python,
}

/// Reads a node's comment with `read` when Rust holds it in ASCII.
fn read_comment<T>(
    slf: &Bound<'_, GameNode>,
    read: impl FnOnce(&str) -> Reading<T>,
) -> PyResult<Reading<T>> {
    read_node(slf, |node, text| match node.comment.as_str(text) {
        Some(comment) if comment.is_ascii() => read(comment),
        _ => Reading::Python,
    })
}

/// An evaluation as Rust read it.
enum Score {
    Centipawns(i64),
    Mate(i64),
}

/// The side to move at a node, as its `turn()` says: counted here for a plain `ChildNode` in a
/// plain `Game` without a `FEN` tag (the ply is the number of nodes above), asked of Python
/// otherwise.
fn turn_of<'py>(slf: &Bound<'py, GameNode>) -> PyResult<Bound<'py, PyAny>> {
    let py = slf.py();
    if is_exactly(slf.as_any(), child_node_type(py)?) {
        if let Some((game, depth)) = tree_depth(slf)? {
            if is_exactly(game.as_any(), game_type(py)?) {
                let headers = game.getattr(pyo3::intern!(py, "headers"))?;
                if is_exactly(&headers, headers_type(py)?)
                    && !headers
                        .getattr(pyo3::intern!(py, "_others"))?
                        .cast::<PyDict>()?
                        .contains(pyo3::intern!(py, "FEN"))?
                {
                    return Ok(PyBool::new(py, depth % 2 == 0).to_owned().into_any());
                }
            }
        }
    }
    slf.call_method0(pyo3::intern!(py, "turn"))
}

impl GameNode {
    #[inline]
    fn duration(
        slf: &Bound<'_, Self>,
        find: impl FnOnce(&str) -> Option<DurationCommand<'_>>,
        slow: impl FnOnce(Python<'_>) -> PyResult<Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let reading = read_comment(slf, |comment| match find(comment) {
            None => Reading::Absent,
            Some(command) => command
                .total_seconds()
                .map_or(Reading::Python, Reading::Found),
        })?;
        match reading {
            Reading::Absent => Ok(py.None()),
            Reading::Found(seconds) => Ok(seconds.into_pyobject(py)?.into_any().unbind()),
            Reading::Python => Ok(slow(py)?.call1((slf.getattr("comment")?,))?.unbind()),
        }
    }
}

#[pymethods]
impl GameNode {
    /// A node of a class that is not abstract: as python-chess's abstract `GameNode` (its
    /// `board` and `ply` are abstract methods), a class that leaves one of them undefined is a
    /// `TypeError`. `ChildNode` and `Game` have their own constructors, so the nodes of a read
    /// game never pay for the check.
    #[new]
    #[classmethod]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(
        cls: &Bound<'_, PyType>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<GameNode> {
        if let Ok(abstract_methods) = cls.getattr(pyo3::intern!(cls.py(), "__abstractmethods__"))
            && abstract_methods.is_truthy()?
        {
            let mut names = abstract_methods
                .try_iter()?
                .map(|name| name.and_then(|n| n.str().map(|s| s.to_string())))
                .collect::<PyResult<Vec<_>>>()?;
            names.sort();
            return Err(PyTypeError::new_err(format!(
                "Can't instantiate abstract class {} with abstract methods {}",
                cls.name()?,
                names.join(", ")
            )));
        }
        Ok(GameNode {
            repr: Repr::Own(Box::default()),
        })
    }

    /// What ``GameNode.__init__`` sets: no parent, no move, no variations, the comment, no
    /// starting comment, no NAGs.
    fn _init_fields(slf: &Bound<'_, Self>, comment: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = slf.py();
        let variations = PyList::empty(py).into_any().unbind();
        let nags = PySet::empty(py)?.into_any().unbind();
        Place::of(slf)?.write(|node| {
            node.parent = Parent::None;
            node.mv = MoveField::None;
            node.children = Children::Object(variations);
            node.comment = Text::of(comment);
            let rare = node.rare_mut();
            rare.starting_comment = Text::default();
            rare.nags = Nags::Object(nags);
        })
    }

    /// The parent node, or None for the root (the game).
    #[getter]
    fn parent<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        Ok(Place::of(slf)?
            .parent()?
            .object()?
            .unwrap_or_else(|| py.None().into_bound(py)))
    }

    #[setter]
    fn set_parent(slf: &Bound<'_, Self>, value: Bound<'_, PyAny>) -> PyResult<()> {
        let place = Place::of(slf)?;
        let parent = if value.is_none() {
            Parent::None
        } else {
            match (&place, Place::of_any(&value)?) {
                (Place::Tree(game, _), Some(Place::Tree(other, index))) if other.is(game) => {
                    Parent::Index(index)
                }
                _ => Parent::Object(value.unbind()),
            }
        };
        let old = place.write(|node| mem::replace(&mut node.parent, parent))?;
        drop(old);
        Ok(())
    }

    /// The move leading to this node, or None for the root.
    #[getter]
    fn r#move<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let field = read_node(slf, |node, _| match &node.mv {
            MoveField::None => MoveField::None,
            MoveField::Raw(m) => MoveField::Raw(*m),
            MoveField::Object(object) => MoveField::Object(object.clone_ref(py)),
        })?;
        Ok(match field {
            MoveField::None => py.None().into_bound(py),
            MoveField::Raw(m) => Move::object(py, m)?.into_any(),
            MoveField::Object(object) => object.into_bound(py),
        })
    }

    #[setter]
    fn set_move(slf: &Bound<'_, Self>, value: Bound<'_, PyAny>) -> PyResult<()> {
        let field = if value.is_none() {
            MoveField::None
        } else if let Ok(m) = value.cast::<Move>() {
            MoveField::Raw(m.get().raw())
        } else {
            MoveField::Object(value.unbind())
        };
        let old = Place::of(slf)?.write(|node| mem::replace(&mut node.mv, field))?;
        drop(old);
        Ok(())
    }

    /// The comment after the move (for the root, the comment before the first move).
    #[getter]
    fn comment<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        read_node(slf, |node, text| node.comment.object(py, text))
    }

    #[setter]
    fn set_comment(slf: &Bound<'_, Self>, value: Bound<'_, PyAny>) -> PyResult<()> {
        let text = Text::of(&value);
        let old = Place::of(slf)?.write(|node| mem::replace(&mut node.comment, text))?;
        drop(old);
        Ok(())
    }

    /// The comment before the move, for a node that starts a variation.
    #[getter]
    fn starting_comment<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        read_node(slf, |node, text| match node.starting_comment() {
            Some(starting) => starting.object(py, text),
            None => PyString::new(py, "").into_any(),
        })
    }

    #[setter]
    fn set_starting_comment(slf: &Bound<'_, Self>, value: Bound<'_, PyAny>) -> PyResult<()> {
        let text = Text::of(&value);
        let old = Place::of(slf)?
            .write(|node| mem::replace(&mut node.rare_mut().starting_comment, text))?;
        drop(old);
        Ok(())
    }

    /// The numeric annotation glyphs of the move, a set of integers.
    #[getter]
    fn nags<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        Place::of(slf)?.write(|node| node.rare_mut().nags.object(py))?
    }

    #[setter]
    fn set_nags(slf: &Bound<'_, Self>, value: Bound<'_, PyAny>) -> PyResult<()> {
        let nags = Nags::Object(value.unbind());
        let old = Place::of(slf)?.write(|node| mem::replace(&mut node.rare_mut().nags, nags))?;
        drop(old);
        Ok(())
    }

    /// The child nodes, a list: the main continuation first.
    #[getter]
    fn variations<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let place = Place::of(slf)?;
        let indices = place.read(|node, _| match &node.children {
            Children::Object(object) => Err(object.clone_ref(py)),
            Children::Indices(indices) => Ok(indices.to_vec()),
        })?;
        let indices = match indices {
            Err(list) => return Ok(list.into_bound(py)),
            Ok(indices) => indices,
        };
        let children = indices
            .iter()
            .map(|&i| place.at(i).object())
            .collect::<PyResult<Vec<_>>>()?;
        let list = PyList::new(py, children)?.into_any();
        let stored = list.clone().unbind();
        let old = place.write(|node| match &node.children {
            Children::Object(object) => Err(object.clone_ref(py)),
            Children::Indices(_) => Ok(mem::replace(&mut node.children, Children::Object(stored))),
        })?;
        match old {
            Ok(old) => {
                drop(old);
                Ok(list)
            }
            Err(existing) => Ok(existing.into_bound(py)),
        }
    }

    #[setter]
    fn set_variations(slf: &Bound<'_, Self>, value: Bound<'_, PyAny>) -> PyResult<()> {
        let children = Children::Object(value.unbind());
        let old = Place::of(slf)?.write(|node| mem::replace(&mut node.children, children))?;
        drop(old);
        Ok(())
    }

    fn __setattr__(
        slf: &Bound<'_, Self>,
        name: &Bound<'_, PyString>,
        value: Bound<'_, PyAny>,
    ) -> PyResult<()> {
        set_attribute(slf, name, Some(value))
    }

    fn __delattr__(slf: &Bound<'_, Self>, name: &Bound<'_, PyString>) -> PyResult<()> {
        set_attribute(slf, name, None)
    }

    /// The first node of the main continuation, or None at the end of a line.
    fn next<'py>(slf: &Bound<'py, Self>) -> PyResult<Option<Bound<'py, PyAny>>> {
        Place::of(slf)?.first_child()?.object()
    }

    /// Whether this node ends its line (it has no child).
    fn is_end(slf: &Bound<'_, Self>) -> PyResult<bool> {
        let py = slf.py();
        let children = read_node(slf, |node, _| match &node.children {
            Children::Indices(indices) => Ok(indices.is_empty()),
            Children::Object(object) => Err(object.clone_ref(py)),
        })?;
        match children {
            Ok(empty) => Ok(empty),
            Err(object) => Ok(!object.bind(py).is_truthy()?),
        }
    }

    /// The last node of the main continuation from here.
    fn end<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let mut step = Step::Place(Place::of(slf)?);
        loop {
            let next = step.first_child()?;
            if matches!(next, Step::End) {
                break;
            }
            step = next;
        }
        Ok(step.object()?.expect("the walk starts at a node"))
    }

    /// The node at the top of the tree.
    fn root<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Ok(GameNode::_depth_and_root(slf)?.1)
    }

    /// The number of nodes above this one, and the root: what ``ply()`` counts.
    fn _depth_and_root<'py>(slf: &Bound<'py, Self>) -> PyResult<(usize, Bound<'py, PyAny>)> {
        let mut step = Step::Place(Place::of(slf)?);
        let mut depth = 0;
        loop {
            let parent = step.parent()?;
            if matches!(parent, Step::End) {
                break;
            }
            depth += 1;
            step = parent;
        }
        Ok((depth, step.object()?.expect("the walk starts at a node")))
    }

    /// The moves from the root to this node, oldest first, and the node the walk up stopped
    /// at (the first without a move or a parent): what ``board()`` replays.
    fn _moves_and_root<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Vec<Bound<'py, PyAny>>, Bound<'py, PyAny>)> {
        let mut step = Step::Place(Place::of(slf)?);
        let mut moves = Vec::new();
        loop {
            let Some(mv) = step.move_object()? else {
                break;
            };
            let parent = step.parent()?;
            if matches!(parent, Step::End) {
                break;
            }
            moves.push(mv);
            step = parent;
        }
        moves.reverse();
        Ok((moves, step.object()?.expect("the walk starts at a node")))
    }

    /// The remaining time on the clock of the player who moved, in seconds, from the first
    /// ``[%clk H:MM:SS]`` command of the comment; None without one.
    fn clock(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        GameNode::duration(slf, clock_command, slow_clock)
    }

    /// The time the move took, in seconds, from the first ``[%emt H:MM:SS]`` command of the
    /// comment; None without one.
    fn emt(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        GameNode::duration(slf, emt_command, slow_emt)
    }

    /// The evaluation of the first ``[%eval ...]`` command of the comment, as a
    /// ``kingside.engine.PovScore`` from the point of view of the side to move at this node;
    /// None without one.
    fn eval(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let reading = read_comment(slf, |comment| {
            let Some(command) = eval_command(comment) else {
                return Reading::Absent;
            };
            let score = match command.value {
                EvalValue::Pawns(_) => command.centipawns().map(Score::Centipawns),
                EvalValue::Mate(_) => command.mate().map(Score::Mate),
            };
            score.map_or(Reading::Python, Reading::Found)
        })?;
        let score = match reading {
            Reading::Absent => return Ok(py.None()),
            Reading::Python => return Ok(slow_eval(py)?.call1((slf,))?.unbind()),
            Reading::Found(score) => score,
        };
        let turn = turn_of(slf)?;
        let white = turn.is_truthy()?;
        // The command is from white's point of view; the score from the side to move's.
        let relative = match score {
            Score::Centipawns(cp) => cp_class(py)?.call1((if white { cp } else { -cp },))?,
            // Mate in 0: the side to move has been mated, whoever's point of view.
            Score::Mate(0) => mate_class(py)?.call1((0,))?,
            Score::Mate(moves) => mate_class(py)?.call1((if white { moves } else { -moves },))?,
        };
        Ok(pov_score_class(py)?.call1((relative, turn))?.unbind())
    }

    /// The search depth of the first ``[%eval ...]`` command of the comment, if it has one.
    fn eval_depth(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let reading = read_comment(slf, |comment| match eval_command(comment) {
            None => Reading::Absent,
            Some(command) => match command.depth {
                None => Reading::Absent,
                Some(depth) => depth.parse::<u64>().map_or(Reading::Python, Reading::Found),
            },
        })?;
        match reading {
            Reading::Absent => Ok(py.None()),
            Reading::Found(depth) => Ok(depth.into_pyobject(py)?.into_any().unbind()),
            Reading::Python => Ok(slow_eval_depth(py)?
                .call1((slf.getattr("comment")?,))?
                .unbind()),
        }
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        match &self.repr {
            Repr::Own(node) => node.traverse(&visit),
            Repr::Root(tree) => {
                for node in &tree.nodes {
                    node.traverse(&visit)?;
                }
                for view in &tree.views {
                    match view {
                        ViewRef::Weak(weak) => visit.call(weak)?,
                        ViewRef::Kept(object) => visit.call(object)?,
                        ViewRef::None => {}
                    }
                }
                Ok(())
            }
            Repr::View { game, .. } => visit.call(game),
        }
    }

    fn __clear__(&mut self) {
        let old = mem::replace(&mut self.repr, Repr::Own(Box::default()));
        drop(old);
    }
}

#[pymethods]
impl ChildNode {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyClassInitializer<ChildNode> {
        PyClassInitializer::from(GameNode {
            repr: Repr::Own(Box::default()),
        })
        .add_subclass(ChildNode {})
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyClassInitializer<Game> {
        PyClassInitializer::from(GameNode {
            repr: Repr::Own(Box::default()),
        })
        .add_subclass(Game {
            headers: None,
            errors: None,
        })
    }

    /// The game's tags (a ``Headers`` mapping).
    #[getter]
    fn headers(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.headers
            .as_ref()
            .map(|h| h.clone_ref(py))
            .ok_or_else(|| PyAttributeError::new_err("'Game' object has no attribute 'headers'"))
    }

    #[setter]
    fn set_headers(&mut self, value: Py<PyAny>) {
        self.headers = Some(value);
    }

    /// The errors met reading the game (illegal or ambiguous moves, a bad FEN).
    #[getter]
    fn errors(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.errors
            .as_ref()
            .map(|e| e.clone_ref(py))
            .ok_or_else(|| PyAttributeError::new_err("'Game' object has no attribute 'errors'"))
    }

    #[setter]
    fn set_errors(&mut self, value: Py<PyAny>) {
        self.errors = Some(value);
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.headers)?;
        visit.call(&self.errors)
    }

    fn __clear__(&mut self) {
        let old = (self.headers.take(), self.errors.take());
        drop(old);
    }
}

/// Where the mainline iterator stands, kept without a node object for a node of a read game.
enum Cursor {
    Tree(Py<GameNode>, u32),
    Object(Py<PyAny>),
    Done,
}

impl Cursor {
    fn of(step: &Step<'_>) -> Cursor {
        match step {
            Step::End => Cursor::Done,
            Step::Place(Place::Tree(game, index)) => Cursor::Tree(game.clone().unbind(), *index),
            Step::Place(Place::Own(node)) => Cursor::Object(node.clone().into_any().unbind()),
            Step::Object(object) => Cursor::Object(object.clone().unbind()),
        }
    }

    fn step<'py>(&self, py: Python<'py>) -> PyResult<Step<'py>> {
        match self {
            Cursor::Done => Ok(Step::End),
            Cursor::Tree(game, index) => {
                Ok(Step::Place(Place::Tree(game.bind(py).clone(), *index)))
            }
            Cursor::Object(object) => Step::of_object(object.bind(py).clone()),
        }
    }
}

/// The iterator of a ``Mainline``: the nodes of the main continuation after a node (or their
/// moves, or a function of them).
#[pyclass(module = "kingside._native")]
pub(crate) struct PgnMainlineIterator {
    cursor: Cursor,
    f: Option<Py<PyAny>>,
    moves: bool,
    /// The last two views handed out, which the iterator may give a new node to once nothing
    /// else holds them (see [`reuse_view`]).
    spare: [Option<Py<PyAny>>; 2],
    turn: usize,
}

/// Gives `view`, a view this iterator handed out and nothing else holds any more, the node at
/// `index` of `game` instead of its own: what a new view would be, without making one. Nothing
/// can tell the difference (the old view cannot be reached: its reference count says only the
/// iterator holds it), but for a weak reference a caller took to it. False when `view` does
/// not qualify.
fn reuse_view(view: &Bound<'_, PyAny>, game: &Bound<'_, GameNode>, index: u32) -> PyResult<bool> {
    let py = view.py();
    // The count read as Python's `sys.getrefcount` reads it (pyo3 would have the unsafe
    // `ffi::Py_REFCNT` used instead, which this crate does not use).
    #[allow(deprecated)]
    let held_elsewhere = view.get_refcnt() != 1;
    if held_elsewhere || !is_exactly(view, child_node_type(py)?) {
        return Ok(false);
    }
    let Ok(node) = view.cast::<GameNode>() else {
        return Ok(false);
    };
    let mut node = node.try_borrow_mut().map_err(|_| busy())?;
    let old = match &node.repr {
        Repr::View {
            game: of,
            index: old,
        } if of.bind(py).is(game) => *old,
        _ => return Ok(false),
    };
    {
        let mut game = game.try_borrow_mut().map_err(|_| busy())?;
        let Repr::Root(tree) = &mut game.repr else {
            return Ok(false);
        };
        if index as usize >= tree.views.len() || old as usize >= tree.views.len() {
            return Ok(false);
        }
        // The view's weak reference moves with it; whatever stood for the new node (a dead
        // reference) goes.
        let moved = mem::replace(&mut tree.views[old as usize], ViewRef::None);
        let gone = mem::replace(&mut tree.views[index as usize], moved);
        drop(game);
        drop(gone);
    }
    node.repr = Repr::View {
        game: game.clone().unbind(),
        index,
    };
    Ok(true)
}

impl PgnMainlineIterator {
    /// The next node when the iterator stands on a node of a read game whose children are the
    /// tree's (the common case, read in one borrow of the game); None to take the general way.
    #[allow(clippy::option_option)]
    fn next_in_tree<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<Option<Option<Bound<'py, PyAny>>>> {
        let PgnMainlineIterator {
            cursor,
            spare,
            turn,
            ..
        } = self;
        let Cursor::Tree(game, index) = cursor else {
            return Ok(None);
        };
        let game = game.bind(py);
        let (child, alive) = {
            let node = game.try_borrow().map_err(|_| busy())?;
            let Repr::Root(tree) = &node.repr else {
                return Ok(None);
            };
            let Some(Children::Indices(children)) =
                tree.nodes.get(*index as usize).map(|node| &node.children)
            else {
                return Ok(None);
            };
            let Some(child) = children.first() else {
                drop(node);
                *cursor = Cursor::Done;
                *spare = [None, None];
                return Ok(Some(None));
            };
            let alive = match tree.views.get(child as usize) {
                Some(ViewRef::Weak(weak)) => weak.bind(py).upgrade(),
                Some(ViewRef::Kept(object)) => Some(object.bind(py).clone()),
                _ => None,
            };
            (child, alive)
        };
        *index = child;
        // A view alive for the node is the node's object; else one of the iterator's own that
        // nothing holds, else a new one.
        let object = match alive {
            Some(alive) => alive,
            None => match spare[*turn].take() {
                Some(old) if reuse_view(old.bind(py), game, child)? => old.into_bound(py),
                _ => view(game, child)?,
            },
        };
        // Kept for reuse two steps on (the caller's loop variable holds the last one).
        spare[*turn] = Some(object.clone().unbind());
        *turn ^= 1;
        Ok(Some(Some(object)))
    }
}

#[pymethods]
impl PgnMainlineIterator {
    /// From `start`: each node after it (`f` None), each node's move (`moves`), or `f` of each
    /// node.
    #[new]
    #[pyo3(signature = (start, f = None, moves = false))]
    fn new(start: Bound<'_, PyAny>, f: Option<Bound<'_, PyAny>>, moves: bool) -> Self {
        PgnMainlineIterator {
            cursor: Cursor::Object(start.unbind()),
            f: f.map(Bound::unbind),
            moves,
            spare: [None, None],
            turn: 0,
        }
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        if self.f.is_none() && !self.moves {
            if let Some(next) = self.next_in_tree(py)? {
                return Ok(next);
            }
        }
        let child = self.cursor.step(py)?.first_child()?;
        self.cursor = Cursor::of(&child);
        if matches!(child, Step::End) {
            self.spare = [None, None];
            return Ok(None);
        }
        if self.moves {
            // The moves alone: no node object is made for a node of a read game.
            return Ok(Some(
                child
                    .move_object()?
                    .unwrap_or_else(|| py.None().into_bound(py)),
            ));
        }
        let child = match &child {
            Step::Place(Place::Tree(game, index)) if *index != 0 => {
                // A view alive for the node is the node's object; else one of the iterator's
                // own that nothing holds, else a new one.
                let alive = alive_view(game, *index)?;
                match alive {
                    Some(alive) => alive,
                    None => {
                        let spare = self.spare[self.turn].take();
                        match spare {
                            Some(spare) if reuse_view(spare.bind(py), game, *index)? => {
                                spare.into_bound(py)
                            }
                            _ => view(game, *index)?,
                        }
                    }
                }
            }
            _ => child.object()?.expect("not at the end"),
        };
        // Kept for reuse two steps on (the caller's loop variable holds the last one).
        self.spare[self.turn] = Some(child.clone().unbind());
        self.turn ^= 1;
        match &self.f {
            Some(f) => f.bind(py).call1((child,)).map(Some),
            None => Ok(Some(child)),
        }
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Cursor::Tree(game, _) = &self.cursor {
            visit.call(game)?;
        }
        if let Cursor::Object(object) = &self.cursor {
            visit.call(object)?;
        }
        visit.call(&self.f)?;
        for spare in &self.spare {
            visit.call(spare)?;
        }
        Ok(())
    }

    fn __clear__(&mut self) {
        let old = (
            mem::replace(&mut self.cursor, Cursor::Done),
            self.f.take(),
            self.spare[0].take(),
            self.spare[1].take(),
        );
        drop(old);
    }
}
