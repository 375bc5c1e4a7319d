//! PGN that is hard to read, shared by the tests of the crates that read it.

/// Pieces of PGN that stress where parts are cut: comments across lines holding what looks
/// like the next game's tags, tags before `Event`, games without tags or results, bad games,
/// bad variations, escape lines and `;` comments, unescaped quotes, CRLF, and what posts on the
/// web hold: forum markup, HTML line breaks, results with long dashes, glyphs.
pub const PIECES: &[&str] = &[
    "[Event \"plain\"]\n[Site \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n",
    "[Event \"comment across lines\"]\n\n1. e4 {a comment\n[Event \"not a game\"]\n\n1. d4 *\n} e5 2. Nf3 *\n\n",
    "[Site \"tags before the event\"]\n[Event \"late\"]\n\n1. d4 d5 2. c4 e6 1/2-1/2\n\n",
    "1. c4 e5 2. Nc3 Nf6 0-1\n",
    "[Event \"no result\"]\n\n1. e4 c5 2. Nf3 d6\n",
    "[Event \"bad move\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n",
    "[Event \"bad variation\"]\n\n1. e4 (1. d4 d5 2. Kd3 (2. Ke3)) e5 2. Nf3 *\n\n",
    "; a comment line\n% an escape line\n[Event \"after escapes\"]\n\n1. Nf3 -- 2. g3 *\n\n",
    "[Event \"The \"Big\" Match\"]\n[White \"\"Socrates\" Expert\"]\n\n1. e4 *\n\n",
    "[Event \"crlf\"]\r\n[Black \"b\"]\r\n\r\n1. e4 e5 {one\r\n[Event \"x\"]} 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n\r\n",
    "[Event \"fen\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n\n",
    "[Event \"bad fen\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n",
    "[Event \"open variation\"]\n\n1. e4 (1. d4 d5\n\n",
    "[Event \"stray\"]\n\n1. e4 ] e5 *\n\n",
    "[Event \"tags only\"]\n[Event \"second event: a game of its own\"]\n\n1. a3 *\n\n",
    "[pgn]\n[Event \"forum post\"]\n[Result \"1\u{2013}0\"]\n\n1. e4 e5<br />2. Ng1-f3 \u{b1} Nc6 1\u{2013}0\n[/pgn]\n\n",
    "[PGN][Event \"forum post without a result\"]\n\n1. d4 d5 2. c4 dxc4 \u{221e}\n\n[/pgn]\n",
    "<br>[pgn]1. e4 a6 2. e5 d5 3. exd6 e.p. \u{bd}-\u{bd}[/pgn]<BR />\n\n",
    "{ a comment that opens a game and never closes\n[Event \"swallowed\"]\n\n1. e4 *\n",
];
