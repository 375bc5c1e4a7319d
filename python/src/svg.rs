//! python-chess's `chess.svg` drawn by chess-svg: the board and piece pictures of
//! `kingside.svg` (python/kingside/svg.py gives them their names, defaults and docstrings), and
//! its module constants made from the crate's own drawings.
//!
//! The arguments are taken as python-chess takes them: a board is a kingside board (its Rust
//! state is read directly) or anything with `piece_map()`; squares are ints; moves and arrows
//! anything with python-chess's attributes; colours are CSS colours (`#ffce9e`, `#15781B80`,
//! `red`). A bad value raises a `ValueError` that names the argument.

use std::str::FromStr;

use chess_core::{Bitboard, Board, Color, Piece, Role, Square};
use chess_svg::{Arrow, Drawing, PieceDrawing, Rgba, Theme, fragments};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMapping};

use crate::board::BaseBoard;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(svg_board, m)?)?;
    m.add_function(wrap_pyfunction!(svg_piece, m)?)?;
    m.add_function(wrap_pyfunction!(svg_constants, m)?)?;
    Ok(())
}

/// The four colours of arrows that python-chess names (`Arrow(..., color="red")`), in the
/// order of `[%cal]`'s letters G, R, Y, B, with chess-svg's colours for them.
const ARROW_COLORS: [(&str, Rgba); 4] = [
    ("green", Rgba::GREEN),
    ("red", Rgba::RED),
    ("yellow", Rgba::YELLOW),
    ("blue", Rgba::BLUE),
];

/// The keys of python-chess's `colors` argument, and the colour of the theme each sets (the
/// arrows' colours aside).
const THEME_KEYS: [&str; 8] = [
    "square light",
    "square dark",
    "square light lastmove",
    "square dark lastmove",
    "margin",
    "coord",
    "inner border",
    "outer border",
];

/// The colour of the theme that a key of `colors` names.
fn theme_color<'t>(theme: &'t mut Theme, key: &str) -> Option<&'t mut Rgba> {
    Some(match key {
        "square light" => &mut theme.light,
        "square dark" => &mut theme.dark,
        "square light lastmove" => &mut theme.last_move_light,
        "square dark lastmove" => &mut theme.last_move_dark,
        "margin" => &mut theme.frame,
        "coord" => &mut theme.coordinates,
        "inner border" => &mut theme.inner_border,
        "outer border" => &mut theme.outer_border,
        _ => return None,
    })
}

/// The colours of a drawing: the theme and the four named arrow colours.
struct Palette {
    theme: Theme,
    arrows: [Rgba; 4],
}

impl Palette {
    /// The defaults, with python-chess's `colors` laid over them.
    fn new(colors: Option<&Bound<'_, PyAny>>) -> PyResult<Palette> {
        let mut palette = Palette {
            theme: Theme::DEFAULT,
            arrows: ARROW_COLORS.map(|(_, color)| color),
        };
        let Some(colors) = colors else {
            return Ok(palette);
        };
        let colors = colors.cast::<PyMapping>().map_err(|_| {
            PyValueError::new_err(format!(
                "colors is a dict of colour names to colours, not {}",
                type_name(colors)
            ))
        })?;
        for item in colors.items()?.iter() {
            let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
            let name: String = key.extract().map_err(|_| {
                PyValueError::new_err(format!(
                    "colors: the keys are colour names such as 'square light', not {}",
                    key.repr().map_or_else(|_| "?".into(), |r| r.to_string())
                ))
            })?;
            let what = format!("colors[{name:?}]");
            let color = parse_color(&value, &what)?;
            if let Some(slot) = theme_color(&mut palette.theme, &name) {
                *slot = color;
            } else if let Some(i) = ARROW_COLORS
                .iter()
                .position(|(arrow, _)| name.strip_prefix("arrow ") == Some(arrow))
            {
                palette.arrows[i] = color;
            } else {
                let known: Vec<String> = THEME_KEYS
                    .iter()
                    .map(|key| format!("{key:?}"))
                    .chain(ARROW_COLORS.iter().map(|(c, _)| format!("\"arrow {c}\"")))
                    .collect();
                return Err(PyValueError::new_err(format!(
                    "{what}: unknown colour name; the names are {}",
                    known.join(", ")
                )));
            }
        }
        Ok(palette)
    }

    /// The colour of an arrow: one of python-chess's four names, or any CSS colour.
    fn arrow(&self, color: &Bound<'_, PyAny>, what: &str) -> PyResult<Rgba> {
        let name = color.extract::<String>().ok();
        match ARROW_COLORS
            .iter()
            .position(|(known, _)| Some(*known) == name.as_deref())
        {
            Some(i) => Ok(self.arrows[i]),
            None => parse_color(color, what),
        }
    }
}

/// The name of a value's type, for messages.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".into(), |name| name.to_string())
}

/// A CSS colour given as a string.
fn parse_color(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Rgba> {
    let text: String = value.extract().map_err(|_| {
        PyValueError::new_err(format!(
            "{what} is a colour such as '#ffce9e', not {}",
            type_name(value)
        ))
    })?;
    Rgba::from_str(&text).map_err(|e| PyValueError::new_err(format!("{what}: {e}")))
}

/// A square, 0..63, from an int (or anything with `__index__`).
fn square(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Square> {
    let index: i64 = value.extract().map_err(|_| {
        PyValueError::new_err(format!(
            "{what} is a square 0..63, not {}",
            type_name(value)
        ))
    })?;
    usize::try_from(index)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyValueError::new_err(format!("{what} is a square 0..63, not {index}")))
}

/// A piece: a kingside `Piece`, or anything with python-chess's `piece_type` (1..6) and
/// `color` (true for white).
fn piece(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Piece> {
    if let Ok(piece) = value.cast::<crate::board::Piece>() {
        return Ok(piece.get().rust());
    }
    let bad = || {
        PyValueError::new_err(format!(
            "{what} is a piece (with piece_type and color), not {}",
            type_name(value)
        ))
    };
    let piece_type: i64 = value
        .getattr("piece_type")
        .and_then(|t| t.extract())
        .map_err(|_| bad())?;
    let role = usize::try_from(piece_type - 1)
        .ok()
        .and_then(Role::from_index)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "{what}: piece_type is 1..6 (pawn to king), not {piece_type}"
            ))
        })?;
    let white = value.getattr("color").map_err(|_| bad())?.is_truthy()?;
    Ok(Piece::new(Color::from_white(white), role))
}

/// The pieces of a board: a kingside board's own, or those of `piece_map()`.
fn pieces(board: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
    let Some(board) = board.filter(|b| !b.is_none()) else {
        return Ok(Board::empty());
    };
    if let Ok(ours) = board.cast::<BaseBoard>() {
        return Ok(ours.borrow().pos().board.clone());
    }
    let map = board.call_method0("piece_map").map_err(|_| {
        PyValueError::new_err(format!(
            "board is a chess.BaseBoard (or anything with piece_map()), not {}",
            type_name(board)
        ))
    })?;
    let map = map.cast::<PyMapping>().map_err(|_| {
        PyValueError::new_err("board.piece_map() did not return a dict of squares to pieces")
    })?;
    let mut pieces = Board::empty();
    for item in map.items()?.iter() {
        let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
        let at = square(&key, "a square of board.piece_map()")?;
        let what = format!("board.piece_map()[{at}]");
        pieces.put(at, piece(&value, &what)?);
    }
    Ok(pieces)
}

/// An arrow: a `kingside.svg.Arrow` (anything with `tail`, `head` and `color`), or a pair of
/// squares, drawn green.
fn arrow(value: &Bound<'_, PyAny>, what: &str, palette: &Palette) -> PyResult<Arrow> {
    if value.hasattr("tail")? && value.hasattr("head")? {
        let tail = square(&value.getattr("tail")?, &format!("{what}.tail"))?;
        let head = square(&value.getattr("head")?, &format!("{what}.head"))?;
        let color = match value.getattr("color") {
            Ok(color) => palette.arrow(&color, &format!("{what}.color"))?,
            Err(_) => palette.arrows[0],
        };
        return Ok(Arrow::new(tail, head, color));
    }
    let pair: (Bound<'_, PyAny>, Bound<'_, PyAny>) = value.extract().map_err(|_| {
        PyValueError::new_err(format!(
            "{what} is an Arrow or a pair of squares (tail, head), not {}",
            type_name(value)
        ))
    })?;
    let tail = square(&pair.0, &format!("{what}'s tail"))?;
    let head = square(&pair.1, &format!("{what}'s head"))?;
    Ok(Arrow::new(tail, head, palette.arrows[0]))
}

/// A board as SVG, with python-chess's arguments (`kingside.svg.board`; `squares` comes as a
/// mask, the rest as python-chess takes it).
#[pyfunction]
#[pyo3(signature = (
    board=None, *, orientation=true, lastmove=None, check=None, arrows=None, fill=None,
    squares=0, size=None, coordinates=true, colors=None, borders=false, style=None,
))]
#[allow(clippy::too_many_arguments)]
fn svg_board(
    board: Option<&Bound<'_, PyAny>>,
    orientation: bool,
    lastmove: Option<&Bound<'_, PyAny>>,
    check: Option<&Bound<'_, PyAny>>,
    arrows: Option<&Bound<'_, PyAny>>,
    fill: Option<&Bound<'_, PyAny>>,
    squares: u64,
    size: Option<&Bound<'_, PyAny>>,
    coordinates: bool,
    colors: Option<&Bound<'_, PyAny>>,
    borders: bool,
    style: Option<String>,
) -> PyResult<String> {
    let palette = Palette::new(colors)?;
    let pieces = pieces(board)?;
    let mut drawing = Drawing::new(&pieces)
        .orientation(Color::from_white(orientation))
        .coordinates(coordinates)
        .borders(borders)
        .theme(palette.theme)
        .crosses(Bitboard(squares));
    drawing = match size.filter(|s| !s.is_none()) {
        None => drawing.responsive(),
        Some(size) => {
            let pixels: i64 = size.extract().map_err(|_| {
                PyValueError::new_err(format!(
                    "size is a number of pixels or None, not {}",
                    type_name(size)
                ))
            })?;
            let pixels = u32::try_from(pixels).map_err(|_| {
                PyValueError::new_err(format!(
                    "size is a number of pixels, 0 or more, not {pixels}"
                ))
            })?;
            drawing.size(pixels)
        }
    };
    // A null move is false, as python-chess tests it: no highlight.
    let lastmove = match lastmove.filter(|m| !m.is_none()) {
        Some(m) if m.is_truthy()? => Some(m),
        _ => None,
    };
    if let Some(m) = lastmove {
        let field = |name: &str| {
            m.getattr(name).map_err(|_| {
                PyValueError::new_err(format!(
                    "lastmove is a Move (with from_square and to_square) or None, not {}",
                    type_name(m)
                ))
            })
        };
        let from = square(&field("from_square")?, "lastmove.from_square")?;
        let to = square(&field("to_square")?, "lastmove.to_square")?;
        drawing = drawing.last_move(from, to);
    }
    if let Some(check) = check.filter(|c| !c.is_none()) {
        drawing = drawing.check(square(check, "check")?);
    }
    if let Some(fill) = fill.filter(|f| !f.is_none()) {
        let fill = fill.cast::<PyMapping>().map_err(|_| {
            PyValueError::new_err(format!(
                "fill is a dict of squares to colours, not {}",
                type_name(fill)
            ))
        })?;
        for item in fill.items()?.iter() {
            let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
            let at = square(&key, "a key of fill")?;
            drawing = drawing.fill(at, parse_color(&value, &format!("fill[{at}]"))?);
        }
    }
    if let Some(arrows) = arrows.filter(|a| !a.is_none()) {
        for (i, item) in arrows.try_iter()?.enumerate() {
            let item = item?;
            drawing = drawing.arrows([arrow(&item, &format!("arrows[{i}]"), &palette)?]);
        }
    }
    if let Some(css) = style {
        drawing = drawing.style(css);
    }
    Ok(drawing.to_svg())
}

/// A piece alone as SVG (`kingside.svg.piece`).
#[pyfunction]
#[pyo3(signature = (piece, size=None))]
fn svg_piece(piece: &Bound<'_, PyAny>, size: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let drawing = PieceDrawing::new(self::piece(piece, "piece")?);
    let drawing = match size.filter(|s| !s.is_none()) {
        None => drawing.responsive(),
        Some(size) => {
            let pixels: i64 = size.extract().map_err(|_| {
                PyValueError::new_err(format!(
                    "size is a number of pixels or None, not {}",
                    type_name(size)
                ))
            })?;
            drawing.size(u32::try_from(pixels).map_err(|_| {
                PyValueError::new_err(format!(
                    "size is a number of pixels, 0 or more, not {pixels}"
                ))
            })?)
        }
    };
    Ok(drawing.to_svg())
}

/// A colour as CSS writes it: `#rrggbb`, with `aa` after it when it is not opaque.
fn css(color: Rgba) -> String {
    if color.is_opaque() {
        color.to_string()
    } else {
        format!("{color}{:02x}", color.a)
    }
}

/// The module constants of python-chess's `chess.svg`, made from chess-svg's drawings: the
/// sizes in the documents' units, the piece groups by symbol, the cross, the check gradient,
/// the coordinate labels and the default colours by python-chess's names.
#[pyfunction]
fn svg_constants(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let theme = Theme::DEFAULT;
    let constants = PyDict::new(py);
    constants.set_item("SQUARE_SIZE", Drawing::SQUARE_SIZE)?;
    constants.set_item("MARGIN", Drawing::MARGIN)?;
    let pieces = PyDict::new(py);
    for piece in Piece::ALL {
        pieces.set_item(piece.char().to_string(), fragments::piece(piece, &theme))?;
    }
    constants.set_item("PIECES", pieces)?;
    constants.set_item("XX", fragments::cross(&theme))?;
    constants.set_item("CHECK_GRADIENT", fragments::check_gradient(&theme))?;
    let coords = PyDict::new(py);
    for label in "12345678abcdefgh".chars() {
        coords.set_item(label.to_string(), fragments::coordinate(label, &theme))?;
    }
    constants.set_item("COORDS", coords)?;
    let colors = PyDict::new(py);
    let mut defaults = theme;
    for key in THEME_KEYS {
        if let Some(color) = theme_color(&mut defaults, key) {
            colors.set_item(key, css(*color))?;
        }
    }
    for (name, color) in ARROW_COLORS {
        colors.set_item(format!("arrow {name}"), css(color))?;
    }
    constants.set_item("DEFAULT_COLORS", colors)?;
    Ok(constants)
}
