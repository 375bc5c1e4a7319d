"""Two example analyses, in Spark SQL, of the data set that pgn_to_parquet.py writes.

    spark-submit examples/spark/analysis.py games/
    python3 examples/spark/pgn_to_parquet.py --analyse ...   # the same, right after converting

Openings by rating band: games and White's score (1 a win, 0.5 a draw, 0 a loss; unfinished
games `*` not scored) per ECO code and rating band, the band being the mean of both players'
Elo rounded down to a multiple of 200 (a game of 1850 against 1990 is in band 1800).

Clock use by time control: for each side of each game that has a `[%clk]` comment after every
ply and a time control `base+increment` (or `base`: no increment), with its clocks the entries of `clocks`
at its plies (White's at 0, 2, 4, ...; Black's at 1, 3, 5, ...) and n of them:

    used = first clock - last clock + increment * (n - 1)

that is, the time it spent on its moves after the first: its clock at the start, less the
clock at the end, plus the increments it received on the way. (Lichess writes each clock after
the increment is added, and does not run the clock for a side's first move, so the first clock
is where the timing starts.) The table gives, per time control, the number of sides with at
least two moves, their mean time used and the mean time per move (used / (n - 1)), in seconds.
"""

import argparse
import sys

OPENINGS = """
SELECT eco,
       CAST(FLOOR((white_elo + black_elo) / 2 / 200) * 200 AS INT) AS band,
       COUNT(*) AS games,
       ROUND(AVG(CASE result WHEN '1-0' THEN 1.0 WHEN '1/2-1/2' THEN 0.5 WHEN '0-1' THEN 0.0 END), 3)
           AS white_score
FROM games
WHERE eco IS NOT NULL AND white_elo IS NOT NULL AND black_elo IS NOT NULL
GROUP BY eco, band
ORDER BY games DESC, eco, band
"""

CLOCK_USE = """
WITH sides AS (
    SELECT time_control, increment_seconds,
           FILTER(clocks, (clock, ply) -> ply % 2 = side) AS own
    FROM games
    LATERAL VIEW EXPLODE(ARRAY(0, 1)) AS side
    WHERE increment_seconds IS NOT NULL
      AND SIZE(clocks) = plies
      AND NOT ARRAY_CONTAINS(TRANSFORM(clocks, clock -> clock IS NULL), TRUE)
),
used AS (
    SELECT time_control, SIZE(own) - 1 AS moves,
           (ELEMENT_AT(own, 1) - ELEMENT_AT(own, -1)) / 1000.0 + increment_seconds * (SIZE(own) - 1)
               AS seconds
    FROM sides
    WHERE SIZE(own) > 1
)
SELECT time_control,
       COUNT(*) AS sides,
       ROUND(AVG(seconds), 1) AS mean_seconds_used,
       ROUND(AVG(seconds / moves), 2) AS mean_seconds_per_move
FROM used
GROUP BY time_control
ORDER BY sides DESC, time_control
"""


def report(spark, games, limit=20):
    """Prints both tables for the DataFrame `games` (tab-separated, a header row first)."""
    games.createOrReplaceTempView("games")
    for title, query in [("openings by rating band", OPENINGS), ("clock use by time control", CLOCK_USE)]:
        result = spark.sql(query)
        print(f"== {title}")
        print("\t".join(result.columns))
        for row in result.limit(limit).collect():
            print("\t".join("" if value is None else str(value) for value in row))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", help="the data set's directory")
    parser.add_argument("--limit", type=int, default=20, help="rows shown of each table (default 20)")
    parser.add_argument("--master", help="the Spark master, e.g. local[2] (default: spark-submit's)")
    args = parser.parse_args(argv)
    # Imported once the arguments are read: --help and the errors in the arguments need no
    # pyspark.
    try:
        from pyspark.sql import SparkSession
    except ImportError as e:
        sys.exit(
            f"analysis: cannot import {e.name or 'pyspark'} ({e}): "
            "python3 -m pip install pyspark pyarrow pandas (see examples/spark/README.md)"
        )
    builder = (
        SparkSession.builder.appName("pgn_analysis")
        .config("spark.ui.showConsoleProgress", "false")
        # `utc_time` is a time of day (Arrow time64[us]), which Spark holds as TIME when asked to.
        .config("spark.sql.timeType.enabled", "true")
    )
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    report(spark, spark.read.parquet(args.data), args.limit)
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
