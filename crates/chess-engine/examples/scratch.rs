#![allow(missing_docs)]
fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let r = chess_engine::bench(depth);
    println!(
        "depth {depth}: nodes {} time {:?} nps {}",
        r.nodes, r.time, r.nps
    );
}
