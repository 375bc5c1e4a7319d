//! The exporters' fast path: a tree of plain nodes written by ``StringExporter`` or
//! ``FileExporter`` in one call, as the Python walk would write it (the same tokens, line
//! breaks, move numbers and state left in the exporter), the moves' SAN from chess-notation's
//! lenient writer. Anything this path does not know (a node or board of another class, a move
//! that does not play, a comment that is not a string) makes it give up before it changes
//! anything, and the Python walk does the work.

use chess_notation::lenient::{san, trim_end_python, trim_python};
use chess_rules::lenient::{LenientPosition, RawMove};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use super::node::{Children, GameNode, MoveField, Nags, Place, Text};
use super::{board_type, child_node_type, game_type, is_exactly};
use crate::board::{BaseBoard, Move};

/// Why the fast path gives up: Python does the work (and raises what it raises).
struct GiveUp;

impl From<PyErr> for GiveUp {
    fn from(_: PyErr) -> GiveUp {
        GiveUp
    }
}

type Walk<T> = Result<T, GiveUp>;

/// Writes `start` with `exporter` (a plain ``StringExporter`` or ``FileExporter``): the whole
/// game (`kind` ``"game"``, as ``Game.accept``), a node and what follows it (``"node"``, as
/// ``ChildNode.accept``) or a mainline (``"mainline"``, as ``Mainline.accept``). True when
/// done; False, with nothing changed, when the Python walk must do it.
#[pyfunction]
pub(crate) fn pgn_export(
    exporter: &Bound<'_, PyAny>,
    start: &Bound<'_, PyAny>,
    kind: &str,
    to_file: bool,
) -> PyResult<bool> {
    let Ok(mut writer) = Writer::of(exporter, to_file) else {
        return Ok(false);
    };
    let done = match kind {
        "game" => writer.game(start),
        "node" => writer.node(start),
        _ => writer.mainline(start),
    };
    match done {
        Ok(()) => {
            writer.store(exporter)?;
            Ok(true)
        }
        Err(GiveUp) => Ok(false),
    }
}

/// The exporter's state (``StringExporterMixin``'s attributes) and what it writes.
struct Writer<'py> {
    py: Python<'py>,
    columns: Option<i64>,
    headers: bool,
    comments: bool,
    variations: bool,
    found_headers: bool,
    force_movenumber: bool,
    variation_depth: i64,
    /// The line being written, and its length in characters.
    current: String,
    current_chars: i64,
    /// The lines ended.
    lines: Vec<String>,
    /// ``FileExporter``: whether `begin_game` was called (its count starts again).
    begun: bool,
    to_file: bool,
}

impl<'py> Writer<'py> {
    fn of(exporter: &Bound<'py, PyAny>, to_file: bool) -> Walk<Writer<'py>> {
        let py = exporter.py();
        let columns = exporter.getattr("columns")?;
        let columns = if columns.is_none() {
            None
        } else {
            Some(columns.extract::<i64>()?)
        };
        let flag = |name: &str| -> Walk<bool> { Ok(exporter.getattr(name)?.is_truthy()?) };
        let current: String = exporter.getattr("current_line")?.extract()?;
        Ok(Writer {
            py,
            columns,
            headers: flag("headers")?,
            comments: flag("comments")?,
            variations: flag("variations")?,
            found_headers: flag("found_headers")?,
            force_movenumber: flag("force_movenumber")?,
            variation_depth: exporter.getattr("variation_depth")?.extract()?,
            current_chars: i64::try_from(current.chars().count()).map_err(|_| GiveUp)?,
            current,
            lines: Vec::new(),
            begun: false,
            to_file,
        })
    }

    /// Leaves the state in the exporter, as the Python walk would have: its lines (or the file
    /// written), the line being written and the flags.
    fn store(self, exporter: &Bound<'py, PyAny>) -> PyResult<()> {
        if self.to_file && (self.begun || !self.lines.is_empty()) {
            let handle = exporter.getattr("handle")?;
            let mut written = if self.begun {
                0_i64.into_pyobject(self.py)?.into_any()
            } else {
                exporter.getattr("written")?
            };
            for line in &self.lines {
                written = written.add(handle.call_method1("write", (line,))?)?;
                written = written.add(handle.call_method1("write", ("\n",))?)?;
            }
            exporter.setattr("written", written)?;
        } else if !self.to_file {
            let lines = exporter.getattr("lines")?;
            let lines = lines.cast::<PyList>()?;
            for line in &self.lines {
                lines.append(line)?;
            }
        }
        exporter.setattr("current_line", PyString::new(self.py, &self.current))?;
        exporter.setattr("found_headers", self.found_headers)?;
        exporter.setattr("force_movenumber", self.force_movenumber)?;
        exporter.setattr("variation_depth", self.variation_depth)?;
        Ok(())
    }

    fn flush(&mut self) {
        if !self.current.is_empty() {
            self.lines.push(trim_end_python(&self.current).to_owned());
        }
        self.current.clear();
        self.current_chars = 0;
    }

    fn token(&mut self, token: &str) {
        let chars = token.chars().count() as i64;
        if let Some(columns) = self.columns {
            if columns - self.current_chars < chars {
                self.flush();
            }
        }
        self.current.push_str(token);
        self.current_chars += chars;
    }

    fn line(&mut self, line: &str) {
        self.flush();
        self.lines.push(trim_end_python(line).to_owned());
    }

    fn visible(&self) -> bool {
        self.variations || self.variation_depth == 0
    }

    fn comment(&mut self, comment: &str) {
        if self.comments && self.visible() {
            let text = comment.replace('}', "");
            self.token(&format!("{{ {} }} ", trim_python(&text)));
            self.force_movenumber = true;
        }
    }

    fn nag(&mut self, nag: u64) {
        if self.comments && self.visible() {
            self.token(&format!("${nag} "));
        }
    }

    fn mv(&mut self, pos: &LenientPosition, m: RawMove) -> Walk<()> {
        if self.visible() {
            if pos.turn.is_white() {
                self.token(&format!("{}. ", pos.fullmoves));
            } else if self.force_movenumber {
                self.token(&format!("{}... ", pos.fullmoves));
            }
            let mut san = san(pos, m, false).map_err(|_| GiveUp)?;
            san.push(' ');
            self.token(&san);
            self.force_movenumber = false;
        }
        Ok(())
    }

    /// `begin_variation`: whether the variation is written.
    fn begin_variation(&mut self) -> bool {
        self.variation_depth += 1;
        if self.variations {
            self.token("( ");
            self.force_movenumber = true;
        }
        self.variations
    }

    fn end_variation(&mut self) {
        self.variation_depth -= 1;
        if self.variations {
            self.token(") ");
            self.force_movenumber = true;
        }
    }

    /// `Game.accept`.
    fn game(&mut self, game: &Bound<'py, PyAny>) -> Walk<()> {
        let py = self.py;
        if !is_exactly(game, game_type(py)?) {
            return Err(GiveUp);
        }
        // begin_game
        self.begun = self.to_file;
        let headers = game.getattr("headers")?;
        for item in headers.call_method0("items")?.try_iter()? {
            let (name, value): (String, String) = item?.extract()?;
            if self.headers {
                self.found_headers = true;
                self.line(&format!("[{name} \"{value}\"]"));
            }
        }
        if self.found_headers {
            self.line("");
        }
        let pos = position(&game.call_method0("board")?)?;
        let root = node_place(game)?;
        let fields = Fields::of(&root)?;
        if let Some(comment) = &fields.comment {
            self.comment(comment);
        }
        let children = children(&root)?;
        if let Some((first, others)) = children.split_first() {
            self.line_from(first.clone(), others.to_vec(), pos, true)?;
        }
        let result: String = headers.call_method1("get", ("Result", "*"))?.extract()?;
        self.token(&format!("{result} "));
        // end_game
        self.line("");
        Ok(())
    }

    /// `ChildNode.accept`.
    fn node(&mut self, node: &Bound<'py, PyAny>) -> Walk<()> {
        let place = node_place(node)?;
        let parent = node.getattr("parent")?;
        let pos = position(&parent.call_method0("board")?)?;
        self.line_from(place, Vec::new(), pos, false)
    }

    /// `Mainline.accept`.
    fn mainline(&mut self, start: &Bound<'py, PyAny>) -> Walk<()> {
        let mut pos = position(&start.call_method0("board")?)?;
        let mut node = node_place(start)?;
        loop {
            let Some(first) = children(&node)?.into_iter().next() else {
                return Ok(());
            };
            let fields = Fields::of(&first)?;
            pos = self.visit_node(&fields, &pos)?;
            node = first;
        }
    }

    /// The calls of one node: its starting comment, its move, its NAGs, its comment. The
    /// position after the move.
    fn visit_node(&mut self, fields: &Fields, pos: &LenientPosition) -> Walk<LenientPosition> {
        if let Some(starting) = &fields.starting_comment {
            self.comment(starting);
        }
        let m = fields.mv.ok_or(GiveUp)?;
        self.mv(pos, m)?;
        let mut after = pos.clone();
        after.play(m).map_err(|_| GiveUp)?;
        for &nag in &fields.nags {
            self.nag(nag);
        }
        if let Some(comment) = &fields.comment {
            self.comment(comment);
        }
        Ok(after)
    }

    /// A line from `node` (its parent's position `pos`): the node, then (with `sidelines`)
    /// `others`, its parent's other children, as variations, then its main continuation.
    fn line_from(
        &mut self,
        mut node: Place<'py>,
        mut others: Vec<Place<'py>>,
        pos: LenientPosition,
        mut sidelines: bool,
    ) -> Walk<()> {
        let mut pos = pos;
        loop {
            let fields = Fields::of(&node)?;
            let after = self.visit_node(&fields, &pos)?;
            if sidelines {
                for other in others.drain(..) {
                    if self.begin_variation() {
                        self.line_from(other, Vec::new(), pos.clone(), false)?;
                    }
                    self.end_variation();
                }
            }
            let children = children(&node)?;
            let Some((first, rest)) = children.split_first() else {
                return Ok(());
            };
            others = rest.to_vec();
            node = first.clone();
            pos = after;
            sidelines = true;
        }
    }
}

/// What the exporter reads of a node.
struct Fields {
    mv: Option<RawMove>,
    starting_comment: Option<String>,
    comment: Option<String>,
    nags: Vec<u64>,
}

/// A non-empty text, or None for an empty one; a text that is no string gives up.
fn text_of(py: Python<'_>, text: &Text, buffer: &str) -> Walk<Option<String>> {
    let text = match text {
        Text::Rust(_) | Text::Span(..) => text.as_str(buffer).unwrap_or_default().to_owned(),
        Text::Object(object) => object
            .bind(py)
            .cast::<PyString>()
            .map_err(|_| GiveUp)?
            .to_str()?
            .to_owned(),
    };
    Ok((!text.is_empty()).then_some(text))
}

impl Fields {
    fn of(place: &Place<'_>) -> Walk<Fields> {
        let py = place_py(place);
        let (mv, starting, comment, nags) = place.read(|node, buffer| {
            let mv = match &node.mv {
                MoveField::None => None,
                MoveField::Raw(m) => Some(Ok(*m)),
                MoveField::Object(object) => Some(Err(object.clone_ref(py))),
            };
            let nags = match node.nags() {
                None => Ok(Vec::new()),
                Some(nags @ Nags::Rust(_)) => Ok(nags.sorted().unwrap_or_default()),
                Some(Nags::Object(object)) => Err(object.clone_ref(py)),
            };
            (
                mv,
                node.starting_comment()
                    .map_or(Ok(None), |text| text_of(py, text, buffer)),
                text_of(py, &node.comment, buffer),
                nags,
            )
        })?;
        let mv = match mv {
            None => None,
            Some(Ok(m)) => Some(m),
            Some(Err(object)) => Some(Move::extract(object.bind(py))?.raw()),
        };
        let nags = match nags {
            Ok(nags) => nags,
            Err(object) => {
                let sorted = py.import("builtins")?.getattr("sorted")?.call1((object,))?;
                sorted.extract::<Vec<u64>>()?
            }
        };
        Ok(Fields {
            mv,
            starting_comment: starting?,
            comment: comment?,
            nags,
        })
    }
}

fn place_py<'py>(place: &Place<'py>) -> Python<'py> {
    match place {
        Place::Own(node) | Place::Tree(node, _) => node.py(),
    }
}

/// The place of a node object of the plain classes (another class gives up: its methods may
/// walk otherwise).
fn node_place<'py>(node: &Bound<'py, PyAny>) -> Walk<Place<'py>> {
    let py = node.py();
    let plain = is_exactly(node, child_node_type(py)?) || is_exactly(node, game_type(py)?);
    if !plain {
        return Err(GiveUp);
    }
    Ok(Place::of(node.cast::<GameNode>().map_err(|_| GiveUp)?)?)
}

/// The children of a node, in order.
fn children<'py>(place: &Place<'py>) -> Walk<Vec<Place<'py>>> {
    let py = place_py(place);
    let children = place.read(|node, _| match &node.children {
        Children::Indices(indices) => Ok(indices.to_vec()),
        Children::Object(object) => Err(object.clone_ref(py)),
    })?;
    match children {
        Ok(indices) => Ok(indices.into_iter().map(|i| place.at(i)).collect()),
        Err(list) => {
            let list = list.bind(py).cast::<PyList>().map_err(|_| GiveUp)?.clone();
            list.iter().map(|child| node_place(&child)).collect()
        }
    }
}

/// The position of a board of kingside's plain class.
fn position(board: &Bound<'_, PyAny>) -> Walk<LenientPosition> {
    let py = board.py();
    if !is_exactly(board, board_type(py)?) {
        return Err(GiveUp);
    }
    Ok(board
        .cast::<BaseBoard>()
        .map_err(|_| GiveUp)?
        .borrow()
        .pos()
        .clone())
}
