//! The Arrow builders of each schema's columns: a record's rows appended, a batch of them
//! finished into arrays.

use core::ops::Range;
use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, BinaryBuilder, BooleanBuilder, Date32Builder, Int16Builder, Int32Builder,
    Int64Builder, ListBuilder, MapBuilder, StringBuilder, StructBuilder, Time32MillisecondBuilder,
    Time64MicrosecondBuilder,
};
use arrow_array::{Array, ArrayRef, ListArray, StringArray, StructArray};
use arrow_buffer::{Buffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType, Field, Fields, SchemaRef};

use crate::Schema;
use crate::record::{GameRecord, TYPED_TAGS, int_value, time_control_value};
use crate::schema::{LICHESS_FIRST, LICHESS_INTS, LICHESS_MORE};
use chess_notation::Fen;
use chess_notation::pgn::{Date, Eval, Time};
use chess_notation::uci::UciMove;

/// The builders of one schema's columns.
pub(super) struct Columns(Builders);

enum Builders {
    Games(Box<GameColumns>),
    Positions(Box<PositionColumns>),
    Lichess(Box<LichessColumns>),
}

impl Columns {
    /// The builders of every column of `schema`.
    pub(super) fn new(schema: Schema) -> Columns {
        Columns::with(schema, &|_| true)
    }

    /// The builders of the columns of `schema` that `keep` names: the others are neither
    /// built nor in the batches.
    pub(super) fn with(schema: Schema, keep: &dyn Fn(&str) -> bool) -> Columns {
        Columns(match schema {
            Schema::Games { san, packed } => {
                Builders::Games(Box::new(GameColumns::new(san, packed, keep)))
            }
            Schema::Positions => Builders::Positions(Box::new(PositionColumns::new(keep))),
            Schema::Lichess => Builders::Lichess(Box::new(LichessColumns::new(keep))),
        })
    }

    /// Appends the rows `rows` of a record (of [`Schema::rows`]: a game has one row, or one
    /// per position); returns how many.
    pub(super) fn append(
        &mut self,
        record: &GameRecord,
        source_file: &str,
        rows: Range<usize>,
    ) -> usize {
        match &mut self.0 {
            Builders::Games(c) => c.append(record, source_file),
            Builders::Positions(c) => c.append(record, source_file, rows),
            Builders::Lichess(c) => c.append(record),
        }
    }

    /// The named columns so far (emptying the builders).
    fn finish_named(&mut self) -> Vec<(&'static str, bool, ArrayRef)> {
        match &mut self.0 {
            Builders::Games(c) => c.finish(),
            Builders::Positions(c) => c.finish(),
            Builders::Lichess(c) => c.finish(),
        }
    }

    /// The columns so far, as arrays (emptying the builders).
    pub(super) fn finish(&mut self) -> Vec<ArrayRef> {
        self.finish_named()
            .into_iter()
            .map(|(_, _, array)| array)
            .collect()
    }

    /// The schema, from the types the builders make (finishing them while they are empty).
    pub(super) fn schema(&mut self) -> SchemaRef {
        let fields: Vec<Field> = self
            .finish_named()
            .into_iter()
            .map(|(name, nullable, array)| Field::new(name, array.data_type().clone(), nullable))
            .collect();
        Arc::new(arrow_schema::Schema::new(fields))
    }
}

// The `finish_*` functions leave their builder room for a batch like the one just finished:
// batches are much alike, and growing the buffers anew for each took a tenth of the time of
// the thread that gathers the rows.

/// Lists of words (the moves of each game), gathered straight into the three buffers of an
/// Arrow list of strings: a word is a copy and an offset, where a `ListBuilder` of a
/// `StringBuilder` also kept null bits and checked each word (the moves column took three
/// times as long).
struct WordListBuilder {
    bytes: Vec<u8>,
    /// Where each word ends in `bytes`, after a first 0.
    ends: Vec<i32>,
    /// Where each list ends in `ends`, after a first 0.
    lists: Vec<i32>,
}

impl WordListBuilder {
    fn new() -> WordListBuilder {
        WordListBuilder::with_capacity(0, 0, 0)
    }

    fn with_capacity(bytes: usize, words: usize, lists: usize) -> WordListBuilder {
        let mut builder = WordListBuilder {
            bytes: Vec::with_capacity(bytes),
            ends: Vec::with_capacity(words + 1),
            lists: Vec::with_capacity(lists + 1),
        };
        builder.ends.push(0);
        builder.lists.push(0);
        builder
    }

    /// Appends the moves of `moves` in UCI as one list.
    fn append_uci(&mut self, moves: impl Iterator<Item = UciMove>, scratch: &mut String) {
        for m in moves {
            scratch.clear();
            m.append_to(scratch);
            self.bytes.extend_from_slice(scratch.as_bytes());
            self.ends.push(offset(self.bytes.len()));
        }
        self.lists.push(offset(self.ends.len() - 1));
    }

    /// Appends the space-separated words of `text` as one list.
    fn append(&mut self, text: &str) {
        for word in text.as_bytes().split(|&c| c == b' ') {
            if !word.is_empty() {
                self.bytes.extend_from_slice(word);
                self.ends.push(offset(self.bytes.len()));
            }
        }
        self.lists.push(offset(self.ends.len() - 1));
    }

    /// The lists so far, leaving room for a batch like this one (see `finish_strings`).
    fn finish(&mut self) -> ArrayRef {
        let next =
            WordListBuilder::with_capacity(self.bytes.len(), self.ends.len(), self.lists.len());
        let WordListBuilder { bytes, ends, lists } = core::mem::replace(self, next);
        let words = StringArray::new(
            OffsetBuffer::new(ScalarBuffer::from(ends)),
            Buffer::from_vec(bytes),
            None,
        );
        Arc::new(ListArray::new(
            Arc::new(Field::new_list_field(DataType::Utf8, true)),
            OffsetBuffer::new(ScalarBuffer::from(lists)),
            Arc::new(words),
            None,
        ))
    }
}

/// A byte or item count as an Arrow offset (a batch holds less than 2 GiB of text).
fn offset(n: usize) -> i32 {
    i32::try_from(n).expect("byte array offset overflow")
}

fn finish_int_list(list: &mut ListBuilder<Int32Builder>) -> ArrayRef {
    let array = list.finish();
    *list = ListBuilder::with_capacity(
        Int32Builder::with_capacity(array.values().len()),
        array.len(),
    );
    Arc::new(array)
}

fn finish_strings(builder: &mut StringBuilder) -> ArrayRef {
    let array = builder.finish();
    *builder = StringBuilder::with_capacity(array.len(), array.value_data().len());
    Arc::new(array)
}

fn eval_fields() -> Fields {
    Fields::from(vec![
        Field::new("cp", DataType::Int32, true),
        Field::new("mate", DataType::Int32, true),
    ])
}

/// The `{cp, mate}` evaluations of a column, each null or one of the two set: typed builders
/// of their own, where a `StructBuilder` would look its fields up for every value.
struct EvalBuilder {
    cp: Int32Builder,
    mate: Int32Builder,
    valid: NullBufferBuilder,
}

impl EvalBuilder {
    fn new() -> EvalBuilder {
        EvalBuilder {
            cp: Int32Builder::new(),
            mate: Int32Builder::new(),
            valid: NullBufferBuilder::new(0),
        }
    }

    fn len(&self) -> usize {
        self.valid.len()
    }

    fn append(&mut self, eval: Option<Eval>) {
        let (cp, mate) = match eval {
            Some(Eval::Centipawns(cp)) => (Some(cp), None),
            Some(Eval::Mate(n)) => (None, Some(n)),
            None => (None, None),
        };
        self.cp.append_option(cp);
        self.mate.append_option(mate);
        self.valid.append(eval.is_some());
    }

    fn append_nulls(&mut self, n: usize) {
        self.cp.append_nulls(n);
        self.mate.append_nulls(n);
        self.valid.append_n_nulls(n);
    }

    fn finish(&mut self) -> StructArray {
        let len = self.len();
        let array = StructArray::new(
            eval_fields(),
            vec![Arc::new(self.cp.finish()), Arc::new(self.mate.finish())],
            self.valid.finish(),
        );
        // Room for a batch like this one (see `finish_strings`).
        self.cp = Int32Builder::with_capacity(len);
        self.mate = Int32Builder::with_capacity(len);
        self.valid = NullBufferBuilder::new(len);
        array
    }
}

/// A list of evaluations per row (the plies of a game).
struct EvalListBuilder {
    offsets: Vec<i32>,
    values: EvalBuilder,
}

impl EvalListBuilder {
    fn new() -> EvalListBuilder {
        EvalListBuilder {
            offsets: vec![0],
            values: EvalBuilder::new(),
        }
    }

    fn append(&mut self, evals: &[Option<Eval>]) {
        if evals.iter().all(Option::is_none) {
            self.values.append_nulls(evals.len());
        } else {
            for &eval in evals {
                self.values.append(eval);
            }
        }
        self.offsets.push(self.values.len() as i32);
    }

    fn finish(&mut self) -> ListArray {
        let mut next = Vec::with_capacity(self.offsets.len());
        next.push(0);
        let offsets = core::mem::replace(&mut self.offsets, next);
        let values = self.values.finish();
        ListArray::new(
            Arc::new(Field::new_list_field(DataType::Struct(eval_fields()), true)),
            OffsetBuffer::new(offsets.into()),
            Arc::new(values),
            None,
        )
    }
}

/// A whole date as days since 1970-01-01 (Parquet's DATE).
fn date32(value: Option<&str>) -> Option<i32> {
    value?.trim().parse::<Date>().ok()?.days_since_epoch()
}

/// A time of day in seconds since midnight.
fn seconds(value: Option<&str>) -> Option<u32> {
    Some(value?.trim().parse::<Time>().ok()?.seconds_since_midnight())
}

/// A time of day in milliseconds: Parquet's TIME type has no seconds unit, and readers
/// (DuckDB, pyarrow) see a time only with its millisecond annotation.
fn time32(value: Option<&str>) -> Option<i32> {
    seconds(value).map(|s| s as i32 * 1000)
}

/// The index of a tag in [`TYPED_TAGS`].
fn typed_tag(name: &str) -> Option<usize> {
    Some(match name {
        "Event" => 0,
        "Site" => 1,
        "Date" => 2,
        "Round" => 3,
        "White" => 4,
        "Black" => 5,
        "Result" => 6,
        "WhiteElo" => 7,
        "BlackElo" => 8,
        "WhiteRatingDiff" => 9,
        "BlackRatingDiff" => 10,
        "WhiteTitle" => 11,
        "BlackTitle" => 12,
        "ECO" => 13,
        "Opening" => 14,
        "TimeControl" => 15,
        "Termination" => 16,
        "UTCDate" => 17,
        "UTCTime" => 18,
        _ => return None,
    })
}

/// The builders of the games schema's columns; `None` for a column left out (see
/// [`Columns::with`]): it costs nothing per row.
struct GameColumns {
    strings: [Option<StringBuilder>; 6],
    result: Option<StringBuilder>,
    ints: [Option<Int32Builder>; 4],
    titles: [Option<StringBuilder>; 2],
    eco: Option<StringBuilder>,
    opening: Option<StringBuilder>,
    time_control: Option<StringBuilder>,
    base_seconds: Option<Int32Builder>,
    increment_seconds: Option<Int32Builder>,
    termination: Option<StringBuilder>,
    utc_date: Option<Date32Builder>,
    /// In microseconds: the time unit Spark reads (it rejects Parquet's millisecond times).
    utc_time: Option<Time64MicrosecondBuilder>,
    headers: Option<MapBuilder<StringBuilder, StringBuilder>>,
    /// Whether any column above is kept: the tags are looked at only then.
    tags: bool,
    packed: Option<BinaryBuilder>,
    moves_uci: Option<WordListBuilder>,
    moves_san: Option<WordListBuilder>,
    plies: Option<Int32Builder>,
    variant: Option<StringBuilder>,
    start_fen: Option<StringBuilder>,
    final_fen: Option<StringBuilder>,
    outcome: Option<StringBuilder>,
    clocks: Option<ListBuilder<Int32Builder>>,
    /// A game's clocks, when they all are there.
    scratch: Vec<i32>,
    /// A move's UCI text.
    uci: String,
    evals: Option<EvalListBuilder>,
    error: Option<StructBuilder>,
    truncated: Option<BooleanBuilder>,
    source_file: Option<StringBuilder>,
    game_index: Option<Int64Builder>,
    byte_offset: Option<Int64Builder>,
}

const STRING_COLUMNS: [&str; 6] = ["event", "site", "date", "round", "white", "black"];
const INT_COLUMNS: [&str; 4] = [
    "white_elo",
    "black_elo",
    "white_rating_diff",
    "black_rating_diff",
];
const TITLE_COLUMNS: [&str; 2] = ["white_title", "black_title"];

impl GameColumns {
    fn new(san: bool, packed: bool, keep: &dyn Fn(&str) -> bool) -> GameColumns {
        fn kept<T>(keep: &dyn Fn(&str) -> bool, name: &str, make: impl FnOnce() -> T) -> Option<T> {
            keep(name).then(make)
        }
        let error = || {
            StructBuilder::new(
                Fields::from(vec![
                    Field::new("kind", DataType::Utf8, true),
                    Field::new("line", DataType::Int64, true),
                    Field::new("column", DataType::Int64, true),
                    Field::new("message", DataType::Utf8, true),
                ]),
                vec![
                    Box::new(StringBuilder::new()) as Box<dyn ArrayBuilder>,
                    Box::new(Int64Builder::new()),
                    Box::new(Int64Builder::new()),
                    Box::new(StringBuilder::new()),
                ],
            )
        };
        let mut columns = GameColumns {
            strings: STRING_COLUMNS.map(|name| kept(keep, name, StringBuilder::new)),
            result: kept(keep, "result", StringBuilder::new),
            ints: INT_COLUMNS.map(|name| kept(keep, name, Int32Builder::new)),
            titles: TITLE_COLUMNS.map(|name| kept(keep, name, StringBuilder::new)),
            eco: kept(keep, "eco", StringBuilder::new),
            opening: kept(keep, "opening", StringBuilder::new),
            time_control: kept(keep, "time_control", StringBuilder::new),
            base_seconds: kept(keep, "base_seconds", Int32Builder::new),
            increment_seconds: kept(keep, "increment_seconds", Int32Builder::new),
            termination: kept(keep, "termination", StringBuilder::new),
            utc_date: kept(keep, "utc_date", Date32Builder::new),
            utc_time: kept(keep, "utc_time", Time64MicrosecondBuilder::new),
            headers: kept(keep, "headers", || {
                MapBuilder::new(None, StringBuilder::new(), StringBuilder::new())
            }),
            tags: false,
            packed: if packed {
                kept(keep, "packed", BinaryBuilder::new)
            } else {
                None
            },
            moves_uci: kept(keep, "moves_uci", WordListBuilder::new),
            moves_san: if san {
                kept(keep, "moves_san", WordListBuilder::new)
            } else {
                None
            },
            plies: kept(keep, "plies", Int32Builder::new),
            variant: kept(keep, "variant", StringBuilder::new),
            start_fen: kept(keep, "start_fen", StringBuilder::new),
            final_fen: kept(keep, "final_fen", StringBuilder::new),
            outcome: kept(keep, "outcome", StringBuilder::new),
            clocks: kept(keep, "clocks", || ListBuilder::new(Int32Builder::new())),
            scratch: Vec::new(),
            uci: String::new(),
            evals: kept(keep, "evals", EvalListBuilder::new),
            error: kept(keep, "error", error),
            truncated: kept(keep, "truncated", BooleanBuilder::new),
            source_file: kept(keep, "source_file", StringBuilder::new),
            game_index: kept(keep, "game_index", Int64Builder::new),
            byte_offset: kept(keep, "byte_offset", Int64Builder::new),
        };
        columns.tags = columns.strings.iter().any(Option::is_some)
            || columns.result.is_some()
            || columns.ints.iter().any(Option::is_some)
            || columns.titles.iter().any(Option::is_some)
            || columns.eco.is_some()
            || columns.opening.is_some()
            || columns.time_control.is_some()
            || columns.base_seconds.is_some()
            || columns.increment_seconds.is_some()
            || columns.termination.is_some()
            || columns.utc_date.is_some()
            || columns.utc_time.is_some()
            || columns.headers.is_some();
        columns
    }

    fn append(&mut self, r: &GameRecord, source_file: &str) -> usize {
        if self.tags {
            self.append_tags(r);
        }
        if let Some(packed) = &mut self.packed {
            packed.append_option(r.packed.as_deref());
        }
        if let Some(uci) = &mut self.moves_uci {
            uci.append_uci(r.uci_moves(), &mut self.uci);
        }
        if let Some(san) = &mut self.moves_san {
            san.append(r.moves_san.as_deref().unwrap_or(""));
        }
        if let Some(plies) = &mut self.plies {
            plies.append_value(r.plies as i32);
        }
        if let Some(variant) = &mut self.variant {
            variant.append_value(r.variant_name());
        }
        if let Some(start_fen) = &mut self.start_fen {
            start_fen.append_option(r.start_fen.as_deref());
        }
        if let Some(final_fen) = &mut self.final_fen {
            final_fen.append_value(&r.final_fen);
        }
        if let Some(outcome) = &mut self.outcome {
            outcome.append_option(r.outcome_name());
        }
        if let Some(clocks) = &mut self.clocks {
            let values = clocks.values();
            // In bulk for the two common cases: no clock comments (most games of most
            // archives), or a clock after every ply (Lichess).
            let clock = |c: &Option<u32>| c.and_then(|c| i32::try_from(c).ok());
            if r.clocks.iter().all(Option::is_none) {
                values.append_nulls(r.clocks.len());
            } else {
                self.scratch.clear();
                self.scratch.extend(r.clocks.iter().map_while(clock));
                if self.scratch.len() == r.clocks.len() {
                    values.append_slice(&self.scratch);
                } else {
                    values.extend(r.clocks.iter().map(clock));
                }
            }
            clocks.append(true);
        }
        if let Some(evals) = &mut self.evals {
            evals.append(&r.evals);
        }
        if let Some(error) = &mut self.error {
            let e = r.error.as_ref();
            error
                .field_builder::<StringBuilder>(0)
                .expect("kind")
                .append_option(e.map(|e| e.kind.as_str()));
            for (i, value) in [e.map(|e| e.at.line), e.map(|e| e.at.column)]
                .into_iter()
                .enumerate()
            {
                error
                    .field_builder::<Int64Builder>(1 + i)
                    .expect("line and column")
                    .append_option(value.map(|v| v as i64));
            }
            error
                .field_builder::<StringBuilder>(3)
                .expect("message")
                .append_option(e.map(|e| e.message.as_str()));
            error.append(e.is_some());
        }
        if let Some(truncated) = &mut self.truncated {
            truncated.append_value(r.truncated);
        }
        if let Some(source) = &mut self.source_file {
            source.append_value(source_file);
        }
        if let Some(index) = &mut self.game_index {
            index.append_value(r.game_index as i64);
        }
        if let Some(offset) = &mut self.byte_offset {
            offset.append_value(r.byte_offset as i64);
        }
        1
    }

    /// The columns of the tags.
    fn append_tags(&mut self, r: &GameRecord) {
        // One pass over the tags: each typed one to its slot (the first if written twice),
        // the others to the map.
        let mut tags: [Option<&str>; TYPED_TAGS.len()] = [None; TYPED_TAGS.len()];
        for (name, value) in r.headers.iter() {
            match typed_tag(name) {
                Some(i) => {
                    tags[i].get_or_insert(value);
                }
                None => {
                    if let Some(headers) = &mut self.headers {
                        headers.keys().append_value(name);
                        headers.values().append_value(value);
                    }
                }
            }
        }
        let [
            event,
            site,
            date,
            round,
            white,
            black,
            result,
            white_elo,
            black_elo,
            white_diff,
            black_diff,
            white_title,
            black_title,
            eco,
            opening,
            time_control,
            termination,
            utc_date,
            utc_time,
        ] = tags;
        for (builder, tag) in self
            .strings
            .iter_mut()
            .zip([event, site, date, round, white, black])
        {
            if let Some(builder) = builder {
                builder.append_option(tag);
            }
        }
        if let Some(builder) = &mut self.result {
            builder.append_value(r.result_with(result));
        }
        for (builder, tag) in self
            .ints
            .iter_mut()
            .zip([white_elo, black_elo, white_diff, black_diff])
        {
            if let Some(builder) = builder {
                builder.append_option(tag.and_then(int_value));
            }
        }
        for (builder, tag) in self.titles.iter_mut().zip([white_title, black_title]) {
            if let Some(builder) = builder {
                builder.append_option(tag);
            }
        }
        for (builder, tag) in [
            (&mut self.eco, eco),
            (&mut self.opening, opening),
            (&mut self.time_control, time_control),
            (&mut self.termination, termination),
        ] {
            if let Some(builder) = builder {
                builder.append_option(tag);
            }
        }
        if self.base_seconds.is_some() || self.increment_seconds.is_some() {
            let control = time_control.and_then(time_control_value);
            if let Some(base) = &mut self.base_seconds {
                base.append_option(control.and_then(|(b, _)| i32::try_from(b).ok()));
            }
            if let Some(increment) = &mut self.increment_seconds {
                increment.append_option(control.and_then(|(_, i)| i32::try_from(i).ok()));
            }
        }
        if let Some(builder) = &mut self.utc_date {
            builder.append_option(date32(utc_date));
        }
        if let Some(builder) = &mut self.utc_time {
            builder.append_option(seconds(utc_time).map(|s| i64::from(s) * 1_000_000));
        }
        if let Some(headers) = &mut self.headers {
            headers.append(true).expect("keys and values in step");
        }
    }

    fn finish(&mut self) -> Vec<(&'static str, bool, ArrayRef)> {
        let mut columns = Finished::default();
        for (builder, name) in self.strings.iter_mut().zip(STRING_COLUMNS) {
            columns.push(name, true, builder, |b| Arc::new(b.finish()));
        }
        columns.push("result", false, &mut self.result, |b| Arc::new(b.finish()));
        for (builder, name) in self.ints.iter_mut().zip(INT_COLUMNS) {
            columns.push(name, true, builder, |b| Arc::new(b.finish()));
        }
        for (builder, name) in self.titles.iter_mut().zip(TITLE_COLUMNS) {
            columns.push(name, true, builder, |b| Arc::new(b.finish()));
        }
        columns.push("eco", true, &mut self.eco, |b| Arc::new(b.finish()));
        columns.push("opening", true, &mut self.opening, |b| Arc::new(b.finish()));
        columns.push("time_control", true, &mut self.time_control, |b| {
            Arc::new(b.finish())
        });
        columns.push("base_seconds", true, &mut self.base_seconds, |b| {
            Arc::new(b.finish())
        });
        columns.push(
            "increment_seconds",
            true,
            &mut self.increment_seconds,
            |b| Arc::new(b.finish()),
        );
        columns.push("termination", true, &mut self.termination, |b| {
            Arc::new(b.finish())
        });
        columns.push("utc_date", true, &mut self.utc_date, |b| {
            Arc::new(b.finish())
        });
        columns.push("utc_time", true, &mut self.utc_time, |b| {
            Arc::new(b.finish())
        });
        columns.push("headers", false, &mut self.headers, |b| {
            Arc::new(b.finish())
        });
        columns.push("packed", true, &mut self.packed, |b| Arc::new(b.finish()));
        columns.push(
            "moves_uci",
            false,
            &mut self.moves_uci,
            WordListBuilder::finish,
        );
        columns.push(
            "moves_san",
            false,
            &mut self.moves_san,
            WordListBuilder::finish,
        );
        columns.push("plies", false, &mut self.plies, |b| Arc::new(b.finish()));
        columns.push("variant", false, &mut self.variant, |b| {
            Arc::new(b.finish())
        });
        columns.push("start_fen", true, &mut self.start_fen, |b| {
            Arc::new(b.finish())
        });
        columns.push("final_fen", false, &mut self.final_fen, finish_strings);
        columns.push("outcome", true, &mut self.outcome, |b| Arc::new(b.finish()));
        columns.push("clocks", false, &mut self.clocks, finish_int_list);
        columns.push("evals", false, &mut self.evals, |b| Arc::new(b.finish()));
        columns.push("error", true, &mut self.error, |b| Arc::new(b.finish()));
        columns.push("truncated", false, &mut self.truncated, |b| {
            Arc::new(b.finish())
        });
        columns.push("source_file", false, &mut self.source_file, |b| {
            Arc::new(b.finish())
        });
        columns.push("game_index", false, &mut self.game_index, |b| {
            Arc::new(b.finish())
        });
        columns.push("byte_offset", false, &mut self.byte_offset, |b| {
            Arc::new(b.finish())
        });
        columns.0
    }
}

/// The finished columns of a schema, those left out skipped.
#[derive(Default)]
struct Finished(Vec<(&'static str, bool, ArrayRef)>);

impl Finished {
    fn push<B>(
        &mut self,
        name: &'static str,
        nullable: bool,
        builder: &mut Option<B>,
        finish: impl FnOnce(&mut B) -> ArrayRef,
    ) {
        if let Some(builder) = builder {
            self.0.push((name, nullable, finish(builder)));
        }
    }
}

/// The builders of the positions schema's columns; `None` for a column left out.
struct PositionColumns {
    game_index: Option<Int64Builder>,
    source_file: Option<StringBuilder>,
    ply: Option<Int32Builder>,
    fen: Option<StringBuilder>,
    packed: Option<BinaryBuilder>,
    turn: Option<StringBuilder>,
    move_uci: Option<StringBuilder>,
    clock: Option<Int32Builder>,
    eval: Option<EvalBuilder>,
    result: Option<StringBuilder>,
}

impl PositionColumns {
    fn new(keep: &dyn Fn(&str) -> bool) -> PositionColumns {
        PositionColumns {
            game_index: keep("game_index").then(Int64Builder::new),
            source_file: keep("source_file").then(StringBuilder::new),
            ply: keep("ply").then(Int32Builder::new),
            fen: keep("fen").then(StringBuilder::new),
            packed: keep("packed").then(BinaryBuilder::new),
            turn: keep("turn").then(StringBuilder::new),
            move_uci: keep("move_uci").then(StringBuilder::new),
            clock: keep("clock").then(Int32Builder::new),
            eval: keep("eval").then(EvalBuilder::new),
            result: keep("result").then(StringBuilder::new),
        }
    }

    fn append(&mut self, r: &GameRecord, source_file: &str, rows: Range<usize>) -> usize {
        let mut text = String::new();
        let rows = rows.start..rows.end.min(r.positions.len());
        for (ply, pos) in r
            .positions
            .iter()
            .enumerate()
            .take(rows.end)
            .skip(rows.start)
        {
            if let Some(b) = &mut self.game_index {
                b.append_value(r.game_index as i64);
            }
            if let Some(b) = &mut self.source_file {
                b.append_value(source_file);
            }
            if let Some(b) = &mut self.ply {
                b.append_value(ply as i32);
            }
            if let Some(b) = &mut self.fen {
                b.append_value(Fen::from_position(pos).to_string());
            }
            if let Some(b) = &mut self.packed {
                b.append_value(chess_notation::pack::encode_position(pos).as_bytes());
            }
            if let Some(b) = &mut self.turn {
                b.append_value(if pos.turn().is_white() {
                    "white"
                } else {
                    "black"
                });
            }
            if let Some(b) = &mut self.move_uci {
                match r.uci_move(ply) {
                    Some(m) => {
                        text.clear();
                        m.append_to(&mut text);
                        b.append_value(&text);
                    }
                    None => b.append_null(),
                }
            }
            if let Some(b) = &mut self.clock {
                b.append_option(
                    r.clocks
                        .get(ply)
                        .copied()
                        .flatten()
                        .and_then(|c| i32::try_from(c).ok()),
                );
            }
            if let Some(b) = &mut self.eval {
                b.append(r.evals.get(ply).copied().flatten());
            }
            if let Some(b) = &mut self.result {
                b.append_value(r.result());
            }
        }
        rows.len()
    }

    fn finish(&mut self) -> Vec<(&'static str, bool, ArrayRef)> {
        let mut columns = Finished::default();
        columns.push("game_index", false, &mut self.game_index, |b| {
            Arc::new(b.finish())
        });
        columns.push("source_file", false, &mut self.source_file, |b| {
            Arc::new(b.finish())
        });
        columns.push("ply", false, &mut self.ply, |b| Arc::new(b.finish()));
        columns.push("fen", false, &mut self.fen, |b| Arc::new(b.finish()));
        columns.push("packed", false, &mut self.packed, |b| Arc::new(b.finish()));
        columns.push("turn", false, &mut self.turn, |b| Arc::new(b.finish()));
        columns.push("move_uci", true, &mut self.move_uci, |b| {
            Arc::new(b.finish())
        });
        columns.push("clock", true, &mut self.clock, |b| Arc::new(b.finish()));
        columns.push("eval", true, &mut self.eval, |b| Arc::new(b.finish()));
        columns.push("result", false, &mut self.result, |b| Arc::new(b.finish()));
        columns.0
    }
}

/// The builders of the Lichess data set's columns; `None` for a column left out.
struct LichessColumns {
    strings: [Option<StringBuilder>; 7],
    ints: [Option<Int16Builder>; 4],
    date: Option<Date32Builder>,
    time: Option<Time32MillisecondBuilder>,
    more: [Option<StringBuilder>; 4],
    movetext: Option<StringBuilder>,
}

impl LichessColumns {
    fn new(keep: &dyn Fn(&str) -> bool) -> LichessColumns {
        LichessColumns {
            strings: LICHESS_FIRST.map(|name| keep(name).then(StringBuilder::new)),
            ints: LICHESS_INTS.map(|name| keep(name).then(Int16Builder::new)),
            date: keep("UTCDate").then(Date32Builder::new),
            time: keep("UTCTime").then(Time32MillisecondBuilder::new),
            more: LICHESS_MORE.map(|name| keep(name).then(StringBuilder::new)),
            movetext: keep("movetext").then(StringBuilder::new),
        }
    }

    fn append(&mut self, r: &GameRecord) -> usize {
        for (builder, tag) in self.strings.iter_mut().zip(LICHESS_FIRST) {
            let Some(builder) = builder else { continue };
            if tag == "Result" {
                builder.append_value(r.result());
            } else {
                builder.append_option(r.tag(tag));
            }
        }
        for (builder, tag) in self.ints.iter_mut().zip(LICHESS_INTS) {
            if let Some(builder) = builder {
                builder.append_option(r.tag_i32(tag).and_then(|n| i16::try_from(n).ok()));
            }
        }
        if let Some(date) = &mut self.date {
            date.append_option(date32(r.tag("UTCDate")));
        }
        if let Some(time) = &mut self.time {
            time.append_option(time32(r.tag("UTCTime")));
        }
        for (builder, tag) in self.more.iter_mut().zip(LICHESS_MORE) {
            if let Some(builder) = builder {
                builder.append_option(r.tag(tag));
            }
        }
        if let Some(movetext) = &mut self.movetext {
            movetext.append_value(r.movetext.as_deref().unwrap_or_default());
        }
        1
    }

    fn finish(&mut self) -> Vec<(&'static str, bool, ArrayRef)> {
        let mut columns = Finished::default();
        for (builder, name) in self.strings.iter_mut().zip(LICHESS_FIRST) {
            columns.push(name, true, builder, |b| Arc::new(b.finish()));
        }
        for (builder, name) in self.ints.iter_mut().zip(LICHESS_INTS) {
            columns.push(name, true, builder, |b| Arc::new(b.finish()));
        }
        columns.push("UTCDate", true, &mut self.date, |b| Arc::new(b.finish()));
        columns.push("UTCTime", true, &mut self.time, |b| Arc::new(b.finish()));
        for (builder, name) in self.more.iter_mut().zip(LICHESS_MORE) {
            columns.push(name, true, builder, |b| Arc::new(b.finish()));
        }
        columns.push("movetext", true, &mut self.movetext, |b| {
            Arc::new(b.finish())
        });
        columns.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_tags_have_their_slots() {
        for (i, tag) in TYPED_TAGS.iter().enumerate() {
            assert_eq!(typed_tag(tag), Some(i), "{tag}");
        }
        assert_eq!(typed_tag("Annotator"), None);
    }

    #[test]
    fn dates_and_times_of_tags() {
        assert_eq!(date32(Some("1970.01.01")), Some(0));
        assert_eq!(date32(Some(" 2024.02.29 ")), Some(19_782));
        assert_eq!(date32(Some("2024.??.??")), None);
        assert_eq!(date32(Some("2023.02.29")), None);
        assert_eq!(date32(None), None);
        assert_eq!(time32(Some("23:59:07")), Some(86_347_000));
        assert_eq!(time32(Some("24:00:00")), None);
    }
}
