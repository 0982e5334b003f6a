//! Reading and checking N×N facelet strings.
//!
//! Every size: length, characters, colour counts (N² each). The 3×3: the
//! full reachability check of `cube::validate`. The 2×2: the full check too
//! (turned so the DBL corner is home, every corner a real one, present once,
//! corner twists summing to 0 mod 3; every such arrangement is reachable).
//! N ≥ 4, the cheap necessary rules: middle centres distinct and not
//! mirrored (odd N), each colour 4 times in every centre orbit, corners as
//! on the 2×2, and in every edge orbit each edge's two colours as often as
//! the orbit has pieces per edge, every wing read the right way round (wings
//! never flip in place), and on odd N the corners, middle edges and middle
//! centres a reachable 3×3 (edge flip, parity). States that pass and still
//! cannot be reached (the permutation parities of wings and centres) exist
//! for N ≥ 4.

use crate::cubie::{CORNER_COLOURS, CORNER_NAMES, EDGE_COLOURS, EDGE_NAMES};
use crate::face::Face;
use crate::state::Cube;

use super::error::NxnFaceletError;
use super::pieces::{EdgeOrbit, centre_orbits, corner_stickers, edge_orbits};
use super::size::Size;
use super::state::NxnCube;

fn letters(cols: &[u8]) -> String {
    cols.iter()
        .map(|&c| Face::ALL[c as usize].letter())
        .collect()
}

impl NxnCube {
    /// Parses a facelet string of 6N² letters (`U R F D L B`, faces in that
    /// order, lower case and surrounding whitespace accepted) and checks it
    /// as the module doc says, reporting the first rule that fails.
    pub fn from_facelets(size: Size, s: &str) -> Result<NxnCube, NxnFaceletError> {
        let cube = NxnCube::parse_facelets(size, s)?;
        cube.validate()?;
        Ok(cube)
    }

    /// Reads a facelet string checking only its length and characters (no
    /// rule of the puzzle): for states to look at, not to solve.
    pub fn parse_facelets(size: Size, s: &str) -> Result<NxnCube, NxnFaceletError> {
        let s = s.trim();
        let len = s.chars().count();
        if len != size.stickers() {
            return Err(NxnFaceletError::WrongLength {
                len,
                expected: size.stickers(),
                size: size.get(),
            });
        }
        let mut stickers = Vec::with_capacity(len);
        for (i, ch) in s.chars().enumerate() {
            let face = Face::from_letter(ch.to_ascii_uppercase())
                .ok_or(NxnFaceletError::BadCharacter { ch, column: i + 1 })?;
            stickers.push(face as u8);
        }
        Ok(NxnCube::from_stickers(size, stickers).expect("letters are faces, length checked"))
    }

    /// Checks this state by the rules of the module doc.
    pub fn validate(&self) -> Result<(), NxnFaceletError> {
        let size = self.size();
        let expected = size.face_stickers();
        for face in Face::ALL {
            let count = self.stickers().iter().filter(|&&c| c == face as u8).count();
            if count != expected {
                return Err(NxnFaceletError::ColourCount {
                    face: face.letter(),
                    count,
                    expected,
                });
            }
        }
        if size == Size::THREE {
            let stickers: [u8; 54] = self.stickers().try_into().expect("54 stickers");
            let cube = Cube::from_stickers(stickers).expect("colours in range");
            return crate::validate::validate(&cube).map_err(NxnFaceletError::from);
        }
        let upright = self.upright_for_checks()?;
        upright.check_centres()?;
        upright.check_corners()?;
        upright.check_edges()?;
        if size.is_odd() {
            upright.check_subcube()?;
        }
        Ok(())
    }

    /// This state turned as a whole so its colours name its faces (see
    /// [`NxnCube::is_upright`]), or the first rule that says why none does.
    fn upright_for_checks(&self) -> Result<NxnCube, NxnFaceletError> {
        if let Some(c) = self.try_upright() {
            return Ok(c);
        }
        let size = self.size();
        if size.is_odd() {
            let mid = size.get() / 2;
            let mine: Vec<u8> = (0..6)
                .map(|f| self.stickers()[size.index(f, mid, mid)])
                .collect();
            let mut seen = [false; 6];
            let distinct = mine
                .iter()
                .all(|&c| !std::mem::replace(&mut seen[c as usize], true));
            let centres = letters(&mine);
            return Err(if distinct {
                NxnFaceletError::CentresMirrored { centres }
            } else {
                NxnFaceletError::Centres { centres }
            });
        }
        // No DBL corner: the corner check names what is there instead.
        self.check_corners()?;
        Err(NxnFaceletError::DuplicateCorner {
            piece: "other than DBL".to_string(),
        })
    }

    fn check_centres(&self) -> Result<(), NxnFaceletError> {
        for orbit in centre_orbits(self.size()) {
            if orbit.is_middle() {
                continue;
            }
            for face in Face::ALL {
                let count = orbit
                    .stickers
                    .iter()
                    .filter(|&&i| self.stickers()[i] == face as u8)
                    .count();
                if count != 4 {
                    return Err(NxnFaceletError::CentreOrbit {
                        orbit: orbit.name(),
                        face: face.letter(),
                        count,
                    });
                }
            }
        }
        Ok(())
    }

    fn check_corners(&self) -> Result<(), NxnFaceletError> {
        let mut seen = [false; 8];
        let mut twist = 0;
        for (i, st) in corner_stickers(self.size()).iter().enumerate() {
            let cols = st.map(|k| self.stickers()[k]);
            let impossible = || NxnFaceletError::ImpossibleCorner {
                position: CORNER_NAMES[i].to_string(),
                colours: letters(&cols),
            };
            let ori = (0..3)
                .find(|&o| cols[o] == Face::U as u8 || cols[o] == Face::D as u8)
                .ok_or_else(impossible)?;
            let read = [cols[ori], cols[(ori + 1) % 3], cols[(ori + 2) % 3]];
            let j = (0..8)
                .find(|&j| CORNER_COLOURS[j].map(|f| f as u8) == read)
                .ok_or_else(impossible)?;
            if std::mem::replace(&mut seen[j], true) {
                return Err(NxnFaceletError::DuplicateCorner {
                    piece: CORNER_NAMES[j].to_string(),
                });
            }
            twist += ori as u32;
        }
        match twist % 3 {
            0 => Ok(()),
            sum => Err(NxnFaceletError::TwistedCorner { sum }),
        }
    }

    fn check_edges(&self) -> Result<(), NxnFaceletError> {
        for orbit in edge_orbits(self.size()) {
            let per_edge = if orbit.middle { 1 } else { 2 };
            let mut counts = [0usize; 12];
            for (e, pieces) in orbit.pieces.iter().enumerate() {
                for pair in pieces {
                    let cols = pair.map(|k| self.stickers()[k]);
                    let found = EDGE_COLOURS.iter().position(|c| {
                        let c = c.map(|f| f as u8);
                        c == cols || c == [cols[1], cols[0]]
                    });
                    let Some(k) = found else {
                        return Err(NxnFaceletError::ImpossibleEdge {
                            position: EDGE_NAMES[e].to_string(),
                            colours: letters(&cols),
                        });
                    };
                    counts[k] += 1;
                }
            }
            if let Some(k) = (0..12).find(|&k| counts[k] != per_edge) {
                return Err(NxnFaceletError::EdgeCount {
                    orbit: orbit.name(),
                    edge: EDGE_NAMES[k].to_string(),
                    count: counts[k],
                    expected: per_edge,
                });
            }
            if !orbit.middle {
                self.check_wings(orbit)?;
            }
        }
        Ok(())
    }

    /// In a wing orbit every edge's colours are read once in each order (the
    /// pairs are ordered so, see `EdgeOrbit`); counts already match.
    fn check_wings(&self, orbit: &EdgeOrbit) -> Result<(), NxnFaceletError> {
        let mut reads = [[0usize; 2]; 12];
        for pair in orbit.pieces.iter().flatten() {
            let cols = pair.map(|k| self.stickers()[k]);
            for (k, c) in EDGE_COLOURS.iter().enumerate() {
                let c = c.map(|f| f as u8);
                if c == cols {
                    reads[k][0] += 1;
                } else if c == [cols[1], cols[0]] {
                    reads[k][1] += 1;
                }
            }
        }
        match (0..12).find(|&k| reads[k] != [1, 1]) {
            None => Ok(()),
            Some(k) => {
                let [a, b] = EDGE_COLOURS[k];
                let colours = if reads[k][0] > 1 {
                    format!("{a}{b}")
                } else {
                    format!("{b}{a}")
                };
                Err(NxnFaceletError::FlippedWing {
                    orbit: orbit.name(),
                    edge: EDGE_NAMES[k].to_string(),
                    colours,
                })
            }
        }
    }

    /// Odd sizes: the corners, middle edges and middle centres as a 3×3,
    /// checked by the 3×3's full rules.
    fn check_subcube(&self) -> Result<(), NxnFaceletError> {
        let size = self.size();
        let n = size.get();
        let at = [0, n / 2, n - 1];
        let stickers: [u8; 54] = std::array::from_fn(|i| {
            let (face, row, col) = (i / 9, (i % 9) / 3, i % 3);
            self.stickers()[size.index(face, at[row], at[col])]
        });
        let cube = Cube::from_stickers(stickers).expect("colours in range");
        crate::validate::validate(&cube).map_err(NxnFaceletError::Subcube)
    }
}
