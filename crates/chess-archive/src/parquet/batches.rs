//! Game records as Arrow record batches, in the columns the Parquet files have: for readers
//! that want the rows in memory (the Python package's streams, a query engine) rather than in
//! a file.

use arrow_array::RecordBatch;
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
    rows: usize,
}

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
            rows: 0,
        }
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
        self.rows = 0;
        RecordBatch::try_new(self.schema(), self.columns.finish())
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
}
