//! The judgement of a move by how much of its side's winning chances it gives away (as
//! Lichess judges moves), and the annotation of a game with the analyses of its positions
//! (made by any [`Player`](crate::player::Player)).
//!
//! ```
//! use chess_lab::analysis::{Judgement, judge};
//! use chess_lab::player::Player;
//! use chess_engine::{Control, Limits, Score, Searcher};
//! use chess_rules::Position;
//!
//! let mut player = Player::builtin(Searcher::with_hash(4));
//! let analysis =
//!     player.analyse(&Position::standard(), &Limits::depth(6), &Control::new(), |_| {})?;
//! assert_eq!(analysis.lines.len(), 1);
//! assert!(analysis.best_move().is_some());
//! // From +0.30 to -2.00 for the side that moved: a blunder.
//! assert_eq!(judge(Score::Cp(30), Score::Cp(-200)), Some(Judgement::Blunder));
//! # Ok::<_, chess_engine::uci::ClientError>(())
//! ```

use chess_notation::SanPlus;
use chess_notation::pgn::{Command, Eval, Line, MoveNode, PgnGame, without_commands};
use chess_rules::Move;

use chess_engine::Score;

use crate::player::Analysis;

/// The winning chances a score gives its side, from -1 (lost) to 1 (won): Lichess's logistic
/// fit of results against centipawns, `2 / (1 + e^(-0.00368208 cp)) - 1`, with a mate as
/// certain (and centipawns capped at ±1000, as Lichess caps them).
#[must_use]
pub fn winning_chances(score: Score) -> f64 {
    match score {
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => -1.0,
        Score::Cp(cp) => {
            let cp = f64::from(cp.clamp(-1000, 1000));
            2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0
        }
    }
}

/// How bad a move is, by the winning chances it gives away.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Judgement {
    /// At least 0.1 of the chances (on the scale of -1 to 1): `?!`.
    Inaccuracy,
    /// At least 0.2: `?`.
    Mistake,
    /// At least 0.3: `??`.
    Blunder,
}

impl Judgement {
    /// The PGN annotation glyph: 6 (`?!`), 2 (`?`) or 4 (`??`).
    #[must_use]
    pub const fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The word: `Inaccuracy`, `Mistake`, `Blunder`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// Judges a move by the scores before it (with best play) and after it, both from the mover's
/// point of view; `None` for a move that keeps its side's chances within 0.1.
#[must_use]
pub fn judge(before: Score, after: Score) -> Option<Judgement> {
    let drop = winning_chances(before) - winning_chances(after);
    if drop >= 0.3 {
        Some(Judgement::Blunder)
    } else if drop >= 0.2 {
        Some(Judgement::Mistake)
    } else if drop >= 0.1 {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// The positions of a game's mainline whose analyses [`annotate`] takes: the start and the
/// position after each move, up to the first null move. Each is given as the moves played
/// from the start to reach it.
#[must_use]
pub fn mainline_positions(game: &PgnGame) -> Vec<Vec<Move>> {
    let mut moves = Vec::new();
    let mut positions = vec![Vec::new()];
    for m in game.mainline_moves() {
        let Some(m) = m else { break };
        moves.push(m);
        positions.push(moves.clone());
    }
    positions
}

/// Writes the analyses of a game into it: after every mainline move an `[%eval ...]` comment
/// (from white's side, as Lichess writes it: `[%eval 0.17]`, `[%eval #-3]`), and at each move
/// that gives away enough winning chances its judgement as a NAG (`?!`, `?`, `??`), a comment
/// (`Mistake. Nf3 was best.`) and the engine's line as a variation. `analyses[i]` is the
/// analysis of the position before move `i` (see [`mainline_positions`]), the last one of the
/// final position; a position without legal moves needs none. Evaluations already in the
/// comments are replaced (the rest of those comments is kept as it was written). The
/// `Annotator` tag names `annotator`.
pub fn annotate(game: &mut PgnGame, analyses: &[Analysis], annotator: &str) {
    game.set_header("Annotator", annotator);
    let mut pos = game.initial.clone();
    let count = game.mainline.moves.len();
    for i in 0..count {
        let Some(m) = game.mainline.moves[i].m else {
            break;
        };
        let mover = pos.turn();
        let before = analyses.get(i);
        let after_pos = pos.after(m);
        // From white's side.
        let after = if after_pos.has_legal_moves() {
            analyses
                .get(i + 1)
                .and_then(Analysis::score)
                .map(|s| s.to_eval(after_pos.turn()))
        } else if after_pos.is_check() {
            Some(Score::Mate(0).to_eval(after_pos.turn()))
        } else {
            Some(Eval::Centipawns(0))
        };
        let node = &mut game.mainline.moves[i];
        for comment in &mut node.comments_after {
            *comment = without_commands(comment, "eval");
        }
        node.comments_after.retain(|c| !c.is_empty());
        // A mate on the board needs no evaluation.
        if let Some(eval) = after.filter(|_| after_pos.has_legal_moves()) {
            let eval = Command::Eval { eval, depth: None }.to_string();
            match node.comments_after.first_mut() {
                Some(first) => *first = format!("{eval} {first}"),
                None => node.comments_after.push(eval),
            }
        }
        let (Some(before), Some(after)) = (before, after) else {
            pos = after_pos;
            continue;
        };
        let (Some(best_score), Some(best)) = (before.score(), before.best_move()) else {
            pos = after_pos;
            continue;
        };
        // A mate on the board is the mover's win (its score in White's view, `#0` of the
        // side mated, keeps no side).
        let played = if after_pos.is_checkmate() {
            Score::Mate(1)
        } else {
            Score::from_eval(after, mover)
        };
        if best != m {
            if let Some(judgement) = judge(best_score, played) {
                node.nags.retain(|&n| !matches!(n, 1..=6));
                node.nags.push(judgement.nag());
                let best_san = SanPlus::from_move(&pos, best);
                node.comments_after
                    .push(format!("{}. {best_san} was best.", judgement.word()));
                let pv = before
                    .lines
                    .first()
                    .filter(|l| l.pv.first() == Some(&best))
                    .map_or_else(|| vec![best], |l| l.pv.clone());
                let mut line = Line::default();
                let mut p = pos.clone();
                for &v in &pv {
                    if !p.is_legal(v) {
                        break;
                    }
                    line.moves.push(MoveNode::new(&p, v));
                    p.play_unchecked(v);
                }
                node.variations.push(line);
            }
        }
        pos = after_pos;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_engine::uci::Info;
    use chess_rules::Position;

    #[test]
    fn winning_chances_are_odd_and_bounded() {
        assert_eq!(winning_chances(Score::Cp(0)), 0.0);
        for cp in [10, 100, 350, 999, 5000] {
            let w = winning_chances(Score::Cp(cp));
            assert!(w > 0.0 && w < 1.0);
            assert!((w + winning_chances(Score::Cp(-cp))).abs() < 1e-12);
        }
        assert_eq!(
            winning_chances(Score::Cp(1000)),
            winning_chances(Score::Cp(20_000))
        );
        assert_eq!(winning_chances(Score::Mate(3)), 1.0);
        assert_eq!(winning_chances(Score::Mate(-1)), -1.0);
        assert_eq!(winning_chances(Score::Mate(0)), -1.0);
    }

    #[test]
    fn judgements_follow_the_thresholds() {
        assert_eq!(judge(Score::Cp(20), Score::Cp(0)), None);
        // A pawn thrown away from equality: about 0.18 of the chances.
        assert_eq!(
            judge(Score::Cp(0), Score::Cp(-100)),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(
            judge(Score::Cp(0), Score::Cp(-130)),
            Some(Judgement::Mistake)
        );
        assert_eq!(
            judge(Score::Cp(50), Score::Cp(-300)),
            Some(Judgement::Blunder)
        );
        // Missing a mate for a won position is nothing; walking into one is.
        assert_eq!(judge(Score::Mate(4), Score::Cp(900)), None);
        assert_eq!(
            judge(Score::Cp(0), Score::Mate(-5)),
            Some(Judgement::Blunder)
        );
        // Already lost: no further judgement.
        assert_eq!(judge(Score::Cp(-1500), Score::Cp(-3000)), None);
        assert_eq!(Judgement::Blunder.nag(), 4);
        assert!(Judgement::Blunder > Judgement::Mistake);
    }

    fn line(pos: &Position, score: Score, pv: &[&str]) -> Analysis {
        let mut p = pos.clone();
        let mut moves = Vec::new();
        for text in pv {
            let m = chess_notation::uci::parse(&p, text).unwrap();
            p.play_unchecked(m);
            moves.push(m);
        }
        Analysis {
            lines: vec![Info {
                depth: Some(10),
                score: Some(score),
                pv: moves.clone(),
                ..Info::default()
            }],
            best: moves.first().copied(),
            ..Analysis::default()
        }
    }

    #[test]
    fn annotations_judge_moves_by_the_chances_they_give_away() {
        // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#, with made-up analyses.
        let mut game: PgnGame =
            "1. e4 {[%eval 9.9] [%clk 0:05:00]} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"
                .parse()
                .unwrap();
        let positions = mainline_positions(&game);
        assert_eq!(positions.len(), 8);
        let at = |i: usize| {
            let mut p = game.initial.clone();
            for &m in &positions[i] {
                p.play_unchecked(m);
            }
            p
        };
        let analyses = vec![
            line(&at(0), Score::Cp(30), &["e2e4"]),
            line(&at(1), Score::Cp(-30), &["e7e5"]),
            line(&at(2), Score::Cp(30), &["g1f3"]),
            line(&at(3), Score::Cp(-20), &["b8c6"]),
            line(&at(4), Score::Cp(0), &["f1c4"]),
            line(&at(5), Score::Cp(0), &["g7g6", "h5f3", "g8f6"]),
            line(&at(6), Score::Mate(1), &["h5f7"]),
            Analysis::default(),
        ];
        annotate(&mut game, &analyses, "test engine");
        let text = game.to_string();
        // The writer breaks lines at 80 columns.
        let flat = text.replace('\n', " ");
        assert!(text.contains("[Annotator \"test engine\"]"), "{text}");
        // Every move but the mate has its evaluation, white's side; the old one is gone.
        assert!(
            flat.contains("1. e4 {[%eval 0.30] [%clk 0:05:00]} 1... e5 {[%eval 0.30]}"),
            "{text}"
        );
        assert!(!text.contains("9.9"));
        // 2. Qh5 from +0.30 to +0.20: nothing to say. 3... Nf6 from 0.00 to mated: a blunder,
        // with the engine's line.
        assert!(flat.contains("2. Qh5 {[%eval 0.20]}"), "{text}");
        assert!(
            flat.contains("3... Nf6 $4 {[%eval #1]} {Blunder. g6 was best.} (3... g6 4. Qf3 Nf6)"),
            "{text}"
        );
        assert!(flat.contains("4. Qxf7# 1-0"), "{text}");
        // And it reads back.
        let back: PgnGame = text.parse().unwrap();
        assert_eq!(back.mainline.moves[5].nags, [4]);
        assert_eq!(back.mainline.moves[5].variations.len(), 1);
    }

    #[test]
    fn a_mate_other_than_the_engine_s_is_no_mistake() {
        // Ra8# and Re8# both mate; the engine prefers Ra8, the game played Re8.
        let mut game: PgnGame = "[FEN \"6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1\"]\n\n1. Re8# 1-0"
            .parse()
            .unwrap();
        let analyses = vec![
            line(&game.initial, Score::Mate(1), &["a1a8"]),
            Analysis::default(),
        ];
        annotate(&mut game, &analyses, "test engine");
        assert!(game.mainline.moves[0].nags.is_empty(), "{game}");
        assert!(game.mainline.moves[0].variations.is_empty(), "{game}");
    }
}
