//! The Arrow builders of each schema's columns: a record's rows appended, a batch of them
//! finished into arrays.

use core::ops::Range;
use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, BinaryBuilder, BooleanBuilder, Date32Builder, Int16Builder, Int32Builder,
    Int64Builder, ListBuilder, MapBuilder, StringBuilder, StructBuilder, Time32MillisecondBuilder,
    Time64MicrosecondBuilder,
};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, ListArray, StructArray};
use arrow_buffer::{NullBufferBuilder, OffsetBuffer};
use arrow_schema::{DataType, Field, Fields, SchemaRef};

use crate::Schema;
use crate::record::{GameRecord, TYPED_TAGS, int_value, time_control_value};
use crate::schema::{LICHESS_FIRST, LICHESS_INTS, LICHESS_MORE};
use chess_notation::Fen;
use chess_notation::pgn::{Date, Eval, Time};

/// The builders of one schema's columns.
pub(super) struct Columns(Builders);

enum Builders {
    Games(Box<GameColumns>),
    Positions(Box<PositionColumns>),
    Lichess(Box<LichessColumns>),
}

impl Columns {
    pub(super) fn new(schema: Schema) -> Columns {
        match schema {
            Schema::Games { san, packed } => {
                Columns(Builders::Games(Box::new(GameColumns::new(san, packed))))
            }
            Schema::Positions => Columns(Builders::Positions(Box::new(PositionColumns::new()))),
            Schema::Lichess => Columns(Builders::Lichess(Box::new(LichessColumns::new()))),
        }
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

fn str_list() -> ListBuilder<StringBuilder> {
    ListBuilder::new(StringBuilder::new())
}

// The `finish_*` functions leave their builder room for a batch like the one just finished:
// batches are much alike, and growing the buffers anew for each took a tenth of the time of
// the thread that gathers the rows.

fn finish_str_list(list: &mut ListBuilder<StringBuilder>) -> ArrayRef {
    let array = list.finish();
    let values = array.values().as_string::<i32>();
    *list = ListBuilder::with_capacity(
        StringBuilder::with_capacity(values.len(), values.value_data().len()),
        array.len(),
    );
    Arc::new(array)
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

struct GameColumns {
    strings: [StringBuilder; 6],
    result: StringBuilder,
    ints: [Int32Builder; 4],
    titles: [StringBuilder; 2],
    eco: StringBuilder,
    opening: StringBuilder,
    time_control: StringBuilder,
    base_seconds: Int32Builder,
    increment_seconds: Int32Builder,
    termination: StringBuilder,
    utc_date: Date32Builder,
    /// In microseconds: the time unit Spark reads (it rejects Parquet's millisecond times).
    utc_time: Time64MicrosecondBuilder,
    headers: MapBuilder<StringBuilder, StringBuilder>,
    packed: Option<BinaryBuilder>,
    moves_uci: ListBuilder<StringBuilder>,
    moves_san: Option<ListBuilder<StringBuilder>>,
    plies: Int32Builder,
    start_fen: StringBuilder,
    final_fen: StringBuilder,
    outcome: StringBuilder,
    clocks: ListBuilder<Int32Builder>,
    evals: EvalListBuilder,
    error: StructBuilder,
    truncated: BooleanBuilder,
    source_file: StringBuilder,
    game_index: Int64Builder,
    byte_offset: Int64Builder,
}

impl GameColumns {
    fn new(san: bool, packed: bool) -> GameColumns {
        let error = StructBuilder::new(
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
        );
        GameColumns {
            strings: std::array::from_fn(|_| StringBuilder::new()),
            result: StringBuilder::new(),
            ints: std::array::from_fn(|_| Int32Builder::new()),
            titles: std::array::from_fn(|_| StringBuilder::new()),
            eco: StringBuilder::new(),
            opening: StringBuilder::new(),
            time_control: StringBuilder::new(),
            base_seconds: Int32Builder::new(),
            increment_seconds: Int32Builder::new(),
            termination: StringBuilder::new(),
            utc_date: Date32Builder::new(),
            utc_time: Time64MicrosecondBuilder::new(),
            headers: MapBuilder::new(None, StringBuilder::new(), StringBuilder::new()),
            packed: packed.then(BinaryBuilder::new),
            moves_uci: str_list(),
            moves_san: san.then(str_list),
            plies: Int32Builder::new(),
            start_fen: StringBuilder::new(),
            final_fen: StringBuilder::new(),
            outcome: StringBuilder::new(),
            clocks: ListBuilder::new(Int32Builder::new()),
            evals: EvalListBuilder::new(),
            error,
            truncated: BooleanBuilder::new(),
            source_file: StringBuilder::new(),
            game_index: Int64Builder::new(),
            byte_offset: Int64Builder::new(),
        }
    }

    fn append(&mut self, r: &GameRecord, source_file: &str) -> usize {
        // One pass over the tags: each typed one to its slot (the first if written twice),
        // the others to the map.
        let mut tags: [Option<&str>; TYPED_TAGS.len()] = [None; TYPED_TAGS.len()];
        for (name, value) in r.headers.iter() {
            match typed_tag(name) {
                Some(i) => {
                    tags[i].get_or_insert(value);
                }
                None => {
                    self.headers.keys().append_value(name);
                    self.headers.values().append_value(value);
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
            builder.append_option(tag);
        }
        self.result.append_value(r.result_with(result));
        for (builder, tag) in self
            .ints
            .iter_mut()
            .zip([white_elo, black_elo, white_diff, black_diff])
        {
            builder.append_option(tag.and_then(int_value));
        }
        for (builder, tag) in self.titles.iter_mut().zip([white_title, black_title]) {
            builder.append_option(tag);
        }
        self.eco.append_option(eco);
        self.opening.append_option(opening);
        self.time_control.append_option(time_control);
        let control = time_control.and_then(time_control_value);
        self.base_seconds
            .append_option(control.and_then(|(b, _)| i32::try_from(b).ok()));
        self.increment_seconds
            .append_option(control.and_then(|(_, i)| i32::try_from(i).ok()));
        self.termination.append_option(termination);
        self.utc_date.append_option(date32(utc_date));
        self.utc_time
            .append_option(seconds(utc_time).map(|s| i64::from(s) * 1_000_000));
        self.headers.append(true).expect("keys and values in step");
        if let Some(packed) = &mut self.packed {
            packed.append_option(r.packed.as_deref());
        }
        append_words(&mut self.moves_uci, &r.moves_uci);
        if let Some(san) = &mut self.moves_san {
            append_words(san, r.moves_san.as_deref().unwrap_or(""));
        }
        self.plies.append_value(r.plies as i32);
        self.start_fen.append_option(r.start_fen.as_deref());
        self.final_fen.append_value(&r.final_fen);
        self.outcome.append_option(r.outcome);
        if r.clocks.iter().all(Option::is_none) {
            // Most games of most archives have no clock comments: nulls in bulk.
            self.clocks.values().append_nulls(r.clocks.len());
        } else {
            self.clocks.values().extend(
                r.clocks
                    .iter()
                    .map(|clock| clock.and_then(|c| i32::try_from(c).ok())),
            );
        }
        self.clocks.append(true);
        self.evals.append(&r.evals);
        let e = r.error.as_ref();
        let error = &mut self.error;
        error
            .field_builder::<StringBuilder>(0)
            .expect("kind")
            .append_option(e.map(|e| e.kind));
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
        self.truncated.append_value(r.truncated);
        self.source_file.append_value(source_file);
        self.game_index.append_value(r.game_index as i64);
        self.byte_offset.append_value(r.byte_offset as i64);
        1
    }

    fn finish(&mut self) -> Vec<(&'static str, bool, ArrayRef)> {
        let mut columns: Vec<(&'static str, bool, ArrayRef)> = Vec::new();
        for (builder, name) in self
            .strings
            .iter_mut()
            .zip(["event", "site", "date", "round", "white", "black"])
        {
            columns.push((name, true, Arc::new(builder.finish())));
        }
        columns.push(("result", false, Arc::new(self.result.finish())));
        for (builder, name) in self.ints.iter_mut().zip([
            "white_elo",
            "black_elo",
            "white_rating_diff",
            "black_rating_diff",
        ]) {
            columns.push((name, true, Arc::new(builder.finish())));
        }
        for (builder, name) in self.titles.iter_mut().zip(["white_title", "black_title"]) {
            columns.push((name, true, Arc::new(builder.finish())));
        }
        columns.push(("eco", true, Arc::new(self.eco.finish())));
        columns.push(("opening", true, Arc::new(self.opening.finish())));
        columns.push(("time_control", true, Arc::new(self.time_control.finish())));
        columns.push(("base_seconds", true, Arc::new(self.base_seconds.finish())));
        columns.push((
            "increment_seconds",
            true,
            Arc::new(self.increment_seconds.finish()),
        ));
        columns.push(("termination", true, Arc::new(self.termination.finish())));
        columns.push(("utc_date", true, Arc::new(self.utc_date.finish())));
        columns.push(("utc_time", true, Arc::new(self.utc_time.finish())));
        columns.push(("headers", false, Arc::new(self.headers.finish())));
        if let Some(packed) = &mut self.packed {
            columns.push(("packed", true, Arc::new(packed.finish())));
        }
        columns.push(("moves_uci", false, finish_str_list(&mut self.moves_uci)));
        if let Some(san) = &mut self.moves_san {
            columns.push(("moves_san", false, finish_str_list(san)));
        }
        columns.push(("plies", false, Arc::new(self.plies.finish())));
        columns.push(("start_fen", true, Arc::new(self.start_fen.finish())));
        columns.push(("final_fen", false, finish_strings(&mut self.final_fen)));
        columns.push(("outcome", true, Arc::new(self.outcome.finish())));
        columns.push(("clocks", false, finish_int_list(&mut self.clocks)));
        columns.push(("evals", false, Arc::new(self.evals.finish())));
        columns.push(("error", true, Arc::new(self.error.finish())));
        columns.push(("truncated", false, Arc::new(self.truncated.finish())));
        columns.push(("source_file", false, Arc::new(self.source_file.finish())));
        columns.push(("game_index", false, Arc::new(self.game_index.finish())));
        columns.push(("byte_offset", false, Arc::new(self.byte_offset.finish())));
        columns
    }
}

/// Appends the space-separated words of `text` as one list.
fn append_words(list: &mut ListBuilder<StringBuilder>, text: &str) {
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        list.values().append_value(word);
    }
    list.append(true);
}

struct PositionColumns {
    game_index: Int64Builder,
    source_file: StringBuilder,
    ply: Int32Builder,
    fen: StringBuilder,
    packed: BinaryBuilder,
    turn: StringBuilder,
    move_uci: StringBuilder,
    clock: Int32Builder,
    eval: EvalBuilder,
    result: StringBuilder,
}

impl PositionColumns {
    fn new() -> PositionColumns {
        PositionColumns {
            game_index: Int64Builder::new(),
            source_file: StringBuilder::new(),
            ply: Int32Builder::new(),
            fen: StringBuilder::new(),
            packed: BinaryBuilder::new(),
            turn: StringBuilder::new(),
            move_uci: StringBuilder::new(),
            clock: Int32Builder::new(),
            eval: EvalBuilder::new(),
            result: StringBuilder::new(),
        }
    }

    fn append(&mut self, r: &GameRecord, source_file: &str, rows: Range<usize>) -> usize {
        let uci: Vec<&str> = r.moves_uci.split(' ').filter(|w| !w.is_empty()).collect();
        let rows = rows.start..rows.end.min(r.positions.len());
        for (ply, pos) in r
            .positions
            .iter()
            .enumerate()
            .take(rows.end)
            .skip(rows.start)
        {
            self.game_index.append_value(r.game_index as i64);
            self.source_file.append_value(source_file);
            self.ply.append_value(ply as i32);
            self.fen.append_value(Fen::from_position(pos).to_string());
            self.packed
                .append_value(chess_notation::pack::encode_position(pos).as_bytes());
            self.turn.append_value(if pos.turn().is_white() {
                "white"
            } else {
                "black"
            });
            self.move_uci.append_option(uci.get(ply).copied());
            self.clock.append_option(
                r.clocks
                    .get(ply)
                    .copied()
                    .flatten()
                    .and_then(|c| i32::try_from(c).ok()),
            );
            self.eval.append(r.evals.get(ply).copied().flatten());
            self.result.append_value(r.result());
        }
        rows.len()
    }

    fn finish(&mut self) -> Vec<(&'static str, bool, ArrayRef)> {
        vec![
            ("game_index", false, Arc::new(self.game_index.finish())),
            ("source_file", false, Arc::new(self.source_file.finish())),
            ("ply", false, Arc::new(self.ply.finish())),
            ("fen", false, Arc::new(self.fen.finish())),
            ("packed", false, Arc::new(self.packed.finish())),
            ("turn", false, Arc::new(self.turn.finish())),
            ("move_uci", true, Arc::new(self.move_uci.finish())),
            ("clock", true, Arc::new(self.clock.finish())),
            ("eval", true, Arc::new(self.eval.finish())),
            ("result", false, Arc::new(self.result.finish())),
        ]
    }
}

struct LichessColumns {
    strings: [StringBuilder; 7],
    ints: [Int16Builder; 4],
    date: Date32Builder,
    time: Time32MillisecondBuilder,
    more: [StringBuilder; 4],
    movetext: StringBuilder,
}

impl LichessColumns {
    fn new() -> LichessColumns {
        LichessColumns {
            strings: std::array::from_fn(|_| StringBuilder::new()),
            ints: std::array::from_fn(|_| Int16Builder::new()),
            date: Date32Builder::new(),
            time: Time32MillisecondBuilder::new(),
            more: std::array::from_fn(|_| StringBuilder::new()),
            movetext: StringBuilder::new(),
        }
    }

    fn append(&mut self, r: &GameRecord) -> usize {
        for (builder, tag) in self.strings.iter_mut().zip(LICHESS_FIRST) {
            if tag == "Result" {
                builder.append_value(r.result());
            } else {
                builder.append_option(r.tag(tag));
            }
        }
        for (builder, tag) in self.ints.iter_mut().zip(LICHESS_INTS) {
            builder.append_option(r.tag_i32(tag).and_then(|n| i16::try_from(n).ok()));
        }
        self.date.append_option(date32(r.tag("UTCDate")));
        self.time.append_option(time32(r.tag("UTCTime")));
        for (builder, tag) in self.more.iter_mut().zip(LICHESS_MORE) {
            builder.append_option(r.tag(tag));
        }
        self.movetext
            .append_value(r.movetext.as_deref().unwrap_or_default());
        1
    }

    fn finish(&mut self) -> Vec<(&'static str, bool, ArrayRef)> {
        let mut columns: Vec<(&'static str, bool, ArrayRef)> = Vec::new();
        for (builder, name) in self.strings.iter_mut().zip(LICHESS_FIRST) {
            columns.push((name, true, Arc::new(builder.finish())));
        }
        for (builder, name) in self.ints.iter_mut().zip(LICHESS_INTS) {
            columns.push((name, true, Arc::new(builder.finish())));
        }
        columns.push(("UTCDate", true, Arc::new(self.date.finish())));
        columns.push(("UTCTime", true, Arc::new(self.time.finish())));
        for (builder, name) in self.more.iter_mut().zip(LICHESS_MORE) {
            columns.push((name, true, Arc::new(builder.finish())));
        }
        columns.push(("movetext", true, Arc::new(self.movetext.finish())));
        columns
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
