//! The bench: a node count that is the same on every run.

use chess_engine::bench;

#[test]
fn bench_is_deterministic() {
    let first = bench(5);
    let second = bench(5);
    assert_eq!(first.nodes, second.nodes);
    assert!(first.nodes > 10_000, "{}", first.nodes);
    assert!(first.nps > 0);
    // Deeper searches cost more.
    assert!(bench(6).nodes > first.nodes);
}
