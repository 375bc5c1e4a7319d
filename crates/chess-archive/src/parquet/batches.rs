//! Game records as Arrow record batches, in the columns the Parquet files have: for readers
//! that want the rows in memory (the Python package's streams, a query engine) rather than in
//! a file.

use core::fmt;

use std::sync::Arc;

use arrow_array::{RecordBatch, RecordBatchOptions};
use arrow_schema::{ArrowError, SchemaRef};

use super::columns::Columns;
use crate::Schema;
use crate::record::GameRecord;

/// Gathers the rows of game records and makes them into Arrow [`RecordBatch`]es whose schema
/// is the one [`GameWriter`](super::GameWriter) writes for the same [`Schema`].
///
/// ```
/// use chess_archive::parquet::BatchBuilder;
/// use chess_archive::{GameRecord, Schema};
/// use chess_notation::pgn::{GameBuilder, Reader, VisitorExt};
///
/// let pgn = "[White \"Ann\"]\n\n1. e4 e5 2. Nf3 *\n\n[White \"Bo\"]\n\n1. d4 *\n";
/// let mut batches = BatchBuilder::new(Schema::Positions);
/// // The records hold what the schema's columns need: here, every position.
/// let options = Schema::Positions.record_options();
/// let mut reader = Reader::new(pgn.as_bytes());
/// let mut builder = GameBuilder::new().with_start();
/// while let Some((start, game)) = reader.read_game(&mut builder)? {
///     let record = GameRecord::new(game, start, 1, &options);
///     batches.append(&record, "games.pgn");
/// }
/// assert_eq!(batches.rows(), 6); // a row for each position, the final one too
/// let batch = batches.finish()?;
/// assert_eq!(batch.num_rows(), 6);
/// assert_eq!(batch.schema(), batches.schema());
/// assert_eq!(batches.rows(), 0);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct BatchBuilder {
    kind: Schema,
    columns: Columns,
    schema: SchemaRef,
    /// The columns asked for, as positions among those built (which are in the schema's
    /// order): `None` for all of them.
    projection: Option<Vec<usize>>,
    rows: usize,
}

/// A column name that is not one of the schema's ([`BatchBuilder::with_columns`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownColumn {
    /// The name asked for.
    pub name: String,
    /// The schema's columns, in order.
    pub columns: Vec<&'static str>,
}

impl fmt::Display for UnknownColumn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no column {:?} in the schema: its columns are {}",
            self.name,
            self.columns.join(", ")
        )
    }
}

impl std::error::Error for UnknownColumn {}

impl core::fmt::Debug for BatchBuilder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BatchBuilder")
            .field("schema", &self.kind)
            .field("rows", &self.rows)
            .finish_non_exhaustive()
    }
}

impl BatchBuilder {
    /// A builder of `schema`'s rows, empty.
    #[must_use]
    pub fn new(schema: Schema) -> BatchBuilder {
        let mut columns = Columns::new(schema);
        let arrow_schema = columns.schema();
        BatchBuilder {
            kind: schema,
            columns,
            schema: arrow_schema,
            projection: None,
            rows: 0,
        }
    }

    /// A builder of the columns `columns` of `schema` only, in that order: the others cost
    /// nothing (a reader that wants the moves and clocks of a file builds no tag columns).
    ///
    /// ```
    /// use chess_archive::parquet::BatchBuilder;
    /// use chess_archive::{GameRecord, RecordOptions, Schema};
    /// use chess_notation::pgn::{GameBuilder, Reader, VisitorExt};
    ///
    /// let schema = Schema::Games { san: false, packed: false };
    /// let mut batches = BatchBuilder::with_columns(schema, &["plies", "white"])?;
    /// let mut reader = Reader::new("[White \"Ann\"]\n\n1. e4 e5 *\n".as_bytes());
    /// let mut builder = GameBuilder::new().with_start();
    /// let (start, game) = reader.read_game(&mut builder)?.unwrap();
    /// batches.append(&GameRecord::new(game, start, 1, &RecordOptions::default()), "a.pgn");
    /// let batch = batches.finish()?;
    /// assert_eq!(batch.schema().field(0).name(), "plies");
    /// assert_eq!(batch.num_columns(), 2);
    ///
    /// let error = BatchBuilder::with_columns(schema, &["ply"]).unwrap_err();
    /// assert!(error.to_string().starts_with("no column \"ply\" in the schema"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`UnknownColumn`] for a name that is not one of the schema's columns.
    pub fn with_columns<S: AsRef<str>>(
        schema: Schema,
        columns: &[S],
    ) -> Result<BatchBuilder, UnknownColumn> {
        let all = schema.columns();
        if let Some(name) = columns.iter().find(|c| !all.contains(&c.as_ref())) {
            return Err(UnknownColumn {
                name: name.as_ref().to_owned(),
                columns: all,
            });
        }
        let keep = |name: &str| columns.iter().any(|c| c.as_ref() == name);
        let mut builders = Columns::with(schema, &keep);
        let built = builders.schema();
        let projection: Vec<usize> = columns
            .iter()
            .map(|c| built.index_of(c.as_ref()).expect("a column kept"))
            .collect();
        let arrow_schema = SchemaRef::new(
            built
                .project(&projection)
                .expect("positions of built columns"),
        );
        Ok(BatchBuilder {
            kind: schema,
            columns: builders,
            schema: arrow_schema,
            projection: Some(projection),
            rows: 0,
        })
    }

    /// The Arrow schema of the batches: the columns of `docs/formats.md`, in order.
    #[must_use]
    pub fn schema(&self) -> SchemaRef {
        SchemaRef::clone(&self.schema)
    }

    /// Adds the rows of `record`, read from `source_file` (one, or one per position for
    /// [`Schema::Positions`]); returns how many.
    pub fn append(&mut self, record: &GameRecord, source_file: &str) -> usize {
        let rows = self.kind.rows(record) as usize;
        let added = self.columns.append(record, source_file, 0..rows);
        self.rows += added;
        added
    }

    /// The rows gathered since the last batch.
    #[must_use]
    pub const fn rows(&self) -> usize {
        self.rows
    }

    /// The rows gathered as a batch, emptying the builder.
    ///
    /// # Errors
    ///
    /// Arrow's, were the columns not of the schema's types and lengths (a bug).
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let rows = core::mem::take(&mut self.rows);
        let mut arrays = self.columns.finish();
        if let Some(projection) = &self.projection {
            arrays = projection.iter().map(|&i| Arc::clone(&arrays[i])).collect();
        }
        // A batch of no columns still has its rows.
        let options = RecordBatchOptions::new().with_row_count(Some(rows));
        RecordBatch::try_new_with_options(self.schema(), arrays, &options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RecordOptions;
    use chess_notation::pgn::{GameBuilder, Reader, VisitorExt};

    fn records(pgn: &str, options: &RecordOptions) -> Vec<GameRecord> {
        let mut reader = Reader::new(pgn.as_bytes());
        let mut builder = GameBuilder::new().with_start();
        let mut records = Vec::new();
        let mut number = 0;
        while let Some((start, game)) = reader.read_game(&mut builder).unwrap() {
            number += 1;
            let mut record = GameRecord::new(game, start, number, options);
            record.game_index = number;
            records.push(record);
        }
        records
    }

    #[test]
    fn batches_have_the_columns_of_the_schema_in_order() {
        for schema in crate::schema::EVERY {
            let mut builder = BatchBuilder::new(schema);
            let pgn =
                "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. d4 Ke3 *\n";
            for record in records(pgn, &schema.record_options()) {
                builder.append(&record, "a.pgn");
            }
            let batch = builder.finish().unwrap();
            let names: Vec<_> = batch
                .schema()
                .fields()
                .iter()
                .map(|f| f.name().clone())
                .collect();
            assert_eq!(names, schema.columns(), "{schema:?}");
            // A row for each position, the final one too: 8 and 2.
            let rows = if schema == Schema::Positions { 10 } else { 2 };
            assert_eq!(batch.num_rows(), rows, "{schema:?}");
            // Empty again, and still of the schema.
            assert_eq!(builder.finish().unwrap().num_rows(), 0);
        }
    }

    #[test]
    fn batches_of_some_columns_equal_those_columns_of_the_whole_batch() {
        let pgn = "[White \"Ann\"]\n[Result \"1-0\"]\n[TimeControl \"60+1\"]\n\n\
            1. e4 { [%clk 0:01:00] [%eval 0.3] } e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
            [FEN \"8/8/8/8/8/5k2/8/4BK2 b - - 0 1\"]\n\n1... Kg3 2. Bc3 *\n\n1. d4 Ke3 *\n";
        for schema in crate::schema::EVERY {
            let all = schema.columns();
            let mut whole = BatchBuilder::new(schema);
            for record in records(pgn, &schema.record_options()) {
                whole.append(&record, "a.pgn");
            }
            let whole = whole.finish().unwrap();
            // Each column alone, pairs in reverse order, and all of them.
            let mut choices: Vec<Vec<&str>> = all.iter().map(|&c| vec![c]).collect();
            choices.extend(all.windows(2).map(|w| vec![w[1], w[0]]));
            choices.push(all.clone());
            for columns in choices {
                let mut some = BatchBuilder::with_columns(schema, &columns).unwrap();
                for record in records(pgn, &schema.record_options_for(&columns)) {
                    some.append(&record, "a.pgn");
                }
                let batch = some.finish().unwrap();
                assert_eq!(batch.schema(), some.schema());
                assert_eq!(batch.num_rows(), whole.num_rows(), "{schema:?} {columns:?}");
                for (i, name) in columns.iter().enumerate() {
                    let expected = whole.column_by_name(name).unwrap();
                    assert_eq!(batch.column(i), expected, "{schema:?} {columns:?}");
                }
            }
        }
        let error =
            BatchBuilder::with_columns(Schema::Positions, &["fen", "moves_uci"]).unwrap_err();
        assert_eq!(error.name, "moves_uci");
        // No column at all: the rows are still counted.
        let (mut none, mut every) = (
            BatchBuilder::with_columns(Schema::Positions, &[] as &[&str]).unwrap(),
            BatchBuilder::new(Schema::Positions),
        );
        for record in records(pgn, &Schema::Positions.record_options()) {
            none.append(&record, "a.pgn");
            every.append(&record, "a.pgn");
        }
        let batch = none.finish().unwrap();
        assert_eq!(batch.num_columns(), 0);
        assert_eq!(batch.num_rows(), every.finish().unwrap().num_rows());
        assert!(batch.num_rows() > 2);
    }
}
