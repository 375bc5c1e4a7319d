//! The structure of the crates' sources: which module files import which, and the circles
//! among them (`a.rs` uses `b.rs`, which uses `a.rs`, directly or around a longer loop). A
//! `mod.rs` that re-exports its children while they use an item it defines counts too, so a
//! crate without circles has `mod.rs` files that only declare and re-export, and children that
//! import their siblings.
//!
//! The reading is textual and deliberately simple: `crate::a::b` and `super::x` paths, and a
//! child module named at the start of a path (`pawns::structure`), outside comments and test
//! modules. It is what `cargo test -p xtask` checks over every crate, `crates/*/src`,
//! `xtask/src` and the Python package's `python/src`.
//!
//! The length of functions too: none in chess-engine or chess-notation over
//! [`MAX_FUNCTION_LINES`], counted from the line of its `fn` to that of its closing brace, test
//! functions included (a long test is as hard to read as a long function).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module, as the path of names from its crate's root (empty for the root).
type Module = Vec<String>;

/// The module files of the crate whose sources are in `src`, by module.
fn modules(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut found = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(src).expect("below src");
                let mut module: Module = relative
                    .with_extension("")
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    module.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    module.pop();
                }
                found.insert(module, path);
            }
        }
    }
    found
}

/// `text` without its comments, the insides of its string and character literals, and its
/// `#[cfg(test)] mod tests` (which may use anything).
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    without_literals(text)
}

/// `text` without its comments and the insides of its string and character literals, each
/// line where it was: what is left out keeps its line breaks, so that a line of the result is
/// the same line of the file.
fn without_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                keep_line_break(chars[i], &mut out);
                i += 1;
            }
            i += 2;
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !chars[..i]
                .last()
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            // A raw string: r"..." or r#"..."#, ended by the quote and as many hashes.
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            i += 2 + hashes;
            out.push('"');
            while i < chars.len() {
                if chars[i] == '"'
                    && chars[i + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&h| h == '#')
                        .count()
                        == hashes
                {
                    i += 1 + hashes;
                    break;
                }
                keep_line_break(chars[i], &mut out);
                i += 1;
            }
            out.push('"');
        } else if c == '"' {
            i += 1;
            out.push('"');
            while i < chars.len() && chars[i] != '"' {
                // An escaped character, which may be a quote or a line break.
                if chars[i] == '\\' {
                    i += 1;
                }
                if let Some(&c) = chars.get(i) {
                    keep_line_break(c, &mut out);
                }
                i += 1;
            }
            i += 1;
            out.push('"');
        } else if c == '\'' {
            // A character literal ('a', '\n', '"'), or a lifetime ('a), which stays.
            if next == Some('\\') {
                // Past the escaped character, which may be the quote itself ('\'').
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Keeps a line break of what [`without_literals`] leaves out.
fn keep_line_break(c: char, out: &mut String) {
    if c == '\n' {
        out.push('\n');
    }
}

/// The paths `a::b::c` of `code`, as their segments; a group `a::{b, c::d}` gives `a::b` and
/// `a::c::d`.
fn paths(code: &str) -> Vec<Vec<&str>> {
    let mut out = Vec::new();
    collect(code, &[], &mut out);
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Adds the paths of `code` to `out`, each after `prefix` (the path before a group).
fn collect<'a>(code: &'a str, prefix: &[&'a str], out: &mut Vec<Vec<&'a str>>) {
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // A path starts at an identifier that no `::` or identifier character precedes.
        let starts = is_ident(bytes[i])
            && (i == 0 || (!is_ident(bytes[i - 1]) && !code[..i].ends_with("::")));
        if !starts {
            i += 1;
            continue;
        }
        let mut segments = prefix.to_vec();
        let mut j = i;
        loop {
            let begin = j;
            while j < bytes.len() && is_ident(bytes[j]) {
                j += 1;
            }
            segments.push(&code[begin..j]);
            if code[j..].starts_with("::") && bytes.get(j + 2).is_some_and(|&c| is_ident(c)) {
                j += 2;
            } else {
                break;
            }
        }
        if code[j..].starts_with("::{") {
            // A group: each item after the path so far.
            let open = j + 2;
            let close = matching_brace(code, open).unwrap_or(code.len());
            for item in top_level_items(&code[open + 1..close]) {
                collect(item, &segments, out);
            }
            i = close + 1;
            continue;
        }
        if segments.len() > 1 {
            out.push(segments);
        }
        i = j.max(i + 1);
    }
}

/// The index of the `}` that closes the `{` at `open`.
fn matching_brace(code: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (k, c) in code.bytes().enumerate().skip(open) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// The items of a group's inside, split at the commas outside nested groups.
fn top_level_items(inside: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (k, c) in inside.bytes().enumerate() {
        match c {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b',' if depth == 0 => {
                items.push(inside[start..k].trim());
                start = k + 1;
            }
            _ => {}
        }
    }
    items.push(inside[start..].trim());
    items.retain(|item| !item.is_empty());
    items
}

/// A crate's modules and what each re-exports: the name, and the path it stands for.
struct Crate {
    known: BTreeSet<Module>,
    reexports: BTreeMap<(Module, String), (Module, Vec<String>)>,
}

impl Crate {
    /// The longest prefix of `path` (from `base`) that is a module file, and its length.
    fn prefix(&self, base: &[String], path: &[&str]) -> Option<(Module, usize)> {
        (0..=path.len()).rev().find_map(|k| {
            let mut module = base.to_vec();
            module.extend(path[..k].iter().map(|s| (*s).to_owned()));
            self.known.contains(&module).then_some((module, k))
        })
    }

    /// Where `path`, written in `module`, starts from, and how many of its segments say so.
    fn start(&self, module: &Module, path: &[&str]) -> Option<(Module, usize)> {
        match path[0] {
            "crate" => Some((Vec::new(), 1)),
            "super" => {
                let ups = path.iter().take_while(|s| **s == "super").count();
                Some((module[..module.len().saturating_sub(ups)].to_vec(), ups))
            }
            "self" => Some((module.clone(), 1)),
            // A child module named at the start of a path.
            name => {
                let mut child = module.clone();
                child.push(name.to_owned());
                self.known.contains(&child).then(|| (module.clone(), 0))
            }
        }
    }

    /// The module that defines what `path`, written in `module`, names: a re-export leads on
    /// to its definition.
    fn resolve(&self, module: &Module, path: &[&str], depth: usize) -> Option<Module> {
        let (base, skip) = self.start(module, path)?;
        let (target, k) = self.prefix(&base, &path[skip..])?;
        if let Some(name) = path.get(skip + k) {
            if let Some((from, to)) = self.reexports.get(&(target.clone(), (*name).to_owned())) {
                if depth < 8 {
                    let to: Vec<&str> = to.iter().map(String::as_str).collect();
                    return self.resolve(from, &to, depth + 1).or(Some(target));
                }
            }
        }
        Some(target)
    }
}

/// The module files each module of `src` imports. A path to a name that a module re-exports
/// (`crate::Position`, through the crate root's `pub use position::Position`) leads to the
/// module that defines it: a façade's re-exports are imports of its own, not the definitions
/// of its users' names.
fn imports(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules = modules(src);
    let codes: BTreeMap<&Module, String> = modules
        .iter()
        .map(|(m, file)| {
            (
                m,
                code_of(&std::fs::read_to_string(file).unwrap_or_default()),
            )
        })
        .collect();
    let mut krate = Crate {
        known: modules.keys().cloned().collect(),
        reexports: BTreeMap::new(),
    };
    for (module, code) in &codes {
        for statement in code.split(';') {
            let statement = statement.trim_start();
            let Some(rest) = ["pub use ", "pub(crate) use ", "pub(super) use "]
                .iter()
                .find_map(|p| statement.strip_prefix(p))
            else {
                continue;
            };
            for path in paths(rest) {
                let name = (*path.last().expect("a path has segments")).to_owned();
                let owned = path.iter().map(|s| (*s).to_owned()).collect();
                krate
                    .reexports
                    .insert(((*module).clone(), name), ((*module).clone(), owned));
            }
        }
    }
    let mut graph = BTreeMap::new();
    for (module, code) in &codes {
        let mut uses = BTreeSet::new();
        for path in paths(code) {
            if let Some(target) = krate.resolve(module, &path, 0).filter(|t| t != *module) {
                uses.insert(target);
            }
        }
        graph.insert((*module).clone(), uses);
    }
    graph
}

/// The circles among `graph`'s modules: each group of two or more modules that reach one
/// another (Tarjan's strongly connected components).
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct State<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    fn visit<'a>(state: &mut State<'a>, v: &'a Module) {
        let n = state.index.len();
        state.index.insert(v, n);
        state.low.insert(v, n);
        state.stack.push(v);
        state.on_stack.insert(v);
        for w in state.graph.get(v).into_iter().flatten() {
            let Some((w, _)) = state.graph.get_key_value(w) else {
                continue;
            };
            if !state.index.contains_key(w) {
                visit(state, w);
                let low = state.low[v].min(state.low[w]);
                state.low.insert(v, low);
            } else if state.on_stack.contains(w) {
                let low = state.low[v].min(state.index[w]);
                state.low.insert(v, low);
            }
        }
        if state.low[v] == state.index[v] {
            let mut group = Vec::new();
            while let Some(w) = state.stack.pop() {
                state.on_stack.remove(w);
                group.push(w.clone());
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                state.found.push(group);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.found
}

/// The circles of every crate of the workspace at `root`, worded: `crate: a <-> b`.
pub fn workspace_circles(root: &Path) -> Vec<String> {
    let mut srcs: Vec<(String, PathBuf)> = std::fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                e.path().join("src"),
            )
        })
        .collect();
    srcs.push(("xtask".to_owned(), root.join("xtask/src")));
    // The Python package's native module (the crate `kingside`), a member of the workspace
    // outside `crates/`.
    srcs.push(("python".to_owned(), root.join("python/src")));
    srcs.sort();
    let name = |m: &Module| {
        if m.is_empty() {
            "lib".to_owned()
        } else {
            m.join("/")
        }
    };
    let mut out = Vec::new();
    for (krate, src) in srcs {
        let graph = imports(&src);
        for group in circles(&graph) {
            let names: Vec<String> = group.iter().map(name).collect();
            out.push(format!("{krate}: {}", names.join(" <-> ")));
            for module in &group {
                let uses: Vec<String> = graph[module]
                    .iter()
                    .filter(|m| group.contains(m))
                    .map(name)
                    .collect();
                out.push(format!("    {} uses {}", name(module), uses.join(", ")));
            }
        }
    }
    out
}

/// The most lines a function of [`SHORT_FUNCTION_CRATES`] may have, from the line of its `fn`
/// to the line of its closing brace. A function longer than a screenful or two does several
/// things; the search's `negamax` had grown to 517 lines before it was cut into its parts.
pub const MAX_FUNCTION_LINES: usize = 150;

/// The crates (folders under `crates/`) whose functions are held to [`MAX_FUNCTION_LINES`].
const SHORT_FUNCTION_CRATES: [&str; 2] = ["chess-engine", "chess-notation"];

/// Files of those crates (from the workspace root) left out of the function-length check, and
/// why. None today: the generated tables of both crates are data, not functions.
const LONG_FUNCTIONS_ALLOWED: &[(&str, &str)] = &[];

/// A function of a file: its name, the line of its `fn` (from 1) and its length in lines.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// The functions with a body in `code` (as [`without_literals`] leaves a file), nested ones
/// too (each counted on its own and in the function around it). A `fn` with no name after it
/// is a function pointer type; one whose signature ends in `;` has no body.
fn functions(code: &str) -> Vec<Function> {
    let bytes = code.as_bytes();
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(i) = code[at..].find("fn").map(|i| at + i) {
        at = i + 2;
        let keyword = (i == 0 || !is_ident(bytes[i - 1]))
            && bytes.get(i + 2).is_some_and(u8::is_ascii_whitespace);
        if !keyword {
            continue;
        }
        let name_start = i + 2 + code[i + 2..].len() - code[i + 2..].trim_start().len();
        let name_len = code[name_start..]
            .bytes()
            .take_while(|&c| is_ident(c))
            .count();
        if name_len == 0 {
            continue;
        }
        // The body's brace: the first `{` outside the signature's parentheses and brackets
        // (`[u8; 4]` has a `;` that does not end it).
        let mut depth = 0i32;
        let mut open = None;
        for (k, c) in bytes.iter().enumerate().skip(name_start + name_len) {
            match c {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b';' if depth == 0 => break,
                b'{' if depth == 0 => {
                    open = Some(k);
                    break;
                }
                _ => {}
            }
        }
        let Some(close) = open.and_then(|open| matching_brace(code, open)) else {
            continue;
        };
        let line = line_of(i);
        found.push(Function {
            name: code[name_start..name_start + name_len].to_owned(),
            line,
            lines: line_of(close) - line + 1,
        });
    }
    found
}

/// The `.rs` files under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The functions of [`SHORT_FUNCTION_CRATES`] in the workspace at `root`, each with its file
/// (from `root`), longest first.
fn workspace_functions(root: &Path) -> Vec<(String, Function)> {
    let mut all = Vec::new();
    for krate in SHORT_FUNCTION_CRATES {
        for file in rust_files(&root.join("crates").join(krate).join("src")) {
            let relative = file.strip_prefix(root).unwrap_or(&file);
            let relative = relative.to_string_lossy().replace('\\', "/");
            if LONG_FUNCTIONS_ALLOWED.iter().any(|(f, _)| *f == relative) {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            for function in functions(&without_literals(&text)) {
                all.push((relative.clone(), function));
            }
        }
    }
    all.sort_by(|(fa, a), (fb, b)| (b.lines, fa, a.line).cmp(&(a.lines, fb, b.line)));
    all
}

/// The functions of [`SHORT_FUNCTION_CRATES`] longer than [`MAX_FUNCTION_LINES`], worded:
/// `file:line: name is N lines`, longest first.
pub fn long_functions(root: &Path) -> Vec<String> {
    workspace_functions(root)
        .into_iter()
        .filter(|(_, f)| f.lines > MAX_FUNCTION_LINES)
        .map(|(file, f)| format!("{file}:{}: {} is {} lines", f.line, f.name, f.lines))
        .collect()
}

/// `cargo xtask structure`: the module circles of every crate and the functions over
/// [`MAX_FUNCTION_LINES`], each named; an error when there are any.
pub fn run(root: &Path) -> Result<(), String> {
    let circles = workspace_circles(root);
    let long = long_functions(root);
    if circles.is_empty() {
        println!("no module files import each other in a circle");
    }
    if long.is_empty() {
        let crates = SHORT_FUNCTION_CRATES.join(" or ");
        print!("no function of {crates} is over {MAX_FUNCTION_LINES} lines");
        match workspace_functions(root).first() {
            Some((file, f)) => println!(
                " (the longest: {file}:{}: {}, {} lines)",
                f.line, f.name, f.lines
            ),
            None => println!(),
        }
    }
    let mut errors = Vec::new();
    if !circles.is_empty() {
        errors.push(format!(
            "module files import each other:\n{}",
            circles.join("\n")
        ));
    }
    if !long.is_empty() {
        errors.push(format!(
            "functions over {MAX_FUNCTION_LINES} lines:\n{}",
            long.join("\n")
        ));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_read_with_their_segments() {
        let found = paths(
            "use super::{a, b::{c, d::E}};\nlet x = crate::pgn::Location::default();\nfoo::bar(y::z)",
        );
        assert_eq!(
            found,
            [
                vec!["super", "a"],
                vec!["super", "b", "c"],
                vec!["super", "b", "d", "E"],
                vec!["crate", "pgn", "Location", "default"],
                vec!["foo", "bar"],
                vec!["y", "z"],
            ]
        );
    }

    #[test]
    fn comments_and_literals_are_not_code() {
        let code = code_of(
            "let a = \"super::x\"; // crate::y\nlet b = r#\"crate::z\"#; let c = '\"'; f::<'a>(q::r)",
        );
        assert_eq!(paths(&code), [vec!["q", "r"]]);
    }

    #[test]
    fn a_circle_is_found_and_a_tree_is_not() {
        let dir = chess_testdata::TempDir::new("xtask-structure");
        let src = dir.join("src");
        std::fs::create_dir_all(src.join("pgn")).unwrap();
        std::fs::write(src.join("lib.rs"), "mod pgn;\nmod fen;\n").unwrap();
        std::fs::write(src.join("fen.rs"), "use crate::pgn::Location;\n").unwrap();
        std::fs::write(
            src.join("pgn/mod.rs"),
            "mod reader;\npub use reader::Reader;\n",
        )
        .unwrap();
        std::fs::write(src.join("pgn/reader.rs"), "pub struct Reader;\n").unwrap();
        assert!(circles(&imports(&src)).is_empty());
        // The child uses an item its parent defines, while the parent re-exports it: a circle.
        std::fs::write(
            src.join("pgn/reader.rs"),
            "use super::Location;\npub struct Reader(Location);\n",
        )
        .unwrap();
        let found = circles(&imports(&src));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            found[0],
            [
                vec!["pgn".to_owned()],
                vec!["pgn".to_owned(), "reader".to_owned()]
            ]
        );
    }

    #[test]
    fn literals_and_comments_keep_their_lines() {
        let text = "a /* one\ntwo */ b \"x\\\n\\\"y\n\" c '\\'' r#\"\n\"# d\ne";
        let code = without_literals(text);
        assert_eq!(code.lines().count(), text.lines().count(), "{code:?}");
        assert!(code.ends_with(" d\ne"), "{code:?}");
    }

    #[test]
    fn functions_are_measured_from_fn_to_their_closing_brace() {
        let code = without_literals(
            "/// fn not_this() {}\n\
             pub(crate) fn first(x: [u8; 4]) -> u8 {\n\
             \x20   let s = \"}\";\n\
             \x20   fn inner() {}\n\
             \x20   x[0]\n\
             }\n\
             trait T {\n\
             \x20   fn no_body(&self);\n\
             \x20   fn with_body(&self) -> impl Fn(u8) -> u8 { |x| x }\n\
             }\n\
             fn pointer(f: fn(u8) -> u8) -> u8\n\
             where\n\
             \x20   u8: Copy,\n\
             {\n\
             \x20   f(1)\n\
             }\n",
        );
        let found = functions(&code);
        let found: Vec<(&str, usize, usize)> = found
            .iter()
            .map(|f| (f.name.as_str(), f.line, f.lines))
            .collect();
        assert_eq!(
            found,
            [
                ("first", 2, 5),
                ("inner", 4, 1),
                ("with_body", 9, 1),
                ("pointer", 11, 6)
            ]
        );
    }

    #[test]
    fn no_function_of_the_engine_or_the_notation_is_over_150_lines() {
        let root = crate::project_root();
        assert!(
            workspace_functions(&root).len() > 1000,
            "the check reads the crates' files"
        );
        let found = long_functions(&root);
        assert!(
            found.is_empty(),
            "functions over {MAX_FUNCTION_LINES} lines (cut them into named parts):\n{}",
            found.join("\n")
        );
    }

    #[test]
    fn no_module_of_the_workspace_imports_its_importers() {
        let root = crate::project_root();
        let found = workspace_circles(&root);
        assert!(
            found.is_empty(),
            "module files importing each other:\n{}",
            found.join("\n")
        );
    }
}
