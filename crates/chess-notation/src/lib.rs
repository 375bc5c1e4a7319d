//! Chess notation: FEN, EPD, SAN, UCI moves and PGN.

#![deny(missing_docs)]
